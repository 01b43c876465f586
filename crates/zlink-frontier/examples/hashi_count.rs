//! Counts the solutions of Hashiwokakero instances in the CLLV `.has` format, in place.
//!
//! Why: the puzzle layer's integer-programming enumeration needs seconds per 100-island
//! instance and does not finish at 200; this measures the frontier count on the whole CLLV
//! dataset (per-size medians and maxima of time and states, peak memory) and, with
//! `--orders`, every candidate edge order's state width and state count.
//!
//! Usage: `cargo run --release -p zlink-frontier --example hashi_count -- [--orders]
//! [--progress] [--stride K (every K-th file)] [--max-held STATES (default 2000000)] [--limit N] DIR|FILE...` where each `DIR` holds `*.has` files (line 1 `rows cols islands`, then
//! `rows` lines of `cols` integers, 0 = empty, 1-8 = an island's clue). The data is read
//! where it lies and never copied.

use std::path::{Path, PathBuf};
use std::time::Instant;

use zlink_frontier::specs::connected::count_auto;
use zlink_frontier::specs::connected::order::{score, BridgeOrder};
use zlink_frontier::specs::connected::puzzles::HashiInput;
use zlink_frontier::{Options, Progress};

/// One parsed instance: island coordinates and clues, candidate bridges, crossing pairs.
struct Instance {
    coords: Vec<(u32, u32)>,
    clues: Vec<u8>,
    bridges: Vec<(usize, usize)>,
    crossings: Vec<(usize, usize)>,
}

fn parse(path: &Path) -> Result<Instance, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let head: Vec<usize> = lines
        .next()
        .ok_or("empty file")?
        .split_whitespace()
        .map(|w| w.parse().map_err(|_| format!("bad header word {w}")))
        .collect::<Result<_, _>>()?;
    let [rows, cols, _] = head[..] else {
        return Err("header must be `rows cols islands`".into());
    };
    let mut grid = vec![vec![0u8; cols]; rows];
    for (r, row) in grid.iter_mut().enumerate() {
        let line = lines.next().ok_or(format!("missing row {r}"))?;
        for (c, w) in line.split_whitespace().enumerate().take(cols) {
            row[c] = w.parse().map_err(|_| format!("bad cell {w}"))?;
        }
    }
    let mut id = vec![vec![usize::MAX; cols]; rows];
    let (mut coords, mut clues) = (Vec::new(), Vec::new());
    for r in 0..rows {
        for c in 0..cols {
            if grid[r][c] > 0 {
                id[r][c] = coords.len();
                coords.push((r as u32, c as u32));
                clues.push(grid[r][c]);
            }
        }
    }
    // (bridge, vertical, fixed row/col, span lo, span hi)
    let mut bridges = Vec::new();
    let mut geo = Vec::new();
    for (a, &(r, c)) in coords.iter().enumerate() {
        let (r, c) = (r as usize, c as usize);
        if let Some(c2) = (c + 1..cols).find(|&k| grid[r][k] > 0) {
            bridges.push((a, id[r][c2]));
            geo.push((false, r, c, c2));
        }
        if let Some(r2) = (r + 1..rows).find(|&k| grid[k][c] > 0) {
            bridges.push((a, id[r2][c]));
            geo.push((true, c, r, r2));
        }
    }
    let mut crossings = Vec::new();
    for (i, &(vi, ri, a1, a2)) in geo.iter().enumerate() {
        for (j, &(vj, cj, b1, b2)) in geo.iter().enumerate() {
            // i horizontal in row ri over columns a1..a2, j vertical in column cj over rows b1..b2.
            if !vi && vj && a1 < cj && cj < a2 && b1 < ri && ri < b2 {
                crossings.push((i, j));
            }
        }
    }
    Ok(Instance {
        coords,
        clues,
        bridges,
        crossings,
    })
}

/// Per order: fields, states per level, seconds, one entry per instance.
type OrderStats = (BridgeOrder, Vec<f64>, Vec<f64>, Vec<f64>);

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

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        f64::NAN
    } else {
        v[v.len() / 2]
    }
}

