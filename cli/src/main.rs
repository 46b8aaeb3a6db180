//! The `autoshard` command line: see `autoshard --help`. Commands (`commands/`),
//! cost-model benchmarking (`bench/`), views of a plan for people (`view/`) and the
//! terminal's progress line (`progress.rs`).

mod bench;
mod commands;
mod meminfo;
mod progress;
mod view;

fn main() -> std::process::ExitCode {
    keep_freed_memory();
    commands::main()
}

/// Keeps memory the process frees for its next allocations instead of giving it
/// back to the kernel. The executor allocates every op's output afresh, run after
/// run; with glibc's defaults, blocks of 128 KiB or more are mapped and unmapped
/// each time and the heap's top is trimmed, so each run touches fresh pages again.
/// The page faults land in the device threads' CPU time, so `bench` measured
/// them as compute: `bench plans` on a mid-size transformer block took 95,000
/// faults, 29,000 with these settings (about its resident memory, each page
/// touched once). Blocks up to glibc's largest threshold (32 MiB) now come from
/// the heap, which is never trimmed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn keep_freed_memory() {
    const LARGEST_MMAP_THRESHOLD: libc::c_int = 32 << 20;
    // SAFETY: mallopt only sets allocator parameters; it is safe to call at any time,
    // from any thread. A rejected value (return 0) leaves the default, which is
    // correct, only slower.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, LARGEST_MMAP_THRESHOLD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, libc::c_int::MAX);
    }
}

/// Elsewhere the system allocator keeps its defaults.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}
