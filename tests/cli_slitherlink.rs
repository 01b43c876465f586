//! `zlink solve|count --kind slitherlink --engine ip`: formats, cuts on/off, counts, errors.

mod common;

use common::zlink;

const URL: &str = "https://puzz.link/p?slither/5/5/cbcbcddad";
const SOLUTION: &str = "\
+-+-+-+-+-+
|2     1  |
+ +-+-+ + +
| |2  |  1|
+ + +-+ + +
| | |2    |
+ + + +-+ +
|3| | |3| |
+-+ +-+ + +
   0    |3|
+ + + + +-+
";

#[test]
fn url_and_tatham_id_solve_with_and_without_cuts() {
    for cuts in ["on", "off"] {
        let (code, out, err) = zlink(&[
            "solve",
            "--kind",
            "slitherlink",
            "--engine",
            "ip",
            "--set",
            &format!("cuts={cuts}"),
            URL,
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, SOLUTION);
    }
    let (code, out, _) = zlink(&[
        "solve",
        "--kind",
        "slither",
        "--engine",
        "ip",
        "5x5t0:2b1b2b1b2b3b3b0b3",
    ]);
    assert_eq!((code, out.as_str()), (0, SOLUTION));
}

#[test]
fn stats_show_the_subtour_rounds_and_counts_are_exact() {
    let (code, _, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--engine",
        "ip",
        "--stats",
        URL,
    ]);
    assert_eq!(code, 0);
    assert!(
        err.contains("round\tseconds\tnodes\titerations\tsubtours"),
        "{err}"
    );
    let (code, out, _) = zlink(&["count", "--kind", "slitherlink", "--engine", "ip", URL]);
    assert_eq!((code, out.trim()), (0, "1"));
    // a blank 2×2 grid has 13 loops (every simple cycle of the 3×3 lattice)
    let (code, out, _) = zlink(&[
        "count",
        "--kind",
        "slitherlink",
        "--engine",
        "ip",
        "2x2t0:d",
    ]);
    assert_eq!((code, out.trim()), (0, "13"));
}

#[test]
fn zdd_stats_show_deduction_phases_and_states_per_level() {
    // deduction alone decides this puzzle: no build, one solution
    let (code, out, err) = zlink(&["count", "--kind", "slitherlink", "--stats", URL]);
    assert_eq!((code, out.trim()), (0, "1"), "{err}");
    assert!(err.contains("decided=1"), "{err}");
    assert!(err.contains("segments=60, fixed_on="), "{err}");
    assert!(err.contains("deduce_us="), "{err}");
    // a blank grid leaves everything to the build: the states per level are listed
    let (code, out, err) = zlink(&["count", "--kind", "slitherlink", "--stats", "2x2t0:d"]);
    assert_eq!((code, out.trim()), (0, "13"), "{err}");
    assert!(err.contains("decided=0"), "{err}");
    assert!(
        err.contains("from_level\tto_level\tmax_states\tstates"),
        "{err}"
    );
    // two 4s side by side contradict: count 0, found by deduction
    let (code, out, err) = zlink(&[
        "count",
        "--kind",
        "slitherlink",
        "--json",
        "--stats",
        "1x2t0:44",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["count"], 0, "{out}");
    assert_eq!(v["stats"]["counters"]["contradiction"], 1, "{out}");
}

#[test]
fn bad_input_exits_2_and_impossible_puzzles_exit_1() {
    let (code, _, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--engine",
        "ip",
        "2x2t0:a5b",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains(":1:8: clue `5` is impossible"), "{err}");
    let (code, _, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--engine",
        "ip",
        "https://pzprxs.vercel.app/p?slither/f/3/3/gdk",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("`f` flag"), "{err}");
    let (code, _, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--engine",
        "ip",
        "--set",
        "cuts=maybe",
        URL,
    ]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = zlink(&[
        "solve",
        "--kind",
        "slitherlink",
        "--engine",
        "ip",
        "2x1t0:40",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("no solution"), "{err}");
}

/// The ERATO zslilin file (`cols rows` header, algorithms2012 example) reads as its own
/// format: 7 columns by 5 rows, one solution by both engines.
#[test]
fn erato_cols_rows_file_counts_one_solution() {
    let f = "data/erato-zdd-examples/algorithms2012_slilin001.dat";
    for engine in ["zdd", "ip"] {
        let (code, out, err) = zlink(&["count", "--kind", "slitherlink", "--engine", engine, f]);
        assert_eq!(code, 0, "{engine}: {err}");
        assert_eq!(out.trim().lines().last(), Some("1"), "{engine}: {out}");
    }
    let (code, out, _) = zlink(&["solve", "--kind", "slitherlink", f]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().count(),
        11,
        "5 rows of cells, 6 of edges: {out}"
    );
    assert_eq!(
        out.lines().next().map(str::len),
        Some(15),
        "7 columns: {out}"
    );
}
