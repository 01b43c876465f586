//! Helpers shared by the integration tests.

#![allow(dead_code)] // each test binary uses a part

use zlink_frontier::{Graph, Level, Spec, Step};
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

/// A rayon pool of `threads` threads.
pub fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// Every subset of `0..levels`, with the last `bits` choices as state: levels grow to
/// `2^bits` distinct states (wide levels on purpose). |family| = 2^levels.
pub struct AllSubsets {
    pub levels: Level,
    pub bits: u32,
}

impl Spec for AllSubsets {
    type State = u32;
    fn num_levels(&self) -> Level {
        self.levels
    }
    fn root(&self) -> Step<u32> {
        Step::Node(0, 0)
    }
    fn child(&self, s: &u32, level: Level, take: bool) -> Step<u32> {
        let t = (2 * s + u32::from(take)) % (1 << self.bits);
        if level + 1 == self.levels {
            Step::Accept
        } else {
            Step::Node(level + 1, t)
        }
    }
}
