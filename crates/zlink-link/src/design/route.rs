//! Which route a design of a loop takes: the family over every candidate cell when it fits,
//! else the reduced route of [`super::reduced`] (greedy minimal hint sets by the solver, and
//! the ZDD family over a small candidate set made of them), else one greedy minimal set
//! alone, so that a design delivers a minimal puzzle on any size; with the memory model
//! ([`DESIGN_BYTES_PER_NODE`]) that turns a memory budget into node budgets.
//!
//! Why a module: the choice is a prediction plus fallbacks, with tuned constants whose
//! measurements are below, and what each route's figures mean must travel with them
//! ([`Routed`]), so it lives in one place, beside the design, for every caller.
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_link::design::route::{design, RouteRequest, Taken};
//! use zlink_link::design::{parse_loop, Which};
//! use zlink_puzzle::Grid;
//! let inside = parse_loop("x.\n..\n", "ex").unwrap(); // the loop around one cell
//! let mut r = design(&inside, &Grid::new(2, 2, true), &RouteRequest::default(), &Limits::default())
//!     .unwrap();
//! assert_eq!(r.taken, Taken::Exact);
//! assert!(r.design.count(Which::Good) > 0u32.into());
//! ```

use std::time::{Duration, Instant};

use zlink_base::Limits;
use zlink_puzzle::{Coord, Grid};

use super::reduced::{is_unique, GreedyUnion};
use super::{check_loop, loop_values, DesignError, HintDesign, ShapeError};

/// Bytes one diagram node costs in a design run, for turning a memory budget into a node
/// budget: the builder's unreduced node and its pending children, the reduced node with its
/// unique-table slot, and the operation caches of the later phases (measured peak RSS over
/// nodes on example #1 and 6 × 6 loops stays below this).
pub const DESIGN_BYTES_PER_NODE: u64 = 64;

/// Most candidate cells for which [`Route::Auto`] takes the exact route. Measured (tools/
/// README, issue 14): random 6 × 6 loops with all 36 cells take 11-53 CPU s, 0.3-0.6 GB; a
/// random 6 × 7 loop with 42 did not finish in 4 minutes, random 8 × 8 loops with 64 not in
/// 15. Loops with more candidates go the reduced route unless [`Route::Exact`] is asked for (a
/// drawn loop tries the exact route first within [`AUTO_TRY_NODES`]).
pub const AUTO_EXACT_MAX_CANDIDATES: usize = 36;

/// A drawn loop with more candidates than [`AUTO_EXACT_MAX_CANDIDATES`] first tries the exact
/// route under this node budget (about 0.5 GB at [`DESIGN_BYTES_PER_NODE`]) and
/// [`AUTO_TRY_SECONDS`], and takes the reduced route only if that does not fit: a drawn loop
/// may be easy (a 4 × 12 loop with all 48 cells: 1.8 s, 0.1 GB) where a random one of the
/// same size is not (5 × 10: 66 s). Random loops skip the try (measured: they rarely fit).
pub const AUTO_TRY_NODES: u64 = 8_000_000;

/// See [`AUTO_TRY_NODES`].
pub const AUTO_TRY_SECONDS: f64 = 10.0;

/// Largest short side of the grid for the ZDD step of the reduced route: the cycles-with-
/// disagreements diagram covers every cycle of the dot grid, whatever the candidates; over
/// the 44 cells of one minimal set of a 12 × 12 loop it took 41 M nodes and 2.1 GB (10 × 10:
/// 5-8 M nodes, 0.4-0.75 GB), and at 15 × 15 it exceeded 4 GB.
pub const REDUCED_MAX_SIDE: usize = 10;

/// Node budget of one attempt at the ZDD step of the reduced route (about 1 GB at
/// [`DESIGN_BYTES_PER_NODE`]); past it the attempt is abandoned for a smaller candidate set.
pub const REDUCED_NODE_CAP: u64 = 16_000_000;

/// Default [`RouteRequest::extra`] when the grid's short side is at most [`EXTRA_WIDE_SIDE`],
/// and above. Measured (random loops, CPU s of the whole run): 8 × 8 with 8 extra cells
/// 1.3-3.2 s, with 12 about 13 s; 10 × 10 with 4 extra cells about 4 s, with 8 16-69 s.
pub const DEFAULT_EXTRA: (usize, usize) = (8, 4);

/// See [`DEFAULT_EXTRA`].
pub const EXTRA_WIDE_SIDE: usize = 8;

