//! Decode every grid row of the shared pzprjs URL test vectors, compare with the grid written
//! next to it, re-encode, and compare the re-decoded grid (bodies may differ legitimately).

use zlink_puzzle::pzprjs::{cell4, format_url, number16, parse_url, Clue, CodecError};

/// The tsv grid column: rows joined by `/`, `.` empty, `?` unknown, `(12)` multi-digit.
fn parse_grid(s: &str) -> Vec<Clue> {
    let mut out = Vec::new();
    let mut chars = s.chars().filter(|&c| c != '/');
    while let Some(c) = chars.next() {
        out.push(match c {
            '.' => Clue::Empty,
            '?' => Clue::Unknown,
            '(' => {
                let n: String = chars.by_ref().take_while(|&c| c != ')').collect();
                Clue::Number(n.parse().unwrap())
            }
            d => Clue::Number(d.to_digit(10).unwrap()),
        });
    }
    out
}

#[test]
fn every_grid_vector_decodes_and_round_trips() {
    let Some(tsv) = zlink_testkit::data::read("format-test-vectors/pzprjs_url_vectors.tsv") else {
        return;
    };
    let mut checked = 0;
    for (i, line) in tsv.lines().enumerate().filter(|(_, l)| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let (kind, url, rows, cols, grid) = (f[0], f[1], f[2], f[3], f[4]);
        if kind == "battleship" {
            continue; // its body is not a plain clue grid (fleet banks, outside clues)
        }
        let u = parse_url(url, "tsv", i + 1, 1).unwrap();
        assert_eq!(u.pid, kind);
        assert_eq!(
            (u.rows.to_string(), u.cols.to_string()),
            (rows.to_string(), cols.to_string())
        );
        let n = u.rows * u.cols;
        type Decode = fn(&str, usize) -> Result<(Vec<Clue>, usize), CodecError>;
        let (decode, encode): (Decode, fn(&[Clue]) -> String) = if kind == "slither" {
            (cell4::decode, cell4::encode)
        } else {
            (number16::decode, number16::encode)
        };
        let (cells, used) = decode(&u.body, n).unwrap_or_else(|e| panic!("{}", u.error(&e)));
        assert_eq!(used, u.body.len(), "line {}: whole body consumed", i + 1);
        assert_eq!(cells, parse_grid(grid), "line {}: decoded grid", i + 1);
        let body = encode(&cells);
        let again = format_url(&u.pid, &u.pflag, u.cols, u.rows, &body);
        let u2 = parse_url(&again, "re", 1, 1).unwrap();
        assert_eq!(
            decode(&u2.body, n).unwrap().0,
            cells,
            "line {}: re-encoded grid",
            i + 1
        );
        if !line.contains("decoders must accept both") {
            assert_eq!(
                again.split('?').nth(1),
                url.split('?').nth(1).map(|q| q.trim_end_matches('/')),
                "line {}",
                i + 1
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 16);
}
