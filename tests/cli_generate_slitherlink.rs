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
