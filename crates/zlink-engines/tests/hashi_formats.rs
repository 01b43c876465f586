//! Hashi readers against the shared test vectors and real files, and positioned errors.

mod common;

use zlink_engines::hashi::{parse::parse_janko_solution, render, verify::verify, Hashi};

#[test]
fn puzzlink_vectors_decode_to_their_grids_and_round_trip() {
    let rows = common::tsv_rows("pzprjs_url_vectors.tsv", "hashi");
    if common::data_dir().is_some() {
        assert!(rows.len() >= 2);
    }
    for r in rows {
        let h = Hashi::parse_any(&r[1], "url").unwrap();
        assert_eq!(
            (h.rows().to_string(), h.cols().to_string()),
            (r[2].clone(), r[3].clone())
        );
        if !r[4].contains('(') {
            let grid = Hashi::parse_compact(&r[4].replace('/', "\n"), "grid").unwrap();
            assert_eq!(h, grid, "{}", r[1]);
        }
        // encode then decode gives the same grid (bodies may differ, grids may not)
        assert_eq!(Hashi::parse_url(&h.to_url(), "again").unwrap(), h);
    }
}

#[test]
fn unknown_islands_in_urls_are_kept_as_unknown() {
    let h = Hashi::parse_any(
        "https://puzz.link/p?hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2",
        "u",
    )
    .unwrap();
    let want = Hashi::parse_compact("3.1.2?\n.?.2..\n?.2.?.\n.?.4.3\n..4.?.\n2.?..2", "g").unwrap();
    assert_eq!(h, want);
    assert_eq!(h.islands().iter().filter(|i| i.clue.is_none()).count(), 7);
}

#[test]
fn tatham_ids_decode_to_the_same_grid_as_the_url() {
    for r in common::tsv_rows("tatham_game_ids.tsv", "bridges") {
        let h = Hashi::parse_any(&r[1], "id").unwrap();
        let grid = Hashi::parse_compact(&r[2].replace('/', "\n"), "grid").unwrap();
        assert_eq!(h, grid);
    }
    let u = Hashi::parse_any("https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3", "u").unwrap();
    assert_eq!(
        Hashi::parse_any("5x5m2:4a2c3b23e3a1a3a4a3", "t").unwrap(),
        u
    );
    assert_eq!(
        Hashi::parse_any("5x5i13e10m2d0:4a2c3b23e3a1a3a4a3", "t").unwrap(),
        u
    );
}

#[test]
fn bad_inputs_get_positioned_errors() {
    let e = |text: &str| Hashi::parse_any(text, "f").unwrap_err();
    // .has: wrong row length, at the first extra token
    let x = e("2 3 2\n1 0 1\n0 0 0 0\n");
    assert_eq!((x.line, x.col), (3, 7), "{x}");
    // .has: island count in the header disagrees with the grid
    let x = e("2 2 3\n1 1\n0 0\n");
    assert_eq!((x.line, x.col), (1, 5), "{x}");
    assert!(x.message.contains("announces 3 islands"));
    // number above 8
    let x = e("1 2 2\n1 9\n");
    assert_eq!((x.line, x.col), (2, 3), "{x}");
    // number larger than the neighbourhood allows (a 5 with two neighbours): a well-formed
    // puzzle without a solution, the island named
    let x = zlink_puzzle::Puzzle::contradiction(&Hashi::parse_any("..2\n...\n5.2\n", "f").unwrap())
        .unwrap();
    assert!(x.contains("needs 5 bridges") && x.contains("r3c1"), "{x}");
    // compact: ragged row
    let x = e("1.1\n1.\n");
    assert_eq!((x.line, x.col), (2, 3), "{x}");
    // Tatham: bad parameter and short description
    assert_eq!(e("3x3m3:1a1").col, 4);
    assert!(e("3x3L:aaa").message.contains("`L`"));
    let x = e("3x3:1a1");
    assert!(x.message.contains("covers 3 cells, expected 9"), "{x}");
    // URL of another puzzle
    assert!(e("https://puzz.link/p?slither/5/5/cbcbcddad")
        .message
        .contains("hashi"));
}

#[test]
fn cllv_files_all_parse_and_have_the_announced_size() {
    let Some(d) = common::data_dir() else { return };
    for n in [100, 200, 300, 400] {
        let dir = d.join("cllv-hashi/dataset").join(n.to_string());
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "has") {
                let h = Hashi::parse_any(
                    &std::fs::read_to_string(&p).unwrap(),
                    &p.display().to_string(),
                )
                .unwrap();
                assert_eq!(h.islands().len(), n);
                files += 1;
            }
        }
        assert_eq!(files, 360);
    }
}

#[test]
fn every_janko_solution_passes_the_checker_and_broken_ones_fail() {
    let Some(json) = common::janko_json("Hashi_dataset.json") else {
        return;
    };
    let mut checked = 0;
    for (key, v) in json["data"].as_object().unwrap() {
        let h = Hashi::parse_janko(v["problem"].as_str().unwrap(), key).unwrap();
        let sol = parse_janko_solution(&h, v["solution"].as_str().unwrap(), key).unwrap();
        verify(&h, &sol).unwrap_or_else(|e| panic!("{key}: {e}"));
        // dropping one bridge must break a degree (and maybe connectivity)
        let mut broken = sol.clone();
        broken.bridges.pop();
        assert!(verify(&h, &broken).is_err());
        checked += 1;
    }
    assert_eq!(checked, 910);
}

#[test]
fn text_rendering_shows_bridges_between_cells() {
    let h = Hashi::parse_compact("2.2\n...\n2.2", "t").unwrap();
    let sol = zlink_engines::hashi::Bridges::new(vec![(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1)]);
    verify(&h, &sol).unwrap();
    let t = render::text(&h, Some(&sol), render::Charset::Ascii);
    assert_eq!(t, "2---2\n|   |\n| . |\n|   |\n2---2\n");
    let svg = render::svg(&h, Some(&sol));
    assert_eq!(svg.matches("<line").count(), 4);
}

/// A grid without islands has nothing to connect: the checker accepts the empty network
/// rather than panicking, and rejects any bridge.
#[test]
fn checker_accepts_the_empty_network_of_an_empty_grid() {
    let h = Hashi::from_cells(2, 2, &[None; 4]);
    assert!(h.islands().is_empty());
    assert!(verify(&h, &zlink_engines::hashi::Bridges::default()).is_ok());
    assert!(verify(&h, &zlink_engines::hashi::Bridges::new(vec![(0, 1, 1)])).is_err());
}
