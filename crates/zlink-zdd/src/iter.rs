//! Enumeration of members as an iterator with an explicit stack (no materialisation, no
//! recursion).
//!
//! Order: lo-branch first. Member `A` comes before `B` iff the smallest variable in `A △ B`
//! belongs to `B`; equivalently, increasing `Σ_{v ∈ S} 2^(num_vars-1-v)`. [`crate::Ranker`]
//! ranks in the same order.

use crate::node::{NodeId, Var};
use crate::store::Zdd;

/// Iterator over the members of a family, each as a sorted `Vec<Var>`. Memory O(depth).
pub struct Members<'a> {
    zdd: &'a Zdd,
    /// Nodes on the current path whose hi branch is still to be explored.
    pending: Vec<(NodeId, usize)>,
    /// The current partial member.
    set: Vec<Var>,
    /// The next node to descend from (`None` once a member was yielded or at the start of a
    /// backtrack).
    next: Option<NodeId>,
}

impl<'a> Members<'a> {
    pub(crate) fn new(zdd: &'a Zdd, f: NodeId) -> Members<'a> {
        Members {
            zdd,
            pending: Vec::new(),
            set: Vec::new(),
            next: Some(f),
        }
    }
}

impl Iterator for Members<'_> {
    type Item = Vec<Var>;

    fn next(&mut self) -> Option<Vec<Var>> {
        loop {
            let mut f = match self.next.take() {
                Some(f) => f,
                None => {
                    let (g, len) = self.pending.pop()?;
                    self.set.truncate(len);
                    self.set.push(self.zdd.var(g));
                    self.zdd.hi(g)
                }
            };
            // Descend along lo edges, remembering each node's hi branch.
            while !f.is_terminal() {
                self.pending.push((f, self.set.len()));
                f = self.zdd.lo(f);
            }
            if f == NodeId::ONE {
                return Some(self.set.clone());
            }
        }
    }
}

impl Zdd {
    /// The members of `f` one by one, in the documented order (see [`Members`]).
    pub fn iter(&self, f: NodeId) -> Members<'_> {
        Members::new(self, f)
    }
}
