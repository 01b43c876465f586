//! Progress of the minimum-clue search on one puzzle line (stdin): seeding, then one line per
//! level or round. `cargo run --release --example minclue_probe -- [ip] [digits] < line`.

use std::io::Read;
use std::time::Instant;

use zlink_grid::Puzzle;
use zlink_ip_puzzles::minclue::search::{minimum_with, Master, MinimumOptions};
use zlink_ip_puzzles::sudoku::{Sudoku, SudokuExact};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut line = String::new();
    std::io::stdin().read_to_string(&mut line).unwrap();
    let (_, s) = Sudoku::parse(line.trim(), "stdin").unwrap().remove(0);
    let grid = SudokuExact(s.clone())
        .solve(&Default::default())
        .unwrap()
        .solution;
    let mut o = MinimumOptions {
        upper: Some(s.givens().cells().iter().map(|&v| v != 0).collect()),
        ..MinimumOptions::default()
    };
    for a in &args[1..] {
        match a.as_str() {
            "ip" => o.master = Master::Ip,
            "noregions" => o.regions = false,
            "grid" => o.upper = None,
            d if d.starts_with('L') => o.learn_max_size = d[1..].parse().unwrap(),
            d if d.starts_with('S') => o.seed_max_size = d[1..].parse().unwrap(),
            d => o.seed_digits = d.parse().unwrap(),
        }
    }
    let t = Instant::now();
    let m = minimum_with(s.shape(), &grid, &o, &mut |it| {
        eprintln!(
            "{:7.2}s level/lb {} sets {} nodes {} checks {} added {} ({:.2}s)",
            t.elapsed().as_secs_f64(),
            it.lower_bound,
            it.sets,
            it.master_nodes,
            it.checks,
            it.added,
            it.master_seconds
        )
    })
    .unwrap();
    println!("regions {:?}", m.regions);
    println!(
        "minimum {} seeded {} ({:.2}s) checks {} total {:.2}s",
        m.clues.iter().filter(|&&b| b).count(),
        m.seeded_sets,
        m.seed_seconds,
        m.checks,
        t.elapsed().as_secs_f64()
    );
}
