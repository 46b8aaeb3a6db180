//! What every end-to-end test binary shares: running the `autoshard` binary.

use std::path::Path;
use std::process::Command;

/// The workspace root, where users run `autoshard` (`configs/mlp.yaml`).
pub fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Runs `autoshard ARGS` from the workspace root: exit code, stdout, stderr.
pub fn autoshard(args: &[&str]) -> (i32, String, String) {
    autoshard_in(workspace(), args)
}

/// Runs `autoshard ARGS` from `dir`: exit code, stdout, stderr.
pub fn autoshard_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output =
        Command::new(env!("CARGO_BIN_EXE_autoshard")).args(args).current_dir(dir).output().expect("run autoshard");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}
