//! Slitherlink instance design: from a loop drawn by a designer, every hint set that makes it
//! the unique solution, at once, as a ZDD (the ZDD paper's Section 7, formula (9)).
//!
//! Why: a designer wants to pick among *all* good instances of a loop by set operations (no
//! removable hint, fewest hints, hardest clue mix, a random one) instead of generating and
//! testing one at a time.
//!
//! Route (faster than the paper's "all cycles, then formula (9)"): a hint set `S` is bad iff
//! some cycle `C ≠ L` agrees with `L` on every cell of `S`, i.e. `S` misses the disagreement
//! set `D(C)` (the candidate cells whose side count under `C` differs from under `L`).
//! 1. One top-down frontier build (module `spec`) makes every cycle `C` of the dot graph
//!    beside `D(C)`, over segments and cells interleaved; `L` itself is removed.
//! 2. The good family `H` (the hint sets hitting every `D(C)`, an up-closed family) comes from
//!    that diagram by a top-down and a bottom-up pass that meet in the middle (module `good`),
//!    projecting the segments away with intersections only.
//! 3. The minimal good hint sets are the minimal members of `H` ([`Zdd::up_minimal`]), the
//!    dearest step on large loops (80 % of the 8 × 8 border loop's run); it can be deferred
//!    ([`HintDesign::with_plan`]) and run only when asked for ([`HintDesign::compute_minimal`]):
//!    the minimum and the hardest sets under positive weights are read off `H` itself (the
//!    lightest members of an up-closed family are minimal when every weight is positive).
//!
//! Measured routes (example #1, 5 × 7 cells, all candidates): projecting the minimal
//! disagreement sets bottom-up with minimal unions, then hitting sets, took 12 s; the good
//! family bottom-up alone 14 s; meeting in the middle is the route kept.
//!
//! The ZDD variables of `H` are the candidate cells, numbered by [`HintDesign::cell`]; every
//! chosen hint set comes back as a clue grid for [`crate::SlitherZdd`].
//!
//! ```
//! use zlink_link::design::{parse_loop, HintDesign, Which};
//! use zlink_puzzle::Grid;
//! let inside = parse_loop("x.\n..\n", "ex").unwrap(); // the loop around one cell
//! let mut d = HintDesign::new(&inside, &Grid::new(2, 2, true)).unwrap();
//! assert!(d.count(Which::Good) > 0u32.into());
//! let min = d.minimum().unwrap().unwrap();
//! let s = zlink_link::SlitherZdd::new(&min.clues).unwrap();
//! assert_eq!(s.count(&Default::default()).unwrap(), 1u32.into());
//! ```

mod error;
mod good;
pub mod maker;
pub mod minimum;
pub mod pick;
pub mod random;
pub mod reduced;
pub mod route;
mod shape;
mod spec;

pub use error::DesignError;
pub use shape::{check_loop, inside_of, parse_candidates, parse_drawing, parse_loop, ShapeError};

use std::time::{Duration, Instant};

use num_bigint::BigUint;
use zlink_frontier::packed::Packed;
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{build_zdd, Graph, Level, Limits};
use zlink_puzzle::{Coord, Grid};
use zlink_zdd::{NodeId, Var, Zdd};

use crate::slitherlink::{dot_edges, sweep_order};
use crate::{LoopEdge, LoopEdges};
use spec::{DisagreeSpec, Item};

/// The loop's segments and the side count of every cell under it.
fn loop_values(inside: &Grid<bool>) -> (LoopEdges, Grid<u8>) {
    let loop_edges = LoopEdges::from_inside(inside);
    let mut values = Grid::new(inside.rows(), inside.cols(), 0u8);
    for r in 0..inside.rows() {
        for c in 0..inside.cols() {
            values[Coord::new(r, c)] = loop_edges.sides(r, c);
        }
    }
    (loop_edges, values)
}

