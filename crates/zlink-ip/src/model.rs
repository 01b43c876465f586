//! The model: columns, rows, objective and parameters, kept on our side and mirrored into one
//! live HiGHS instance that is reused across solves (`model/highs_backend.rs`).
//!
//! Rows and columns added after a solve are appended to the live instance
//! (`highs::Model::from(solved)` then `add_row`), and bound or cost changes are applied in
//! place, so cut loops and no-good enumeration re-solve without rebuilding the model. Without
//! the `highs` feature (`model/absent.rs`) a model is still built and sized, and solving it is
//! [`IpError::NoSolver`].

use std::time::Instant;

use zlink_base::Limits;

use crate::expr::{Constraint, LinExpr, Var, VarKind};
use crate::IpError;

#[cfg(not(feature = "highs"))]
mod absent;
#[cfg(feature = "highs")]
mod highs_backend;
#[cfg(not(feature = "highs"))]
use absent::Live;
#[cfg(feature = "highs")]
use highs_backend::Live;
/// Optimisation direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sense {
    /// Minimise the objective (the default; a pure feasibility model has objective 0).
    #[default]
    Minimise,
    /// Maximise the objective.
    Maximise,
}

/// Solver parameters, applied before every solve. What a solve may use (the deadline,
/// threads, the memory budget) is the model's [`Model::limits`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Params {
    /// Relative MIP gap at which to stop (HiGHS default 1e-4).
    pub mip_gap: Option<f64>,
    /// Absolute MIP gap at which to stop (HiGHS default 1e-6). With an integer objective,
    /// any value below 1 still proves optimality and saves the last stretch of the search.
    pub mip_abs_gap: Option<f64>,
    /// Random seed (HiGHS default 0).
    pub seed: Option<i32>,
    /// Further HiGHS options by name (`presolve`, `mip_heuristic_effort`, `output_flag`, …),
    /// applied last, after the fields above. HiGHS rejects unknown names and wrong types with
    /// an [`IpError::Solver`] at the next solve. The live instance keeps an option's value
    /// after it is removed from the list; set it back explicitly instead.
    pub highs_options: Vec<(String, OptionValue)>,
}

/// Bytes the solver's working set takes per nonzero and per row or column (presolved copy,
/// LP factorisation, search data), a deliberately generous floor: the branch-and-bound tree
/// comes on top and is bounded by the time limit, not here.
const SOLVER_BYTES_PER_NONZERO: u64 = 512;
const SOLVER_BYTES_PER_LINE: u64 = 1024;

/// A floor on the bytes HiGHS needs for a model of `vars` columns, `rows` rows and `nonzeros`
/// nonzeros (512 per nonzero, 1 KiB per row or column): what the memory budget of
/// [`Model::limits`] is compared with, usable before the model is built.
pub fn solver_memory(vars: usize, rows: usize, nonzeros: usize) -> u64 {
    (nonzeros as u64)
        .saturating_mul(SOLVER_BYTES_PER_NONZERO)
        .saturating_add(((vars + rows) as u64).saturating_mul(SOLVER_BYTES_PER_LINE))
}

/// Whether a model of `vars` columns, `rows` rows and `nonzeros` nonzeros fits the memory
/// budget of `limits` ([`solver_memory`]): usable before the model is built, so a caller
/// whose model could be large checks a bound of its size before allocating it.
///
/// # Errors
/// [`IpError::Stopped`] naming the model's size, the estimate and the budget.
pub fn check_memory_of(
    limits: &Limits,
    vars: usize,
    rows: usize,
    nonzeros: usize,
) -> Result<(), IpError> {
    let need = solver_memory(vars, rows, nonzeros);
    limits
        .check_memory(
            need,
            &format!("the integer program ({vars} variables, {rows} rows, {nonzeros} nonzeros)"),
        )
        .map_err(IpError::from)
}

/// The value of a named HiGHS option in [`Params::highs_options`].
#[derive(Debug, Clone, PartialEq)]
pub enum OptionValue {
    /// A boolean option (`mip_detect_symmetry`, `output_flag`).
    Bool(bool),
    /// An integer option (`threads`, `mip_max_nodes`).
    Int(i32),
    /// A floating-point option (`mip_heuristic_effort`).
    Float(f64),
    /// A string option (`presolve`: `"on"`, `"off"`, `"choose"`).
    Str(String),
}

