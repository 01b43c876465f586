//! The Numberlink generator: every good instance of a grid or graph (a pair placement whose
//! puzzle has exactly one solution, and that solution covers every vertex) as one ZDD over
//! vertex-pair variables, after the ZDD paper's Algorithm 3 (module `pass`).
//!
//! Why: a designer picks from all good instances at once: counts (by number of pairs), uniform
//! seeded samples and listings come from the diagram, and every instance picked becomes a
//! [`NumberlinkGrid`] that the solver re-checks ([`verify_good`]).
//!
//! A count alone takes the count-only route ([`count_grid`], [`count_graph`]; module `count`):
//! no diagram, instance prefixes grouped by what their partial solutions look like at the
//! frontier, tens of times faster and smaller (5×6: 3 CPU s and 52 MB against 200 s and 1 GB).
//! The two routes check each other.
//!
//! Pairs are unlabelled, as in the paper: an instance is a set of vertex pairs; the puzzle
//! numbers them 1, 2, … in the order of their first cell.
//!
//! ```
//! use zlink_link::numberlink::generate::{count_grid, CountOptions, GenLimits, GoodInstances};
//! // 2×2: two parallel pairs, either way. One pair never works: next to each other they
//! // also join directly (leaving two cells empty), diagonal they join two ways.
//! let g = GoodInstances::grid(2, 2, None, &GenLimits::default()).unwrap();
//! assert_eq!(g.count(), 2u32.into());
//! assert_eq!(g.count_by_pairs(), vec![0u32.into(), 0u32.into(), 2u32.into()]);
//! let c = count_grid(2, 2, &CountOptions::default(), &GenLimits::default()).unwrap();
//! assert_eq!(c.by_pairs, g.count_by_pairs());
//! ```

mod count;
mod pass;

pub use count::{Counted, MAX_COUNT_WIDTH};
pub use pass::{PairVars, MAX_VERTICES, MAX_WIDTH};

use crate::numberlink::{sweep_order, NumberlinkZdd};
use num_bigint::BigUint;
use std::time::Duration;
use zlink_frontier::run::Limits;
use zlink_frontier::{Graph, Vertex};
use zlink_puzzle::numberlink::{NumberlinkGrid, Rules};
use zlink_puzzle::Grid;
use zlink_zdd::{NodeId, Zdd};

/// Why the generator stopped without a family.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GenError {
    /// The graph is beyond what the states hold.
    #[error("too big for the generator: {0}")]
    TooBig(String),
    /// A memory or node budget ran out.
    #[error("out of budget: {0}")]
    Budget(String),
    /// The time limit ran out.
    #[error("{0}")]
    TimeLimit(String),
}

/// One progress report, sent before each level.
#[derive(Clone, Copy, Debug)]
pub struct GenProgress {
    /// The level about to run.
    pub level: usize,
    /// Number of levels (edges).
    pub levels: usize,
    /// States held (the count route: profiles).
    pub states: usize,
    /// ZDD nodes held (the count route: mates, summed over its profiles).
    pub nodes: usize,
}

/// Budgets of a generator run.
#[derive(Default)]
pub struct GenLimits<'a> {
    /// Memory budget in bytes: half for ZDD nodes, half for states.
    pub max_memory: Option<u64>,
    /// Wall-clock limit.
    pub time_limit: Option<Duration>,
    /// Called before each level.
    pub progress: Option<&'a (dyn Fn(&GenProgress) + Sync)>,
    /// Worker threads of the count-only route (`None`: the ambient rayon pool).
    pub threads: Option<usize>,
}

/// The family of good instances of a graph, as a ZDD.
pub struct GoodInstances {
    zdd: Zdd,
    root: NodeId,
    vars: PairVars,
    /// `(rows, cols)` when the graph is a cell grid (vertex `r * cols + c`).
    grid: Option<(usize, usize)>,
    /// Most states held at one level.
    pub peak_states: usize,
    /// Most ZDD nodes held at once.
    pub peak_nodes: usize,
}

impl GoodInstances {
    /// All good instances of the `rows × cols` cell grid (cells are vertices), with at most
    /// `max_pairs` pairs if given. The edges are swept across the short side.
    ///
    /// # Errors
    /// [`GenError`].
    pub fn grid(
        rows: usize,
        cols: usize,
        max_pairs: Option<u32>,
        limits: &GenLimits<'_>,
    ) -> Result<GoodInstances, GenError> {
        Self::grid_in_order(rows, cols, false, max_pairs, limits)
    }

