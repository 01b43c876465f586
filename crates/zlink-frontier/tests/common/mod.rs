//! Helpers shared by the integration tests.

use zlink_frontier::Graph;
use zlink_testkit::graph::SmallGraph;

/// The oracle's small graph as a frontier [`Graph`] (same vertices, same edge order).
pub fn graph(sg: &SmallGraph) -> Graph {
    let edges: Vec<(u32, u32)> = sg
        .edges
        .iter()
        .map(|&(u, v)| (u as u32, v as u32))
        .collect();
    Graph::new(sg.n, &edges).unwrap()
}