/// Greedy runs (seeds `seed`, `seed + 1`, ...) whose minimal sets make the candidates.
pub const GREEDY_RUNS: usize = 4;

/// The route asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Route {
    /// Exact up to [`AUTO_EXACT_MAX_CANDIDATES`] candidates; above, a drawn loop tries the
    /// exact route within a small budget first; else (or when that does not fit) reduced.
    #[default]
    Auto,
    /// The family over every candidate cell (a budget error when it does not fit).
    Exact,
    /// Greedy minimal hint sets by the solver, then the family over a candidate set made of
    /// them (of one of them when no larger one fits).
    Reduced,
}

/// The route taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// Over every candidate.
    Exact,
    /// Over a candidate set made of greedy minimal sets.
    Reduced,
    /// Over one greedy minimal set alone.
    Greedy,
}

impl Taken {
    /// `exact`, `reduced`, `greedy`.
    pub fn name(self) -> &'static str {
        match self {
            Taken::Exact => "exact",
            Taken::Reduced => "reduced",
            Taken::Greedy => "greedy",
        }
    }
}

/// How to design.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteRequest {
    /// The route.
    pub route: Route,
    /// Whether the loop was drawn by a designer (tried exactly first by [`Route::Auto`]).
    pub drawn: bool,
    /// Seed of the first greedy run.
    pub seed: u64,
    /// Cells beyond the first greedy minimal set in the reduced route's candidate set
    /// (`None`: [`DEFAULT_EXTRA`]).
    pub extra: Option<usize>,
}

/// Why no design was made.
#[derive(Debug, thiserror::Error)]
pub enum RouteError {
    /// The region's boundary is not one simple cycle (found before the reduced route).
    #[error(transparent)]
    Loop(#[from] ShapeError),
    /// Every candidate at once leaves another solution: no subset makes the loop unique.
    #[error(
        "no hint set over the candidate cells makes the loop the unique solution (every \
         candidate as a hint leaves another solution)"
    )]
    NoGoodSet,
    /// The design stopped or failed.
    #[error(transparent)]
    Design(#[from] DesignError),
}

/// A design and what its figures are about.
pub struct Routed {
    /// The design.
    pub design: HintDesign,
    /// The route taken.
    pub taken: Taken,
    /// Candidate cells given.
    pub all_candidates: usize,
    /// Sizes of the greedy minimal sets (reduced and greedy routes).
    pub greedy_sets: Vec<usize>,
    /// The node budget of the exact try that did not fit, when one was made.
    pub exact_tried: Option<u64>,
    /// The reduced route's attempts that did not fit: their candidates and why.
    pub tried: Vec<(usize, DesignError)>,
}

impl Routed {
    /// Cells of the first greedy minimal set (0 on the exact route).
    pub fn first_set(&self) -> usize {
        self.greedy_sets.first().copied().unwrap_or(0)
    }

