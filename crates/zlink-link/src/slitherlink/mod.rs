//! Slitherlink as a ZDD: every solution of a clue grid, counted or built as a reduced diagram
//! (the ZDD paper's Algorithm 5).
//!
//! Why: the integer-programming engine finds Slitherlink solutions one at a time; this engine
//! describes all of them at once, so counts (uniqueness) can be checked independently.
//!
//! The loop lives on the `(R + 1) × (C + 1)` lattice-dot graph. Its edges are ordered by
//! [`sweep_order`]: dot lines across the short side, one after the other, so the frontier is
//! `min(R, C) + 2` dots and a clue cell's count is open for one line only. On the Janko
//! puzzles this order needs 10–100× fewer states than the anti-diagonal sweep of
//! [`zlink_frontier::EdgeOrder::Frontier`] (which is narrower by one dot but keeps clue counts
//! open along a whole diagonal).
//! Nothing here is Slitherlink-specific machinery: the family is the intersection of
//! * the single simple cycles of the dot graph ([`MateSpec::cycles`], Algorithm 4, where the
//!   empty set is no cycle), and
//! * for every clue cell, exactly `h` of its four sides taken ([`GroupSpec`]),
//!
//! combined with [`Intersection`].
//!
//! ```
//! use zlink_grid::{Coord, Grid};
//! use zlink_link::slitherlink::SlitherZdd;
//! // A 2×2 grid with a 4 in the top-left cell: only the loop around that cell.
//! let mut clues = Grid::new(2, 2, None);
//! clues[Coord::new(0, 0)] = Some(4);
//! let s = SlitherZdd::new(&clues).unwrap();
//! assert_eq!(s.count(&Default::default()).unwrap(), 1u32.into());
//! let sol = s.solutions(10, &Default::default()).unwrap();
//! assert_eq!(sol[0].len(), 4);
//! ```

mod edges;

pub use edges::{dot_edges, LoopEdge, LoopEdges};

use num_bigint::BigUint;
use zlink_frontier::combinators::Intersection;
use zlink_frontier::packed::Slots;
use zlink_frontier::run::{build_family, count_family, CountReport, Limits, RunError, SpecFamily};
use zlink_frontier::specs::{groups::GroupSpec, mate::Mate, SpecError};
use zlink_frontier::{FrontierPlan, Graph, Level, Spec};
use zlink_grid::{Coord, Grid};
use zlink_zdd::{NodeId, Zdd};

/// The engine's edge order, as a permutation of [`dot_edges`] (`perm[level]` = index into
/// `dot_edges(rows, cols)`): dots line by line across the short side (row by row when
/// `cols <= rows`, else column by column), and at each dot its segment along the line before
/// its segment to the next line.
pub fn sweep_order(rows: usize, cols: usize) -> Vec<usize> {
    let es = dot_edges(rows, cols);
    let key = |e: &LoopEdge| {
        let (k, across) = match *e {
            LoopEdge::H(k) => (k, cols > rows),
            LoopEdge::V(k) => (k, cols <= rows),
        };
        let dot = if cols <= rows {
            (k.row, k.col)
        } else {
            (k.col, k.row)
        };
        (dot, across)
    };
    let mut perm: Vec<usize> = (0..es.len()).collect();
    perm.sort_by_key(|&i| key(&es[i]));
    perm
}

/// Why a Slitherlink engine could not be set up.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Error {
    /// A clue above 4 (a cell has four sides).
    #[error("clue {value} at {at} is above 4")]
    BadClue {
        /// The cell.
        at: Coord,
        /// The clue.
        value: u8,
    },
    /// The clue groups could not be set up, or the grid is too wide for any frontier state
    /// (`min(rows, cols)` above about 248).
    #[error(transparent)]
    Spec(#[from] SpecError),
}

/// The Slitherlink ZDD engine for one clue grid.
///
/// Variables (ZDD levels) are the dot-graph segments in frontier order; [`SlitherZdd::edge`]
/// and [`SlitherZdd::level`] convert between the two.
#[derive(Clone, Debug)]
pub struct SlitherZdd {
    rows: usize,
    cols: usize,
    /// `edges[level]` is the segment of that level.
    edges: Vec<LoopEdge>,
    /// Level of each horizontal / vertical segment.
    h_level: Grid<Level>,
    v_level: Grid<Level>,
    /// The dot graph in the engine's edge order.
    graph: Graph,
    /// Exact side counts of the clue cells.
    groups: GroupSpec,
    /// Frontier width of the dot graph in that order.
    width: usize,
}

