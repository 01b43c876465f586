//! Brute-force oracle for Slitherlink instance design: which hint sets make a loop the unique
//! solution, by listing every cycle of the dot graph and trying every hint subset.
//!
//! Why: the engine (`zlink_link::design`) gets the good hint sets from a frontier diagram and
//! a meet-in-the-middle pass over it; this file shares no code and no idea with it. Cycles are
//! found by a depth-first search for closed walks from their smallest dot, side counts are
//! recounted per cycle, and a hint set is good iff no other cycle has the loop's count at
//! every hinted cell.
//!
//! Cells are numbered row-major. A hint set is a `u32` bit mask over the *candidates*, bit `i`
//! being the `i`-th candidate cell in row-major order.
//!
//! Cost: the search visits every simple path from each dot, fine up to about 4 × 4 cells;
//! trying the subsets is `2^k` × cycles for `k` candidates (keep `k` at most about 16).

use std::collections::BTreeSet;

/// The dot graph of a `rows × cols` cell grid: dots `(r, c)`, `r ≤ rows`, `c ≤ cols`,
/// numbered `r * (cols + 1) + c`.
fn dot(cols: usize, r: usize, c: usize) -> usize {
    r * (cols + 1) + c
}

/// Every simple cycle of the dot graph, as the sorted list of its dot pairs `(a, b)`, `a < b`.
pub fn cycles(rows: usize, cols: usize) -> Vec<Vec<(usize, usize)>> {
    let n = (rows + 1) * (cols + 1);
    let mut adj = vec![Vec::new(); n];
    for r in 0..=rows {
        for c in 0..=cols {
            if c < cols {
                adj[dot(cols, r, c)].push(dot(cols, r, c + 1));
                adj[dot(cols, r, c + 1)].push(dot(cols, r, c));
            }
            if r < rows {
                adj[dot(cols, r, c)].push(dot(cols, r + 1, c));
                adj[dot(cols, r + 1, c)].push(dot(cols, r, c));
            }
        }
    }
    let mut found: BTreeSet<Vec<(usize, usize)>> = BTreeSet::new();
    for s in 0..n {
        // Paths from s through dots larger than s, closed by an edge back to s.
        let mut path = vec![s];
        let mut on = vec![false; n];
        on[s] = true;
        let mut next = vec![0usize]; // next neighbour index to try, per path position
        while let Some(&last) = path.last() {
            let i = *next.last().expect("same length as path");
            if i == adj[last].len() {
                path.pop();
                next.pop();
                on[last] = false;
                continue;
            }
            *next.last_mut().expect("non-empty") += 1;
            let w = adj[last][i];
            if w == s && path.len() >= 4 {
                let mut edges: Vec<(usize, usize)> = path
                    .windows(2)
                    .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
                    .collect();
                edges.push((s.min(last), s.max(last)));
                edges.sort_unstable();
                found.insert(edges);
            } else if w > s && !on[w] {
                on[w] = true;
                path.push(w);
                next.push(0);
            }
        }
    }
    found.into_iter().collect()
}

/// How many sides of each cell (row-major) lie on `cycle`.
pub fn side_counts(rows: usize, cols: usize, cycle: &[(usize, usize)]) -> Vec<u8> {
    let mut out = vec![0u8; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            let (a, b) = (dot(cols, r, c), dot(cols, r, c + 1));
            let (d, e) = (dot(cols, r + 1, c), dot(cols, r + 1, c + 1));
            out[r * cols + c] = [(a, b), (d, e), (a, d), (b, e)]
                .iter()
                .filter(|s| cycle.binary_search(s).is_ok())
                .count() as u8;
        }
    }
    out
}

/// A cycle as its sides, each a pair of dots (as [`cycles`] lists them).
pub type Cycle = Vec<(usize, usize)>;

/// Every cycle of a `rows × cols` grid with its side count per cell: the brute-force solver
/// of small Slitherlink puzzles (a clue grid's solutions are the cycles whose counts match).
pub struct CycleTable {
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
    /// Each cycle (as [`cycles`] lists it) with its [`side_counts`].
    pub all: Vec<(Cycle, Vec<u8>)>,
}

impl CycleTable {
    /// The cycles of a `rows × cols` grid.
    pub fn new(rows: usize, cols: usize) -> CycleTable {
        let all = cycles(rows, cols)
            .into_iter()
            .map(|c| {
                let counts = side_counts(rows, cols, &c);
                (c, counts)
            })
            .collect();
        CycleTable { rows, cols, all }
    }

    /// The cycles satisfying every clue (row-major).
    pub fn solutions(&self, clues: &[Option<u8>]) -> Vec<&Cycle> {
        self.all
            .iter()
            .filter(|(_, counts)| satisfies(clues, counts))
            .map(|(c, _)| c)
            .collect()
    }

