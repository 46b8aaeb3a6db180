//! The host's memory as Linux reports it in `/proc/meminfo`: its total (what a
//! calibrated profile shares among its devices) and what is available to a new
//! process (what `run` judges its estimate against). `None` where there is no such
//! file or field.

use autoshard::model::Bytes;

/// The machine's memory (`MemTotal`).
pub fn total() -> Option<Bytes> {
    field(&std::fs::read_to_string("/proc/meminfo").ok()?, "MemTotal")
}

/// The memory available for a new process (`MemAvailable`).
pub fn available() -> Option<Bytes> {
    field(&std::fs::read_to_string("/proc/meminfo").ok()?, "MemAvailable")
}

/// Field `name` of a `/proc/meminfo` text (in kB, which the kernel means as KiB).
fn field(text: &str, name: &str) -> Option<Bytes> {
    let line = text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))?;
    let mut words = line.split_whitespace();
    let kib: u64 = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then(|| Bytes(kib.saturating_mul(1024)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_field_of_proc_meminfo() {
        let text = "MemTotal:       24576000 kB\nMemFree:        18000000 kB\nMemAvailable:   22876540 kB\n";
        assert_eq!(field(text, "MemAvailable"), Some(Bytes(22_876_540 * 1024)));
        assert_eq!(field(text, "MemTotal"), Some(Bytes(24_576_000 * 1024)));
        assert_eq!(field("MemTotal: 1 kB\n", "MemAvailable"), None);
        assert_eq!(field("MemAvailable: many kB\n", "MemAvailable"), None);
        assert_eq!(field("MemAvailable: 12 MB\n", "MemAvailable"), None, "a unit the kernel does not write");
    }
}
