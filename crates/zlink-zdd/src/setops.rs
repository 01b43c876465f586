//! Boolean set operations on families and the per-variable operations onset/offset/change
//! (planners for the explicit-stack engine in `apply`).

use crate::apply::{c, r, v, Fin, Plan};
use crate::cache::Op;
use crate::node::{BudgetExceeded, NodeId, Var};
use crate::store::Zdd;

type R = Result<NodeId, BudgetExceeded>;
const ZERO: NodeId = NodeId::ZERO;
const ONE: NodeId = NodeId::ONE;

impl Zdd {
    /// Union `f ∪ g`: the sets that are members of `f` or of `g`.
    ///
    /// # Errors
    /// [`BudgetExceeded`] (as for every allocating operation).
    pub fn union(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Union, f, g)
    }

    pub(crate) fn plan_union(&mut self, f: NodeId, g: NodeId) -> Plan {
        if f == ZERO || f == g {
            return Plan::Done(g);
        }
        if g == ZERO {
            return Plan::Done(f);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(x) = self.cache.get(Op::Union, f, g) {
            return Plan::Done(x);
        }
        self.plan_merge(Op::Union, f, g)
    }

    /// The program of a *merging* operation `op` on two non-terminal arguments (a set in only
    /// one of them keeps its place; sets in both meet in `op` below): the node of the smaller
    /// top variable over `op` of the cofactors. Union, symmetric difference and the tally sum
    /// share it; their planners handle the terminal cases and the cache.
    pub(crate) fn plan_merge(&self, op: Op, f: NodeId, g: NodeId) -> Plan {
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        if vf < vg {
            Plan::run(op, f, g, &[c(op, v(f0), v(g))], Fin::Node(vf, r(0), v(f1)))
        } else if vg < vf {
            Plan::run(op, f, g, &[c(op, v(f), v(g0))], Fin::Node(vg, r(0), v(g1)))
        } else {
            let calls = [c(op, v(f0), v(g0)), c(op, v(f1), v(g1))];
            Plan::run(op, f, g, &calls, Fin::Node(vf, r(0), r(1)))
        }
    }

    /// Intersection `f ∩ g`: the sets that are members of both.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn intersection(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Inter, f, g)
    }

    pub(crate) fn plan_inter(&mut self, mut f: NodeId, mut g: NodeId) -> Plan {
        loop {
            if f == ZERO || g == ZERO {
                return Plan::Done(ZERO);
            }
            if f == g {
                return Plan::Done(f);
            }
            let (vf, vg) = (self.var(f), self.var(g));
            if vf < vg {
                f = self.lo(f);
            } else if vg < vf {
                g = self.lo(g);
            } else {
                break;
            }
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(x) = self.cache.get(Op::Inter, f, g) {
            return Plan::Done(x);
        }
        let (var, f0, f1) = self.split(f);
        let (_, g0, g1) = self.split(g);
        let i = Op::Inter;
        Plan::run(
            i,
            f,
            g,
            &[c(i, v(f0), v(g0)), c(i, v(f1), v(g1))],
            Fin::Node(var, r(0), r(1)),
        )
    }

    /// Difference `f \ g`: the members of `f` that are not members of `g`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn difference(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Diff, f, g)
    }

    pub(crate) fn plan_diff(&mut self, f: NodeId, mut g: NodeId) -> Plan {
        loop {
            if f == ZERO || f == g {
                return Plan::Done(ZERO);
            }
            if g == ZERO {
                return Plan::Done(f);
            }
            if self.var(g) < self.var(f) {
                g = self.lo(g);
            } else {
                break;
            }
        }
        if let Some(x) = self.cache.get(Op::Diff, f, g) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let d = Op::Diff;
        if vf < vg {
            Plan::run(d, f, g, &[c(d, v(f0), v(g))], Fin::Node(vf, r(0), v(f1)))
        } else {
            let calls = [c(d, v(f0), v(g0)), c(d, v(f1), v(g1))];
            Plan::run(d, f, g, &calls, Fin::Node(vf, r(0), r(1)))
        }
    }

    /// Symmetric difference `f △ g = (f \ g) ∪ (g \ f)`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn symmetric_difference(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::SymDiff, f, g)
    }

    pub(crate) fn plan_symdiff(&mut self, f: NodeId, g: NodeId) -> Plan {
        if f == g {
            return Plan::Done(ZERO);
        }
        if f == ZERO {
            return Plan::Done(g);
        }
        if g == ZERO {
            return Plan::Done(f);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(x) = self.cache.get(Op::SymDiff, f, g) {
            return Plan::Done(x);
        }
        self.plan_merge(Op::SymDiff, f, g)
    }

    /// Onset `{ S \ {v} : S ∈ f, v ∈ S }`: the members containing `v`, with `v` removed
    /// (Minato's `subset1`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn onset(&mut self, f: NodeId, v: Var) -> R {
        self.begin_op();
        self.apply(Op::Onset, f, NodeId(v))
    }

    /// Offset `{ S ∈ f : v ∉ S }`: the members not containing `v` (Minato's `subset0`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn offset(&mut self, f: NodeId, v: Var) -> R {
        self.begin_op();
        self.apply(Op::Offset, f, NodeId(v))
    }

    /// Change `{ S △ {v} : S ∈ f }`: toggles `v` in every member. Grows `num_vars` past `v`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn change(&mut self, f: NodeId, v: Var) -> R {
        self.begin_op();
        self.apply(Op::Change, f, NodeId(v))
    }

    /// Planner for onset/offset/change on variable `x`.
    pub(crate) fn plan_var_op(
        &mut self,
        op: Op,
        f: NodeId,
        x: Var,
    ) -> Result<Plan, BudgetExceeded> {
        let (vf, f0, f1) = self.split(f);
        if vf > x {
            return Ok(Plan::Done(match op {
                Op::Onset => ZERO,
                Op::Change if f != ZERO => self.node(x, ZERO, f)?,
                _ => f,
            }));
        }
        if vf == x {
            return Ok(Plan::Done(match op {
                Op::Onset => f1,
                Op::Offset => f0,
                _ => self.node(x, f1, f0)?,
            }));
        }
        let key = NodeId(x);
        if let Some(res) = self.cache.get(op, f, key) {
            return Ok(Plan::Done(res));
        }
        let calls = [c(op, v(f0), v(key)), c(op, v(f1), v(key))];
        Ok(Plan::run(op, f, key, &calls, Fin::Node(vf, r(0), r(1))))
    }

    /// Join `{ a ∪ b : a ∈ f, b ∈ g }`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn join(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Join, f, g)
    }

    pub(crate) fn plan_join(&mut self, f: NodeId, g: NodeId) -> Plan {
        if f == ZERO || g == ZERO {
            return Plan::Done(ZERO);
        }
        if f == ONE {
            return Plan::Done(g);
        }
        if g == ONE {
            return Plan::Done(f);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(x) = self.cache.get(Op::Join, f, g) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let (j, u) = (Op::Join, Op::Union);
        if vf != vg {
            let (var, x0, x1, y) = if vf < vg {
                (vf, f0, f1, g)
            } else {
                (vg, g0, g1, f)
            };
            let calls = [c(j, v(x0), v(y)), c(j, v(x1), v(y))];
            Plan::run(j, f, g, &calls, Fin::Node(var, r(0), r(1)))
        } else {
            // lo = f0 ⋈ g0; hi = (f1 ⋈ g1) ∪ (f1 ⋈ g0) ∪ (f0 ⋈ g1).
            let calls = [
                c(j, v(f0), v(g0)),
                c(j, v(f1), v(g1)),
                c(j, v(f1), v(g0)),
                c(j, v(f0), v(g1)),
                c(u, r(1), r(2)),
                c(u, r(4), r(3)),
            ];
            Plan::run(j, f, g, &calls, Fin::Node(vf, r(0), r(5)))
        }
    }

    /// Meet `{ a ∩ b : a ∈ f, b ∈ g }`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn meet(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Meet, f, g)
    }

    pub(crate) fn plan_meet(&mut self, f: NodeId, g: NodeId) -> Plan {
        if f == ZERO || g == ZERO {
            return Plan::Done(ZERO);
        }
        if f == ONE || g == ONE {
            return Plan::Done(ONE);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(x) = self.cache.get(Op::Meet, f, g) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let (m, u) = (Op::Meet, Op::Union);
        if vf != vg {
            // The smaller variable is in no member of the other family: it never survives.
            let (x0, x1, y) = if vf < vg { (f0, f1, g) } else { (g0, g1, f) };
            let calls = [c(m, v(x0), v(y)), c(m, v(x1), v(y)), c(u, r(0), r(1))];
            Plan::run(m, f, g, &calls, Fin::Ret(r(2)))
        } else {
            // lo = (f0 ⊓ g0) ∪ (f0 ⊓ g1) ∪ (f1 ⊓ g0); hi = f1 ⊓ g1.
            let calls = [
                c(m, v(f0), v(g0)),
                c(m, v(f0), v(g1)),
                c(m, v(f1), v(g0)),
                c(u, r(0), r(1)),
                c(u, r(3), r(2)),
                c(m, v(f1), v(g1)),
            ];
            Plan::run(m, f, g, &calls, Fin::Node(vf, r(4), r(5)))
        }
    }
}
