//! A seeded maker of circuit boards that have a solution (the report's instances are its
//! own, unpublished): grow a random tree whose degrees are all 1 or 3 on the grid, black out
//! every cell it does not reach, and give a random share of its wires.
//!
//! Growth: start from one random wire (two leaves); then, again and again, pick a random leaf
//! with at least two free neighbouring cells and join two of them to it at random (the leaf
//! becomes a point of degree 3, the two new points are leaves), until no leaf can grow. Every
//! step keeps a tree with degrees 1 and 3, so the grown tree solves the board. The best of a
//! few growths (most points) is kept, so boards are dense like the report's (its 10×10 boards
//! have 94–98 points). Boards are not made unique: `zlink count` tells how many solutions one
//! has.
//!
//! [`BoardMaker`] is the maker as a [`Generator<Circuit>`]:
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_engines::circuit::generate::{BoardMaker, Board};
//! use zlink_puzzle::{Generator, Puzzle};
//! let made = BoardMaker.generate(&Board::new(8, 8), 1, &Limits::default()).unwrap();
//! assert!(made.puzzle.verify(&made.solution).is_ok());
//! ```

use std::time::Instant;

use zlink_base::{Limits, SplitMix64};
use zlink_puzzle::{Generated, Generator, SolveError, SolveStats};

use super::{Circuit, Wires};

/// Bytes a board kept until it is printed takes as its drawing (two text rows of two
/// characters per cell), for checking a batch of boards against a memory budget before the
/// first is made; a caller that holds `copies` of each (a JSON value and its printed text
/// beside the drawing) multiplies. Measured on 1,000 boards of 64x64: 16 MB of text (15.6 KB
/// each), 47 MB at the peak of a JSON run holding three copies.
pub fn board_bytes(rows: usize, cols: usize, copies: u64) -> u64 {
    (4 * (rows as u64 + 1) * (cols as u64 + 1) + 512).saturating_mul(copies)
}

/// Largest side of a board the maker draws.
pub const MAX_SIDE: usize = 64;

/// Growths tried per board; the densest is kept.
const TRIES: usize = 8;

/// What to make.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recipe {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The seed: equal recipes make equal boards.
    pub seed: u64,
    /// Percentage (0–100) of the tree's wires that are given.
    pub given_percent: u32,
    /// Whether to mark two random points as the endpoints `s` and `t` (for CM3).
    pub ends: bool,
}

/// What [`BoardMaker`] makes: a [`Recipe`] without its seed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Board {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Percentage (0–100) of the tree's wires that are given.
    pub given_percent: u32,
    /// Whether to mark two random points as the endpoints `s` and `t` (for CM3).
    pub ends: bool,
}

impl Board {
    /// A `rows × cols` board with 30 % of its wires given, no ends.
    pub fn new(rows: usize, cols: usize) -> Board {
        Board {
            rows,
            cols,
            given_percent: 30,
            ends: false,
        }
    }

    /// The recipe of this board with `seed`.
    pub fn recipe(&self, seed: u64) -> Recipe {
        Recipe {
            rows: self.rows,
            cols: self.cols,
            seed,
            given_percent: self.given_percent,
            ends: self.ends,
        }
    }
}

/// [`make`] as a [`Generator<Circuit>`]: the solution is the grown tree; a size or
/// percentage out of range is a [`SolveError::BadSetting`].
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardMaker;

impl Generator<Circuit> for BoardMaker {
    type Request = Board;
    type Details = ();

    fn name(&self) -> &'static str {
        "grown-tree"
    }

    fn generate(
        &self,
        board: &Board,
        seed: u64,
        limits: &Limits,
    ) -> Result<Generated<Circuit>, SolveError> {
        let started = Instant::now();
        limits.check_time()?;
        let made = make(&board.recipe(seed)).map_err(SolveError::BadSetting)?;
        let stats = SolveStats {
            counters: vec![("points", made.board.points() as u64)],
            ..SolveStats::timed(started.elapsed().as_secs_f64())
        };
        Ok(Generated::new(made.board, made.tree, stats))
    }
}

/// A board and the tree it was made from (one of its solutions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    /// The board.
    pub board: Circuit,
    /// The grown tree.
    pub tree: Wires,
}

