//! What every ZDD engine shares when it talks to `zlink-frontier`: the run's options become
//! the frontier entry point's [`Limits`] (threads, memory budget, time limit), and its errors
//! become [`SolveError`]s (a budget is `Budget`, exit 3; a time limit `TimeLimit`).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use zlink_frontier::run::CountReport;
use zlink_frontier::{Limits, Progress, RunError};
use zlink_puzzle::{
    BigUint, Counted, Sampled, SolveError, SolveOptions, SolveStats, Solved, StatsTable,
};

/// The frontier limits of `opts`, with an optional progress hook.
pub fn limits<'a>(
    opts: &SolveOptions,
    progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
) -> Limits<'a> {
    Limits {
        threads: opts.threads.map(|t| t as usize),
        max_memory: opts.max_memory,
        max_nodes: None,
        time_limit: opts
            .time_limit
            .and_then(|t| Duration::try_from_secs_f64(t.max(0.0)).ok()),
        progress,
    }
}

/// The frontier's per-level reports, passed on to the run's progress hook as `levels`
/// (give it to [`limits`]).
pub fn frontier_progress(opts: &SolveOptions) -> impl Fn(&Progress) + Sync + '_ {
    move |p| {
        opts.progress.report(
            "levels",
            u64::from(p.level),
            Some(u64::from(p.levels)),
            || format!("{} nodes so far", p.nodes_so_far),
        )
    }
}

/// Bytes one draw of a solution over `num_vars` variables may hold until it is printed: its
/// member (4 bytes a variable) and the decoded solution (at most about as much again), with
/// room for the containers.
const DRAW_BYTES_PER_VAR: u64 = 16;

/// Checks that `k` draws over `num_vars` variables fit the options' memory budget before any
/// is made (`solve --sample` allows a million).
///
/// # Errors
/// [`SolveError::Budget`] naming the draws and the budget.
pub fn check_draws(opts: &SolveOptions, k: usize, num_vars: u32) -> Result<(), SolveError> {
    let need = (k as u64).saturating_mul(u64::from(num_vars) * DRAW_BYTES_PER_VAR + 64);
    match opts.max_memory {
        Some(budget) if need > budget => Err(SolveError::Budget(format!(
            "{k} draws of solutions over {num_vars} variables need about {need} bytes, over the \
             memory budget of {budget} bytes: draw fewer or raise --max-memory"
        ))),
        _ => Ok(()),
    }
}

/// Uniform draws through the frontier entry point: `run` gets the options' limits (with
/// progress, until `end`) and returns the draws and the number of solutions they come from.
///
/// # Errors
/// `run`'s error as a [`SolveError`] (budget, time limit, spec).
pub fn sampled<S>(
    opts: &SolveOptions,
    end: Option<Instant>,
    run: impl FnOnce(&Limits<'_>) -> Result<(Vec<S>, BigUint), RunError>,
) -> Result<Sampled<S>, SolveError> {
    let started = Instant::now();
    let progress = frontier_progress(opts);
    let (solutions, count) =
        run(&limits(opts, Some(&progress)).until(end)).map_err(|e| run_error(e, opts))?;
    Ok(Sampled {
        solutions,
        count,
        stats: SolveStats::timed(started.elapsed().as_secs_f64()),
    })
}

/// An exact count through the frontier entry point: `run` gets the options' limits (with
/// progress), and its report becomes a [`Counted`] whose counters are the states, the
/// widest level, the frontier width as `width_name`, then `extra`; its table is the states per
/// level (see [`level_profile`]).
///
/// # Errors
/// The run's budget, time limit or spec error, as [`run_error`].
pub fn exact_count(
    opts: &SolveOptions,
    width_name: &'static str,
    extra: &[(&'static str, u64)],
    run: impl FnOnce(&Limits<'_>) -> Result<CountReport, RunError>,
) -> Result<Counted, SolveError> {
    let started = Instant::now();
    let per_level = Mutex::new(Vec::new());
    let bar = frontier_progress(opts);
    let progress = |p: &Progress| {
        if let Ok(mut v) = per_level.lock() {
            v.push((p.level, p.level_nodes as u64));
        }
        bar(p);
    };
    let report = run(&limits(opts, Some(&progress))).map_err(|e| run_error(e, opts))?;
    let mut counters = vec![
        ("states", report.total_states),
        ("max_level_states", report.max_level_states as u64),
        (width_name, report.width as u64),
    ];
    counters.extend_from_slice(extra);
    let per_level = per_level.into_inner().unwrap_or_default();
    let stats = SolveStats {
        seconds: started.elapsed().as_secs_f64(),
        counters,
        rounds: (!per_level.is_empty()).then(|| level_profile(&per_level, 16)),
    };
    Ok(Counted::exact(report.count, stats))
}

/// States per level, in at most `rows` runs of consecutive levels (each row: first and last
/// level, the most states at one level of the run, all states of the run), so a diagram of
/// thousands of levels still prints as a short table.
pub fn level_profile(per_level: &[(u32, u64)], rows: usize) -> StatsTable {
    let chunk = per_level.len().div_ceil(rows.max(1)).max(1);
    StatsTable {
        columns: vec!["from_level", "to_level", "max_states", "states"],
        rows: per_level
            .chunks(chunk)
            .map(|run| {
                let max = run.iter().map(|&(_, n)| n).max().unwrap_or(0);
                let sum: u64 = run.iter().map(|&(_, n)| n).sum();
                vec![
                    f64::from(run[0].0),
                    f64::from(run[run.len() - 1].0),
                    max as f64,
                    sum as f64,
                ]
            })
            .collect(),
    }
}

/// The puzzle-level error of a frontier run.
pub fn run_error(e: RunError, opts: &SolveOptions) -> SolveError {
    if e.is_time_limit() {
        SolveError::TimeLimit {
            seconds: opts.time_limit.unwrap_or(0.0),
        }
    } else if e.is_budget() {
        SolveError::Budget(e.to_string())
    } else {
        SolveError::Solver(e.to_string())
    }
}

/// The first of up to two solutions a ZDD engine listed, noting whether there was a second;
/// none is [`SolveError::Infeasible`].
///
/// # Errors
/// [`SolveError::Infeasible`] for an empty list.
pub fn first_of_two<S>(found: Vec<S>, started: Instant) -> Result<Solved<S>, SolveError> {
    let more = found.len() > 1;
    let first = found.into_iter().next().ok_or(SolveError::Infeasible)?;
    Ok(Solved {
        solution: first,
        more: Some(more),
        stats: SolveStats::timed(started.elapsed().as_secs_f64()),
        note: None,
    })
}

/// The deadline of the run's time limit, if any (taken before the deduction, which checks it
/// while probing; see `Limits::until`).
pub(crate) fn deadline(opts: &SolveOptions) -> Option<Instant> {
    opts.time_limit
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(|s| Instant::now() + Duration::from_secs_f64(s.min(1e9)))
}
