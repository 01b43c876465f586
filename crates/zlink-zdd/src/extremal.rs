//! Operations on the inclusion order inside one family: minimal and maximal members, minimal
//! hitting sets, down- and up-closure (planners for the explicit-stack engine in `apply`).

use crate::apply::{c, r, v, Fin, Plan};
use crate::cache::Op;
use crate::node::{BudgetExceeded, NodeId, Var};
use crate::store::Zdd;

type R = Result<NodeId, BudgetExceeded>;
const ZERO: NodeId = NodeId::ZERO;
const ONE: NodeId = NodeId::ONE;

impl Zdd {
    /// Minimal members `{ a ∈ f : ∄ b ∈ f, b ⊊ a }`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn minimal(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Minimal, f, ZERO)
    }

    pub(crate) fn plan_minimal(&mut self, f: NodeId) -> Plan {
        if f.is_terminal() {
            return Plan::Done(f);
        }
        if let Some(x) = self.cache.get(Op::Minimal, f, ZERO) {
            return Plan::Done(x);
        }
        let (var, f0, f1) = self.split(f);
        let (m, ns) = (Op::Minimal, Op::NonSup);
        // hi: minimal members of f1 (plus var) containing no member of f0.
        let calls = [
            c(m, v(f0), v(ZERO)),
            c(m, v(f1), v(ZERO)),
            c(ns, r(1), r(0)),
        ];
        Plan::run(m, f, ZERO, &calls, Fin::Node(var, r(0), r(2)))
    }

    /// Maximal members `{ a ∈ f : ∄ b ∈ f, a ⊊ b }`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn maximal(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Maximal, f, ZERO)
    }

    pub(crate) fn plan_maximal(&mut self, f: NodeId) -> Plan {
        if f.is_terminal() {
            return Plan::Done(f);
        }
        if let Some(x) = self.cache.get(Op::Maximal, f, ZERO) {
            return Plan::Done(x);
        }
        let (var, f0, f1) = self.split(f);
        let (m, nb) = (Op::Maximal, Op::NonSub);
        // lo: maximal members of f0 contained in no member of f1.
        let calls = [
            c(m, v(f0), v(ZERO)),
            c(m, v(f1), v(ZERO)),
            c(nb, r(0), r(1)),
        ];
        Plan::run(m, f, ZERO, &calls, Fin::Node(var, r(2), r(1)))
    }

    /// Minimal hitting sets (minimal transversals) of `f`: the inclusion-minimal sets `t` with
    /// `t ∩ a ≠ ∅` for every `a ∈ f`. `{∅}` for the empty family, `∅` if `∅ ∈ f`.
    ///
    /// Recursion: `hit(f) = node(v, hit(f0 ∪ f1), nonsup(hit(f0), hit(f0 ∪ f1)))`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn minimal_hitting_sets(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.apply(Op::MinHit, f, ZERO)
    }

    pub(crate) fn plan_minhit(&mut self, f: NodeId) -> Plan {
        if f == ZERO {
            return Plan::Done(ONE);
        }
        if f == ONE {
            return Plan::Done(ZERO);
        }
        if let Some(x) = self.cache.get(Op::MinHit, f, ZERO) {
            return Plan::Done(x);
        }
        let (var, f0, f1) = self.split(f);
        let (h, u, ns) = (Op::MinHit, Op::Union, Op::NonSup);
        let calls = [
            c(u, v(f0), v(f1)),
            c(h, r(0), v(ZERO)),
            c(h, v(f0), v(ZERO)),
            c(ns, r(2), r(1)),
        ];
        Plan::run(h, f, ZERO, &calls, Fin::Node(var, r(1), r(3)))
    }

    /// Down-closure `{ a : ∃ b ∈ f, a ⊆ b }`: every subset of every member.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn down_closure(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Down, f, ZERO)
    }

    pub(crate) fn plan_down(&mut self, f: NodeId) -> Plan {
        if f.is_terminal() {
            return Plan::Done(f);
        }
        if let Some(x) = self.cache.get(Op::Down, f, ZERO) {
            return Plan::Done(x);
        }
        let (var, f0, f1) = self.split(f);
        let (d, u) = (Op::Down, Op::Union);
        let calls = [
            c(u, v(f0), v(f1)),
            c(d, r(0), v(ZERO)),
            c(d, v(f1), v(ZERO)),
        ];
        Plan::run(d, f, ZERO, &calls, Fin::Node(var, r(1), r(2)))
    }

    /// Up-closure within the universe `{ a ⊆ {0..num_vars} : ∃ b ∈ f, b ⊆ a }`: every superset
    /// of every member, using only variables below [`Zdd::num_vars`].
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn up_closure(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.apply(Op::Up, f, NodeId(0))
    }

    /// Planner for the up-closure of `f` over the variables `k..num_vars` (`k ≤ var(f)`).
    pub(crate) fn plan_up(&mut self, f: NodeId, k: Var) -> Plan {
        if f == ZERO || k >= self.num_vars {
            return Plan::Done(f);
        }
        let key = NodeId(k);
        if let Some(x) = self.cache.get(Op::Up, f, key) {
            return Plan::Done(x);
        }
        let (var, f0, f1) = self.split(f);
        let (up, u) = (Op::Up, Op::Union);
        let next = v(NodeId(k + 1));
        if var > k {
            Plan::run(up, f, key, &[c(up, v(f), next)], Fin::Node(k, r(0), r(0)))
        } else {
            let calls = [c(up, v(f0), next), c(u, v(f0), v(f1)), c(up, r(1), next)];
            Plan::run(up, f, key, &calls, Fin::Node(k, r(0), r(2)))
        }
    }
}
