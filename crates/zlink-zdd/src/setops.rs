//! Boolean set operations on families and the per-variable operations onset/offset/change.
//!
//! Recursion: each operation recurses at most once per variable level (depth ≤ `num_vars` + 1;
//! `join`/`meet` call `union` below a level, so at most twice that). At roughly 100–200 bytes
//! per frame, diagrams over more than ~5,000 variables need a thread with a larger stack than
//! the 2 MiB default of spawned threads (the CLI runs its work on a big-stack thread).

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
        self.union_rec(f, g)
    }

    pub(crate) fn union_rec(&mut self, f: NodeId, g: NodeId) -> R {
        if f == ZERO || f == g {
            return Ok(g);
        }
        if g == ZERO {
            return Ok(f);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(r) = self.cache.get(Op::Union, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let r = if vf < vg {
            let lo = self.union_rec(f0, g)?;
            self.node(vf, lo, f1)?
        } else if vg < vf {
            let lo = self.union_rec(f, g0)?;
            self.node(vg, lo, g1)?
        } else {
            let lo = self.union_rec(f0, g0)?;
            let hi = self.union_rec(f1, g1)?;
            self.node(vf, lo, hi)?
        };
        self.cache.put(Op::Union, f, g, r);
        Ok(r)
    }

    /// Intersection `f ∩ g`: the sets that are members of both.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn intersection(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.inter_rec(f, g)
    }

    fn inter_rec(&mut self, mut f: NodeId, mut g: NodeId) -> R {
        loop {
            if f == ZERO || g == ZERO {
                return Ok(ZERO);
            }
            if f == g {
                return Ok(f);
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
        if let Some(r) = self.cache.get(Op::Inter, f, g) {
            return Ok(r);
        }
        let (v, f0, f1) = self.split(f);
        let (_, g0, g1) = self.split(g);
        let lo = self.inter_rec(f0, g0)?;
        let hi = self.inter_rec(f1, g1)?;
        let r = self.node(v, lo, hi)?;
        self.cache.put(Op::Inter, f, g, r);
        Ok(r)
    }

    /// Difference `f \ g`: the members of `f` that are not members of `g`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn difference(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.diff_rec(f, g)
    }

    pub(crate) fn diff_rec(&mut self, f: NodeId, mut g: NodeId) -> R {
        loop {
            if f == ZERO || f == g {
                return Ok(ZERO);
            }
            if g == ZERO {
                return Ok(f);
            }
            if self.var(g) < self.var(f) {
                g = self.lo(g);
            } else {
                break;
            }
        }
        if let Some(r) = self.cache.get(Op::Diff, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let r = if vf < vg {
            let lo = self.diff_rec(f0, g)?;
            self.node(vf, lo, f1)?
        } else {
            let lo = self.diff_rec(f0, g0)?;
            let hi = self.diff_rec(f1, g1)?;
            self.node(vf, lo, hi)?
        };
        self.cache.put(Op::Diff, f, g, r);
        Ok(r)
    }

    /// Symmetric difference `f △ g = (f \ g) ∪ (g \ f)`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn symmetric_difference(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.symdiff_rec(f, g)
    }

    fn symdiff_rec(&mut self, f: NodeId, g: NodeId) -> R {
        if f == g {
            return Ok(ZERO);
        }
        if f == ZERO {
            return Ok(g);
        }
        if g == ZERO {
            return Ok(f);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(r) = self.cache.get(Op::SymDiff, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let r = if vf < vg {
            let lo = self.symdiff_rec(f0, g)?;
            self.node(vf, lo, f1)?
        } else if vg < vf {
            let lo = self.symdiff_rec(f, g0)?;
            self.node(vg, lo, g1)?
        } else {
            let lo = self.symdiff_rec(f0, g0)?;
            let hi = self.symdiff_rec(f1, g1)?;
            self.node(vf, lo, hi)?
        };
        self.cache.put(Op::SymDiff, f, g, r);
        Ok(r)
    }

    /// Onset `{ S \ {v} : S ∈ f, v ∈ S }`: the members containing `v`, with `v` removed
    /// (Minato's `subset1`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn onset(&mut self, f: NodeId, v: Var) -> R {
        self.begin_op();
        self.var_op(Op::Onset, f, v)
    }

    /// Offset `{ S ∈ f : v ∉ S }`: the members not containing `v` (Minato's `subset0`).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn offset(&mut self, f: NodeId, v: Var) -> R {
        self.begin_op();
        self.var_op(Op::Offset, f, v)
    }

    /// Change `{ S △ {v} : S ∈ f }`: toggles `v` in every member. Grows `num_vars` past `v`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn change(&mut self, f: NodeId, v: Var) -> R {
        self.begin_op();
        self.var_op(Op::Change, f, v)
    }

    fn var_op(&mut self, op: Op, f: NodeId, v: Var) -> R {
        let (vf, f0, f1) = self.split(f);
        if vf > v {
            return match op {
                Op::Onset => Ok(ZERO),
                Op::Change if f != ZERO => self.node(v, ZERO, f),
                _ => Ok(f),
            };
        }
        if vf == v {
            return match op {
                Op::Onset => Ok(f1),
                Op::Offset => Ok(f0),
                _ => self.node(v, f1, f0),
            };
        }
        let key = NodeId(v);
        if let Some(r) = self.cache.get(op, f, key) {
            return Ok(r);
        }
        let lo = self.var_op(op, f0, v)?;
        let hi = self.var_op(op, f1, v)?;
        let r = self.node(vf, lo, hi)?;
        self.cache.put(op, f, key, r);
        Ok(r)
    }

    /// Join `{ a ∪ b : a ∈ f, b ∈ g }`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn join(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.join_rec(f, g)
    }

    fn join_rec(&mut self, f: NodeId, g: NodeId) -> R {
        if f == ZERO || g == ZERO {
            return Ok(ZERO);
        }
        if f == ONE {
            return Ok(g);
        }
        if g == ONE {
            return Ok(f);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(r) = self.cache.get(Op::Join, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let r = if vf != vg {
            let (v, x0, x1, y) = if vf < vg {
                (vf, f0, f1, g)
            } else {
                (vg, g0, g1, f)
            };
            let lo = self.join_rec(x0, y)?;
            let hi = self.join_rec(x1, y)?;
            self.node(v, lo, hi)?
        } else {
            let lo = self.join_rec(f0, g0)?;
            let a = self.join_rec(f1, g1)?;
            let b = self.join_rec(f1, g0)?;
            let c = self.join_rec(f0, g1)?;
            let ab = self.union_rec(a, b)?;
            let hi = self.union_rec(ab, c)?;
            self.node(vf, lo, hi)?
        };
        self.cache.put(Op::Join, f, g, r);
        Ok(r)
    }

    /// Meet `{ a ∩ b : a ∈ f, b ∈ g }`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn meet(&mut self, f: NodeId, g: NodeId) -> R {
        self.begin_op();
        self.meet_rec(f, g)
    }

    fn meet_rec(&mut self, f: NodeId, g: NodeId) -> R {
        if f == ZERO || g == ZERO {
            return Ok(ZERO);
        }
        if f == ONE || g == ONE {
            return Ok(ONE);
        }
        let (f, g) = if f < g { (f, g) } else { (g, f) };
        if let Some(r) = self.cache.get(Op::Meet, f, g) {
            return Ok(r);
        }
        let (vf, f0, f1) = self.split(f);
        let (vg, g0, g1) = self.split(g);
        let r = if vf != vg {
            // The smaller variable is in no member of the other family: it never survives.
            let (x0, x1, y) = if vf < vg { (f0, f1, g) } else { (g0, g1, f) };
            let a = self.meet_rec(x0, y)?;
            let b = self.meet_rec(x1, y)?;
            self.union_rec(a, b)?
        } else {
            let a = self.meet_rec(f0, g0)?;
            let b = self.meet_rec(f0, g1)?;
            let c = self.meet_rec(f1, g0)?;
            let ab = self.union_rec(a, b)?;
            let lo = self.union_rec(ab, c)?;
            let hi = self.meet_rec(f1, g1)?;
            self.node(vf, lo, hi)?
        };
        self.cache.put(Op::Meet, f, g, r);
        Ok(r)
    }
}
