//! Operations on the inclusion order inside one family: minimal and maximal members, minimal
//! hitting sets, down- and up-closure. Recursion depth ≤ 2 × `num_vars` (see `setops`).

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
        self.minimal_rec(f)
    }

    fn minimal_rec(&mut self, f: NodeId) -> R {
        if f.is_terminal() {
            return Ok(f);
        }
        if let Some(r) = self.cache.get(Op::Minimal, f, ZERO) {
            return Ok(r);
        }
        let (v, f0, f1) = self.split(f);
        let lo = self.minimal_rec(f0)?;
        let m1 = self.minimal_rec(f1)?;
        let hi = self.nonsup_rec(m1, lo)?;
        let r = self.node(v, lo, hi)?;
        self.cache.put(Op::Minimal, f, ZERO, r);
        Ok(r)
    }

    /// Maximal members `{ a ∈ f : ∄ b ∈ f, a ⊊ b }`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn maximal(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.maximal_rec(f)
    }

    fn maximal_rec(&mut self, f: NodeId) -> R {
        if f.is_terminal() {
            return Ok(f);
        }
        if let Some(r) = self.cache.get(Op::Maximal, f, ZERO) {
            return Ok(r);
        }
        let (v, f0, f1) = self.split(f);
        let m0 = self.maximal_rec(f0)?;
        let hi = self.maximal_rec(f1)?;
        let lo = self.nonsub_rec(m0, hi)?;
        let r = self.node(v, lo, hi)?;
        self.cache.put(Op::Maximal, f, ZERO, r);
        Ok(r)
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
        self.minhit_rec(f)
    }

    fn minhit_rec(&mut self, f: NodeId) -> R {
        if f == ZERO {
            return Ok(ONE);
        }
        if f == ONE {
            return Ok(ZERO);
        }
        if let Some(r) = self.cache.get(Op::MinHit, f, ZERO) {
            return Ok(r);
        }
        let (v, f0, f1) = self.split(f);
        let all = self.union_rec(f0, f1)?;
        let lo = self.minhit_rec(all)?;
        let h0 = self.minhit_rec(f0)?;
        let hi = self.nonsup_rec(h0, lo)?;
        let r = self.node(v, lo, hi)?;
        self.cache.put(Op::MinHit, f, ZERO, r);
        Ok(r)
    }

    /// Down-closure `{ a : ∃ b ∈ f, a ⊆ b }`: every subset of every member.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn down_closure(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.down_rec(f)
    }

    fn down_rec(&mut self, f: NodeId) -> R {
        if f.is_terminal() {
            return Ok(f);
        }
        if let Some(r) = self.cache.get(Op::Down, f, ZERO) {
            return Ok(r);
        }
        let (v, f0, f1) = self.split(f);
        let all = self.union_rec(f0, f1)?;
        let lo = self.down_rec(all)?;
        let hi = self.down_rec(f1)?;
        let r = self.node(v, lo, hi)?;
        self.cache.put(Op::Down, f, ZERO, r);
        Ok(r)
    }

    /// Up-closure within the universe `{ a ⊆ {0..num_vars} : ∃ b ∈ f, b ⊆ a }`: every superset
    /// of every member, using only variables below [`Zdd::num_vars`].
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn up_closure(&mut self, f: NodeId) -> R {
        self.begin_op();
        self.up_rec(f, 0)
    }

    /// Up-closure of `f` over the variables `k..num_vars` (`k ≤ var(f)`).
    fn up_rec(&mut self, f: NodeId, k: Var) -> R {
        if f == ZERO || k >= self.num_vars {
            return Ok(f);
        }
        let key = NodeId(k);
        if let Some(r) = self.cache.get(Op::Up, f, key) {
            return Ok(r);
        }
        let (v, f0, f1) = self.split(f);
        let r = if v > k {
            let t = self.up_rec(f, k + 1)?;
            self.node(k, t, t)?
        } else {
            let lo = self.up_rec(f0, k + 1)?;
            let all = self.union_rec(f0, f1)?;
            let hi = self.up_rec(all, k + 1)?;
            self.node(k, lo, hi)?
        };
        self.cache.put(Op::Up, f, key, r);
        Ok(r)
    }
}
