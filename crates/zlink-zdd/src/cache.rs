//! The operation cache: lossy, direct-mapped, sized to the store (a power of two between 2^12
//! and 2^24 entries of 16 bytes, at most 256 MB). A collision simply overwrites the older
//! entry.
//!
//! Why 2^24: the hint design of a loop puzzle on an 8×8 loop runs `up_minimal` in a store of 65 M
//! nodes; at 2^22 entries its sub-results were evicted and recomputed (200.8 CPU s against
//! 165.6 s at 2^24, peak 2.26 GB against 2.45 GB; `tools/README.md`, issue 14, fourth round).

use rustc_hash::FxHasher;
use std::hash::Hasher;

use crate::node::NodeId;

/// Operation codes for cache keys.
#[derive(Clone, Copy, Debug)]
#[repr(u8)]
pub(crate) enum Op {
    Union,
    Inter,
    Diff,
    SymDiff,
    Onset,
    Offset,
    Change,
    Join,
    Meet,
    Restrict,
    Permit,
    NonSup,
    NonSub,
    Minimal,
    Maximal,
    MinHit,
    Down,
    Up,
    MinUnion,
    HitAll,
    UpMin,
    TallyAdd,
    TallyMany,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    op: u32,
    f: u32,
    g: u32,
    r: u32,
}

const EMPTY: Entry = Entry {
    op: u32::MAX,
    f: 0,
    g: 0,
    r: 0,
};
const MIN_BITS: u32 = 12;
const MAX_BITS: u32 = 24;

/// Direct-mapped `(op, f, g) -> result` cache.
#[derive(Clone, Debug)]
pub(crate) struct OpCache {
    entries: Vec<Entry>,
}

impl OpCache {
    pub(crate) fn new() -> OpCache {
        OpCache {
            entries: vec![EMPTY; 1 << MIN_BITS],
        }
    }

    /// Grows the table to at least one entry per node (within the size bounds), keeping the
    /// entries. Called before each operation and whenever the store outgrows the table during
    /// one, so a long operation never runs with a cache far smaller than its result (which
    /// would make it recompute shared subproblems over and over).
    pub(crate) fn fit(&mut self, nodes: usize) {
        let want = nodes
            .next_power_of_two()
            .clamp(1 << MIN_BITS, 1 << MAX_BITS);
        if want > self.entries.len() {
            let old = std::mem::replace(&mut self.entries, vec![EMPTY; want]);
            for e in old.into_iter().filter(|e| e.op != EMPTY.op) {
                let s = self.slot_raw(e.op, e.f, e.g);
                self.entries[s] = e;
            }
        }
    }

    /// Whether a store of `nodes` nodes has outgrown the table (and the table may still grow).
    #[inline]
    pub(crate) fn outgrown(&self, nodes: usize) -> bool {
        nodes > self.entries.len() && self.entries.len() < 1 << MAX_BITS
    }

    /// Forgets every entry (after handles were renumbered).
    pub(crate) fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    #[inline]
    fn slot(&self, op: Op, f: u32, g: u32) -> usize {
        self.slot_raw(op as u32, f, g)
    }

    #[inline]
    fn slot_raw(&self, op: u32, f: u32, g: u32) -> usize {
        let mut h = FxHasher::default();
        h.write_u64((u64::from(f) << 32) | u64::from(g));
        h.write_u32(op);
        (h.finish() as usize) & (self.entries.len() - 1)
    }

    #[inline]
    pub(crate) fn get(&self, op: Op, f: NodeId, g: NodeId) -> Option<NodeId> {
        let e = self.entries[self.slot(op, f.0, g.0)];
        (e.op == op as u32 && e.f == f.0 && e.g == g.0).then_some(NodeId(e.r))
    }

    #[inline]
    pub(crate) fn put(&mut self, op: Op, f: NodeId, g: NodeId, r: NodeId) {
        let s = self.slot(op, f.0, g.0);
        self.entries[s] = Entry {
            op: op as u32,
            f: f.0,
            g: g.0,
            r: r.0,
        };
    }
}
