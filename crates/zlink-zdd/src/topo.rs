//! The nodes reachable from some roots in bottom-up order, with a slot for each: the common
//! skeleton of every level-wise (non-recursive) pass: counting, sizes, optimisation, export.

use rustc_hash::FxHashMap;

use crate::node::NodeId;
use crate::store::Zdd;

/// Reachable non-terminal nodes in ascending index order (children before parents).
///
/// Per-node values of a pass live in a vector indexed by [`Topo::slot`]: slots 0 and 1 are the
/// terminals, slot `2 + k` is `order[k]`.
pub(crate) struct Topo {
    pub(crate) order: Vec<u32>,
    pos: Positions,
}

enum Positions {
    /// `pos[id]` for every id in the store (used when most of the store is reachable).
    Dense(Vec<u32>),
    /// Only the reachable ids (used when a small part of a large store is reachable).
    Sparse(FxHashMap<u32, u32>),
}

impl Topo {
    /// Collects the nodes reachable from `roots` with an explicit stack (no recursion).
    pub(crate) fn new(zdd: &Zdd, roots: &[NodeId]) -> Topo {
        let n = zdd.nodes.len();
        let mut seen = vec![0u64; n.div_ceil(64)];
        let mut stack: Vec<u32> = Vec::new();
        let mut count = 0usize;
        for r in roots {
            stack.push(r.0);
        }
        while let Some(i) = stack.pop() {
            if i < 2 || seen[(i / 64) as usize] & (1 << (i % 64)) != 0 {
                continue;
            }
            seen[(i / 64) as usize] |= 1 << (i % 64);
            count += 1;
            let node = zdd.nodes[i as usize];
            stack.push(node.lo);
            stack.push(node.hi);
        }
        let mut order = Vec::with_capacity(count);
        for (w, &word) in seen.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros();
                order.push((w * 64) as u32 + b);
                bits &= bits - 1;
            }
        }
        let pos = if count.saturating_mul(8) >= n {
            let mut dense = vec![u32::MAX; n];
            for (k, &i) in order.iter().enumerate() {
                dense[i as usize] = k as u32;
            }
            Positions::Dense(dense)
        } else {
            Positions::Sparse(
                order
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| (i, k as u32))
                    .collect(),
            )
        };
        Topo { order, pos }
    }

    /// The slot of a reachable node or terminal (raw index).
    #[inline]
    pub(crate) fn slot(&self, id: u32) -> usize {
        if id < 2 {
            return id as usize;
        }
        2 + match &self.pos {
            Positions::Dense(d) => d[id as usize] as usize,
            Positions::Sparse(m) => m[&id] as usize,
        }
    }

    /// Number of slots (terminals included).
    #[inline]
    pub(crate) fn slots(&self) -> usize {
        self.order.len() + 2
    }
}
