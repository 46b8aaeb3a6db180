//! Docs that run: every shell block of README.md and docs/*.md runs against the built
//! binary, and where a block shows output, the output is checked (the convention is in
//! docs/testing.md, "Docs that run"):
//! - a ```sh block is commands: each line (`\` continues it) runs in bash and must exit
//!   0, or N where its comment says `(exits N)`; every command is an `autoshard` one
//!   (after a `cd DIR &&`), so that nothing else runs from a doc (a block with any
//!   other command is an error until it is marked not run);
//! - a ```console block is a transcript: `$ COMMAND` lines, each followed by the output
//!   it shows; the command's stdout and stderr together must match those lines in
//!   order, line for line, where `…` inside a line matches any text (and the spaces
//!   around it) and a line `...` any number of lines (none included);
//! - ```python blocks run in the Python suite (`python/tests/test_docs.py`); ```text,
//!   ```yaml, ```rust, ```mlir and ```json blocks are listings;
//! - a block preceded by `<!-- not run: REASON -->` does not run.
//!
//! `autoshard` is this build's binary (first on `PATH`); the blocks of one doc run in
//! order in a fresh copy of the repository (without `target/` and `.git`), so
//! `configs/mlp.yaml` reads as from the root and what a command writes is discarded.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::workspace;

/// How long one documented command may take: docs show commands that finish in
/// seconds.
const COMMAND_LIMIT: Duration = Duration::from_secs(60);

/// The languages of blocks that are listings, never run.
const LISTINGS: &[&str] = &["text", "yaml", "rust", "mlir", "json"];

/// The marker of a block that does not run.
const NOT_RUN: &str = "<!-- not run:";

/// One fenced code block of a markdown file.
#[derive(Debug)]
struct Block {
    /// The line of its opening fence (1-based).
    line: usize,
    /// Its language: the fence's info string up to the first `,` or space.
    lang: String,
    /// Its lines, with the fence's indentation removed.
    lines: Vec<String>,
    /// The reason of a `<!-- not run: REASON -->` just above it.
    not_run: Option<String>,
}

/// The fenced code blocks of `text`; an unclosed fence, a marker that is not closed on
/// its line or gives no reason, and a marker with no block under it are errors.
fn blocks(path: &str, text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut marker: Option<(usize, String)> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix(NOT_RUN) {
            let reason = rest.trim().strip_suffix("-->").map(str::trim).unwrap_or_default();
            if reason.is_empty() {
                return Err(format!("{path}:{}: write the marker as `{NOT_RUN} REASON -->` on one line", i + 1));
            }
            if let Some((at, _)) = marker {
                return Err(format!("{path}:{at}: a `not run` marker with no code block under it"));
            }
            marker = Some((i + 1, reason.to_string()));
        } else if let Some(info) = trimmed.strip_prefix("```") {
            let indent = line.len() - trimmed.len();
            let lang = info.split([',', ' ']).next().unwrap_or_default().trim().to_string();
            let start = i;
            i += 1;
            let mut body = Vec::new();
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                body.push(lines[i].get(indent..).unwrap_or(lines[i].trim_start()).to_string());
                i += 1;
            }
            if i == lines.len() {
                return Err(format!("{path}:{}: the code block is not closed", start + 1));
            }
            blocks.push(Block { line: start + 1, lang, lines: body, not_run: marker.take().map(|(_, r)| r) });
        } else if !trimmed.is_empty()
            && let Some((at, _)) = marker
        {
            return Err(format!("{path}:{at}: a `not run` marker with no code block under it"));
        }
        i += 1;
    }
    match marker {
        Some((at, _)) => Err(format!("{path}:{at}: a `not run` marker with no code block under it")),
        None => Ok(blocks),
    }
}

/// One command of a block: its text (continuation lines joined), its line in the
/// doc, the exit code it must give, and for a transcript the output lines it shows
/// with their lines in the doc.
#[derive(Debug)]
struct Step {
    line: usize,
    command: String,
    exit: i32,
    shown: Option<Vec<(usize, String)>>,
}

/// The exit code a command's comment gives with `(exits N)`, else 0.
fn expected_exit(command: &str) -> i32 {
    let Some((_, comment)) = command.split_once(" #") else { return 0 };
    let Some((_, rest)) = comment.split_once("(exits ") else { return 0 };
    rest.split(')').next().and_then(|n| n.trim().parse().ok()).unwrap_or(0)
}