/// Statistics of one solve.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SolveStats {
    /// Wall-clock seconds, including syncing the model into HiGHS.
    pub seconds: f64,
    /// Branch-and-bound nodes (0 for pure LPs).
    pub nodes: u64,
    /// Simplex iterations.
    pub iterations: u64,
    /// Final relative MIP gap (0 when optimal; +∞ for LPs or without an incumbent).
    pub gap: f64,
    /// Rows in the model when solved.
    pub rows: usize,
    /// Columns in the model when solved.
    pub cols: usize,
}

/// An optimal (or, inside [`IpError::Stopped`], best known) solution.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    values: Vec<f64>,
    /// Objective value (including the objective's constant).
    pub objective: f64,
    /// What the solve cost.
    pub stats: SolveStats,
}

impl Solution {
    pub(crate) fn with_values(values: Vec<f64>, objective: f64, stats: SolveStats) -> Self {
        Self {
            values,
            objective,
            stats,
        }
    }
    /// The value of `var`.
    pub fn value(&self, var: Var) -> f64 {
        self.values[var.0]
    }
    /// Whether the binary `var` is 1 (value above one half).
    pub fn is_one(&self, var: Var) -> bool {
        self.values[var.0] > 0.5
    }
    /// The value of an integer `var`, rounded.
    pub fn int(&self, var: Var) -> i64 {
        self.values[var.0].round() as i64
    }
    /// All column values, indexed by [`Var::index`].
    pub fn values(&self) -> &[f64] {
        &self.values
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Column {
    lower: f64,
    upper: f64,
    cost: f64,
    integer: bool,
}

/// A mixed-integer linear program.
///
/// ```
/// use zlink_ip::{sum, Model, Sense, VarKind};
/// let mut m = Model::new();
/// let x: Vec<_> = (0..3).map(|_| m.add_var(VarKind::Binary)).collect();
/// m.add(sum(x.clone()).le(2.0));
/// m.set_objective(sum(x.clone()), Sense::Maximise);
/// let s = m.solve().unwrap();
/// assert_eq!(s.objective.round(), 2.0);
/// ```
pub struct Model {
    cols: Vec<Column>,
    rows: Vec<Constraint>,
    sense: Sense,
    offset: f64,
    /// Parameters applied at every solve.
    pub params: Params,
    /// What every solve may use: each solve stops by [`Limits::deadline`] (a cut loop or an
    /// enumeration shares it: one deadline for the whole), runs [`Limits::threads`] HiGHS
    /// threads (HiGHS fixes its pool at the first solve of the process), and is refused
    /// before HiGHS allocates when the model's estimated working set
    /// ([`Model::solver_memory`]) exceeds [`Limits::max_memory`] (checked at every solve, so
    /// a cut loop whose rows grow is covered too).
    pub limits: Limits,
    live: Option<Live>,
    last_stats: Option<SolveStats>,
    solves: u64,
}

impl Default for Model {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("cols", &self.cols.len())
            .field("rows", &self.rows.len())
            .field("sense", &self.sense)
            .field("params", &self.params)
            .field("limits", &self.limits)
            .finish()
    }
}

impl Model {
    /// An empty minimisation model.
    pub fn new() -> Self {
        Self {
            cols: Vec::new(),
            rows: Vec::new(),
            sense: Sense::Minimise,
            offset: 0.0,
            params: Params::default(),
            limits: Limits::default(),
            live: None,
            last_stats: None,
            solves: 0,
        }
    }

    /// How many times [`Model::solve`] ran.
    pub fn solve_count(&self) -> u64 {
        self.solves
    }

    /// Statistics of the most recent solve, whether it succeeded or not.
    pub fn last_stats(&self) -> Option<&SolveStats> {
        self.last_stats.as_ref()
    }

    /// A variable of `kind`: binaries in [0, 1], integers and continuous in [0, +∞).
    pub fn add_var(&mut self, kind: VarKind) -> Var {
        match kind {
            VarKind::Binary => self.add_var_bounded(kind, 0.0, 1.0),
            _ => self.add_var_bounded(kind, 0.0, f64::INFINITY),
        }
    }

    /// A variable of `kind` in `[lower, upper]` (infinite bounds allowed).
    pub fn add_var_bounded(&mut self, kind: VarKind, lower: f64, upper: f64) -> Var {
        let integer = kind != VarKind::Continuous;
        self.cols.push(Column {
            lower,
            upper,
            cost: 0.0,
            integer,
        });
        Var(self.cols.len() - 1)
    }

    /// Add a constraint; it takes part in the next solve.
    pub fn add(&mut self, c: Constraint) {
        self.rows.push(c);
    }

