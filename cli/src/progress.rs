//! Progress on stderr for long commands (docs/spec.md §8): an indicatif spinner or bar when
//! stderr is a terminal, nothing at all when it is not (piped or redirected), so
//! results on stdout and messages in tests stay clean. Cleared when done.
//!
//! ```ignore
//! let progress = Progress::spinner("solving", "limit 60s");
//! progress.message("presolved");            // from any thread, via a clone
//! progress.finish();                         // or drop it
//! let steps = Progress::bar("measuring", 24); // a bar over 24 steps
//! steps.inc(1);
//! ```

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A spinner or bar on stderr, or nothing when stderr is not a terminal. Clones
/// share the display; the original clears it when finished or dropped.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    owner: bool,
}

impl Progress {
    /// A spinner: `title`, the elapsed time, `note` (e.g. the time limit) and the
    /// latest message, ticking on its own.
    pub fn spinner(title: &str, note: &str) -> Progress {
        Progress::new(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(style(&format!("{{spinner}} {title} {{elapsed_precise}} {note}  {{wide_msg}}")));
            bar
        })
    }

    /// A bar over `steps` steps, with `title`, the position, the elapsed time, an
    /// estimate of the time left and the latest message (for benchmarks and runs).
    pub fn bar(title: &str, steps: u64) -> Progress {
        Progress::new(|| {
            let bar = ProgressBar::new(steps);
            let template =
                format!("{title} [{{bar:30}}] {{pos}}/{{len}} {{elapsed_precise}} (eta {{eta}})  {{wide_msg}}");
            bar.set_style(style(&template).progress_chars("=> "));
            bar
        })
    }

    fn new(make: impl FnOnce() -> ProgressBar) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = make();
            bar.enable_steady_tick(Duration::from_millis(100));
            bar
        });
        Progress { bar, owner: true }
    }

    /// Shows `message` after the counters.
    pub fn message(&self, message: String) {
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }

    /// Advances a bar by `steps`.
    pub fn inc(&self, steps: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(steps);
        }
    }

    /// A handle for another thread or a callback: it updates the same display but
    /// does not clear it when dropped.
    pub fn handle(&self) -> Progress {
        Progress { bar: self.bar.clone(), owner: false }
    }

    /// Clears the display.
    pub fn finish(self) {
        drop(self);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let (true, Some(bar)) = (self.owner, &self.bar) {
            bar.finish_and_clear();
        }
    }
}

/// A style from `template`, or the default one if the template does not parse
/// (it is a constant of this module, so that would be a bug, not a user error).
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_spinner())
}
