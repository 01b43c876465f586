//! The uniqueness check of the row generation, by the exact engine: does a clue set make the
//! grid the unique solution, and if not, which (inclusion-minimal) unavoidable sets does it
//! miss? One check is one propagation search of microseconds, so the master can afford
//! millions of them.

use zlink_puzzle::Grid;

use crate::sudoku::exact::Exact;
use crate::sudoku::Shape;

/// Uniqueness checks and set minimisation for one full grid.
#[derive(Debug, Clone)]
pub struct Checker {
    shape: Shape,
    exact: Exact,
    grid: Vec<u8>,
    /// Cells always given (outside the region a sub-problem works on).
    fixed: Vec<bool>,
    checks: u64,
}

impl Checker {
    /// A checker for the full grid `grid` of `shape`.
    pub fn new(shape: Shape, grid: &Grid<u8>) -> Self {
        Self {
            shape,
            exact: Exact::new(shape),
            grid: grid.cells().to_vec(),
            fixed: vec![false; grid.len()],
            checks: 0,
        }
    }

    /// A checker for the sub-problem on `region`: every cell outside it is always given, so
    /// every set it finds lies inside `region`.
    pub fn within(&self, region: &[bool]) -> Self {
        Self {
            fixed: region.iter().map(|&r| !r).collect(),
            checks: 0,
            ..self.clone()
        }
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.grid.len()
    }

    /// Engine searches so far.
    pub fn checks(&self) -> u64 {
        self.checks
    }

    /// The grid's values on the cells where `keep(i)`, 0 elsewhere.
    fn puzzle(&self, keep: impl Fn(usize) -> bool) -> Vec<u8> {
        (0..self.grid.len())
            .map(|i| {
                if keep(i) || self.fixed[i] {
                    self.grid[i]
                } else {
                    0
                }
            })
            .collect()
    }

    /// Whether the clues (cells with `clues[i]`) make the grid the unique solution.
    pub fn is_unique(&mut self, clues: &[bool]) -> bool {
        self.checks += 1;
        self.exact.count(&self.puzzle(|i| clues[i]), 2) == 1
    }

    /// The cells where `other` differs from the grid.
    pub fn difference(&self, other: &[u8]) -> Vec<usize> {
        (0..self.grid.len())
            .filter(|&i| other[i] != self.grid[i])
            .collect()
    }

    /// Whether `set` is unavoidable: the grid with `set` blanked has another completion.
    pub fn is_unavoidable(&mut self, set: &[usize]) -> bool {
        let mut blank = vec![false; self.grid.len()];
        set.iter().for_each(|&i| blank[i] = true);
        self.checks += 1;
        self.exact.count(&self.puzzle(|i| !blank[i]), 2) == 2
    }

    /// Up to `limit` differences between the grid and its other completions that agree with
    /// the grid on `clues` (each an unavoidable set the clues miss); empty when the clues make
    /// the grid unique.
    pub fn missed_sets(&mut self, clues: &[bool], limit: u64) -> Vec<Vec<usize>> {
        let puzzle = self.puzzle(|i| clues[i]);
        let mut out = Vec::new();
        self.checks += 1;
        let grid = &self.grid;
        let _ = self.exact.enumerate(&puzzle, limit + 1, None, &mut |g| {
            if g != grid.as_slice() {
                out.push((0..g.len()).filter(|&i| g[i] != grid[i]).collect());
            }
        });
        out.truncate(limit as usize);
        out
    }

    /// An inclusion-minimal unavoidable set inside the unavoidable set `set` (the difference
    /// of some other completion): a cell stays only if no other completion changes a subset of
    /// the set without it; otherwise the set shrinks to that completion's difference (the
    /// deletion filter of [`zlink_puzzle::unavoidable::shrink`], one cell at a time).
    pub fn minimise(&mut self, set: &[usize]) -> Vec<usize> {
        let found = zlink_puzzle::unavoidable::shrink(set.to_vec(), usize::MAX, |free| {
            Ok::<_, std::convert::Infallible>(self.other_within(free))
        });
        match found {
            Ok(m) => m,
            Err(never) => match never {},
        }
    }

    /// The difference of another completion that agrees with the grid outside `free`.
    fn other_within(&mut self, free: &[usize]) -> Option<Vec<usize>> {
        let mut is_free = vec![false; self.grid.len()];
        free.iter().for_each(|&i| is_free[i] = true);
        let puzzle = self.puzzle(|i| !is_free[i]);
        let mut other = None;
        self.checks += 1;
        let grid = &self.grid;
        let _ = self.exact.enumerate(&puzzle, 2, None, &mut |g| {
            if other.is_none() && g != grid.as_slice() {
                other = Some(g.to_vec());
            }
        });
        other.map(|g| self.difference(&g))
    }
}
