//! Hitting-set operations for antichains: the minimal union of two antichains, all hitting
//! sets of a family, and the minimal members of an up-closed family (planners for the
//! explicit-stack engine in `apply`).
//!
//! Why: puzzle-instance design (a loop puzzle's hint set must hit every way another loop
//! disagrees) needs the up-closed family of *all* hitting sets and its minimal members, from
//! families of thousands of sets. Through the general operations this costs a `nonsup` per
//! node (Knuth's minimal-hitting-set recursion) and an up-closure with unions; these direct
//! recursions keep every residual family a canonical antichain, so the cache hits far more.

use crate::apply::{c, r, v, Fin, Plan};
use crate::cache::Op;
use crate::node::{BudgetExceeded, NodeId, Var};
use crate::store::Zdd;

type R = Result<NodeId, BudgetExceeded>;
const ZERO: NodeId = NodeId::ZERO;
const ONE: NodeId = NodeId::ONE;

impl Zdd {
    /// `minimal(f ∪ g)` for antichains `f` and `g` (families with no member inside another,
    /// such as the results of [`Zdd::minimal`]). The result is unspecified for other inputs.
    ///
    /// Recursion: with `v` the smaller top variable, the members without `v` are
    /// `min_union(f0, g0)`, the members with it `nonsup(min_union(f1, g1), min_union(f0, g0))`
    /// (a side without `v` contributes no `f1`/`g1`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn min_union(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::MinUnion, f, g)
    }

    pub(crate) fn plan_min_union(&mut self, f: NodeId, g: NodeId) -> Plan {
        if f == ZERO || f == g {
            return Plan::Done(g);
        }
        if g == ZERO {
            return Plan::Done(f);
        }
        if f == ONE || g == ONE {
            return Plan::Done(ONE); // ∅ is below every set
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(x) = self.cache.get(Op::MinUnion, f, g) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let (mu, ns) = (Op::MinUnion, Op::NonSup);
        if vf == vg {
            let calls = [c(mu, v(f0), v(g0)), c(mu, v(f1), v(g1)), c(ns, r(1), r(0))];
            Plan::run(mu, f, g, &calls, Fin::Node(vf, r(0), r(2)))
        } else {
            // Only the top side has members with its variable; they must contain no member of
            // the other side (the top side is an antichain already).
            let (var, x0, x1, y) = if vf < vg {
                (vf, f0, f1, g)
            } else {
                (vg, g0, g1, f)
            };
            let calls = [c(mu, v(x0), v(y)), c(ns, v(x1), v(y))];
            Plan::run(mu, f, g, &calls, Fin::Node(var, r(0), r(1)))
        }
    }

    /// Every hitting set of `f` within the universe: the sets `t ⊆ {0..num_vars}` with
    /// `t ∩ a ≠ ∅` for every `a ∈ f` (an up-closed family; all sets for the empty family, none
    /// if `∅ ∈ f`). Its minimal members, [`Zdd::up_minimal`] of it, are
    /// [`Zdd::minimal_hitting_sets`] of `f`.
    ///
    /// Recursion over the variables `k..num_vars`, on the minimal members of `f` (hitting
    /// sets only depend on them): a variable above `f`'s top is free; at `f`'s top variable
    /// `k`, sets without `k` must hit `min_union(f0, f1)` and sets with `k` must hit `f0`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn hitting_sets(&mut self, f: NodeId) -> R {
        self.begin_op();
        let m = self.apply(Op::Minimal, f, ZERO)?;
        self.apply(Op::HitAll, m, NodeId(0))
    }

    /// Planner for the hitting sets of the antichain `f` over the variables `k..num_vars`
    /// (`k ≤ var(f)`).
    pub(crate) fn plan_hit_all(&mut self, f: NodeId, k: Var) -> Plan {
        if f == ONE {
            return Plan::Done(ZERO); // nothing hits ∅
        }
        if k >= self.num_vars {
            return Plan::Done(if f == ZERO { ONE } else { ZERO });
        }
        let key = NodeId(k);
        if let Some(x) = self.cache.get(Op::HitAll, f, key) {
            return Plan::Done(x);
        }
        let h = Op::HitAll;
        let next = v(NodeId(k + 1));
        if self.var(f) > k {
            // Also the empty family (the 0-terminal's variable is above every k).
            Plan::run(h, f, key, &[c(h, v(f), next)], Fin::Node(k, r(0), r(0)))
        } else {
            let (_, f0, f1) = self.split(f);
            let calls = [
                c(Op::MinUnion, v(f0), v(f1)),
                c(h, r(0), next),
                c(h, v(f0), next),
            ];
            Plan::run(h, f, key, &calls, Fin::Node(k, r(1), r(2)))
        }
    }

    /// The minimal members of an up-closed family `f` (every superset of a member within the
    /// universe is a member, as for [`Zdd::hitting_sets`] and [`Zdd::up_closure`] results).
    /// The result is unspecified for other families; use [`Zdd::minimal`] there.
    ///
    /// Recursion: `f0 ⊆ f1` and `f0` is up-closed, so the minimal members with `v` are the
    /// minimal members of `f1` that are not in `f0`: `node(v, min(f0), min(f1) \ f0)`, a
    /// difference instead of [`Zdd::minimal`]'s non-superset test.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn up_minimal(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.apply(Op::UpMin, f, ZERO)
    }

    pub(crate) fn plan_up_minimal(&mut self, f: NodeId) -> Plan {
        if f.is_terminal() {
            return Plan::Done(f);
        }
        if let Some(x) = self.cache.get(Op::UpMin, f, ZERO) {
            return Plan::Done(x);
        }
        let (var, f0, f1) = self.split(f);
        let m = Op::UpMin;
        let calls = [
            c(m, v(f0), v(ZERO)),
            c(m, v(f1), v(ZERO)),
            c(Op::Diff, r(1), v(f0)),
        ];
        Plan::run(m, f, ZERO, &calls, Fin::Node(var, r(0), r(2)))
    }
}
