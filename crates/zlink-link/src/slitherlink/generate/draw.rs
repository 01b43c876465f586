//! A random loop spread over the whole grid, drawn as its inside region.
//!
//! Why not a region grown cell by cell (`design::random::grown_loop`): growth stops at half the
//! cells as one blob, which leaves large empty areas (an empty 8×8 corner at 20×20, runs of 0s
//! in the puzzle). Here the region starts as a random maze that reaches every part of the grid
//! and is then shaken by a long random walk of single-cell flips:
//! * **maze**: the cells `(2i, 2j)` ("rooms") joined by a uniform random spanning tree (Wilson's
//!   algorithm), each tree edge the cell between its two rooms. A tree of rooms is one region
//!   without holes, and no 2×2 block is a checkerboard (each block holds one room, inside, and
//!   one cell `(odd, odd)`, outside, on a diagonal), so its boundary is one simple cycle;
//! * **flips**: [`FLIP_SWEEPS`] times the number of cells, a random cell is flipped when the
//!   region stays valid and keeps between [`INSIDE_LOW`] and [`INSIDE_HIGH`] of the cells. A
//!   flip is valid exactly when the ring of its 8 neighbours (cells off the grid outside)
//!   changes colour twice (one inside arc, one outside arc: neither side is split or
//!   pierced) and no 2×2 block through the cell becomes a checkerboard, an `O(1)` test.
//!
//! Small grids, where the cycle diagram is small, draw uniformly over all loops instead
//! ([`crate::design::random::uniform_loop`], under [`UNIFORM_NODES`]).

use zlink_base::SplitMix64;

use crate::design::random::uniform_loop;

/// Flip attempts per cell. The hint density the generator reaches barely moves beyond it (a
/// shaken maze no longer looks like one), and the walk costs `O(1)` per attempt.
pub(crate) const FLIP_SWEEPS: usize = 20;

/// Fewest inside cells during the walk, as a fraction of the cells.
const INSIDE_LOW: f64 = 0.40;

/// Most inside cells during the walk, as a fraction of the cells.
const INSIDE_HIGH: f64 = 0.60;

/// Node budget of the cycle diagram for the uniform draw. Small enough that the draw costs
/// less than the rest of the generation (about 10 ms on a 5×5 grid).
pub(crate) const UNIFORM_NODES: u64 = 20_000;

/// Grids up to this many cells try the uniform draw.
const UNIFORM_CELLS: usize = 36;

/// The inside cells (row-major) of a random loop on a `rows × cols` grid from `rng`.
pub(crate) fn random_region(rows: usize, cols: usize, rng: &mut SplitMix64) -> Vec<bool> {
    if rows * cols <= UNIFORM_CELLS {
        if let Some(g) = uniform_loop(rows, cols, rng.next_u64(), UNIFORM_NODES) {
            return g.cells().to_vec();
        }
    }
    let mut inside = maze(rows, cols, rng);
    shake(rows, cols, &mut inside, rng, FLIP_SWEEPS * rows * cols);
    inside
}

/// The maze of the module doc.
fn maze(rows: usize, cols: usize, rng: &mut SplitMix64) -> Vec<bool> {
    let (rr, rc) = (rows.div_ceil(2), cols.div_ceil(2));
    let rooms = rr * rc;
    let mut inside = vec![false; rows * cols];
    let mut in_tree = vec![false; rooms];
    let mut next = vec![usize::MAX; rooms];
    in_tree[(rng.below_u64(rooms as u64)) as usize] = true;
    let room_nbrs = |x: usize| {
        let (r, c) = (x / rc, x % rc);
        let mut v = [usize::MAX; 4];
        if r > 0 {
            v[0] = x - rc;
        }
        if r + 1 < rr {
            v[1] = x + rc;
        }
        if c > 0 {
            v[2] = x - 1;
        }
        if c + 1 < rc {
            v[3] = x + 1;
        }
        v
    };
    // Wilson: loop-erased random walks from each room to the tree
    for start in 0..rooms {
        let mut x = start;
        while !in_tree[x] {
            let nb = room_nbrs(x);
            let choices: Vec<usize> = nb.into_iter().filter(|&y| y != usize::MAX).collect();
            next[x] = choices[rng.below_u64(choices.len() as u64) as usize];
            x = next[x];
        }
        let mut x = start;
        while !in_tree[x] {
            in_tree[x] = true;
            x = next[x];
        }
    }
    for (x, &y) in next.iter().enumerate().take(rooms) {
        let (r, c) = (2 * (x / rc), 2 * (x % rc));
        inside[r * cols + c] = true;
        if y != usize::MAX {
            let (s, t) = (2 * (y / rc), 2 * (y % rc));
            inside[(r + s) / 2 * cols + (c + t) / 2] = true;
        }
    }
    inside
}

