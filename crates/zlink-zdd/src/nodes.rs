//! The node records of a store, in pages of [`PAGE`] nodes: 8 bytes `[lo, hi]` per node in a
//! page whose nodes all test one variable (kept once, in the page's entry), 12 bytes
//! `(var, lo, hi)` in a page that mixes variables.
//!
//! Why: the store is what a big build keeps. A diagram imported from a top-down build is laid
//! out row by row, so all but the pages where rows meet test one variable: 15×15 corner paths
//! (145 M nodes) fit in 1.1 GiB instead of 1.6 GiB, less than TdZdd's 16-byte nodes by half.
//! Stores grown by the family algebra mix variables page by page and stay at 12 bytes a node
//! (one more read, of the small page table, per access).
//!
//! Only the last page grows, so a page is made uniform when it starts and turned mixed (its
//! 8-byte records moved to the mixed array) at its first node of another variable.

use crate::node::Var;

/// `log2` of the nodes per page.
const PAGE_BITS: u32 = 10;
/// Nodes per page.
pub(crate) const PAGE: usize = 1 << PAGE_BITS;
/// Page-entry flag: the page is uniform (its records are in `links`, its variable in the
/// entry's low 32 bits); otherwise its records are in `mixed`. Bits 32..63 hold the page's
/// offset (in pages) in its array.
const UNIFORM: u64 = 1 << 63;

/// One node record: 12 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) var: Var,
    pub(crate) lo: u32,
    pub(crate) hi: u32,
}

/// The records of a store (see the module doc).
#[derive(Clone, Debug, Default)]
pub(crate) struct NodeVec {
    pages: Vec<u64>,
    links: Vec<[u32; 2]>,
    mixed: Vec<Node>,
    len: usize,
}

impl NodeVec {
    /// Number of records.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Record `i`.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> Node {
        let e = self.pages[i >> PAGE_BITS];
        let at = (((e >> 32) as usize & 0x7FFF_FFFF) << PAGE_BITS) | (i & (PAGE - 1));
        if e & UNIFORM != 0 {
            let [lo, hi] = self.links[at];
            Node {
                var: e as u32,
                lo,
                hi,
            }
        } else {
            self.mixed[at]
        }
    }

    /// Appends a record.
    #[inline(always)]
    pub(crate) fn push(&mut self, n: Node) {
        let i = self.len;
        self.len += 1;
        if i & (PAGE - 1) == 0 {
            // A new page, uniform; every earlier uniform page is full.
            let at = (self.links.len() >> PAGE_BITS) as u64;
            self.pages.push(UNIFORM | (at << 32) | u64::from(n.var));
            self.links.push([n.lo, n.hi]);
            return;
        }
        let e = *self.pages.last().expect("a started page");
        if e & UNIFORM == 0 {
            self.mixed.push(n);
        } else if e as u32 == n.var {
            self.links.push([n.lo, n.hi]);
        } else {
            self.make_mixed(e);
            self.mixed.push(n);
        }
    }

    /// Turns the last page (uniform, entry `e`) mixed; every earlier mixed page is full.
    #[cold]
    fn make_mixed(&mut self, e: u64) {
        let var = e as u32;
        let from = ((e >> 32) as usize & 0x7FFF_FFFF) << PAGE_BITS;
        let at = (self.mixed.len() >> PAGE_BITS) as u64;
        self.mixed.reserve(PAGE);
        self.mixed.extend(
            self.links
                .drain(from..)
                .map(|[lo, hi]| Node { var, lo, hi }),
        );
        *self.pages.last_mut().expect("a started page") = at << 32;
    }

    /// Room for `n` more records of uniform pages (a bulk import); virtual memory until used.
    pub(crate) fn reserve_uniform(&mut self, n: usize) {
        self.links.reserve(n);
        self.pages.reserve(n.div_ceil(PAGE) + 1);
    }

    /// Bytes held (allocated capacity).
    pub(crate) fn memory_bytes(&self) -> usize {
        self.pages.capacity() * 8
            + self.links.capacity() * 8
            + self.mixed.capacity() * std::mem::size_of::<Node>()
    }

    /// The records `from..` (in order).
    pub(crate) fn iter_from(&self, from: usize) -> impl Iterator<Item = Node> + '_ {
        (from..self.len).map(|i| self.get(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random runs of variables, short and long: every record reads back, and long runs
    /// take 8 bytes a node.
    #[test]
    fn records_read_back_across_uniform_and_mixed_pages() {
        let mut rng = zlink_base::SplitMix64::new(5);
        let mut v = NodeVec::default();
        let mut want = Vec::new();
        let mut var = 0u32;
        while want.len() < 20 * PAGE {
            let run = if rng.below_u64(3) == 0 {
                1 + rng.below_u64(5)
            } else {
                rng.below_u64(3 * PAGE as u64)
            };
            for _ in 0..run {
                let n = Node {
                    var,
                    lo: rng.below_u64(1 << 31) as u32,
                    hi: rng.below_u64(1 << 31) as u32,
                };
                v.push(n);
                want.push(n);
            }
            var = if var == 0 {
                Var::MAX
            } else {
                var - 1 + rng.below_u64(3) as u32
            };
        }
        assert_eq!(v.len(), want.len());
        for (i, n) in want.iter().enumerate() {
            assert_eq!(v.get(i), *n, "record {i}");
        }
        assert_eq!(v.iter_from(7).collect::<Vec<_>>(), want[7..]);
        let mut one_var = NodeVec::default();
        one_var.reserve_uniform(10 * PAGE);
        for i in 0..10 * PAGE as u32 {
            one_var.push(Node {
                var: 3,
                lo: i,
                hi: i,
            });
        }
        assert!(
            one_var.memory_bytes() <= 8 * 10 * PAGE + 8 * 16,
            "8 bytes a node"
        );
    }
}
