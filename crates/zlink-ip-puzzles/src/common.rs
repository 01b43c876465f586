//! What the IP puzzle models share when they report back: solver failures as the puzzle-level
//! [`SolveError`], round logs as [`SolveStats`], and the puzzle-level options as solver limits.

use zlink_grid::puzzle::StatsTable;
use zlink_grid::{SolveError, SolveOptions, SolveStats};
use zlink_ip::{IpError, LoopLimits, Model, RoundLog};

/// The puzzle-level form of a solver failure.
pub(crate) fn solve_error(e: IpError) -> SolveError {
    match e {
        IpError::Infeasible => SolveError::Infeasible,
        IpError::TimeLimit { seconds, .. } => SolveError::TimeLimit { seconds },
        IpError::RoundLimit { rounds } => {
            SolveError::Solver(format!("gave up after {rounds} solver calls"))
        }
        e @ (IpError::Unbounded | IpError::Solver(_)) => SolveError::Solver(e.to_string()),
    }
}

/// Applies threads and gap to `model`; returns the loop limits (the time limit covers the whole
/// cut loop or enumeration, not each solve).
pub(crate) fn limits(model: &mut Model, opts: &SolveOptions) -> LoopLimits {
    model.params.threads = opts.threads;
    model.params.mip_gap = opts.mip_gap;
    LoopLimits {
        time_limit: opts.time_limit,
        max_rounds: None,
    }
}

/// Statistics of a loop: totals, and one table row per solver call whose last column is named
/// `cut_name` (`cuts`, `subtours`, …).
pub(crate) fn stats(log: &RoundLog, seconds: f64, cut_name: &'static str) -> SolveStats {
    SolveStats {
        seconds,
        counters: vec![
            ("solver_calls", log.rounds.len() as u64),
            ("nodes", log.nodes()),
            ("iterations", log.iterations()),
            (cut_name, log.cuts() as u64),
        ],
        rounds: Some(StatsTable {
            columns: vec!["round", "seconds", "nodes", "iterations", cut_name],
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
