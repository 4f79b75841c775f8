//! Small helpers: the workspace root, running commands.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the folder above `xtask/`).
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// Runs a command in the workspace root, inheriting output; fails on a non-zero exit.
pub fn run_cmd(cmd: &mut Command) -> Result<(), String> {
    let shown = format!("{cmd:?}");
    eprintln!("xtask: running {shown}");
    let status = cmd.current_dir(root()).status().map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{shown} failed with {status}")) }
}

/// Runs a command and returns its standard output (trimmed), or `None` if it fails.
pub fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.current_dir(root()).output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Walks `dir` depth-first (symlinked folders are not followed). `visit(path, is_dir)` sees every
/// entry; for a folder, `true` means "go inside".
pub fn walk(dir: &Path, visit: &mut dyn FnMut(&Path, bool) -> bool) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
            if visit(&path, is_dir) && is_dir {
                stack.push(path);
            }
        }
    }
}

/// Every file under `dir` (recursively) whose name ends with `suffix`, sorted.
pub fn files_with_suffix(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    walk(dir, &mut |path, is_dir| {
        if is_dir {
            return path.file_name().is_some_and(|n| n != "target" && n != ".git" && n != "node_modules");
        }
        if path.to_string_lossy().ends_with(suffix) {
            found.push(path.to_path_buf());
        }
        false
    });
    found.sort();
    found
}
