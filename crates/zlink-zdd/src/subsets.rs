//! Operations that compare members of one family with members of another by inclusion:
//! restrict, permit, nonsup, nonsub. Recursion depth as in `setops` (≤ 2 × `num_vars`).

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
        self.restrict_rec(f, g)
    }

    fn restrict_rec(&mut self, f: NodeId, mut g: NodeId) -> R {
        loop {
            if f == ZERO || g == ZERO {
                return Ok(ZERO);
            }
            if g == ONE || f == g {
                return Ok(f);
            }
            // A member of g containing var(g) cannot fit in a member of f lacking it.
            if self.var(g) < self.var(f) {
                g = self.lo(g);
            } else {
                break;
            }
        }
        if let Some(r) = self.cache.get(Op::Restrict, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let r = if vf < vg {
            let lo = self.restrict_rec(f0, g)?;
            let hi = self.restrict_rec(f1, g)?;
            self.node(vf, lo, hi)?
        } else {
            let lo = self.restrict_rec(f0, g0)?;
            let g01 = self.union_rec(g0, g1)?;
            let hi = self.restrict_rec(f1, g01)?;
            self.node(vf, lo, hi)?
        };
        self.cache.put(Op::Restrict, f, g, r);
        Ok(r)
    }

    /// Permit `{ a ∈ f : ∃ b ∈ g, a ⊆ b }`: the members of `f` contained in some member of `g`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn permit(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.permit_rec(f, g)
    }

    fn permit_rec(&mut self, mut f: NodeId, g: NodeId) -> R {
        loop {
            if f == ZERO || g == ZERO {
                return Ok(ZERO);
            }
            if f == ONE || f == g {
                return Ok(f);
            }
            // Members of f containing var(f) fit in no member of g (which never contains it).
            if self.var(f) < self.var(g) {
                f = self.lo(f);
            } else {
                break;
            }
        }
        if let Some(r) = self.cache.get(Op::Permit, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let g01 = self.union_rec(g0, g1)?;
        let r = if vg < vf {
            self.permit_rec(f, g01)?
        } else {
            let lo = self.permit_rec(f0, g01)?;
            let hi = self.permit_rec(f1, g1)?;
            self.node(vf, lo, hi)?
        };
        self.cache.put(Op::Permit, f, g, r);
        Ok(r)
    }

    /// Non-supersets `{ a ∈ f : ∄ b ∈ g, b ⊆ a }`: the members of `f` containing no member of
    /// `g` (`f \ restrict(f, g)`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn nonsup(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.nonsup_rec(f, g)
    }

    pub(crate) fn nonsup_rec(&mut self, f: NodeId, mut g: NodeId) -> R {
        loop {
            if g == ZERO {
                return Ok(f);
            }
            if f == ZERO || g == ONE || f == g {
                return Ok(ZERO);
            }
            if self.var(g) < self.var(f) {
                g = self.lo(g);
            } else {
                break;
            }
        }
        if let Some(r) = self.cache.get(Op::NonSup, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let r = if vf < vg {
            let lo = self.nonsup_rec(f0, g)?;
            let hi = self.nonsup_rec(f1, g)?;
            self.node(vf, lo, hi)?
        } else {
            let lo = self.nonsup_rec(f0, g0)?;
            let g01 = self.union_rec(g0, g1)?;
            let hi = self.nonsup_rec(f1, g01)?;
            self.node(vf, lo, hi)?
        };
        self.cache.put(Op::NonSup, f, g, r);
        Ok(r)
    }

    /// Non-subsets `{ a ∈ f : ∄ b ∈ g, a ⊆ b }`: the members of `f` contained in no member of
    /// `g` (`f \ permit(f, g)`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn nonsub(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.nonsub_rec(f, g)
    }

    pub(crate) fn nonsub_rec(&mut self, f: NodeId, g: NodeId) -> R {
        if g == ZERO {
            return Ok(f);
        }
        if f == ZERO || f == ONE || f == g {
            return Ok(ZERO);
        }
        if let Some(r) = self.cache.get(Op::NonSub, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let r = if vf < vg {
            let lo = self.nonsub_rec(f0, g)?;
            self.node(vf, lo, f1)?
        } else {
            let g01 = self.union_rec(g0, g1)?;
            if vg < vf {
                self.nonsub_rec(f, g01)?
            } else {
                let lo = self.nonsub_rec(f0, g01)?;
                let hi = self.nonsub_rec(f1, g1)?;
                self.node(vf, lo, hi)?
            }
        };
        self.cache.put(Op::NonSub, f, g, r);
        Ok(r)
    }
}
