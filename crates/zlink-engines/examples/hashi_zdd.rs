//! Counts Hashi instances exactly with the ZDD engine (the puzzle layer's path: deduction,
//! edge order, frontier entry point) and prints per-set figures.
//!
//! Why: issue 17 asks every CLLV instance (100-400 islands) and every Janko Hashi to count
//! exactly, 400 islands in under a second; `tools/hashi-count.sh` runs this once per set so
//! that each process's peak RSS is that set's peak memory.
//!
//! ```text
//! cargo run --release -p zlink-engines --example hashi_zdd -- [--no-deduce] [--sweep S | --race S[:K],S[:K],..]
//!     [--window K] [--ip-check K] [--max-memory BYTES] [--time-limit S] [--threads T]
//!     DIR|FILE.has|Hashi_dataset.json ...
//! ```
//! Without `--sweep` or `--race` it runs the engine's default race (`count_with`); a sweep is
//! `rows`, `columns`, `rowsback`, `columnsback` or `graphK` (the island-graph layout with
//! annealing seed K); `--window K` sets the spec's look-ahead window (0: none), `S:K` one
//! sweep's window in a race.
//! Per set: instances counted, failures (budget/time), time median/mean/max, widest level
//! median/max, peak RSS; every instance whose count is not 1 is listed. `--ip-check K`
//! re-counts every K-th instance with at most 100 solutions with the IP engine's no-good
//! enumeration and reports any difference (exit 1 on a mismatch).

use std::path::{Path, PathBuf};
use std::time::Instant;

use zlink_engines::hashi::race::{count_in_with, count_raced, RaceSetup};
use zlink_engines::hashi::zdd::{Sweep, WINDOW};
use zlink_engines::hashi::{Hashi, HashiIp};
use zlink_engines::ip::IpEngine;
use zlink_puzzle::{Engine, SolveOptions};

/// The IP cross-check enumerates only instances with at most this many solutions (one
/// no-good solve per solution).
const IP_MAX: u64 = 100;

fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|k| k.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// CPU seconds (user + system) of this process so far, from `/proc/self/stat` (clock ticks of
/// 1/100 s); the box is shared, so per-instance CPU time is the comparable figure.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = s.rsplit_once(')')?.1;
            let f: Vec<&str> = rest.split_whitespace().collect();
            let t = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok());
            Some((t(11)? + t(12)?) / 100.0)
        })
        .unwrap_or(f64::NAN)
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The named instances of one argument: a `.has` file, a directory of them, or a puzzlekit
/// JSON dataset (`data.<name>.problem` in Janko's format).
fn load(path: &Path) -> Vec<(String, Hashi)> {
    let read =
        |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "has"))
            .collect();
        files.sort();
        return files.iter().flat_map(|f| load(f)).collect();
    }
    let text = read(path);
    let name = path.display().to_string();
    if path.extension().is_some_and(|x| x == "json") {
        let v: serde_json::Value = serde_json::from_str(&text).expect("JSON dataset");
        let data = v["data"].as_object().expect("a `data` object");
        return data
            .iter()
            .map(|(k, p)| {
                let src = format!("{name}:{k}");
                let t = p["problem"].as_str().expect("problem text");
                let h = Hashi::parse_janko(t, &src).unwrap_or_else(|e| panic!("{e}"));
                (src, h)
            })
            .collect();
    }
    vec![(
        name.clone(),
        Hashi::parse_any(&text, &name).unwrap_or_else(|e| panic!("{e}")),
    )]
}

