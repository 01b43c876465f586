//! Which route `zlink generate slitherlink` takes to its design: the family over every
//! candidate cell when it fits, else the reduced route of `zlink_link::design::reduced`
//! (greedy minimal hint sets by the solver, and the ZDD family over a small candidate set
//! made of them), so that the one-command generator delivers a minimal puzzle on any size.
//!
//! Why a module: the choice is a prediction plus fallbacks, and what each route's figures
//! mean must travel with them (the `route` fields of the JSON), so it lives in one place.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use zlink_link::design::reduced::{is_unique, GreedyUnion};
use zlink_link::design::{DesignError, HintDesign};
use zlink_link::LoopEdges;
use zlink_puzzle::{Coord, Grid};

use super::{build, design_error, Args, DESIGN_BYTES_PER_NODE};
use crate::exit::{CliError, ExitCode};
use crate::memory;

/// Most candidate cells for which `--route auto` takes the exact route. Measured (tools/
/// README, issue 14): random 6 × 6 loops with all 36 cells take 11-53 CPU s, 0.3-0.6 GB; a
/// random 6 × 7 loop with 42 did not finish in 4 minutes, random 8 × 8 loops with 64 not in
/// 15. Loops with more candidates go the reduced route unless `--route exact` is given (a
/// `--loop` file tries the exact route first within [`AUTO_TRY_NODES`]).
pub const AUTO_EXACT_MAX_CANDIDATES: usize = 36;

/// A `--loop` file with more candidates than [`AUTO_EXACT_MAX_CANDIDATES`] first tries the
/// exact route under this node budget (about 0.5 GB at [`DESIGN_BYTES_PER_NODE`]) and
/// [`AUTO_TRY_SECONDS`], and takes the reduced route only if that does not fit: a drawn loop
/// may be easy (a 4 × 12 loop with all 48 cells: 1.8 s, 0.1 GB) where a random one of the
/// same size is not (5 × 10: 66 s). `--size` loops skip the try (measured: they rarely fit).
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

/// Default `--extra` when the grid's short side is at most [`EXTRA_WIDE_SIDE`], and above.
/// Measured (random loops, CPU s of the whole run): 8 × 8 with 8 extra cells 1.3-3.2 s,
/// with 12 about 13 s; 10 × 10 with 4 extra cells about 4 s, with 8 16-69 s.
pub const DEFAULT_EXTRA: (usize, usize) = (8, 4);

/// See [`DEFAULT_EXTRA`].
pub const EXTRA_WIDE_SIDE: usize = 8;

/// Greedy runs (seeds `--seed`, `--seed + 1`, ...) whose minimal sets make the candidates.
pub const GREEDY_RUNS: usize = 4;

/// The route of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Route {
    /// Exact when the candidates are at most 36; above, a `--loop` file tries the exact
    /// route within a small budget first; else (or when that does not fit) reduced.
    Auto,
    /// The family over every candidate cell (exit 3 when it does not fit the budgets).
    Exact,
    /// Greedy minimal hint sets by the solver, then the family over a candidate set made of
    /// them (of one of them when no larger one fits).
    Reduced,
}

/// A design and what its figures are about (the `route` fields of the JSON).
pub struct Routed {
    /// The design.
    pub design: HintDesign,
    /// `route`, `all_candidates`, `greedy_sets`, `note`.
    pub info: Value,
}

