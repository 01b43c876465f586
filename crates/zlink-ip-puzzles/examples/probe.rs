//! probe
use zlink_grid::{Puzzle, SolveOptions};
use zlink_ip_puzzles::minclue::search::{minimum_with, MinimumOptions};
use zlink_ip_puzzles::sudoku::Sudoku;
fn main() {
    let text =
        std::fs::read_to_string("/work/shared/data/sudoku-sets/royle_17clue_49151.txt").unwrap();
    let idx: usize = std::env::args().nth(1).map_or(1, |s| s.parse().unwrap());
    let line = text.lines().nth(idx).unwrap();
    let s = Sudoku::parse(line, "r").unwrap().remove(0).1;
    let g = s.solve(&SolveOptions::default()).unwrap().solution;
    let t = std::time::Instant::now();
    let m = minimum_with(s.shape(), &g, &MinimumOptions::default(), &mut |it| {
        println!("{:.1}s {:?}", t.elapsed().as_secs_f64(), it);
    })
    .unwrap();
    println!(
        "minimum {} in {:?}",
        m.clues.iter().filter(|&&b| b).count(),
        t.elapsed()
    );
}