    /// Set the objective `expr` and its direction (replacing the previous one).
    pub fn set_objective(&mut self, expr: impl Into<LinExpr>, sense: Sense) {
        let expr = expr.into();
        self.cols.iter_mut().for_each(|c| c.cost = 0.0);
        for (v, c) in expr.merged_terms() {
            self.cols[v.0].cost = c;
        }
        self.offset = expr.constant;
        self.sense = sense;
        self.live = None; // costs and sense are rebuilt with the model
    }

    /// Change the bounds of `var` (applied in place to the live HiGHS instance).
    pub fn set_bounds(&mut self, var: Var, lower: f64, upper: f64) {
        let col = &mut self.cols[var.0];
        col.lower = lower;
        col.upper = upper;
        if let Some(live) = &mut self.live {
            live.set_bounds(var.0, lower, upper);
        }
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.cols.len()
    }

    /// Number of constraints.
    pub fn num_rows(&self) -> usize {
        self.rows.len()
    }

    /// Number of nonzero coefficients over all rows.
    pub fn num_nonzeros(&self) -> usize {
        self.rows.iter().map(|r| r.terms.len()).sum()
    }

    /// A floor on the bytes HiGHS needs to solve this model (512 per nonzero, 1 KiB per row or
    /// column), what the memory budget of [`Model::limits`] is compared with.
    pub fn solver_memory(&self) -> u64 {
        solver_memory(self.cols.len(), self.rows.len(), self.num_nonzeros())
    }

    /// Whether the model fits the memory budget of [`Model::limits`].
    ///
    /// # Errors
    /// [`IpError::Stopped`] naming the model's size, the estimate and the budget.
    pub fn check_memory(&self) -> Result<(), IpError> {
        check_memory_of(
            &self.limits,
            self.cols.len(),
            self.rows.len(),
            self.num_nonzeros(),
        )
    }

    /// The constraints, in the order added.
    pub fn rows(&self) -> &[Constraint] {
        &self.rows
    }

    /// The objective of `values` (one per column) if they respect every bound, integrality
    /// and row within `tol`; `None` otherwise.
    pub fn feasible_objective(&self, values: &[f64], tol: f64) -> Option<f64> {
        if values.len() != self.cols.len() {
            return None;
        }
        let cols_ok = self.cols.iter().zip(values).all(|(c, &x)| {
            c.lower - tol <= x && x <= c.upper + tol && (!c.integer || (x - x.round()).abs() <= tol)
        });
        (cols_ok && self.rows.iter().all(|r| r.satisfied_by(values, tol))).then(|| {
            self.offset
                + self
                    .cols
                    .iter()
                    .zip(values)
                    .map(|(c, &x)| c.cost * x)
                    .sum::<f64>()
        })
    }

    /// Whether objective value `a` is at least as good as `b` (within `tol`) for this
    /// model's direction.
    pub fn no_worse(&self, a: f64, b: f64, tol: f64) -> bool {
        match self.sense {
            Sense::Minimise => a <= b + tol,
            Sense::Maximise => a >= b - tol,
        }
    }

