//! Counts the Janko Slitherlinks (all, or one size class) with the ZDD engine and checks each
//! against the file's solution: one line per puzzle and a summary per size class (counted,
//! unique, equal to the published loop, deduction alone decided, median / mean / max seconds).
//!
//! `cargo run --release -p zlink-link --example janko_corpus -- [SIZE|all] [--deduce off|rules|probe|sat] [--attempt STATES] [--max-memory BYTES] [--max-states N] [--repeat N] [--only KEY] [--quiet]`
//!
//! `--attempt` sets the budget of the count tried before the SAT completion (0: the
//! completion first); each line says which step settled the count. `--repeat N` times each
//! puzzle (set-up and count) N times and keeps the fastest, in-process figures steady enough
//! to compare on a loaded box; the summary then lists each class's ten slowest puzzles.
//! `--only KEY` (e.g. `105_10x10`) runs one puzzle of the class, for a profiler.
//!
//! SIZE is `20x36` (rows × columns as in the file's header). `tools/slitherlink-janko.sh` runs
//! it class by class under `/usr/bin/time` for the peak memory.

use std::collections::BTreeMap;
use std::time::Instant;
use zlink_frontier::Limits;
use zlink_link::slitherlink::{Deduction, SlitherZdd};
use zlink_link::LoopEdges;

mod common;

#[path = "../benches/common/janko.rs"]
mod janko;

#[derive(Default)]
struct Class {
    tried: usize,
    counted: usize,
    unique: usize,
    published: usize,
    matches: usize,
    decided: usize,
    secs: Vec<f64>,
    /// (seconds, puzzle) of every counted puzzle, for the slowest ten.
    slowest: Vec<(f64, String)>,
    odd: Vec<String>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut size = None;
    let mut deduction = Deduction::Sat;
    let mut limits = Limits::default();
    let mut quiet = false;
    let mut attempt = None;
    let mut repeat = 1usize;
    let mut only = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--deduce" => {
                i += 1;
                deduction = match args.get(i).map(String::as_str) {
                    Some("off") => Deduction::Off,
                    Some("rules") => Deduction::Rules,
                    Some("sat") => Deduction::Sat,
                    Some("probe") => Deduction::Probe,
                    _ => Deduction::Sat,
                };
            }
            "--max-memory" => {
                i += 1;
                limits.max_memory = common::bytes(args.get(i));
            }
            "--max-states" => {
                i += 1;
                limits.max_nodes = args.get(i).and_then(|s| s.parse().ok());
            }
            "--attempt" => {
                i += 1;
                attempt = args.get(i).and_then(|s| s.parse().ok());
            }
            "--repeat" => {
                i += 1;
                repeat = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
            }
            "--only" => {
                i += 1;
                only = args.get(i).cloned();
            }
            "--quiet" => quiet = true,
            "all" => {}
            s => size = Some(s.replace('x', " ")),
        }
        i += 1;
    }
    let mut classes: BTreeMap<(usize, usize), Class> = BTreeMap::new();
    let all = Instant::now();
    for p in janko::corpus(size.as_deref()) {
        if only.as_ref().is_some_and(|k| *k != p.key) {
            continue;
        }
        let dims = (p.clues.rows(), p.clues.cols());
        let class = classes.entry(dims).or_default();
        class.tried += 1;
        class.published += usize::from(p.inside.is_some());
        if let Some(e) = &p.bad_solution {
            class.odd.push(format!("unreadable solution: {e}"));
        }
        let t = Instant::now();
        let z = match SlitherZdd::with_deduction(&p.clues, deduction) {
            Ok(mut z) => {
                if let Some(a) = attempt {
                    z.set_attempt_budget(a);
                }
                z
            }
            Err(e) => {
                println!("{}: {e}", p.key);
                class.odd.push(format!("{}: {e}", p.key));
                continue;
            }
        };
        let st = z.setup_stats();
        match z.count_with_stats(&limits) {
            Ok(c) => {
                let mut secs = t.elapsed().as_secs_f64();
                for _ in 1..repeat {
                    let t = Instant::now();
                    let mut again =
                        SlitherZdd::with_deduction(&p.clues, deduction).expect("set up once");
                    if let Some(a) = attempt {
                        again.set_attempt_budget(a);
                    }
                    let n = again.count(&limits).expect("counted once");
                    secs = secs.min(t.elapsed().as_secs_f64());
                    assert_eq!(n, c.count, "{}: a repeated count differs", p.key);
                }
                class.counted += 1;
                class.secs.push(secs);
                class.slowest.push((secs, p.key.clone()));
                class.decided += usize::from(st.decided);
                let unique = c.count == 1u32.into();
                class.unique += usize::from(unique);
                let mut verdict = "";
                if let (true, Some(inside)) = (unique, &p.inside) {
                    let sol = z.solutions(1, &limits).expect("a unique solution builds");
                    if sol[0] == LoopEdges::from_inside(inside) {
                        class.matches += 1;
                    } else {
                        verdict = " DIFFERS from the published solution";
                        class.odd.push(format!("{}: differs", p.key));
                    }
                } else if !unique {
                    class.odd.push(format!("{}: count {}", p.key, c.count));
                }
                if !quiet {
                    println!(
                        "{}: count {} fixed {}/{} decided {} settled by {} width {} widest {} states {} deduce {:.3}s total {:.6}s{verdict}",
                        p.key,
                        c.count,
                        st.fixed_on + st.fixed_off,
                        st.segments,
                        st.decided,
                        z.settled_by().map_or("-", |b| b.name()),
                        st.width,
                        c.max_level_states,
                        c.total_states,
                        st.deduce_seconds,
                        secs
                    );
                }
            }
            Err(e) => {
                println!("{}: {e} ({:.1}s)", p.key, t.elapsed().as_secs_f64());
                class.odd.push(format!("{}: {e}", p.key));
            }
        }
    }
    println!(
        "size    puzzles counted unique published =published decided  median_s   mean_s    max_s"
    );
    for ((r, c), mut k) in classes {
        k.secs.sort_by(f64::total_cmp);
        let median = k.secs.get(k.secs.len() / 2).copied().unwrap_or(f64::NAN);
        let mean = k.secs.iter().sum::<f64>() / k.secs.len().max(1) as f64;
        let max = k.secs.last().copied().unwrap_or(f64::NAN);
        println!(
            "{:<7} {:>7} {:>7} {:>6} {:>9} {:>10} {:>7} {:>9.4} {:>8.4} {:>8.4}",
            format!("{r}x{c}"),
            k.tried,
            k.counted,
            k.unique,
            k.published,
            k.matches,
            k.decided,
            median,
            mean,
            max
        );
        for o in &k.odd {
            println!("        {o}");
        }
        if repeat > 1 {
            k.slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
            let top: Vec<String> = k
                .slowest
                .iter()
                .take(10)
                .map(|(s, key)| format!("{key} {:.3} ms", s * 1e3))
                .collect();
            println!("        slowest: {}", top.join(", "));
        }
    }
    println!("total {:.2}s", all.elapsed().as_secs_f64());
}