    /// The design's candidate cells as lines (`x` a candidate, `.` not), as a candidates file
    /// reads them.
    pub fn candidate_lines(&self) -> Vec<String> {
        let d = &self.design;
        let (rows, cols) = (d.values().rows(), d.values().cols());
        (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| match d.var_of(Coord::new(r, c)) {
                        Some(_) => 'x',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

/// Builds the design of `inside` over `cand` under `limits` (its time limit counted from now,
/// its memory budget as nodes at [`DESIGN_BYTES_PER_NODE`]), the node budget at most `cap`,
/// the deadline at most `until`. The minimal family waits until something needs it
/// ([`HintDesign::compute_minimal`]).
///
/// # Errors
/// As [`HintDesign::with_plan`].
pub fn build(
    inside: &Grid<bool>,
    cand: &Grid<bool>,
    limits: &Limits,
    cap: Option<u64>,
    until: Option<Instant>,
) -> Result<HintDesign, DesignError> {
    let fresh = limits.renewed();
    let nodes = limits.node_budget(DESIGN_BYTES_PER_NODE);
    let opts = Limits {
        max_nodes: match (nodes, cap) {
            (Some(b), Some(c)) => Some(b.min(c)),
            (b, c) => b.or(c),
        },
        max_memory: None,
        ..fresh
    }
    .until(until);
    HintDesign::with_plan(inside, cand, &opts, None)
}

/// The node budget of an attempt capped at `cap` under `limits`' memory budget.
fn capped(limits: &Limits, cap: u64) -> u64 {
    limits
        .max_memory
        .map_or(cap, |b| (b / DESIGN_BYTES_PER_NODE).min(cap))
}

/// Computes the design of `inside` over `cand` by the route of `request` (module doc) under
/// `limits` (the deadline its time limit counted from now).
///
/// # Errors
/// [`RouteError::Design`] when a budget or the time runs out (for the reduced route, when not
/// even one greedy minimal set can be found and checked in time), [`RouteError::NoGoodSet`]
/// when the reduced route finds that no hint set over the candidates makes the loop unique,
/// [`RouteError::Loop`] or [`DesignError::Shape`] for a bad loop.
pub fn design(
    inside: &Grid<bool>,
    cand: &Grid<bool>,
    request: &RouteRequest,
    limits: &Limits,
) -> Result<Routed, RouteError> {
    let given = cand.cells().iter().filter(|&&b| b).count();
    let routed = |design| Routed {
        design,
        taken: Taken::Exact,
        all_candidates: given,
        greedy_sets: Vec::new(),
        exact_tried: None,
        tried: Vec::new(),
    };
    let exact = match request.route {
        Route::Exact => true,
        Route::Reduced => false,
        Route::Auto => given <= AUTO_EXACT_MAX_CANDIDATES,
    };
    if exact {
        return Ok(routed(build(inside, cand, limits, None, None)?));
    }
    check_loop(inside)?;
    let deadline = limits.renewed().deadline;
    // A drawn loop first tries the exact route within a small budget.
    let mut exact_tried = None;
    if request.route == Route::Auto && request.drawn {
        let until = Instant::now().checked_add(Duration::from_secs_f64(AUTO_TRY_SECONDS));
        let nodes = capped(limits, AUTO_TRY_NODES);
        match build(inside, cand, limits, Some(nodes), until) {
            Ok(design) => return Ok(routed(design)),
            Err(e) if e.is_budget() && !timed_out(deadline) => exact_tried = Some(nodes),
            Err(e) => return Err(e.into()),
        }
    }
    let mut done = reduced(inside, cand, request, limits, deadline)?;
    done.all_candidates = given;
    done.exact_tried = exact_tried;
    Ok(done)
}

/// The reduced route, else the greedy one (of [`design`]).
fn reduced(
    inside: &Grid<bool>,
    cand: &Grid<bool>,
    request: &RouteRequest,
    limits: &Limits,
    deadline: Option<Instant>,
) -> Result<Routed, RouteError> {
    let budget = limits.max_memory;
    let (_, values) = loop_values(inside);
    let cells: Vec<Coord> = cand.iter().filter(|(_, &b)| b).map(|(c, _)| c).collect();
    let (rows, cols) = (inside.rows(), inside.cols());
    let short = rows.min(cols);
    let extra = if short > REDUCED_MAX_SIDE {
        0 // no ZDD step: one greedy set is the answer
    } else if let Some(k) = request.extra {
        k
    } else if short <= EXTRA_WIDE_SIDE {
        DEFAULT_EXTRA.0
    } else {
        DEFAULT_EXTRA.1
    };
    let found = GreedyUnion::find(
        &values,
        &cells,
        request.seed,
        extra,
        GREEDY_RUNS,
        deadline,
        budget,
    )?;
    let Some(union) = found else {
        debug_assert!(!is_unique(&values, &cells, None, None).unwrap_or(true));
        return Err(RouteError::NoGoodSet);
    };
    let first = union.sets[0].len();
    let routed = |design, taken, tried| Routed {
        design,
        taken,
        all_candidates: 0,
        greedy_sets: union.sets.iter().map(Vec::len).collect(),
        exact_tried: None,
        tried,
    };
    let mut tried = Vec::new();
    if short <= REDUCED_MAX_SIDE {
        let mut extras = vec![extra];
        if extra > 0 {
            extras.push(0);
        }
        let cap = capped(limits, REDUCED_NODE_CAP);
        for extra in extras {
            let grid = union.grid(first + extra, rows, cols);
            // the union may hold fewer than `first + extra` cells: name the set as tried
            let cells = grid.cells().iter().filter(|&&b| b).count();
            match build(inside, &grid, limits, Some(cap), None) {
                Ok(design) => return Ok(routed(design, Taken::Reduced, tried)),
                Err(e) if e.is_budget() && !timed_out(deadline) => tried.push((cells, e)),
                Err(e) => return Err(e.into()),
            }
        }
    }
    let design = HintDesign::from_minimal(inside, &union.sets[0], deadline, budget)?;
    Ok(routed(design, Taken::Greedy, tried))
}

/// Whether the run's deadline has passed.
fn timed_out(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}
