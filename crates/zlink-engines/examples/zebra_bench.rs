//! Benchmarks the Zebra engines like the report's Table 7.5: the IP (HiGHS) and the
//! propagation engine with each heuristic (`original`, `h12`, `h123`) and each propagation
//! strength (`fixpoint`, `forward`), on the 1962 Life puzzle and on batches of seeded random
//! unique puzzles of several sizes; every solution is checked by the rule checker and every
//! puzzle's count is 1 by both engines.
//!
//! ```text
//! cargo run --release -p zlink-engines --example zebra_bench -- [PER_SIZE] [REPEATS] [SIZES]
//! ```
//! `PER_SIZE` random puzzles per size (default 10, seeds 1..), `REPEATS` solves per puzzle
//! and method whose median time is taken (default 5), `SIZES` a comma list of `NxK` (houses ×
//! attributes, default `4x4,5x5,6x6,8x6`). Figures are means over the puzzles of a set:
//! inferences (propagator runs), search nodes and median wall seconds of one solve (the
//! propagation engine's solve also looks for a second solution, so it proves uniqueness),
//! over the puzzles solved within 10 s; the last column counts those that were not.

use std::time::Instant;

use zlink_engines::zebra::generate::generate;
use zlink_engines::zebra::{Zebra, KIND};
use zlink_puzzle::{Puzzle, SolveError, SolveOptions};

/// A row label, the engine and its settings.
type Method<'a> = (String, &'a str, Vec<(&'a str, &'a str)>);

/// Seconds one solve may take before the method is marked as timed out on that puzzle.
const TIME_LIMIT: f64 = 10.0;

fn opts(settings: &[(&str, &str)]) -> SolveOptions {
    SolveOptions {
        time_limit: Some(TIME_LIMIT),
        settings: settings
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..SolveOptions::default()
    }
}

/// `(inferences, nodes, median seconds)` of solving `z` with `engine` and `settings`, or
/// `None` when a solve hit the time limit.
fn run(
    z: &Zebra,
    engine: &str,
    settings: &[(&str, &str)],
    repeats: usize,
) -> Option<(u64, u64, f64)> {
    let o = opts(settings);
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..repeats.max(1) {
        let t = Instant::now();
        let s = match KIND.solve(z, Some(engine), &o) {
            Ok(s) => s,
            Err(SolveError::TimeLimit { .. }) => return None,
            Err(e) => panic!("{engine}: {e}"),
        };
        times.push(t.elapsed().as_secs_f64());
        assert!(z.verify(&s.solution).is_ok());
        last = Some(s.stats);
    }
    times.sort_by(f64::total_cmp);
    let st = last.expect("ran");
    Some((
        st.counter("inferences").unwrap_or(0),
        st.counter("nodes").unwrap_or(0),
        times[times.len() / 2],
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let per_size: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let repeats: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    let sizes: Vec<(usize, usize)> = args
        .get(3)
        .map_or("4x4,5x5,6x6,8x6", String::as_str)
        .split(',')
        .map(|s| {
            let (n, k) = s.split_once('x').expect("NxK");
            (n.parse().expect("N"), k.parse().expect("K"))
        })
        .collect();
    let mut sets: Vec<(String, Vec<Zebra>)> = Vec::new();
    let life = zlink_testkit::data::read("zebra/life-1962.txt").expect("data/zebra/life-1962.txt");
    let life = Zebra::parse(&life, "life-1962.txt")
        .expect("parses")
        .remove(0)
        .1;
    for engine in ["propagate", "ip"] {
        let c = KIND.count(&life, Some(engine), &opts(&[])).expect("counts");
        assert_eq!(
            c.count,
            1u32.into(),
            "the 1962 puzzle is unique by {engine}"
        );
    }
    sets.push(("1962 Life (5x5, 14 clues)".into(), vec![life]));
    for &(n, k) in &sizes {
        let t = Instant::now();
        let batch: Vec<Zebra> = (1..=per_size)
            .map(|seed| {
                let (z, table) = generate(n, k, seed, &opts(&[])).expect("made");
                assert!(z.verify(&table).is_ok());
                // unique by both engines (cross-checked counts)
                for (engine, set) in [
                    ("propagate", vec![("heuristic", "first-fail")]),
                    ("ip", vec![]),
                ] {
                    let c = KIND.count(&z, Some(engine), &opts(&set)).expect("counts");
                    assert_eq!(c.count, 1u32.into(), "{engine}, {n}x{k} seed {seed}");
                }
                z
            })
            .collect();
        let clues: usize = batch.iter().map(|z| z.clues().len()).sum();
        eprintln!(
            "made {per_size} puzzles {n}x{k} in {:.2} s",
            t.elapsed().as_secs_f64()
        );
        sets.push((
            format!(
                "random {n}x{k} ({per_size}, {:.1} clues)",
                clues as f64 / per_size as f64
            ),
            batch,
        ));
    }
    let methods: Vec<Method<'_>> = {
        let mut m = vec![("IP (HiGHS)".to_string(), "ip", Vec::new())];
        for p in ["forward", "fixpoint"] {
            for h in ["original", "h12", "h123", "first-fail"] {
                m.push((
                    format!("propagate {p} {h}"),
                    "propagate",
                    vec![("heuristic", h), ("propagation", p)],
                ));
            }
        }
        m
    };
    println!("| set | method | inferences | nodes | seconds | over {TIME_LIMIT} s |");
    println!("|---|---|---:|---:|---:|---:|");
    for (name, batch) in &sets {
        for (label, engine, settings) in &methods {
            let (mut inf, mut nodes, mut secs, mut over) = (0u64, 0u64, 0f64, 0usize);
            for z in batch {
                match run(z, engine, settings, repeats) {
                    Some((i, n, s)) => {
                        inf += i;
                        nodes += n;
                        secs += s;
                    }
                    None => over += 1,
                }
            }
            let m = (batch.len() - over).max(1) as f64;
            let dash = |v: u64| {
                if *engine == "ip" {
                    "-".to_string()
                } else {
                    format!("{:.0}", v as f64 / m)
                }
            };
            println!(
                "| {name} | {label} | {} | {} | {:.6} | {over} |",
                dash(inf),
                if *engine == "ip" {
                    format!("{:.0}", nodes as f64 / m)
                } else {
                    dash(nodes)
                },
                secs / m
            );
        }
    }
}