/// The commands of a ```sh block (a line ending in `\` goes on in the next one;
/// blank lines and comments are skipped).
fn sh_steps(block: &Block) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut k = 0;
    while k < block.lines.len() {
        let line = block.line + 1 + k;
        let mut command = block.lines[k].clone();
        while command.trim_end().ends_with('\\') && k + 1 < block.lines.len() {
            k += 1;
            command = format!("{}\n{}", command.trim_end(), block.lines[k]);
        }
        k += 1;
        let trimmed = command.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        steps.push(Step { line, exit: expected_exit(&command), command, shown: None });
    }
    steps
}

/// The commands of a ```console block, each with the output it shows (up to the next
/// `$ ` line, trailing blank lines left out). Text before the first `$ ` is an error.
fn console_steps(path: &str, block: &Block) -> Result<Vec<Step>, String> {
    let mut steps: Vec<Step> = Vec::new();
    let mut k = 0;
    while k < block.lines.len() {
        let at = block.line + 1 + k;
        let text = &block.lines[k];
        if let Some(first) = text.strip_prefix("$ ") {
            let mut command = first.to_string();
            while command.trim_end().ends_with('\\') && k + 1 < block.lines.len() {
                k += 1;
                command = format!("{}\n{}", command.trim_end(), block.lines[k]);
            }
            steps.push(Step { line: at, exit: expected_exit(&command), command, shown: Some(Vec::new()) });
        } else {
            let Some(step) = steps.last_mut() else {
                return Err(format!("{path}:{at}: a console block starts with a `$ COMMAND` line"));
            };
            step.shown.get_or_insert_with(Vec::new).push((at, text.clone()));
        }
        k += 1;
    }
    for step in &mut steps {
        let shown = step.shown.get_or_insert_with(Vec::new);
        while shown.last().is_some_and(|(_, l)| l.trim().is_empty()) {
            shown.pop();
        }
    }
    Ok(steps)
}

/// Whether `line` matches the shown `pattern`, where `…` matches any text, the spaces
/// around it included (a column's width changes with its figure; trailing spaces are
/// ignored on both).
fn line_matches(pattern: &str, line: &str) -> bool {
    let (pattern, line) = (pattern.trim_end(), line.trim_end());
    let mut pieces: Vec<&str> = pattern.split('…').collect();
    if pieces.len() == 1 {
        return pattern == line;
    }
    let last = pieces.len() - 1;
    for (k, piece) in pieces.iter_mut().enumerate() {
        if k > 0 {
            *piece = piece.trim_start_matches(' ');
        }
        if k < last {
            *piece = piece.trim_end_matches(' ');
        }
    }
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Matches the shown lines against the output's: `None` when they match, else the
/// first shown line that cannot (its index) and the output line it was held against.
fn transcript_mismatch(shown: &[String], output: &[&str]) -> Option<(usize, Option<usize>)> {
    let (n, m) = (shown.len(), output.len());
    // reached[i][j]: the first i shown lines match the first j output lines.
    let mut reached = vec![vec![false; m + 1]; n + 1];
    reached[0][0] = true;
    for i in 0..=n {
        for j in 0..=m {
            if !reached[i][j] || i == n {
                continue;
            }
            if shown[i].trim() == "..." {
                reached[i + 1][j] = true;
                if j < m {
                    reached[i][j + 1] = true;
                }
            } else if j < m && line_matches(&shown[i], output[j]) {
                reached[i + 1][j + 1] = true;
            }
        }
    }
    if reached[n][m] {
        return None;
    }
    // The furthest shown line reached, and the furthest output line it was held
    // against (`None`: past the end of the output).
    let i = (0..=n).rev().find(|&i| reached[i].iter().any(|&r| r)).unwrap_or(0);
    let j = reached[i].iter().rposition(|&r| r);
    Some((i, j.filter(|&j| j < m)))
}

/// A scratch copy of the repository but its `target` and `.git`, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("autoshard-docs-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        copy_tree(&workspace().canonicalize().unwrap(), &dir, &["target", ".git"]);
        Scratch(dir)
    }
}

/// Copies directory `from` to `to`, but the entries of `from` named in `skip`
/// (symbolic links are copied as links).
fn copy_tree(from: &Path, to: &Path, skip: &[&str]) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if skip.iter().any(|s| name == *s) {
            continue;
        }
        let (source, target) = (entry.path(), to.join(&name));
        let kind = entry.file_type().unwrap();
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&source).unwrap(), &target).unwrap();
        } else if kind.is_dir() {
            copy_tree(&source, &target, &[]);
        } else {
            std::fs::copy(&source, &target).unwrap();
        }
    }
}

