//! Constructors for small families: terminals, singletons, explicit lists of sets, power sets.

use crate::node::{BudgetExceeded, NodeId, Var};
use crate::store::Zdd;

impl Zdd {
    /// The family `{∅}` (the 1-terminal).
    pub fn base(&self) -> NodeId {
        NodeId::ONE
    }

    /// The empty family `∅` (the 0-terminal).
    pub fn empty(&self) -> NodeId {
        NodeId::ZERO
    }

    /// The family `{{v}}`.
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn single(&mut self, v: Var) -> Result<NodeId, BudgetExceeded> {
        self.node(v, NodeId::ZERO, NodeId::ONE)
    }

    /// The family `{set}` holding exactly one set (any order, duplicates ignored).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn from_set(&mut self, set: &[Var]) -> Result<NodeId, BudgetExceeded> {
        let mut vars = set.to_vec();
        vars.sort_unstable();
        vars.dedup();
        let mut f = NodeId::ONE;
        for &v in vars.iter().rev() {
            f = self.node(v, NodeId::ZERO, f)?;
        }
        Ok(f)
    }

    /// The family holding exactly the given sets (each in any order; duplicates ignored).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn from_sets(&mut self, sets: &[Vec<Var>]) -> Result<NodeId, BudgetExceeded> {
        let mut f = NodeId::ZERO;
        for s in sets {
            let g = self.from_set(s)?;
            f = self.union(f, g)?;
        }
        Ok(f)
    }

    /// The power set of `vars`: every subset of them (`2^|vars|` members, `|vars|` nodes).
    ///
    /// # Errors
    /// [`BudgetExceeded`].
    pub fn power_set(&mut self, vars: &[Var]) -> Result<NodeId, BudgetExceeded> {
        let mut vars = vars.to_vec();
        vars.sort_unstable();
        vars.dedup();
        let mut f = NodeId::ONE;
        for &v in vars.iter().rev() {
            f = self.node(v, f, f)?;
        }
        Ok(f)
    }

    /// Whether `set` (any order, duplicates ignored) is a member of `f`. O(depth).
    pub fn contains(&self, f: NodeId, set: &[Var]) -> bool {
        let mut vars = set.to_vec();
        vars.sort_unstable();
        vars.dedup();
        let mut next = vars.iter().peekable();
        let mut f = f;
        while !f.is_terminal() {
            let v = self.var(f);
            match next.peek() {
                Some(&&w) if w < v => return false,
                Some(&&w) if w == v => {
                    next.next();
                    f = self.hi(f);
                }
                _ => f = self.lo(f),
            }
        }
        f == NodeId::ONE && next.peek().is_none()
    }
}
