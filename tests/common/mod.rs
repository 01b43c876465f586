//! Shared helpers for the end-to-end tests: running the `zlink` binary, writing input files.

#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `zlink` with `args` and returns its raw output.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_zlink"))
        .args(args)
        .output()
        .expect("run zlink")
}

/// Runs `zlink` with `args`: exit code (`-1` when killed), stdout, stderr.
pub fn zlink(args: &[&str]) -> (i32, String, String) {
    let out = run(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `zlink` with `args` and asserts that it stopped on a budget or time limit: exit 3,
/// nothing on stdout (no partial answer), and `needle` in the message.
pub fn stops_with(args: &[&str], needle: &str) {
    let (code, out, err) = zlink(args);
    assert_eq!(code, 3, "{args:?}: {out}{err}");
    assert!(out.is_empty(), "{args:?}: partial output {out}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

/// Writes `text` to the file `name` in this test binary's scratch folder (`zlink-<tag>-<pid>`
/// in the temp dir) and returns its path.
pub fn scratch_file(tag: &str, name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("zlink-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f.to_str().unwrap().to_string()
}
