//! `zlink generate numberlink --size HxW`: one random puzzle, checked here by the independent
//! brute force of zlink-testkit (unique under the asked rules, the printed solution the one);
//! every flag (--seed, --pairs, --rules, --difficulty, --trivial, --solution, --format, --svg,
//! --verify, --json), budgets (exit 3, nothing on stdout) and bad input (exit 2).

mod common;

use common::{stops_with, zlink};
use zlink_puzzle::numberlink::formats::{parse_compact, parse_janko};
use zlink_puzzle::numberlink::url::parse_url;
use zlink_puzzle::numberlink::NumberlinkGrid;
use zlink_puzzle::Coord;
use zlink_testkit::graph::SmallGraph;
use zlink_testkit::numbered_paths::{grid_squares, solutions};

/// The number of solutions of `p` by the oracle, under `cover` and no U-bends when `no_u`.
fn brute_count(p: &NumberlinkGrid, cover: bool, no_u: bool) -> usize {
    let (rows, cols) = (p.rows(), p.cols());
    let id = |c: Coord| c.row * cols + c.col;
    let pairs: Vec<_> = p.pairs().iter().map(|&(_, a, b)| (id(a), id(b))).collect();
    let squares = if no_u {
        grid_squares(rows, cols)
    } else {
        Vec::new()
    };
    solutions(&SmallGraph::grid(rows, cols), &pairs, cover, &squares).len()
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = zlink(&[args, &["--json"]].concat());
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn a_puzzle_unique_under_each_rule_set_by_the_oracle() {
    for (rules, cover, no_u) in [
        ("janko", true, true),
        ("cover", true, false),
        ("plain", false, false),
    ] {
        let size = if rules == "plain" { "5x5" } else { "6x6" };
        for seed in ["1", "2"] {
            let args = [
                "generate",
                "numberlink",
                "--size",
                size,
                "--seed",
                seed,
                "--rules",
                rules,
            ];
            let (code, out, err) = zlink(&args);
            assert_eq!(code, 0, "{err}");
            let p = parse_compact(&out, "out").unwrap();
            assert_eq!(
                brute_count(&p, cover, no_u),
                1,
                "{rules} seed {seed}\n{out}"
            );
            assert!(err.contains("unique under"), "{err}");
            // no trivial pair
            for &(_, a, b) in p.pairs() {
                assert!(a.row.abs_diff(b.row) + a.col.abs_diff(b.col) > 1, "{out}");
            }
            assert_eq!(zlink(&args).1, out, "same seed, same puzzle");
            let v = json(&args);
            assert_eq!(v["rules"], rules);
            assert_eq!(v["unique"][rules], true);
            assert_eq!(v["compact"].as_str().unwrap(), out);
            assert_eq!(v["pairs"].as_u64().unwrap() as usize, p.pairs().len());
            for key in [
                "grade", "url", "janko", "seconds", "checks", "repairs", "layouts",
            ] {
                assert!(!v[key].is_null(), "{key} in {v}");
            }
            // what it says under the other rule sets is what the oracle says
            for (other, c, u) in [
                ("janko", true, true),
                ("cover", true, false),
                ("plain", false, false),
            ] {
                if let Some(unique) = v["unique"][other].as_bool() {
                    if size == "5x5" || other != "plain" {
                        assert_eq!(unique, brute_count(&p, c, u) == 1, "{rules} under {other}");
                    }
                }
            }
        }
    }
}

#[test]
fn formats_solution_svg_and_verify() {
    let base = ["generate", "numberlink", "--size", "7x9", "--seed", "4"];
    let (_, compact, _) = zlink(&base);
    let p = parse_compact(&compact, "c").unwrap();
    assert_eq!((p.rows(), p.cols()), (7, 9), "rows x columns");
    let (_, janko, _) = zlink(&[&base[..], &["--format", "janko"]].concat());
    assert_eq!(parse_janko(&janko, "j").unwrap(), p);
    let (_, url, _) = zlink(&[&base[..], &["--format", "url"]].concat());
    assert!(url.starts_with("https://puzz.link/p?numlin/9/7/"), "{url}");
    assert_eq!(parse_url(url.trim(), "u").unwrap().grid, p);
    // the solution after a blank line; in the JSON as lines
    let (code, out, _) = zlink(&[&base[..], &["--solution"]].concat());
    assert_eq!(code, 0);
    let (puzzle, solution) = out.split_once("\n\n").unwrap();
    assert_eq!(format!("{puzzle}\n"), compact);
    assert_eq!(solution.lines().count(), 7);
    let v = json(&[&base[..], &["--solution"]].concat());
    assert_eq!(v["solution"].as_array().unwrap().len(), 7);
    // SVG beside, --verify by the engine
    let dir = std::env::temp_dir().join(format!("zlink-nlsize-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("p.svg");
    let (code, out, err) =
        zlink(&[&base[..], &["--svg", svg.to_str().unwrap(), "--verify"]].concat());
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, compact);
    assert!(err.contains("verified"), "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let missing = dir.join("no/such/folder/p.svg");
    let (code, out, _) = zlink(&[&base[..], &["--svg", missing.to_str().unwrap()]].concat());
    assert_eq!((code, out.as_str()), (2, ""));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(json(&[&base[..], &["--verify"]].concat())["verified"], true);
}

#[test]
fn pairs_difficulty_and_trivial() {
    let v = json(&[
        "generate",
        "numberlink",
        "--size",
        "8x8",
        "--pairs",
        "5..6",
        "--seed",
        "2",
    ]);
    let n = v["pairs"].as_u64().unwrap();
    assert!((5..=6).contains(&n), "{v}");
    assert_eq!(v["pair_range"], serde_json::json!([5, 6]));
    let v = json(&[
        "generate",
        "numberlink",
        "--size",
        "8x8",
        "--pairs",
        "7",
        "--seed",
        "2",
    ]);
    assert_eq!(v["pairs"], 7);
    for level in ["easy", "medium"] {
        let v = json(&[
            "generate",
            "numberlink",
            "--size",
            "8x8",
            "--difficulty",
            level,
        ]);
        assert_eq!(
            (v["grade"].as_str(), v["difficulty"].as_str()),
            (Some(level), Some(level))
        );
    }
    let v = json(&[
        "generate",
        "numberlink",
        "--size",
        "10x10",
        "--difficulty",
        "hard",
    ]);
    assert_eq!(v["grade"], "hard");
    // trivial pairs (ends side by side) only with --trivial
    let mut seen = false;
    for seed in 0..10 {
        let s = seed.to_string();
        let args = [
            "generate",
            "numberlink",
            "--size",
            "5x5",
            "--pairs",
            "7..8",
            "--seed",
            &s,
        ];
        let (code, out, err) = zlink(&[&args[..], &["--trivial"]].concat());
        assert_eq!(code, 0, "{err}");
        let p = parse_compact(&out, "t").unwrap();
        assert_eq!(brute_count(&p, true, true), 1);
        seen |= p
            .pairs()
            .iter()
            .any(|&(_, a, b)| a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1);
    }
    assert!(seen, "--trivial made no trivial pair in 10 puzzles");
    // 7..8 pairs of at least 3 cells do not fit 5x5 (25 cells, 8 lines)
    let (code, out, err) = zlink(&[
        "generate",
        "numberlink",
        "--size",
        "5x5",
        "--pairs",
        "9..10",
    ]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
}

#[test]
fn budgets_exit_3_and_bad_input_exit_2() {
    stops_with(
        &[
            "generate",
            "numberlink",
            "--size",
            "30x30",
            "--time-limit",
            "0",
        ],
        "time limit",
    );
    stops_with(
        &[
            "generate",
            "numberlink",
            "--size",
            "30x30",
            "--max-memory",
            "1K",
        ],
        "memory budget",
    );
    for args in [
        vec!["generate", "numberlink", "--size", "4y4"],
        vec!["generate", "numberlink", "--size", "1x5"],
        vec!["generate", "numberlink", "--size", "2000x2"],
        vec!["generate", "numberlink", "--size", "5x5", "--pairs", "0..3"],
        vec!["generate", "numberlink", "--size", "5x5", "--pairs", "4..2"],
        vec!["generate", "numberlink", "--size", "5x5", "--pairs", "x"],
        vec!["generate", "numberlink", "--size", "5x5", "--rules", "flow"],
        vec![
            "generate",
            "numberlink",
            "--size",
            "5x5",
            "--difficulty",
            "fiendish",
        ],
        vec!["generate", "numberlink", "--size", "5x5", "--grid", "5x5"],
        vec!["generate", "numberlink", "--size", "5x5", "--count"],
        vec![
            "generate",
            "numberlink",
            "--grid",
            "3x3",
            "--pairs",
            "2..3",
            "--count",
        ],
        vec![
            "generate",
            "numberlink",
            "--grid",
            "3x3",
            "--rules",
            "cover",
            "--count",
        ],
        vec![
            "generate",
            "numberlink",
            "--grid",
            "3x3",
            "--trivial",
            "--count",
        ],
        vec![
            "generate",
            "numberlink",
            "--size",
            "5x5",
            "--max-pairs",
            "3",
        ],
        vec!["generate", "numberlink", "--size", "5x5", "--threads", "1"],
    ] {
        let (code, out, err) = zlink(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
    }
    // the default range under cover (1.5 sqrt(cells), 68 at 45x45) is cut to the compact
    // grid's 61, not refused: the run starts, and stops at its time limit
    stops_with(
        &[
            "generate",
            "numberlink",
            "--size",
            "45x45",
            "--rules",
            "cover",
            "--time-limit",
            "0",
        ],
        "time limit",
    );
    // too many pairs asked for the compact grid (61): refused at once; the other formats write it
    let many = [
        "generate",
        "numberlink",
        "--size",
        "25x25",
        "--pairs",
        "62..64",
    ];
    let (code, out, err) = zlink(&many);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("--format janko"), "{err}");
    let v = json(&[&many[..], &["--format", "janko"]].concat());
    assert!(v["compact"].is_null(), "{v}");
    let p = parse_janko(v["puzzle"].as_str().unwrap(), "j").unwrap();
    assert!((62..=64).contains(&p.pairs().len()));
}
