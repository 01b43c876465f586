//! `--route` and what the route taken means, for `zlink generate slitherlink`: the flags map
//! onto a `zlink_link::design::route::RouteRequest`, the library picks the route (its
//! constants, memory model and fallbacks live there), and this module words its facts as the
//! `route` fields of the JSON and the note of `--stats`.
//!
//! Why a module: those words depend on the flags (`--minimum` changes which figures are the
//! candidate set's), and they must travel with the figures.

use serde_json::{json, Value};
use zlink_base::Limits;
use zlink_link::design::route::{
    self, RouteError, RouteRequest, Routed, Taken, AUTO_TRY_SECONDS, REDUCED_MAX_SIDE,
};
use zlink_link::design::HintDesign;
use zlink_puzzle::Grid;

use super::{design_error, Args};
use crate::exit::CliError;

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

impl From<Route> for route::Route {
    fn from(r: Route) -> route::Route {
        match r {
            Route::Auto => route::Route::Auto,
            Route::Exact => route::Route::Exact,
            Route::Reduced => route::Route::Reduced,
        }
    }
}

/// Computes the design of `inside` over `cand` by the route of `args` under `limits`, with
/// its facts as JSON (`route`, `all_candidates`, `greedy_sets`, `note`, ...).
///
/// # Errors
/// Exit 3 when a budget or the time limit runs out, exit 1 when no hint set over the
/// candidates makes the loop unique, exit 2 for a bad loop.
pub fn design(
    args: &Args,
    inside: &Grid<bool>,
    cand: &Grid<bool>,
    limits: &Limits,
) -> Result<(HintDesign, Value), CliError> {
    let request = RouteRequest {
        route: args.route.into(),
        drawn: args.r#loop.is_some(),
        seed: args.seed,
        extra: args.extra,
    };
    let routed = route::design(inside, cand, &request, limits).map_err(|e| match e {
        RouteError::Loop(e) => CliError::input(e),
        RouteError::NoGoodSet => CliError::failed(e),
        RouteError::Design(e) => design_error(args, &e),
    })?;
    let info = info(args, &routed);
    Ok((routed.design, info))
}

/// The route's facts as JSON.
fn info(args: &Args, r: &Routed) -> Value {
    let given = r.all_candidates;
    if r.taken == Taken::Exact {
        return json!({"route": "exact", "all_candidates": given});
    }
    let first = r.first_set();
    let n = r.design.num_candidates();
    let note = if r.taken == Taken::Reduced {
        format!(
            "{} over {n} of the {given} candidate cells (a greedy minimal set of {first} and {} \
             more from other greedy sets), not over all {given}; every minimal set listed is a \
             minimal puzzle outright; {}",
            figures(args),
            n - first,
            minimum_note(args, given)
        )
    } else {
        let why = if r.tried.is_empty() {
            format!("the grid's short side is above {REDUCED_MAX_SIDE}")
        } else {
            let tried: Vec<String> = r
                .tried
                .iter()
                .map(|(k, e)| format!("{k} candidates: {}", design_error(args, e)))
                .collect();
            tried.join("; ")
        };
        format!(
            "one minimal hint set found by greedy removal and checked by the solver; {} \
             those of that set alone as the candidates ({first} of {given}); the ZDD over more \
             candidates was not tried or did not fit ({why}); {}",
            figures(args),
            minimum_note(args, given)
        )
    };
    let mut info = json!({
        "route": r.taken.name(),
        "candidate_grid": r.candidate_lines(),
        "all_candidates": given,
        "greedy_sets": r.greedy_sets,
        "note": note,
    });
    if let Some(nodes) = r.exact_tried {
        info["exact_tried"] = json!(format!(
            "the exact route over all {given} candidates was tried first and did not fit \
             {nodes} nodes and {AUTO_TRY_SECONDS} s"
        ));
    }
    info
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
