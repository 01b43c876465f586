//! Variables, linear expressions and constraints.
//!
//! `LinExpr` supports `+`, `-`, `f64 * Var`, `Var * f64` and sums, so models read like their
//! formulas: `model.add(sum(xs).eq(1.0))`, `model.add((2.0 * x + y).le(3.0))`.

use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// A model variable (a column), numbered in creation order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(pub(crate) usize);

impl Var {
    /// The 0-based column index.
    pub fn index(self) -> usize {
        self.0
    }
}

/// The domain of a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarKind {
    /// 0 or 1.
    Binary,
    /// Integers within the bounds.
    Integer,
    /// Reals within the bounds.
    Continuous,
}

/// `Σ coef·var + constant`. Repeated variables are allowed; HiGHS sees them merged.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinExpr {
    /// The terms `(var, coefficient)`.
    pub terms: Vec<(Var, f64)>,
    /// The constant part.
    pub constant: f64,
}

impl LinExpr {
    /// The zero expression.
    pub fn new() -> Self {
        Self::default()
    }
    /// Add `coef · var`.
    pub fn add_term(&mut self, var: Var, coef: f64) {
        self.terms.push((var, coef));
    }
    /// `self ≤ rhs`.
    pub fn le(self, rhs: f64) -> Constraint {
        Constraint::new(self, f64::NEG_INFINITY, rhs)
    }
    /// `self ≥ rhs`.
    pub fn ge(self, rhs: f64) -> Constraint {
        Constraint::new(self, rhs, f64::INFINITY)
    }
    /// `self = rhs`.
    pub fn eq(self, rhs: f64) -> Constraint {
        Constraint::new(self, rhs, rhs)
    }
    /// `lo ≤ self ≤ hi`.
    pub fn between(self, lo: f64, hi: f64) -> Constraint {
        Constraint::new(self, lo, hi)
    }
    /// The value of the expression under column values `x`.
    pub fn eval(&self, x: &[f64]) -> f64 {
        self.constant + self.terms.iter().map(|&(v, c)| c * x[v.0]).sum::<f64>()
    }
    /// Terms with equal variables merged and zero coefficients dropped, sorted by variable.
    pub fn merged_terms(&self) -> Vec<(Var, f64)> {
        let mut t = self.terms.clone();
        t.sort_by_key(|&(v, _)| v);
        let mut out: Vec<(Var, f64)> = Vec::with_capacity(t.len());
        for (v, c) in t {
            match out.last_mut() {
                Some((w, d)) if *w == v => *d += c,
                _ => out.push((v, c)),
            }
        }
        out.retain(|&(_, c)| c != 0.0);
        out
    }
}

/// `Σ vars` with unit coefficients.
pub fn sum<I: IntoIterator<Item = Var>>(vars: I) -> LinExpr {
    LinExpr {
        terms: vars.into_iter().map(|v| (v, 1.0)).collect(),
        constant: 0.0,
    }
}

/// `lower ≤ expr ≤ upper` (constants of the expression are moved into the bounds).
#[derive(Debug, Clone, PartialEq)]
pub struct Constraint {
    /// Merged terms.
    pub terms: Vec<(Var, f64)>,
    /// Lower bound (may be −∞).
    pub lower: f64,
    /// Upper bound (may be +∞).
    pub upper: f64,
}

impl Constraint {
    /// `lo ≤ expr ≤ hi`.
    pub fn new(expr: LinExpr, lo: f64, hi: f64) -> Self {
        let k = expr.constant;
        Self {
            terms: expr.merged_terms(),
            lower: lo - k,
            upper: hi - k,
        }
    }
    /// Whether values `x` satisfy the constraint within `tol`.
    pub fn satisfied_by(&self, x: &[f64], tol: f64) -> bool {
        let a: f64 = self.terms.iter().map(|&(v, c)| c * x[v.0]).sum();
        a >= self.lower - tol && a <= self.upper + tol
    }
}

impl From<Var> for LinExpr {
    fn from(v: Var) -> Self {
        LinExpr {
            terms: vec![(v, 1.0)],
            constant: 0.0,
        }
    }
}

impl From<f64> for LinExpr {
    fn from(c: f64) -> Self {
        LinExpr {
            terms: Vec::new(),
            constant: c,
        }
    }
}

impl<T: Into<LinExpr>> Add<T> for LinExpr {
    type Output = LinExpr;
    fn add(mut self, rhs: T) -> LinExpr {
        self += rhs;
        self
    }
}

impl<T: Into<LinExpr>> AddAssign<T> for LinExpr {
    fn add_assign(&mut self, rhs: T) {
        let r = rhs.into();
        self.terms.extend(r.terms);
        self.constant += r.constant;
    }
}

impl<T: Into<LinExpr>> Sub<T> for LinExpr {
    type Output = LinExpr;
    fn sub(self, rhs: T) -> LinExpr {
        self + (-rhs.into())
    }
}

impl Neg for LinExpr {
    type Output = LinExpr;
    fn neg(mut self) -> LinExpr {
        self.terms.iter_mut().for_each(|t| t.1 = -t.1);
        self.constant = -self.constant;
        self
    }
}

impl<T: Into<LinExpr>> Add<T> for Var {
    type Output = LinExpr;
    fn add(self, rhs: T) -> LinExpr {
        LinExpr::from(self) + rhs
    }
}

impl<T: Into<LinExpr>> Sub<T> for Var {
    type Output = LinExpr;
    fn sub(self, rhs: T) -> LinExpr {
        LinExpr::from(self) - rhs
    }
}

impl Mul<Var> for f64 {
    type Output = LinExpr;
    fn mul(self, v: Var) -> LinExpr {
        LinExpr {
            terms: vec![(v, self)],
            constant: 0.0,
        }
    }
}

impl Mul<f64> for Var {
    type Output = LinExpr;
    fn mul(self, c: f64) -> LinExpr {
        c * self
    }
}

impl Mul<LinExpr> for f64 {
    type Output = LinExpr;
    fn mul(self, mut e: LinExpr) -> LinExpr {
        e.terms.iter_mut().for_each(|t| t.1 *= self);
        e.constant *= self;
        e
    }
}

impl std::iter::Sum<LinExpr> for LinExpr {
    fn sum<I: Iterator<Item = LinExpr>>(iter: I) -> LinExpr {
        iter.fold(LinExpr::new(), |a, b| a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_merge_and_move_constants() {
        let (x, y) = (Var(0), Var(1));
        let e = 2.0 * x + y - x + 3.0 - y * 1.0 + 1.0;
        assert_eq!(e.merged_terms(), vec![(x, 1.0)]);
        let c = e.le(10.0);
        assert_eq!((c.lower, c.upper), (f64::NEG_INFINITY, 6.0));
        assert!(c.satisfied_by(&[6.0, 9.0], 1e-9));
        assert!(!c.satisfied_by(&[6.5, 0.0], 1e-9));
        let s: LinExpr = [x, y].into_iter().map(LinExpr::from).sum();
        assert_eq!(s.eval(&[2.0, 5.0]), 7.0);
        assert_eq!((-(2.0 * sum([x, y]))).eval(&[1.0, 1.0]), -4.0);
    }
}