/// The disagreement spec of `loop_edges` over the candidate cells (module `spec`), in the
/// engine's segment order: the spec, the candidate cells in the order of their variables,
/// and which segment levels the loop takes.
///
/// # Errors
/// [`DesignError::TooWide`] when too many candidates are open at once; a spec error when the
/// grid is too wide for the frontier.
fn disagreement(
    loop_edges: &LoopEdges,
    candidates: &Grid<bool>,
) -> Result<(DisagreeSpec, Vec<Coord>, Vec<bool>), DesignError> {
    let (rows, cols) = (candidates.rows(), candidates.cols());
    let by_index = dot_edges(rows, cols);
    let perm = sweep_order(rows, cols);
    let g = Graph::grid(rows + 1, cols + 1).permuted(&perm);
    let edges: Vec<LoopEdge> = perm.iter().map(|&i| by_index[i]).collect();
    let mut h_level = Grid::new(rows + 1, cols, 0 as Level);
    let mut v_level = Grid::new(rows, cols + 1, 0 as Level);
    for (l, e) in edges.iter().enumerate() {
        match *e {
            LoopEdge::H(c) => h_level[c] = l as Level,
            LoopEdge::V(c) => v_level[c] = l as Level,
        }
    }
    let on_loop: Vec<bool> = edges.iter().map(|&e| loop_edges.contains(e)).collect();
    let coords: Vec<Coord> = candidates
        .iter()
        .filter(|(_, &b)| b)
        .map(|(c, _)| c)
        .collect();
    let cell_sides: Vec<[Level; 4]> = coords
        .iter()
        .map(|&c| {
            LoopEdge::sides_of(c).map(|e| match e {
                LoopEdge::H(k) => h_level[k],
                LoopEdge::V(k) => v_level[k],
            })
        })
        .collect();
    let order = DisagreeSpec::cell_order(&cell_sides);
    let cells: Vec<Coord> = order.iter().map(|&k| coords[k]).collect();
    let spec = DisagreeSpec::new(Mate::<Packed>::cycles(&g, false)?, &on_loop, &cell_sides)
        .ok_or(DesignError::TooWide)?;
    Ok((spec, cells, on_loop))
}

/// The store of a phase, with the node budget of `limits` (if any).
fn store(num_vars: u32, limits: &Limits) -> Zdd {
    let budget = limits
        .max_nodes
        .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
    Zdd::with_node_budget(num_vars, budget)
}

/// [`DesignError::TimeLimit`] if the deadline of `limits` has passed before `phase`.
fn check_deadline(limits: &Limits, phase: &'static str) -> Result<(), DesignError> {
    if limits.expired() {
        Err(DesignError::TimeLimit { phase })
    } else {
        Ok(())
    }
}

/// Which family of hint sets an operation works on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// Every good hint set (the loop is the only solution).
    Good,
    /// The minimal good hint sets: no hint can be removed.
    Minimal,
}

/// How hard a clue is, as a weight per clue value `0..=4` (smaller total = harder).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hardness {
    /// The paper's criterion: fewest 4s, then fewest 0s, then 3s, 1s, 2s, lexicographically.
    Paper,
    /// User weights, `weights[v]` for a clue of value `v`; the set of least total is chosen.
    Weights([i64; 5]),
}

/// A chosen hint set, with its objective value and how many sets tie with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The clue grid (`Some(value)` at the chosen cells).
    pub clues: Grid<Option<u8>>,
    /// The objective value (the number of hints for [`HintDesign::minimum`]).
    pub value: i128,
    /// How many hint sets reach that value.
    pub ties: BigUint,
    /// The family of all of them, in [`HintDesign::zdd`].
    pub family: NodeId,
}

/// Sizes and times of one design computation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DesignStats {
    /// Nodes of the reduced cycles-with-disagreements diagram (mixed variables).
    pub mixed_nodes: usize,
    /// Time of the top-down build (and reduction) of that diagram.
    pub build_time: Duration,
    /// The level at which the top-down and bottom-up passes met (module `good`).
    pub cut_level: usize,
    /// The number of nodes they met at.
    pub meets: usize,
    /// Time of the two passes and the meeting (the good family).
    pub good_time: Duration,
    /// Its parts: the bottom-up pass, the top-down pass, the meeting.
    pub pass_times: [Duration; 3],
    /// Time of the minimal members of the good family.
    pub minimal_time: Duration,
    /// Nodes of the good family `H`.
    pub good_nodes: usize,
    /// Nodes of the minimal good family.
    pub minimal_nodes: usize,
}

/// All good hint sets of one loop over a set of candidate cells (see the module doc).
#[derive(Clone, Debug)]
pub struct HintDesign {
    inside: Grid<bool>,
    loop_edges: LoopEdges,
    values: Grid<u8>,
    /// Candidate cell of each variable.
    cells: Vec<Coord>,
    zdd: Zdd,
    good: NodeId,
    /// The minimal family, once computed (see [`HintDesign::compute_minimal`]).
    minimal: Option<NodeId>,
    stats: DesignStats,
}

impl HintDesign {
    /// The design of the loop around `inside` (a region, see [`check_loop`]) with hints
    /// allowed at the `true` cells of `candidates`, with default options.
    ///
    /// # Errors
    /// See [`HintDesign::with_options`].
    pub fn new(inside: &Grid<bool>, candidates: &Grid<bool>) -> Result<HintDesign, DesignError> {
        HintDesign::with_options(inside, candidates, &Limits::default())
    }