fn main() {
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut orders = false;
    let mut progress = false;
    let mut stride = 1usize;
    let mut max_held: Option<u64> = Some(2_000_000);
    let report = |p: &Progress| {
        if p.level % 20 == 0 {
            eprintln!("level {}/{}: {} states", p.level, p.levels, p.level_nodes);
        }
    };
    let mut limit = usize::MAX;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--orders" => orders = true,
            "--stride" => stride = args.next().and_then(|x| x.parse().ok()).unwrap_or(1),
            "--progress" => progress = true,
            "--max-held" => max_held = args.next().and_then(|x| x.parse().ok()),
            "--limit" => limit = args.next().and_then(|x| x.parse().ok()).unwrap_or(limit),
            _ => dirs.push(a.into()),
        }
    }
    if dirs.is_empty() {
        eprintln!("usage: hashi_count [--orders] [--limit N] DIR...");
        std::process::exit(2);
    }
    for dir in dirs {
        let mut files: Vec<PathBuf> = if dir.is_file() {
            vec![dir.clone()]
        } else {
            std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "has"))
                .collect()
        };
        files.sort();
        let files: Vec<PathBuf> = files
            .into_iter()
            .step_by(stride.max(1))
            .take(limit)
            .collect();
        let (mut times, mut states) = (Vec::new(), Vec::new());
        let mut widths = Vec::new();
        let mut unique = 0usize;
        let mut over = 0usize;
        let mut per_order: Vec<OrderStats> = BridgeOrder::ALL
            .iter()
            .map(|&o| (o, Vec::new(), Vec::new(), Vec::new()))
            .collect();
        for f in &files {
            let inst = match parse(f) {
                Ok(i) => i,
                Err(e) => {
                    eprintln!("{}: {e}", f.display());
                    continue;
                }
            };
            let input = HashiInput {
                num_islands: inst.clues.len(),
                bridges: &inst.bridges,
                degrees: &inst.clues,
                crossings: &inst.crossings,
                coords: Some(&inst.coords),
            };
            let t = Instant::now();
            let opts = Options {
                progress: progress.then_some(&report as &(dyn Fn(&Progress) + Sync)),
                max_held_states: max_held,
                ..Options::default()
            };
            let r = input.count(&opts);
            let secs = t.elapsed().as_secs_f64();
            match r {
                Ok(c) => {
                    unique += usize::from(c.count == 1u32.into());
                    times.push(secs);
                    states.push(c.max_level_states as f64);
                    widths.push((2 * c.width.0 + c.width.1) as f64);
                    if c.count != 1u32.into() {
                        println!("{}: {} solutions", f.display(), c.count);
                    }
                }
                Err(e) => {
                    over += 1;
                    println!("{}: {e}", f.display());
                }
            }
            if orders {
                let p = input.problem().unwrap();
                for (o, ws, ss, ts) in &mut per_order {
                    let Some(perm) = o.perm(&p, Some(&inst.coords)) else {
                        continue;
                    };
                    let q = p.permuted(&perm);
                    let (fields, _) = score(&q).unwrap();
                    let opts = Options {
                        max_held_states: Some(20_000_000),
                        ..Options::default()
                    };
                    let t = Instant::now();
                    if let Ok((c, _)) = count_auto(&q, &opts) {
                        ts.push(t.elapsed().as_secs_f64());
                        ss.push(c.max_level_states as f64);
                    } else {
                        ts.push(f64::INFINITY);
                        ss.push(f64::INFINITY);
                    }
                    ws.push(fields as f64);
                }
            }
        }
        let max = |v: &[f64]| v.iter().copied().fold(f64::NAN, f64::max);
        println!(
            "{}: {} instances counted, {} over the state budget, {} with a unique solution; time median {:.4} s max {:.4} s; \
             states per level median {} max {}; fields (2w+f) median {} max {}; peak RSS {:.0} MB",
            dir.display(),
            times.len(),
            over,
            unique,
            median(&mut times.clone()),
            max(&times),
            median(&mut states.clone()),
            max(&states),
            median(&mut widths.clone()),
            max(&widths),
            peak_rss_mb()
        );
        for (o, ws, ss, ts) in &per_order {
            if !orders || ws.is_empty() {
                continue;
            }
            println!(
                "  order {:?}: fields median {} max {}; states per level median {} max {}; \
                 time median {:.4} s max {:.4} s",
                o,
                median(&mut ws.clone()),
                max(ws),
                median(&mut ss.clone()),
                max(ss),
                median(&mut ts.clone()),
                max(ts)
            );
        }
    }
}
