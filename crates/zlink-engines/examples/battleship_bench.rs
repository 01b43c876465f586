//! Benchmarks the two Battleship integer programs (report chapter 4, Table 4.3) on the CSPLib
//! instances and the Janko instances, per size class, and checks every answer.
//!
//! ```text
//! cargo run --release -p zlink-engines --example battleship_bench -- [PER_CLASS] [MODELS] [TIME_LIMIT] [COUNT]
//! ```
//! `PER_CLASS` instances of each class (default all), `MODELS` a comma list of `grid`, `cell`
//! (default both), `TIME_LIMIT` seconds per solve (default 60; a model that hits it is
//! reported as such), `COUNT` = `yes` also counts every instance with the grid model (the
//! CSPLib instances must be unique). Every solution is checked by the rule checker, and a
//! Janko solution must equal the published one. Wall seconds per solve: the box is shared.

use std::collections::BTreeMap;
use std::time::Instant;

use zlink_engines::battleship::{model::ships_of, Battleship, Fleet, KIND};
use zlink_puzzle::{Puzzle, SolveError, SolveOptions};

fn opts(model: &str, limit: f64) -> SolveOptions {
    SolveOptions {
        time_limit: Some(limit),
        settings: vec![("model".into(), model.into())],
        ..SolveOptions::default()
    }
}

/// `(class, name, puzzle, published solution)` of every instance.
fn instances() -> Vec<(String, String, Battleship, Option<Fleet>)> {
    let mut out = Vec::new();
    if let Some(t) = zlink_testkit::data::read("csplib-battleship/battleship_instances.pl") {
        for (line, b) in Battleship::parse(&t, "csplib").expect("CSPLib parses") {
            out.push(("CSPLib 10x10".into(), format!("csplib:{line}"), b, None));
        }
    }
    if let Some(t) = zlink_testkit::data::read("puzzlekit-janko/Battleship_dataset.json") {
        let json: serde_json::Value = serde_json::from_str(&t).expect("json");
        for (key, rec) in json["data"].as_object().expect("data") {
            let (Some(p), Some(s)) = (rec["problem"].as_str(), rec["solution"].as_str()) else {
                continue;
            };
            let b = Battleship::parse(p, key).expect("Janko parses").remove(0).1;
            let occ: Vec<bool> = s
                .lines()
                .skip(1)
                .flat_map(|l| l.split_whitespace().map(|t| t != "-"))
                .collect();
            if occ.len() != b.rows() * b.cols() {
                continue; // no published solution
            }
            let want = ships_of(b.rows(), b.cols(), &occ);
            let class = format!("Janko {}x{}", b.rows(), b.cols());
            out.push((class, key.clone(), b, Some(want)));
        }
    }
    out
}

#[derive(Default)]
struct Row {
    n: usize,
    secs: Vec<f64>,
    timeouts: usize,
    unique: usize,
    counted: usize,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let per: usize = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let models: Vec<String> = args
        .get(2)
        .map_or("grid,cell", String::as_str)
        .split(',')
        .map(String::from)
        .collect();
    let limit: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let count = args.get(4).is_some_and(|s| s == "yes");
    let mut table: BTreeMap<(String, String), Row> = BTreeMap::new();
    let mut taken: BTreeMap<String, usize> = BTreeMap::new();
    for (class, name, b, want) in instances() {
        let k = taken.entry(class.clone()).or_default();
        if *k >= per {
            continue;
        }
        *k += 1;
        for m in &models {
            let row = table.entry((class.clone(), m.clone())).or_default();
            row.n += 1;
            let t = Instant::now();
            match KIND.solve(&b, None, &opts(m, limit)) {
                Ok(s) => {
                    row.secs.push(t.elapsed().as_secs_f64());
                    assert!(
                        b.verify(&s.solution).is_ok(),
                        "{name}: {m} fails the checker"
                    );
                    if let Some(w) = &want {
                        assert_eq!(
                            &s.solution, w,
                            "{name}: {m} differs from the published solution"
                        );
                    }
                }
                Err(SolveError::TimeLimit { .. }) => row.timeouts += 1,
                Err(e) => panic!("{name}: {m}: {e}"),
            }
            if count && m == "grid" {
                let c = KIND.count(&b, None, &opts(m, limit)).expect("counts");
                row.counted += 1;
                row.unique += usize::from(c.exact_u64() == Some(1));
            }
        }
    }
    println!("| instances | n | model | mean s | max s | time limit hit | unique (counted) |");
    println!("|---|---|---|---|---|---|---|");
    for ((class, m), r) in &table {
        let mean = r.secs.iter().sum::<f64>() / r.secs.len().max(1) as f64;
        let max = r.secs.iter().copied().fold(0.0, f64::max);
        let uniq = if r.counted > 0 {
            format!("{} ({})", r.unique, r.counted)
        } else {
            "-".into()
        };
        println!(
            "| {class} | {} | {m} | {mean:.3} | {max:.3} | {} | {uniq} |",
            r.n, r.timeouts
        );
    }
}
