//! Shardy's MPMD dialect tests (`tests/data/conformance/`, see its README) as
//! conformance vectors: every `// -----` case either fails with its `expected-error`
//! (text and line), or parses, verifies, prints, reads back equal and prints the same,
//! and its `CHECK` lines (a FileCheck subset: `{{regex}}`, `[[VAR:regex]]`, `[[VAR]]`;
//! LABEL, NEXT, SAME, DAG in order) match the printed module. Files that test passes
//! (canonicalisation, inlining) are round-trip vectors only: their CHECK lines describe
//! a pass's output.

#![allow(clippy::unwrap_used, reason = "test helpers: a panic there is a test failure")]

use autoshard_mpmd::{Verify, parse_module};
use regex::Regex;
use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::Path;

/// Files whose CHECK lines describe the output of a pass, not of the printer.
const PASS_FILES: &[&str] = &[
    "broadcast_canonicalization.mlir",
    "fragment_canonicalization.mlir",
    "reduce_canonicalization.mlir",
    "transfer_canonicalization.mlir",
    "reshard_fragment.mlir",
    "cannot_inline_calls.mlir",
];

#[derive(Debug, Default)]
struct Counts {
    files: usize,
    cases: usize,
    valid: usize,
    invalid: usize,
    checks_matched: usize,
    checks_skipped: BTreeMap<&'static str, usize>,
    failures: Vec<String>,
}

struct ExpectedError {
    line: usize,
    message: String,
}

#[test]
fn shardy_mpmd_conformance() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    let mut counts = Counts::default();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(path).unwrap();
        counts.files += 1;
        for (i, case) in text.split("\n// -----\n").enumerate() {
            counts.cases += 1;
            run_case(&format!("{name}#{i}"), case, PASS_FILES.contains(&name.as_str()), &mut counts);
        }
    }
    println!(
        "mpmd conformance: {} files, {} cases: {} valid round-tripped, {} invalid rejected with Shardy's message; \
         {} CHECK lines matched; skipped: {:?}",
        counts.files, counts.cases, counts.valid, counts.invalid, counts.checks_matched, counts.checks_skipped
    );
    assert!(counts.failures.is_empty(), "{} failures:\n{}", counts.failures.len(), counts.failures.join("\n\n"));
    assert_eq!((counts.files, counts.cases, counts.valid, counts.invalid), (19, 45, 24, 21));
    assert_eq!(counts.checks_matched, 50);
    let skipped: Vec<(&str, usize)> = counts.checks_skipped.into_iter().collect();
    assert_eq!(
        skipped,
        [("CHECK lines of a pass's output (pass files)", 68), ("CHECK lines of an expected-error case", 1)]
    );
}

fn expected_errors(case: &str) -> Vec<ExpectedError> {
    let re = Regex::new(r"expected-error\s*(?:@([+-]\d+))?\s*\{\{(.*)\}\}").unwrap();
    let mut out = Vec::new();
    for (i, line) in case.lines().enumerate() {
        if let Some(cap) = re.captures(line) {
            let offset: i64 = cap.get(1).map_or(0, |m| m.as_str().parse().unwrap());
            out.push(ExpectedError { line: (i as i64 + 1 + offset) as usize, message: cap[2].to_string() });
        }
    }
    out
}

fn run_case(id: &str, case: &str, pass_file: bool, counts: &mut Counts) {
    let expected = expected_errors(case);
    let result = parse_module(id, case).and_then(|m| m.verify().map(|()| m));
    if let Some(want) = expected.first() {
        let n = checks(case).len();
        if n > 0 {
            *counts.checks_skipped.entry("CHECK lines of an expected-error case").or_default() += n;
        }
        match result {
            Err(e) if e.message().contains(&want.message) && e.location().line as usize == want.line => {
                counts.invalid += 1
            }
            Err(e) => counts
                .failures
                .push(format!("{id}: expected error at line {}: {}\n  got: {e}", want.line, want.message)),
            Ok(_) => counts.failures.push(format!("{id}: expected error {:?}, but the case verified", want.message)),
        }
        return;
    }
    let module = match result {
        Ok(m) => m,
        Err(e) => return counts.failures.push(format!("{id}: {e}")),
    };
    let printed = module.to_string();
    match parse_module("printed", &printed) {
        Ok(again) if again == module && again.to_string() == printed => {}
        Ok(_) => return counts.failures.push(format!("{id}: the printed module reads back differently:\n{printed}")),
        Err(e) => return counts.failures.push(format!("{id}: the printed module does not read back: {e}\n{printed}")),
    }
    if let Err(e) = module.verify() {
        return counts.failures.push(format!("{id}: {e}"));
    }
    counts.valid += 1;
    if pass_file {
        let n = checks(case).len();
        if n > 0 {
            *counts.checks_skipped.entry("CHECK lines of a pass's output (pass files)").or_default() += n;
        }
        return;
    }
    file_check(id, case, &printed, counts);
}

