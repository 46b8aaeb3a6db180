//! What every end-to-end test binary shares: running the `autoshard` binary.

use std::process::Command;

/// Runs `autoshard ARGS` from the crate root: exit code, stdout, stderr.
pub fn autoshard(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_autoshard"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run autoshard");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}
