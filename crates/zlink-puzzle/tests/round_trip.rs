//! Issue 36, round trip as a law: for every kind that writes formats and every format it
//! writes (`text` and each of [`Puzzle::FORMATS_OUT`]), what zlink writes zlink reads back to
//! the same puzzle: one puzzle alone, and several in one file (never merged). Over random
//! small puzzles and the puzz.link test vectors.

use std::fmt::Debug;

use zlink_puzzle::battleship::{Battleship, Part};
use zlink_puzzle::hashi::Hashi;
use zlink_puzzle::numberlink::{Numberlink, NumberlinkGrid, Rules};
use zlink_puzzle::slitherlink::Slitherlink;
use zlink_puzzle::sudoku::Sudoku;
use zlink_puzzle::{Grid, Puzzle};

/// The workspace's seeded generator, drawing indices below `n`.
struct Rng(zlink_base::SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(zlink_base::SplitMix64::new(seed))
    }
    fn below(&mut self, n: usize) -> usize {
        self.0.below_u64(n as u64) as usize
    }
}

/// `p` in `format` (`text` is the kind's multi-line drawing); `None` where the format cannot
/// hold the puzzle (a Bridges id and an island of unknown number).
fn written<P: Puzzle>(p: &P, format: &str) -> Option<String> {
    match format {
        "text" => Some(p.render_text(None)),
        f => p.write(f),
    }
}

/// The law for one kind: each puzzle alone and all of them in one file, in every format, read
/// back equal under `same`. Returns how many (puzzle, format) pairs were checked.
fn law<P: Puzzle + Debug>(puzzles: &[P], same: impl Fn(&P, &P, &str) -> bool) -> usize {
    let formats: Vec<&str> = std::iter::once("text")
        .chain(P::FORMATS_OUT.iter().copied())
        .collect();
    law_in(&formats, puzzles, same)
}

/// [`law`] over the given formats.
fn law_in<P: Puzzle + Debug>(
    formats: &[&str],
    puzzles: &[P],
    same: impl Fn(&P, &P, &str) -> bool,
) -> usize {
    assert!(puzzles.len() >= 3, "too few puzzles to test");
    let mut checked = 0;
    for &format in formats {
        let puzzles: Vec<&P> = puzzles
            .iter()
            .filter(|p| written(*p, format).is_some())
            .collect();
        assert!(puzzles.len() >= 3, "{format}: too few puzzles written");
        for &p in &puzzles {
            let text = written(p, format).unwrap();
            let back = P::parse(&text, "t").unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
            assert_eq!(back.len(), 1, "{format}: {text}");
            assert!(
                same(p, &back[0].1, format),
                "{format}: {p:?}\n{text}\n{back:?}"
            );
            checked += 1;
        }
        // a multi-puzzle file as `--list` writes it: blank lines between puzzles
        let file: Vec<String> = puzzles.iter().filter_map(|p| written(*p, format)).collect();
        let file = file.join("\n");
        let back = P::parse(&file, "t").unwrap_or_else(|e| panic!("{format}: {e}\n{file}"));
        assert_eq!(
            back.len(),
            puzzles.len(),
            "{format}: merged or split\n{file}"
        );
        for (&p, (_, q)) in puzzles.iter().zip(&back) {
            assert!(
                same(p, q, format),
                "{format} (in a list): {p:?} read as {q:?}"
            );
        }
    }
    checked
}

fn random_numberlink(rng: &mut Rng) -> Numberlink {
    let (rows, cols) = (1 + rng.below(6), 2 + rng.below(5));
    let mut cells = Grid::new(rows, cols, None);
    let pairs = rng.below((rows * cols / 2).min(6) + 1);
    let mut free: Vec<usize> = (0..rows * cols).collect();
    for id in 1..=pairs as u32 {
        for _ in 0..2 {
            let i = free.swap_remove(rng.below(free.len()));
            cells.cells_mut()[i] = Some(id);
        }
    }
    let rules = if rng.below(2) == 0 {
        Rules::PLAIN
    } else {
        Rules {
            cover: true,
            ..Rules::PLAIN
        }
    };
    Numberlink::new(NumberlinkGrid::new(cells).unwrap(), rules)
}

#[test]
fn numberlink_round_trips_in_every_format() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut puzzles: Vec<Numberlink> = (0..60).map(|_| random_numberlink(&mut rng)).collect();
    let vector = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3";
    puzzles.push(Numberlink::parse(vector, "v").unwrap().remove(0).1);
    // only a URL carries the rules (`arukone` for cover); the other formats are plain grids
    let n = law(&puzzles, |a, b, f| {
        a.grid() == b.grid() && (f != "url" || a.rules() == b.rules())
    });
    assert_eq!(n, 61 * 5);
}

#[test]
fn slitherlink_round_trips_in_every_format() {
    let mut rng = Rng::new(7);
    let mut puzzles: Vec<Slitherlink> = (0..60)
        .map(|_| {
            let (rows, cols) = (1 + rng.below(7), 1 + rng.below(7));
            let clues = (0..rows * cols)
                .map(|_| match rng.below(7) {
                    v @ 0..=3 => Some(v as u8),
                    _ => None,
                })
                .collect();
            Slitherlink::new(Grid::from_cells(rows, cols, clues).unwrap())
        })
        .collect();
    for v in [
        "https://puzz.link/p?slither/5/5/cbcbcddad",
        "https://pzprxs.vercel.app/p?slither/4/4/dgdh2c71",
    ] {
        puzzles.push(Slitherlink::parse(v, "v").unwrap().remove(0).1);
    }
    assert_eq!(law(&puzzles, |a, b, _| a == b), 62 * 4);
}

