//! The node store: a flat vector of 12-byte `(var, lo, hi)` records plus one open-addressing
//! unique table per variable, so every node is created once and shared.
//!
//! The unique tables are built lazily: a bulk import into a fresh store (and a compaction by
//! [`Zdd::retain`]) leaves its nodes unindexed, since they are canonical by construction, and
//! only the first [`Zdd::node`] call that needs the tables indexes them. A build that only
//! counts or saves its diagram never pays the ~8 bytes per node of the tables.

use std::hash::Hasher;

use hashbrown::HashTable;
use rustc_hash::FxHasher;

use crate::cache::OpCache;
use crate::node::{BudgetExceeded, NodeId, Var, TERMINAL_VAR};
pub(crate) use crate::nodes::{Node, NodeVec};

/// Hash of a `(lo, hi)` pair for the per-variable unique tables.
#[inline]
pub(crate) fn hash_pair(lo: u32, hi: u32) -> u64 {
    let mut h = FxHasher::default();
    h.write_u64((u64::from(lo) << 32) | u64::from(hi));
    h.finish()
}

/// The node `(var, lo, hi)` from `table` (the nodes of `var`, keyed by `(lo, hi)`), or a new
/// one pushed onto `nodes` and entered in `table` if the budget allows: the find-or-insert of
/// both the store's unique tables and a bulk import's per-row tables.
#[inline(always)]
pub(crate) fn find_or_push(
    table: &mut HashTable<u32>,
    nodes: &mut NodeVec,
    budget: usize,
    var: Var,
    lo: NodeId,
    hi: NodeId,
) -> Result<NodeId, BudgetExceeded> {
    let h = hash_pair(lo.0, hi.0);
    if let Some(&i) = table.find(h, |&i| {
        let n = nodes.get(i as usize);
        n.lo == lo.0 && n.hi == hi.0
    }) {
        return Ok(NodeId(i));
    }
    check_room(nodes.len(), budget)?;
    let idx = nodes.len() as u32;
    nodes.push(Node {
        var,
        lo: lo.0,
        hi: hi.0,
    });
    table.insert_unique(h, idx, |&i| {
        let n = nodes.get(i as usize);
        hash_pair(n.lo, n.hi)
    });
    Ok(NodeId(idx))
}

/// The ZDD node store and manager: nodes, unique tables, operation cache, node budget.
///
/// Memory: 8 or 12 bytes per node record (see `nodes.rs`) plus about 5 bytes per unique-table slot (a `u32` index and
/// one control byte; tables are between 7/16 and 7/8 full), see [`Zdd::memory_bytes`].
#[derive(Clone, Debug)]
pub struct Zdd {
    /// Node records; indices 0 and 1 are the terminals (var = [`TERMINAL_VAR`]).
    pub(crate) nodes: NodeVec,
    /// `unique[v]` holds the indices of the indexed nodes testing `v`, keyed by `(lo, hi)`.
    pub(crate) unique: Vec<HashTable<u32>>,
    /// `nodes[..indexed]` are in the unique tables; the rest (left by a bulk import or a
    /// compaction, all distinct) are indexed by [`Zdd::index_rest`] before the tables are used.
    pub(crate) indexed: usize,
    pub(crate) num_vars: u32,
    pub(crate) budget: usize,
    pub(crate) cache: OpCache,
    /// A root known to reach every id below it (see [`crate::node::ClosedRoot`]).
    pub(crate) closed: crate::node::ClosedRoot,
    /// The level layout of a fresh import's root, noted by the import: `(root, layout)`,
    /// valid while that root is the [`crate::node::ClosedRoot`] (a count skips its own pass
    /// over the nodes).
    pub(crate) layout: Option<(u32, crate::count::Layout)>,
    /// `{ {t} }` for the tag `t` of the last tally operation (`ZERO` before any; module
    /// `tally`).
    pub(crate) tally_many_leaf: NodeId,
}

impl Zdd {
    /// An empty store over the variables `0..num_vars`, with no node budget.
    pub fn new(num_vars: u32) -> Zdd {
        Zdd::with_node_budget(num_vars, usize::MAX)
    }

    /// An empty store whose live non-terminal nodes may never exceed `max_nodes`.
    pub fn with_node_budget(num_vars: u32, max_nodes: usize) -> Zdd {
        let terminal = Node {
            var: TERMINAL_VAR,
            lo: 0,
            hi: 0,
        };
        let mut nodes = NodeVec::default();
        nodes.push(terminal);
        nodes.push(terminal);
        let mut zdd = Zdd {
            nodes,
            unique: Vec::new(),
            indexed: 2,
            num_vars: 0,
            budget: max_nodes,
            cache: OpCache::new(),
            closed: Default::default(),
            layout: None,
            tally_many_leaf: NodeId::ZERO,
        };
        zdd.set_num_vars(num_vars);
        zdd
    }

    /// The number of variables: members are subsets of `0..num_vars`.
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// Grows the universe to `0..n`; a smaller `n` is ignored (the universe never shrinks).
    /// Clears the operation cache (up-closure results depend on the universe).
    pub fn set_num_vars(&mut self, n: u32) {
        if n > self.num_vars {
            self.num_vars = n;
            self.unique.resize_with(n as usize, HashTable::new);
            self.cache.clear();
        }
    }

