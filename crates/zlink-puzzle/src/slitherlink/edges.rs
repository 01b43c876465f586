//! The edges of the lattice-dot graph of an `R × C` cell grid, and loops as edge sets.
//!
//! Why: the engine works on a graph of `(R + 1) × (C + 1)` dots with reordered edges, but its
//! users think in cell sides. [`LoopEdge`] names one side, [`LoopEdges`] a set of sides in the
//! layout every loop-puzzle module of zlink shares, and `dot_edges` numbers the dot graph the
//! way `zlink_frontier::Graph::grid` does, so a frontier edge index maps back to a side.

use crate::{Coord, Grid};

/// One unit segment between two lattice dots of a cell grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopEdge {
    /// The horizontal segment from dot `(row, col)` to dot `(row, col + 1)`: the top side of
    /// cell `(row, col)` (`row` in `0..=rows`, `col` in `0..cols`).
    H(Coord),
    /// The vertical segment from dot `(row, col)` to dot `(row + 1, col)`: the left side of
    /// cell `(row, col)` (`row` in `0..rows`, `col` in `0..=cols`).
    V(Coord),
}

impl LoopEdge {
    /// The four sides of cell `c`: top, bottom, left, right.
    pub fn sides_of(c: Coord) -> [LoopEdge; 4] {
        [
            LoopEdge::H(c),
            LoopEdge::H(Coord::new(c.row + 1, c.col)),
            LoopEdge::V(c),
            LoopEdge::V(Coord::new(c.row, c.col + 1)),
        ]
    }
}

/// A set of segments of an `R × C` cell grid, e.g. a Slitherlink loop.
///
/// `h` holds the `(rows + 1) × cols` horizontal segments (`h[(r, c)]` is the top side of cell
/// `(r, c)`), `v` the `rows × (cols + 1)` vertical ones (`v[(r, c)]` is the left side of cell
/// `(r, c)`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopEdges {
    /// Horizontal segments, `(rows + 1) × cols`.
    pub h: Grid<bool>,
    /// Vertical segments, `rows × (cols + 1)`.
    pub v: Grid<bool>,
}

impl LoopEdges {
    /// No segment of a `rows × cols` cell grid.
    pub fn new(rows: usize, cols: usize) -> LoopEdges {
        LoopEdges {
            h: Grid::new(rows + 1, cols, false),
            v: Grid::new(rows, cols + 1, false),
        }
    }

    /// The cells inside the loop (odd number of vertical segments to a cell's left): the
    /// region whose boundary [`LoopEdges::from_inside`] takes back to these segments.
    pub fn inside(&self) -> Grid<bool> {
        let (rows, cols) = (self.v.rows(), self.v.cols() - 1);
        let mut inside = Grid::new(rows, cols, false);
        for r in 0..rows {
            let mut odd = false;
            for c in 0..cols {
                odd ^= self.v[Coord::new(r, c)];
                inside[Coord::new(r, c)] = odd;
            }
        }
        inside
    }

    /// The boundary of a region: the sides between an inside cell and an outside cell or the
    /// border. A Slitherlink answer given as shaded cells becomes its loop this way.
    pub fn from_inside(inside: &Grid<bool>) -> LoopEdges {
        let (rows, cols) = (inside.rows(), inside.cols());
        let at = |r: usize, c: usize| r < rows && c < cols && inside[Coord::new(r, c)];
        let mut e = LoopEdges::new(rows, cols);
        for r in 0..=rows {
            for c in 0..cols {
                e.h[Coord::new(r, c)] = (r > 0 && at(r - 1, c)) != at(r, c);
            }
        }
        for r in 0..rows {
            for c in 0..=cols {
                e.v[Coord::new(r, c)] = (c > 0 && at(r, c - 1)) != at(r, c);
            }
        }
        e
    }

    /// Whether segment `e` is in the set (`false` outside the grid).
    pub fn contains(&self, e: LoopEdge) -> bool {
        match e {
            LoopEdge::H(c) => self.h.get(c).copied().unwrap_or(false),
            LoopEdge::V(c) => self.v.get(c).copied().unwrap_or(false),
        }
    }

    /// Adds segment `e` (ignored outside the grid).
    pub fn insert(&mut self, e: LoopEdge) {
        let slot = match e {
            LoopEdge::H(c) => self.h.get(c).is_some().then(|| &mut self.h[c]),
            LoopEdge::V(c) => self.v.get(c).is_some().then(|| &mut self.v[c]),
        };
        if let Some(x) = slot {
            *x = true;
        }
    }

    /// Number of segments in the set.
    pub fn len(&self) -> usize {
        self.h
            .cells()
            .iter()
            .chain(self.v.cells())
            .filter(|&&b| b)
            .count()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many sides of cell `(r, c)` are in the set (`r < rows`, `c < cols`; panics outside).
    pub fn sides(&self, r: usize, c: usize) -> u8 {
        LoopEdge::sides_of(Coord::new(r, c))
            .into_iter()
            .map(|e| u8::from(self.contains(e)))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundary_of_a_region() {
        // A single inside cell in a 2×2 grid: its four sides.
        let mut inside = Grid::new(2, 2, false);
        inside[Coord::new(1, 0)] = true;
        let e = LoopEdges::from_inside(&inside);
        assert_eq!(e.len(), 4);
        for s in LoopEdge::sides_of(Coord::new(1, 0)) {
            assert!(e.contains(s));
        }
        // The whole grid: the border.
        let all = LoopEdges::from_inside(&Grid::new(2, 3, true));
        assert_eq!(all.len(), 10);
        assert!(all.contains(LoopEdge::V(Coord::new(1, 3))));
        assert!(!all.contains(LoopEdge::V(Coord::new(1, 1))));
        assert!(LoopEdges::from_inside(&Grid::new(3, 3, false)).is_empty());
    }

    /// `inside` undoes `from_inside` on every region of a 3×3 grid (simple loop or not: the
    /// parity of the vertical segments to a cell's left is its side).
    #[test]
    fn inside_of_a_boundary() {
        for bits in 0u32..1 << 9 {
            let cells = (0..9).map(|i| bits >> i & 1 == 1).collect();
            let region = Grid::from_cells(3, 3, cells).unwrap();
            assert_eq!(
                LoopEdges::from_inside(&region).inside(),
                region,
                "{bits:09b}"
            );
        }
    }
}