/// The CHECK directives of a case: (kind, pattern).
fn checks(case: &str) -> Vec<(String, String)> {
    let re = Regex::new(r"//\s*(CHECK(?:-[A-Z]+)?):(.*)$").unwrap();
    case.lines().filter_map(|l| re.captures(l).map(|c| (c[1].to_string(), c[2].trim().to_string()))).collect()
}

/// A FileCheck subset over `output`.
fn file_check(id: &str, case: &str, output: &str, counts: &mut Counts) {
    let mut vars: HashMap<String, String> = HashMap::new();
    let mut pos = 0usize;
    for (kind, pattern) in checks(case) {
        if kind == "CHECK-NOT" {
            *counts.checks_skipped.entry("CHECK-NOT").or_default() += 1;
            continue;
        }
        let re = match to_regex(&pattern, &vars) {
            Some(re) => re,
            None => {
                counts.failures.push(format!("{id}: bad CHECK pattern {pattern}"));
                continue;
            }
        };
        let line_end = |from: usize| output[from..].find('\n').map_or(output.len(), |i| from + i);
        let (from, limit) = match kind.as_str() {
            "CHECK-NEXT" => {
                let next = (line_end(pos) + 1).min(output.len());
                (next, Some(line_end(next)))
            }
            "CHECK-SAME" => (pos, Some(line_end(pos))),
            _ => (pos, None),
        };
        let found = re.captures(&output[from..]).filter(|c| {
            let start = from + c.get(0).map_or(0, |m| m.start());
            limit.is_none_or(|l| start <= l)
        });
        let Some(caps) = found else {
            counts.failures.push(format!("{id}: {kind}: {pattern}\n  not found after byte {pos} in:\n{output}"));
            return;
        };
        for name in re.capture_names().flatten() {
            if let Some(m) = caps.name(name) {
                vars.insert(name.to_string(), m.as_str().to_string());
            }
        }
        pos = from + caps.get(0).map_or(0, |m| m.end());
        counts.checks_matched += 1;
    }
}

/// Translates a FileCheck pattern into a regex.
fn to_regex(pattern: &str, vars: &HashMap<String, String>) -> Option<Regex> {
    let mut out = String::new();
    let mut rest = pattern;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("{{") {
            let end = after.find("}}")?;
            out.push_str(&format!("(?:{})", &after[..end]));
            rest = &after[end + 2..];
        } else if let Some(after) = rest.strip_prefix("[[") {
            let end = after.find("]]")?;
            let body = &after[..end];
            match body.split_once(':') {
                Some((name, re)) => out.push_str(&format!("(?P<{name}>{re})")),
                None => out.push_str(&regex::escape(vars.get(body)?)),
            }
            rest = &after[end + 2..];
        } else {
            let ch = rest.chars().next()?;
            if ch.is_whitespace() {
                out.push_str(r"[ \t]+");
                rest = rest.trim_start();
            } else {
                out.push_str(&regex::escape(&ch.to_string()));
                rest = &rest[ch.len_utf8()..];
            }
        }
    }
    Regex::new(&out).ok()
}

/// Reading and verifying never panics: every prefix of every vector, and each with
/// one byte dropped at a stride, gives a module or an error.
#[test]
fn never_panics_on_truncated_or_damaged_input() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance");
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "mlir") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        for cut in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
            if let Ok(m) = parse_module("prefix", &text[..cut]) {
                let _ = m.diagnose();
                let _ = m.to_string();
            }
            if cut % 7 == 0 && text.is_char_boundary(cut + 1) {
                let damaged = format!("{}{}", &text[..cut], &text[cut + 1..]);
                if let Ok(m) = parse_module("damaged", &damaged) {
                    let _ = m.diagnose();
                }
            }
        }
    }
}

/// The example modules written from a JAX training step (`configs/pipeline_jax/`,
/// `scripts/pipeline/jax_mpmd.py`) are valid MPMD programs before partitioning: they
/// parse, verify, and print to text that reads back equal.
#[test]
fn the_jax_example_modules_verify() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/pipeline_jax");
    for name in ["step.mlir", "microbatch.mlir"] {
        let path = dir.join(name);
        let source = fs::read_to_string(&path).unwrap();
        let module = parse_module(&path.display().to_string(), &source).unwrap_or_else(|e| panic!("{e}"));
        module.verify().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(parse_module("printed", &module.to_string()).unwrap(), module, "{name}");
    }
}