    /// The node budget (maximum number of live non-terminal nodes).
    pub fn node_budget(&self) -> usize {
        self.budget
    }

    /// Changes the node budget; it applies to later allocations only.
    pub fn set_node_budget(&mut self, max_nodes: usize) {
        self.budget = max_nodes;
    }

    /// The node for the family `lo ∪ { S ∪ {var} : S ∈ hi }`.
    ///
    /// Zero-suppression: returns `lo` when `hi` is [`NodeId::ZERO`]. Sharing: returns the
    /// existing node when one with the same `(var, lo, hi)` exists. Grows `num_vars` if `var`
    /// is outside the universe. `var` must be smaller than the top variables of `lo` and `hi`
    /// (checked in debug builds). Expected O(1).
    ///
    /// # Errors
    /// [`BudgetExceeded`] if a new node is needed and the store already holds the budget.
    #[inline]
    pub fn node(&mut self, var: Var, lo: NodeId, hi: NodeId) -> Result<NodeId, BudgetExceeded> {
        if hi == NodeId::ZERO {
            return Ok(lo);
        }
        debug_assert!(
            var < self.var(lo) && var < self.var(hi),
            "children must test larger variables"
        );
        if var >= self.num_vars {
            self.set_num_vars(var + 1);
        }
        if self.indexed != self.nodes.len() {
            self.index_rest();
        }
        let Zdd {
            nodes,
            unique,
            budget,
            ..
        } = self;
        let before = nodes.len();
        let id = find_or_push(&mut unique[var as usize], nodes, *budget, var, lo, hi)?;
        if self.nodes.len() == before {
            return Ok(id); // an existing node
        }
        self.indexed = self.nodes.len();
        if self.cache.outgrown(self.nodes.len()) {
            self.cache.fit(self.nodes.len());
        }
        Ok(id)
    }

    /// The variable tested at `f`; [`TERMINAL_VAR`] for the terminals.
    #[inline]
    pub fn var(&self, f: NodeId) -> Var {
        self.nodes.get(f.0 as usize).var
    }

    /// The 0-child of `f`: the members of `f` without `var(f)`. Terminals return
    /// [`NodeId::ZERO`].
    #[inline]
    pub fn lo(&self, f: NodeId) -> NodeId {
        NodeId(self.nodes.get(f.0 as usize).lo)
    }

    /// The 1-child of `f`: the members of `f` with `var(f)`, with `var(f)` removed. Terminals
    /// return [`NodeId::ZERO`].
    #[inline]
    pub fn hi(&self, f: NodeId) -> NodeId {
        NodeId(self.nodes.get(f.0 as usize).hi)
    }

    /// The number of live non-terminal nodes in the store.
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 2
    }

    /// Bytes held by the node records and unique tables (allocated capacity, not just used;
    /// the tables of a freshly imported store are built only when first needed).
    /// Divide by [`Zdd::node_count`] for bytes per node. The operation cache is not included.
    pub fn memory_bytes(&self) -> usize {
        let records = self.nodes.memory_bytes();
        let tables: usize = self.unique.iter().map(HashTable::allocation_size).sum();
        let headers = self.unique.capacity() * std::mem::size_of::<HashTable<u32>>();
        records + tables + headers
    }
}

/// Whether a store holding `len` records (terminals included) may add a node under `budget`.
#[inline]
pub(crate) fn check_room(len: usize, budget: usize) -> Result<(), BudgetExceeded> {
    let live = len - 2;
    if live >= budget || len >= crate::node::RES_BASE as usize {
        return Err(BudgetExceeded {
            limit: budget.min(crate::node::RES_BASE as usize - 2),
            live,
        });
    }
    Ok(())
}

impl Zdd {
    /// Puts the unindexed nodes `nodes[indexed..]` into the unique tables (each table grown
    /// once, to its final size). They must be distinct from each other and from the indexed
    /// nodes, as a bulk import or a compaction leaves them.
    #[cold]
    pub(crate) fn index_rest(&mut self) {
        let Zdd {
            nodes,
            unique,
            indexed,
            ..
        } = self;
        let mut per_var = vec![0usize; unique.len()];
        for n in nodes.iter_from(*indexed) {
            per_var[n.var as usize] += 1;
        }
        let rehash = |&i: &u32| {
            let n = nodes.get(i as usize);
            hash_pair(n.lo, n.hi)
        };
        for (table, &c) in unique.iter_mut().zip(&per_var) {
            table.reserve(c, rehash);
        }
        for (i, n) in nodes.iter_from(*indexed).enumerate() {
            let idx = (*indexed + i) as u32;
            unique[n.var as usize].insert_unique(hash_pair(n.lo, n.hi), idx, rehash);
        }
        *indexed = nodes.len();
    }

    /// `(var, lo, hi)` of a node.
    #[inline]
    pub(crate) fn split(&self, f: NodeId) -> (Var, NodeId, NodeId) {
        let n = self.nodes.get(f.0 as usize);
        (n.var, NodeId(n.lo), NodeId(n.hi))
    }

    /// Prepares the operation cache for a top-level operation.
    #[inline]
    pub(crate) fn begin_op(&mut self) {
        self.cache.fit(self.nodes.len());
    }
}
