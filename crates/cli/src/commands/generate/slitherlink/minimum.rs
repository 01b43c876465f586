//! The minimum hint sets over *every* candidate when the run's design covers fewer (the
//! reduced and greedy routes): `zlink_link::design::minimum`'s row generation between the
//! solver and a ZDD of small hint sets, which never builds the family of all good sets.
//!
//! Why: on a random 8 × 8 loop the reduced route's minimum is that of its ~34 candidates
//! (23 hints on `--size 8x8 --seed 1`) while the true minimum over all 64 cells is 19; a
//! designer asking for `--minimum` wants the latter, and it takes minutes, not the family.

use std::io::IsTerminal;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use zlink_link::design::minimum::{minimum_sets, MinimumSets};
use zlink_puzzle::Grid;

use super::{design_error, Args};
use crate::exit::CliError;
use crate::memory;
use crate::output::big_json;

/// Whether this run computes the minimum over every candidate by row generation: `--minimum`
/// asks for minimum puzzles and the route (`info["route"]`) did not cover every candidate.
/// `--stats` alone keeps the route's figures (the row generation takes minutes on a random
/// 8 × 8 loop where the reduced route's figures take seconds); its note says how to get them.
pub fn wanted(args: &Args, info: &Value) -> bool {
    info["route"] != "exact" && args.minimum
}

/// Runs the row generation by `deadline` (`--time-limit` from the start) under
/// `--max-memory`, with a spinner on a terminal.
///
/// # Errors
/// Exit 3 for the time limit or a budget, exit 2 for a bad loop.
pub fn compute(
    args: &Args,
    inside: &Grid<bool>,
    cand: &Grid<bool>,
    deadline: Option<Instant>,
) -> Result<MinimumSets, CliError> {
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    });
    let budget = args.max_memory.or_else(memory::default_budget);
    let found = minimum_sets(inside, cand, deadline, budget, &mut |size, cuts| {
        if let Some(bar) = &bar {
            bar.set_message(format!(
                "minimum over every candidate: no good set below {size} hints, {cuts} cuts"
            ));
            bar.tick();
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    found.map_err(|e| design_error(args, &e))
}

/// Overwrites the minimum figures of the `--stats` object `v` with the row generation's
/// (over every candidate) and says so.
pub fn into_stats(v: &mut Value, m: &MinimumSets) {
    v["minimum_size"] = m.size.map_or(Value::Null, |k| json!(k));
    v["minimum_count"] = big_json(&m.zdd.count(m.family));
    v["minimum_over"] = json!(format!(
        "all {} candidate cells, by row generation ({} cuts, {} solver calls)",
        m.cells.len(),
        m.stats.cuts,
        m.stats.checks
    ));
}
