//! End-to-end tests of `zlink count paths|cycles`: exact counts (OEIS), exit codes, JSON shape.

mod common;

use common::run as zlink;

/// The last stdout line, which must be the bare count.
fn count(args: &[&str]) -> String {
    let out = zlink(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let last = stdout.lines().last().unwrap_or("").to_string();
    assert!(
        last.chars().all(|c| c.is_ascii_digit()) && !last.is_empty(),
        "last line {last:?}"
    );
    last
}

#[test]
fn corner_paths_match_a007764() {
    assert_eq!(count(&["count", "paths", "--grid", "1x1"]), "1");
    assert_eq!(count(&["count", "paths", "--grid", "6x6"]), "1262816");
    assert_eq!(
        count(&["count", "paths", "--grid", "9x9", "--threads", "2"]),
        "3266598486981642"
    );
    assert_eq!(
        count(&[
            "count",
            "paths",
            "--grid",
            "9x9",
            "--threads",
            "1",
            "--order",
            "row-major"
        ]),
        "3266598486981642"
    );
    assert_eq!(
        count(&["count", "paths", "--grid", "7x7", "--build"]),
        "575780564"
    );
}

#[test]
fn cycles_match_a140517_and_a003763() {
    assert_eq!(count(&["count", "cycles", "--grid", "1x1"]), "0");
    assert_eq!(count(&["count", "cycles", "--grid", "7x7"]), "487150371");
    assert_eq!(
        count(&["count", "cycles", "--grid", "7x7", "--order", "greedy"]),
        "487150371"
    );
    assert_eq!(
        count(&["count", "cycles", "--grid", "6x6", "--build"]),
        "1222363"
    );
    assert_eq!(
        count(&["count", "cycles", "--grid", "8x8", "--hamiltonian"]),
        "4638576"
    );
    assert_eq!(
        count(&["count", "cycles", "--grid", "5x5", "--hamiltonian"]),
        "0"
    );
}

#[test]
fn endpoints_and_hamiltonian_paths() {
    // 3x3: two Hamiltonian corner-to-corner paths (the two boustrophedons), two from a corner
    // to the centre (the two spirals), none from an edge midpoint (wrong colour class).
    assert_eq!(
        count(&["count", "paths", "--grid", "3x3", "--hamiltonian"]),
        "2"
    );
    assert_eq!(
        count(&[
            "count",
            "paths",
            "--grid",
            "3x3",
            "--from",
            "0,0",
            "--to",
            "1,1",
            "--hamiltonian"
        ]),
        "2"
    );
    assert_eq!(
        count(&[
            "count",
            "paths",
            "--grid",
            "3x3",
            "--from",
            "0,1",
            "--to",
            "2,2",
            "--hamiltonian"
        ]),
        "0"
    );
    // Paths between adjacent corners of a 2x3 grid equal those from (0,0) to (0,2).
    assert_eq!(
        count(&["count", "paths", "--grid", "2x3", "--to", "0,2"]),
        "4"
    );
}

#[test]
fn edge_list_files() {
    let dir = std::env::temp_dir().join(format!("zlink-cli-count-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let k4 = dir.join("k4.txt");
    std::fs::write(&k4, "# complete graph K4\n0 1\n0 2\n0 3\n1 2\n1 3\n2 3\n").unwrap();
    let k4 = k4.to_str().unwrap();
    assert_eq!(count(&["count", "cycles", "--graph", k4]), "7");
    assert_eq!(
        count(&["count", "cycles", "--graph", k4, "--hamiltonian"]),
        "3"
    );
    assert_eq!(
        count(&["count", "paths", "--graph", k4, "--from", "0", "--to", "3"]),
        "5"
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "0 1\n1 two\n").unwrap();
    let out = zlink(&["count", "cycles", "--graph", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bad.txt:2:3: expected a vertex number"),
        "{err}"
    );
    let out = zlink(&["count", "paths", "--graph", k4, "--to", "4"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn exit_codes() {
    for args in [
        &["count", "paths", "--grid", "3"][..],
        &["count", "paths", "--grid", "0x4"],
        &["count", "paths", "--grid", "3x3", "--from", "3,0"],
        &["count", "paths", "--grid", "3x3", "--to", "x"],
        &["count", "cycles"],
        &["count", "cycles", "--graph", "/nonexistent/zlink/graph.txt"],
    ] {
        assert_eq!(zlink(args).status.code(), Some(2), "{args:?}");
    }
    for extra in [&[][..], &["--build"]] {
        let mut args = vec!["count", "paths", "--grid", "8x8", "--max-nodes", "500"];
        args.extend_from_slice(extra);
        let out = zlink(&args);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("node budget of 500") && err.contains("raise --max-nodes"));
    }
    // a build under a memory budget stops cleanly, saying which budget to raise
    let out = zlink(&[
        "count",
        "paths",
        "--grid",
        "9x9",
        "--build",
        "--max-memory",
        "1M",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("memory budget of 1.0 MiB") && err.contains("--max-memory"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    // so does a count, whose memory is the states it holds at once
    let out = zlink(&["count", "paths", "--grid", "10x10", "--max-memory", "100K"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("states held at once") && err.contains("--max-memory"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let bad = zlink(&[
        "count",
        "paths",
        "--grid",
        "3x3",
        "--build",
        "--max-memory",
        "lots",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    // a time limit stops a count (and a build) with exit 3 and no count; a run within it counts
    for extra in [&[][..], &["--build"][..]] {
        let mut args = vec!["count", "cycles", "--grid", "30x30", "--time-limit", "0.2"];
        args.extend_from_slice(extra);
        let started = std::time::Instant::now();
        let out = zlink(&args);
        assert!(started.elapsed().as_secs() < 20, "{args:?}");
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("time limit"));
        assert!(out.stdout.is_empty());
    }
    assert_eq!(
        count(&["count", "cycles", "--grid", "4x4", "--time-limit", "60"]),
        "213"
    );
    let nan = zlink(&["count", "paths", "--grid", "3x3", "--time-limit", "nan"]);
    assert_eq!(nan.status.code(), Some(2));
}

/// JSON output with the machine-dependent fields replaced.
fn json(args: &[&str]) -> serde_json::Value {
    let out = zlink(args);
    assert!(out.status.success());
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    for key in ["seconds", "peak_memory_bytes"] {
        assert!(v[key].is_number(), "{key} missing");
        v[key] = "[redacted]".into();
    }
    v
}

#[test]
fn json_shape() {
    insta::assert_json_snapshot!(
        "paths_8x8",
        json(&["--json", "count", "paths", "--grid", "8x8"])
    );
    insta::assert_json_snapshot!(
        "cycles_5x5_built",
        json(&["count", "cycles", "--grid", "5x5", "--build", "--json"])
    );
}

#[test]
fn saved_zdd_loads_with_the_same_count() {
    let path = std::env::temp_dir().join(format!("zlink-cli-count-{}.zdd", std::process::id()));
    let p = path.to_str().unwrap();
    let printed = count(&["count", "cycles", "--grid", "6x6", "--save", p]);
    assert_eq!(printed, "1222363");
    let mut zdd = zlink_zdd::Zdd::new(0);
    let roots = zdd.from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(zdd.count(roots[0]).to_string(), printed);
    std::fs::remove_file(&path).ok();
}

/// Frontiers wider than the packed state (25 slots) switch to wide states: a fan (hub 0, rim
/// path 1..=30) with its spokes listed first has width 31 in the given order. Its cycles are
/// the rim intervals closed through the hub, C(30, 2) = 435; its paths from the hub to rim
/// vertex 30 go along the rim from any start: 30 of them.
#[test]
fn wide_frontiers_count_exactly() {
    let dir = std::env::temp_dir().join(format!("zlink-cli-wide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fan = dir.join("fan.txt");
    let mut text: String = (1..=30).map(|i| format!("0 {i}\n")).collect();
    text.extend((1..30).map(|i| format!("{i} {}\n", i + 1)));
    std::fs::write(&fan, text).unwrap();
    let fan = fan.to_str().unwrap();
    for build in [&[][..], &["--build"]] {
        let args = [
            &[
                "--json",
                "count",
                "cycles",
                "--graph",
                fan,
                "--order",
                "row-major",
            ][..],
            build,
        ]
        .concat();
        let out = zlink(&args);
        assert!(out.status.success());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["count"], 435);
        assert!(v["max_frontier_width"].as_u64().unwrap() > 25, "{v}");
    }
    let args = [
        "count",
        "paths",
        "--graph",
        fan,
        "--order",
        "row-major",
        "--from",
        "0",
        "--to",
        "30",
    ];
    assert_eq!(count(&args), "30");
    std::fs::remove_dir_all(&dir).ok();
}