    /// As [`GoodInstances::grid`], with the sweep reversed if `reversed` (a second edge order,
    /// the same family: for checking counts).
    ///
    /// # Errors
    /// [`GenError`].
    pub fn grid_in_order(
        rows: usize,
        cols: usize,
        reversed: bool,
        max_pairs: Option<u32>,
        limits: &GenLimits<'_>,
    ) -> Result<GoodInstances, GenError> {
        let g = grid_graph(rows, cols, reversed)?;
        let mut out = Self::graph(&g, max_pairs, limits)?;
        out.grid = Some((rows, cols));
        Ok(out)
    }

    /// As [`GoodInstances::graph`], with `g`'s edge order reversed if `reversed` (a second
    /// edge order, the same family: for checking counts).
    ///
    /// # Errors
    /// [`GenError`].
    pub fn graph_in_order(
        g: &Graph,
        reversed: bool,
        max_pairs: Option<u32>,
        limits: &GenLimits<'_>,
    ) -> Result<GoodInstances, GenError> {
        if !reversed {
            return Self::graph(g, max_pairs, limits);
        }
        let mut edges = g.edges().to_vec();
        edges.reverse();
        let r =
            Graph::new(g.num_vertices(), &edges).map_err(|e| GenError::TooBig(e.to_string()))?;
        Self::graph(&r, max_pairs, limits)
    }

    /// All good instances of `g` in its edge order, with at most `max_pairs` pairs if given.
    ///
    /// # Errors
    /// [`GenError`].
    pub fn graph(
        g: &Graph,
        max_pairs: Option<u32>,
        limits: &GenLimits<'_>,
    ) -> Result<GoodInstances, GenError> {
        let p = pass::Pass::new(g)?;
        let mut zdd = Zdd::new(p.vars.num_vars());
        if let Some(m) = limits.max_memory {
            zdd.set_node_budget(usize::try_from(m / 2 / pass::NODE_BYTES).unwrap_or(usize::MAX));
        }
        let r = p.run(&mut zdd, max_pairs, limits)?;
        Ok(GoodInstances {
            zdd,
            root: r.root,
            vars: p.vars,
            grid: None,
            peak_states: r.peak_states,
            peak_nodes: r.peak_nodes,
        })
    }

    /// The exact number of good instances.
    pub fn count(&self) -> BigUint {
        self.zdd.count(self.root)
    }

    /// The number of good instances with `k` pairs at index `k`.
    pub fn count_by_pairs(&self) -> Vec<BigUint> {
        pass::Pass::by_size(&self.zdd, self.root)
    }

    /// Nodes of the final diagram.
    pub fn diagram_nodes(&self) -> usize {
        self.zdd.size(self.root)
    }

    fn pairs_of(&self, set: &[u32]) -> Vec<(Vertex, Vertex)> {
        let mut v: Vec<_> = set.iter().map(|&x| self.vars.pair(x)).collect();
        v.sort_unstable();
        v
    }

    /// `k` uniform random instances (with replacement), deterministic for `seed`; each is its
    /// sorted list of pairs `(a, b)`, `a < b`.
    pub fn sample(&self, k: usize, seed: u64) -> Vec<Vec<(Vertex, Vertex)>> {
        self.zdd
            .sample(self.root, seed, k)
            .iter()
            .map(|s| self.pairs_of(s))
            .collect()
    }

    /// The instances, in the diagram's order, each as its sorted list of pairs.
    pub fn list(&self) -> impl Iterator<Item = Vec<(Vertex, Vertex)>> + '_ {
        self.zdd.iter(self.root).map(|s| self.pairs_of(&s))
    }

    /// The puzzle of an instance of a grid family (`None` for a graph family).
    pub fn puzzle(&self, pairs: &[(Vertex, Vertex)]) -> Option<NumberlinkGrid> {
        let (rows, cols) = self.grid?;
        Some(grid_puzzle(rows, cols, pairs))
    }
}

/// Options of the count-only route ([`count_grid`], [`count_graph`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountOptions {
    /// Only instances with at most this many pairs.
    pub max_pairs: Option<u32>,
    /// Sweep the edges in reverse (a second order, the same count: for checking).
    pub reversed: bool,
    /// Do not let a profile share a state with its mirror image (grids; for checking).
    pub no_symmetry: bool,
}

/// The number of good instances of the `rows × cols` cell grid, by number of pairs, from the
/// count-only pass (no diagram; the grid's mirror images share states at the end of each line
/// of the sweep).
///
/// # Errors
/// [`GenError`].
pub fn count_grid(
    rows: usize,
    cols: usize,
    opts: &CountOptions,
    limits: &GenLimits<'_>,
) -> Result<Counted, GenError> {
    let g = sweep_graph(rows, cols, opts.reversed)?;
    let syms = if opts.no_symmetry {
        Vec::new()
    } else {
        grid_symmetries(rows, cols)
    };
    count::count_good(&g, opts.max_pairs, &syms, limits)
}

