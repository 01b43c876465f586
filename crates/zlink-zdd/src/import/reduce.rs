//! The reduction of an [`Unreduced`] diagram into the store ([`crate::Zdd::import`]): rows
//! bottom-up, each node's entry overwritten by its reduced id, chunks dropped as the
//! reduction passes them.
//!
//! Why apart from the raw form: the raw form is written by the builder's threads while they
//! expand levels, the reduction runs once at the end on one thread; they share only the
//! layout (links, chunks), which [`super`] owns.

use super::{Link, Unreduced, CHUNK, CHUNK_BITS};
use crate::count::{run_before, Layout, Run};
use crate::nodes::Node;
use crate::probe::{Probe, ReadAhead, Slots, AHEAD};
use crate::store::{check_room, hash_pair};
use crate::{BudgetExceeded, NodeId};
use std::cell::Cell;

impl crate::Zdd {
    /// Reduces a top-down diagram into the store, bottom-up (last variable first), in time
    /// linear in its number of nodes (expected, one hash probe each): equal nodes are merged
    /// and nodes whose `hi` is the 0-terminal are suppressed. The diagram's memory is given
    /// back chunk by chunk as the reduction passes it (see the module docs). Grows `num_vars`
    /// to the number of rows if needed. Never recurses.
    ///
    /// Into a fresh store (no nodes yet) the nodes are merged row by row and left out of the
    /// store's unique tables, which the first later [`crate::Zdd::node`] builds: an import that
    /// is only counted or saved costs 12 bytes per reduced node, not ~20. When the root
    /// reaches every new node, the import also notes the level layout [`crate::Zdd::count`]
    /// needs (each row's new nodes, and the last row that reads them), so that counting the
    /// result does not read every node once more to find it (14×14 corner paths: the count
    /// 0.73 -> 0.48 s, the import 1.29 -> 1.38 s).
    ///
    /// # Errors
    /// [`crate::BudgetExceeded`] if the reduced nodes do not fit in the node budget.
    ///
    /// # Panics
    /// If `d` breaks its contract: a child in a row of a variable not larger than its
    /// parent's (the builder's output never does).
    pub fn import(&mut self, d: Unreduced) -> Result<crate::NodeId, crate::BudgetExceeded> {
        let Unreduced {
            root,
            mut chunks,
            starts,
            first_parent,
        } = d;
        let rows = starts.len() - 1;
        self.set_num_vars(rows as u32);
        // Room for every raw node up front (virtual memory until used): no re-allocation
        // copies of the node array while it grows.
        let raw_total = starts[rows] as usize;
        self.nodes
            .reserve_uniform(raw_total.min(self.budget.saturating_sub(self.nodes.len() - 2)));
        // A chunk is dropped once its first parent row and every row in it are reduced
        // (Simpath rows are read by the next few rows only); the root's id is taken as soon as
        // its row is reduced.
        let mut root_id = NodeId(if root < 2 { root } else { 0 });
        // Into a fresh store every node of variable `v` comes from row `v`: equal nodes are
        // merged with one probing table per row, and the store's own unique tables are left
        // for later (built when first needed, see `Zdd::index_rest`).
        let fresh = self.nodes.len() == 2;
        // Into a fresh store: which new nodes are a child of another new node. If all but the
        // root are, the root reaches every node (the builder's output always does), and the
        // store remembers it, so counting or sizing the result skips the reachability sweep.
        // The marks are bits at ids made a few rows before: cheap, and 1/96 of the nodes'
        // memory.
        let mut is_child: Vec<u64> = if fresh {
            vec![0; (raw_total + 2).div_ceil(64)]
        } else {
            Vec::new()
        };
        // Into a fresh store: the level layout the count needs (the new nodes of each row
        // are a run; which later run reads each), noted here so that the count does not read
        // every node once more to find it.
        let mut layout = Layout::default();
        for v in (0..rows).rev() {
            let (a, b) = (starts[v] as usize, starts[v + 1] as usize);
            let made = self.nodes.len() as u32;
            let row = if fresh {
                self.reduce_fresh_row(&mut chunks, (v, a..b), root, &mut layout, &mut is_child)?
            } else {
                self.reduce_row(&mut chunks, (v, a..b), root)?
            };
            if let Some(id) = row {
                root_id = id;
            }
            let end = self.nodes.len() as u32;
            if fresh && end > made {
                layout.runs.push(Run {
                    start: made,
                    end,
                    var: v as u32,
                });
                layout.last.push(0);
            }
            drop_passed_chunks(&mut chunks, &first_parent, a, v);
        }
        if fresh {
            self.note_closed(root_id, &is_child);
            if root_id.0 >= 2 && self.closed.get() == root_id.0 {
                self.layout = Some((root_id.0, layout));
            }
        }
        Ok(root_id)
    }

    /// Reduces the raw nodes `rows` of variable `v` into a store with nodes already (through
    /// its unique tables), each entry overwritten by its reduced id; the root's reduced id if
    /// it is in this row.
    fn reduce_row(
        &mut self,
        chunks: &mut [Vec<[Link; 2]>],
        (v, rows): (usize, std::ops::Range<usize>),
        root: Link,
    ) -> Result<Option<NodeId>, BudgetExceeded> {
        let mut root_id = None;
        let b = rows.end;
        for g in rows {
            let (lo, hi) = children(chunks, g, v, b);
            let id = self.node(v as u32, lo, hi)?;
            chunks[g >> CHUNK_BITS][g & (CHUNK - 1)][0] = id.0;
            if g + 2 == root as usize {
                root_id = Some(id);
            }
        }
        Ok(root_id)
    }

