//! Turning the IP layer's per-round log into the puzzle-level statistics the CLI prints.

use zlink_grid::puzzle::{SolveStats, StatsTable};
use zlink_ip::RoundLog;

/// Totals and the per-round table (round, seconds, nodes, iterations, cuts) of `log`.
pub fn from_log(log: &RoundLog, seconds: f64) -> SolveStats {
    SolveStats {
        seconds,
        counters: vec![
            ("solver_calls", log.rounds.len() as u64),
            ("nodes", log.nodes()),
            ("iterations", log.iterations()),
            ("cuts", log.cuts() as u64),
        ],
        rounds: Some(StatsTable {
            columns: vec!["round", "seconds", "nodes", "iterations", "cuts"],
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
