//! Benchmarks the Hashi and Slitherlink integer programs on real instances and prints the
//! measured figures next to the seeds' published ones.
//!
//! ```text
//! cargo run --release -p zlink-ip-puzzles --example hashi_bench -- hashi [PER_SIZE] [MODELS] [TIME_LIMIT]
//! cargo run --release -p zlink-ip-puzzles --example hashi_bench -- profile [SIZE|FILE] [COUNT] [MODEL]
//! cargo run --release -p zlink-ip-puzzles --example hashi_bench -- slitherlink [COUNT]
//! ```
//! Per size class it prints mean and median wall seconds and the mean CPU seconds of the
//! process (the box is shared: CPU time is the solver's cost, wall time includes waiting).
//! `profile` prints one line per instance (solver calls, nodes, cuts, slowest round;
//! `HASHI_ROUNDS=1` adds every round).
//! `MODELS` is a comma list of `lazy`, `bfs`, `flow` (default `lazy,bfs`); a model that hits
//! `TIME_LIMIT` seconds (default 120) on an instance is reported as a lower bound and skipped
//! for larger sizes. Data are read from `../shared/data` next to the workspace.

use std::path::PathBuf;
use std::time::Instant;

use zlink_engines::hashi::{self, Hashi, HashiModel, HashiOptions};
use zlink_engines::slitherlink::{self, SlitherOptions, Slitherlink};
use zlink_puzzle::SolveOptions;

fn data() -> PathBuf {
    zlink_testkit::data::shared_dir().unwrap_or_else(|| PathBuf::from("../shared/data"))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// CPU seconds of this process so far (all threads, from Linux's `/proc/self/task/*/schedstat`),
/// or `None` elsewhere: the box is shared, so wall time alone overstates the solver's cost.
fn cpu_seconds() -> Option<f64> {
    let mut ns = 0u64;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        ns += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(ns as f64 / 1e9)
}

/// `per_size` CLLV files of each size, spread evenly over the sorted file list.
fn cllv_sample(size: usize, per_size: usize) -> Vec<PathBuf> {
    let dir = data().join("cllv-hashi/dataset").join(size.to_string());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("CLLV data")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "has"))
        .collect();
    files.sort();
    let step = (files.len() / per_size.max(1)).max(1);
    files.into_iter().step_by(step).take(per_size).collect()
}

fn bench_hashi(per_size: usize, models: &[HashiModel], limit: f64) {
    let seed_cllv = [0.16, 1.13, 6.32, 36.94];
    let seed_lazy = ["<0.01", "0.04", "0.12", "1.48"];
    let mut header = String::from("| n | instances |");
    for m in models {
        header.push_str(&format!(
            " {m:?} mean s | {m:?} median s | {m:?} mean CPU s | {m:?} rounds |"
        ));
    }
    header.push_str(" seed: CLLV model | seed: lazy on Gurobi |");
    println!("{header}");
    println!("|{}", "---|".repeat(4 + 4 * models.len()));
    let mut gave_up = vec![false; models.len()];
    for (k, size) in [100, 200, 300, 400].into_iter().enumerate() {
        let files = cllv_sample(size, per_size);
        let mut row = format!("| {size} | {} |", files.len());
        for (mi, &m) in models.iter().enumerate() {
            if gave_up[mi] {
                row.push_str(" skipped | | | |");
                continue;
            }
            let mut times = Vec::new();
            let cpu_start = cpu_seconds();
            let mut rounds = 0u64;
            let mut timeouts = 0;
            for f in &files {
                let text = std::fs::read_to_string(f).expect("read");
                let h = Hashi::parse_any(&text, &f.display().to_string()).expect("parse");
                let opts = SolveOptions {
                    time_limit: Some(limit),
                    ..SolveOptions::default()
                };
                let t = Instant::now();
                match hashi::model::solve(&h, &HashiOptions { model: m }, &opts) {
                    Ok(s) => {
                        hashi::verify::verify(&h, &s.solution).expect("verified");
                        rounds += s.stats.counter("solver_calls").unwrap_or(0);
                    }
                    Err(e) => {
                        eprintln!("{}: {m:?}: {e}", f.display());
                        timeouts += 1;
                    }
                }
                times.push(t.elapsed().as_secs_f64());
            }
            let mean = times.iter().sum::<f64>() / times.len() as f64;
            let more = if timeouts > 0 {
                format!(" (≥, {timeouts} hit the limit)")
            } else {
                String::new()
            };
            let cpu = match (cpu_start, cpu_seconds()) {
                (Some(a), Some(b)) => format!("{:.3}", (b - a) / files.len() as f64),
                _ => "n/a".into(),
            };
            row.push_str(&format!(
                " {mean:.3}{more} | {:.3} | {cpu} | {:.1} |",
                median(&mut times),
                rounds as f64 / files.len() as f64
            ));
            if timeouts > 0 {
                gave_up[mi] = true;
            }
        }
        row.push_str(&format!(" {:.2} | {} |", seed_cllv[k], seed_lazy[k]));
        println!("{row}");
    }
}

