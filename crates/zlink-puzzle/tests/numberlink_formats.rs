//! Numberlink codecs on the shared corpora, read in place: the puzz.link numlin vectors, the
//! ERATO files, every Flow Free level, every thomasahle block and every Janko problem and
//! solution; each read, written and read back to the same value.

use std::path::PathBuf;

use zlink_puzzle::numberlink::{formats, url, verify, Rules};

fn data_dir() -> Option<PathBuf> {
    let d = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"));
    if d.is_dir() {
        Some(d)
    } else {
        eprintln!("note: {} absent, skipping", d.display());
        None
    }
}

#[test]
fn numlin_url_vectors_round_trip() {
    let Some(dir) = data_dir() else { return };
    let tsv =
        std::fs::read_to_string(dir.join("format-test-vectors/pzprjs_url_vectors.tsv")).unwrap();
    let mut n = 0;
    for line in tsv.lines().filter(|l| l.starts_with("numlin\t")) {
        let u = line.split('\t').nth(1).unwrap();
        let p = url::parse_url(u, "tsv").unwrap();
        assert_eq!(url::format_url(&p.grid, "numlin", ""), u);
        n += 1;
    }
    assert!(n >= 3, "{n} numlin vectors");
}

#[test]
fn erato_flow_and_blocks_round_trip() {
    let Some(dir) = data_dir() else { return };
    for f in [
        "tdzdd_numberlink_example.dat",
        "tdzdd_numberlink_test.dat",
        "algorithms2012_numlin001.dat",
    ] {
        let t = std::fs::read_to_string(dir.join("erato-zdd-examples").join(f)).unwrap();
        let p = formats::parse_erato(&t, f).unwrap();
        assert_eq!(
            formats::parse_erato(&formats::write_erato(&p), f).unwrap(),
            p
        );
    }
    let mut levels = 0;
    for e in std::fs::read_dir(dir.join("flow-solver-puzzles/puzzles")).unwrap() {
        let path = e.unwrap().path();
        let t = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        match formats::parse_flow(&t, &name) {
            Ok((p, sym)) => {
                let w = formats::write_symbols(&p, &sym).unwrap();
                assert_eq!(formats::parse_flow(&w, &name).unwrap().0, p);
                levels += 1;
            }
            Err(e) => assert!(name.contains("unsolvable"), "{e}"),
        }
    }
    assert!(levels >= 25, "{levels} flow levels");
    let mut blocks = 0;
    for f in ["inputs3.txt", "inputs5.txt", "inputs9.txt", "inputs10.txt"] {
        let t = std::fs::read_to_string(dir.join("thomasahle-numberlink").join(f)).unwrap();
        let all = formats::parse_blocks(&t, f).unwrap();
        for (p, sym) in &all {
            let w = formats::write_block(p, sym).unwrap();
            assert_eq!(&formats::parse_blocks(&w, f).unwrap()[0].0, p);
        }
        blocks += all.len();
    }
    assert!(blocks > 50, "{blocks} blocks");
}

/// Every Janko problem reads (but `341_11x10`, whose header is wrong) and round-trips; every
/// solution reads, round-trips, and passes the independent checker under Janko's rules except
/// for the six that leave cells empty (PEERS.md).
#[test]
fn janko_problems_and_solutions() {
    let Some(dir) = data_dir() else { return };
    let text =
        std::fs::read_to_string(dir.join("puzzlekit-janko/NumberLink_dataset.json")).unwrap();
    // A minimal scan of `"key": {"problem": "...", "solution": "..."}` without a JSON crate.
    let mut ok = 0;
    let mut empty_cells = 0;
    for (key, problem, solution) in janko_entries(&text) {
        let p = match formats::parse_janko(&problem, &key) {
            Ok(p) => p,
            Err(e) => {
                assert_eq!(key, "341_11x10", "{e}");
                continue;
            }
        };
        assert_eq!(
            formats::parse_janko(&formats::write_janko(&p), &key).unwrap(),
            p
        );
        let Some(solution) = solution else { continue };
        let l = formats::parse_janko_solution(&solution, &key).unwrap();
        let again =
            formats::parse_janko_solution(&formats::write_janko_solution(&l), &key).unwrap();
        assert_eq!(again, l);
        if verify(&p, &l, Rules::JANKO).is_ok() {
            ok += 1;
        } else {
            verify(
                &p,
                &l,
                Rules {
                    cover: false,
                    no_u_bends: true,
                },
            )
            .unwrap();
            empty_cells += 1;
        }
    }
    assert!(ok >= 570, "{ok} verified");
    assert_eq!(empty_cells, 6);
}

/// `(key, problem, solution)` of the puzzlekit JSON, unescaping `\n`.
fn janko_entries(text: &str) -> Vec<(String, String, Option<String>)> {
    fn string_after(s: &str, field: &str) -> Option<(String, usize)> {
        let i = s.find(&format!("\"{field}\""))?;
        let rest = &s[i + field.len() + 2..];
        let q = rest.find('"')?;
        let body = &rest[q + 1..];
        let mut out = String::new();
        let mut chars = body.char_indices();
        while let Some((j, c)) = chars.next() {
            match c {
                '"' => return Some((out, i + field.len() + 2 + q + 1 + j)),
                '\\' => match chars.next()?.1 {
                    'n' => out.push('\n'),
                    other => out.push(other),
                },
                c => out.push(c),
            }
        }
        None
    }
    let mut out = Vec::new();
    let data = &text[text.find("\"data\"").unwrap()..];
    // Entries: "key": {"problem": ..., "solution": ...}
    let mut rest = &data[data.find('{').unwrap() + 1..];
    while let Some(k0) = rest.find('"') {
        let k1 = k0 + 1 + rest[k0 + 1..].find('"').unwrap();
        let key = rest[k0 + 1..k1].to_string();
        let Some(close) = rest[k1..].find('}') else {
            break;
        };
        let entry = &rest[k1..k1 + close];
        if let Some((problem, _)) = string_after(entry, "problem") {
            let solution = string_after(entry, "solution").map(|x| x.0);
            out.push((key, problem, solution));
        }
        rest = &rest[k1 + close + 1..];
    }
    out
}
