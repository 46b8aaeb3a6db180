//! The three builds a new user runs — the command line (`cargo run --release`), the
//! test suites (`cargo test --workspace --exclude autoshard-python`) and the Python
//! module (maturin builds `autoshard-python`) — must ask every dependency they share
//! for the same features, or each rebuilds it and every crate above it. Compares the
//! features `cargo tree` resolves for each build and names the crate to add to this
//! crate's Cargo.toml where they differ.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// `name vX.Y.Z [(proc-macro)]` → the feature sets it is built with (one for the
/// target, one for the host where both use it), for one build's selection.
fn features(selection: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["tree", "--offline", "--prefix", "none", "--format", "{p}|{f}"])
        .args(selection)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap_or_else(|e| panic!("cargo tree could not start: {e}"));
    assert!(out.status.success(), "cargo tree {selection:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|line| !line.starts_with("autoshard"))
        .filter_map(|line| line.trim_end_matches(" (*)").split_once('|'))
        .fold(BTreeMap::new(), |mut all: BTreeMap<_, BTreeSet<_>>, (package, features)| {
            all.entry(package.trim().to_string()).or_default().insert(features.trim().to_string());
            all
        })
}

#[test]
fn the_command_line_tests_and_python_module_share_every_dependency_build() {
    let builds = [
        ("cargo run --release", features(&["-p", "autoshard-cli", "-e", "normal,build"])),
        (
            "cargo test --workspace",
            features(&["--workspace", "--exclude", "autoshard-python", "-e", "normal,build,dev"]),
        ),
        ("the Python module", features(&["-p", "autoshard-python", "-e", "normal,build"])),
    ];
    let mut differ = Vec::new();
    for (i, (a, fa)) in builds.iter().enumerate() {
        for (b, fb) in &builds[i + 1..] {
            for (package, features) in fa {
                if let Some(other) = fb.get(package).filter(|other| *other != features) {
                    differ.push(format!("{package}: {features:?} in {a}, {other:?} in {b}"));
                }
            }
        }
    }
    assert!(
        differ.is_empty(),
        "dependencies built twice (add the union of their features to workspace-hack/Cargo.toml):\n{}",
        differ.join("\n")
    );
}
