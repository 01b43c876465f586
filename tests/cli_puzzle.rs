//! End-to-end tests of `zlink solve|count --kind K`: outputs, JSON, SVG, exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Line 1 of the tdoku test file (BSD-2) and its solution.
const TDOKU_1: &str =
    ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4";
const TDOKU_1_SOLUTION: &str =
    "652483917978162435314975628825736149791824563436519872269348751547291386183657294";

fn zlink(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zlink"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run that fails on its arguments exits without reading stdin: a broken pipe here is
    // expected then, and the exit code below is what the test checks.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zlink-cli-puzzle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn solve_prints_the_grid_and_one_line_per_puzzle() {
    let o = zlink(&["solve", "--kind", "sudoku", "-"], TDOKU_1);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let digits: String = stdout(&o).chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits, TDOKU_1_SOLUTION);
    assert_eq!(stdout(&o).lines().count(), 11); // 9 rows + 2 box separators

    let file = temp_file("two.txt", &format!("{TDOKU_1} // comment\n{TDOKU_1}\n"));
    let o = zlink(&["solve", "--kind", "sudoku", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        format!("{TDOKU_1_SOLUTION}\n{TDOKU_1_SOLUTION}\n")
    );
}

#[test]
fn solve_json_svg_and_url_input() {
    let svg = temp_file("out.svg", "");
    let url = "https://puzz.link/p?sudoku/4/4/g1k23k3g";
    let o = zlink(
        &[
            "solve",
            "--kind",
            "sudoku",
            // the IP engine: its stats carry solver_calls (the default exact engine: nodes)
            "--engine",
            "ip",
            url,
            "--json",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["status"], "solved");
    assert_eq!(v["solution"], "2143431234211234");
    assert!(v["stats"]["counters"]["solver_calls"].as_u64().unwrap() >= 1);
    let pic = std::fs::read_to_string(&svg).unwrap();
    assert!(pic.starts_with("<svg") && pic.matches("<text").count() == 16);
}

#[test]
fn count_prints_digits_last_and_json() {
    // tdoku test puzzle with exactly 3 solutions
    let three = "8.........95.......67.........472968...913245...856137....9.716...6.8492......583";
    let o = zlink(&["count", "--kind", "sudoku", "-", "--limit", "100"], three);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("3"));
    // the exact engine has no limit; the enumerating IP engine stops at it and says so
    let o = zlink(
        &["count", "--kind", "sudoku", "-", "--limit", "2", "--json"],
        three,
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["exact"].as_bool()),
        (Some(3), Some(true))
    );
    let o = zlink(
        &[
            "count", "--kind", "sudoku", "--engine", "ip", "-", "--limit", "2", "--json",
        ],
        three,
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["exact"].as_bool()),
        (Some(2), Some(false))
    );
    assert!(v["seconds"].as_f64().is_some());
    // per-round tables: whole numbers (round, nodes, cuts) are JSON integers, seconds floats
    let rounds = v["stats"]["rounds"]
        .as_array()
        .expect("the IP engine's rounds");
    assert_eq!(rounds[0]["round"], serde_json::json!(1), "{rounds:?}");
    assert!(rounds
        .iter()
        .all(|r| r["nodes"].is_u64() && r["seconds"].is_number()));
}

