//! `zlink solve|count --kind hashi`: formats, models, counts, exit codes and positioned errors.

mod common;

use common::zlink;

const URL: &str = "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3";
const SOLUTION: &str = "\
4═══2 · ·
‖
‖ 3─────2
‖ ‖     │
3 ‖ · · │
│ ‖     │
│ 3───1 │
│       │
3═══4═══3
";

#[test]
fn every_model_solves_the_pzprjs_vector_to_its_unique_solution() {
    for model in ["lazy", "bfs", "flow"] {
        let (code, out, err) = zlink(&[
            "solve",
            "--kind",
            "hashi",
            "--set",
            &format!("model={model}"),
            URL,
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, SOLUTION, "{model}");
    }
    // the Tatham id of the same grid, given inline
    let (code, out, _) = zlink(&[
        "solve",
        "--kind",
        "bridges",
        "--engine",
        "ip",
        "5x5m2:4a2c3b23e3a1a3a4a3",
    ]);
    assert_eq!((code, out.as_str()), (0, SOLUTION));
}

#[test]
fn counts_unique_and_non_unique_puzzles() {
    let (code, out, _) = zlink(&["count", "--kind", "hashi", URL]);
    assert_eq!((code, out.trim()), (0, "1"));
    let data = zlink_testkit::data::path("cllv-hashi/dataset/100/Hs_16_100_25_00_001.has")
        .expect("shipped in data/");
    let data = data.to_str().unwrap();
    let (code, out, err) = zlink(&[
        "count", "--kind", "hashi", "--engine", "ip", "--limit", "3", data,
    ]);
    // an enumerating engine stopped by the limit says the count is a lower bound
    assert_eq!((code, out.trim()), (0, "at least 3"));
    assert!(err.contains("limit of 3 solutions"), "{err}");
    // the default ZDD engine counts exactly, and the IP's full enumeration agrees
    let (code, zdd, err) = zlink(&["count", "--kind", "hashi", data]);
    assert_eq!(code, 0, "{err}");
    let (code, ip, err) = zlink(&["count", "--kind", "hashi", "--engine", "ip", data]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(zdd.trim(), "64");
    assert_eq!(ip.trim(), zdd.trim());
}

#[test]
fn stats_print_the_per_round_table() {
    let (code, _, err) = zlink(&["solve", "--kind", "hashi", "--stats", URL]);
    assert_eq!(code, 0);
    assert!(
        err.contains("round\tseconds\tnodes\titerations\tcuts"),
        "{err}"
    );
}

#[test]
fn bad_input_and_settings_exit_2_with_a_position() {
    let dir = std::env::temp_dir().join(format!("zlink-cli-hashi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.has");
    std::fs::write(&f, "2 3 2\n1 0 1\n0 0 0 0\n").unwrap();
    let (code, _, err) = zlink(&["solve", "--kind", "hashi", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad.has:3:7: expected 3 cells in row 2, found 4"),
        "{err}"
    );
    std::fs::write(&f, "2 2 3\n1 1\n0 0\n").unwrap();
    let (code, _, err) = zlink(&["solve", "--kind", "hashi", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad.has:1:5: the header announces 3 islands but the grid has 2"),
        "{err}"
    );
    let (code, _, err) = zlink(&["solve", "--kind", "hashi", "--set", "model=magic", URL]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown Hashi model `magic`"), "{err}");
    let (code, _, _) = zlink(&["solve", "--kind", "hashi", "--set", "nonsense", URL]);
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn unsolvable_puzzles_exit_1() {
    // two 2s that can only bridge each other, and a lone 1 that no one can reach
    let (code, _, err) = zlink(&["solve", "--kind", "hashi", "3x3m2:2a2e1"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no solution"), "{err}");
}

/// `solve --sample N --seed S`: N solutions drawn uniformly from all of them by the ZDD
/// engine (the default `solve` engine, the IP, cannot), the same for the same seed; the count
/// drawn from equals `count`'s; a unique puzzle draws its solution every time.
#[test]
fn samples_are_drawn_from_every_solution() {
    let data = zlink_testkit::data::path("cllv-hashi/dataset/100/Hs_16_100_25_00_001.has")
        .expect("shipped in data/");
    let f = data.to_str().unwrap();
    let (code, counted, _) = zlink(&["count", "--kind", "hashi", f]);
    assert_eq!((code, counted.trim()), (0, "64"));
    let args = [
        "--json", "solve", "--kind", "hashi", "--sample", "3", "--seed", "5", f,
    ];
    let (code, out, err) = zlink(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["status"].as_str(), v["count"].as_u64()),
        (Some("sampled"), Some(64))
    );
    assert_eq!(
        (v["seed"].as_u64(), v["samples"].as_array().map(Vec::len)),
        (Some(5), Some(3))
    );
    let draws = |args: &[&str]| -> serde_json::Value {
        serde_json::from_str::<serde_json::Value>(&zlink(args).1).unwrap()["samples"].clone()
    };
    assert_eq!(draws(&args), v["samples"], "the same seed, the same draws");
    let other = draws(&[&args[..7], &["6", f]].concat());
    assert_ne!(other, v["samples"], "another seed, other draws (3 of 64)");
    // text: the drawings one after another, what they were drawn from on stderr
    let (code, out, err) = zlink(&["solve", "--kind", "hashi", "--sample", "2", f]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("2 draws (seed 1) from 64 solutions"), "{err}");
    assert_eq!(out.split("\n\n").count(), 2, "{out}");
    // a unique puzzle: its one solution, every draw
    let (code, out, err) = zlink(&["solve", "--kind", "hashi", "--sample", "2", URL]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("{SOLUTION}\n{SOLUTION}"));
    assert!(err.contains("from 1 solution\n"), "{err}");
    // no solution: exit 1, as solve
    let (code, out, _) = zlink(&[
        "solve",
        "--kind",
        "hashi",
        "--sample",
        "2",
        "https://puzz.link/p?hashi/3/1/1g2",
    ]);
    assert_eq!((code, out.as_str()), (1, ""));
    // a million draws of 100-island solutions do not fit 10 MB: exit 3 before drawing
    let args = [
        "solve",
        "--kind",
        "hashi",
        "--sample",
        "1000000",
        "--max-memory",
        "10M",
        f,
    ];
    let (code, out, err) = zlink(&args);
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert!(
        err.contains("draws") && err.contains("memory budget"),
        "{err}"
    );
    // engines that cannot sample, and nonsense counts, are usage errors
    let (code, _, err) = zlink(&[
        "solve", "--kind", "hashi", "--engine", "ip", "--sample", "2", f,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cannot sample") && err.contains("zdd"),
        "{err}"
    );
    for bad in [
        &["solve", "--kind", "hashi", "--sample", "0", f][..],
        &["solve", "--kind", "hashi", "--sample", "1000001", f],
        &["solve", "--kind", "hashi", "--seed", "3", f],
    ] {
        let (code, out, err) = zlink(bad);
        assert_eq!((code, out.as_str()), (2, ""), "{bad:?}: {err}");
    }
}
