//! Benchmarks the circuit board's engines (report chapter 5, Tables A.1 and A.2) on boards of
//! the seeded maker from 3×3 to 12×12: the three integer programs (CM1 lazy subtour cuts, CM2
//! single-commodity flow, CM3 CM1 plus the shortest `s`–`t` path) solving each board, and the
//! ZDD engine counting its solutions exactly. Every solution is checked by the rule checker.
//!
//! ```text
//! cargo run --release -p zlink-engines --example circuit_bench -- [PER_SIZE] [TIME_LIMIT] [MIN] [MAX]
//! ```
//! `PER_SIZE` boards per size (seeds 1..=PER_SIZE, 30% of the wires given, with `s` and `t`;
//! default 5), `TIME_LIMIT` seconds per IP solve (default 60; a model that hits it is shown as
//! `>T`), sizes `MIN`×`MIN` to `MAX`×`MAX` (default 3 to 12). One line per board, in Markdown:
//! |V|, |E|, given wires, wall and CPU seconds of each model (CM1 also its solver calls), CM3's
//! path length, the ZDD count and its seconds. The time limit is wall time; on a shared box
//! the CPU seconds are what a solve cost.

use std::time::Instant;

use zlink_engines::circuit::generate::{make, Recipe};
use zlink_engines::circuit::KIND;
use zlink_puzzle::{SolveError, SolveOptions};

fn opts(engine_setting: Option<&str>, limit: f64) -> SolveOptions {
    SolveOptions {
        time_limit: Some(limit),
        threads: Some(1),
        settings: engine_setting
            .map(|m| vec![("model".to_string(), m.to_string())])
            .unwrap_or_default(),
        ..SolveOptions::default()
    }
}

/// CPU seconds of this process so far (user + system, from `/proc/self/stat`; 0 elsewhere):
/// the box is shared, so wall seconds overstate what a solve costs.
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = after
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    // fields 14 and 15 of the line are utime and stime in clock ticks (100 per second)
    (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / 100.0
}

fn arg<T: std::str::FromStr>(i: usize, default: T) -> T {
    std::env::args()
        .nth(i)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let per: u64 = arg(1, 5);
    let limit: f64 = arg(2, 60.0);
    let (min, max): (usize, usize) = (arg(3, 3), arg(4, 12));
    println!("| grid | seed | V | E | given | CM1 wall / CPU s | CM1 calls | CM2 wall / CPU s | CM3 wall / CPU s | s-t wires | ZDD count | ZDD wall / CPU s |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for side in min..=max {
        for seed in 1..=per {
            let m = make(&Recipe {
                rows: side,
                cols: side,
                seed,
                given_percent: 30,
                ends: true,
            })
            .expect("a board");
            let c = &m.board;
            let mut cells = Vec::new();
            let mut path = String::from("-");
            for model in ["cm1", "cm2", "cm3"] {
                let (t, c0) = (Instant::now(), cpu());
                match KIND.solve(c, Some("ip"), &opts(Some(model), limit)) {
                    Ok(s) => {
                        cells.push(format!(
                            "{:.2} / {:.2}",
                            t.elapsed().as_secs_f64(),
                            cpu() - c0
                        ));
                        if model == "cm1" {
                            cells.push(s.stats.counter("solver_calls").unwrap_or(0).to_string());
                        }
                        if let Some(p) = s.stats.counter("path_wires") {
                            path = p.to_string();
                        }
                    }
                    Err(SolveError::TimeLimit { .. }) => {
                        cells.push(format!(">{limit} / {:.2}", cpu() - c0));
                        if model == "cm1" {
                            cells.push("-".into());
                        }
                    }
                    Err(e) => panic!("{side}x{side} seed {seed} {model}: {e}"),
                }
            }
            let (t, c0) = (Instant::now(), cpu());
            let count = KIND
                .count(c, Some("zdd"), &opts(None, limit))
                .map_or_else(|e| format!("({e})"), |n| n.count.to_string());
            let zdd = format!("{:.2} / {:.2}", t.elapsed().as_secs_f64(), cpu() - c0);
            println!(
                "| {side}x{side} | {seed} | {} | {} | {} | {} | {path} | {count} | {zdd} |",
                c.points(),
                c.edges().len(),
                c.given().len(),
                cells.join(" | ")
            );
        }
    }
}