/// Computes the design of `inside` over `cand` by the route of `args`.
///
/// # Errors
/// Exit 3 when a budget or the time limit runs out (for the reduced route, when not even one
/// greedy minimal set can be found and checked in time), exit 1 when the reduced route finds
/// that no hint set over the candidates makes the loop unique, exit 2 for a bad loop.
pub fn design(args: &Args, inside: &Grid<bool>, cand: &Grid<bool>) -> Result<Routed, CliError> {
    let given = cand.cells().iter().filter(|&&b| b).count();
    let exact = match args.route {
        Route::Exact => true,
        Route::Reduced => false,
        Route::Auto => given <= AUTO_EXACT_MAX_CANDIDATES,
    };
    if exact {
        let design = build(args, inside, cand, None, None)?;
        let info = json!({"route": "exact", "all_candidates": given});
        return Ok(Routed { design, info });
    }
    zlink_link::design::check_loop(inside).map_err(CliError::input)?;
    let deadline = args
        .time_limit
        .and_then(|t| Instant::now().checked_add(Duration::from_secs_f64(t)));
    // A drawn loop first tries the exact route within a small budget.
    let mut exact_tried = None;
    if args.route == Route::Auto && args.r#loop.is_some() {
        let until = Instant::now().checked_add(Duration::from_secs_f64(AUTO_TRY_SECONDS));
        let nodes = args
            .max_memory
            .or_else(memory::default_budget)
            .map_or(AUTO_TRY_NODES, |b| {
                (b / DESIGN_BYTES_PER_NODE).min(AUTO_TRY_NODES)
            });
        match build(args, inside, cand, Some(nodes), until) {
            Ok(design) => {
                let info = json!({"route": "exact", "all_candidates": given});
                return Ok(Routed { design, info });
            }
            Err(e) if e.code() == ExitCode::Budget && !timed_out(deadline) => {
                exact_tried = Some(format!(
                    "the exact route over all {given} candidates was tried first and did not \
                     fit {nodes} nodes and {AUTO_TRY_SECONDS} s"
                ));
            }
            Err(e) => return Err(e),
        }
    }
    let budget = args.max_memory.or_else(memory::default_budget);
    let edges = LoopEdges::from_inside(inside);
    let mut values = Grid::new(inside.rows(), inside.cols(), 0u8);
    let cells: Vec<Coord> = cand.iter().filter(|(_, &b)| b).map(|(c, _)| c).collect();
    for (at, _) in inside.iter() {
        values[at] = edges.sides(at.row, at.col);
    }
    let err = |e: DesignError| design_error(args, e);
    let (rows, cols) = (inside.rows(), inside.cols());
    let extra = if rows.min(cols) > REDUCED_MAX_SIDE {
        0 // no ZDD step: one greedy set is the answer
    } else if let Some(k) = args.extra {
        k
    } else if rows.min(cols) <= EXTRA_WIDE_SIDE {
        DEFAULT_EXTRA.0
    } else {
        DEFAULT_EXTRA.1
    };
    let Some(union) = GreedyUnion::find(
        &values,
        &cells,
        args.seed,
        extra,
        GREEDY_RUNS,
        deadline,
        budget,
    )
    .map_err(err)?
    else {
        // Every candidate at once leaves another solution: no subset makes the loop unique.
        debug_assert!(!is_unique(&values, &cells, None, None).unwrap_or(true));
        return Err(CliError::failed(
            "no hint set over the candidate cells makes the loop the unique solution \
             (every candidate as a hint leaves another solution)",
        ));
    };
    let first = union.sets[0].len();
    let sizes: Vec<usize> = union.sets.iter().map(Vec::len).collect();
    let mut tried = Vec::new();
    if rows.min(cols) <= REDUCED_MAX_SIDE {
        let mut extras = vec![extra];
        if extra > 0 {
            extras.push(0);
        }
        let cap = budget.map_or(REDUCED_NODE_CAP, |b| {
            (b / DESIGN_BYTES_PER_NODE).min(REDUCED_NODE_CAP)
        });
        for extra in extras {
            let grid = union.grid(first + extra, rows, cols);
            match build(args, inside, &grid, Some(cap), None) {
                Ok(design) => {
                    let n = design.num_candidates();
                    let mut info = json!({
                        "route": "reduced",
                        "candidate_grid": candidate_lines(&design),
                        "all_candidates": given,
                        "greedy_sets": sizes,
                        "note": format!(
                            "{} over {n} of the {given} candidate cells (a greedy minimal set \
                             of {first} and {} more from other greedy sets), not over all \
                             {given}; every minimal set listed is a minimal puzzle outright; {}",
                            figures(args),
                            n - first,
                            minimum_note(args, given)
                        ),
                    });
                    if let Some(why) = &exact_tried {
                        info["exact_tried"] = json!(why);
                    }
                    return Ok(Routed { design, info });
                }
                Err(e) if e.code() == ExitCode::Budget && !timed_out(deadline) => {
                    tried.push(format!("{} candidates: {e}", first + extra));
                }
                Err(e) => return Err(e),
            }
        }
    }
    let design = HintDesign::from_minimal(inside, &union.sets[0], deadline, budget).map_err(err)?;
    let why = if tried.is_empty() {
        format!("the grid's short side is above {REDUCED_MAX_SIDE}")
    } else {
        tried.join("; ")
    };
    let mut info = json!({
        "route": "greedy",
        "candidate_grid": candidate_lines(&design),
        "all_candidates": given,
        "greedy_sets": sizes,
        "note": format!(
            "one minimal hint set found by greedy removal and checked by the solver; {} are \
             those of that set alone as the candidates ({first} of {given}); the ZDD over more \
             candidates was not tried or did not fit ({why}); {}",
            figures(args),
            minimum_note(args, given)
        ),
    });
    if let Some(why) = &exact_tried {
        info["exact_tried"] = json!(why);
    }
    Ok(Routed { design, info })
}

/// The design's candidate cells as lines (`x` a candidate, `.` not), as `--candidates` reads
/// them.
fn candidate_lines(d: &HintDesign) -> Vec<String> {
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

/// Whether the run's deadline has passed.
fn timed_out(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// Which figures of a route over fewer than every candidate are of its candidate set: all
/// of them, or all but the minimum ones when `--minimum` computes those over every candidate.
fn figures(args: &Args) -> &'static str {
    if args.minimum {
        "the good and minimal figures are"
    } else {
        "the good, minimal and minimum figures are"
    }
}

/// Where the minimum over every candidate comes from, or how to get it.
fn minimum_note(args: &Args, given: usize) -> String {
    if args.minimum {
        format!(
            "minimum_size and minimum_count are over all {given} (row generation, minimum_over)"
        )
    } else {
        format!("--minimum gives the minimum over all {given} (row generation, minutes on 8x8)")
    }
}
