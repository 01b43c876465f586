//! `zlink generate slitherlink`: the statistics against the brute-force oracle and the paper's
//! example #1 (JSON snapshot), written instances re-solved by `zlink count` and unique, one SVG
//! snapshot, positioned input errors (exit 2) and budgets (exit 3).

mod common;

use std::path::PathBuf;

use common::zlink;
use serde_json::Value;

/// The paper's example #1: the X-shaped loop on 5 × 7 cells.
const EXAMPLE_1: &str = "data/erato-zdd-examples/algorithms2012_sligen001.dat";

/// A fresh scratch directory for this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zlink-gen-sl-{}-{name}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a command that must succeed and print one JSON object.
fn json(args: &[&str]) -> Value {
    let (code, out, err) = zlink(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

/// The number of solutions of a puzzle given as a URL, by `zlink count`.
fn solutions(url: &str) -> String {
    let (code, out, err) = zlink(&["count", "--kind", "slitherlink", url]);
    assert_eq!(code, 0, "{err}");
    out.trim().to_string()
}

/// Each instance of a run's JSON has exactly one solution, and its clues are the loop's.
fn all_unique(v: &Value) -> usize {
    let loop_rows: Vec<Vec<bool>> = v["loop"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().chars().map(|c| c == 'x').collect())
        .collect();
    let inside = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < loop_rows.len()
            && (c as usize) < loop_rows[0].len()
            && loop_rows[r as usize][c as usize]
    };
    let instances = v["instances"].as_array().unwrap();
    for inst in instances {
        assert_eq!(solutions(inst["url"].as_str().unwrap()), "1", "{inst}");
        let text = inst["text"].as_str().unwrap();
        for (r, line) in text.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if let Some(d) = ch.to_digit(10) {
                    let (r, c) = (r as isize, c as isize);
                    let here = inside(r, c);
                    let sides = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                        .iter()
                        .filter(|&&(a, b)| inside(a, b) != here)
                        .count();
                    assert_eq!(d as usize, sides, "clue at {r},{c} of {text}");
                }
            }
        }
    }
    instances.len()
}

#[test]
fn example_1_stats_json() {
    let mut v = json(&[
        "generate",
        "slitherlink",
        "--loop",
        EXAMPLE_1,
        "--stats",
        "--json",
    ]);
    for key in ["seconds", "peak_memory_bytes"] {
        assert!(v[key].is_number(), "{key} missing");
        v[key] = "[redacted]".into();
    }
    // Example #1 has 35 candidates: `--route auto` takes the exact route, over all of them.
    assert_eq!(
        (&v["route"], &v["all_candidates"]),
        (&"exact".into(), &35.into())
    );
    // The paper's figures: 2,912,556,380 good sets, 32,639 minimal, 81 of the minimum 8 hints.
    assert_eq!(v["good"], 2_912_556_380u64);
    assert_eq!(v["minimal"], 32_639);
    assert_eq!(
        (v["minimum_size"].as_u64(), v["minimum_count"].as_u64()),
        (Some(8), Some(81))
    );
    insta::assert_json_snapshot!("example_1_stats", v);
}

