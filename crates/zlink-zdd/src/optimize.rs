//! Best members under a linear objective: minimum/maximum total weight and cardinality.
//!
//! One bottom-up pass over the reachable nodes computes each node's best value; a second pass
//! over the same order builds the sub-family of optimal members. No recursion.

use num_bigint::BigUint;

use crate::node::{BudgetExceeded, NodeId, Var};
use crate::store::Zdd;
use crate::topo::Topo;

/// The optimum of a linear objective over a non-empty family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// The best total weight (for cardinality objectives, the best size).
    pub weight: i128,
    /// The sub-family of members achieving it.
    pub members: NodeId,
    /// The number of optimal members.
    pub count: BigUint,
}

impl Zdd {
    /// Members of minimum total weight, `w(S) = Σ_{v ∈ S} weights[v]` (variables beyond the
    /// slice weigh 0). `None` for the empty family. O(size(f)).
    ///
    /// # Errors
    /// [`BudgetExceeded`] while building the optimal sub-family.
    pub fn min_weight(
        &mut self,
        f: NodeId,
        weights: &[i64],
    ) -> Result<Option<Optimum>, BudgetExceeded> {
        self.optimize(f, false, |v| weights.get(v as usize).copied().unwrap_or(0))
    }

    /// Members of maximum total weight (see [`Zdd::min_weight`]).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn max_weight(
        &mut self,
        f: NodeId,
        weights: &[i64],
    ) -> Result<Option<Optimum>, BudgetExceeded> {
        self.optimize(f, true, |v| weights.get(v as usize).copied().unwrap_or(0))
    }

    /// Members of minimum cardinality `|S|`. `None` for the empty family.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn min_cardinality(&mut self, f: NodeId) -> Result<Option<Optimum>, BudgetExceeded> {
        self.optimize(f, false, |_| 1)
    }

    /// Members of maximum cardinality `|S|`. `None` for the empty family.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn max_cardinality(&mut self, f: NodeId) -> Result<Option<Optimum>, BudgetExceeded> {
        self.optimize(f, true, |_| 1)
    }

    fn optimize(
        &mut self,
        f: NodeId,
        maximize: bool,
        weight: impl Fn(Var) -> i64,
    ) -> Result<Option<Optimum>, BudgetExceeded> {
        if f == NodeId::ZERO {
            return Ok(None);
        }
        let topo = Topo::new(self, &[f]);
        let better = |a: i128, b: i128| if maximize { a > b } else { a < b };
        // best[slot]: None for the empty family (only the 0-terminal; every node is non-empty).
        let mut best: Vec<Option<i128>> = Vec::with_capacity(topo.slots());
        best.push(None);
        best.push(Some(0));
        for i in topo.ids() {
            let n = self.nodes.get(i as usize);
            let lo = best[topo.slot(n.lo)];
            let hi = best[topo.slot(n.hi)].map(|b| b + i128::from(weight(n.var)));
            best.push(match (lo, hi) {
                (Some(a), Some(b)) => Some(if better(b, a) { b } else { a }),
                (a, b) => a.or(b),
            });
        }
        let mut opt: Vec<NodeId> = Vec::with_capacity(topo.slots());
        opt.push(NodeId::ZERO);
        opt.push(NodeId::ONE);
        for (k, i) in topo.ids().enumerate() {
            let n = self.nodes.get(i as usize);
            let target = best[k + 2];
            let (ls, hs) = (topo.slot(n.lo), topo.slot(n.hi));
            let lo = if best[ls] == target {
                opt[ls]
            } else {
                NodeId::ZERO
            };
            let hi_best = best[hs].map(|b| b + i128::from(weight(n.var)));
            let hi = if hi_best == target {
                opt[hs]
            } else {
                NodeId::ZERO
            };
            let r = self.node(n.var, lo, hi)?;
            opt.push(r);
        }
        let slot = topo.slot(f.0);
        let members = opt[slot];
        Ok(best[slot].map(|weight| Optimum {
            weight,
            members,
            count: self.count(members),
        }))
    }
}
