//! What the link puzzles' ZDD engines share: solve, sample and count over any
//! [`LinkZdd`], each puzzle giving only how a solution reads and which set-up figures it
//! reports.
//!
//! Why: Slitherlink and Numberlink run the same engine (`zlink_link::engine`), so turning its
//! answers into [`Solved`], [`Sampled`] and [`Counted`] is one mechanism, not two copies.

use std::time::Instant;

use zlink_link::{LinkFamily, LinkZdd, SettledBy};
use zlink_puzzle::{check_draws, Counted, Sampled, SolveError, SolveOptions, SolveStats, Solved};

/// The first of up to two solutions, `more` saying whether there is a second. When the SAT
/// completion found one and the build that would tell whether it is the only one ran out,
/// that one, with `more` unknown and a note saying so. `read` turns an engine solution into
/// the puzzle's (`None`: none to show, e.g. a graph instance without a grid).
///
/// # Errors
/// [`SolveError::Infeasible`] without a solution; the run's error when a budget or the time
/// limit ran out before one was known.
pub(crate) fn solve<F: LinkFamily, S>(
    z: &LinkZdd<F>,
    started: Instant,
    opts: &SolveOptions,
    read: impl Fn(F::Solution) -> Option<S>,
) -> Result<Solved<S>, SolveError> {
    let (found, undecided) = z.solutions_found(2, &opts.limits)?;
    let found = found.into_iter().filter_map(read).collect();
    let mut solved =
        Solved::first_of_two(found, SolveStats::timed(started.elapsed().as_secs_f64()))?;
    if let Some(e) = undecided {
        solved.more = None;
        solved.note = Some(format!("whether this solution is unique is not known: {e}"));
    }
    Ok(solved)
}

/// `k` solutions drawn uniformly at random (with `seed`) and how many there are, after
/// checking that the draws fit the memory budget.
///
/// # Errors
/// The memory budget for the draws, or the build's budget or time limit.
pub(crate) fn sample<F: LinkFamily, S>(
    z: &LinkZdd<F>,
    (k, seed): (usize, u64),
    started: Instant,
    opts: &SolveOptions,
    read: impl Fn(F::Solution) -> Option<S>,
) -> Result<Sampled<S>, SolveError> {
    check_draws(&opts.limits, k, z.num_vars())?;
    let (drawn, count) = z.sample(k, seed, &opts.limits)?;
    Ok(Sampled {
        solutions: drawn.into_iter().filter_map(read).collect(),
        count,
        stats: SolveStats::timed(started.elapsed().as_secs_f64()),
    })
}

/// The exact count with the frontier's figures (`states`, `max_level_states`,
/// `frontier_width`, the per-level profile), then the puzzle's set-up figures (`setup`),
/// `count_us` (attempt, completion and count) and which step settled it (`settled_by_*`, see
/// [`SettledBy`]).
///
/// # Errors
/// The run's budget or time limit.
pub(crate) fn count<F: LinkFamily>(
    z: &LinkZdd<F>,
    started: Instant,
    opts: &SolveOptions,
    setup: impl FnOnce(F::Stats) -> Vec<(&'static str, u64)>,
) -> Result<Counted, SolveError> {
    let figures = setup(z.setup_stats());
    let t = Instant::now();
    let r = z.count_with_stats(&opts.limits)?;
    let count_us = t.elapsed().as_micros() as u64;
    let mut counters = vec![
        ("states", r.total_states),
        ("max_level_states", r.max_level_states as u64),
        ("frontier_width", r.width as u64),
    ];
    counters.extend(figures);
    counters.push(("count_us", count_us));
    counters.extend(SettledBy::counters(z.settled_by()));
    let stats = SolveStats::of_levels(started.elapsed().as_secs_f64(), counters, &r.level_states);
    Ok(Counted::exact(r.count, stats))
}