/// Whether `command` runs the `autoshard` binary only (after a `cd DIR &&`).
fn runs_autoshard(command: &str) -> bool {
    let command = command.trim_start();
    let command = match command.strip_prefix("cd ") {
        Some(rest) => rest.split_once("&&").map_or("", |(_, after)| after.trim_start()),
        None => command,
    };
    command.starts_with("autoshard ") && !["&", ";", "|", "`", "$("].iter().any(|c| command.contains(c))
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `command` in bash in `dir` with this build's `autoshard` first on `PATH`:
/// the exit code (`None` when it ran out of time) and stdout and stderr together.
fn run(command: &str, dir: &Path) -> (Option<i32>, String) {
    let binary = Path::new(env!("CARGO_BIN_EXE_autoshard"));
    let path = format!("{}:{}", binary.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let out = dir.join(".output");
    let file = std::fs::File::create(&out).unwrap();
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("AUTOSHARD_LOG")
        .stdin(Stdio::null())
        .stdout(file)
        .spawn()
        .expect("run bash");
    let started = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status.code().unwrap_or(-1));
        }
        if started.elapsed() > COMMAND_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = std::fs::read(&out).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    (code, text)
}

/// Runs the steps of one block, returning what failed.
fn run_block(path: &str, block: &Block, steps: &[Step], scratch: &Scratch) -> Vec<String> {
    let mut failures = Vec::new();
    for step in steps {
        let at = format!("{path}:{}", step.line);
        if !runs_autoshard(&step.command) {
            failures.push(format!(
                "{at}: `{}` is not an `autoshard` command: docs run only those; mark the block `{NOT_RUN} REASON -->`",
                step.command
            ));
            continue;
        }
        let started = Instant::now();
        let (code, output) = run(&step.command, &scratch.0);
        let took = started.elapsed();
        eprintln!("{at}: `{}` in {took:.1?}", step.command.lines().next().unwrap_or_default());
        let Some(code) = code else {
            failures.push(format!("{at}: `{}` took more than {COMMAND_LIMIT:?}; show a faster command", step.command));
            continue;
        };
        if code != step.exit {
            failures.push(format!(
                "{at}: `{}` exited with {code}, expected {} (a command that fails says `# (exits N)`); its output:\n{output}",
                step.command, step.exit
            ));
            continue;
        }
        let Some(shown) = &step.shown else { continue };
        let lines: Vec<&str> = {
            let mut lines: Vec<&str> = output.lines().collect();
            while lines.last().is_some_and(|l| l.trim().is_empty()) {
                lines.pop();
            }
            lines
        };
        let texts: Vec<String> = shown.iter().map(|(_, t)| t.clone()).collect();
        if let Some((i, j)) = transcript_mismatch(&texts, &lines) {
            let expected = match shown.get(i) {
                Some((line, text)) => format!("line {line} `{text}`"),
                None => format!("the end of the transcript (line {})", block.line + block.lines.len()),
            };
            let got = match j {
                Some(j) if j < lines.len() => format!("output line {}: `{}`", j + 1, lines[j]),
                _ => "the end of the output".to_string(),
            };
            failures.push(format!(
                "{at}: the output of `{}` does not match the transcript: {expected} does not match {got} \
                 (`…` matches any text in a line, a line `...` any lines); the output:\n{output}",
                step.command
            ));
        }
    }
    failures
}

