//! Random loops for `generate slitherlink --size RxC --seed S`, as inside/outside grids.
//!
//! Why: a designer (or a test) without a drawn loop still wants a reproducible starting point.
//! Two documented distributions:
//! * [`uniform_loop`]: uniform over *all* single cycles of the `(R + 1) × (C + 1)` dot graph,
//!   by sampling the cycle ZDD ([`Mate::cycles`](zlink_frontier::Mate::cycles)) with `zlink_zdd`'s uniform sampler;
//!   exact, but the diagram must be built (fine up to about 10 × 10 cells).
//! * [`grown_loop`]: a region grown cell by cell from a random seed cell; each step adds a
//!   uniformly chosen outside cell adjacent to the region whose addition keeps the boundary
//!   one simple cycle ([`check_loop`]), until half the cells are inside or no cell can be
//!   added. Not uniform over cycles (it favours compact, blobby loops) but any size works.
//!
//! [`random_loop`] uses the first when its diagram stays under a node budget, else the second.
//! All randomness comes from [`SplitMix64`] seeded with `seed`, so a seed gives the same loop
//! on every platform.

use zlink_base::SplitMix64;
use zlink_frontier::packed::Packed;
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{build_zdd, Graph, Limits};
use zlink_puzzle::{Coord, Grid};
use zlink_zdd::Zdd;

use super::shape::{check_loop, inside_of};
use crate::slitherlink::{dot_edges, sweep_order};
use crate::LoopEdges;

/// Node budget of the cycle diagram under which [`random_loop`] samples uniformly.
pub const UNIFORM_NODE_BUDGET: u64 = 5_000_000;

/// A loop drawn uniformly from all single cycles of the dot graph of a `rows × cols` cell grid,
/// as its inside region; `None` if the cycle diagram needs more than `max_nodes` nodes (or the
/// grid is empty).
pub fn uniform_loop(rows: usize, cols: usize, seed: u64, max_nodes: u64) -> Option<Grid<bool>> {
    if rows == 0 || cols == 0 {
        return None;
    }
    let by_index = dot_edges(rows, cols);
    let perm = sweep_order(rows, cols);
    let g = Graph::grid(rows + 1, cols + 1).permuted(&perm);
    let spec = Mate::<Packed>::cycles(&g, false).ok()?;
    let mut zdd = Zdd::new(g.num_edges() as u32);
    let opts = Limits::default().with_nodes(max_nodes);
    let root = build_zdd(&spec, &mut zdd, &opts).ok()?;
    let member = zdd.sample(root, seed, 1).pop()?;
    let mut e = LoopEdges::new(rows, cols);
    for l in member {
        e.insert(by_index[perm[l as usize]]);
    }
    Some(inside_of(&e))
}

/// A region grown from a random cell (see the module doc); its boundary is one simple cycle.
/// Panics if the grid is empty.
pub fn grown_loop(rows: usize, cols: usize, seed: u64) -> Grid<bool> {
    assert!(rows > 0 && cols > 0, "an empty grid has no loop");
    let mut rng = SplitMix64::new(seed);
    let mut inside = Grid::new(rows, cols, false);
    let n = rows * cols;
    let start = inside.coord_of((rng.next_u64() % n as u64) as usize);
    inside[start] = true;
    let target = n.div_ceil(2);
    let mut size = 1;
    while size < target {
        let mut frontier: Vec<Coord> = inside
            .iter()
            .filter(|&(c, &b)| !b && inside.neighbours(c).any(|x| inside[x]))
            .map(|(c, _)| c)
            .collect();
        let mut added = false;
        while !frontier.is_empty() {
            let k = (rng.next_u64() % frontier.len() as u64) as usize;
            let c = frontier.swap_remove(k);
            inside[c] = true;
            if check_loop(&inside).is_ok() {
                added = true;
                break;
            }
            inside[c] = false;
        }
        if !added {
            break;
        }
        size += 1;
    }
    inside
}

/// A random loop: [`uniform_loop`] under [`UNIFORM_NODE_BUDGET`], else [`grown_loop`].
/// Panics if the grid is empty.
pub fn random_loop(rows: usize, cols: usize, seed: u64) -> Grid<bool> {
    uniform_loop(rows, cols, seed, UNIFORM_NODE_BUDGET)
        .unwrap_or_else(|| grown_loop(rows, cols, seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_are_single_cycles_and_reproducible() {
        for (r, c) in [(1, 1), (2, 3), (4, 4), (5, 7)] {
            for seed in 0..5 {
                let u = uniform_loop(r, c, seed, 1 << 20).unwrap();
                assert!(check_loop(&u).is_ok());
                assert_eq!(Some(u), uniform_loop(r, c, seed, 1 << 20));
                let g = grown_loop(r, c, seed);
                assert!(check_loop(&g).is_ok());
                assert_eq!(g, grown_loop(r, c, seed));
            }
        }
        assert!(check_loop(&random_loop(30, 40, 7)).is_ok());
    }

    #[test]
    fn uniform_reaches_every_cycle_of_a_small_grid() {
        // The 2 × 2 cell grid has 13 cycles: 4 unit squares, 4 dominoes, 4 L-trominoes and
        // the border.
        let mut seen = std::collections::HashSet::new();
        for seed in 0..400 {
            seen.insert(uniform_loop(2, 2, seed, 1000).unwrap());
        }
        assert_eq!(seen.len(), 13);
    }
}