/// `steps` flip attempts on `inside` (a valid region), each kept when valid (module doc).
fn shake(rows: usize, cols: usize, inside: &mut [bool], rng: &mut SplitMix64, steps: usize) {
    let n = rows * cols;
    let low = (INSIDE_LOW * n as f64).ceil() as usize;
    let high = (INSIDE_HIGH * n as f64).floor() as usize;
    let mut count = inside.iter().filter(|&&b| b).count();
    for _ in 0..steps {
        let x = rng.below_u64(n as u64) as usize;
        let adding = !inside[x];
        if (adding && count >= high) || (!adding && count <= low) {
            continue;
        }
        if flippable(rows, cols, inside, x) {
            inside[x] = adding;
            count = if adding { count + 1 } else { count - 1 };
        }
    }
}

/// Whether flipping cell `x` keeps the boundary of `inside` one simple cycle (module doc).
pub(crate) fn flippable(rows: usize, cols: usize, inside: &[bool], x: usize) -> bool {
    let (r, c) = ((x / cols) as isize, (x % cols) as isize);
    let at = |dr: isize, dc: isize| {
        let (y, z) = (r + dr, c + dc);
        y >= 0
            && z >= 0
            && (y as usize) < rows
            && (z as usize) < cols
            && inside[y as usize * cols + z as usize]
    };
    const RING: [(isize, isize); 8] = [
        (-1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let ring = RING.map(|(dr, dc)| at(dr, dc));
    let changes = (0..8).filter(|&i| ring[i] != ring[(i + 1) % 8]).count();
    if changes != 2 {
        return false;
    }
    // after the flip, no 2x2 block through x is a checkerboard: for the block with diagonal
    // neighbour d and edge neighbours a, b: x == d and a == b and x != a
    let new = !inside[x];
    for k in [1, 3, 5, 7] {
        let (d, a, b) = (ring[k], ring[k - 1], ring[(k + 1) % 8]);
        if new == d && a == b && a != new {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::design::check_loop;
    use zlink_puzzle::Grid;

    #[test]
    fn every_flip_keeps_one_simple_cycle() {
        // the O(1) test against the global check, at every step of walks on small grids
        for (rows, cols) in [(1, 1), (1, 5), (2, 2), (3, 4), (5, 5), (6, 7)] {
            let mut rng = SplitMix64::new(rows as u64 * 31 + cols as u64);
            let mut inside = maze(rows, cols, &mut rng);
            let grid = |v: &[bool]| Grid::from_cells(rows, cols, v.to_vec()).unwrap();
            assert!(check_loop(&grid(&inside)).is_ok());
            for _ in 0..3000 {
                let x = rng.below_u64((rows * cols) as u64) as usize;
                let ok = flippable(rows, cols, &inside, x);
                inside[x] = !inside[x];
                assert_eq!(ok, check_loop(&grid(&inside)).is_ok(), "{rows}x{cols} {x}");
                if !ok {
                    inside[x] = !inside[x];
                }
            }
        }
    }

    #[test]
    fn regions_are_loops_spread_and_reproducible() {
        for (rows, cols) in [(4, 4), (10, 10), (20, 20), (7, 30)] {
            let region = |seed| random_region(rows, cols, &mut SplitMix64::new(seed));
            let a = region(5);
            assert_eq!(a, region(5));
            assert_ne!(a, region(6));
            let g = Grid::from_cells(rows, cols, a.clone()).unwrap();
            assert!(check_loop(&g).is_ok());
            if rows * cols >= 100 {
                // every 5x5 window meets the loop (no large empty area)
                let on = super::super::lattice::Lattice::new(rows, cols).loop_of(&a);
                let lat = super::super::lattice::Lattice::new(rows, cols);
                for r0 in 0..=rows - 5 {
                    for c0 in 0..=cols - 5 {
                        let meets = (r0..r0 + 5).any(|r| {
                            (c0..c0 + 5)
                                .any(|c| lat.sides[r * cols + c].iter().any(|&e| on[e as usize]))
                        });
                        assert!(meets, "{rows}x{cols}: empty window at {r0},{c0}");
                    }
                }
            }
        }
    }
}
