//! The Zebra puzzle as the report's integer program (7.1): binaries `x[a][h][v]` = "house `h`
//! has value `v` of attribute `a`", no objective; each house one value per attribute (7.1a),
//! each value one house (7.1b). Clues become linear rows (the report writes "next to" with
//! products of binaries; since every value is in exactly one house, the linear forms below
//! are exact):
//!
//! - same house: `x[a][h] = x[b][h]` for every `h` (negated: `x[a][h] + x[b][h] ≤ 1`);
//! - house `p`: `x[a][p] = 1` (negated: `= 0`);
//! - next to: `x[a][h] ≤ x[b][h−1] + x[b][h+1]` (negated: `x[a][h] + x[b][h±1] ≤ 1`);
//! - immediately left of: `x[a][h] = x[b][h+1]`, `x[a][n−1] = 0`, `x[b][0] = 0` (negated:
//!   `x[a][h] + x[b][h+1] ≤ 1`);
//! - anywhere before: `Σ h·x[a][h] + 1 ≤ Σ h·x[b][h]` (negated: `Σ h·x[a][h] ≥ Σ h·x[b][h]`).
//!
//! Solved by HiGHS through the shared path (module `mip`); counted by no-good cuts on all
//! `x`, under the memory budget and the time limit.

use std::time::Instant;

use zlink_ip::{sum, Distinct, LinExpr, Model, NoGood, NoSeparator, Solution, Var, VarKind};
use zlink_puzzle::{Counted, SolveError, SolveOptions, Solved};

use super::{Item, Relation, Table, Zebra};
use crate::ip::Formulation;
use crate::mip;

/// The report's integer program: the formulation of the Zebra puzzle's `ip` engine.
#[derive(Debug, Clone, Copy, Default)]
pub struct ZebraIp;

/// The model and its variables `x[a][h][v]`.
struct Built {
    model: Model,
    x: Vec<Vec<Vec<Var>>>,
}

impl Built {
    fn table(&self, s: &Solution) -> Table {
        Table {
            houses: self
                .x
                .iter()
                .map(|rows| {
                    rows.iter()
                        .map(|vars| vars.iter().position(|&v| s.is_one(v)).unwrap_or(0))
                        .collect()
                })
                .collect(),
        }
    }

    fn all(&self) -> Vec<Var> {
        self.x.iter().flatten().flatten().copied().collect()
    }
}

fn build(z: &Zebra) -> Built {
    let n = z.houses();
    let mut m = Model::new();
    let x: Vec<Vec<Vec<Var>>> = z
        .attributes()
        .iter()
        .map(|_| {
            (0..n)
                .map(|_| (0..n).map(|_| m.add_var(VarKind::Binary)).collect())
                .collect()
        })
        .collect();
    for rows in &x {
        for row in rows {
            m.add(sum(row.iter().copied()).eq(1.0)); // 7.1a
        }
        for v in 0..n {
            m.add(sum(rows.iter().map(|r| r[v])).eq(1.0)); // 7.1b
        }
    }
    let at = |i: Item, h: usize| x[i.attr][h][i.value];
    let pair = |a: Var, b: Var, lo: f64, hi: f64| {
        let mut e = LinExpr::new();
        e.add_term(a, 1.0);
        e.add_term(b, -1.0);
        e.between(lo, hi)
    };
    let both_le_one = |a: Var, b: Var| (a + b).le(1.0);
    for c in z.clues() {
        let a = c.a;
        match (c.rel, c.negated) {
            (Relation::Same(b), false) => {
                (0..n).for_each(|h| m.add(pair(at(a, h), at(b, h), 0.0, 0.0)))
            }
            (Relation::Same(b), true) => {
                (0..n).for_each(|h| m.add(both_le_one(at(a, h), at(b, h))))
            }
            (Relation::At(p), neg) => m.add(sum([at(a, p)]).eq(if neg { 0.0 } else { 1.0 })),
            (Relation::Next(b), false) => {
                for h in 0..n {
                    let mut e = LinExpr::new();
                    e.add_term(at(a, h), 1.0);
                    for g in [h.wrapping_sub(1), h + 1].into_iter().filter(|&g| g < n) {
                        e.add_term(at(b, g), -1.0);
                    }
                    m.add(e.le(0.0));
                }
            }
            (Relation::Next(b), true) => {
                for h in 0..n.saturating_sub(1) {
                    m.add(both_le_one(at(a, h), at(b, h + 1)));
                    m.add(both_le_one(at(a, h + 1), at(b, h)));
                }
            }
            (Relation::LeftOf(b), false) => {
                for h in 0..n.saturating_sub(1) {
                    m.add(pair(at(a, h), at(b, h + 1), 0.0, 0.0));
                }
                m.add(sum([at(a, n - 1)]).eq(0.0));
                m.add(sum([at(b, 0)]).eq(0.0));
            }
            (Relation::LeftOf(b), true) => {
                for h in 0..n.saturating_sub(1) {
                    m.add(both_le_one(at(a, h), at(b, h + 1)));
                }
            }
            (Relation::Before(b), neg) => {
                let mut e = LinExpr::new();
                for h in 0..n {
                    e.add_term(at(a, h), h as f64);
                    e.add_term(at(b, h), -(h as f64));
                }
                m.add(if neg { e.ge(0.0) } else { e.le(-1.0) });
            }
        }
    }
    Built { model: m, x }
}

impl Formulation<Zebra> for ZebraIp {
    type Settings = ();

    fn summary(&self) -> &'static str {
        "the report's integer program (7.1) by HiGHS; counts by no-good cuts"
    }

    fn solve(&self, z: &Zebra, _: &(), opts: &SolveOptions) -> Result<Solved<Table>, SolveError> {
        let start = Instant::now();
        let mut built = build(z);
        let (s, stats) =
            mip::solve_by_cuts(&mut built.model, &mut NoSeparator, opts, start, "cuts")?;
        Ok(Solved::new(built.table(&s), stats))
    }

    fn count(&self, z: &Zebra, _: &(), opts: &SolveOptions) -> Result<Counted, SolveError> {
        let start = Instant::now();
        let mut built = build(z);
        let vars = built.all();
        let distinct = Distinct {
            vars: &vars,
            form: NoGood::OnesOnly,
        };
        mip::count_by_enumeration(
            &mut built.model,
            distinct,
            &mut NoSeparator,
            opts,
            start,
            "cuts",
        )
    }
}