#[test]
fn stats_agree_with_the_brute_force() {
    let dir = scratch("oracle");
    // (loop, candidates or "" for every cell), rows × cols given by the loop.
    let cases = [
        ("xx.\n.x.\n", ""),
        ("xxx\nx..\nxx.\n", ""),
        ("xxx\nx..\nxx.\n", "1.1\n.1.\n1.1\n"),
        (".x.\nxxx\n.x.\n", "11.\n111\n..1\n"),
        ("x..\n...\n...\n", "..1\n...\n1..\n"),
    ];
    for (i, (lp, cand)) in cases.iter().enumerate() {
        let lp_path = dir.join(format!("loop{i}.txt"));
        std::fs::write(&lp_path, lp).unwrap();
        let mut args = vec![
            "generate".to_string(),
            "slitherlink".into(),
            "--loop".into(),
            lp_path.to_str().unwrap().into(),
            "--stats".into(),
            "--json".into(),
        ];
        let grid = |t: &str| -> Vec<Vec<char>> { t.lines().map(|l| l.chars().collect()).collect() };
        let lg = grid(lp);
        let (rows, cols) = (lg.len(), lg[0].len());
        let inside: Vec<bool> = lg.iter().flatten().map(|&c| c == 'x').collect();
        let candidates: Vec<bool> = if cand.is_empty() {
            vec![true; rows * cols]
        } else {
            let c_path = dir.join(format!("cand{i}.txt"));
            std::fs::write(&c_path, cand).unwrap();
            args.extend(["--candidates".into(), c_path.to_str().unwrap().into()]);
            grid(cand).iter().flatten().map(|&c| c != '.').collect()
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let v = json(&args);
        let d = zlink_testkit::slither_design::design(rows, cols, &inside, &candidates);
        assert_eq!(v["good"], d.good.len(), "case {i}");
        assert_eq!(v["minimal"], d.minimal().len(), "case {i}");
        match d.minimum() {
            Some((size, count)) => {
                assert_eq!(v["minimum_size"], size, "case {i}");
                assert_eq!(v["minimum_count"], count, "case {i}");
            }
            None => assert_eq!(
                (v["minimum_size"].is_null(), &v["minimum_count"]),
                (true, &0.into())
            ),
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_written_instance_is_unique() {
    for pick in [
        &["--sample", "4", "--seed", "9"][..],
        &["--sample", "3", "--minimal"],
        &["--minimal", "--limit", "3"],
        &["--minimum", "--limit", "3"],
        &["--hardest", "--limit", "2"],
        &["--hardest", "--weights", "5,1,0,1,5"],
    ] {
        let mut args = vec![
            "generate",
            "slitherlink",
            "--loop",
            EXAMPLE_1,
            "--json",
            "--verify",
        ];
        args.extend_from_slice(pick);
        let v = json(&args);
        assert!(all_unique(&v) >= 1, "{pick:?}");
        for inst in v["instances"].as_array().unwrap() {
            assert_eq!(inst["verified"], true);
        }
    }
    // The one-command generator: a random loop and a minimal puzzle for it.
    let v = json(&[
        "generate",
        "slitherlink",
        "--size",
        "4x5",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(all_unique(&v), 1);
    let (code, out, _) = zlink(&[
        "generate",
        "slitherlink",
        "--size",
        "4x5",
        "--seed",
        "3",
        "--format",
        "url",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), v["instances"][0]["url"].as_str().unwrap());
}

#[test]
fn files_and_one_svg() {
    let dir = scratch("out");
    let d = dir.to_str().unwrap();
    let (code, out, err) = zlink(&[
        "generate",
        "slitherlink",
        "--loop",
        EXAMPLE_1,
        "--minimum",
        "--out",
        d,
        "--svg",
        "--verify",
        "--format",
        "tatham",
    ]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let tatham = std::fs::read_to_string(dir.join("minimum-1.tatham")).unwrap();
    assert_eq!(solutions(tatham.trim()), "1");
    let loop_text = std::fs::read_to_string(dir.join("loop.txt")).unwrap();
    assert_eq!(loop_text.lines().count(), 5);
    let svg = std::fs::read_to_string(dir.join("minimum-1.svg")).unwrap();
    insta::assert_snapshot!("example_1_minimum_svg", svg);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn input_errors_are_positioned() {
    let dir = scratch("errors");
    for (text, at) in [
        ("xxx\nx.x\nxxx\n", ":2:2: "),
        ("x.\n.x\n", ":1:1: "),
        ("xx\nxq\n", ":2:2: "),
        ("2 1\nxxx\n", ":2:3: "),
    ] {
        let p = dir.join("bad.txt");
        std::fs::write(&p, text).unwrap();
        let (code, _, err) = zlink(&["generate", "slitherlink", "--loop", p.to_str().unwrap()]);
        assert_eq!(code, 2, "{text:?}: {err}");
        assert!(err.contains(&format!("bad.txt{at}")), "{text:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
    let (code, _, err) = zlink(&[
        "generate",
        "slitherlink",
        "--loop",
        EXAMPLE_1,
        "--time-limit",
        "0",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("time limit"), "{err}");
    let (code, _, err) = zlink(&[
        "generate",
        "slitherlink",
        "--loop",
        EXAMPLE_1,
        "--max-memory",
        "200K",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--max-memory"), "{err}");
    let (code, _, _) = zlink(&["generate", "slitherlink", "--size", "0x3"]);
    assert_eq!(code, 2);
}

/// The clue grid of an instance's text (`.` none), row-major.
fn clues_of(text: &str) -> Vec<Vec<Option<u32>>> {
    text.lines()
        .map(|l| l.chars().map(|c| c.to_digit(10)).collect())
        .collect()
}

/// The puzz.link-free text of a clue grid (for `zlink count` from a file).
fn text_of(clues: &[Vec<Option<u32>>]) -> String {
    clues
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| c.map_or('.', |d| char::from_digit(d, 10).unwrap()))
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// The reduced route on small loops against the brute-force oracle: its figures are those of
/// the candidate set it reports (not of all cells), and every written instance is unique and
/// minimal by the oracle (removing any hint leaves another solution).
#[test]
fn reduced_route_agrees_with_the_brute_force() {
    for (size, seed) in [("3x4", "1"), ("4x4", "2"), ("4x4", "5")] {
        let v = json(&[
            "generate",
            "slitherlink",
            "--size",
            size,
            "--seed",
            seed,
            "--route",
            "reduced",
            "--extra",
            "3",
            "--stats",
            "--sample",
            "3",
            "--minimal",
            "--verify",
            "--json",
        ]);
        assert_eq!(v["route"], "reduced", "{v}");
        let grid = |k: &str| -> Vec<bool> {
            v[k].as_array()
                .unwrap()
                .iter()
                .flat_map(|r| {
                    r.as_str()
                        .unwrap()
                        .chars()
                        .map(|c| c == 'x')
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        let (inside, cand) = (grid("loop"), grid("candidate_grid"));
        let rows = v["rows"].as_u64().unwrap() as usize;
        let cols = v["cols"].as_u64().unwrap() as usize;
        assert_eq!(v["candidates"], cand.iter().filter(|&&b| b).count());
        assert_eq!(v["all_candidates"], rows * cols);
        let d = zlink_testkit::slither_design::design(rows, cols, &inside, &cand);
        assert_eq!(v["good"], d.good.len(), "{size} {seed}");
        assert_eq!(v["minimal"], d.minimal().len(), "{size} {seed}");
        let (size_min, count) = d.minimum().unwrap();
        assert_eq!(
            (&v["minimum_size"], &v["minimum_count"]),
            (&size_min.into(), &count.into())
        );
        // Minimal over all cells, by the oracle with every cell a candidate.
        let all =
            zlink_testkit::slither_design::design(rows, cols, &inside, &vec![true; rows * cols]);
        let minimal = all.minimal();
        assert_eq!(all_unique(&v), 3);
        for inst in v["instances"].as_array().unwrap() {
            let clues = clues_of(inst["text"].as_str().unwrap());
            let mask = clues
                .iter()
                .flatten()
                .enumerate()
                .filter(|(_, c)| c.is_some())
                .fold(0u32, |m, (i, _)| m | 1 << i);
            assert!(minimal.contains(&mask), "{size} {seed}: {inst}");
        }
    }
}

/// The one-command generator on 8 × 8: the removal route, a verified puzzle, and every
/// hint necessary: `zlink count` finds two or more solutions without any one of them.
#[test]
fn size_8x8_delivers_a_minimal_puzzle() {
    let v = json(&[
        "generate",
        "slitherlink",
        "--size",
        "8x8",
        "--seed",
        "1",
        "--verify",
        "--json",
        "--max-memory",
        "2G",
    ]);
    assert_eq!(v["route"], "removal");
    assert_eq!(all_unique(&v), 1);
    assert_eq!(v["instances"][0]["minimal_verified"], true);
    let dir = scratch("minimal8");
    let clues = clues_of(v["instances"][0]["text"].as_str().unwrap());
    for (r, row) in clues.iter().enumerate() {
        for (c, clue) in row.iter().enumerate() {
            if clue.is_some() {
                let mut fewer = clues.clone();
                fewer[r][c] = None;
                let p = dir.join("p.txt");
                std::fs::write(&p, text_of(&fewer)).unwrap();
                let n: u64 = solutions(p.to_str().unwrap()).parse().unwrap();
                assert!(n >= 2, "hint at {r},{c} is removable");
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    // The time limit holds on the reduced route too (exit 3).
    let (code, _, err) = zlink(&[
        "generate",
        "slitherlink",
        "--size",
        "8x8",
        "--time-limit",
        "0",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("time limit"), "{err}");
}

/// A loop no hint set makes unique: the text statistics say so in words (they printed the
/// JSON `null`: "minimum size: null hints, 0 sets").
#[test]
fn text_stats_without_a_good_hint_set_say_none() {
    let dir = scratch("none");
    let lp = dir.join("l.txt");
    std::fs::write(&lp, "xx\nx.\n").unwrap();
    let inside = [true, true, true, false];
    let d = zlink_testkit::slither_design::design(2, 2, &inside, &[true; 4]);
    assert_eq!(
        d.minimum(),
        None,
        "the oracle finds no good hint set either"
    );
    let (code, out, err) = zlink(&[
        "generate",
        "slitherlink",
        "--loop",
        lp.to_str().unwrap(),
        "--stats",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("minimum size: none (no good hint set)"),
        "{out}"
    );
    assert!(!out.contains("null"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--route auto` on a `--loop` file with more than 36 candidates tries the exact route first:
/// a 4 × 12 loop (48 cells) fits and gets the figures over every cell (its reduced route gave
/// those of a candidate subset); a random 8 × 8 loop under a 150 MB budget does not fit, and
/// the reduced route says the exact one was tried.
#[test]
fn auto_tries_the_exact_route_on_a_drawn_loop() {
    let dir = scratch("auto-try");
    let loop_4x12 = dir.join("l412.txt");
    // the loop of `zlink generate slitherlink --size 4x12 --seed 1`
    std::fs::write(
        &loop_4x12,
        "...x.x.x...x\nx..x.x.xx.xx\nxxxxxxxxx.x.\nx.....x.xxxx\n",
    )
    .unwrap();
    let v = json(&[
        "generate",
        "slitherlink",
        "--loop",
        loop_4x12.to_str().unwrap(),
        "--stats",
        "--json",
    ]);
    assert_eq!(
        (v["route"].as_str(), v["all_candidates"].as_u64()),
        (Some("exact"), Some(48))
    );
    assert_eq!(v["good"].as_u64(), Some(18_298_122_530_984), "{v}");
    assert_eq!(
        (v["minimum_size"].as_u64(), v["minimum_count"].as_u64()),
        (Some(16), Some(36_264))
    );
    let out = dir.join("g88");
    let (code, _, err) = zlink(&[
        "generate",
        "slitherlink",
        "--size",
        "8x8",
        "--seed",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let loop_8x8 = out.join("loop.txt");
    let v = json(&[
        "generate",
        "slitherlink",
        "--loop",
        loop_8x8.to_str().unwrap(),
        "--stats",
        "--json",
        "--max-memory",
        "150M",
    ]);
    assert_eq!(v["route"], "reduced", "{v}");
    assert!(
        v["exact_tried"]
            .as_str()
            .is_some_and(|s| s.contains("64 candidates")),
        "{v}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--minimum` on a route that does not cover every cell: the minimum over all of them by row
/// generation, the same size and count as the exact route's family, every instance of that
/// size and unique.
#[test]
fn minimum_over_every_cell_on_the_reduced_route() {
    for seed in ["1", "2"] {
        let run = |route: &str| {
            json(&[
                "generate",
                "slitherlink",
                "--size",
                "5x5",
                "--seed",
                seed,
                "--route",
                route,
                "--minimum",
                "--stats",
                "--limit",
                "3",
                "--verify",
                "--json",
            ])
        };
        let (exact, reduced) = (run("exact"), run("reduced"));
        assert_eq!(reduced["route"], "reduced");
        assert!(reduced["candidates"].as_u64() < reduced["all_candidates"].as_u64());
        assert_eq!(exact["minimum_size"], reduced["minimum_size"], "{reduced}");
        assert_eq!(
            exact["minimum_count"], reduced["minimum_count"],
            "{reduced}"
        );
        assert!(reduced["note"]
            .as_str()
            .unwrap()
            .contains("minimum_count are over all 25"));
        assert!(reduced["minimum_over"]
            .as_str()
            .unwrap()
            .starts_with("all 25 "));
        assert!(exact.get("minimum_over").is_none());
        let k = reduced["minimum_size"].as_u64().unwrap();
        let written = all_unique(&reduced);
        assert_eq!(
            written as u64,
            3.min(reduced["minimum_count"].as_u64().unwrap())
        );
        for inst in reduced["instances"].as_array().unwrap() {
            assert_eq!(inst["hints"], k, "{inst}");
            assert!(inst["name"].as_str().unwrap().starts_with("minimum-"));
        }
    }
    // The time limit holds in the row generation (exit 3).
    let (code, _, err) = zlink(&[
        "generate",
        "slitherlink",
        "--size",
        "8x8",
        "--minimum",
        "--time-limit",
        "4",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("time limit"), "{err}");
}
