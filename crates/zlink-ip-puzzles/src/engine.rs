//! What every IP-backed puzzle shares when it talks to `zlink-ip`: solve options become model
//! parameters and loop limits, the IP layer's errors become [`SolveError`]s, and its per-round
//! log becomes the puzzle-level [`SolveStats`] the CLI prints.

use zlink_grid::puzzle::{SolveOptions, SolveStats, StatsTable};
use zlink_grid::SolveError;
use zlink_ip::{IpError, LoopLimits, Model, RoundLog};

/// Apply threads and MIP gap to `model`, and return the loop limits for the time limit (the
/// time limit covers a whole cut loop or enumeration, not one solver call).
pub fn configure(model: &mut Model, opts: &SolveOptions) -> LoopLimits {
    model.params.threads = opts.threads;
    model.params.mip_gap = opts.mip_gap;
    LoopLimits {
        time_limit: opts.time_limit,
        max_rounds: None,
    }
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
        IpError::Solver(s) => SolveError::Solver(s),
    }
}

/// Totals and the per-round table (round, seconds, nodes, iterations, cuts) of `log`.
pub fn stats_from_log(log: &RoundLog, seconds: f64) -> SolveStats {
    stats_from_log_as(log, seconds, "cuts")
}

/// As [`stats_from_log`], with the cut column and counter named `cuts` (`subtours`, …).
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