    /// As [`HintDesign::new`]; `limits` bound and report the top-down build: its node budget
    /// ([`Limits::max_nodes`]) also bounds each ZDD store of the later phases, and its
    /// deadline is checked before each phase (the build itself checks it at every level).
    ///
    /// # Errors
    /// [`DesignError::Shape`] if the boundary is not one simple cycle,
    /// [`DesignError::SizeMismatch`], [`DesignError::Spec`] / [`DesignError::TooWide`] for
    /// grids whose short side is too long, budget errors.
    pub fn with_options(
        inside: &Grid<bool>,
        candidates: &Grid<bool>,
        opts: &Limits,
    ) -> Result<HintDesign, DesignError> {
        HintDesign::with_cut(inside, candidates, opts, None)
    }

    /// As [`HintDesign::with_options`], with the level at which the top-down and bottom-up
    /// passes meet (a level of the mixed diagram, see [`DesignStats::cut_level`]; `None`
    /// chooses one). For measurements: the result does not depend on it, the time does.
    ///
    /// # Errors
    /// As [`HintDesign::with_options`].
    pub fn with_cut(
        inside: &Grid<bool>,
        candidates: &Grid<bool>,
        opts: &Limits,
        cut: Option<usize>,
    ) -> Result<HintDesign, DesignError> {
        let mut d = HintDesign::with_plan(inside, candidates, opts, cut)?;
        check_deadline(opts, "the minimal hint sets")?;
        d.compute_minimal()?;
        Ok(d)
    }

    /// As [`HintDesign::with_cut`], without the minimal family: [`HintDesign::root`] and
    /// everything else that needs it panics until [`HintDesign::compute_minimal`] has run,
    /// except [`HintDesign::minimum`] and [`HintDesign::hardest`] with positive weights, which
    /// work on the good family. For callers that may not need the minimal family, its
    /// computation being the dearest step on large loops.
    ///
    /// # Errors
    /// As [`HintDesign::with_options`].
    pub fn with_plan(
        inside: &Grid<bool>,
        candidates: &Grid<bool>,
        opts: &Limits,
        cut: Option<usize>,
    ) -> Result<HintDesign, DesignError> {
        let (rows, cols) = (inside.rows(), inside.cols());
        if (candidates.rows(), candidates.cols()) != (rows, cols) {
            return Err(DesignError::SizeMismatch {
                want: (rows, cols),
                got: (candidates.rows(), candidates.cols()),
            });
        }
        check_loop(inside)?;
        let (loop_edges, values) = loop_values(inside);
        let (spec, cells, on_loop) = disagreement(&loop_edges, candidates)?;
        let cell_var: Vec<Option<Var>> = spec
            .items()
            .iter()
            .map(|it| match *it {
                Item::Edge(_) => None,
                Item::Cell(j) => Some(j),
            })
            .collect();

        let t = Instant::now();
        let mut mixed = store(spec.items().len() as u32, opts);
        let all = build_zdd(&spec, &mut mixed, opts)?;
        let l_set: Vec<Var> = (0..on_loop.len() as Level)
            .filter(|&e| on_loop[e as usize])
            .map(|e| spec.edge_pos(e))
            .collect();
        let l_set = mixed.from_set(&l_set)?;
        let others = mixed.difference(all, l_set)?;
        let mut stats = DesignStats {
            mixed_nodes: mixed.size(others),
            build_time: t.elapsed(),
            ..DesignStats::default()
        };

        check_deadline(opts, "the good hint sets")?;
        let t = Instant::now();
        let k = cells.len() as u32;
        let mut zdd = store(k, opts);
        let gs = good::good_sets(&mixed, others, &cell_var, cut, &mut zdd, opts.deadline)?;
        drop(mixed);
        // Only H is needed from here: compact the store (the passes' families are garbage),
        // so `up_minimal` starts in a store of H alone, its nodes in children-first order.
        let mut roots = [gs.root];
        zdd.retain(&mut roots);
        let good = roots[0];
        stats.cut_level = gs.cut;
        stats.meets = gs.meets;
        stats.good_time = t.elapsed();
        stats.pass_times = gs.times;
        let sweep_cells = cells;
        let mut cells = sweep_cells.clone();
        for (j, &v) in gs.var_of_cell.iter().enumerate() {
            cells[v as usize] = sweep_cells[j];
        }
        stats.good_nodes = zdd.size(good);
        Ok(HintDesign {
            inside: inside.clone(),
            loop_edges,
            values,
            cells,
            zdd,
            good,
            minimal: None,
            stats,
        })
    }

