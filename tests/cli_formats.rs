//! Issue 36, "no silent misread": what `generate` writes is read back one puzzle each, a row
//! too many is a positioned input error, an empty result is said as such, and every grid-size
//! option words its limit the same way.

mod common;

use common::zlink;

fn write(name: &str, text: &str) -> String {
    common::scratch_file("fmt", name, text)
}

/// `generate numberlink --grid 4x4 --list --limit 3` read back by `count` and `solve`: three
/// answers, each the one of its puzzle alone (the file used to be one merged 12×4 grid,
/// counted 0, exit 0).
#[test]
fn a_generated_list_is_read_back_one_puzzle_each() {
    let (code, list, err) = zlink(&[
        "generate",
        "numberlink",
        "--grid",
        "4x4",
        "--list",
        "--limit",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let puzzles: Vec<&str> = list.split("\n\n").collect();
    assert_eq!(puzzles.len(), 3, "{list}");
    let all = write("list.txt", &list);
    let (code, counts, err) = zlink(&["count", "--kind", "numberlink", &all]);
    assert_eq!(code, 0, "{err}");
    let counts: Vec<&str> = counts.lines().collect();
    assert_eq!(counts.len(), 3, "{counts:?}");
    for (i, p) in puzzles.iter().enumerate() {
        let one = write(&format!("one-{i}.txt"), p);
        let (code, alone, err) = zlink(&["count", "--kind", "numberlink", &one]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(alone.trim(), counts[i], "puzzle {i}: {p}");
        assert_ne!(counts[i], "0", "a generated puzzle has a solution");
    }
    let (code, solved, err) = zlink(&["solve", "--kind", "numberlink", &all]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(solved.lines().count(), 3, "{solved}");
    let (code, json, err) = zlink(&["--json", "solve", "--kind", "numberlink", &all]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let labels: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels.len(), 3);
    assert!(
        labels[1].ends_with(":6") && labels[2].ends_with(":11"),
        "{labels:?}"
    );
}

/// Slitherlink and Hashi grids separated by blank lines are several puzzles too.
#[test]
fn blank_lines_separate_puzzles_of_every_grid_kind() {
    let slither = write("two-slither.txt", "3.\n..\n\n.0\n..\n");
    let (code, out, err) = zlink(&["count", "--kind", "slitherlink", &slither]);
    assert_eq!((code, out.lines().count()), (0, 2), "{out}{err}");
    let hashi = write("two-hashi.txt", "1.1\n\n2.2\n");
    let (code, out, err) = zlink(&["count", "--kind", "hashi", &hashi]);
    assert_eq!((code, out.as_str()), (0, "1\n1\n"), "{err}");
}

/// A Numberlink Janko file with a row too many (holding a `1`): exit 2 at its position (it
/// used to be counted 1, exit 0).
#[test]
fn a_row_too_many_is_an_input_error_at_its_position() {
    let f = write("extra-row.txt", "2 2\n1 -\n- 1\n1 -\n");
    let (code, out, err) = zlink(&["count", "--kind", "numberlink", &f]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("extra-row.txt:4:1: unexpected text after the 2 grid rows"),
        "{err}"
    );
}

/// `generate numberlink --grid 1x1 --sample 1` (there is no good instance): exit 1 saying so,
/// not an empty success.
#[test]
fn an_empty_generation_is_said_as_such() {
    for what in [&["--sample", "1"][..], &["--list"]] {
        let mut args = vec!["generate", "numberlink", "--grid", "1x1"];
        args.extend_from_slice(what);
        let (code, out, err) = zlink(&args);
        assert_eq!(code, 1, "{what:?}: {out}{err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("grid 1x1: there is no good instance"), "{err}");
    }
}

/// Every grid-size option words its limit the same way.
#[test]
fn size_limits_have_one_wording() {
    for (args, max) in [
        (&["count", "paths", "--grid", "2000x3"][..], 1000),
        (&["generate", "numberlink", "--size", "2000x3"], 1000),
        (&["generate", "slitherlink", "--size", "300x3"], 256),
        (&["generate", "circuit", "--grid", "100x100"], 64),
    ] {
        let (code, _, err) = zlink(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        let want = format!("expected HxW (rows x columns) with 1 <= H, W <= {max}, e.g. 6x6");
        assert!(err.contains(&want), "{args:?}: {err}");
    }
}

/// `render --format F` converts a puzzle (a Janko file, a URL) into every format its kind
/// writes, and each converted file reads back to the same puzzle (compared in Janko form).
#[test]
fn render_converts_into_every_format_and_back() {
    let cases = [
        ("numberlink", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"),
        ("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad"),
        ("hashi", "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3"),
    ];
    for (kind, url) in cases {
        let (code, janko, err) = zlink(&["render", "--kind", kind, "--format", "janko", url]);
        assert_eq!(code, 0, "{err}");
        let (code, formats, _) = zlink(&["render", "--help"]);
        assert_eq!(code, 0);
        assert!(
            formats.contains("writes (render --format): text, svg, url, janko"),
            "{formats}"
        );
        for format in ["text", "url", "janko", "tatham", "erato", "compact"] {
            let (code, out, err) = zlink(&["render", "--kind", kind, "--format", format, url]);
            if code == 2 {
                assert!(err.contains("is written as text, svg, url, janko"), "{err}");
                continue;
            }
            assert_eq!(code, 0, "{kind} {format}: {err}");
            // one puzzle, and a list of two of them
            let one = write(&format!("{kind}.{format}"), &out);
            let two = write(&format!("{kind}-2.{format}"), &format!("{out}\n{out}"));
            let (_, back, err) = zlink(&["render", "--kind", kind, "--format", "janko", &one]);
            assert_eq!(back, janko, "{kind} {format}: {err}");
            let (_, back, err) = zlink(&["render", "--kind", kind, "--format", "janko", &two]);
            assert_eq!(
                back,
                format!("{janko}\n{janko}"),
                "{kind} {format} twice: {err}"
            );
        }
    }
    let (code, out, _) = zlink(&["render", "--kind", "hashi", "--format", "svg", cases[2].1]);
    assert!(code == 0 && out.starts_with("<svg"), "{out}");
}

/// Sudoku converts too (issue 36): a puzz.link URL into `line`, `url`, `janko` and a Tatham
/// Solo id, each read back (alone and two in one file) to the same puzzle; a solution prints as
/// `line` and `janko`.
#[test]
fn render_converts_a_sudoku_into_every_format_and_back() {
    let url = "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k";
    let (code, line, err) = zlink(&["render", "--kind", "sudoku", "--format", "line", url]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(line.trim().len(), 81, "{line}");
    for format in ["line", "url", "janko", "tatham"] {
        let (code, out, err) = zlink(&["render", "--kind", "sudoku", "--format", format, url]);
        assert_eq!(code, 0, "{format}: {err}");
        let one = write(&format!("sudoku.{format}"), &out);
        let two = write(&format!("sudoku-2.{format}"), &format!("{out}\n{out}"));
        let (_, back, err) = zlink(&["render", "--kind", "sudoku", "--format", "line", &one]);
        assert_eq!(back, line, "{format}: {err}");
        let (_, back, err) = zlink(&["render", "--kind", "sudoku", "--format", "line", &two]);
        assert_eq!(back, format!("{line}\n{line}"), "{format} twice: {err}");
    }
    let (code, _, err) = zlink(&["render", "--kind", "sudoku", "--format", "erato", url]);
    assert_eq!(code, 2);
    assert!(err.contains("line, url, janko, tatham"), "{err}");
    let (code, sol, err) = zlink(&["solve", "--kind", "sudoku", "--format", "janko", url]);
    assert_eq!(code, 0, "{err}");
    assert!(sol.starts_with("9 9\n2 6 4 7 9 8 3 1 5\n"), "{sol}");
}

/// Game ids that Tatham's Solo wrote (`sgt-solo --generate 1 P` for P = 2x2, 2x3, 3x3, 3x4,
/// 4x4dt; sgt-puzzles 20230122) are read as the Sudoku they describe, have one solution each,
/// and are written back character for character (`_` between numbers side by side, none after
/// a blank run). Solo's `3x2` (boxes taller than wide) is refused with the shape zlink has.
#[test]
fn tatham_solo_ids_are_read_and_written_as_solo_writes_them() {
    for id in [
        "2x2:a4e3_2e1a",
        "2x3:3b4_1c2_3e2d3e6_5c2_4b3",
        "3x3:6b7_8e2_7b1i4_7a8_4_1_6_5b2k5b4_3_7_1_8a7_8i9b8_6e3_4b7",
        "3x4:b7a10d2_11_9f11_7b10_4b9a4_6_1c12_5a7_10c6_2_9c11_8d7e6a1_2b8_9_5b12_10b7_6_8b11_12a3e2d4_7c8_7_11c6_9a7_5c1_2_12a9b9_6b8_5f8_10_12d6a11b",
    ] {
        let (code, back, err) = zlink(&["render", "--kind", "sudoku", "--format", "tatham", id]);
        assert_eq!((code, back.trim()), (0, id), "{err}");
        let (code, count, err) = zlink(&["count", "--kind", "sudoku", id]);
        assert_eq!((code, count.trim()), (0, "1"), "{id}: {err}");
    }
    let (code, _, err) = zlink(&["count", "--kind", "sudoku", "3x2:a4e3_2e1a"]);
    assert_eq!(code, 2);
    assert!(err.contains("(Solo `2x3`)"), "{err}");
}

/// Battleship converts between its two formats (issue 36): the shipped CSPLib facts into Janko
/// blocks (one each, blank lines between) and back to the same facts.
#[test]
fn render_converts_battleships_between_csplib_and_janko() {
    let file = "data/csplib-battleship/battleship_instances.pl";
    let (code, facts, err) = zlink(&["render", "--kind", "battleship", "--format", "csplib", file]);
    assert_eq!(code, 0, "{err}");
    let (code, janko, err) = zlink(&["render", "--kind", "battleship", "--format", "janko", file]);
    assert_eq!(code, 0, "{err}");
    let blocks = janko.split("\n\n").count();
    assert!(
        blocks > 1 && blocks == facts.matches("problem(").count(),
        "{janko}"
    );
    let j = write("ships.janko", &janko);
    let (code, back, err) = zlink(&["render", "--kind", "battleship", "--format", "csplib", &j]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(back, facts);
}

/// `generate circuit --boards 3` and `generate zebra --count 3` write files that `count` reads
/// back as three puzzles (the circuit file used to fail at its second board, exit 2).
#[test]
fn generated_circuit_boards_and_zebras_are_read_back_one_each() {
    for (kind, args) in [
        ("circuit", ["circuit", "--grid", "3x4", "--boards", "3"]),
        ("zebra", ["zebra", "--houses", "3", "--count", "3"]),
    ] {
        let mut all = vec!["generate"];
        all.extend(args);
        let (code, list, err) = zlink(&all);
        assert_eq!(code, 0, "{kind}: {err}");
        let file = write(&format!("{kind}-3.txt"), &list);
        let (code, counts, err) = zlink(&["count", "--kind", kind, &file]);
        assert_eq!(code, 0, "{kind}: {err}\n{list}");
        assert_eq!(counts.lines().count(), 3, "{kind}: {counts}\n{list}");
    }
}
