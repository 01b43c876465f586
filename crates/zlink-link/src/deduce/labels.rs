//! Path labels, for paths joining labelled terminals (Numberlink): which pair's path may pass
//! through each vertex.
//!
//! Why: the edge rules see a path only from its ends, so a cell in the middle of a wide open
//! region looks free to every pair. A label per vertex carries long-range facts: two adjacent
//! vertices that no pair can share cannot be joined, a vertex that only one pair can reach is
//! that pair's, and a pair whose two terminals are cut apart is a contradiction.
//!
//! Each vertex has a domain, a bit set over `0..=pairs`: bit `k >= 1` for "on the path of
//! label `k`", bit 0 for "on no path" (only where degree 0 is allowed). The rules, each a
//! necessary condition of every solution:
//! * a terminal's domain is its label; a vertex whose degrees exclude 0 cannot be empty, and a
//!   vertex that cannot be empty has degree at least 1 (the degree rule uses that);
//! * an on-edge's two ends are on one path: their domains are intersected (without bit 0);
//! * an undecided edge whose ends share no label is off; a vertex that can only be empty has
//!   every edge off;
//! * **reach** (global, between probing passes): the path of label `k` runs inside the
//!   vertices whose domain holds `k`, over edges not off. A vertex lies on a simple path
//!   between the two terminals there only if its block of that subgraph is on the
//!   block-cut tree's path between them; others lose `k`. A cut vertex on that path lies on
//!   every such path: it is `k`'s. Terminals cut apart are a contradiction.

use super::{Contradiction, State, Undo, OFF, ON, UNK};

/// The label domains (see the module doc); inactive (no words) unless the problem asks for
/// them ([`super::Problem::label_domains`]) and has labelled paths.
pub(super) struct Labels {
    /// Words per vertex (0: inactive).
    words: usize,
    /// `dom[v * words..][..words]`: the domain of vertex `v`.
    dom: Vec<u64>,
    /// Vertices whose domain changed, not yet propagated.
    queue: Vec<u32>,
    /// A reused buffer for one domain (see [`State::on_line`]).
    scratch: Vec<u64>,
    /// Per label `k >= 1`: its two terminals (`k - 1` is the pair).
    terminals: Vec<(u32, u32)>,
}

impl Labels {
    /// The initial domains of the problem's vertices (see the module doc).
    pub(super) fn new(p: &super::Problem) -> Labels {
        if !p.label_domains || p.labels.is_empty() || p.shape != super::Shape::Paths {
            return Labels {
                words: 0,
                dom: Vec::new(),
                queue: Vec::new(),
                scratch: Vec::new(),
                terminals: Vec::new(),
            };
        }
        let top = p.labels.iter().copied().max().unwrap_or(0) as usize;
        let words = (top + 1).div_ceil(64);
        let mut terminals = vec![(u32::MAX, u32::MAX); top + 1];
        for (v, &l) in p.labels.iter().enumerate() {
            if l != 0 {
                let t = &mut terminals[l as usize];
                if t.0 == u32::MAX {
                    t.0 = v as u32;
                } else {
                    t.1 = v as u32;
                }
            }
        }
        let mut all = vec![0u64; words];
        for (k, &(s, t)) in terminals.iter().enumerate().skip(1) {
            if s != u32::MAX && t != u32::MAX {
                all[k / 64] |= 1 << (k % 64);
            }
        }
        let mut dom = vec![0u64; p.n * words];
        for v in 0..p.n {
            let d = &mut dom[v * words..(v + 1) * words];
            match p.labels[v] {
                0 => {
                    d.copy_from_slice(&all);
                    d[0] |= u64::from(p.degrees[v] & 1);
                }
                l => d[l as usize / 64] |= 1 << (l % 64),
            }
        }
        Labels {
            words,
            dom,
            queue: (0..p.n as u32).collect(),
            scratch: Vec::new(),
            terminals,
        }
    }

    fn active(&self) -> bool {
        self.words > 0
    }

    #[inline]
    fn of(&self, v: u32) -> &[u64] {
        &self.dom[v as usize * self.words..(v as usize + 1) * self.words]
    }

    fn has(&self, v: u32, k: usize) -> bool {
        self.of(v)[k / 64] >> (k % 64) & 1 == 1
    }

    /// Whether vertex `v` may be on no path.
    pub(super) fn may_be_empty(&self, v: u32) -> bool {
        !self.active() || self.of(v)[0] & 1 == 1
    }

    /// Whether `u` and `v` share a label (bit 0 excluded).
    fn share(&self, u: u32, v: u32) -> bool {
        let (a, b) = (self.of(u), self.of(v));
        (a[0] & b[0]) >> 1 != 0 || a[1..].iter().zip(&b[1..]).any(|(x, y)| x & y != 0)
    }