/// As [`count_grid`] for any graph in its edge order (reversed if `opts.reversed`).
///
/// # Errors
/// [`GenError`].
pub fn count_graph(
    g: &Graph,
    opts: &CountOptions,
    limits: &GenLimits<'_>,
) -> Result<Counted, GenError> {
    if !opts.reversed {
        return count::count_good(g, opts.max_pairs, &[], limits);
    }
    let mut edges = g.edges().to_vec();
    edges.reverse();
    let r = Graph::new(g.num_vertices(), &edges).map_err(|e| GenError::TooBig(e.to_string()))?;
    count::count_good(&r, opts.max_pairs, &[], limits)
}

/// The grid's mirror images and half turn, as vertex maps.
pub(crate) fn grid_symmetries(rows: usize, cols: usize) -> Vec<Vec<Vertex>> {
    let id = |r: usize, c: usize| (r * cols + c) as Vertex;
    let map = |f: &dyn Fn(usize, usize) -> Vertex| -> Vec<Vertex> {
        (0..rows * cols).map(|x| f(x / cols, x % cols)).collect()
    };
    vec![
        map(&|r, c| id(r, cols - 1 - c)),
        map(&|r, c| id(rows - 1 - r, c)),
        map(&|r, c| id(rows - 1 - r, cols - 1 - c)),
    ]
}

/// The cell grid as a graph: the solver's sweep order, or that order reversed (a second
/// order for checking counts).
///
/// # Errors
/// [`GenError::TooBig`] for a grid with more cells than the generator's vertex limit.
pub fn grid_graph(rows: usize, cols: usize, reversed: bool) -> Result<Graph, GenError> {
    let n = rows.saturating_mul(cols);
    if n > MAX_VERTICES {
        return Err(GenError::TooBig(format!(
            "{rows}×{cols} has {n} cells; the generator handles at most {MAX_VERTICES}"
        )));
    }
    sweep_graph(rows, cols, reversed)
}

/// The cell grid in the sweep order (reversed if asked), of any size.
fn sweep_graph(rows: usize, cols: usize, reversed: bool) -> Result<Graph, GenError> {
    let n = rows
        .checked_mul(cols)
        .filter(|&n| u32::try_from(n).is_ok())
        .ok_or_else(|| GenError::TooBig(format!("{rows}×{cols}: too many cells")))?;
    let mut edges = sweep_order(rows, cols);
    if reversed {
        edges.reverse();
    }
    Graph::new(n, &edges).map_err(|e| GenError::TooBig(e.to_string()))
}

/// The puzzle of a pair placement on the `rows × cols` grid: pairs numbered 1, 2, … in the
/// row-major order of their first cell.
pub fn grid_puzzle(rows: usize, cols: usize, pairs: &[(Vertex, Vertex)]) -> NumberlinkGrid {
    let mut sorted: Vec<(Vertex, Vertex)> =
        pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    sorted.sort_unstable();
    let mut cells = Grid::new(rows, cols, None);
    for (id, &(a, b)) in sorted.iter().enumerate() {
        for x in [a, b] {
            cells.cells_mut()[x as usize] = Some(id as u32 + 1);
        }
    }
    NumberlinkGrid::new(cells).expect("disjoint pairs make a valid instance")
}

/// Re-solves `p` with the Numberlink solver: `Ok(())` if it has exactly one solution with
/// empty cells allowed, and that solution covers every cell.
///
/// # Errors
/// A sentence saying what failed.
pub fn verify_good(p: &NumberlinkGrid) -> Result<(), String> {
    verify_with(|cover| {
        NumberlinkZdd::new(
            p,
            Rules {
                cover,
                no_u_bends: false,
            },
        )
    })
}

/// As [`verify_good`], for the pairs of an instance on any graph: exactly one solution with
/// vertices left empty allowed, and it covers every vertex.
///
/// # Errors
/// A sentence saying what failed.
pub fn verify_good_on_graph(g: &Graph, pairs: &[(Vertex, Vertex)]) -> Result<(), String> {
    verify_with(|cover| NumberlinkZdd::on_graph(g, pairs, cover, &[], true))
}

/// The two counts of a good instance: one solution in all (`engine(false)`), one covering
/// (`engine(true)`).
fn verify_with(
    engine: impl Fn(bool) -> Result<NumberlinkZdd, crate::numberlink::Error>,
) -> Result<(), String> {
    let limits = Limits::default();
    let count = |cover: bool| -> Result<BigUint, String> {
        engine(cover)
            .map_err(|e| e.to_string())?
            .count(&limits)
            .map_err(|e| e.to_string())
    };
    let all = count(false)?;
    if all != 1u32.into() {
        return Err(format!("{all} solutions, not exactly one"));
    }
    if count(true)? != 1u32.into() {
        return Err("its solution leaves a cell empty".into());
    }
    Ok(())
}
