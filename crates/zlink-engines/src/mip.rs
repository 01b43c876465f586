//! What every IP engine shares when it talks to `zlink-ip`: solve options become model
//! parameters and loop limits, the IP layer's errors become [`SolveError`]s, its per-round log
//! becomes the puzzle-level [`SolveStats`] the CLI prints, and the one solve path
//! ([`solve_by_cuts`]) and count path ([`count_by_enumeration`]) every IP engine takes.

use std::time::Instant;

use zlink_ip::{
    enumerate, solve_with_cuts, Distinct, IpError, LoopLimits, Model, RoundLog, Separator, Solution,
};
use zlink_puzzle::puzzle::{Counted, SolveOptions, SolveStats, StatsTable};
use zlink_puzzle::SolveError;

/// One solution of `model` by the cut loop with `separator`, under the options' limits; the
/// statistics count from `start` and name the cut column `cuts`.
///
/// # Errors
/// [`SolveError::Infeasible`], the time limit, solver failures.
pub fn solve_by_cuts(
    model: &mut Model,
    separator: &mut dyn Separator,
    opts: &SolveOptions,
    start: Instant,
    cuts: &'static str,
) -> Result<(Solution, SolveStats), SolveError> {
    let limits = configure(model, opts)?;
    let mut log = RoundLog::new();
    let mut separator = Reporting::new(separator, opts);
    let s = solve_with_cuts(model, &mut separator, &limits, &mut log).map_err(solve_error)?;
    Ok((
        s,
        stats_from_log_as(&log, start.elapsed().as_secs_f64(), cuts),
    ))
}

/// The number of solutions of `model` that differ on `distinct`, by no-good cuts: exact, or a
/// lower bound (`exact: false`) when [`SolveOptions::limit`] stopped the enumeration.
///
/// # Errors
/// The time limit or a solver failure (no solution is a count of 0, not an error).
pub fn count_by_enumeration(
    model: &mut Model,
    distinct: Distinct<'_>,
    separator: &mut dyn Separator,
    opts: &SolveOptions,
    start: Instant,
    cuts: &'static str,
) -> Result<Counted, SolveError> {
    let limits = configure(model, opts)?;
    let mut log = RoundLog::new();
    let limit = opts.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    let total = opts.limit;
    let mut separator = Reporting::new(separator, opts);
    let r = enumerate(
        model,
        distinct,
        limit,
        &mut separator,
        &limits,
        &mut log,
        &mut |_| {
            found += 1;
            opts.progress
                .report("solutions", found, total, || format!("{found} found"));
        },
    )
    .map_err(solve_error)?;
    Ok(Counted {
        count: r.count.into(),
        exact: !r.limit_reached,
        stats: stats_from_log_as(&log, start.elapsed().as_secs_f64(), cuts),
    })
}

/// A separator that reports each round of its cut loop to the run's progress hook.
struct Reporting<'a> {
    inner: &'a mut dyn Separator,
    opts: &'a SolveOptions,
    rounds: u64,
    cuts: u64,
}

impl<'a> Reporting<'a> {
    fn new(inner: &'a mut dyn Separator, opts: &'a SolveOptions) -> Self {
        Reporting {
            inner,
            opts,
            rounds: 0,
            cuts: 0,
        }
    }
}

impl Separator for Reporting<'_> {
    fn separate(&mut self, solution: &Solution) -> Vec<zlink_ip::Constraint> {
        let cuts = self.inner.separate(solution);
        self.rounds += 1;
        self.cuts += cuts.len() as u64;
        let (r, c) = (self.rounds, self.cuts);
        self.opts
            .progress
            .report("rounds", r, None, || format!("{c} cuts so far"));
        cuts
    }

    fn repair(&mut self, solution: &Solution) -> Option<Vec<f64>> {
        self.inner.repair(solution)
    }
}

/// Whether `model` can be handed to the solver within the options' memory budget; checked
/// before the solver allocates anything (and again by every solve, [`zlink_ip::Params::max_memory`]).
///
/// # Errors
/// [`SolveError::Budget`] naming the model's size and the budget.
pub fn check_memory(model: &Model, opts: &SolveOptions) -> Result<(), SolveError> {
    check_memory_of(
        model.num_vars(),
        model.num_rows(),
        model.num_nonzeros(),
        opts,
    )
}

/// [`check_memory`] for a model of `vars` columns, `rows` rows and `nnz` nonzeros that is not
/// built yet: an engine whose model could be large checks a bound of its size before it
/// allocates the model itself.
///
/// # Errors
/// [`SolveError::Budget`] naming the model's size and the budget.
pub fn check_memory_of(
    vars: usize,
    rows: usize,
    nnz: usize,
    opts: &SolveOptions,
) -> Result<(), SolveError> {
    let need = zlink_ip::solver_memory(vars, rows, nnz);
    match opts.max_memory {
        Some(budget) if need > budget => Err(solve_error(IpError::Memory {
            vars,
            rows,
            nonzeros: nnz,
            need,
            budget,
        })),
        _ => Ok(()),
    }
}

/// Apply threads and MIP gap to `model`, and return the loop limits for the time limit (the
/// time limit covers a whole cut loop or enumeration, not one solver call).
///
/// # Errors
/// [`SolveError::Budget`] when the model does not fit the memory budget ([`check_memory`]).
pub fn configure(model: &mut Model, opts: &SolveOptions) -> Result<LoopLimits, SolveError> {
    check_memory(model, opts)?;
    model.params.max_memory = opts.max_memory;
    model.params.threads = opts.threads;
    model.params.mip_gap = opts.mip_gap;
    Ok(LoopLimits {
        time_limit: opts.time_limit,
        max_rounds: None,
    })
}

/// The puzzle-level error for an IP-layer error.
pub fn solve_error(e: IpError) -> SolveError {
    match e {
        IpError::Infeasible => SolveError::Infeasible,
        IpError::TimeLimit { seconds, .. } => SolveError::TimeLimit { seconds },
        IpError::Unbounded => SolveError::Solver("the model is unbounded".into()),
        IpError::RoundLimit { rounds } => {
            SolveError::Solver(format!("no answer after {rounds} solver calls"))
        }
        e @ IpError::Memory { .. } => SolveError::Budget(e.to_string()),
        IpError::Solver(s) => SolveError::Solver(s),
        e @ IpError::NoSolver => SolveError::Solver(e.to_string()),
    }
}

/// Totals and the per-round table (round, seconds, nodes, iterations, and the cuts column
/// named `cuts`: `cuts`, `subtours`, …) of `log`.
pub fn stats_from_log_as(log: &RoundLog, seconds: f64, cuts: &'static str) -> SolveStats {
    SolveStats {
        seconds,
        counters: vec![
            ("solver_calls", log.rounds.len() as u64),
            ("nodes", log.nodes()),
            ("iterations", log.iterations()),
            (cuts, log.cuts() as u64),
        ],
        rounds: Some(StatsTable {
            columns: vec!["round", "seconds", "nodes", "iterations", cuts],
            rows: log
                .rounds
                .iter()
                .map(|r| {
                    vec![
                        r.round as f64,
                        r.seconds,
                        r.nodes as f64,
                        r.iterations as f64,
                        r.cuts as f64,
                    ]
                })
                .collect(),
        }),
    }
}
