//! Minimum-clue and minimal Sudoku: brute force on 4×4 grids, the independent checker on 9×9
//! grids of Royle's 17-clue puzzles, and (ignored, slow) the proof that such a grid needs 17.

mod common;

use zlink_grid::{Grid, Puzzle, SolveOptions};
use zlink_ip_puzzles::minclue::search::{clue_grid, minimal, minimum, MinimumOptions};
use zlink_ip_puzzles::minclue::{MinimalClues, MinimumClues};
use zlink_ip_puzzles::sudoku::check::{count_backtracking, for_each_solution};
use zlink_ip_puzzles::sudoku::{Shape, Sudoku};

/// The fewest clues making `grid` unique, by trying every subset in order of size.
fn brute_force_minimum(shape: Shape, grid: &Grid<u8>) -> usize {
    let n = grid.len();
    for k in 0..=n {
        let mut found = false;
        let mut comb: Vec<usize> = (0..k).collect();
        loop {
            let mut keep = vec![false; n];
            comb.iter().for_each(|&i| keep[i] = true);
            if count_backtracking(shape, &clue_grid(grid, &keep), 2).0 == 1 {
                found = true;
                break;
            }
            // next combination
            let mut i = k;
            while i > 0 && comb[i - 1] == n - k + i - 1 {
                i -= 1;
            }
            if i == 0 {
                break;
            }
            comb[i - 1] += 1;
            for j in i..k {
                comb[j] = comb[j - 1] + 1;
            }
        }
        if found {
            return k;
        }
    }
    n
}

#[test]
fn minimum_matches_brute_force_on_4x4_grids() {
    let shape = Shape::new(4).unwrap();
    let mut grids = Vec::new();
    for_each_solution(shape, &Grid::new(4, 4, 0), 288, &mut |g| {
        grids.push(g.to_vec())
    });
    assert_eq!(grids.len(), 288);
    for g in grids.iter().step_by(29) {
        let g = Grid::from_cells(4, 4, g.clone()).unwrap();
        let m = minimum(shape, &g, &MinimumOptions::default()).unwrap();
        let k = m.clues.iter().filter(|&&b| b).count();
        assert_eq!(k, brute_force_minimum(shape, &g), "{g:?}");
        let (count, first) = count_backtracking(shape, &clue_grid(&g, &m.clues), 2);
        assert_eq!((count, first), (1, Some(g.clone())));
        // minimal mode: unique, and no clue can go
        let keep = minimal(shape, &g, &Default::default()).unwrap();
        let clues = clue_grid(&g, &keep);
        assert_eq!(count_backtracking(shape, &clues, 2).0, 1);
        for i in (0..16).filter(|&i| keep[i]) {
            let mut fewer = keep.clone();
            fewer[i] = false;
            assert!(count_backtracking(shape, &clue_grid(&g, &fewer), 2).0 >= 2);
        }
        assert!(keep.iter().filter(|&&b| b).count() >= k);
    }
}

fn royle_lines(count: usize) -> Vec<String> {
    let Some(text) = common::read("sudoku-sets/royle_17clue_49151.txt") else {
        return Vec::new();
    };
    // line 1 is a citation header
    text.lines()
        .skip(1)
        .step_by(4_999)
        .take(count)
        .map(str::to_string)
        .collect()
}

#[test]
fn minimal_puzzles_of_royle_grids_pass_the_independent_checker() {
    let opts = SolveOptions::default();
    for line in royle_lines(3) {
        // the input is a 17-clue puzzle: its solution is the grid
        let p = MinimalClues::parse(&line, "royle").unwrap().remove(0).1;
        let s = p.solve(&opts).unwrap();
        // independent: unique by backtracking, clues from the grid, none removable
        p.verify(&s.solution).unwrap();
        assert!(s.solution.len() >= 17);
        let puzzle = Sudoku::parse(&line, "royle").unwrap().remove(0).1;
        assert_eq!(
            count_backtracking(puzzle.shape(), puzzle.givens(), 2),
            (1, Some(s.solution.grid.clone()))
        );
        // and the checker notices a removable clue
        let mut worse = s.solution.clone();
        let extra = worse.clues.cells().iter().position(|&v| v == 0).unwrap();
        worse.clues.cells_mut()[extra] = worse.grid.cells()[extra];
        assert!(p.verify(&worse).is_err());
    }
}

/// Proving 17 takes minutes on two loaded cores (see the report); run with `--ignored`.
#[test]
#[ignore = "slow: proves that a grid of a 17-clue puzzle needs 17 clues (minutes)"]
fn a_royle_grid_needs_exactly_17_clues() {
    for line in royle_lines(1) {
        let p = MinimumClues::parse(&line, "royle").unwrap().remove(0).1;
        let s = p.solve(&SolveOptions::default()).unwrap();
        p.verify(&s.solution).unwrap();
        assert_eq!(s.solution.len(), 17);
        assert!(s.solution.proven_minimum);
    }
}
