//! `zlink solve|count|render|generate` for the circuit board: both engines, the three IP
//! models, JSON statistics, SVG, exit codes and positioned errors.

mod common;

use common::{stops_with, zlink};

/// The 2×3 board has one solution: the two middle points have degree 3.
const TWO_BY_THREE: &str = "o o o\n\no o o\n";
const SOLVED: &str = "o-o-o\n  |\no-o-o\n";

fn file(name: &str, text: &str) -> String {
    let p = std::env::temp_dir().join(format!("zlink-cli-circuit-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn solves_and_counts_with_every_model() {
    let f = file("two.txt", TWO_BY_THREE);
    for model in ["cm1", "cm2"] {
        let m = format!("model={model}");
        let (code, out, err) = zlink(&["solve", "--kind", "circuit", "--set", &m, &f]);
        assert_eq!((code, out.as_str()), (0, SOLVED), "{model}: {err}");
        let (code, out, err) = zlink(&[
            "count", "--kind", "circuit", "--engine", "ip", "--set", &m, &f,
        ]);
        assert_eq!((code, out.trim()), (0, "1"), "{model}: {err}");
    }
    let (code, out, err) = zlink(&["solve", "--kind", "circuit", "--engine", "zdd", &f]);
    assert_eq!((code, out.as_str()), (0, SOLVED), "{err}");
    let (code, out, _) = zlink(&["count", "--kind", "circuit", &f]);
    assert_eq!((code, out.trim()), (0, "1"));
    // a solution is a fully given board: it reads back and solves to itself
    let g = file("solved.txt", SOLVED);
    let (code, out, _) = zlink(&["solve", "--kind", "circuit", &g]);
    assert_eq!((code, out.as_str()), (0, SOLVED));
}

#[test]
fn json_svg_and_the_shortest_path() {
    // s and t in opposite corners: every solution joins them by 3 wires (0-1-4-5)
    let f = file("ends.txt", "s o o\n\no o t\n");
    let (code, out, err) = zlink(&["solve", "--kind", "circuit", "--json", &f]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["stats"]["counters"]["path_wires"].as_u64(),
        Some(3),
        "{out}"
    );
    assert!(v["stats"]["counters"]["solver_calls"].as_u64() >= Some(1));
    let (code, out, _) = zlink(&["count", "--kind", "circuit", "--json", &f]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["count"].as_u64(), Some(1), "{out}");
    let svg = format!("{f}.svg");
    let (code, _, err) = zlink(&["solve", "--kind", "circuit", "--svg", &svg, &f]);
    assert_eq!(code, 0, "{err}");
    let pic = std::fs::read_to_string(&svg).unwrap();
    assert!(pic.starts_with("<svg") && pic.contains("#d62728"), "{pic}");
    let plain = file("plain.txt", TWO_BY_THREE);
    let (code, _, err) = zlink(&["solve", "--kind", "circuit", "--set", "model=cm3", &plain]);
    assert_eq!(code, 2, "cm3 without s and t is a usage error: {err}");
}

#[test]
fn impossible_boards_and_bad_input() {
    // five points (odd), and a 2×2 square (no tree with degrees 1, 3): count 0, solve exit 1
    for (name, text) in [
        ("odd.txt", "o o o\n\no o #\n"),
        ("square.txt", "o o\n\no o\n"),
    ] {
        let f = file(name, text);
        for engine in ["zdd", "ip"] {
            let (code, out, err) = zlink(&["count", "--kind", "circuit", "--engine", engine, &f]);
            assert_eq!((code, out.trim()), (0, "0"), "{name} {engine}: {err}");
            let (code, _, err) = zlink(&["solve", "--kind", "circuit", "--engine", engine, &f]);
            assert_eq!(code, 1, "{name} {engine}: {err}");
        }
    }
    let bad = file("bad.txt", "o o\nx\no o\n");
    let (code, _, err) = zlink(&["solve", "--kind", "circuit", &bad]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.txt:2:1:"), "{err}");
    let bad = file("black.txt", "o-#\n");
    let (code, _, err) = zlink(&["count", "--kind", "circuit", &bad]);
    assert_eq!(code, 2);
    assert!(err.contains("black.txt:1:2:"), "{err}");
    let f = file("model.txt", TWO_BY_THREE);
    let (code, _, _) = zlink(&["solve", "--kind", "circuit", "--set", "model=cm9", &f]);
    assert_eq!(code, 2);
}

#[test]
fn generated_boards_are_seeded_solvable_and_counted_alike() {
    let args = [
        "generate", "circuit", "--grid", "4x4", "--seed", "7", "--givens", "0",
    ];
    let (code, board, err) = zlink(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(zlink(&args).1, board, "same seed, same board");
    let f = file("gen.txt", &board);
    let (code, zdd, _) = zlink(&["count", "--kind", "circuit", &f]);
    assert_eq!(code, 0);
    let (code, ip, _) = zlink(&["count", "--kind", "circuit", "--engine", "ip", &f]);
    assert_eq!(code, 0);
    assert_eq!(zdd, ip);
    assert_ne!(zdd.trim(), "0");
    let (code, _, err) = zlink(&["solve", "--kind", "circuit", "--set", "model=cm2", &f]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = zlink(&["generate", "circuit", "--grid", "3x300"]);
    assert_eq!(code, 2, "{err}");
    let svg = file("gen.svg", "");
    let (code, _, _) = zlink(&[
        "generate", "circuit", "--grid", "5x5", "--ends", "--svg", &svg,
    ]);
    assert_eq!(code, 0);
    assert!(std::fs::read_to_string(&svg).unwrap().contains(">T</text>"));
}

#[test]
fn budget_exits_3_and_time_limit_is_undecided() {
    let (_, board, _) = zlink(&["generate", "circuit", "--grid", "12x12", "--seed", "1"]);
    let f = file("big.txt", &board);
    let (code, _, err) = zlink(&["count", "--kind", "circuit", "--max-memory", "1K", &f]);
    assert_eq!(code, 3, "{err}");
    let (code, _, err) = zlink(&["solve", "--kind", "circuit", "--max-memory", "1K", &f]);
    assert_eq!(code, 3, "{err}");
    // the diagram's node budget comes from the memory budget: that is what to raise (puzzle
    // commands have no --max-nodes, which the message used to advise)
    let args = [
        "solve",
        "--kind",
        "circuit",
        "--engine",
        "zdd",
        "--max-memory",
        "100K",
        &f,
    ];
    let (code, _, err) = zlink(&args);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("raise --max-memory"), "{err}");
    assert!(!err.contains("--max-nodes"), "{err}");
    // listing the (many) trees of a 12×12 board one by one does not end in a second: "not
    // decided": a budget ran out, exit 3 as for every command (README), with the reason
    let (code, _, err) = zlink(&[
        "count",
        "--kind",
        "circuit",
        "--engine",
        "ip",
        "--time-limit",
        "1",
        &f,
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("time limit"), "{err}");
}

/// `generate circuit` keeps its boards until it prints them: a billion boards stopped only
/// when the OS killed it (about 112 KB each held). Now the memory budget is checked before
/// the first board, and `--time-limit` between boards; neither prints a partial list.
#[test]
fn generating_honours_the_memory_budget_and_the_time_limit() {
    let board = ["generate", "circuit", "--grid", "64x64", "--boards"];
    stops_with(&[&board[..], &["1000000000"]].concat(), "memory budget");
    stops_with(
        &[&board[..], &["100", "--max-memory", "1M"]].concat(),
        "memory budget",
    );
    stops_with(
        &[
            &board[..],
            &[
                "100000",
                "--json",
                "--max-memory",
                "100G",
                "--time-limit",
                "0.5",
            ],
        ]
        .concat(),
        "time limit of 0.5 s",
    );
    // within both, the same boards as without them
    let args = ["generate", "circuit", "--grid", "4x4", "--boards", "3"];
    let (code, plain, _) = zlink(&args);
    assert_eq!(code, 0);
    let mut limited = args.to_vec();
    limited.extend(["--max-memory", "1M", "--time-limit", "60"]);
    assert_eq!(zlink(&limited), (0, plain, String::new()));
}
