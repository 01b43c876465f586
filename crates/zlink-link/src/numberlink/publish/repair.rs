//! Repairs: change a layout where another solution differs from it, so that the other is no
//! solution of the new puzzle.
//!
//! Why these moves: a *split* cuts one path at an edge that the other solution does not use;
//! the cut's two cells become ends, where every old solution has two lines or none, so every
//! old solution dies, and a new one with that edge added back is an old one holding the edge:
//! under cover or plain rules the solutions can only become fewer, and the one found is gone.
//! So splits alone make any layout unique, one pair each. A *shift* instead moves the ends of
//! the paths where the solutions differ (an absorb of the `layout` module: one path takes a
//! piece of its neighbour), keeping the number of pairs: under Janko's rules, where another
//! solution is rare and local (near ends that sit close together), that is usually enough, and
//! the puzzle keeps its pairs.
//!
//! The split edge is the one of the differing region whose halves are the most even (long
//! paths stay long: fewer pairs in the end), at least the shortest line's cells from either end.

use zlink_base::SplitMix64;
use zlink_puzzle::numberlink::Links;
use zlink_puzzle::Coord;

use super::layout::Layout;

/// Random shifts tried around the differing region before a repair gives up.
const SHIFT_TRIES: usize = 64;

/// The cells where `other` differs from the layout's paths (their links differ).
pub(crate) fn differing(layout: &Layout, other: &Links) -> Vec<u32> {
    let (rows, cols) = (layout.rows(), layout.cols());
    let (_, mine) = layout.puzzle();
    (0..(rows * cols) as u32)
        .filter(|&c| {
            let at = Coord::new(c as usize / cols, c as usize % cols);
            mine.mask(at) != other.mask(at)
        })
        .collect()
}

/// Splits a path at an edge of the layout that `other` does not use, in the differing cells
/// `diff`, with both halves at least `min_cells` long, the most even such split. `false` if
/// there is none.
pub(crate) fn split(layout: &mut Layout, other: &Links, diff: &[u32], min_cells: usize) -> bool {
    let cols = layout.cols();
    let at = |c: u32| Coord::new(c as usize / cols, c as usize % cols);
    let mut best: Option<(usize, u32, usize)> = None;
    for &x in diff {
        let id = layout.owner(x);
        let p = layout.path(id);
        let Some(k) = p.iter().position(|&c| c == x) else {
            continue;
        };
        // the edge from x to the next cell of its path, split between them
        let k = k + 1;
        if k < min_cells || p.len() < k + min_cells || other.has(at(p[k - 1]), at(p[k])) {
            continue;
        }
        let even = k.min(p.len() - k);
        if best.is_none_or(|(e, _, _)| even > e) {
            best = Some((even, id, k));
        }
    }
    match best {
        Some((_, id, k)) => {
            layout.split(id, k);
            true
        }
        None => false,
    }
}

/// Moves an end in or next to the differing cells `diff`: a random absorb whose taking path
/// ends there, keeping every path at least `min_cells` long. `false` if none of
/// [`SHIFT_TRIES`] random tries could be made.
pub(crate) fn shift(
    layout: &mut Layout,
    diff: &[u32],
    min_cells: usize,
    rng: &mut SplitMix64,
) -> bool {
    let mut ends: Vec<u32> = diff
        .iter()
        .flat_map(|&c| std::iter::once(c).chain(layout.neighbours(c)))
        .filter(|&c| layout.is_end(c))
        .collect();
    ends.sort_unstable();
    ends.dedup();
    if ends.is_empty() {
        return false;
    }
    for _ in 0..SHIFT_TRIES {
        let a = ends[rng.below_u64(ends.len() as u64) as usize];
        let nb: Vec<u32> = layout
            .neighbours(a)
            .filter(|&x| layout.owner(x) != layout.owner(a))
            .collect();
        if nb.is_empty() {
            continue;
        }
        let c = nb[rng.below_u64(nb.len() as u64) as usize];
        let towards_front = rng.next_u64() & 1 == 0;
        // a shift, not a merge: the neighbour keeps a path of its own
        if layout.absorb(a, c, towards_front, (min_cells, false)) {
            return true;
        }
    }
    false
}
