//! Reclaiming dead nodes: compaction that keeps only what some roots reach.

use hashbrown::HashTable;

use crate::node::NodeId;
use crate::store::{hash_pair, Node, Zdd};
use crate::topo::Topo;

impl Zdd {
    /// Keeps only the nodes reachable from `roots`, renumbering them and rewriting `roots` in
    /// place; every other handle becomes invalid. Clears the operation cache. Children keep
    /// smaller indices than their parents. O(store size); no recursion.
    pub fn retain(&mut self, roots: &mut [NodeId]) {
        let topo = Topo::new(self, roots);
        let mut nodes: Vec<Node> = Vec::with_capacity(topo.slots());
        nodes.extend_from_slice(&self.nodes[..2]);
        let mut per_var = vec![0usize; self.unique.len()];
        for i in topo.ids() {
            let n = self.nodes[i as usize];
            per_var[n.var as usize] += 1;
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
        let mut unique: Vec<HashTable<u32>> = per_var
            .iter()
            .map(|&c| HashTable::with_capacity(c))
            .collect();
        for (i, n) in nodes.iter().enumerate().skip(2) {
            unique[n.var as usize].insert_unique(hash_pair(n.lo, n.hi), i as u32, |&j| {
                let m = nodes[j as usize];
                hash_pair(m.lo, m.hi)
            });
        }
        self.nodes = nodes;
        self.unique = unique;
        self.cache.clear();
    }
}
