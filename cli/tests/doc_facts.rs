//! What the docs state about the repository holds: the dependency diagrams of
//! README.md and docs/architecture.md are the workspace's (`cargo metadata`), every
//! doc of `docs/` is in the README's map (the one index), every relative link of a
//! doc resolves (its file, and its `#anchor` to a heading of that file), and no doc,
//! source comment or help text points outside the repository (`../shared/`; the
//! tests that read Shardy's conformance files there as vectors are the exception).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::workspace;

/// Every markdown file a reader meets: README.md, docs/*.md and the READMEs below.
fn docs() -> Vec<PathBuf> {
    let mut out = vec![workspace().join("README.md")];
    for dir in ["docs", "python", "scripts", "scripts/jax", "examples"] {
        let Ok(entries) = std::fs::read_dir(workspace().join(dir)) else { continue };
        let mut found: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        found.retain(|p| p.extension().is_some_and(|e| e == "md") && (dir == "docs" || p.ends_with("README.md")));
        found.sort();
        out.extend(found);
    }
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn shown(path: &Path) -> String {
    path.strip_prefix(workspace()).unwrap_or(path).display().to_string()
}

/// The workspace's packages → the workspace packages each depends on (normal
/// dependencies), from `cargo metadata`.
fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(workspace())
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let names: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    packages
        .iter()
        .map(|p| {
            let deps = p["dependencies"].as_array().into_iter().flatten();
            let local = deps
                .filter(|d| d["kind"].is_null())
                .filter_map(|d| d["name"].as_str())
                .filter(|n| names.contains(n))
                .map(String::from);
            (p["name"].as_str().unwrap_or_default().to_string(), local.collect())
        })
        .collect()
}

/// A diagram's short name (a crate's directory) as its package name.
fn package(short: &str) -> String {
    match short {
        "autoshard" => "autoshard".into(),
        "meshdialect" => "autoshard-mesh".into(),
        other => format!("autoshard-{other}"),
    }
}

/// The `A → b, c` lines of the first ```text block after "Dependencies point one way".
fn diagram(text: &str) -> Option<BTreeMap<String, BTreeSet<String>>> {
    let after = &text[text.find("Dependencies point one way")?..];
    let block = after.split("```text\n").nth(1)?.split("```").next()?;
    let edges = block.lines().filter_map(|line| line.split_once('→')).map(|(from, to)| {
        let to = to.split(',').map(|t| package(t.trim())).collect();
        (package(from.trim()), to)
    });
    Some(edges.collect())
}

#[test]
fn the_dependency_diagrams_are_the_workspaces() {
    let actual: BTreeMap<String, BTreeSet<String>> =
        dependencies().into_iter().filter(|(_, deps)| !deps.is_empty()).collect();
    for doc in ["README.md", "docs/architecture.md"] {
        let drawn = diagram(&read(&workspace().join(doc))).unwrap_or_else(|| panic!("{doc}: no dependency diagram"));
        let mut wrong = Vec::new();
        for package in actual.keys().chain(drawn.keys()).collect::<BTreeSet<_>>() {
            let (a, d) = (actual.get(package), drawn.get(package));
            if a != d {
                wrong.push(format!("{package}: the diagram says {d:?}, Cargo.toml says {a:?}"));
            }
        }
        assert!(wrong.is_empty(), "{doc}'s dependency diagram is not the workspace's:\n{}", wrong.join("\n"));
    }
}

#[test]
fn every_doc_is_in_the_readmes_map() {
    let readme = read(&workspace().join("README.md"));
    let missing: Vec<String> = docs()
        .iter()
        .map(|p| shown(p))
        .filter(|p| p.starts_with("docs/") && !readme.contains(&format!("]({p})")))
        .collect();
    assert!(missing.is_empty(), "docs the README's map does not list: {missing:?}");
}

/// GitHub's anchor of a heading: lower case, spaces as `-`, other punctuation dropped.
fn anchor(heading: &str) -> String {
    let text = heading.trim_start_matches('#').trim().to_lowercase();
    text.chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of `text`'s headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut in_code = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            out.insert(anchor(line));
        }
    }
    out
}

/// The targets of `text`'s inline links `[…](target)`, with their lines.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        let mut rest = line;
        while let (false, Some(at)) = (in_code, rest.find("](")) {
            let tail = &rest[at + 2..];
            let Some(end) = tail.find(')') else { break };
            out.push((n + 1, tail[..end].to_string()));
            rest = &tail[end..];
        }
    }
    out
}

#[test]
fn every_relative_link_of_a_doc_resolves() {
    let mut broken = Vec::new();
    for doc in docs() {
        let text = read(&doc);
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() { doc.clone() } else { doc.parent().unwrap_or(workspace()).join(file) };
            let at = format!("{}:{line}: ({target})", shown(&doc));
            if !path.exists() {
                broken.push(format!("{at}: no file {}", path.display()));
            } else if !fragment.is_empty()
                && path.extension().is_some_and(|e| e == "md")
                && !anchors(&read(&path)).contains(fragment)
            {
                broken.push(format!("{at}: no heading with anchor #{fragment} in {}", shown(&path)));
            }
        }
    }
    assert!(broken.is_empty(), "links that do not resolve:\n{}", broken.join("\n"));
}

/// Source files under `dir`, recursively.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for path in entries.flatten().map(|e| e.path()) {
        if path.is_dir() && !path.ends_with("target") && !path.ends_with("data") {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs" || e == "py") {
            out.push(path);
        }
    }
}

#[test]
fn nothing_points_outside_the_repository() {
    let mut files = docs();
    for dir in ["model", "cost", "solver", "executor", "stablehlo", "config", "autoshard", "cli", "python", "mpmd"] {
        sources(&workspace().join(dir).join("src"), &mut files);
    }
    sources(&workspace().join("meshdialect/src"), &mut files);
    sources(&workspace().join("scripts"), &mut files);
    let outside: Vec<String> = files
        .iter()
        .flat_map(|path| {
            let text = read(path);
            let hits: Vec<String> = (text.lines().enumerate())
                .filter(|(_, l)| l.contains("../shared"))
                .map(|(n, l)| format!("{}:{}: {}", shown(path), n + 1, l.trim()))
                .collect();
            hits
        })
        .collect();
    assert!(outside.is_empty(), "docs, sources and help that point outside the repository:\n{}", outside.join("\n"));
}

#[test]
fn the_checks_read_what_they_check() {
    let text = "Dependencies point one way:\n\n```text\ncli → autoshard\nstablehlo → mpmd, meshdialect\n```\n";
    let d = diagram(text).expect("a diagram");
    assert_eq!(d["autoshard-stablehlo"], BTreeSet::from(["autoshard-mpmd".into(), "autoshard-mesh".into()]));
    assert_eq!(anchor("## Library use"), "library-use");
    assert_eq!(anchor("## `mpmd` programs, run"), "mpmd-programs-run");
    assert_eq!(
        links("see [a](b.md#c) and [d](https://e)\n```\n[x](y)\n```"),
        [(1, "b.md#c".into()), (1, "https://e".into())]
    );
}
