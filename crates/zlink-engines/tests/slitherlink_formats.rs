//! Slitherlink readers against the shared test vectors and real files, and positioned errors.

mod common;

use zlink_engines::slitherlink::{
    parse::parse_janko_solution, render, verify::verify, Loop, Slitherlink,
};

#[test]
fn puzzlink_vectors_decode_and_round_trip() {
    let rows = common::tsv_rows("pzprjs_url_vectors.tsv", "slither");
    let mut decoded = 0;
    for r in rows {
        if r[1].contains("/f/") {
            let e = Slitherlink::parse_any(&r[1], "u").unwrap_err();
            assert!(e.message.contains("`f` flag"), "{e}");
            continue;
        }
        let p = Slitherlink::parse_any(&r[1], "u").unwrap();
        assert_eq!(
            (p.rows().to_string(), p.cols().to_string()),
            (r[2].clone(), r[3].clone())
        );
        let grid = Slitherlink::parse_plain(&r[4].replace('/', "\n"), "g").unwrap();
        assert_eq!(p, grid, "{}", r[1]);
        assert_eq!(Slitherlink::parse_url(&p.to_url(), "again").unwrap(), p);
        assert_eq!(
            Slitherlink::parse_tatham(&p.to_tatham(), "again").unwrap(),
            p
        );
        assert_eq!(Slitherlink::parse_any(&p.to_janko(), "again").unwrap(), p);
        decoded += 1;
    }
    if common::data_dir().is_some() {
        assert!(decoded >= 4);
    }
}

#[test]
fn tatham_ids_decode_to_their_grids() {
    for r in common::tsv_rows("tatham_game_ids.tsv", "loopy") {
        let p = Slitherlink::parse_any(&r[1], "id").unwrap();
        if r[2].starts_with('(') {
            continue; // a reference to a URL row, checked there
        }
        let grid = Slitherlink::parse_plain(&r[2].replace('/', "\n"), "g").unwrap();
        assert_eq!(p, grid);
    }
    let u = Slitherlink::parse_any("https://puzz.link/p?slither/5/5/cbcbcddad", "u").unwrap();
    assert_eq!(
        Slitherlink::parse_any("5x5t0:2b1b2b1b2b3b3b0b3", "t").unwrap(),
        u
    );
    assert_eq!(
        Slitherlink::parse_any("5x5t0de:2b1b2b1b2b3b3b0b3", "t").unwrap(),
        u
    );
}

#[test]
fn bad_inputs_get_positioned_errors() {
    let e = |text: &str| Slitherlink::parse_any(text, "f").unwrap_err();
    let x = e("2 2\n1 5\n- -\n");
    assert_eq!((x.line, x.col), (2, 3), "{x}");
    let x = e("2 3\n1 2\n- - -\n");
    assert_eq!(x.line, 2, "{x}");
    let x = e("3.\n.7\n");
    assert_eq!((x.line, x.col), (2, 2), "{x}");
    let x = e("3..\n..\n");
    assert_eq!((x.line, x.col), (2, 3), "{x}");
    assert!(e("3x3t1:aaaaaaaaa").message.contains("t1"));
    assert_eq!(e("2x2t0:a5b").col, 8);
    assert!(e("2x2t0:ab").message.contains("covers 3 faces"));
    assert!(e("https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3")
        .message
        .contains("slither"));
}

#[test]
fn every_janko_solution_passes_the_checker() {
    let Some(json) = common::janko_json("Slitherlink_dataset.json") else {
        return;
    };
    let mut checked = 0;
    for (key, v) in json["data"].as_object().unwrap() {
        let p = Slitherlink::parse_janko(v["problem"].as_str().unwrap(), key).unwrap();
        let Some(sol) = v["solution"].as_str().filter(|s| !s.is_empty()) else {
            continue;
        };
        // Two entries carry extra text after the grid (`[solution]` and a second grid in
        // 839_14x24, `unit 27` in 99_20x30): keep the header and the first `rows` lines.
        let sol: String = sol
            .lines()
            .take(p.rows() + 1)
            .collect::<Vec<_>>()
            .join("\n");
        let l = parse_janko_solution(&p, &sol, key).unwrap();
        verify(&p, &l).unwrap_or_else(|e| panic!("{key}: {e}"));
        checked += 1;
    }
    assert_eq!(checked, 1152);
}

#[test]
fn checker_rejects_two_loops_branches_and_wrong_clues() {
    let p = Slitherlink::parse_plain("...\n...", "t").unwrap();
    let inside = |cells: &[bool]| {
        Loop::from_inside(&zlink_puzzle::Grid::from_cells(2, 3, cells.to_vec()).unwrap())
    };
    verify(&p, &inside(&[true, true, false, true, false, false])).unwrap();
    // two separate squares
    let two = inside(&[true, false, true, false, false, false]);
    assert!(verify(&p, &two)
        .unwrap_err()
        .message
        .contains("more than one loop"));
    // two squares touching at a corner: a lattice point of degree 4
    let touch = inside(&[true, false, false, false, true, false]);
    assert!(verify(&p, &touch)
        .unwrap_err()
        .message
        .contains("4 loop edges"));
    assert!(verify(&p, &Loop::new(2, 3)).is_err());
    let q = Slitherlink::parse_plain("2..\n...", "t").unwrap();
    assert!(
        verify(&q, &inside(&[true, false, false, false, false, false]))
            .unwrap_err()
            .message
            .contains("clue 2")
    );
    let t = render::text(
        &q,
        Some(&inside(&[true, false, false, false, false, false])),
    );
    assert_eq!(t, "+-+ + +\n|2|    \n+-+ + +\n       \n+ + + +\n");
}

#[test]
fn janko_blocks_round_trip() {
    let p = Slitherlink::parse_plain("3.2\n.0.\n14.\n", "g").unwrap();
    assert_eq!(p.to_janko(), "3 3\n3 - 2\n- 0 -\n1 4 -\n");
    assert_eq!(Slitherlink::parse_janko(&p.to_janko(), "j").unwrap(), p);
    assert_eq!(Slitherlink::parse_any(&p.to_janko(), "j").unwrap(), p);
}
