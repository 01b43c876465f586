//! The set-partitioning model of Sudoku: a binary `x[r][c][v]` per cell and value, with
//! `Σ_v x[r][c][v] = 1` per cell and Σ x = 1 per (row, value), (column, value), (box, value);
//! givens are fixed by bounds.
//!
//! With `prune`, candidates that contradict a given in the same unit are left out (the
//! classic preprocessing; the model stays set partitioning). Without it the model has all n³
//! variables, so bounds can fix and release clues between solves (minimum-clue search).
//!
//! [`SudokuIp`] is this model as Sudoku's `ip` engine (`--engine ip`, through
//! [`crate::ip::IpEngine`]): solve by HiGHS, count by no-good cuts.

use std::time::Instant;

use zlink_ip::{sum, Distinct, Model, NoGood, NoSeparator, Solution, Var, VarKind};
use zlink_puzzle::{Counted, Grid, SolveError, SolveOptions, Solved};

use super::shape::Shape;
use super::Sudoku;
use crate::ip::Formulation;
use crate::mip;

/// A Sudoku model and the map from (cell, value) to its variable.
#[derive(Debug)]
pub struct SudokuModel {
    /// The HiGHS model.
    pub model: Model,
    shape: Shape,
    var: Vec<Option<Var>>,
    all: Vec<Var>,
}

impl SudokuModel {
    /// The model of a Sudoku of `shape` with `givens` (0 = blank) fixed.
    pub fn new(shape: Shape, givens: &Grid<u8>, prune: bool) -> Self {
        let n = shape.n;
        let mut model = Model::new();
        let mut var = vec![None; n * n * n];
        let mut all = Vec::new();
        let mut used_row = vec![0u64; n];
        let mut used_col = vec![0u64; n];
        let mut used_box = vec![0u64; n];
        if prune {
            for (c, &g) in givens.iter() {
                if g > 0 {
                    used_row[c.row] |= 1 << g;
                    used_col[c.col] |= 1 << g;
                    used_box[shape.box_of(c.row, c.col)] |= 1 << g;
                }
            }
        }
        for (cell, &g) in givens.iter() {
            let (r, c) = (cell.row, cell.col);
            let taken = used_row[r] | used_col[c] | used_box[shape.box_of(r, c)];
            for v in 1..=n as u8 {
                let allowed = if g > 0 {
                    !prune || v == g
                } else {
                    taken >> v & 1 == 0
                };
                if allowed {
                    let x = if g == v {
                        model.add_var_bounded(VarKind::Binary, 1.0, 1.0)
                    } else {
                        model.add_var(VarKind::Binary)
                    };
                    var[(r * n + c) * n + usize::from(v) - 1] = Some(x);
                    all.push(x);
                }
            }
        }
        let mut ip = Self {
            model,
            shape,
            var,
            all,
        };
        for r in 0..n {
            for c in 0..n {
                let xs: Vec<Var> = (1..=n as u8).filter_map(|v| ip.var(r, c, v)).collect();
                ip.model.add(sum(xs).eq(1.0));
            }
        }
        for (_, _, cells) in shape.units() {
            for v in 1..=n as u8 {
                let xs: Vec<Var> = cells
                    .iter()
                    .filter_map(|p| ip.var(p.row, p.col, v))
                    .collect();
                ip.model.add(sum(xs).eq(1.0));
            }
        }
        ip
    }

    /// The variable of value `v` (1-based) in cell `(r, c)`, if it exists.
    pub fn var(&self, r: usize, c: usize, v: u8) -> Option<Var> {
        self.var[(r * self.shape.n + c) * self.shape.n + usize::from(v) - 1]
    }

    /// Every variable (the set that tells solutions apart).
    pub fn vars(&self) -> &[Var] {
        &self.all
    }

    /// Fix `(r, c)` to `v` (`on`) or release the fix (`!on`); the variable must exist.
    pub fn fix(&mut self, r: usize, c: usize, v: u8, on: bool) {
        if let Some(x) = self.var(r, c, v) {
            self.model.set_bounds(x, if on { 1.0 } else { 0.0 }, 1.0);
        }
    }

    /// Add the no-good cut excluding the full grid `g`: `Σ x[r][c][g(r,c)] ≤ n² − 1`.
    pub fn exclude(&mut self, g: &Grid<u8>) {
        let ones: Vec<Var> = g
            .iter()
            .filter_map(|(p, &v)| self.var(p.row, p.col, v))
            .collect();
        let k = ones.len() as f64;
        self.model.add(sum(ones).le(k - 1.0));
    }

    /// The filled grid of a solution.
    pub fn grid(&self, s: &Solution) -> Grid<u8> {
        let n = self.shape.n;
        let mut g = Grid::new(n, n, 0u8);
        for (i, cell) in g.cells_mut().iter_mut().enumerate() {
            let (r, c) = (i / n, i % n);
            *cell = (1..=n as u8)
                .find(|&v| self.var(r, c, v).is_some_and(|x| s.is_one(x)))
                .unwrap_or(0);
        }
        g
    }
}

/// Sudoku by the set-partitioning IP: the formulation of `--engine ip`.
#[derive(Debug, Clone, Copy, Default)]
pub struct SudokuIp;

impl Formulation<Sudoku> for SudokuIp {
    type Settings = ();

    fn summary(&self) -> &'static str {
        "set-partitioning integer program over HiGHS; counts by no-good cuts"
    }

    fn solve(
        &self,
        p: &Sudoku,
        _: &(),
        opts: &SolveOptions,
    ) -> Result<Solved<Grid<u8>>, SolveError> {
        let start = Instant::now();
        let mut ip = SudokuModel::new(p.shape(), p.givens(), true);
        let (s, stats) = mip::solve_by_cuts(&mut ip.model, &mut NoSeparator, opts, start, "cuts")?;
        Ok(Solved::new(ip.grid(&s), stats))
    }

    fn count(&self, p: &Sudoku, _: &(), opts: &SolveOptions) -> Result<Counted, SolveError> {
        let start = Instant::now();
        let mut ip = SudokuModel::new(p.shape(), p.givens(), true);
        let vars = ip.vars().to_vec();
        let distinct = Distinct {
            vars: &vars,
            form: NoGood::OnesOnly,
        };
        mip::count_by_enumeration(
            &mut ip.model,
            distinct,
            &mut NoSeparator,
            opts,
            start,
            "cuts",
        )
    }
}
