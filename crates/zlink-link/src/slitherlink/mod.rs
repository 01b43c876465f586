//! Slitherlink as a ZDD: every solution of a clue grid, counted or built as a reduced diagram
//! (the ZDD paper's Algorithm 5), after deduction.
//!
//! Why: the integer-programming engine finds Slitherlink solutions one at a time; this engine
//! describes all of them at once, so counts (uniqueness) can be checked independently.
//!
//! First, deduction (the crate's `deduce` module, [`Deduction`]) fixes the segments every solution
//! agrees on: on published puzzles most or all of them, so a 60×60 is counted in milliseconds.
//! Segments fixed off leave the graph, segments fixed on stay as levels that must be taken
//! ([`Forced`]), and a clue whose sides are all decided leaves the state. When nothing is left
//! undecided the one loop is the answer and no diagram is built; a contradiction is 0.
//!
//! The loop lives on the `(R + 1) × (C + 1)` lattice-dot graph. Its edges are ordered by
//! [`sweep_order_by`]: dot lines one after the other, row by row or column by column,
//! whichever leaves the narrower frontier over the undecided segments (at most `min(R, C) + 2`
//! dots; on a tie, the smaller open profile), so a clue cell's count is open for one line
//! only. On the Janko puzzles this order needs 10–100× fewer states than the anti-diagonal
//! sweep of
//! [`zlink_frontier::EdgeOrder::Frontier`] (which is narrower by one dot but keeps clue counts
//! open along a whole diagonal).
//! Nothing else here is Slitherlink-specific machinery: the family is the intersection of
//! * the single simple cycles of the dot graph ([`Mate::cycles`], Algorithm 4, where the
//!   empty set is no cycle), and
//! * for every open clue cell, exactly its number of undecided sides (the clue minus the sides
//!   fixed on) taken ([`GroupSpec`]),
//!
//! combined with [`Lockstep`] (both test every level in turn), on packed, inline or boxed states
//! by frontier width.
//!
//! ```
//! use zlink_puzzle::{Coord, Grid};
//! use zlink_link::slitherlink::SlitherZdd;
//! // A 2×2 grid with a 4 in the top-left cell: only the loop around that cell.
//! let mut clues = Grid::new(2, 2, None);
//! clues[Coord::new(0, 0)] = Some(4);
//! let s = SlitherZdd::new(&clues).unwrap();
//! assert_eq!(s.count(&Default::default()).unwrap(), 1u32.into());
//! let sol = s.solutions(10, &Default::default()).unwrap();
//! assert_eq!(sol[0].len(), 4);
//! ```

mod dots;
pub mod generate;
mod setup;
#[cfg(test)]
mod tests;

pub use dots::dot_edges;
pub use zlink_puzzle::slitherlink::{LoopEdge, LoopEdges};

use zlink_frontier::combinators::{Forced, Lockstep};
use zlink_frontier::packed::Slots;
use zlink_frontier::run::SpecFamily;
use zlink_frontier::specs::{groups::GroupSpec, mate::Mate, SpecError};
use zlink_frontier::{FrontierPlan, Graph, Level, Spec};
use zlink_puzzle::{Coord, Grid};

use crate::engine::{LinkFamily, LinkZdd};
use crate::settle::Settler;

/// Depth of the branching that follows probing (module `deduce`): a puzzle that probing leaves
/// nearly decided is decided by up to `2^BRANCH_DEPTH` leaves of probing, with no build.
const BRANCH_DEPTH: u32 = 8;

/// The states (count) or nodes (build) of the first, budgeted run after probing at the
/// [`Deduction::Sat`] level (module `settle`): below it the frontier run costs less than the
/// SAT completion it saves. Measured on the Janko 10×10 puzzles that probing leaves open:
/// `105_10x10` counts in 27 K states (about 1.6 ms) where the completion takes about 7 ms;
/// `109_10x10` counts in 18 K states (about 1.5 ms) by the sweep the open profile picks, and
/// in 65 K by the other, where its completion takes about 1.2 ms. (30 K until 2026-11-26,
/// when the sweep choice on width ties moved `105` to the 27 K sweep.)
pub const ATTEMPT_STATES: u64 = 33_000;

