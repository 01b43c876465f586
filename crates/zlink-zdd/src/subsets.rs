//! Operations that compare members of one family with members of another by inclusion:
//! restrict, permit, nonsup, nonsub (planners for the explicit-stack engine in `apply`).

use crate::apply::{c, r, v, Fin, Plan};
use crate::cache::Op;
use crate::node::{BudgetExceeded, NodeId};
use crate::store::Zdd;

type R = Result<NodeId, BudgetExceeded>;
const ZERO: NodeId = NodeId::ZERO;
const ONE: NodeId = NodeId::ONE;

impl Zdd {
    /// Restrict `{ a ∈ f : ∃ b ∈ g, b ⊆ a }`: the members of `f` that contain some member of `g`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn restrict(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Restrict, f, g)
    }

    pub(crate) fn plan_restrict(&mut self, f: NodeId, mut g: NodeId) -> Plan {
        loop {
            if f == ZERO || g == ZERO {
                return Plan::Done(ZERO);
            }
            if g == ONE || f == g {
                return Plan::Done(f);
            }
            // A member of g containing var(g) cannot fit in a member of f lacking it.
            if self.var(g) < self.var(f) {
                g = self.lo(g);
            } else {
                break;
            }
        }
        if let Some(x) = self.cache.get(Op::Restrict, f, g) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let (rs, u) = (Op::Restrict, Op::Union);
        if vf < vg {
            let calls = [c(rs, v(f0), v(g)), c(rs, v(f1), v(g))];
            Plan::run(rs, f, g, &calls, Fin::Node(vf, r(0), r(1)))
        } else {
            // hi: a ∪ {v} contains b or b ∪ {v} iff a contains b.
            let calls = [c(rs, v(f0), v(g0)), c(u, v(g0), v(g1)), c(rs, v(f1), r(1))];
            Plan::run(rs, f, g, &calls, Fin::Node(vf, r(0), r(2)))
        }
    }

    /// Permit `{ a ∈ f : ∃ b ∈ g, a ⊆ b }`: the members of `f` contained in some member of `g`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn permit(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Permit, f, g)
    }

    pub(crate) fn plan_permit(&mut self, mut f: NodeId, g: NodeId) -> Plan {
        loop {
            if f == ZERO || g == ZERO {
                return Plan::Done(ZERO);
            }
            if f == ONE || f == g {
                return Plan::Done(f);
            }
            // Members of f containing var(f) fit in no member of g (which never contains it).
            if self.var(f) < self.var(g) {
                f = self.lo(f);
            } else {
                break;
            }
        }
        if let Some(x) = self.cache.get(Op::Permit, f, g) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let (p, u) = (Op::Permit, Op::Union);
        if vg < vf {
            let calls = [c(u, v(g0), v(g1)), c(p, v(f), r(0))];
            Plan::run(p, f, g, &calls, Fin::Ret(r(1)))
        } else {
            let calls = [c(u, v(g0), v(g1)), c(p, v(f0), r(0)), c(p, v(f1), v(g1))];
            Plan::run(p, f, g, &calls, Fin::Node(vf, r(1), r(2)))
        }
    }

    /// Non-supersets `{ a ∈ f : ∄ b ∈ g, b ⊆ a }`: the members of `f` containing no member of
    /// `g` (`f \ restrict(f, g)`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn nonsup(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::NonSup, f, g)
    }

    pub(crate) fn plan_nonsup(&mut self, f: NodeId, mut g: NodeId) -> Plan {
        loop {
            if g == ZERO {
                return Plan::Done(f);
            }
            if f == ZERO || g == ONE || f == g {
                return Plan::Done(ZERO);
            }
            if self.var(g) < self.var(f) {
                g = self.lo(g);
            } else {
                break;
            }
        }
        if let Some(x) = self.cache.get(Op::NonSup, f, g) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let (ns, u) = (Op::NonSup, Op::Union);
        if vf < vg {
            let calls = [c(ns, v(f0), v(g)), c(ns, v(f1), v(g))];
            Plan::run(ns, f, g, &calls, Fin::Node(vf, r(0), r(1)))
        } else {
            let calls = [c(ns, v(f0), v(g0)), c(u, v(g0), v(g1)), c(ns, v(f1), r(1))];
            Plan::run(ns, f, g, &calls, Fin::Node(vf, r(0), r(2)))
        }
    }

    /// Non-subsets `{ a ∈ f : ∄ b ∈ g, a ⊆ b }`: the members of `f` contained in no member of
    /// `g` (`f \ permit(f, g)`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn nonsub(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.apply(Op::NonSub, f, g)
    }

    pub(crate) fn plan_nonsub(&mut self, f: NodeId, g: NodeId) -> Plan {
        if g == ZERO {
            return Plan::Done(f);
        }
        if f == ZERO || f == ONE || f == g {
            return Plan::Done(ZERO);
        }
        if let Some(x) = self.cache.get(Op::NonSub, f, g) {
            return Plan::Done(x);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let (nb, u) = (Op::NonSub, Op::Union);
        if vf < vg {
            Plan::run(nb, f, g, &[c(nb, v(f0), v(g))], Fin::Node(vf, r(0), v(f1)))
        } else if vg < vf {
            let calls = [c(u, v(g0), v(g1)), c(nb, v(f), r(0))];
            Plan::run(nb, f, g, &calls, Fin::Ret(r(1)))
        } else {
            let calls = [c(u, v(g0), v(g1)), c(nb, v(f0), r(0)), c(nb, v(f1), v(g1))];
            Plan::run(nb, f, g, &calls, Fin::Node(vf, r(1), r(2)))
        }
    }
}