    /// [`Self::reduce_row`] into a fresh store: equal nodes are merged through a probing table
    /// of this row's new nodes (read a few nodes ahead, see [`crate::probe`]), left out of the
    /// store's unique tables; the children of new nodes are marked in `is_child` and the runs
    /// they read noted in `layout`.
    fn reduce_fresh_row(
        &mut self,
        chunks: &mut [Vec<[Link; 2]>],
        (v, rows): (usize, std::ops::Range<usize>),
        root: Link,
        layout: &mut Layout,
        is_child: &mut [u64],
    ) -> Result<Option<NodeId>, BudgetExceeded> {
        let mut root_id = None;
        let (a, b) = (rows.start, rows.end);
        let n = b - a;
        let mut table = Slots::new(n, (usize::BITS - n.leading_zeros()).max(1));
        // Each node's children, resolved once (for its hash, `AHEAD` nodes before its turn)
        // and kept until its turn, in a ring of twice that many.
        let kids: [Cell<(NodeId, NodeId)>; 2 * AHEAD] =
            std::array::from_fn(|_| Cell::new((NodeId::ZERO, NodeId::ZERO)));
        let hash_at = |chunks: &[Vec<[Link; 2]>], r: usize| {
            let (lo, hi) = children(chunks, a + r, v, b);
            kids[r % (2 * AHEAD)].set((lo, hi));
            hash_pair(lo.0, hi.0)
        };
        let mut walk = ReadAhead::new(&table, n, |r| hash_at(chunks, r));
        let made = self.nodes.len() as u32;
        // this row's run comes next
        let k = layout.runs.len();
        for r in 0..n {
            let g = a + r;
            let h = walk.hash(&table, r, |r| hash_at(chunks, r));
            let (lo, hi) = kids[r % (2 * AHEAD)].get();
            let id = if hi == NodeId::ZERO {
                lo
            } else {
                let nodes = &self.nodes;
                let same = |i: u32| {
                    let n = nodes.get((made + i) as usize);
                    n.lo == lo.0 && n.hi == hi.0
                };
                match table.probe(h, same) {
                    Probe::Found(i) => NodeId(made + i),
                    Probe::Vacant(free) => {
                        check_room(self.nodes.len(), self.budget)?;
                        let id = self.nodes.len() as u32;
                        self.nodes.push(Node {
                            var: v as u32,
                            lo: lo.0,
                            hi: hi.0,
                        });
                        table.fill(free, id - made);
                        for c in [lo.0, hi.0] {
                            if c >= 2 {
                                mark_child(is_child, c);
                                let ck = run_before(&layout.runs, c, k);
                                layout.last[ck] = k;
                            }
                        }
                        NodeId(id)
                    }
                }
            };
            chunks[g >> CHUNK_BITS][g & (CHUNK - 1)][0] = id.0;
            if g + 2 == root as usize {
                root_id = Some(id);
            }
        }
        Ok(root_id)
    }

    /// After an import into a fresh store: remembers that the root reaches every node when
    /// every new node but the root is a child of another (`is_child`).
    fn note_closed(&self, root_id: NodeId, is_child: &[u64]) {
        if root_id.0 as usize + 1 == self.nodes.len() && root_id.0 >= 2 {
            let r = root_id.0 as usize;
            let marked: usize = is_child.iter().map(|w| w.count_ones() as usize).sum();
            if marked == r - 2 {
                self.closed.set(root_id.0);
            }
        }
    }
}

/// A child's reduced id, read from its (already reduced) entry; `b` is the end of the row of
/// variable `v` being reduced.
#[inline]
fn resolve(chunks: &[Vec<[Link; 2]>], l: Link, v: usize, b: usize) -> NodeId {
    if l < 2 {
        return NodeId(l);
    }
    let g = l as usize - 2;
    assert!(g >= b, "a child of row {v} is not in a later row");
    NodeId(chunks[g >> CHUNK_BITS][g & (CHUNK - 1)][0])
}

/// The reduced ids of raw node `g`'s children (in rows past `b`, the end of row `v`).
#[inline(always)]
fn children(chunks: &[Vec<[Link; 2]>], g: usize, v: usize, b: usize) -> (NodeId, NodeId) {
    let [lo, hi] = chunks[g >> CHUNK_BITS][g & (CHUNK - 1)];
    (resolve(chunks, lo, v, b), resolve(chunks, hi, v, b))
}

/// Marks non-terminal `i` (at least 2) as a child of a new node.
#[inline]
fn mark_child(is_child: &mut [u64], i: u32) {
    is_child[i as usize / 64] |= 1 << (i % 64);
}

/// Drops every chunk from row start `a` on whose first parent row is not before `v` (both it
/// and its parents are reduced).
fn drop_passed_chunks(chunks: &mut [Vec<[Link; 2]>], first_parent: &[u32], a: usize, v: usize) {
    for (c, chunk) in chunks.iter_mut().enumerate() {
        if !chunk.is_empty() && c << CHUNK_BITS >= a && first_parent[c] as usize >= v {
            *chunk = Vec::new();
        }
    }
}
