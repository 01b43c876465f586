//! Property tests of the Numberlink codecs: random instances survive every writer → reader
//! round trip, and arbitrary text never makes a reader panic.

use proptest::prelude::*;
use zlink_puzzle::numberlink::{formats, url, NumberlinkGrid};
use zlink_puzzle::{Coord, Grid};

/// A random instance: `rows × cols`, `k` pairs placed on the cells named by `spots`.
fn instance(rows: usize, cols: usize, spots: &[usize], max_id: u32) -> NumberlinkGrid {
    let n = rows * cols;
    let mut g: Grid<Option<u32>> = Grid::new(rows, cols, None);
    let mut free: Vec<usize> = (0..n).collect();
    let mut placed = Vec::new();
    for (id, pair) in (1..=max_id).zip(spots.chunks(2)) {
        if pair.len() < 2 || free.len() < 2 {
            break;
        }
        for &s in pair {
            let cell = free.swap_remove(s % free.len());
            placed.push((cell, id));
        }
    }
    for (cell, id) in placed {
        g[Coord::new(cell / cols, cell % cols)] = Some(id);
    }
    NumberlinkGrid::new(g).unwrap()
}

proptest! {
    #[test]
    fn writers_round_trip(
        rows in 1usize..12,
        cols in 1usize..12,
        spots in prop::collection::vec(0usize..1000, 0..40),
        many in prop::collection::vec(0usize..1000, 0..130),
    ) {
        let p = instance(rows, cols, &spots, 35);
        prop_assert_eq!(&formats::parse_janko(&formats::write_janko(&p), "j").unwrap(), &p);
        prop_assert_eq!(&formats::parse_erato(&formats::write_erato(&p), "e").unwrap(), &p);
        prop_assert_eq!(&formats::parse_compact(&formats::write_compact(&p).unwrap(), "c").unwrap(), &p);
        // the compact grid holds 61 pairs (`1`-`9`, `A`-`Z`, `a`-`z`)
        let q = instance(rows, cols, &many, 61);
        prop_assert_eq!(&formats::parse_compact(&formats::write_compact(&q).unwrap(), "c").unwrap(), &q);
        let u = url::format_url(&p, "numlin", "");
        prop_assert_eq!(&url::parse_url(&u, "u").unwrap().grid, &p);
        let symbols: Vec<char> = "abcdefghijklmnopqrstuvwxyzABCDEFGHI".chars().collect();
        // Symbol formats number pairs by first appearance: equal up to that relabelling.
        let text = formats::write_symbols(&p, &symbols).unwrap();
        let (q, sym) = formats::parse_flow(&text, "f").unwrap();
        prop_assert_eq!(&formats::write_symbols(&q, &sym).unwrap(), &text);
        let block = formats::write_block(&p, &symbols).unwrap();
        let all = formats::parse_blocks(&block, "b").unwrap();
        prop_assert_eq!(&formats::write_block(&all[0].0, &all[0].1).unwrap(), &block);
    }

    #[test]
    fn big_ids_round_trip_in_token_formats(
        rows in 1usize..6,
        cols in 1usize..6,
        spots in prop::collection::vec(0usize..1000, 0..20),
        offset in 0u32..100_000,
    ) {
        let p = instance(rows, cols, &spots, 35);
        let shifted = p.cells().map(|v| v.map(|id| id + offset));
        let p = NumberlinkGrid::new(shifted).unwrap();
        prop_assert_eq!(&formats::parse_janko(&formats::write_janko(&p), "j").unwrap(), &p);
        let u = url::format_url(&p, "arukone", "e");
        prop_assert_eq!(&url::parse_url(&u, "u").unwrap().grid, &p);
    }

    #[test]
    fn readers_never_panic(text in ".{0,200}", header in "[0-9 ]{0,12}\n") {
        let t = format!("{header}{text}");
        let _ = formats::parse_janko(&t, "x");
        let _ = formats::parse_erato(&t, "x");
        let _ = formats::parse_compact(&t, "x");
        let _ = formats::parse_flow(&t, "x");
        let _ = formats::parse_blocks(&t, "x");
        let _ = formats::parse_janko_solution(&t, "x");
        let _ = url::parse_url(&format!("https://puzz.link/p?numlin/{t}"), "x");
    }
}