    /// Forgets the queue (after a trial is undone).
    pub(super) fn clear_queue(&mut self) {
        self.queue.clear();
    }

    pub(super) fn queue_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Restores word `i` of the domains (undo).
    pub(super) fn restore(&mut self, i: u32, word: u64) {
        self.dom[i as usize] = word;
    }
}

impl State<'_> {
    /// Intersects the domain of `v` with `mask` (one word per label word); queues `v` if it
    /// shrank; whether it did.
    fn narrow(&mut self, v: u32, mask: &[u64]) -> Result<bool, Contradiction> {
        let w = self.labels.words;
        let base = v as usize * w;
        let mut changed = false;
        let mut any = 0;
        for (i, &m) in mask.iter().enumerate() {
            let old = self.labels.dom[base + i];
            let new = old & m;
            any |= new;
            if new != old {
                self.trail.push(Undo::Domain((base + i) as u32, old));
                self.labels.dom[base + i] = new;
                changed = true;
            }
        }
        if any == 0 {
            return Err(Contradiction);
        }
        if changed {
            self.labels.queue.push(v);
        }
        Ok(changed)
    }

    /// The domain of `v` without bit 0 (the labels of a vertex on a line), in the reused
    /// buffer (give it back with [`State::give_back`]; a nested call allocates).
    fn on_line(&mut self, v: u32) -> Vec<u64> {
        let mut d = std::mem::take(&mut self.labels.scratch);
        d.clear();
        d.extend_from_slice(self.labels.of(v));
        d[0] &= !1;
        d
    }

    fn give_back(&mut self, d: Vec<u64>) {
        self.labels.scratch = d;
    }

    /// An edge `{u, v}` was set on: both ends are on one path, whose label both domains hold.
    pub(super) fn labels_edge_on(&mut self, u: u32, v: u32) -> Result<(), Contradiction> {
        if !self.labels.active() {
            return Ok(());
        }
        let mut both = self.on_line(u);
        for (x, &y) in both.iter_mut().zip(self.labels.of(v)) {
            *x &= y;
        }
        let r = self.narrow(u, &both).and_then(|_| self.narrow(v, &both));
        self.give_back(both);
        r.map(|_| ())
    }

    /// Propagates the queued domain changes to a fixpoint of the local rules (edges they decide
    /// are queued for the edge rules).
    pub(super) fn labels_propagate(&mut self) -> Result<(), Contradiction> {
        while let Some(v) = self.labels.queue.pop() {
            let empty_only = {
                let d = self.labels.of(v);
                d[0] == 1 && d[1..].iter().all(|&x| x == 0)
            };
            if !self.labels.may_be_empty(v) {
                self.check_vertex(v)?;
            }
            let mine = self.on_line(v);
            let r = self.labels_neighbours(v, &mine, empty_only);
            self.give_back(mine);
            r?;
        }
        Ok(())
    }

    /// The local rules at the edges of `v`, whose domain (on a line) is `mine`.
    fn labels_neighbours(
        &mut self,
        v: u32,
        mine: &[u64],
        empty_only: bool,
    ) -> Result<(), Contradiction> {
        for k in 0..self.vertex_edges.of(v as usize).len() {
            let e = self.vertex_edges.of(v as usize)[k];
            let (a, b) = self.p.edges[e as usize];
            let w = if a == v { b } else { a };
            match self.val[e as usize] {
                ON => {
                    self.narrow(w, mine)?;
                }
                UNK if empty_only || !self.labels.share(v, w) => self.set(e, false)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// The reach rule (see the module doc) for every label; whether it narrowed a domain.
    pub(super) fn labels_reach(&mut self) -> Result<bool, Contradiction> {
        if !self.labels.active() {
            return Ok(false);
        }
        let n = self.p.n;
        let mut changed = false;
        let mut cut = BlockCut::new(n);
        for k in 1..self.labels.terminals.len() {
            let (s, t) = self.labels.terminals[k];
            if s == u32::MAX || t == u32::MAX {
                continue;
            }
            let on_path = cut.run(self, k, s, t).ok_or(Contradiction)?;
            let w = self.labels.words;
            let mut without = vec![!0u64; w];
            without[k / 64] &= !(1 << (k % 64));
            let mut only = vec![0u64; w];
            only[k / 64] = 1 << (k % 64);
            for v in 0..n as u32 {
                if !self.labels.has(v, k) {
                    continue;
                }
                changed |= match on_path[v as usize] {
                    Along::Never => self.narrow(v, &without)?,
                    Along::Always if v != s && v != t => self.narrow(v, &only)?,
                    _ => false,
                };
            }
            self.labels_propagate()?;
        }
        Ok(changed)
    }
}

/// Where a vertex stands to the simple paths between two terminals in a subgraph.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Along {
    /// On none of them.
    Never,
    /// On some.
    Some,
    /// On all of them (a terminal, or a cut vertex between them).
    Always,
}

/// Scratch space for the block-cut analysis of one label's subgraph (Tarjan's biconnected
/// components by an iterative DFS).
struct BlockCut {
    disc: Vec<u32>,
    low: Vec<u32>,
    /// Per vertex: the DFS parent, or `u32::MAX`.
    parent: Vec<u32>,
    /// Per vertex but the root: its block, named by the block's first vertex in DFS order.
    block: Vec<u32>,
    /// Per block name: whether it is on the path from `s` to `t`.
    on_path: Vec<bool>,
    along: Vec<Along>,
    /// Vertices reached by the DFS, in discovery order.
    seen: Vec<u32>,
    /// The DFS stack: vertex and the index of its next edge.
    stack: Vec<(u32, u32)>,
}

impl BlockCut {
    fn new(n: usize) -> BlockCut {
        BlockCut {
            disc: vec![0; n],
            low: vec![0; n],
            parent: vec![u32::MAX; n],
            block: vec![u32::MAX; n],
            on_path: vec![false; n],
            along: vec![Along::Never; n],
            seen: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// For label `k` with terminals `s`, `t`: per vertex, how it stands to the simple `s`-`t`
    /// paths inside the subgraph of vertices holding `k` and edges not off; `None` when `t`
    /// is out of reach.
    ///
    /// The vertices on some simple `s`-`t` path are those of the blocks on the block-cut
    /// tree's path between `s` and `t`, and the cut vertices on it lie on every such path.
    /// With a DFS from `s`, the tree edge into `y` starts a new block when `low[y] >=
    /// disc[parent(y)]` (its root is the parent), else it is in its parent's block; so the
    /// blocks on the path are found by climbing from `t` from block to block root up to `s`.
    fn run(&mut self, st: &State<'_>, k: usize, s: u32, t: u32) -> Option<&[Along]> {
        for &v in &self.seen {
            self.disc[v as usize] = 0;
            self.parent[v as usize] = u32::MAX;
            self.block[v as usize] = u32::MAX;
            self.on_path[v as usize] = false;
            self.along[v as usize] = Along::Never;
        }
        self.seen.clear();
        let mut time = 1u32;
        self.disc[s as usize] = time;
        self.low[s as usize] = time;
        self.seen.push(s);
        self.stack.push((s, 0));
        while let Some(&mut (v, ref mut next)) = self.stack.last_mut() {
            let es = st.vertex_edges.of(v as usize);
            if (*next as usize) < es.len() {
                let e = es[*next as usize];
                *next += 1;
                let (a, b) = st.p.edges[e as usize];
                let w = if a == v { b } else { a };
                if st.val[e as usize] == OFF || !st.labels.has(w, k) {
                    continue;
                }
                if self.disc[w as usize] == 0 {
                    time += 1;
                    self.disc[w as usize] = time;
                    self.low[w as usize] = time;
                    self.parent[w as usize] = v;
                    self.seen.push(w);
                    self.stack.push((w, 0));
                } else if w != self.parent[v as usize] {
                    let d = self.disc[w as usize];
                    let l = &mut self.low[v as usize];
                    *l = (*l).min(d);
                }
            } else {
                self.stack.pop();
                if let Some(&(p, _)) = self.stack.last() {
                    let l = self.low[v as usize];
                    let lp = &mut self.low[p as usize];
                    *lp = (*lp).min(l);
                }
            }
        }
        if self.disc[t as usize] == 0 {
            return None;
        }
        for i in 1..self.seen.len() {
            let y = self.seen[i];
            let p = self.parent[y as usize];
            self.block[y as usize] = if self.low[y as usize] >= self.disc[p as usize] {
                y
            } else {
                self.block[p as usize]
            };
        }
        // climb from t: each block's root is the parent of the block's first vertex
        let mut x = t;
        self.along[t as usize] = Along::Always;
        while x != s {
            let b = self.block[x as usize];
            self.on_path[b as usize] = true;
            x = self.parent[b as usize];
            self.along[x as usize] = Along::Always;
        }
        for i in 1..self.seen.len() {
            let y = self.seen[i] as usize;
            if self.along[y] == Along::Never && self.on_path[self.block[y] as usize] {
                self.along[y] = Along::Some;
            }
        }
        Some(&self.along)
    }
}