/// Per instance: seconds, solver calls, nodes, iterations, cuts, and the slowest round.
/// `which` is a size class (a sample of `per_size` CLLV files) or the path of one file.
fn profile_hashi(which: &str, per_size: usize, model: HashiModel) {
    let files = match which.parse() {
        Ok(size) => cllv_sample(size, per_size),
        Err(_) => vec![PathBuf::from(which)],
    };
    println!("| file | seconds | calls | nodes | iterations | cuts | slowest round s |");
    println!("|---|---|---|---|---|---|---|");
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        let h = Hashi::parse_any(&text, &f.display().to_string()).expect("parse");
        let s = hashi::model::solve(&h, &HashiOptions { model }, &SolveOptions::default())
            .expect("solve");
        hashi::verify::verify(&h, &s.solution).expect("verified");
        let c = |n: &str| s.stats.counter(n).unwrap_or(0);
        let slowest = s
            .stats
            .rounds
            .as_ref()
            .map_or(0.0, |t| t.rows.iter().map(|r| r[1]).fold(0.0, f64::max));
        println!(
            "| {} | {:.3} | {} | {} | {} | {} | {slowest:.3} |",
            f.file_name().unwrap_or_default().to_string_lossy(),
            s.stats.seconds,
            c("solver_calls"),
            c("nodes"),
            c("iterations"),
            c("cuts"),
        );
        if std::env::var_os("HASHI_ROUNDS").is_some() {
            for r in s.stats.rounds.iter().flat_map(|t| &t.rows) {
                println!(
                    "    round {:.0}: {:.3} s, {:.0} nodes, {:.0} iterations, {:.0} cuts",
                    r[0], r[1], r[2], r[3], r[4]
                );
            }
        }
    }
}

fn bench_slitherlink(count: usize) {
    let text = std::fs::read_to_string(data().join("puzzlekit-janko/Slitherlink_dataset.json"))
        .expect("janko");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let mut puzzles: Vec<(String, Slitherlink)> = json["data"]
        .as_object()
        .expect("data")
        .iter()
        .filter(|(_, v)| {
            v["problem"]
                .as_str()
                .is_some_and(|p| p.starts_with("10 10"))
        })
        .map(|(k, v)| {
            (
                k.clone(),
                Slitherlink::parse_janko(v["problem"].as_str().unwrap_or(""), k).expect("parse"),
            )
        })
        .collect();
    puzzles.sort_by(|a, b| a.0.cmp(&b.0));
    let step = (puzzles.len() / count.max(1)).max(1);
    let sample: Vec<_> = puzzles.into_iter().step_by(step).take(count).collect();
    println!(
        "| puzzle | cuts | seconds | solver calls | B&B nodes | simplex iterations | subtours |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut med: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut tables = Vec::new();
    for (key, p) in &sample {
        for (ci, cuts) in [false, true].into_iter().enumerate() {
            let s =
                slitherlink::model::solve(p, &SlitherOptions { cuts }, &SolveOptions::default())
                    .expect("solve");
            slitherlink::verify::verify(p, &s.solution).expect("verified");
            let c = |n: &str| s.stats.counter(n).unwrap_or(0);
            println!(
                "| {key} | {} | {:.3} | {} | {} | {} | {} |",
                if cuts { "on" } else { "off" },
                s.stats.seconds,
                c("solver_calls"),
                c("nodes"),
                c("iterations"),
                c("subtours")
            );
            med[ci].push(s.stats.seconds);
            if tables.len() < 2 {
                tables.push((key.clone(), cuts, s.stats.rounds.clone()));
            }
        }
    }
    println!();
    println!(
        "median seconds: without cuts {:.3}, with cuts {:.3} (seed on CPLEX, its 10×10 puzzle #1: 3.16 and 0.66)",
        median(&mut med[0]),
        median(&mut med[1])
    );
    for (key, cuts, table) in tables {
        println!(
            "\nper-round table, {key}, cuts {}:",
            if cuts { "on" } else { "off" }
        );
        if let Some(t) = table {
            println!("| {} |", t.columns.join(" | "));
            for r in t.rows {
                println!(
                    "| {:.0} | {:.3} | {:.0} | {:.0} | {:.0} |",
                    r[0], r[1], r[2], r[3], r[4]
                );
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("hashi") => {
            let per = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
            let models: Vec<HashiModel> = args
                .get(2)
                .map_or("lazy,bfs", String::as_str)
                .split(',')
                .map(|m| m.parse().expect("model name"))
                .collect();
            let limit = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(120.0);
            bench_hashi(per, &models, limit);
        }
        Some("profile") => profile_hashi(
            args.get(1).map_or("100", String::as_str),
            args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10),
            args.get(3).map_or("lazy", String::as_str).parse().expect("model name"),
        ),
        Some("slitherlink") => {
            bench_slitherlink(args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10))
        }
        _ => eprintln!(
            "usage: hashi_bench hashi [PER_SIZE] [MODELS] [TIME_LIMIT] | hashi_bench profile [SIZE|FILE] [COUNT] [MODEL] | hashi_bench slitherlink [COUNT]"
        ),
    }
}