    /// Computes the minimal family (`Zdd::up_minimal` of the good family) if it is not there
    /// yet ([`HintDesign::with_plan`]).
    ///
    /// # Errors
    /// A ZDD budget error.
    pub fn compute_minimal(&mut self) -> Result<(), DesignError> {
        if self.minimal.is_none() {
            let t = Instant::now();
            let minimal = self.zdd.up_minimal(self.good)?;
            self.stats.minimal_time = t.elapsed();
            self.stats.minimal_nodes = self.zdd.size(minimal);
            self.minimal = Some(minimal);
        }
        Ok(())
    }

    /// Whether the minimal family has been computed.
    pub fn has_minimal(&self) -> bool {
        self.minimal.is_some()
    }

    /// The design over the candidate cells `hints` alone, when they are a minimal good hint
    /// set (module [`reduced`]): its good and minimal families are both `{hints}`, which is
    /// checked here with the Slitherlink solver ([`reduced::is_minimal_good`], `|hints| + 1`
    /// solver calls). For loops where no ZDD over more candidates fits: the rest of the
    /// pipeline (picking, writing, statistics) works on it unchanged, and its figures are
    /// true of that candidate set.
    ///
    /// # Errors
    /// [`DesignError::Shape`] for a bad loop, [`DesignError::NotMinimal`] if `hints` is not a
    /// minimal good set, the errors of [`reduced::is_unique`].
    pub fn from_minimal(
        inside: &Grid<bool>,
        hints: &[Coord],
        deadline: Option<Instant>,
        max_memory: Option<u64>,
    ) -> Result<HintDesign, DesignError> {
        check_loop(inside)?;
        let (loop_edges, values) = loop_values(inside);
        let mut cells = hints.to_vec();
        cells.sort_unstable();
        cells.dedup();
        if !reduced::is_minimal_good(&values, &cells, deadline, max_memory)? {
            return Err(DesignError::NotMinimal);
        }
        let mut zdd = Zdd::new(cells.len() as u32);
        let all: Vec<Var> = (0..cells.len() as Var).collect();
        let good = zdd.from_set(&all)?;
        let n = zdd.size(good);
        Ok(HintDesign {
            inside: inside.clone(),
            loop_edges,
            values,
            cells,
            zdd,
            good,
            minimal: Some(good),
            stats: DesignStats {
                good_nodes: n,
                minimal_nodes: n,
                ..DesignStats::default()
            },
        })
    }

    /// The region inside the loop.
    pub fn inside(&self) -> &Grid<bool> {
        &self.inside
    }

    /// The loop's segments.
    pub fn loop_edges(&self) -> &LoopEdges {
        &self.loop_edges
    }

    /// The clue every cell would carry: the number of its sides on the loop.
    pub fn values(&self) -> &Grid<u8> {
        &self.values
    }

    /// Number of candidate cells (= ZDD variables).
    pub fn num_candidates(&self) -> usize {
        self.cells.len()
    }

    /// The candidate cell of ZDD variable `v` (panics if `v` is not below
    /// [`HintDesign::num_candidates`]).
    pub fn cell(&self, v: Var) -> Coord {
        self.cells[v as usize]
    }

    /// The ZDD variable of candidate cell `c`, `None` if it is no candidate.
    pub fn var_of(&self, c: Coord) -> Option<Var> {
        self.cells.iter().position(|&x| x == c).map(|v| v as Var)
    }

    /// The store holding the families (its variables are the candidate cells).
    pub fn zdd(&self) -> &Zdd {
        &self.zdd
    }

    /// The store, for further set operations on the families (keep the roots valid: do not
    /// call `retain` without the roots of [`HintDesign::root`]).
    pub fn zdd_mut(&mut self) -> &mut Zdd {
        &mut self.zdd
    }

    /// The root of a family in [`HintDesign::zdd`].
    ///
    /// # Panics
    /// For [`Which::Minimal`] on a design made by [`HintDesign::with_plan`] before
    /// [`HintDesign::compute_minimal`].
    pub fn root(&self, which: Which) -> NodeId {
        match which {
            Which::Good => self.good,
            Which::Minimal => self
                .minimal
                .expect("the minimal family is computed (HintDesign::compute_minimal)"),
        }
    }

    /// Sizes and times of the computation.
    pub fn stats(&self) -> &DesignStats {
        &self.stats
    }

    /// The exact number of members of a family.
    pub fn count(&self, which: Which) -> BigUint {
        self.zdd.count(self.root(which))
    }

    /// The number of good hint sets (exact).
    pub fn good_count(&self) -> BigUint {
        self.count(Which::Good)
    }

