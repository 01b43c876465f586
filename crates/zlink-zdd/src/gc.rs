//! Reclaiming dead nodes: compaction that keeps only what some roots reach.

use hashbrown::HashTable;

use crate::node::NodeId;
use crate::store::{Node, NodeVec, Zdd};
use crate::topo::Topo;

impl Zdd {
    /// Keeps only the nodes reachable from `roots`, renumbering them and rewriting `roots` in
    /// place; every other handle becomes invalid. Clears the operation cache. Children keep
    /// smaller indices than their parents. O(store size); no recursion.
    pub fn retain(&mut self, roots: &mut [NodeId]) {
        let topo = Topo::new(self, roots);
        let mut nodes = NodeVec::default();
        nodes.push(self.nodes.get(0));
        nodes.push(self.nodes.get(1));
        for i in topo.ids() {
            let n = self.nodes.get(i as usize);
            // Order is preserved, so the new index of a node is its slot.
            nodes.push(Node {
                var: n.var,
                lo: topo.slot(n.lo) as u32,
                hi: topo.slot(n.hi) as u32,
            });
        }
        for r in roots.iter_mut() {
            *r = NodeId(topo.slot(r.0) as u32);
        }
        // The kept nodes are distinct: the unique tables are rebuilt when next needed.
        self.nodes = nodes;
        self.unique = (0..self.num_vars).map(|_| HashTable::new()).collect();
        self.indexed = 2;
        self.cache.clear();
        self.closed = Default::default();
        self.layout = None;
        self.tally_many_leaf = NodeId::ZERO;
    }
}
