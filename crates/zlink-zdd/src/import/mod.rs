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
//!
//! The raw form and its storage are here; the reduction (`Zdd::import`) is in `reduce.rs`.

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

mod reduce;

#[cfg(test)]
mod tests;
