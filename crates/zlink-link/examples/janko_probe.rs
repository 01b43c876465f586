//! Measures the Slitherlink ZDD engine on Janko puzzles: `janko_probe ROWSxCOLS [max] [build]`.
use std::time::Instant;
use zlink_grid::{Coord, Grid};
use zlink_link::SlitherZdd;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size = args.get(1).cloned().unwrap_or_else(|| "10 10".into()).replace('x', " ");
    let max: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/puzzlekit-janko/Slitherlink_dataset.json");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut keys: Vec<&String> = v["data"].as_object().unwrap().keys().collect();
    keys.sort();
    let mut n = 0;
    for k in keys {
        let p = v["data"][k]["problem"].as_str().unwrap();
        let mut lines = p.lines();
        if lines.next().unwrap().trim() != size {
            continue;
        }
        let rows: Vec<Vec<Option<u8>>> = lines
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_whitespace().map(|t| t.parse().ok()).collect())
            .collect();
        let (r, c) = (rows.len(), rows[0].len());
        let mut g = Grid::new(r, c, None);
        for (i, row) in rows.iter().enumerate() {
            for (j, x) in row.iter().enumerate() {
                g[Coord::new(i, j)] = *x;
            }
        }
        let t = Instant::now();
        let s = SlitherZdd::new(&g).unwrap();
        let st = s.count_with_stats(&Default::default()).unwrap();
        println!("{k}: count {} max_level {} total {} in {:.3}s", st.count, st.max_level_states, st.total_states, t.elapsed().as_secs_f64());
        n += 1;
        if n >= max {
            break;
        }
    }
}