fn main() {
    let mut deduce = true;
    let mut sweep: Option<Sweep> = None;
    let mut window = WINDOW;
    let mut race: Option<String> = None;
    let mut ip_check = 0usize;
    let mut opts = SolveOptions::default();
    let mut sets = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut num = |what: &str| -> f64 {
            args.next()
                .and_then(|x| x.parse().ok())
                .unwrap_or_else(|| panic!("{what} needs a number"))
        };
        match a.as_str() {
            "--no-deduce" => deduce = false,
            "--sweep" => {
                let name = args.next().unwrap_or_default();
                sweep = Some(Sweep::parse(&name).unwrap_or_else(|| {
                    panic!("--sweep: rows, columns, rowsback, columnsback or graphK")
                }));
            }
            "--window" => window = num("--window") as usize,
            "--race" => race = Some(args.next().unwrap_or_default()),
            "--ip-check" => ip_check = num("--ip-check") as usize,
            "--max-memory" => opts.limits.max_memory = Some(num("--max-memory") as u64),
            // per instance: every run renews it (`Limits::renewed`)
            "--time-limit" => {
                opts.limits.time_limit =
                    Some(std::time::Duration::from_secs_f64(num("--time-limit")))
            }
            "--threads" => opts.limits.threads = Some(num("--threads") as usize),
            _ => sets.push(PathBuf::from(a)),
        }
    }
    // `--race S[:K],S[:K],..`: each sweep with its own window (default `--window`).
    let setup = match &race {
        None => RaceSetup::default(),
        Some(list) => RaceSetup {
            sweeps: list
                .split(',')
                .map(|x| {
                    let (name, k) = x.split_once(':').unwrap_or((x, ""));
                    let s = Sweep::parse(name)
                        .unwrap_or_else(|| panic!("--race: unknown sweep {name:?}"));
                    (s, k.parse().unwrap_or(window))
                })
                .collect(),
            ..RaceSetup::default()
        },
    };
    let mut mismatch = false;
    for set in sets {
        let all = load(&set);
        let (mut times, mut cpus, mut widest) = (Vec::new(), Vec::new(), Vec::new());
        let (mut failed, mut unique, mut checked) = (0usize, 0usize, 0usize);
        let mut small_seen = 0usize;
        for (name, h) in &all {
            let t = Instant::now();
            let c0 = cpu_seconds();
            let opts = SolveOptions {
                limits: opts.limits.renewed(),
                ..opts.clone()
            };
            let r = match sweep {
                Some(s) => count_in_with(h, deduce, s, window, &opts),
                None => count_raced(h, deduce, &setup, &opts),
            };
            match r {
                Ok(c) => {
                    times.push(t.elapsed().as_secs_f64());
                    cpus.push(cpu_seconds() - c0);
                    let w = c
                        .stats
                        .counters
                        .iter()
                        .find(|(k, _)| *k == "max_level_states")
                        .map_or(0, |x| x.1);
                    widest.push(w as f64);
                    if c.count == 1u32.into() {
                        unique += 1;
                    } else {
                        println!(
                            "{name}: {} solutions ({:.3} s, {:.2} CPU s, widest level {w})",
                            c.count,
                            times.last().unwrap_or(&0.0),
                            cpus.last().unwrap_or(&0.0)
                        );
                    }
                    let small = c.count <= IP_MAX.into();
                    small_seen += usize::from(small);
                    if ip_check > 0 && small && (small_seen - 1) % ip_check == 0 {
                        let ip_opts = SolveOptions {
                            limit: Some(IP_MAX + 1),
                            limits: opts.limits.renewed(),
                            ..opts.clone()
                        };
                        match IpEngine(HashiIp).count(h, &Default::default(), &ip_opts) {
                            Ok(ip) if ip.exact => {
                                checked += 1;
                                if ip.count != c.count {
                                    mismatch = true;
                                    println!("{name}: MISMATCH zdd {} ip {}", c.count, ip.count);
                                }
                            }
                            Ok(ip) => println!("{name}: ip stopped at {} (lower bound)", ip.count),
                            Err(e) => println!("{name}: ip failed: {e}"),
                        }
                    }
                }
                Err(e) => {
                    failed += 1;
                    println!(
                        "{name}: {e} after {:.2} s ({:.2} CPU s)",
                        t.elapsed().as_secs_f64(),
                        cpu_seconds() - c0
                    );
                }
            }
        }
        let max = |v: &[f64]| v.iter().copied().fold(f64::NAN, f64::max);
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        println!(
            "{}: {} of {} counted ({} failed), {} unique; seconds median {:.4} mean {:.4} max {:.3}; \
             CPU seconds median {:.3} mean {:.3} max {:.2}; widest level median {} max {}; \
             ip cross-checked {}; peak RSS {:.0} MB",
            set.display(),
            times.len(),
            all.len(),
            failed,
            unique,
            median(&times),
            mean,
            max(&times),
            median(&cpus),
            cpus.iter().sum::<f64>() / cpus.len().max(1) as f64,
            max(&cpus),
            median(&widest),
            max(&widest),
            checked,
            peak_rss_mb()
        );
    }
    if mismatch {
        std::process::exit(1);
    }
}