    /// The side counts of `cycle`, if it is one cycle of the grid.
    pub fn counts_of(&self, cycle: &[(usize, usize)]) -> Option<&[u8]> {
        self.all
            .iter()
            .find(|(c, _)| c == cycle)
            .map(|(_, counts)| counts.as_slice())
    }
}

/// Whether side counts `counts` meet every clue of `clues` (row-major).
pub fn satisfies(clues: &[Option<u8>], counts: &[u8]) -> bool {
    clues
        .iter()
        .zip(counts)
        .all(|(h, &n)| h.is_none_or(|h| h == n))
}

/// The cycle around a region (`inside`, row-major): every cell side between an inside cell and
/// an outside cell or the border.
pub fn boundary(rows: usize, cols: usize, inside: &[bool]) -> Vec<(usize, usize)> {
    let at = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < rows
            && (c as usize) < cols
            && inside[r as usize * cols + c as usize]
    };
    let mut e = Vec::new();
    for r in 0..=rows {
        for c in 0..cols {
            if at(r as isize - 1, c as isize) != at(r as isize, c as isize) {
                e.push((dot(cols, r, c), dot(cols, r, c + 1)));
            }
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            if at(r as isize, c as isize - 1) != at(r as isize, c as isize) {
                e.push((dot(cols, r, c), dot(cols, r + 1, c)));
            }
        }
    }
    e.sort_unstable();
    e
}

/// What the oracle finds for one loop and candidate set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Design {
    /// The candidate cells (row-major indices), in bit order of the masks.
    pub candidates: Vec<usize>,
    /// Every good hint set, ascending masks.
    pub good: Vec<u32>,
}

impl Design {
    /// The good sets from which no hint can be removed.
    pub fn minimal(&self) -> Vec<u32> {
        self.good
            .iter()
            .copied()
            .filter(|&s| {
                (0..32)
                    .filter(|b| s & (1 << b) != 0)
                    .all(|b| self.good.binary_search(&(s & !(1 << b))).is_err())
            })
            .collect()
    }

    /// The fewest hints of a good set and how many good sets have that many (`None` if no set
    /// is good).
    pub fn minimum(&self) -> Option<(u32, usize)> {
        let best = self.good.iter().map(|s| s.count_ones()).min()?;
        Some((
            best,
            self.good.iter().filter(|s| s.count_ones() == best).count(),
        ))
    }
}

/// The good hint sets of the loop around `inside` with hints allowed at `candidates` (both
/// row-major, `rows × cols`; at most 32 candidates, and `2^candidates` subsets are tried).
///
/// # Panics
/// If the boundary of `inside` is not one of the grid's cycles (not a single simple loop).
pub fn design(rows: usize, cols: usize, inside: &[bool], candidates: &[bool]) -> Design {
    let all = cycles(rows, cols);
    let l = boundary(rows, cols, inside);
    assert!(
        all.binary_search(&l).is_ok(),
        "the region's boundary is not a single cycle"
    );
    let want = side_counts(rows, cols, &l);
    let cand: Vec<usize> = (0..rows * cols).filter(|&i| candidates[i]).collect();
    assert!(cand.len() <= 32, "too many candidates for the oracle");
    // Disagreement masks of the other cycles.
    let mut diff: Vec<u32> = all
        .iter()
        .filter(|c| **c != l)
        .map(|c| {
            let got = side_counts(rows, cols, c);
            cand.iter()
                .enumerate()
                .filter(|&(_, &i)| got[i] != want[i])
                .fold(0u32, |m, (b, _)| m | (1 << b))
        })
        .collect();
    diff.sort_unstable();
    diff.dedup();
    let good = (0..1u64 << cand.len())
        .map(|s| s as u32)
        .filter(|&s| diff.iter().all(|&d| s & d != 0))
        .collect();
    Design {
        candidates: cand,
        good,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycle_counts_of_small_grids() {
        // Simple cycles of the grid graphs P2×P2, P3×P3, P4×P4, P3×P4 (OEIS A140517 and
        // the 3×4 count of the same family).
        assert_eq!(cycles(1, 1).len(), 1);
        assert_eq!(cycles(2, 2).len(), 13);
        assert_eq!(cycles(3, 3).len(), 213);
        assert_eq!(cycles(2, 3).len(), 40);
    }

    #[test]
    fn a_single_cell_loop_needs_a_hint() {
        // 1 × 2 cells, loop around the left cell: the cycles are left, right, both.
        let d = design(1, 2, &[true, false], &[true, true]);
        // The loop gives left 4, right 1; the right square gives 1, 4 and the domino 3, 3:
        // either hint alone rules out both other cycles, no hint rules out none.
        assert_eq!(d.good, vec![0b01, 0b10, 0b11]);
        assert_eq!(d.minimal(), vec![0b01, 0b10]);
        assert_eq!(d.minimum(), Some((1, 2)));
    }
}
