//! The README's commands work as written (issue 19): every line of its `sh` blocks that starts
//! with `zlink` (or the `cargo run --release --` form of it) runs under bash, with the built
//! binary first on `PATH`, in a scratch directory that sees the repository's `data/`. Each must
//! exit 0; a `# → V …` comment's first word is the last line it must print on stdout. The `cargo test`
//! line is what CI runs, so it is not run again here.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The README's runnable lines: (line number, command, expected last line).
fn commands(readme: &str) -> Vec<(usize, String, Option<String>)> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for (i, line) in readme.lines().enumerate() {
        let t = line.trim();
        if t.starts_with("```") {
            in_sh = !in_sh && t == "```sh";
            continue;
        }
        if !in_sh || t.starts_with("cargo test") || t.is_empty() {
            continue;
        }
        let cmd = t.replacen("cargo run --release -- ", "zlink ", 1);
        let expect = cmd
            .rsplit_once("# → ")
            .and_then(|(_, v)| v.split_whitespace().next())
            .map(str::to_string);
        // Comments start at ` # ` (a `#` inside quotes is part of a URL or a format).
        let code = cmd.split(" # ").next().unwrap_or("").trim().to_string();
        assert!(
            code.starts_with("zlink ") || code.contains("zlink "),
            "README line {}: a command in an sh block that does not run zlink: {t}",
            i + 1
        );
        out.push((i + 1, code, expect));
    }
    out
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zlink-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    std::os::unix::fs::symlink(data, dir.join("data")).unwrap();
    dir
}

#[test]
fn every_readme_command_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let cmds = commands(&readme);
    assert!(cmds.len() >= 10, "README lost its examples: {cmds:?}");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_zlink")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = scratch();
    for (line, cmd, expect) in cmds {
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", &cmd])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "README line {line}: `{cmd}` exited {:?}\nstdout: {stdout}\nstderr: {stderr}",
            out.status.code()
        );
        assert!(
            !stdout.trim().is_empty(),
            "README line {line}: `{cmd}` printed nothing"
        );
        if let Some(v) = expect {
            assert_eq!(
                stdout.trim_end().lines().last(),
                Some(v.as_str()),
                "README line {line}: `{cmd}`"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_two_commands_come_first() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let block = readme
        .split("## Two commands")
        .nth(1)
        .and_then(|r| r.split("```sh").nth(1))
        .and_then(|r| r.split("```").next())
        .expect("a `Two commands` section with an sh block");
    let lines: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("cargo run --release -- "));
    assert!(lines[1].starts_with("cargo test --workspace --release"));
}
