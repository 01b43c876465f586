//! Bulk import of diagrams built top-down, level by level (the frontier builder's output).
//!
//! A top-down builder knows each node's children only as positions in lower rows, and it
//! produces many equivalent or zero-suppressible nodes. [`Unreduced`] is that raw form: one row
//! per variable, each node a `[lo, hi]` pair pointing to terminals or to nodes in rows of
//! *larger* variables. `Zdd::import` reduces it bottom-up in linear time (merging equal nodes,
//! suppressing nodes whose `hi` is the 0-terminal) into the shared node store.
//!
//! Memory is what limits the builds, so the raw form is compact: 8 bytes per node (each child
//! a `u32`: a terminal, or 2 + the node's position in the row-major numbering of all nodes),
//! held in chunks of 32 MiB. The import reduces a row in place (each node's entry then holds
//! its reduced id for its parents to read) and drops a chunk once no unreduced parent can
//! read it; chunks that big are their own memory mappings, so a dropped chunk goes back to the
//! system at once instead of staying in the allocator's heap.

use hashbrown::HashTable;

use crate::store::find_or_push;
use crate::{BudgetExceeded, NodeId};

/// A child reference given to or read from an [`Unreduced`] diagram: a terminal, or
/// `(var, index)` into row `var` (the diagram itself stores 4-byte links, see the module docs).
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

/// `log2` of the nodes per chunk: 2^22 entries of 8 bytes = 32 MiB, at least the largest
/// allocation size glibc serves from its heap, so each full chunk is freed to the system.
#[cfg(not(test))]
const CHUNK_BITS: u32 = 22;
/// Tiny chunks in unit tests, so that small diagrams cross many chunk boundaries.
#[cfg(test)]
const CHUNK_BITS: u32 = 3;
const CHUNK: usize = 1 << CHUNK_BITS;

/// A child link: 0 and 1 are the terminals, `2 + g` the node numbered `g`.
type Link = u32;

/// The raw diagram holds more nodes than `u32` links can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("an unreduced diagram holds at most {} nodes", Unreduced::MAX_NODES)]
pub struct TooManyRawNodes;

/// An unreduced diagram as produced top-down: row `v` holds the nodes testing variable `v`,
/// each a `[lo, hi]` pair pointing to a terminal or to a node of a row of a larger variable.
///
/// Built row by row ([`Unreduced::push_row`], then [`Unreduced::set_child`] for the children
/// that are not the 0-terminal), or from plain rows with [`Unreduced::from_rows`]. 8 bytes per
/// node (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreduced {
    root: Link,
    /// Node `g` (row-major over all rows) is `chunks[g >> CHUNK_BITS][g % CHUNK]`.
    chunks: Vec<Vec<[Link; 2]>>,
    /// `starts[v]`: the number of the first node of row `v`; one more entry for the end.
    starts: Vec<u32>,
    /// Per chunk, the smallest row with a child in it (`u32::MAX`: none): the import drops
    /// the chunk once that row is reduced.
    first_parent: Vec<u32>,
}

impl Default for Unreduced {
    fn default() -> Unreduced {
        Unreduced::new()
    }
}

impl Unreduced {
    /// The most nodes one diagram can hold (links are `u32`, two values name the terminals).
    pub const MAX_NODES: usize = u32::MAX as usize - 2;

    /// An empty diagram: no rows, the root is the 0-terminal.
    pub fn new() -> Unreduced {
        Unreduced {
            root: 0,
            chunks: Vec::new(),
            starts: vec![0],
            first_parent: Vec::new(),
        }
    }

    /// A diagram from plain rows: `rows[v][i] = [lo, hi]` is node `i` of variable `v`.
    ///
    /// # Errors
    /// [`TooManyRawNodes`] past [`Unreduced::MAX_NODES`] nodes.
    ///
    /// # Panics
    /// If a child names a missing node.
    pub fn from_rows(
        root: RawRef,
        rows: &[Vec<[RawRef; 2]>],
    ) -> Result<Unreduced, TooManyRawNodes> {
        let mut d = Unreduced::new();
        for row in rows {
            d.push_row(row.len())?;
        }
        for (v, row) in rows.iter().enumerate() {
            for (i, &[lo, hi]) in row.iter().enumerate() {
                d.set_child(v as u32, i as u32, false, lo);
                d.set_child(v as u32, i as u32, true, hi);
            }
        }
        d.set_root(root);
        Ok(d)
    }