/// README.md and docs/*.md, as paths from the repository's root.
fn docs() -> Vec<String> {
    let mut docs = vec!["README.md".to_string()];
    let mut more: Vec<String> = std::fs::read_dir(workspace().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

#[test]
fn every_shell_block_of_the_docs_runs_as_shown() {
    let mut failures = Vec::new();
    let (mut commands, mut checked, mut skipped) = (0, 0, 0);
    for path in docs() {
        let text = std::fs::read_to_string(workspace().join(&path)).unwrap();
        let mut scratch = None;
        let blocks = match blocks(&path, &text) {
            Ok(b) => b,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        for block in &blocks {
            let at = format!("{path}:{}", block.line);
            let looks_like_a_transcript =
                block.lines.iter().find(|l| !l.trim().is_empty()).is_some_and(|l| l.starts_with("$ "));
            if looks_like_a_transcript && block.lang != "console" && block.not_run.is_none() {
                failures.push(format!("{at}: a transcript (`$ COMMAND` and its output) is a ```console block"));
                continue;
            }
            if block.not_run.is_some() {
                skipped += 1;
                continue;
            }
            let steps = match block.lang.as_str() {
                "sh" => sh_steps(block),
                "console" => match console_steps(&path, block) {
                    Ok(s) => s,
                    Err(e) => {
                        failures.push(e);
                        continue;
                    }
                },
                "python" => continue,
                lang if LISTINGS.contains(&lang) => continue,
                lang => {
                    failures.push(format!(
                        "{at}: a ```{lang} block: runnable blocks are sh, console and python, listings are {}",
                        LISTINGS.join(", ")
                    ));
                    continue;
                }
            };
            if steps.is_empty() {
                failures.push(format!("{at}: a ```{} block with no command", block.lang));
                continue;
            }
            commands += steps.len();
            checked += steps.iter().filter(|s| s.shown.is_some()).count();
            let scratch = scratch.get_or_insert_with(|| Scratch::new(&path.replace('/', "-")));
            failures.extend(run_block(&path, block, &steps, scratch));
        }
    }
    eprintln!(
        "{commands} documented commands run, {checked} of them with their output checked; {skipped} blocks not run"
    );
    assert!(commands > 0 && checked > 0, "no documented command found: is the convention still the one read here?");
    assert!(failures.is_empty(), "{} doc blocks do not run as written:\n\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn transcripts_match_line_for_line_with_elisions() {
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    let output = ["ops", "  h  dot  1.5us", "collectives", "  none", "total  3us"];
    assert_eq!(transcript_mismatch(&lines("ops\n  h  dot  …us\n...\ntotal  …"), &output), None);
    assert_eq!(transcript_mismatch(&lines("...\n  none\ntotal  3us"), &output), None);
    // Every line counts: a missing `...` is a mismatch, and so is a changed figure.
    assert_eq!(transcript_mismatch(&lines("ops\ncollectives\n...\n"), &output), Some((1, Some(1))));
    assert_eq!(transcript_mismatch(&lines("ops\n  h  dot  2.5us\n..."), &output), Some((1, Some(1))));
    // A transcript that stops early without `...` leaves output over.
    assert_eq!(transcript_mismatch(&lines("ops\n  h  dot  1.5us"), &output), Some((2, Some(2))));
    assert!(line_matches("solver: optimal in …; 3 nodes", "solver: optimal in 5.2ms; 3 nodes"));
    assert!(!line_matches("solver: optimal in …; 3 nodes", "solver: optimal in 5.2ms; 4 nodes"));
    assert!(line_matches("…", "anything"));
    assert!(line_matches(
        "  a  predicted    …  measured    …  (4 runs)",
        "  a  predicted    4.3ms  measured   11.76ms  (4 runs)"
    ));
}

#[test]
fn only_autoshard_commands_run() {
    assert!(runs_autoshard("autoshard solve configs/mlp.yaml --format mlir > mlp.mlir"));
    assert!(runs_autoshard("cd stablehlo/tests/data && autoshard run a.mlir"));
    for other in [
        "pip install ./python",
        "cargo run -- solve x",
        "cd x && rm -rf y",
        "autoshard check a; rm b",
        "autoshard x | sh",
    ] {
        assert!(!runs_autoshard(other), "{other}");
    }
}

#[test]
fn the_convention_reads_markers_commands_and_exit_codes() {
    let doc = "text\n\n<!-- not run: needs a GPU -->\n```sh\nnvidia-smi\n```\n\n```console\n$ autoshard check bad.yaml     # (exits 2)\nbad.yaml:1:1: error: …\n\n$ autoshard rules a.yaml \\\n    --x\nrule\n```\n";
    let read = blocks("d.md", doc).unwrap();
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].not_run.as_deref(), Some("needs a GPU"));
    let steps = console_steps("d.md", &read[1]).unwrap();
    assert_eq!(steps.len(), 2);
    assert_eq!((steps[0].line, steps[0].exit), (9, 2));
    assert_eq!(steps[0].shown.as_ref().unwrap().len(), 1, "trailing blank lines are not shown output");
    assert_eq!((steps[1].command.as_str(), steps[1].exit), ("autoshard rules a.yaml \\\n    --x", 0));
    assert!(blocks("d.md", "<!-- not run: x -->\n\nprose\n").unwrap_err().contains("no code block under it"));
    assert!(blocks("d.md", "<!-- not run: -->\n```sh\nx\n```\n").unwrap_err().contains("REASON"));
    assert!(blocks("d.md", "```sh\nx\n").unwrap_err().contains("not closed"));
}
