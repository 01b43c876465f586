//! Bulk import of diagrams built top-down, level by level (the frontier builder's output).
//!
//! A top-down builder knows each node's children only as positions in lower rows, and it
//! produces many equivalent or zero-suppressible nodes. [`Unreduced`] is that raw form: one row
//! per variable, each node a `[lo, hi]` pair of [`RawRef`]s pointing to terminals or to nodes
//! in rows of *larger* variables. `Zdd::import` reduces it bottom-up in linear time (merging
//! equal nodes, suppressing nodes whose `hi` is the 0-terminal) into the shared node store.

use hashbrown::HashTable;

use crate::store::{hash_pair, Node};
use crate::{BudgetExceeded, NodeId};

/// A child reference in an [`Unreduced`] diagram: a terminal, or `(var, index)` into row `var`.
///
/// Packed into one `u64`: terminals are `0` and `1`; a node is `2 + (var << 32 | index)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RawRef(u64);

impl RawRef {
    /// The 0-terminal (the empty family).
    pub const ZERO: RawRef = RawRef(0);
    /// The 1-terminal (the family holding only the empty set).
    pub const ONE: RawRef = RawRef(1);

    /// A reference to node `index` of row `var`.
    #[inline]
    pub fn node(var: u32, index: u32) -> RawRef {
        RawRef(2 + ((u64::from(var) << 32) | u64::from(index)))
    }

    /// Whether this is one of the two terminals.
    #[inline]
    pub fn is_terminal(self) -> bool {
        self.0 < 2
    }

    /// For a node reference, its `(var, index)`; `None` for terminals.
    #[inline]
    pub fn as_node(self) -> Option<(u32, u32)> {
        if self.is_terminal() {
            None
        } else {
            let x = self.0 - 2;
            Some(((x >> 32) as u32, x as u32))
        }
    }
}

/// An unreduced diagram as produced top-down: `rows[v][i] = [lo, hi]` is node `i` testing
/// variable `v`; every child points to a terminal or to a row of a larger variable.
#[derive(Clone, Debug)]
pub struct Unreduced {
    /// The root: a terminal or a node in some row.
    pub root: RawRef,
    /// One row per variable, `rows.len()` = number of variables.
    pub rows: Vec<Vec<[RawRef; 2]>>,
}

impl crate::Zdd {
    /// Reduces a top-down diagram into the store, bottom-up (last variable first), in time
    /// linear in its number of rows entries (expected, one hash probe each): equal nodes are
    /// merged and nodes whose `hi` is the 0-terminal are suppressed. Each input row is freed
    /// once reduced (only a 4-byte id per raw node is kept until its last parent row is done).
    /// Grows `num_vars` to `d.rows.len()` if needed. Never recurses.
    ///
    /// Into a fresh store (no nodes yet) the nodes are merged row by row and left out of the
    /// store's unique tables, which the first later [`crate::Zdd::node`] builds: an import that
    /// is only counted or saved costs 12 bytes per reduced node, not ~20.
    ///
    /// # Errors
    /// [`crate::BudgetExceeded`] if the reduced nodes do not fit in the node budget.
    ///
    /// # Panics
    /// If `d` breaks its contract: a child pointing to a missing node or to a row of a variable
    /// not larger than its parent's (the builder's output never does).
    pub fn import(&mut self, d: Unreduced) -> Result<crate::NodeId, crate::BudgetExceeded> {
        let Unreduced { root, mut rows } = d;
        self.set_num_vars(rows.len() as u32);
        let mut ids: Vec<Vec<u32>> = vec![Vec::new(); rows.len()];
        let resolve = |ids: &[Vec<u32>], r: RawRef, parent: usize| -> crate::NodeId {
            match r.as_node() {
                None => crate::NodeId(r.0 as u32),
                Some((v, i)) => {
                    assert!(
                        v as usize > parent,
                        "child row {v} is not below row {parent}"
                    );
                    crate::NodeId(ids[v as usize][i as usize])
                }
            }
        };
        // Room for every raw node up front (virtual memory until used): no re-allocation
        // copies of the node array while it grows. (The unique tables grow as needed: a raw
        // row can be much bigger than its reduced row.)
        let raw_total: usize = rows.iter().map(Vec::len).sum();
        self.nodes
            .reserve(raw_total.min(self.budget.saturating_sub(self.nodes.len() - 2)));
        // A row's new ids are needed until its last (smallest) parent row is done: free them
        // then (Simpath rows are read by the next few rows only). The root's row is kept.
        let mut last_parent = vec![usize::MAX; rows.len()];
        for (v, row) in rows.iter().enumerate() {
            for r in row.iter().flatten() {
                if let Some((w, _)) = r.as_node() {
                    let w = w as usize;
                    if w < rows.len() {
                        last_parent[w] = last_parent[w].min(v);
                    }
                }
            }
        }
        let mut dies_after: Vec<Vec<usize>> = vec![Vec::new(); rows.len()];
        let root_row = root.as_node().map(|(v, _)| v as usize);
        for (w, &p) in last_parent.iter().enumerate() {
            if p != usize::MAX && Some(w) != root_row {
                dies_after[p].push(w);
            }
        }
        // Into a fresh store every node of variable `v` comes from row `v`: equal nodes are
        // merged with one table per row, reused from row to row, and the store's own unique
        // tables are left for later (built when first needed, see `Zdd::index_rest`).
        let fresh = self.nodes.len() == 2;
        let mut row_table: HashTable<u32> = HashTable::new();
        for v in (0..rows.len()).rev() {
            let row = std::mem::take(&mut rows[v]);
            let mut row_ids = Vec::with_capacity(row.len());
            if fresh {
                row_table.clear();
                for [lo, hi] in row {
                    let lo = resolve(&ids, lo, v);
                    let hi = resolve(&ids, hi, v);
                    row_ids.push(self.fresh_node(&mut row_table, v as u32, lo, hi)?.0);
                }
            } else {
                for [lo, hi] in row {
                    let lo = resolve(&ids, lo, v);
                    let hi = resolve(&ids, hi, v);
                    row_ids.push(self.node(v as u32, lo, hi)?.0);
                }
            }
            ids[v] = row_ids;
            for &w in &dies_after[v] {
                ids[w] = Vec::new();
            }
        }
        Ok(match root.as_node() {
            None => crate::NodeId(root.0 as u32),
            Some((v, i)) => crate::NodeId(ids[v as usize][i as usize]),
        })
    }

    /// [`crate::Zdd::node`] for an import into a fresh store: `table` holds the nodes of `var`
    /// made so far; the node is left out of the store's unique tables.
    #[inline]
    fn fresh_node(
        &mut self,
        table: &mut HashTable<u32>,
        var: u32,
        lo: NodeId,
        hi: NodeId,
    ) -> Result<NodeId, BudgetExceeded> {
        if hi == NodeId::ZERO {
            return Ok(lo);
        }
        let h = hash_pair(lo.0, hi.0);
        if let Some(&i) = table.find(h, |&i| {
            let n = self.nodes[i as usize];
            n.lo == lo.0 && n.hi == hi.0
        }) {
            return Ok(NodeId(i));
        }
        self.check_room()?;
        let nodes = &mut self.nodes;
        let idx = nodes.len() as u32;
        nodes.push(Node {
            var,
            lo: lo.0,
            hi: hi.0,
        });
        table.insert_unique(h, idx, |&i| {
            let n = nodes[i as usize];
            hash_pair(n.lo, n.hi)
        });
        Ok(NodeId(idx))
    }
}
