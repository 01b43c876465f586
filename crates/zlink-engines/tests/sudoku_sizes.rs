//! Sudoku of every supported kind of size (4, 6 with 3×2 boxes, 9, 16, 25): IP solutions pass
//! the independent checker, and IP counts equal the backtracking oracle's.

use proptest::prelude::*;
use zlink_engines::sudoku::check::{count_backtracking, verify};
use zlink_engines::sudoku::{IpEngine, Shape, Sudoku};
use zlink_puzzle::{Engine, Grid, Puzzle, SolveOptions};

/// A valid full grid of `shape` by the shifted-rows pattern.
fn pattern(shape: Shape) -> Grid<u8> {
    let (n, br, bc) = (shape.n, shape.box_rows, shape.box_cols);
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (((r % br) * bc + r / br + c) % n + 1) as u8
        })
        .collect();
    Grid::from_cells(n, n, cells).unwrap()
}

/// `grid` with cells blanked where a seeded LCG says so (about `percent`% blank).
fn blank(grid: &Grid<u8>, percent: u64, mut seed: u64) -> Grid<u8> {
    let mut g = grid.clone();
    for v in g.cells_mut() {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if (seed >> 33) % 100 < percent {
            *v = 0;
        }
    }
    g
}

#[test]
fn every_size_solves_and_verifies() {
    for n in [4, 6, 9, 16, 25] {
        let shape = Shape::new(n).unwrap();
        let full = pattern(shape);
        verify(shape, &Grid::new(n, n, 0), &full).unwrap();
        let percent = match n {
            25 => 30,
            16 => 50,
            _ => 60,
        };
        let s = Sudoku::new(shape, blank(&full, percent, n as u64));
        let t = std::time::Instant::now();
        let sol = IpEngine.solve(&s, &(), &SolveOptions::default()).unwrap();
        eprintln!("{n}×{n}, {} givens: {:?}", s.clue_count(), t.elapsed());
        s.verify(&sol.solution)
            .unwrap_or_else(|v| panic!("{n}: {v}"));
        // the one-line and URL forms read back to the same puzzle
        assert_eq!(Sudoku::parse(&s.render_line(None), "line").unwrap()[0].1, s);
        assert_eq!(Sudoku::parse(&s.to_url(), "url").unwrap()[0].1, s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    /// IP counts by no-good cuts equal backtracking counts on random 4×4 and 6×6 puzzles.
    #[test]
    fn ip_count_equals_backtracking(six in any::<bool>(), percent in 40u64..75, seed in any::<u64>()) {
        let shape = Shape::new(if six { 6 } else { 4 }).unwrap();
        let givens = blank(&pattern(shape), percent, seed);
        let s = Sudoku::new(shape, givens.clone());
        let want = count_backtracking(shape, &givens, 12).0;
        let limited = SolveOptions { limit: Some(12), ..SolveOptions::default() };
        let got = IpEngine.count(&s, &(), &limited).unwrap();
        prop_assert_eq!(got.count, want.into());
        prop_assert_eq!(!got.exact, want == 12);
    }
}