#[test]
fn exit_codes_and_messages() {
    // parse error: exit 2 with file:line:col
    let bad = temp_file("bad.txt", &format!("{TDOKU_1}\n{}\n", &TDOKU_1[..80]));
    let o = zlink(&["solve", "--kind", "sudoku", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("bad.txt:2:81: expected one Sudoku per line"),
        "{}",
        stderr(&o)
    );
    // no solution: exit 1 (tdoku puzzle with 0 solutions)
    let none = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";
    let o = zlink(&["solve", "--kind", "sudoku", "-"], none);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no solution"), "{}", stderr(&o));
    let o = zlink(&["count", "--kind", "sudoku", "-"], none);
    assert_eq!((o.status.code(), stdout(&o).trim()), (Some(0), "0"));
    // the solver's time limit: a budget ran out, exit 3 with a clear message
    let o = zlink(
        &["solve", "--kind", "sudoku", "-", "--time-limit", "0"],
        TDOKU_1,
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("time limit"), "{}", stderr(&o));
    // unknown kind (clap) and counting a kind that cannot count: exit 2
    let o = zlink(&["solve", "--kind", "nonsense", "-"], TDOKU_1);
    assert_eq!(o.status.code(), Some(2));
    let o = zlink(&["count", "--kind", "minclue", "-"], TDOKU_1);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not supported"), "{}", stderr(&o));
}

#[test]
fn help_lists_every_registered_kind() {
    let o = zlink(&["solve", "--help"], "");
    let help = stdout(&o);
    for k in ["sudoku", "minclue", "minclue-minimal"] {
        assert!(help.contains(k), "{help}");
    }
}

#[test]
fn minimal_mode_gives_a_unique_irreducible_puzzle() {
    let o = zlink(
        &["solve", "--kind", "minclue-minimal", "-"],
        TDOKU_1_SOLUTION,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.lines()
            .last()
            .unwrap()
            .contains("minimal, not proven minimum"),
        "{out}"
    );
}

#[test]
fn render_draws_the_puzzle_without_solving_it() {
    let o = zlink(&["render", "--kind", "sudoku", "-"], TDOKU_1);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    // the givens of row 1 are drawn, the solution's digits for the blanks are not
    assert!(text.contains('5') && text.contains('8'), "{text}");
    let blanks_solved = TDOKU_1_SOLUTION.chars().filter(|&d| d == '6').count();
    assert!(text.matches('6').count() < blanks_solved, "{text}");

    let svg = std::env::temp_dir().join(format!("zlink-render-{}.svg", std::process::id()));
    let o = zlink(
        &[
            "render",
            "--kind",
            "sudoku",
            "-",
            "--svg",
            svg.to_str().unwrap(),
        ],
        TDOKU_1,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let _ = std::fs::remove_file(svg);

    let o = zlink(&["render", "--kind", "sudoku", "-"], "12");
    assert_eq!(o.status.code(), Some(2), "bad input is an input error");
}

/// `--model M` and `--cuts on|off` are shorthands for `--set model=M` and `--set cuts=…`.
#[test]
fn model_and_cuts_flags_are_setting_shorthands() {
    let hashi = "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3";
    let by_set = zlink(
        &["solve", "--kind", "hashi", "--set", "model=bfs", hashi],
        "",
    );
    let by_flag = zlink(&["solve", "--kind", "hashi", "--model", "bfs", hashi], "");
    assert!(by_flag.status.success(), "{}", stderr(&by_flag));
    assert_eq!(stdout(&by_flag), stdout(&by_set));
    let bad = zlink(&["solve", "--kind", "hashi", "--model", "magic", hashi], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("unknown Hashi model `magic`"));

    let slither = "https://puzz.link/p?slither/5/5/cbcbcddad";
    let ip = [
        "solve",
        "--kind",
        "slitherlink",
        "--engine",
        "ip",
        "--stats",
    ];
    let on = zlink(&[&ip[..], &["--cuts", "on", slither]].concat(), "");
    let off = zlink(&[&ip[..], &["--cuts", "off", slither]].concat(), "");
    assert!(on.status.success() && off.status.success());
    assert_eq!(stdout(&on), stdout(&off));
    let bad = zlink(&[&ip[..], &["--cuts", "maybe", slither]].concat(), "");
    assert_eq!(bad.status.code(), Some(2));
    // the shorthands reach the kind's settings: a kind without that setting says so
    let bad = zlink(&["solve", "--kind", "hashi", "--cuts", "off", hashi], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("hashi has no setting `cuts`"),
        "{}",
        stderr(&bad)
    );
    let bad = zlink(&[&ip[..], &["--model", "bfs", slither]].concat(), "");
    assert!(
        stderr(&bad).contains("has no setting `model`"),
        "{}",
        stderr(&bad)
    );
}

/// `solve --sample N` on every kind whose ZDD engine samples: the JSON's count equals
/// `count`'s, N draws come back (each checked by the kind's verifier before printing), and an
/// SVG per draw is written; a kind without such an engine is a usage error.
#[test]
fn sample_draws_on_every_zdd_kind() {
    let cases = [
        ("numberlink", "3 3\n1 - 1\n- - -\n2 - 2\n"),
        ("slitherlink", "3 3\n- - -\n- 0 -\n- - -\n"),
        // `zlink generate circuit --grid 5x5 --seed 3`: 5 solutions
        (
            "circuit",
            "o o o o-o\n      |\no o o o o\n\no-o o o o\n\no o o o o\n\no o o # o\n",
        ),
    ];
    for (kind, text) in cases {
        let f = temp_file(&format!("sample-{kind}.txt"), text);
        let f = f.to_str().unwrap();
        let o = zlink(&["count", "--kind", kind, f], "");
        assert!(o.status.success(), "{kind}: {}", stderr(&o));
        let count = stdout(&o).trim().to_string();
        let svg = temp_file(&format!("sample-{kind}.svg"), "");
        let svg = svg.to_str().unwrap();
        let args = [
            "--json", "solve", "--kind", kind, "--sample", "4", "--svg", svg, f,
        ];
        let o = zlink(&args, "");
        assert!(o.status.success(), "{kind}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["count"].to_string(), count, "{kind}");
        assert_eq!(v["samples"].as_array().map(Vec::len), Some(4), "{kind}");
        for i in 1..=4 {
            let drawn = svg.replace(".svg", &format!("-{i}.svg"));
            let pic = std::fs::read_to_string(&drawn).unwrap();
            assert!(
                pic.starts_with("<svg") || pic.contains("<svg"),
                "{kind}: {drawn}"
            );
        }
    }
    // `--help` says which engines sample
    let help = stdout(&zlink(&["count", "--help"], ""));
    assert_eq!(help.matches("solve --sample)").count(), 4, "{help}");
    let o = zlink(
        &["solve", "--kind", "sudoku", "--sample", "2", "-"],
        TDOKU_1,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`sample` is not supported"),
        "{}",
        stderr(&o)
    );
}

/// An `--svg` path into a folder that does not exist fails before anything is solved (it
/// failed after printing the first of several answers): exit 2, nothing on stdout.
#[test]
fn an_svg_into_a_missing_folder_fails_before_solving() {
    let two = format!("{TDOKU_1}\n{TDOKU_1}\n");
    for cmd in ["solve", "render"] {
        let o = zlink(
            &[
                cmd,
                "--kind",
                "sudoku",
                "--svg",
                "/nonexistent-zlink/dir/x.svg",
                "-",
            ],
            &two,
        );
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert!(stdout(&o).is_empty(), "{cmd}: {}", stdout(&o));
        assert!(
            stderr(&o).contains("does not exist"),
            "{cmd}: {}",
            stderr(&o)
        );
    }
    let svg = "--svg=/nonexistent-zlink/dir/x.svg";
    for args in [
        &[
            "generate",
            "numberlink",
            "--grid",
            "3x3",
            "--list",
            "--limit",
            "2",
            svg,
        ][..],
        &["generate", "circuit", "--grid", "4x4", "--seed", "1", svg],
    ] {
        let o = zlink(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
        assert!(
            stderr(&o).contains("does not exist"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}