    /// The plain rows and root of the diagram (the inverse of [`Unreduced::from_rows`]).
    pub fn to_rows(&self) -> (RawRef, Vec<Vec<[RawRef; 2]>>) {
        let rows = (0..self.num_rows())
            .map(|v| {
                let (a, b) = (self.starts[v as usize], self.starts[v as usize + 1]);
                (a..b)
                    .map(|g| self.entry(g).map(|l| self.raw_ref(l)))
                    .collect()
            })
            .collect();
        (self.raw_ref(self.root), rows)
    }

    /// The number of rows (variables).
    pub fn num_rows(&self) -> u32 {
        (self.starts.len() - 1) as u32
    }

    /// The number of nodes in all rows.
    pub fn num_nodes(&self) -> usize {
        self.starts[self.starts.len() - 1] as usize
    }

    /// Bytes held by the rows (allocated capacity).
    pub fn memory_bytes(&self) -> usize {
        let links: usize = self.chunks.iter().map(Vec::capacity).sum();
        links * std::mem::size_of::<[Link; 2]>() + self.starts.capacity() * 4
    }

    /// The root: a terminal or a node.
    pub fn root(&self) -> RawRef {
        self.raw_ref(self.root)
    }

    /// Appends the row of the next variable ([`Unreduced::num_rows`]) with `len` nodes, both
    /// children of each the 0-terminal until set.
    ///
    /// # Errors
    /// [`TooManyRawNodes`] past [`Unreduced::MAX_NODES`] nodes (nothing is appended).
    pub fn push_row(&mut self, len: usize) -> Result<(), TooManyRawNodes> {
        let start = self.num_nodes();
        let end = start + len;
        if end > Self::MAX_NODES {
            return Err(TooManyRawNodes);
        }
        let mut g = start;
        while g < end {
            let c = g >> CHUNK_BITS;
            if c == self.chunks.len() {
                self.first_parent.push(u32::MAX);
                // Every full chunk gets its exact size up front (its own mapping, see the
                // module docs); the first one grows, so small diagrams stay small.
                self.chunks.push(if c == 0 {
                    Vec::new()
                } else {
                    Vec::with_capacity(CHUNK)
                });
            }
            let take = (end - g).min(CHUNK - (g & (CHUNK - 1)));
            let chunk = &mut self.chunks[c];
            if c == 0 && chunk.len() + take > chunk.capacity() {
                // the first chunk grows geometrically and ends at exactly CHUNK
                let want = (chunk.len() + take).next_power_of_two().min(CHUNK);
                chunk.reserve_exact(want - chunk.len());
            }
            chunk.resize(chunk.len() + take, [0, 0]);
            g += take;
        }
        self.starts.push(end as u32);
        Ok(())
    }

    /// Sets the `lo` (`hi = false`) or `hi` child of node `index` of row `var` to `child`.
    ///
    /// # Panics
    /// If either node does not exist.
    #[inline]
    pub fn set_child(&mut self, var: u32, index: u32, hi: bool, child: RawRef) {
        let link = self.link(child);
        if link >= 2 {
            let c = (link as usize - 2) >> CHUNK_BITS;
            self.first_parent[c] = self.first_parent[c].min(var);
        }
        let g = self.number(var, index);
        self.chunks[g >> CHUNK_BITS][g & (CHUNK - 1)][usize::from(hi)] = link;
    }

    /// The number of the first node of row `var` in the row-major numbering of all nodes (row
    /// `v` holds the numbers `row_start(v)..row_start(v + 1)`), for
    /// [`Unreduced::set_child_numbered`].
    ///
    /// # Panics
    /// If row `var` does not exist.
    #[inline]
    pub fn row_start(&self, var: u32) -> u32 {
        self.starts[var as usize]
    }

    /// [`Unreduced::set_child`] with nodes given by number (see [`Unreduced::row_start`]): the
    /// `lo` or `hi` child of node `parent`, of row `var`, becomes node `child`, of a later row.
    /// A builder that remembers where each pending child's id goes saves the row look-ups.
    ///
    /// # Panics
    /// If either node does not exist.
    #[inline]
    pub fn set_child_numbered(&mut self, var: u32, parent: u32, hi: bool, child: u32) {
        assert!(
            (child as usize) < self.num_nodes() && (parent as usize) < self.num_nodes(),
            "no node {child} or {parent}"
        );
        let c = child as usize >> CHUNK_BITS;
        self.first_parent[c] = self.first_parent[c].min(var);
        let g = parent as usize;
        self.chunks[g >> CHUNK_BITS][g & (CHUNK - 1)][usize::from(hi)] = 2 + child;
    }

