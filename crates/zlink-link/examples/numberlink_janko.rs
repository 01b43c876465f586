//! Runs the Janko Numberlinks (puzzlekit, 580 puzzles) under Janko's rules (every cell
//! filled, no U-bends), checks each count against uniqueness and the published solution, and
//! prints one line per puzzle and per-size medians / maxima:
//!
//! `cargo run --release -p zlink-link --example numberlink_janko -- [filter] [max states] [plain|labels|probe|sat] [attempt states]`
//!
//! `filter` keeps keys containing it (e.g. `15x15`); `max states` is a count budget; `plain`
//! runs the rules of Nikoli instead (empty cells and U-bends allowed); `labels` keeps Janko's
//! rules and deduces with the per-cell label domains ([`Deduction::Labels`]); `probe` and `sat`
//! choose those deduction levels; `attempt states` is the budget of the count tried before the
//! SAT completion (0: the completion first). Each line says which step settled the count.

use std::collections::BTreeMap;
use std::time::Instant;
use zlink_frontier::Limits;
use zlink_link::numberlink::{Deduction, NumberlinkZdd};
use zlink_puzzle::numberlink::Rules;

#[path = "../benches/common/numberlink.rs"]
mod numberlink;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let filter = args.get(1).cloned().unwrap_or_default();
    let opts = Limits {
        max_nodes: args.get(2).and_then(|s| s.parse().ok()),
        ..Limits::default()
    };
    let deduction = match args.get(3).map(String::as_str) {
        Some("labels") => Deduction::Labels,
        Some("probe") => Deduction::Probe,
        Some("sat") => Deduction::Sat,
        _ => Deduction::default(),
    };
    let rules = if args.get(3).is_some_and(|s| s == "plain") {
        Rules::PLAIN
    } else {
        Rules::JANKO
    };
    let mut by_size: BTreeMap<(usize, usize), Vec<(f64, usize)>> = BTreeMap::new();
    let (mut unique, mut matching, mut tried) = (0, 0, 0);
    let all = Instant::now();
    for (key, p, sol) in numberlink::janko() {
        if !key.contains(&filter) {
            continue;
        }
        tried += 1;
        let t = Instant::now();
        let mut z = NumberlinkZdd::new_with(&p, rules, deduction).expect("an engine");
        if let Some(a) = args.get(4).and_then(|s| s.parse().ok()) {
            z.set_attempt_budget(a);
        }
        match z.count_with_stats(&opts) {
            Ok(st) => {
                let secs = t.elapsed().as_secs_f64();
                let mut note = String::new();
                if st.count == 1u32.into() {
                    unique += 1;
                    let found = z.links(1, &Limits::default()).expect("a build");
                    if sol.as_ref() == found.first() {
                        matching += 1;
                    } else {
                        note = " (differs from the published solution)".into();
                    }
                }
                println!(
                    "{key}: count {} widest {} states {} width {} packed {} fixed {}+{} by {} in {secs:.3}s{note}",
                    st.count,
                    st.max_level_states,
                    st.total_states,
                    z.setup_stats().width,
                    z.setup_stats().packed,
                    z.setup_stats().fixed_on,
                    z.setup_stats().fixed_off,
                    z.settled_by().map_or("-", |b| b.name()),
                );
                by_size
                    .entry((p.rows(), p.cols()))
                    .or_default()
                    .push((secs, st.max_level_states));
            }
            Err(e) => println!(
                "{key}: {e} ({:.1}s; width {} fixed {}+{})",
                t.elapsed().as_secs_f64(),
                z.setup_stats().width,
                z.setup_stats().fixed_on,
                z.setup_stats().fixed_off,
            ),
        }
    }
    println!("size: puzzles, median / max seconds, max widest level");
    for ((r, c), mut v) in by_size {
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        let widest = v.iter().map(|x| x.1).max().unwrap_or(0);
        println!(
            "{r}x{c}: {}, {:.4} / {:.4} s, {widest}",
            v.len(),
            v[v.len() / 2].0,
            v[v.len() - 1].0
        );
    }
    println!(
        "{tried} puzzles: {unique} unique, {matching} equal to the published solution, {:.2}s",
        all.elapsed().as_secs_f64()
    );
}
