//! Counts every puzzle of Numberlink files in the thomasahle `W H` block format or the Flow
//! Free level format (one file per level) with the ZDD engine, under a time limit and a memory
//! budget: one line per puzzle (count, edges deduction fixed, frontier width, widest level,
//! seconds) and a summary (counted, unique, median / max seconds).
//!
//! `cargo run --release -p zlink-link --example numberlink_sets -- [--plain|--janko] [--labels|--probe|--sat] [--attempt STATES] [--time-limit S] [--max-memory B] FILE...`
//!
//! `--labels` deduces with the per-cell label domains ([`Deduction::Labels`]); `--attempt`
//! sets the budget of the count tried before the SAT completion (0: the completion first;
//! default [`zlink_link::numberlink::ATTEMPT_STATES`]). Each line says which step settled
//! the count (deduction, attempt, completion or full).
//!
//! The default rule is `--cover` (every cell on a line, as Flow Free and these generators
//! mean it). `tools/numberlink-sets.sh` runs the shared sets under `/usr/bin/time`.

use std::time::{Duration, Instant};
use zlink_frontier::Limits;
use zlink_link::numberlink::{Deduction, NumberlinkZdd};
use zlink_puzzle::numberlink::{formats, NumberlinkGrid, Rules};

mod common;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut rules = Rules {
        cover: true,
        no_u_bends: false,
    };
    let mut limits = Limits::default();
    let mut deduction = Deduction::default();
    let mut files = Vec::new();
    let mut attempt = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--plain" => rules = Rules::PLAIN,
            "--janko" => rules = Rules::JANKO,
            "--labels" => deduction = Deduction::Labels,
            "--probe" => deduction = Deduction::Probe,
            "--sat" => deduction = Deduction::Sat,
            "--attempt" => {
                i += 1;
                attempt = args.get(i).and_then(|s| s.parse().ok());
            }
            "--time-limit" => {
                i += 1;
                limits.time_limit = args
                    .get(i)
                    .and_then(|s| s.parse().ok())
                    .map(Duration::from_secs_f64);
            }
            "--max-memory" => {
                i += 1;
                limits.max_memory = common::bytes(args.get(i));
            }
            f => files.push(f.to_string()),
        }
        i += 1;
    }
    let mut secs = Vec::new();
    let (mut tried, mut unique, mut failed) = (0, 0, 0);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let puzzles: Vec<NumberlinkGrid> = if text.lines().any(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            t.len() == 2 && t.iter().all(|x| x.parse::<usize>().is_ok())
        }) {
            formats::parse_blocks(&text, f)
                .unwrap_or_else(|e| panic!("{e}"))
                .into_iter()
                .map(|(p, _)| p)
                .collect()
        } else {
            match formats::parse_flow(&text, f) {
                Ok((p, _)) => vec![p],
                Err(e) => {
                    println!("{e}");
                    failed += 1;
                    continue;
                }
            }
        };
        for (k, p) in puzzles.iter().enumerate() {
            tried += 1;
            let t = Instant::now();
            // one time limit for probing, the attempt, the SAT completion and the count
            let deadline = limits.time_limit.map(|l| t + l);
            let mut z =
                NumberlinkZdd::new_until(p, rules, deduction, deadline).expect("a grid engine");
            if let Some(a) = attempt {
                z.set_attempt_budget(a);
            }
            let st = z.setup_stats();
            let left = limits.until(deadline);
            match z.count_with_stats(&left) {
                Ok(c) => {
                    let s = t.elapsed().as_secs_f64();
                    secs.push(s);
                    unique += usize::from(c.count == 1u32.into());
                    println!(
                        "{f}#{k} {}x{}: count {} fixed {}+{} width {} widest {} by {} in {s:.3}s",
                        p.rows(),
                        p.cols(),
                        c.count,
                        st.fixed_on,
                        st.fixed_off,
                        st.width,
                        c.max_level_states,
                        z.settled_by().map_or("-", |b| b.name())
                    );
                }
                Err(e) => {
                    failed += 1;
                    println!("{f}#{k}: {e} ({:.1}s)", t.elapsed().as_secs_f64());
                }
            }
        }
    }
    secs.sort_by(f64::total_cmp);
    let median = secs.get(secs.len() / 2).copied().unwrap_or(f64::NAN);
    let max = secs.last().copied().unwrap_or(f64::NAN);
    println!(
        "{tried} puzzles: {} counted ({unique} unique), {failed} failed; median {median:.4} s, max {max:.4} s",
        secs.len()
    );
}
