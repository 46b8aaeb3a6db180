//! The golden-file runner shared by every crate's `tests/data/` directories.
//!
//! A `.test` file holds cases. Each starts with `case NAME`, has directive lines
//! (`KEY VALUE`, or `KEY: VALUE` for prose values) and ends with its outputs, the lines
//! starting with `=>`. Lines before the first case are the file's header and
//! file-wide directives; `#` lines are comments. The runner hands each case to a
//! handler, replaces the case's `=>` lines with what the handler printed and compares
//! the whole file: a difference is shown as a unified diff and fails the test unless
//! `AUTOSHARD_BLESS=1` is set, which rewrites the file. A handler can also report hard
//! failures (for example, a message that does not contain Shardy's), which no
//! blessing accepts.
//!
//! Directories are given as paths (a crate's tests pass [`data!`]`("...")`, its own
//! `tests/data/...`, so each crate's goldens live with it).

use similar::TextDiff;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A directory of the calling crate's test data: `data!("DIR")` is
/// `CRATE/tests/data/DIR`, `data!("OTHER", "DIR")` another crate's of the workspace,
/// `OTHER/tests/data/DIR` (a `&'static str`, from the caller's `CARGO_MANIFEST_DIR`).
#[macro_export]
macro_rules! data {
    ($dir:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/", $dir)
    };
    ($krate:literal, $dir:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../", $krate, "/tests/data/", $dir)
    };
}

/// One case of a `.test` file.
#[derive(Debug, Clone)]
pub struct Case {
    /// The name after `case`.
    pub name: String,
    /// The directives, in order: `(key, value)`.
    pub directives: Vec<(String, String)>,
    /// The 1-based line of `case NAME` in the file.
    pub line: usize,
}

impl Case {
    /// The value of the first directive `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.directives.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The values of every directive `key`.
    pub fn all(&self, key: &str) -> Vec<&str> {
        self.directives.iter().filter(|(k, _)| k == key).map(|(_, v)| v.as_str()).collect()
    }
}

/// What a handler made of one case.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The lines to print after `=> `.
    pub outputs: Vec<String>,
    /// Hard failures: wrong no matter what the golden file says.
    pub failures: Vec<String>,
    /// True when the case was skipped.
    pub skipped: bool,
}

/// A parsed `.test` file: header lines, file-wide directives and cases, each case
/// with its original lines.
struct TestFile {
    header: Vec<String>,
    globals: Vec<(String, String)>,
    cases: Vec<(Case, Vec<String>)>,
}

fn directive(line: &str) -> Option<(String, String)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') || line.starts_with("=>") {
        return None;
    }
    let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    Some((key.trim_end_matches(':').to_string(), value.trim().to_string()))
}

fn parse_file(text: &str) -> TestFile {
    let mut file = TestFile { header: Vec::new(), globals: Vec::new(), cases: Vec::new() };
    for (i, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("case ") {
            let case = Case { name: name.trim().to_string(), directives: Vec::new(), line: i + 1 };
            file.cases.push((case, vec![line.to_string()]));
        } else if let Some((case, lines)) = file.cases.last_mut() {
            lines.push(line.to_string());
            if let Some(d) = directive(line) {
                case.directives.push(d);
            }
        } else {
            file.header.push(line.to_string());
            if let Some(d) = directive(line) {
                file.globals.push(d);
            }
        }
    }
    file
}

/// Re-renders one case with `outputs` in place of its `=>` lines.
fn render_case(lines: &[String], outputs: &[String]) -> Vec<String> {
    let mut kept: Vec<String> = lines.iter().filter(|l| !l.trim_start().starts_with("=>")).cloned().collect();
    let trailing_blank = kept.iter().rev().take_while(|l| l.trim().is_empty()).count();
    let tail = kept.split_off(kept.len() - trailing_blank);
    kept.extend(outputs.iter().map(|o| if o.is_empty() { "=>".to_string() } else { format!("=> {o}") }));
    kept.extend(tail);
    kept
}

/// Runs `handler` on every file with extension `ext` under `dir` and compares what it
/// prints with the file's `.expected` sibling (created or rewritten when blessing).
/// The handler returns the output and any hard failures.
pub fn run_files(dir: impl AsRef<Path>, ext: &str, handler: impl Fn(&Path) -> (String, Vec<String>)) -> Summary {
    let dir = dir.as_ref();
    run_files_with_goldens(dir, ext, dir, handler)
}

/// [`run_files`] with the `.expected` files in directory `goldens` instead of beside
/// the inputs: for inputs that live elsewhere, such as the example configs.
pub fn run_files_with_goldens(
    dir: impl AsRef<Path>,
    ext: &str,
    goldens: impl AsRef<Path>,
    handler: impl Fn(&Path) -> (String, Vec<String>),
) -> Summary {
    let dir = dir.as_ref();
    let files = files_in(dir, ext);
    let goldens = goldens.as_ref();
    let mut report = String::new();
    for path in &files {
        let (output, failures) = handler(path);
        for failure in failures {
            let _ = writeln!(report, "{}: {failure}", path.display());
        }
        let file_name = path.file_name().map(PathBuf::from).unwrap_or_default();
        let expected_path = goldens.join(file_name).with_extension("expected");
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        compare(&expected_path, &expected, &output, &mut report);
    }
    finish(dir, &report);
    Summary { cases: files.len(), skipped: 0 }
}

/// Totals over a directory.
#[derive(Debug, Default)]
pub struct Summary {
    /// Cases run.
    pub cases: usize,
    /// Cases skipped.
    pub skipped: usize,
}

/// The files with extension `ext` under `root`, sorted.
fn files_in(root: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .{ext} files in {}", root.display());
    files
}

/// Compares `actual` with the golden text `expected` of `path`: rewrites the file when
/// blessing, else adds a unified diff to `report`.
fn compare(path: &Path, expected: &str, actual: &str, report: &mut String) {
    if expected == actual {
        return;
    }
    if std::env::var("AUTOSHARD_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(path, actual).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    } else {
        let name = path.display().to_string();
        let diff = TextDiff::from_lines(expected, actual);
        let _ =
            writeln!(report, "{}", diff.unified_diff().context_radius(3).header(&name, &format!("{name} (actual)")));
    }
}

/// Panics with `report` unless it is empty.
fn finish(dir: &Path, report: &str) {
    assert!(
        report.is_empty(),
        "golden test failures in {} (differences can be accepted with AUTOSHARD_BLESS=1; hard failures cannot):\n{report}",
        dir.display()
    );
}

/// Runs `handler` on every case of every `.test` file under `dir` and panics with
/// every difference and hard failure found.
pub fn run_dir(dir: impl AsRef<Path>, handler: impl Fn(&Case, &[(String, String)]) -> Outcome) -> Summary {
    let dir = dir.as_ref();
    let mut report = String::new();
    let mut summary = Summary::default();
    for path in files_in(dir, "test") {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let file = parse_file(&text);
        let mut rendered = file.header.clone();
        for (case, lines) in &file.cases {
            let outcome = handler(case, &file.globals);
            summary.cases += 1;
            summary.skipped += usize::from(outcome.skipped);
            for failure in &outcome.failures {
                let _ = writeln!(report, "{}:{}: case {}: {failure}", path.display(), case.line, case.name);
            }
            rendered.extend(render_case(lines, &outcome.outputs));
        }
        let mut new_text = rendered.join("\n");
        if text.ends_with('\n') {
            new_text.push('\n');
        }
        compare(&path, &text, &new_text, &mut report);
    }
    finish(dir, &report);
    summary
}
