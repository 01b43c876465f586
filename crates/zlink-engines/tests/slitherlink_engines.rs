//! The two Slitherlink engines must agree: the arc integer program (counting by no-good cuts)
//! and the ZDD engine (exact count of all solutions).
//!
//! Puzzles come from uniformly sampled loops of the empty grid (drawn from the ZDD of all
//! loops), with a seeded random half of the implied clues kept, so most have several solutions.

use zlink_base::SplitMix64;
use zlink_engines::slitherlink::{IpEngine, SlitherOptions, Slitherlink, ZddEngine};
use zlink_frontier::Limits;
use zlink_link::slitherlink::{LoopEdge, SlitherZdd};
use zlink_puzzle::{Coord, Engine, Grid, SolveOptions};
use zlink_zdd::Zdd;

/// Clue grids implied by `k` sampled loops of a `rows × cols` grid, each clue kept with
/// probability 1/2.
fn sampled_puzzles(rows: usize, cols: usize, k: usize, seed: u64) -> Vec<Grid<Option<u8>>> {
    let blank = SlitherZdd::new(&Grid::new(rows, cols, None)).unwrap();
    let mut zdd = Zdd::new(blank.num_vars());
    let all = blank.build(&mut zdd, &Limits::default()).unwrap();
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    zdd.sample(all, seed, k)
        .into_iter()
        .map(|member| {
            let edges = blank.loop_of(&member);
            let mut clues = Grid::new(rows, cols, None);
            for r in 0..rows {
                for c in 0..cols {
                    let at = Coord::new(r, c);
                    let on = LoopEdge::sides_of(at)
                        .iter()
                        .filter(|&&e| edges.contains(e))
                        .count() as u8;
                    if rng.next_u64() % 2 == 0 {
                        clues[at] = Some(on);
                    }
                }
            }
            clues
        })
        .collect()
}

#[test]
fn ip_counts_equal_zdd_counts_on_sampled_puzzles() {
    let opts = SolveOptions::default();
    let mut compared = 0;
    for (rows, cols, seed) in [(2, 3, 1), (3, 3, 2), (3, 4, 3)] {
        for clues in sampled_puzzles(rows, cols, 8, seed) {
            let ip = Slitherlink::new(clues);
            let exact = ZddEngine.count(&ip, &Default::default(), &opts).unwrap();
            assert!(exact.exact);
            assert!(
                exact.count >= 1u32.into(),
                "a sampled loop solves its own clues"
            );
            let limited = SolveOptions {
                limit: Some(10_000),
                ..SolveOptions::default()
            };
            let by_ip = IpEngine
                .count(&ip, &SlitherOptions::default(), &limited)
                .unwrap();
            assert!(by_ip.exact);
            assert_eq!(
                by_ip.count, exact.count,
                "{rows}x{cols} seed {seed}: {ip:?}"
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 24);
}
