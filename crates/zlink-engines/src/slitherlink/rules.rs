//! The seed's four starting-rule cut families, as edges known to be on (and, for the corner
//! rule's 0 and 1, known to be off) the loop.
//!
//! 1. Adjacent 3s: the shared side and the two far sides are on the loop. Proof sketch: if the
//!    shared side were off, both 3s would use all their other sides, which close a loop around
//!    the pair; a single loop then is exactly that 2-cell rectangle. So the rule is sound unless
//!    that rectangle is itself a solution, which we check and then skip the rule (the seed states
//!    it without this exception).
//! 2. Corners: a 0 or 1 in a grid corner has both corner sides off; a 3 has both corner sides
//!    on; a 2 has the two sides leading up to it along the border on (the border sides of the
//!    neighbouring cells next to the corner cell).
//! 3. Diagonal 3s: each 3 has its two sides away from the other 3 on the loop.
//! 4. A 3 diagonal to a 0: the 3's two sides that meet at the 0's corner are on the loop.
//!
//! Every family is checked against a brute-force count in the tests (cuts never change counts).

use super::Slitherlink;

/// A loop edge: horizontal `(r, c)` is the top of cell `(r, c)` (`r ≤ rows`), vertical `(r, c)`
/// the left side of cell `(r, c)` (`c ≤ cols`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// Horizontal edge at lattice row `r`, cell column `c`.
    H(usize, usize),
    /// Vertical edge at cell row `r`, lattice column `c`.
    V(usize, usize),
}

/// The four sides of cell `(r, c)`: top, bottom, left, right.
pub fn sides(r: usize, c: usize) -> [Edge; 4] {
    [
        Edge::H(r, c),
        Edge::H(r + 1, c),
        Edge::V(r, c),
        Edge::V(r, c + 1),
    ]
}

/// Edges known on and edges known off the loop by the four rule families, deduplicated.
pub fn starting_rules(p: &Slitherlink) -> (Vec<Edge>, Vec<Edge>) {
    let (rows, cols) = (p.rows(), p.cols());
    let clue = |r: usize, c: usize| p.clue(r, c);
    let mut on = Vec::new();
    let mut off = Vec::new();
    // 1. adjacent 3s
    for r in 0..rows {
        for c in 0..cols {
            if clue(r, c) != Some(3) {
                continue;
            }
            if c + 1 < cols && clue(r, c + 1) == Some(3) && !rectangle_solves(p, r, c, 1, 2) {
                on.extend([Edge::V(r, c), Edge::V(r, c + 1), Edge::V(r, c + 2)]);
            }
            if r + 1 < rows && clue(r + 1, c) == Some(3) && !rectangle_solves(p, r, c, 2, 1) {
                on.extend([Edge::H(r, c), Edge::H(r + 1, c), Edge::H(r + 2, c)]);
            }
        }
    }
    // 2. corners: (cell, its two corner sides, the two border sides leading up to it)
    if rows >= 2 && cols >= 2 {
        let (lr, lc) = (rows - 1, cols - 1);
        let corners = [
            (
                (0, 0),
                [Edge::H(0, 0), Edge::V(0, 0)],
                [Edge::H(0, 1), Edge::V(1, 0)],
            ),
            (
                (0, lc),
                [Edge::H(0, lc), Edge::V(0, cols)],
                [Edge::H(0, lc - 1), Edge::V(1, cols)],
            ),
            (
                (lr, 0),
                [Edge::H(rows, 0), Edge::V(lr, 0)],
                [Edge::H(rows, 1), Edge::V(lr - 1, 0)],
            ),
            (
                (lr, lc),
                [Edge::H(rows, lc), Edge::V(lr, cols)],
                [Edge::H(rows, lc - 1), Edge::V(lr - 1, cols)],
            ),
        ];
        for ((r, c), corner, leading) in corners {
            match clue(r, c) {
                Some(0 | 1) => off.extend(corner),
                Some(2) => on.extend(leading),
                Some(3) => on.extend(corner),
                _ => {}
            }
        }
    }
    // 3. diagonal 3s and 4. a 3 diagonal to a 0
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            let (a, b, x, y) = (
                clue(r, c),
                clue(r + 1, c + 1),
                clue(r, c + 1),
                clue(r + 1, c),
            );
            // main diagonal (r, c)–(r+1, c+1), shared corner (r+1, c+1)
            if a == Some(3) && b == Some(3) {
                on.extend([
                    Edge::H(r, c),
                    Edge::V(r, c),
                    Edge::H(r + 2, c + 1),
                    Edge::V(r + 1, c + 2),
                ]);
            }
            if a == Some(3) && b == Some(0) {
                on.extend([Edge::H(r + 1, c), Edge::V(r, c + 1)]);
            }
            if a == Some(0) && b == Some(3) {
                on.extend([Edge::H(r + 1, c + 1), Edge::V(r + 1, c + 1)]);
            }
            // anti-diagonal (r, c+1)–(r+1, c), shared corner (r+1, c+1)
            if x == Some(3) && y == Some(3) {
                on.extend([
                    Edge::H(r, c + 1),
                    Edge::V(r, c + 2),
                    Edge::H(r + 2, c),
                    Edge::V(r + 1, c),
                ]);
            }
            if x == Some(3) && y == Some(0) {
                on.extend([Edge::H(r + 1, c + 1), Edge::V(r, c + 1)]);
            }
            if x == Some(0) && y == Some(3) {
                on.extend([Edge::H(r + 1, c), Edge::V(r + 1, c + 1)]);
            }
        }
    }
    on.sort_unstable();
    on.dedup();
    off.sort_unstable();
    off.dedup();
    (on, off)
}

/// Whether the boundary of the `h × w` rectangle of cells at `(r, c)` satisfies every clue.
fn rectangle_solves(p: &Slitherlink, r: usize, c: usize, h: usize, w: usize) -> bool {
    let inside = |rr: usize, cc: usize| (r..r + h).contains(&rr) && (c..c + w).contains(&cc);
    (0..p.rows()).all(|rr| {
        (0..p.cols()).all(|cc| {
            let Some(k) = p.clue(rr, cc) else { return true };
            let me = inside(rr, cc);
            let nb = |dr: isize, dc: isize| {
                let (nr, nc) = (rr as isize + dr, cc as isize + dc);
                nr >= 0 && nc >= 0 && inside(nr as usize, nc as usize)
            };
            let s = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .filter(|&&(dr, dc)| nb(dr, dc) != me)
                .count();
            s == usize::from(k)
        })
    })
}