#[test]
fn hashi_round_trips_in_every_format() {
    let mut rng = Rng::new(11);
    let mut puzzles: Vec<Hashi> = Vec::new();
    while puzzles.len() < 60 {
        let (rows, cols) = (1 + rng.below(6), 2 + rng.below(6));
        let mut text = String::new();
        for _ in 0..rows {
            for _ in 0..cols {
                text.push(match rng.below(9) {
                    0 => '?',
                    v @ 1..=3 => char::from(b'0' + v as u8),
                    _ => '.',
                });
            }
            text.push('\n');
        }
        // islands whose number cannot fit their neighbours are input errors: draw again
        if let Ok(mut p) = Hashi::parse(&text, "r") {
            puzzles.push(p.remove(0).1);
        }
    }
    for v in [
        "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3",
        "https://puzz.link/p?hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2",
    ] {
        puzzles.push(Hashi::parse(v, "v").unwrap().remove(0).1);
    }
    // a Bridges id (FORMATS.md: checked in Tatham's bridges.c) is written back as it was read
    let id = "5x5m2:4a2c3b23e3a1a3a4a3";
    let from_id = Hashi::parse(id, "v").unwrap().remove(0).1;
    assert_eq!(from_id.to_tatham().as_deref(), Some(id));
    assert_eq!(from_id, puzzles[60], "the same grid as the first URL");
    // it holds only puzzles with every island numbered and none side by side
    let bridges = puzzles.iter().filter(|p| p.to_tatham().is_some()).count();
    assert!(bridges >= 5, "{bridges}");
    assert_eq!(law(&puzzles, |a, b, _| a == b), 62 * 3 + bridges);
}

/// Ids above 61 have no character of their own: `text` is then the Janko block (it used to
/// draw id 70 as `y`, read back as pair 60), and `compact` refuses.
#[test]
fn numberlink_ids_beyond_the_compact_characters_round_trip_in_text() {
    let p = Numberlink::parse("1 4\n70 - - 70\n", "t")
        .unwrap()
        .remove(0)
        .1;
    let back = Numberlink::parse(&p.render_text(None), "t")
        .unwrap()
        .remove(0)
        .1;
    assert_eq!(back.grid(), p.grid());
    assert_eq!(p.write("compact"), None);
}

#[test]
fn sudoku_round_trips_in_every_format() {
    let mut rng = Rng::new(13);
    let mut puzzles: Vec<Sudoku> = Vec::new();
    for i in 0..45 {
        let n = [4, 9, 16][i % 3];
        let line: String = (0..n * n)
            .map(|_| match rng.below(2 * n) {
                v @ 1..=9 if v <= n => char::from(b'0' + v as u8),
                v @ 10.. if v <= n => char::from(b'A' + (v - 10) as u8),
                _ => '.',
            })
            .collect();
        puzzles.push(Sudoku::parse(&line, "r").unwrap().remove(0).1);
    }
    for v in [
        "https://puzz.link/p?sudoku/4/4/g1k23k3g",
        "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k",
    ] {
        puzzles.push(Sudoku::parse(v, "v").unwrap().remove(0).1);
    }
    let same = |a: &Sudoku, b: &Sudoku, _: &str| a.shape() == b.shape() && a.givens() == b.givens();
    assert_eq!(law(&puzzles, same), 47 * (1 + Sudoku::FORMATS_OUT.len()));
    // a solution in each of its formats reads back as the full grid
    let solved = Sudoku::parse("1234341221434321", "s").unwrap().remove(0).1;
    for f in Sudoku::SOLUTION_FORMATS_OUT {
        let text = solved.write_solution(solved.givens(), f).unwrap();
        let back = Sudoku::parse(&text, f).unwrap().remove(0).1;
        assert_eq!(back.givens(), solved.givens(), "{f}: {text}");
    }
}

#[test]
fn battleship_round_trips_in_every_format() {
    let mut rng = Rng::new(17);
    let mut puzzles: Vec<Battleship> = (0..60)
        .map(|_| {
            let (rows, cols) = (1 + rng.below(6), 1 + rng.below(6));
            let row_sums = (0..rows).map(|_| rng.below(cols + 1)).collect();
            let col_sums = (0..cols).map(|_| rng.below(rows + 1)).collect();
            // at most `rows * cols` ships of a length: what the formats read back
            let fleet = (0..rng.below(rows.max(cols) + 1))
                .map(|_| rng.below(4.min(rows * cols + 1)))
                .collect();
            let hints = (0..rows * cols)
                .map(|_| Part::ALL.get(rng.below(2 * Part::ALL.len())).copied())
                .collect();
            Battleship::new(row_sums, col_sums, fleet, hints)
        })
        .collect();
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/csplib-battleship/battleship_instances.pl"
    ))
    .expect("shipped in data/");
    puzzles.extend(
        Battleship::parse(&corpus, "csplib")
            .unwrap()
            .into_iter()
            .take(5)
            .map(|p| p.1),
    );
    // the drawing (`text`) shows the sums around the grid for people; it is not read back
    assert_eq!(
        law_in(Battleship::FORMATS_OUT, &puzzles, |a, b, _| a == b),
        65 * 2
    );
}