    /// Sets the root.
    ///
    /// # Panics
    /// If `root` names a missing node.
    pub fn set_root(&mut self, root: RawRef) {
        self.root = self.link(root);
    }

    /// The number of node `index` of row `var`.
    #[inline]
    fn number(&self, var: u32, index: u32) -> usize {
        let (a, b) = (self.starts[var as usize], self.starts[var as usize + 1]);
        assert!(index < b - a, "row {var} has no node {index}");
        (a + index) as usize
    }

    #[inline]
    fn link(&self, r: RawRef) -> Link {
        match r.as_node() {
            None => r.0 as Link,
            Some((v, i)) => 2 + self.number(v, i) as Link,
        }
    }

    fn raw_ref(&self, l: Link) -> RawRef {
        if l < 2 {
            return RawRef(u64::from(l));
        }
        let g = l - 2;
        let v = self.starts.partition_point(|&s| s <= g) - 1;
        RawRef::node(v as u32, g - self.starts[v])
    }

    #[inline]
    fn entry(&self, g: u32) -> [Link; 2] {
        let g = g as usize;
        self.chunks[g >> CHUNK_BITS][g & (CHUNK - 1)]
    }
}

impl crate::Zdd {
    /// Reduces a top-down diagram into the store, bottom-up (last variable first), in time
    /// linear in its number of nodes (expected, one hash probe each): equal nodes are merged
    /// and nodes whose `hi` is the 0-terminal are suppressed. The diagram's memory is given
    /// back chunk by chunk as the reduction passes it (see the module docs). Grows `num_vars`
    /// to the number of rows if needed. Never recurses.
    ///
    /// Into a fresh store (no nodes yet) the nodes are merged row by row and left out of the
    /// store's unique tables, which the first later [`crate::Zdd::node`] builds: an import that
    /// is only counted or saved costs 12 bytes per reduced node, not ~20.
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
        // merged with one table per row, reused from row to row, and the store's own unique
        // tables are left for later (built when first needed, see `Zdd::index_rest`).
        let fresh = self.nodes.len() == 2;
        let mut row_table: HashTable<u32> = HashTable::new();
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
        let mut mark = |i: u32| {
            if i >= 2 {
                is_child[i as usize / 64] |= 1 << (i % 64);
            }
        };
        for v in (0..rows).rev() {
            let (a, b) = (starts[v] as usize, starts[v + 1] as usize);
            // a child's reduced id, read from its (already reduced) entry
            let resolve = |chunks: &[Vec<[Link; 2]>], l: Link| -> NodeId {
                if l < 2 {
                    return NodeId(l);
                }
                let g = l as usize - 2;
                assert!(g >= b, "a child of row {v} is not in a later row");
                NodeId(chunks[g >> CHUNK_BITS][g & (CHUNK - 1)][0])
            };
            row_table.clear();
            for g in a..b {
                let [lo, hi] = chunks[g >> CHUNK_BITS][g & (CHUNK - 1)];
                let (lo, hi) = (resolve(&chunks, lo), resolve(&chunks, hi));
                let id = if fresh {
                    let made = self.nodes.len();
                    let id = self.fresh_node(&mut row_table, v as u32, lo, hi)?;
                    if self.nodes.len() > made {
                        mark(lo.0);
                        mark(hi.0);
                    }
                    id
                } else {
                    self.node(v as u32, lo, hi)?
                };
                chunks[g >> CHUNK_BITS][g & (CHUNK - 1)][0] = id.0;
                if g + 2 == root as usize {
                    root_id = id;
                }
            }
            for (c, chunk) in chunks.iter_mut().enumerate() {
                if !chunk.is_empty() && c << CHUNK_BITS >= a && first_parent[c] as usize >= v {
                    *chunk = Vec::new();
                }
            }
        }
        if fresh && root_id.0 as usize + 1 == self.nodes.len() && root_id.0 >= 2 {
            let r = root_id.0 as usize;
            let marked: usize = is_child.iter().map(|w| w.count_ones() as usize).sum();
            if marked == r - 2 {
                self.closed.set(root_id.0);
            }
        }
        Ok(root_id)
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
        find_or_push(table, &mut self.nodes, self.budget, var, lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    /// Random rows: `width(v)` nodes in row `v`, children terminals or nodes of any later row
    /// (often the next, sometimes far below), root in row `root_row` (seeded xorshift).
    fn random_rows(levels: u32, seed: u64, root_row: u32) -> (RawRef, Vec<Vec<[RawRef; 2]>>) {
        let mut rng = zlink_base::SplitMix64::new(seed);
        let mut rnd = move |m: u64| rng.below_u64(m);
        let widths: Vec<u32> = (0..levels).map(|_| 1 + rnd(12) as u32).collect();
        let mut rows = Vec::new();
        for v in 0..levels {
            let child = |rnd: &mut dyn FnMut(u64) -> u64| match rnd(10) {
                0 => RawRef::ZERO,
                1 => RawRef::ONE,
                k if v + 1 < levels => {
                    let to = if k == 9 {
                        v + 1 + rnd(u64::from(levels - v - 1)) as u32
                    } else {
                        v + 1
                    };
                    RawRef::node(to, rnd(u64::from(widths[to as usize])) as u32)
                }
                _ => RawRef::ONE,
            };
            let row = (0..widths[v as usize])
                .map(|_| [child(&mut rnd), child(&mut rnd)])
                .collect();
            rows.push(row);
        }
        (RawRef::node(root_row, 0), rows)
    }

    /// The number of 1-paths from `root`, straight from the rows (no reduction).
    fn rows_count(root: RawRef, rows: &[Vec<[RawRef; 2]>]) -> BigUint {
        let mut vals: Vec<Vec<BigUint>> = rows
            .iter()
            .map(|r| vec![BigUint::default(); r.len()])
            .collect();
        let val = |vals: &[Vec<BigUint>], r: RawRef| match r.as_node() {
            None => BigUint::from(u8::from(r == RawRef::ONE)),
            Some((v, i)) => vals[v as usize][i as usize].clone(),
        };
        for v in (0..rows.len()).rev() {
            for i in 0..rows[v].len() {
                let [lo, hi] = rows[v][i];
                vals[v][i] = val(&vals, lo) + val(&vals, hi);
            }
        }
        val(&vals, root)
    }

    /// Across many (tiny, under test) chunks: the compact form keeps every link, and importing
    /// it, fresh or into a used store, counts what the raw rows count.
    #[test]
    fn chunked_rows_round_trip_and_import_exactly() {
        for seed in 1..40u64 {
            let levels = 2 + (seed as u32 * 7) % 150;
            let root_row = (seed as u32) % 3 % levels;
            let (root, rows) = random_rows(levels, seed, root_row);
            let d = Unreduced::from_rows(root, &rows).unwrap();
            assert!(d.chunks.len() > 1 || d.num_nodes() <= CHUNK);
            assert_eq!(d.to_rows(), (root, rows.clone()));
            assert_eq!(d.root(), root);
            let want = rows_count(root, &rows);
            let mut fresh = crate::Zdd::new(0);
            let f = fresh.import(d.clone()).unwrap();
            assert_eq!(fresh.count(f), want, "seed {seed}");
            let mut used = crate::Zdd::new(0);
            let other = used.power_set(&[0, 2, 5]).unwrap();
            let g = used.import(d).unwrap();
            assert_eq!(used.count(g), want, "seed {seed}");
            assert_eq!(used.size(g), fresh.size(f), "both imports are reduced");
            assert_eq!(used.count(other), BigUint::from(8u32));
        }
    }

    /// The rows reachable from `root`, renumbered (what a top-down builder produces).
    fn reachable_rows(root: RawRef, rows: &[Vec<[RawRef; 2]>]) -> (RawRef, Vec<Vec<[RawRef; 2]>>) {
        let mut new_id: Vec<Vec<Option<u32>>> = rows.iter().map(|r| vec![None; r.len()]).collect();
        let mut kept: Vec<Vec<u32>> = vec![Vec::new(); rows.len()];
        let mark = |r: RawRef, new_id: &mut Vec<Vec<Option<u32>>>, kept: &mut Vec<Vec<u32>>| {
            if let Some((v, i)) = r.as_node() {
                let slot = &mut new_id[v as usize][i as usize];
                if slot.is_none() {
                    *slot = Some(kept[v as usize].len() as u32);
                    kept[v as usize].push(i);
                }
            }
        };
        mark(root, &mut new_id, &mut kept);
        for v in 0..rows.len() {
            let mut k = 0;
            while k < kept[v].len() {
                let [lo, hi] = rows[v][kept[v][k] as usize];
                mark(lo, &mut new_id, &mut kept);
                mark(hi, &mut new_id, &mut kept);
                k += 1;
            }
        }
        let map = |r: RawRef| match r.as_node() {
            None => r,
            Some((v, i)) => RawRef::node(v, new_id[v as usize][i as usize].unwrap()),
        };
        let out = (0..rows.len())
            .map(|v| {
                kept[v]
                    .iter()
                    .map(|&i| rows[v][i as usize].map(map))
                    .collect()
            })
            .collect();
        (map(root), out)
    }

    /// An import into a fresh store claims that its root reaches every node exactly when a
    /// reachability sweep finds so; a builder-like diagram (every raw node reachable) always
    /// gets the claim.
    #[test]
    fn a_fresh_import_knows_when_its_root_reaches_everything() {
        let (mut claimed, mut unclaimed) = (0, 0);
        for seed in 1..60u64 {
            let levels = 2 + (seed as u32 * 5) % 90;
            let (root, rows) = random_rows(levels, seed, 0);
            let (r2, pruned) = reachable_rows(root, &rows);
            for (root, rows, builder_like) in [(root, rows, false), (r2, pruned, true)] {
                let mut zdd = crate::Zdd::new(0);
                let f = zdd
                    .import(Unreduced::from_rows(root, &rows).unwrap())
                    .unwrap();
                let claim = zdd.closed.get();
                zdd.closed = Default::default();
                // every node of the store (terminals aside), not only those below the root:
                // nodes made after the root (rows above it) are never reached from it
                let swept = crate::topo::Topo::new(&zdd, &[f]).len() + 2 == zdd.nodes.len();
                assert_eq!(claim == f.0 && f.0 >= 2, swept && f.0 >= 2, "seed {seed}");
                if builder_like && f.0 >= 2 {
                    assert_eq!(claim, f.0, "seed {seed}: every raw node was reachable");
                }
                if claim == f.0 {
                    claimed += 1;
                } else {
                    unclaimed += 1;
                }
                assert_eq!(zdd.count(f), rows_count(root, &rows), "seed {seed}");
            }
        }
        assert!(claimed > 20 && unclaimed > 5, "{claimed} / {unclaimed}");
    }

    /// Children set by number land where the same children set by `(row, index)` do.
    #[test]
    fn numbered_and_indexed_children_agree() {
        let (root, rows) = random_rows(60, 7, 0);
        let mut by_index = Unreduced::new();
        let mut by_number = Unreduced::new();
        for r in &rows {
            by_index.push_row(r.len()).unwrap();
            by_number.push_row(r.len()).unwrap();
        }
        for (v, r) in rows.iter().enumerate() {
            for (i, &[lo, hi]) in r.iter().enumerate() {
                for (b, child) in [(false, lo), (true, hi)] {
                    by_index.set_child(v as u32, i as u32, b, child);
                    match child.as_node() {
                        Some((cv, ci)) => by_number.set_child_numbered(
                            v as u32,
                            by_number.row_start(v as u32) + i as u32,
                            b,
                            by_number.row_start(cv) + ci,
                        ),
                        None => by_number.set_child(v as u32, i as u32, b, child),
                    }
                }
            }
        }
        by_index.set_root(root);
        by_number.set_root(root);
        assert_eq!(by_index, by_number);
        assert_eq!(by_number.to_rows(), (root, rows));
    }

    #[test]
    fn push_row_refuses_too_many_nodes() {
        let empty = Unreduced::default();
        assert_eq!(
            (empty.num_rows(), empty.num_nodes(), empty.root()),
            (0, 0, RawRef::ZERO)
        );
        assert_eq!(crate::Zdd::new(0).import(empty), Ok(NodeId::ZERO));
        let mut d = Unreduced::new();
        d.push_row(5).unwrap();
        assert_eq!(d.push_row(Unreduced::MAX_NODES), Err(TooManyRawNodes));
        assert_eq!((d.num_rows(), d.num_nodes()), (1, 5));
    }
}
