//! Graphviz DOT output for inspecting small diagrams.

use std::fmt::Write;

use crate::node::NodeId;
use crate::store::Zdd;
use crate::topo::Topo;

impl Zdd {
    /// A DOT digraph of the nodes reachable from `roots`: circles labelled with their variable,
    /// dashed 0-edges, solid 1-edges, boxes for the terminals, and one `rK` label per root.
    pub fn to_dot(&self, roots: &[NodeId]) -> String {
        let topo = Topo::new(self, roots);
        let mut s = String::from(
            "digraph zdd {\n  n0 [shape=box,label=\"0\"];\n  n1 [shape=box,label=\"1\"];\n",
        );
        for i in topo.ids().rev() {
            let n = self.nodes.get(i as usize);
            let _ = writeln!(s, "  n{i} [shape=circle,label=\"{}\"];", n.var);
            let _ = writeln!(s, "  n{i} -> n{} [style=dashed];", n.lo);
            let _ = writeln!(s, "  n{i} -> n{};", n.hi);
        }
        for (k, r) in roots.iter().enumerate() {
            let _ = writeln!(s, "  r{k} [shape=plaintext];\n  r{k} -> n{};", r.0);
        }
        s.push_str("}\n");
        s
    }
}