/// The count attempt also stops once it holds more than `ATTEMPT_STATES / ATTEMPT_HELD_DIVISOR`
/// states at once (2.75 K: `105_10x10`, widest level 1,035 states, fits; `46_8x8`, `47_8x8`
/// and bigger puzzles whose completion is cheaper than their count stop early, before the
/// state budget is spent).
pub const ATTEMPT_HELD_DIVISOR: u64 = 12;

/// The engine's default edge order, as a permutation of [`dot_edges`] (`perm[level]` = index
/// into `dot_edges(rows, cols)`): dots line by line across the short side (row by row when
/// `cols <= rows`, else column by column), and at each dot its segment along the line before
/// its segment to the next line.
pub fn sweep_order(rows: usize, cols: usize) -> Vec<usize> {
    sweep_order_by(rows, cols, cols <= rows)
}

/// As [`sweep_order`], with the lines chosen: row by row when `by_rows`, else column by column.
pub fn sweep_order_by(rows: usize, cols: usize, by_rows: bool) -> Vec<usize> {
    let es = dot_edges(rows, cols);
    let key = |e: &LoopEdge| {
        let (k, across) = match *e {
            LoopEdge::H(k) => (k, !by_rows),
            LoopEdge::V(k) => (k, by_rows),
        };
        let dot = if by_rows {
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

/// How much deduction runs before the build (see module `deduce`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Deduction {
    /// None: the plain intersection of cycles and clue counts (the paper's Algorithm 5).
    Off,
    /// The dot, clue and loop-closure rules to a fixpoint.
    Rules,
    /// The rules, then each undecided segment tried both ways (one level of lookahead).
    Probe,
    /// The default. As `Probe` (without the branching), then a count or build under
    /// [`ATTEMPT_STATES`]; if that overflows, what is left is completed by a SAT solver
    /// (`deduce::sat`, then the branching if it gave up): no solution or one decides every
    /// segment, two (or a completion that gave up) leave the full build to count.
    #[default]
    Sat,
}

/// How an engine was set up: what deduction decided, and the frontier left to build.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SetupStats {
    /// Segments of the grid.
    pub segments: usize,
    /// Segments deduction fixed on.
    pub fixed_on: usize,
    /// Segments deduction fixed off (removed from the graph).
    pub fixed_off: usize,
    /// Clue cells left in the state (some side undecided).
    pub open_clues: usize,
    /// Whether deduction proved that there is no solution.
    pub contradiction: bool,
    /// Whether deduction decided every segment: the one solution, without a build.
    pub decided: bool,
    /// Maximum frontier width of the graph left (0 when nothing is left to build).
    pub width: usize,
    /// Whether the levels sweep the dots row by row (else column by column).
    pub by_rows: bool,
    /// Seconds spent deducing.
    pub deduce_seconds: f64,
    /// States (or nodes) the first, budgeted count or build may make before the completion
    /// runs (0: no completion at this level, or nothing left to settle).
    pub attempt_budget: u64,
}

/// The Slitherlink ZDD engine for one clue grid: the shared link engine over
/// [`SlitherFamily`].
///
/// Variables (ZDD levels) are the dot-graph segments that deduction did not fix off, in
/// frontier order; [`SlitherZdd::edge`] and [`SlitherZdd::level`] convert between the two.
pub type SlitherZdd = LinkZdd<SlitherFamily>;

/// What Slitherlink adds to the link engine: the dot graph left after deduction, the open
/// clues' side counts and the segments fixed on.
#[derive(Clone, Debug)]
pub struct SlitherFamily {
    rows: usize,
    cols: usize,
    /// `edges[level]` is the segment of that level.
    edges: Vec<LoopEdge>,
    /// Level of each horizontal / vertical segment (`None`: fixed off).
    h_level: Grid<Option<Level>>,
    v_level: Grid<Option<Level>>,
    /// The dot graph left after deduction, in the engine's edge order.
    graph: Graph,
    /// Exact counts of the clue cells' undecided sides.
    groups: GroupSpec,
    /// Per level: `Some(true)` if deduction fixed it on.
    fixed: Vec<Option<bool>>,
    stats: SetupStats,
}

impl LinkZdd<SlitherFamily> {
    /// The engine for `clues` (`None` = no clue, `Some(0..=4)`), an `R × C` cell grid, with
    /// full deduction ([`Deduction::Sat`]).
    ///
    /// # Errors
    /// [`Error::BadClue`] for a clue above 4; [`Error::Spec`] if the frontier is too wide even
    /// for wide states.
    ///
    /// Complexity: `O(R C)` for the edge order and frontier plan, plus deduction.
    pub fn new(clues: &Grid<Option<u8>>) -> Result<SlitherZdd, Error> {
        SlitherZdd::with_deduction(clues, Deduction::default())
    }

    /// As [`SlitherZdd::new`], choosing how much deduction runs before the build.
    ///
    /// # Errors
    /// As [`SlitherZdd::new`].
    pub fn with_deduction(
        clues: &Grid<Option<u8>>,
        deduction: Deduction,
    ) -> Result<SlitherZdd, Error> {
        SlitherZdd::with_deduction_until(clues, deduction, None)
    }

    /// As [`SlitherZdd::with_deduction`], probing and branching stopping at `deadline` (then
    /// they decide no more; the count or build takes its own time limit).
    ///
    /// # Errors
    /// As [`SlitherZdd::new`].
    pub fn with_deduction_until(
        clues: &Grid<Option<u8>>,
        deduction: Deduction,
        deadline: Option<std::time::Instant>,
    ) -> Result<SlitherZdd, Error> {
        let (rows, cols) = (clues.rows(), clues.cols());
        if let Some((at, &Some(value))) = clues.iter().find(|(_, v)| v.is_some_and(|h| h > 4)) {
            return Err(Error::BadClue { at, value });
        }
        let by_index = dot_edges(rows, cols);
        let full = Graph::grid(rows + 1, cols + 1);
        let cells = setup::clue_cells(clues, &by_index);
        let mut stats = SetupStats {
            segments: by_index.len(),
            ..SetupStats::default()
        };
        let (fixed, completion) = match deduction {
            Deduction::Off => (vec![None; by_index.len()], None),
            _ => {
                let started = std::time::Instant::now();
                let problem =
                    setup::problem((rows, cols), &by_index, &full, &cells, deduction, deadline);
                let (fixed, contradiction, completion) = setup::deduced(problem, deduction);
                stats.deduce_seconds = started.elapsed().as_secs_f64();
                stats.contradiction = contradiction;
                (fixed, completion)
            }
        };
        let (graph, groups, levels) = Self::setup_levels(
            (rows, cols),
            (&by_index, &full, &cells),
            &fixed,
            deduction,
            &mut stats,
        )?;
        let settler = if stats.contradiction || stats.decided {
            Settler::deduced()
        } else {
            stats.width = FrontierPlan::new(&graph).map_err(SpecError::from)?.width();
            let level_of = by_index
                .iter()
                .map(|&e| setup::kept_level(&levels.h_level, &levels.v_level, e))
                .collect();
            let settler = Settler::new(
                completion,
                fixed,
                level_of,
                (ATTEMPT_STATES, ATTEMPT_HELD_DIVISOR, usize::MAX),
            );
            stats.attempt_budget = settler.attempt_budget(stats.width);
            settler
        };
        let family = SlitherFamily {
            rows,
            cols,
            edges: levels.edges,
            h_level: levels.h_level,
            v_level: levels.v_level,
            graph,
            groups,
            fixed: levels.kept_fixed,
            stats,
        };
        Ok(LinkZdd::from_parts(family, settler))
    }

    /// The step after deduction: the sweep order of the segments not fixed off, their levels,
    /// the dot graph they leave and the open clue groups, with their figures in `stats`.
    fn setup_levels(
        (rows, cols): (usize, usize),
        (by_index, full, cells): (&[LoopEdge], &Graph, &[setup::Cell]),
        fixed: &[Option<bool>],
        deduction: Deduction,
        stats: &mut SetupStats,
    ) -> Result<(Graph, GroupSpec, setup::Levels), Error> {
        let order = setup::sweep(rows, cols, full, fixed, cells, deduction);
        stats.by_rows = sweep_order_by(rows, cols, true)
            .into_iter()
            .filter(|&i| fixed[i] != Some(false))
            .eq(order.iter().copied());
        stats.fixed_off = fixed.iter().filter(|f| **f == Some(false)).count();
        let levels = setup::Levels::new((rows, cols), &order, by_index, full, fixed);
        let kept_fixed = &levels.kept_fixed;
        stats.fixed_on = kept_fixed.iter().filter(|f| **f == Some(true)).count();
        stats.decided = !stats.contradiction && kept_fixed.iter().all(Option::is_some);
        // with deduction off every side is open, so a group's target is its clue
        let groups = setup::open_groups(cells, fixed, deduction, |e| {
            setup::level_of(&levels.h_level, &levels.v_level, by_index[e])
        });
        stats.open_clues = groups.len();
        let graph = Graph::new(full.num_vertices(), &levels.kept)
            .map_err(|e| SpecError::BadArgument(format!("dot graph after deduction: {e}")))?;
        let groups = GroupSpec::new(levels.edges.len() as Level, &groups)?;
        Ok((graph, groups, levels))
    }

    /// Rows of cells.
    pub fn rows(&self) -> usize {
        self.family.rows
    }

    /// Columns of cells.
    pub fn cols(&self) -> usize {
        self.family.cols
    }

    /// The segment of variable `level` (`None` if out of range).
    pub fn edge(&self, level: Level) -> Option<LoopEdge> {
        self.family.edges.get(level as usize).copied()
    }

    /// The variable of segment `e` (`None` outside the grid or fixed off).
    pub fn level(&self, e: LoopEdge) -> Option<Level> {
        match e {
            LoopEdge::H(c) => self.family.h_level.get(c).copied().flatten(),
            LoopEdge::V(c) => self.family.v_level.get(c).copied().flatten(),
        }
    }

    /// What deduction decided for segment `e`: `Some(true)` on, `Some(false)` off (also when
    /// deduction found no solution), `None` undecided or outside the grid.
    pub fn fixed(&self, e: LoopEdge) -> Option<bool> {
        let inside = match e {
            LoopEdge::H(c) => self.family.h_level.get(c).is_some(),
            LoopEdge::V(c) => self.family.v_level.get(c).is_some(),
        };
        match self.level(e) {
            Some(l) => self.family.fixed[l as usize],
            None => inside.then_some(false),
        }
    }

    /// The loop of a ZDD member (a set of variables); out-of-range variables are ignored.
    pub fn loop_of(&self, member: &[Level]) -> LoopEdges {
        self.family.solution(member)
    }
}

impl SpecFamily for SlitherFamily {
    fn width(&self) -> usize {
        self.stats.width
    }

    /// Single cycles of the dot graph left ∩ the open clues' exact side counts, with
    /// deduction's fixed segments.
    fn spec<M: Slots>(&self) -> Result<impl Spec, SpecError> {
        Ok(Forced::new(
            Lockstep::new(Mate::<M>::cycles(&self.graph, false)?, &self.groups),
            self.fixed.clone(),
        ))
    }
}

impl LinkFamily for SlitherFamily {
    type Solution = LoopEdges;
    type Stats = SetupStats;

    fn setup_stats(&self) -> SetupStats {
        self.stats
    }

    fn note_attempt_budget(&mut self, budget: u64) {
        self.stats.attempt_budget = budget;
    }

    fn deduced(&self) -> Option<bool> {
        (self.stats.contradiction || self.stats.decided).then_some(self.stats.decided)
    }

    /// The segments not fixed off (all `(R + 1) C + R (C + 1)` of them without deduction).
    fn num_vars(&self) -> u32 {
        self.edges.len() as u32
    }

    /// The loop of the member's segments; out-of-range variables are ignored.
    fn solution(&self, member: &[Level]) -> LoopEdges {
        let mut out = LoopEdges::new(self.rows, self.cols);
        for e in member.iter().filter_map(|&l| self.edges.get(l as usize)) {
            out.insert(*e);
        }
        out
    }
}
