//! Solution counting and uniqueness by no-good cuts: after each solution, add a row that
//! excludes exactly that assignment of the listed binaries, and solve again until the model
//! is infeasible or the limit is reached. HiGHS has no solution pool, so this is the way.
//!
//! Composable with a [`Separator`]: each solution first runs through the cut loop, so only
//! solutions of the full problem are counted.

use crate::cut_loop::{solve_with_cuts, RoundLog, Separator};
use crate::{Constraint, IpError, LinExpr, Model, Solution, Var};

/// The form of the no-good cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoGood {
    /// `Σ_{x=1} (1 − x) + Σ_{x=0} x ≥ 1`: excludes exactly this 0/1 assignment.
    Full,
    /// `Σ_{x=1} x ≤ |ones| − 1`. Shorter and equivalent when every solution sets the same
    /// number of the listed binaries to 1 (set partitioning, e.g. one value per Sudoku cell).
    OnesOnly,
}

/// The cut excluding the assignment of `vars` in `solution`.
pub fn no_good_cut(vars: &[Var], solution: &Solution, form: NoGood) -> Constraint {
    let ones: Vec<Var> = vars
        .iter()
        .copied()
        .filter(|&v| solution.is_one(v))
        .collect();
    let k = ones.len() as f64;
    match form {
        NoGood::OnesOnly => crate::sum(ones).le(k - 1.0),
        NoGood::Full => {
            let mut e = LinExpr::new();
            for &v in vars {
                e.add_term(v, if solution.is_one(v) { -1.0 } else { 1.0 });
            }
            e.ge(1.0 - k)
        }
    }
}

/// Which binaries tell solutions apart, and the cut form that excludes a found one.
#[derive(Debug, Clone, Copy)]
pub struct Distinct<'a> {
    /// The binaries; two solutions are distinct when they differ on one of them.
    pub vars: &'a [Var],
    /// The form of the cut.
    pub form: NoGood,
}

/// The result of an enumeration.
#[derive(Debug, Clone, PartialEq)]
pub struct Enumeration {
    /// Solutions found (exact when `limit_reached` is false).
    pub count: u64,
    /// Stopped at the limit: there may be more.
    pub limit_reached: bool,
}

/// Enumerate solutions distinct on `vars` (binaries), at most `limit`, calling `visit` on each.
/// The model keeps the no-good rows afterwards. `limit = 0` returns at once.
///
/// The model's [`Model::limits`] bound the whole enumeration (one deadline).
///
/// # Errors
/// A solver failure or the deadline (the solutions found so far were already visited).
pub fn enumerate(
    model: &mut Model,
    distinct: Distinct<'_>,
    limit: u64,
    separator: &mut dyn Separator,
    log: &mut RoundLog,
    visit: &mut dyn FnMut(&Solution),
) -> Result<Enumeration, IpError> {
    let mut count = 0;
    while count < limit {
        match solve_with_cuts(model, separator, log) {
            Ok(s) => {
                count += 1;
                visit(&s);
                model.add(no_good_cut(distinct.vars, &s, distinct.form));
            }
            Err(IpError::Infeasible) => {
                return Ok(Enumeration {
                    count,
                    limit_reached: false,
                })
            }
            Err(e) => return Err(e),
        }
    }
    Ok(Enumeration {
        count,
        limit_reached: true,
    })
}

/// Count solutions up to `limit` without a separator (see [`enumerate`]).
///
/// # Errors
/// As [`enumerate`].
pub fn count(
    model: &mut Model,
    distinct: Distinct<'_>,
    limit: u64,
    log: &mut RoundLog,
) -> Result<Enumeration, IpError> {
    enumerate(
        model,
        distinct,
        limit,
        &mut crate::NoSeparator,
        log,
        &mut |_| {},
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{sum, VarKind};
    use proptest::prelude::*;

    /// Binary vectors of length n with Σ w_i x_i in [lo, hi], brute force.
    fn brute(w: &[i32], lo: i32, hi: i32) -> u64 {
        (0u32..1 << w.len())
            .filter(|s| {
                let t: i32 = (0..w.len()).filter(|i| s >> i & 1 == 1).map(|i| w[i]).sum();
                lo <= t && t <= hi
            })
            .count() as u64
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]
        #[test]
        fn counts_match_brute_force(w in prop::collection::vec(-3i32..=4, 1..7), lo in -3i32..4, span in 0i32..4) {
            let mut m = Model::new();
            let x: Vec<_> = w.iter().map(|_| m.add_var(VarKind::Binary)).collect();
            let e: LinExpr = x.iter().zip(&w).map(|(&v, &a)| f64::from(a) * v).sum();
            m.add(e.between(f64::from(lo), f64::from(lo + span)));
            let mut log = RoundLog::new();
            let mut seen = std::collections::HashSet::new();
            let mut dup = false;
            let r = enumerate(&mut m, Distinct { vars: &x, form: NoGood::Full }, 1000, &mut crate::NoSeparator, &mut log, &mut |s| {
                dup |= !seen.insert(x.iter().map(|&v| s.is_one(v)).collect::<Vec<_>>());
            }).unwrap();
            prop_assert!(!dup, "a solution was found twice");
            prop_assert_eq!(r.count, brute(&w, lo, lo + span));
            prop_assert!(!r.limit_reached);
            prop_assert_eq!(log.rounds.len() as u64, r.count + 1);
        }
    }

    #[test]
    fn limit_ones_only_and_separator_compose() {
        // choose 2 of 5: C(5,2) = 10 solutions
        let mut m = Model::new();
        let x: Vec<_> = (0..5).map(|_| m.add_var(VarKind::Binary)).collect();
        m.add(sum(x.clone()).eq(2.0));
        let mut log = RoundLog::new();
        let r = count(
            &mut m,
            Distinct {
                vars: &x,
                form: NoGood::OnesOnly,
            },
            4,
            &mut log,
        )
        .unwrap();
        assert_eq!(
            r,
            Enumeration {
                count: 4,
                limit_reached: true
            }
        );
        let r = count(
            &mut m,
            Distinct {
                vars: &x,
                form: NoGood::OnesOnly,
            },
            100,
            &mut log,
        )
        .unwrap();
        assert_eq!(
            r,
            Enumeration {
                count: 6,
                limit_reached: false
            }
        );

        // a lazy rule "not both x0 and x1" given only through a separator: 10 − 1 = 9
        let mut m = Model::new();
        let x: Vec<_> = (0..5).map(|_| m.add_var(VarKind::Binary)).collect();
        m.add(sum(x.clone()).eq(2.0));
        let (a, b) = (x[0], x[1]);
        let mut sep = move |s: &Solution| {
            if s.is_one(a) && s.is_one(b) {
                vec![(a + b).le(1.0)]
            } else {
                Vec::new()
            }
        };
        let mut n = 0;
        let r = enumerate(
            &mut m,
            Distinct {
                vars: &x,
                form: NoGood::Full,
            },
            100,
            &mut sep,
            &mut RoundLog::new(),
            &mut |s| {
                assert!(!(s.is_one(a) && s.is_one(b)));
                n += 1;
            },
        )
        .unwrap();
        assert_eq!((r.count, n), (9, 9));
    }
}