    /// Solve to optimality.
    ///
    /// # Errors
    /// [`IpError::Infeasible`], [`IpError::Unbounded`], [`IpError::Stopped`] (with the
    /// incumbent if one was found) or [`IpError::Solver`].
    pub fn solve(&mut self) -> Result<Solution, IpError> {
        self.check_memory()?;
        let start = Instant::now();
        self.solves += 1;
        if self.cols.is_empty() {
            let ok = self.rows.iter().all(|r| r.lower <= 0.0 && 0.0 <= r.upper);
            let stats = SolveStats {
                rows: self.rows.len(),
                ..SolveStats::default()
            };
            self.last_stats = Some(stats.clone());
            return if ok {
                Ok(Solution {
                    values: Vec::new(),
                    objective: self.offset,
                    stats,
                })
            } else {
                Err(IpError::Infeasible)
            };
        }
        self.solve_live(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sum;
    use zlink_base::Stopped;

    #[test]
    fn a_solve_over_the_memory_budget_is_refused_and_growing_rows_count() {
        let mut m = Model::new();
        let x: Vec<_> = (0..4).map(|_| m.add_var(VarKind::Binary)).collect();
        m.add(sum(x.clone()).le(2.0));
        m.set_objective(sum(x.clone()), Sense::Maximise);
        // 4 nonzeros and 5 lines: 4 * 512 + 5 * 1024 bytes
        assert_eq!(m.solver_memory(), 4 * 512 + 5 * 1024);
        m.limits = Limits::default().with_memory(m.solver_memory());
        assert!(m.solve().is_ok());
        // one more row (a cut) goes over the same budget
        m.add(sum(x[..2].to_vec()).le(1.0));
        match m.solve() {
            Err(IpError::Stopped {
                stopped:
                    Stopped::Budget {
                        used, limit, what, ..
                    },
                ..
            }) => {
                assert!(used > limit);
                assert!(what.is_some_and(|w| w.contains("2 rows")));
            }
            other => panic!("expected a memory error, got {other:?}"),
        }
        m.limits = Limits::default();
        assert_eq!(m.solve().unwrap().objective.round(), 2.0);
    }

    #[test]
    fn knapsack_matches_brute_force_and_reports_stats() {
        let w = [12.0, 7.0, 11.0, 8.0, 9.0, 6.0, 5.0, 14.0];
        let p = [24.0, 13.0, 23.0, 15.0, 16.0, 11.0, 9.0, 27.0];
        let cap = 33.0;
        let mut m = Model::new();
        let x: Vec<_> = (0..w.len()).map(|_| m.add_var(VarKind::Binary)).collect();
        m.add(
            x.iter()
                .zip(w)
                .map(|(&v, a)| a * v)
                .sum::<LinExpr>()
                .le(cap),
        );
        m.set_objective(
            x.iter().zip(p).map(|(&v, a)| a * v).sum::<LinExpr>(),
            Sense::Maximise,
        );
        let s = m.solve().unwrap();
        let best = (0u32..1 << w.len())
            .filter(|s| {
                (0..w.len())
                    .filter(|i| s >> i & 1 == 1)
                    .map(|i| w[i])
                    .sum::<f64>()
                    <= cap
            })
            .map(|s| {
                (0..w.len())
                    .filter(|i| s >> i & 1 == 1)
                    .map(|i| p[i])
                    .sum::<f64>()
            })
            .fold(0.0, f64::max);
        assert_eq!(s.objective.round(), best);
        assert!(s.stats.gap.abs() < 1e-6);
        assert_eq!((s.stats.rows, s.stats.cols), (1, 8));
        let chosen: f64 = x
            .iter()
            .zip(w)
            .filter(|(v, _)| s.is_one(**v))
            .map(|(_, a)| a)
            .sum();
        assert!(chosen <= cap);
    }

    #[test]
    fn infeasible_unbounded_and_resolve_after_adding_rows() {
        let mut m = Model::new();
        let x = m.add_var_bounded(VarKind::Integer, 0.0, 10.0);
        let y = m.add_var(VarKind::Continuous);
        m.set_objective(x + y, Sense::Maximise);
        m.add((x + y).le(7.5));
        assert_eq!(m.solve().unwrap().objective, 7.5);
        m.add((1.0 * y).le(0.25));
        let s = m.solve().unwrap();
        assert_eq!((s.int(x), s.value(y)), (7, 0.25));
        m.set_bounds(x, 0.0, 3.0);
        assert_eq!(m.solve().unwrap().int(x), 3);
        m.add((1.0 * x).ge(4.0));
        assert!(matches!(m.solve(), Err(IpError::Infeasible)));

        let mut u = Model::new();
        let z = u.add_var(VarKind::Integer);
        u.set_objective(z, Sense::Maximise);
        assert!(matches!(u.solve(), Err(IpError::Unbounded)));
        let mut e = Model::new();
        assert!(e.solve().is_ok());
        e.add(LinExpr::from(1.0).le(0.0));
        assert!(matches!(e.solve(), Err(IpError::Infeasible)));
        let _ = sum([z]);
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;
    use crate::LinExpr;

    #[test]
    fn zero_time_limit_is_a_typed_error_and_nodes_are_counted() {
        // a knapsack with many equal-ratio items needs branching
        let mut m = Model::new();
        let x: Vec<_> = (0..30).map(|_| m.add_var(VarKind::Binary)).collect();
        let w: Vec<f64> = (0..30).map(|i| f64::from(2 * i + 11)).collect();
        m.add(
            x.iter()
                .zip(&w)
                .map(|(&v, &a)| a * v)
                .sum::<LinExpr>()
                .le(201.5),
        );
        m.set_objective(
            x.iter().zip(&w).map(|(&v, &a)| a * v).sum::<LinExpr>(),
            Sense::Maximise,
        );
        // a deadline that has passed: HiGHS is given no time and stops at once
        m.limits = Limits::default().until(Some(Instant::now()));
        match m.solve() {
            Err(IpError::Stopped { stopped, .. }) => assert!(stopped.is_time()),
            other => panic!("expected the time limit, got {other:?}"),
        }
        m.limits = Limits::default();
        let s = m.solve().unwrap();
        assert!(s.objective <= 201.5);
        assert!(s.stats.nodes >= 1, "nodes {}", s.stats.nodes);
        assert_eq!(m.solve_count(), 2);
    }
}