/// Makes the board of `recipe`.
///
/// # Errors
/// A message for a size outside 1..=[`MAX_SIDE`] per side or with fewer than two cells, or a
/// percentage above 100.
pub fn make(recipe: &Recipe) -> Result<Made, String> {
    let (rows, cols) = (recipe.rows, recipe.cols);
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) || rows * cols < 2 {
        let found = format!("{rows}x{cols}");
        return Err(if (rows, cols) == (1, 1) {
            "the grid 1x1 has one cell: a board needs at least 2".to_string()
        } else {
            zlink_puzzle::input_size::side_limit(&found, MAX_SIDE)
        });
    }
    if recipe.given_percent > 100 {
        return Err(format!(
            "{}% of the wires cannot be given",
            recipe.given_percent
        ));
    }
    let mut rng = SplitMix64::new(recipe.seed);
    let mut best: Option<Grown> = None;
    for _ in 0..TRIES {
        let grown = grow(rows, cols, &mut rng);
        if best.as_ref().is_none_or(|b| grown.1.len() > b.1.len()) {
            best = Some(grown);
        }
    }
    let (open, edges) = best.unwrap_or_default();
    let given = edges
        .iter()
        .copied()
        .filter(|_| rng.below_u64(100) < u64::from(recipe.given_percent))
        .collect();
    let ends = recipe.ends.then(|| {
        let points: Vec<usize> = (0..open.len()).filter(|&i| open[i]).collect();
        let s = points[rng.below_u64(points.len() as u64) as usize];
        let mut t = s;
        while t == s {
            t = points[rng.below_u64(points.len() as u64) as usize];
        }
        (s, t)
    });
    let board = Circuit::new(rows, cols, open, given, ends)?;
    Ok(Made {
        board,
        tree: Wires::new(edges),
    })
}

/// A grown tree: the cells it covers and its wires.
type Grown = (Vec<bool>, Vec<(usize, usize)>);

/// One growth.
fn grow(rows: usize, cols: usize, rng: &mut SplitMix64) -> Grown {
    let cells = rows * cols;
    let neighbours = |i: usize| {
        let (r, c) = (i / cols, i % cols);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(i - cols);
        }
        if r + 1 < rows {
            out.push(i + cols);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < cols {
            out.push(i + 1);
        }
        out
    };
    let mut used = vec![false; cells];
    let a = rng.below_u64(cells as u64) as usize;
    let na = neighbours(a);
    let b = na[rng.below_u64(na.len() as u64) as usize];
    used[a] = true;
    used[b] = true;
    let mut edges = vec![(a, b)];
    let mut leaves = vec![a, b];
    loop {
        let free = |v: usize, used: &[bool]| -> Vec<usize> {
            neighbours(v).into_iter().filter(|&u| !used[u]).collect()
        };
        leaves.retain(|&v| free(v, &used).len() >= 2);
        if leaves.is_empty() {
            break;
        }
        let k = rng.below_u64(leaves.len() as u64) as usize;
        let v = leaves.swap_remove(k);
        let mut f = free(v, &used);
        for _ in 0..2 {
            let u = f.swap_remove(rng.below_u64(f.len() as u64) as usize);
            used[u] = true;
            edges.push((v, u));
            leaves.push(u);
        }
    }
    (used, edges)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_puzzle::Puzzle;

    #[test]
    fn boards_are_solved_by_their_tree_and_seeded() {
        for side in 3..=12 {
            for seed in 0..5 {
                let r = Recipe {
                    rows: side,
                    cols: side,
                    seed,
                    given_percent: 30,
                    ends: seed % 2 == 0,
                };
                let m = make(&r).unwrap();
                assert_eq!(m.board.verify(&m.tree), Ok(()), "{side} {seed}");
                assert_eq!(m.board.contradiction(), None);
                assert_eq!(make(&r).unwrap(), m);
            }
        }
        let dense = make(&Recipe {
            rows: 10,
            cols: 10,
            seed: 1,
            given_percent: 0,
            ends: false,
        })
        .unwrap();
        assert!(dense.board.points() >= 60, "{}", dense.board.points());
        assert!(make(&Recipe {
            rows: 1,
            cols: 1,
            seed: 0,
            given_percent: 0,
            ends: false
        })
        .is_err());
    }
}
