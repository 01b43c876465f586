//! The puzzle layer's contract, end to end: counts are exact (arbitrary precision in text and
//! JSON, equal to an independent brute force), contradicting clues are an answer (0, or exit 1
//! for `solve`) and not an input error, each kind is listed once with its engines, and wide
//! Slitherlink frontiers run on wide states under the time limit and memory budget.

mod common;

use common::zlink;
use zlink_testkit::graph::{count_cycles_dfs, SmallGraph};

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zlink-contract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f
}

fn blank(n: usize) -> String {
    format!("{}\n", vec![".".repeat(n); n].join("\n"))
}

#[test]
fn empty_slitherlinks_count_every_cycle_of_the_dot_grid() {
    for n in [4, 5] {
        let f = write(&format!("empty{n}.txt"), &blank(n));
        let (code, out, err) = zlink(&["count", "--kind", "slitherlink", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        // the brute force walks every cycle of the (n+1)×(n+1) dot grid, sharing no code
        let want = count_cycles_dfs(&SmallGraph::grid(n + 1, n + 1));
        assert_eq!(
            out.lines().last(),
            Some(want.to_string().as_str()),
            "{n}x{n}"
        );
    }
}

#[test]
fn counts_past_64_bits_are_exact_in_text_and_json() {
    let f = write("empty11.txt", &blank(11));
    let f = f.to_str().unwrap();
    let (code, out, err) = zlink(&["count", "--kind", "slitherlink", f]);
    assert_eq!(code, 0, "{err}");
    let text = out.lines().last().unwrap().to_string();
    assert!(
        text.len() > 20 && text.bytes().all(|b| b.is_ascii_digit()),
        "{text}"
    );
    // the same family through the graph counter: cycles of the 12×12 dot grid
    let (_, cyc, _) = zlink(&["count", "cycles", "--grid", "12x12"]);
    assert_eq!(cyc.lines().last(), Some(text.as_str()));
    let (code, out, _) = zlink(&["count", "--kind", "slitherlink", "--json", f]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["count"].as_str(),
        Some(text.as_str()),
        "a string beyond 2^53"
    );
    assert_eq!(v["exact"].as_bool(), Some(true));
}

#[test]
fn duplicate_givens_count_zero_and_solve_fails_naming_both_cells() {
    let f = write("dup.txt", "1..1\n....\n....\n....\n");
    let f = f.to_str().unwrap();
    for engine in ["exact", "ip"] {
        let (code, out, err) = zlink(&["count", "--kind", "sudoku", "--engine", engine, f]);
        assert_eq!((code, out.trim()), (0, "0"), "{engine}: {err}");
        let (code, out, err) = zlink(&["solve", "--kind", "sudoku", "--engine", engine, f]);
        assert_eq!(code, 1, "{engine}: {out}");
        assert!(
            err.contains("no solution: duplicate given 1 in row 1: r1c1 and r1c4"),
            "{err}"
        );
    }
    // a malformed file is still an input error with a position
    let bad = write("bad.txt", "1..x\n....\n....\n....\n");
    let (code, _, err) = zlink(&["count", "--kind", "sudoku", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.txt:1:4"), "{err}");
}

#[test]
fn an_overloaded_hashi_island_is_a_puzzle_without_solution() {
    let f = write("over.txt", "..2\n...\n5.2\n");
    let f = f.to_str().unwrap();
    let (code, out, _) = zlink(&["count", "--kind", "hashi", f]);
    assert_eq!((code, out.trim()), (0, "0"));
    let (code, _, err) = zlink(&["solve", "--kind", "hashi", f]);
    assert_eq!(code, 1);
    assert!(err.contains("island 5 at r3c1 needs 5 bridges"), "{err}");
}

#[test]
fn each_kind_is_listed_once_with_its_engines() {
    let (code, help, _) = zlink(&["count", "--help"]);
    assert_eq!(code, 0);
    let kinds = [
        "sudoku",
        "minclue",
        "minclue-minimal",
        "hashi",
        "slitherlink",
    ];
    for k in kinds {
        let rows = help
            .lines()
            .filter(|l| l.split_whitespace().next() == Some(k))
            .count();
        assert_eq!(rows, 1, "{k} in\n{help}");
    }
    assert!(
        help.contains("engine exact") && help.contains("engine zdd"),
        "{help}"
    );
    assert!(help.contains("--set cuts=on|off"), "{help}");
    // the old per-engine alias is gone: rejected, not silently run by another engine
    let f = write("one.txt", "1...\n..2.\n.3..\n...4\n");
    let (code, _, _) = zlink(&["count", "--kind", "sudoku-ip", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    let (code, _, err) = zlink(&[
        "count",
        "--kind",
        "sudoku",
        "--engine",
        "zdd",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("engines: exact, ip"), "{err}");
}

/// A Janko 30×40 needs a frontier of 32 dots: wide states, no "width exceeds 25" any more.
/// Counting it is the Slitherlink-at-scale issue; here it must stop cleanly on its limits.
#[test]
fn wide_slitherlinks_run_on_wide_states_under_the_limits() {
    let Some(text) = zlink_testkit::data::read("puzzlekit-janko/Slitherlink_dataset.json") else {
        return;
    };
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let problem = v["data"]
        .as_object()
        .unwrap()
        .values()
        .filter_map(|p| p["problem"].as_str())
        .find(|p| p.starts_with("30 40"))
        .unwrap()
        .to_string();
    let f = write("janko3040.txt", &problem);
    let (code, _, err) = zlink(&[
        "count",
        "--kind",
        "slitherlink",
        "--time-limit",
        "1",
        "--max-memory",
        "512M",
        f.to_str().unwrap(),
    ]);
    assert!([0, 3].contains(&code), "{code}: {err}");
    assert!(!err.contains("exceeds"), "{err}");
}