    /// The number of minimal good hint sets (exact).
    pub fn minimal_count(&self) -> BigUint {
        self.count(Which::Minimal)
    }

    /// The ZDD nodes of a family.
    pub fn nodes(&self, which: Which) -> usize {
        self.zdd.size(self.root(which))
    }

    /// The clue grid of a hint set given as ZDD variables.
    pub fn clues_of(&self, set: &[Var]) -> Grid<Option<u8>> {
        let mut g = Grid::new(self.values.rows(), self.values.cols(), None);
        for &v in set {
            let c = self.cell(v);
            g[c] = Some(self.values[c]);
        }
        g
    }

    /// The hint set (ZDD variables, ascending) of a clue grid: its clued cells. `None` if a
    /// clued cell is no candidate or its clue differs from the loop's count.
    pub fn set_of(&self, clues: &Grid<Option<u8>>) -> Option<Vec<Var>> {
        let mut set = Vec::new();
        for (c, v) in clues.iter() {
            if let Some(v) = *v {
                if self.values.get(c) != Some(&v) {
                    return None;
                }
                set.push(self.var_of(c)?);
            }
        }
        set.sort_unstable();
        Some(set)
    }

    /// Whether a clue grid is a good instance of this design (its hints are candidates with the
    /// loop's values and make the loop unique).
    pub fn is_good(&self, clues: &Grid<Option<u8>>) -> bool {
        self.set_of(clues)
            .is_some_and(|s| self.zdd.contains(self.good, &s))
    }

    /// The good hint sets of fewest hints: one of them, their size and number (`None` if no
    /// hint set makes the loop unique).
    ///
    /// # Errors
    /// A ZDD budget error.
    pub fn minimum(&mut self) -> Result<Option<Chosen>, DesignError> {
        self.best(|_| 1)
    }

    /// The hardest minimal hint sets by `hardness` (least total weight of their clues): one of
    /// them, the weight and how many tie. `None` if no hint set makes the loop unique.
    ///
    /// # Errors
    /// A ZDD budget error.
    pub fn hardest(&mut self, hardness: Hardness) -> Result<Option<Chosen>, DesignError> {
        let w = match hardness {
            Hardness::Weights(w) => w,
            Hardness::Paper => {
                // Lexicographic: 4s, then 0s, 3s, 1s, 2s; base above the number of hints.
                let b = self.cells.len() as i64 + 1;
                let mut w = [0i64; 5];
                for (rank, v) in [2usize, 1, 3, 0, 4].into_iter().enumerate() {
                    w[v] = b.pow(rank as u32);
                }
                w
            }
        };
        self.best(|c| w[usize::from(c)])
    }

    /// The members of the minimal family of least total `weight(clue value)`.
    fn best(&mut self, weight: impl Fn(u8) -> i64) -> Result<Option<Chosen>, DesignError> {
        let weights: Vec<i64> = self.cells.iter().map(|&c| weight(self.values[c])).collect();
        // With positive weights the lightest good sets are minimal (dropping a hint keeps an
        // up-closed family's member good and lightens it), so `H` gives the same family as
        // its minimal members, and the minimal family need not exist.
        let family = if weights.iter().all(|&w| w > 0) {
            self.good
        } else {
            self.compute_minimal()?;
            self.root(Which::Minimal)
        };
        let Some(opt) = self.zdd.min_weight(family, &weights)? else {
            return Ok(None);
        };
        let first = self.zdd.iter(opt.members).next().unwrap_or_default();
        Ok(Some(Chosen {
            clues: self.clues_of(&first),
            value: opt.weight,
            ties: opt.count,
            family: opt.members,
        }))
    }

    /// `n` uniformly random members of a family (with replacement), reproducible for `seed`.
    /// Empty if the family is empty.
    pub fn sample(&self, which: Which, n: usize, seed: u64) -> Vec<Grid<Option<u8>>> {
        self.zdd
            .sample(self.root(which), seed, n)
            .iter()
            .map(|s| self.clues_of(s))
            .collect()
    }

    /// The position of a clue grid in a family's iteration order, `None` if it is no member.
    pub fn rank(&self, which: Which, clues: &Grid<Option<u8>>) -> Option<BigUint> {
        let set = self.set_of(clues)?;
        self.zdd.ranker(self.root(which)).rank(&set)
    }

    /// The member at position `r` of a family's iteration order, `None` if `r` is too large.
    pub fn unrank(&self, which: Which, r: &BigUint) -> Option<Grid<Option<u8>>> {
        let set = self.zdd.ranker(self.root(which)).unrank(r)?;
        Some(self.clues_of(&set))
    }
}