impl SlitherZdd {
    /// The engine for `clues` (`None` = no clue, `Some(0..=4)`), an `R × C` cell grid.
    ///
    /// # Errors
    /// [`Error::BadClue`] for a clue above 4; [`Error::Spec`] if the frontier is too wide even
    /// for wide states.
    ///
    /// Complexity: `O(R C)` (edge order and frontier plan).
    pub fn new(clues: &Grid<Option<u8>>) -> Result<SlitherZdd, Error> {
        let (rows, cols) = (clues.rows(), clues.cols());
        if let Some((at, &Some(value))) = clues.iter().find(|(_, v)| v.is_some_and(|h| h > 4)) {
            return Err(Error::BadClue { at, value });
        }
        let by_index = dot_edges(rows, cols);
        let perm = sweep_order(rows, cols);
        let g = Graph::grid(rows + 1, cols + 1).permuted(&perm);
        let edges: Vec<LoopEdge> = perm.iter().map(|&i| by_index[i]).collect();
        let mut h_level = Grid::new(rows + 1, cols, 0);
        let mut v_level = Grid::new(rows, cols + 1, 0);
        for (l, e) in edges.iter().enumerate() {
            match *e {
                LoopEdge::H(c) => h_level[c] = l as Level,
                LoopEdge::V(c) => v_level[c] = l as Level,
            }
        }
        let mut groups = Vec::new();
        for (at, clue) in clues.iter() {
            if let Some(h) = *clue {
                let levels = LoopEdge::sides_of(at)
                    .iter()
                    .map(|&e| match e {
                        LoopEdge::H(c) => h_level[c],
                        LoopEdge::V(c) => v_level[c],
                    })
                    .collect();
                groups.push((levels, u32::from(h)));
            }
        }
        let groups = GroupSpec::new(edges.len() as Level, &groups)?;
        let width = FrontierPlan::new(&g).map_err(SpecError::from)?.width();
        Ok(SlitherZdd {
            rows,
            cols,
            edges,
            h_level,
            v_level,
            graph: g,
            groups,
            width,
        })
    }

    /// Rows of cells.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of cells.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of ZDD variables (= segments, `(R + 1) C + R (C + 1)`).
    pub fn num_vars(&self) -> u32 {
        self.edges.len() as u32
    }

    /// The segment of variable `level` (`None` if out of range).
    pub fn edge(&self, level: Level) -> Option<LoopEdge> {
        self.edges.get(level as usize).copied()
    }

    /// The variable of segment `e` (`None` outside the grid).
    pub fn level(&self, e: LoopEdge) -> Option<Level> {
        match e {
            LoopEdge::H(c) => self.h_level.get(c).copied(),
            LoopEdge::V(c) => self.v_level.get(c).copied(),
        }
    }

    /// The loop of a ZDD member (a set of variables); out-of-range variables are ignored.
    pub fn loop_of(&self, member: &[Level]) -> LoopEdges {
        let mut out = LoopEdges::new(self.rows, self.cols);
        for e in member.iter().filter_map(|&l| self.edge(l)) {
            out.insert(e);
        }
        out
    }

    /// The number of solutions, by the count-only DP (no diagram is stored), through the
    /// frontier's one entry point: packed or wide states by frontier width, under `limits`.
    ///
    /// # Errors
    /// [`RunError`] if a budget or the time limit of `limits` runs out.
    pub fn count(&self, limits: &Limits<'_>) -> Result<BigUint, RunError> {
        Ok(self.count_with_stats(limits)?.count)
    }

    /// As [`SlitherZdd::count`], with the widest level and the total number of states.
    ///
    /// # Errors
    /// As [`SlitherZdd::count`].
    pub fn count_with_stats(&self, limits: &Limits<'_>) -> Result<CountReport, RunError> {
        count_family(self, limits)
    }

    /// Builds the reduced ZDD of all solutions into `zdd` (over [`SlitherZdd::num_vars`]
    /// variables; see [`SlitherZdd::edge`]).
    ///
    /// # Errors
    /// [`RunError`] if a budget or the time limit runs out.
    pub fn build(&self, zdd: &mut Zdd, limits: &Limits<'_>) -> Result<NodeId, RunError> {
        if zdd.num_vars() < self.num_vars() {
            zdd.set_num_vars(self.num_vars());
        }
        Ok(build_family(self, zdd, limits)?.root)
    }

    /// Up to `limit` solutions, built as a ZDD and enumerated in the diagram's order.
    ///
    /// # Errors
    /// As [`SlitherZdd::build`].
    pub fn solutions(&self, limit: usize, limits: &Limits<'_>) -> Result<Vec<LoopEdges>, RunError> {
        let mut zdd = Zdd::new(self.num_vars());
        let root = self.build(&mut zdd, limits)?;
        Ok(zdd
            .iter(root)
            .take(limit)
            .map(|m| self.loop_of(&m))
            .collect())
    }
}

impl SpecFamily for SlitherZdd {
    fn width(&self) -> usize {
        self.width
    }

    /// Single cycles of the dot graph ∩ the clue cells' exact side counts.
    fn spec<M: Slots>(&self) -> Result<impl Spec, SpecError> {
        Ok(Intersection::new(
            Mate::<M>::cycles(&self.graph, false)?,
            &self.groups,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_frontier::frontier_widths;

    #[test]
    fn sweep_is_a_permutation_with_a_short_frontier() {
        for (r, c) in [(1, 1), (2, 5), (5, 2), (4, 4), (10, 18), (18, 10)] {
            let mut p = sweep_order(r, c);
            let g = Graph::grid(r + 1, c + 1).permuted(&p);
            let width = frontier_widths(&g).into_iter().max().unwrap();
            assert!(width <= r.min(c) + 2, "{r}x{c}: {width}");
            p.sort_unstable();
            assert!(p.iter().enumerate().all(|(i, &x)| i == x));
        }
    }
}
