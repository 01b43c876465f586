//! The independent checker: one closed loop, and every clue equals its count of loop sides.
//!
//! It reads only the edge grids (no model, no arc variables): degrees at every lattice point must
//! be 0 or 2, the used edges must form one connected piece, and each clue must match.
//! Complexity: `O(rows · cols)`.

use super::{Loop, Slitherlink};
use zlink_puzzle::{Coord, Violation};

/// Checks `l` against the rules and the clues of `p`.
///
/// # Errors
/// A [`Violation`]: wrong shape, a branching or dead-end lattice point, no loop or more than one
/// loop, a clue with the wrong number of sides.
pub fn verify(p: &Slitherlink, l: &Loop) -> Result<(), Violation> {
    let (rows, cols) = (p.rows(), p.cols());
    if (l.h.rows(), l.h.cols(), l.v.rows(), l.v.cols()) != (rows + 1, cols, rows, cols + 1) {
        return Err(Violation::new("the loop does not have the puzzle's shape"));
    }
    for r in 0..rows {
        for c in 0..cols {
            if let Some(k) = p.clue(r, c) {
                let s = l.sides(r, c);
                if s != k {
                    return Err(Violation::new(format!(
                        "clue {k} at {} has {s} loop sides",
                        Coord::new(r, c)
                    )));
                }
            }
        }
    }
    // Lattice point (r, c), 0 ≤ r ≤ rows, 0 ≤ c ≤ cols; its neighbours along used edges.
    let w = cols + 1;
    let nbrs = |r: usize, c: usize| {
        let mut out = Vec::with_capacity(4);
        if c > 0 && l.h[Coord::new(r, c - 1)] {
            out.push(r * w + c - 1);
        }
        if c < cols && l.h[Coord::new(r, c)] {
            out.push(r * w + c + 1);
        }
        if r > 0 && l.v[Coord::new(r - 1, c)] {
            out.push((r - 1) * w + c);
        }
        if r < rows && l.v[Coord::new(r, c)] {
            out.push((r + 1) * w + c);
        }
        out
    };
    let mut start = None;
    let mut used = 0;
    for r in 0..=rows {
        for c in 0..=cols {
            match nbrs(r, c).len() {
                0 => {}
                2 => {
                    used += 1;
                    start.get_or_insert(r * w + c);
                }
                d => {
                    return Err(Violation::new(format!(
                    "the lattice point at row {r}, column {c} has {d} loop edges (must be 0 or 2)"
                )))
                }
            }
        }
    }
    let Some(start) = start else {
        return Err(Violation::new("there is no loop"));
    };
    let mut seen = vec![false; (rows + 1) * w];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(x) = stack.pop() {
        reached += 1;
        for y in nbrs(x / w, x % w) {
            if !seen[y] {
                seen[y] = true;
                stack.push(y);
            }
        }
    }
    if reached != used {
        return Err(Violation::new("the edges form more than one loop"));
    }
    Ok(())
}
