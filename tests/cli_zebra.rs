//! `zlink solve|count|render|generate` for the Zebra puzzle: both engines on the 1962 Life
//! puzzle, JSON statistics, SVG, exit codes and positioned errors, contradictions, and the
//! seeded maker.

mod common;

use common::{stops_with, zlink};

const LIFE: &str = "data/zebra/life-1962.txt";

fn file(name: &str, text: &str) -> String {
    let p = std::env::temp_dir().join(format!("zlink-cli-zebra-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn both_engines_solve_and_count_the_1962_puzzle() {
    for engine in ["propagate", "ip"] {
        let (code, out, err) = zlink(&["solve", "--kind", "zebra", "--engine", engine, LIFE]);
        assert_eq!(code, 0, "{engine}: {err}");
        let last = out.lines().last().unwrap_or("");
        assert_eq!(
            last.split_whitespace().collect::<Vec<_>>(),
            ["5", "green", "Japanese", "coffee", "Parliaments", "zebra"],
            "{out}"
        );
        assert!(out.contains("1      yellow  Norwegian    water"), "{out}");
        let (code, out, _) = zlink(&["count", "--kind", "zebra", "--engine", engine, LIFE]);
        assert_eq!((code, out.trim()), (0, "1"), "{engine}");
    }
    let (code, out, _) = zlink(&[
        "count",
        "--kind",
        "zebra",
        "--set",
        "heuristic=original",
        "--json",
        LIFE,
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["count"], serde_json::json!(1));
    assert!(
        v["stats"]["counters"]["inferences"].as_u64() > Some(0),
        "{out}"
    );
    assert!(v["stats"]["counters"]["nodes"].as_u64() >= Some(1), "{out}");
    let (code, out, _) = zlink(&["solve", "--kind", "zebra", "--engine", "ip", "--json", LIFE]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["stats"]["counters"]["solver_calls"].as_u64() >= Some(1),
        "{out}"
    );
    let svg = file("life.svg", "");
    let (code, _, err) = zlink(&["solve", "--kind", "zebra", "--svg", &svg, LIFE]);
    assert_eq!(code, 0, "{err}");
    let pic = std::fs::read_to_string(&svg).unwrap();
    assert!(pic.starts_with("<svg") && pic.contains(">Parliaments</text>"));
    let (code, _, err) = zlink(&["solve", "--kind", "zebra", "--set", "heuristic=fast", LIFE]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn bad_input_is_positioned_and_contradictions_have_no_solution() {
    let bad = file(
        "bad.txt",
        "# two attributes\nnationality: Dane Swede\npet: cat dog\nDane = cat\nSwede near dog\n",
    );
    let (code, _, err) = zlink(&["solve", "--kind", "zebra", &bad]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bad.txt:5:7:"), "{err}");
    let contra = file(
        "contra.txt",
        "nationality: Dane Swede\npet: cat dog\nDane = cat\nSwede = cat\n---\nc: x y\nx @ 2\n",
    );
    let (code, out, err) = zlink(&["count", "--kind", "zebra", &contra]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.split_whitespace().collect::<Vec<_>>(),
        ["0", "1"],
        "{out}"
    );
    for engine in ["propagate", "ip"] {
        let one = file(
            "one.txt",
            "nationality: Dane Swede\npet: cat dog\nDane = cat\nSwede = cat\n",
        );
        let (code, _, err) = zlink(&["solve", "--kind", "zebra", "--engine", engine, &one]);
        assert_eq!(code, 1, "{engine}: {err}");
    }
}

#[test]
fn render_prints_the_puzzle_and_generate_makes_unique_puzzles() {
    let (code, out, err) = zlink(&["render", "--kind", "zebra", LIFE]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Englishman = red") && out.contains("ivory left-of green"),
        "{out}"
    );
    let make = || {
        zlink(&[
            "generate",
            "zebra",
            "--houses",
            "4",
            "--attributes",
            "3",
            "--seed",
            "7",
            "--count",
            "2",
        ])
    };
    let (code, out, err) = make();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("---").count(), 1, "{out}");
    let made = file("made.txt", &out);
    let (code, counted, err) = zlink(&["count", "--kind", "zebra", &made]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(counted.split_whitespace().collect::<Vec<_>>(), ["1", "1"]);
    let (_, again, _) = make();
    assert_eq!(again, out, "same seed, same puzzles");
    let (code, _, err) = zlink(&["generate", "zebra", "--houses", "0"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn memory_budget_and_time_limit_stop_cleanly() {
    for engine in ["propagate", "ip"] {
        let (code, _, err) = zlink(&[
            "count",
            "--kind",
            "zebra",
            "--engine",
            engine,
            "--max-memory",
            "1k",
            LIFE,
        ]);
        assert_eq!(code, 3, "{engine}: {err}");
        assert!(err.contains("memory budget"), "{err}");
    }
    // 8 houses, 3 attributes, no clues: (8!)^3 tables, far beyond a short time limit
    let free = file(
        "free.txt",
        "a: a1 a2 a3 a4 a5 a6 a7 a8\nb: b1 b2 b3 b4 b5 b6 b7 b8\nc: c1 c2 c3 c4 c5 c6 c7 c8\n",
    );
    let (code, _, err) = zlink(&["count", "--kind", "zebra", "--time-limit", "0.3", &free]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("time limit"), "{err}");
    // the generator's checks run on what is left of its limit; the message names the limit
    // given (it said "time limit of 0 s"). 20 houses of 20 attributes take minutes.
    stops_with(
        &[
            "generate",
            "zebra",
            "--houses",
            "20",
            "--attributes",
            "20",
            "--time-limit",
            "0.5",
        ],
        "time limit of 0.5 s",
    );
}
