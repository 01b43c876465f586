//! Degree propagation over a window of future edges: a state whose frontier degrees cannot be
//! completed by the next edges is rejected at once, not levels later.
//!
//! Why: on instances with many members (100-200 vertices, many crossings) more than 90 % of
//! a level's states have no completion at all (the reduced diagram's widest level is 20-100 times
//! smaller); they die only when their last edges are decided, and until then they branch.
//! Most of them fail a purely local degree argument a few edges ahead: bounds propagation
//! (each vertex's degree between what its undecided edges must and can still carry, a used
//! edge forbidding the edges it crosses) on the edges just after the current one finds the
//! contradiction while the state is still young.
//!
//! The check is a relaxation, so it never rejects a state with a completion: edges beyond the
//! window count at their full range `min..=max`, the window's edges start at theirs (less an
//! edge at a saturated end or behind a set crossing flag), and a vertex's degree must lie in
//! its allowed set.

use std::collections::HashMap;
use std::sync::Mutex;

use rustc_hash::FxBuildHasher;

use crate::packed::Slots;

/// Shards of [`Memo`].
const SHARDS: usize = 16;

/// Entries per shard before it is cleared (about 50 MB in all).
const SHARD_CAPACITY: usize = 1 << 16;

/// One shard of [`Memo`]: answers by `(level, key)`.
type MemoShard = Mutex<HashMap<(u32, [u128; 2]), bool, FxBuildHasher>>;

/// The windows' degree answers by `(level, key)`: states that agree on the fields a window
/// reads get the same answer, so the check (and its search) runs once per distinct key.
/// Sharded for the DP's threads; a full shard is cleared (answers are recomputed, never
/// wrong).
#[derive(Debug)]
pub(super) struct Memo {
    shards: Vec<MemoShard>,
}

impl Memo {
    pub(super) fn new() -> Memo {
        Memo {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(HashMap::default()))
                .collect(),
        }
    }

    /// The answer for `(level, key)`, computed by `f` the first time.
    pub(super) fn get_or_insert(
        &self,
        level: u32,
        key: [u128; 2],
        f: impl FnOnce() -> bool,
    ) -> bool {
        let h = (key[0] ^ key[1].rotate_left(61)) as u64
            ^ u64::from(level).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let shard = &self.shards[(h >> 59) as usize % SHARDS];
        if let Some(&a) = shard
            .lock()
            .ok()
            .and_then(|s| s.get(&(level, key)).copied())
            .as_ref()
        {
            return a;
        }
        let a = f();
        if let Ok(mut s) = shard.lock() {
            if s.len() >= SHARD_CAPACITY {
                s.clear();
            }
            s.insert((level, key), a);
        }
        a
    }
}

/// "No slot / no flag".
const NONE: u8 = u8::MAX;

/// Largest window, in edges.
pub(super) const MAX_EDGES: usize = 96;

/// Largest number of vertices a window touches (its edges' ends and the frontier).
const MAX_VERTS: usize = 2 * MAX_EDGES + 256;

/// Bounds of the window's edges and the frontier degrees of its vertices.
#[derive(Clone)]
struct Bounds {
    lo: [u8; MAX_EDGES],
    hi: [u8; MAX_EDGES],
    base: [u32; MAX_VERTS],
    dead: [bool; MAX_VERTS],
}

impl Bounds {
    fn new() -> Bounds {
        Bounds {
            lo: [0; MAX_EDGES],
            hi: [0; MAX_EDGES],
            base: [0; MAX_VERTS],
            dead: [false; MAX_VERTS],
        }
    }
}

/// A vertex the window's edges touch.
#[derive(Clone, Copy, Debug)]
struct WVert {
    /// Its frontier slot after the current edge, or `NONE` if it has not entered yet.
    slot: u8,
    /// Allowed degrees.
    allowed: u32,
    /// Least and largest multiplicity its edges beyond the window carry.
    out_need: u32,
    out_cap: u32,
    /// Its window edges: `inc[start..end]`.
    start: u16,
    end: u16,
}

/// An edge of the window.
#[derive(Clone, Copy, Debug)]
struct WEdge {
    ends: [u16; 2],
    min: u8,
    max: u8,
    /// Its crossing flag field if live after the current edge, else `NONE`.
    flag: u8,
}

/// The window after one edge: its edges, the vertices they touch and their crossing pairs.
#[derive(Clone, Debug, Default)]
pub(super) struct Window {
    /// Label field offset.
    w: u8,
    /// Whether a vertex that must be used has all its edges beyond the window (then every
    /// used vertex must reach the node standing for "beyond").
    required_beyond: bool,
    verts: Vec<WVert>,
    edges: Vec<WEdge>,
    /// The state fields [`Window::degrees_feasible`] reads.
    key_fields: Vec<u8>,
    inc: Vec<u16>,
    /// Per window edge, its crossing partners in the window: `partners[pstart[i]..pstart[i+1]]`.
    pstart: Vec<u16>,
    partners: Vec<u16>,
}

/// What [`Window::build`] needs to know about the whole problem.
pub(super) struct Plan<'a> {
    /// Edges, in level order.
    pub edges: &'a [(u32, u32)],
    pub min: &'a [u8],
    pub max: &'a [u8],
    pub allowed: &'a [u32],
    /// Per edge, its crossing partners.
    pub cross: &'a [Vec<usize>],
    /// Per vertex, its incident edges in level order.
    pub incident: &'a [Vec<usize>],
    /// Per vertex, its first and last edge.
    pub first: &'a [usize],
    pub last: &'a [usize],
    /// Frontier width (label fields start here).
    pub w: usize,
    /// Per vertex, its frontier slot.
    pub slot_of: &'a [u8],
    /// Per edge, its flag field (absolute) and the first edge at which it is live.
    pub flag_field: &'a [u8],
    pub flag_from: &'a [usize],
}

impl Window {
    /// The window after edge `e`: edges `e+1 ..= e+size`.
    pub(super) fn build(p: &Plan<'_>, e: usize, size: usize) -> Window {
        let m = p.edges.len();
        let hi_edge = (e + size.min(MAX_EDGES)).min(m - 1);
        let mut w = Window {
            w: p.w as u8,
            required_beyond: p
                .first
                .iter()
                .zip(p.allowed)
                .any(|(&f, &a)| f != usize::MAX && f > hi_edge && a & 1 == 0),
            ..Window::default()
        };
        if e + 1 > hi_edge {
            return w;
        }
        let mut vid = std::collections::HashMap::new();
        let mut verts: Vec<u32> = Vec::new();
        for f in e + 1..=hi_edge {
            let (a, b) = p.edges[f];
            let mut ends = [0u16; 2];
            for (k, x) in [a, b].into_iter().enumerate() {
                let id = *vid.entry(x).or_insert_with(|| {
                    verts.push(x);
                    verts.len() - 1
                });
                ends[k] = id as u16;
            }
            let flag = if p.flag_field[f] != NONE && p.flag_from[f] <= e {
                p.flag_field[f]
            } else {
                NONE
            };
            w.edges.push(WEdge {
                ends,
                min: p.min[f],
                max: p.max[f],
                flag,
            });
        }
        for (x, (&f, &l)) in p.first.iter().zip(p.last).enumerate() {
            if f <= e && e < l && f != usize::MAX {
                vid.entry(x as u32).or_insert_with(|| {
                    verts.push(x as u32);
                    verts.len() - 1
                });
            }
        }
        w.add_vertices(p, e, hi_edge, &verts);
        w.add_partners_and_key(p, e, hi_edge);
        w
    }

    /// The window's vertices (`verts`, in order) with their window edges and what the edges
    /// beyond the window force and allow at them.
    fn add_vertices(&mut self, p: &Plan<'_>, e: usize, hi_edge: usize, verts: &[u32]) {
        let w = self;
        let in_window = |f: usize| f > e && f <= hi_edge;
        for &x in verts {
            let x = x as usize;
            let start = w.inc.len() as u16;
            let (mut need, mut cap) = (0u32, 0u32);
            for &f in &p.incident[x] {
                if in_window(f) {
                    w.inc.push((f - e - 1) as u16);
                } else if f > hi_edge {
                    need += u32::from(p.min[f]);
                    cap += u32::from(p.max[f]);
                }
            }
            w.verts.push(WVert {
                slot: if p.first[x] <= e { p.slot_of[x] } else { NONE },
                allowed: p.allowed[x],
                out_need: need,
                out_cap: cap,
                start,
                end: w.inc.len() as u16,
            });
        }
    }

    /// Each window edge's crossing partners in the window, and the fields the degree check
    /// reads (its memo key).
    fn add_partners_and_key(&mut self, p: &Plan<'_>, e: usize, hi_edge: usize) {
        let w = self;
        let in_window = |f: usize| f > e && f <= hi_edge;
        for f in e + 1..=hi_edge {
            w.pstart.push(w.partners.len() as u16);
            for &g in &p.cross[f] {
                if in_window(g) {
                    w.partners.push((g - e - 1) as u16);
                }
            }
        }
        w.pstart.push(w.partners.len() as u16);
        for v in &w.verts {
            if v.slot != NONE && v.start != v.end {
                w.key_fields.push(v.slot);
            }
        }
        for ed in &w.edges {
            if ed.flag != NONE && !w.key_fields.contains(&ed.flag) {
                w.key_fields.push(ed.flag);
            }
        }
    }

    /// The memo key of state `m` for [`Window::degrees_feasible`]: the fields it reads (the
    /// window's frontier degrees and live crossing flags), 5 bits each; `None` if there are
    /// more than 50 of them. Injective: a flag is 0 or 1, a live degree is below its vertex's
    /// largest allowed degree (at most 31; reaching it makes the vertex DEAD), and DEAD (the
    /// field's largest value) becomes 31.
    pub(super) fn key<S: Slots>(&self, m: &S) -> Option<[u128; 2]> {
        if self.key_fields.len() > 50 {
            return None;
        }
        let mut k = [0u128; 2];
        for (i, &f) in self.key_fields.iter().enumerate() {
            let v = u128::from(m.get(f).min(31));
            k[i / 25] |= v << (5 * (i % 25));
        }
        Some(k)
    }

    /// Starting bounds and frontier degrees in state `m`; false on a contradiction.
    fn init<S: Slots>(&self, m: &S, b: &mut Bounds) -> bool {
        for (i, v) in self.verts.iter().enumerate() {
            b.dead[i] = false;
            b.base[i] = 0;
            if v.slot != NONE {
                let d = m.get(v.slot);
                if d == S::MAX_VALUE {
                    b.dead[i] = true;
                } else {
                    b.base[i] = u32::from(d);
                }
            }
        }
        for (i, ed) in self.edges.iter().enumerate() {
            b.lo[i] = ed.min;
            b.hi[i] = ed.max;
            let blocked = (ed.flag != NONE && m.get(ed.flag) != 0)
                || b.dead[usize::from(ed.ends[0])]
                || b.dead[usize::from(ed.ends[1])];
            if blocked {
                if ed.min > 0 {
                    return false;
                }
                b.hi[i] = 0;
            }
        }
        true
    }

    /// Bounds propagation to a fixpoint (degree rule per vertex, a used edge forbids the
    /// edges it crosses); false on a contradiction.
    fn propagate(&self, b: &mut Bounds) -> bool {
        let n = self.edges.len();
        let mut changed = true;
        while changed {
            changed = false;
            for (i, v) in self.verts.iter().enumerate() {
                if b.dead[i] || v.start == v.end {
                    continue;
                }
                let inc = &self.inc[usize::from(v.start)..usize::from(v.end)];
                let mut sum_lo = b.base[i] + v.out_need;
                let mut sum_hi = b.base[i] + v.out_cap;
                for &f in inc {
                    sum_lo += u32::from(b.lo[usize::from(f)]);
                    sum_hi += u32::from(b.hi[usize::from(f)]);
                }
                let ok = v.allowed & super::state::range_mask(sum_lo, sum_hi);
                if ok == 0 {
                    return false;
                }
                let a_min = ok.trailing_zeros();
                let a_max = 31 - ok.leading_zeros();
                for &f in inc {
                    let f = usize::from(f);
                    let (l, h) = (u32::from(b.lo[f]), u32::from(b.hi[f]));
                    let nl = l.max(a_min.saturating_sub(sum_hi - h));
                    let nh = h.min(a_max - (sum_lo - l));
                    if nl > nh {
                        return false;
                    }
                    if (nl, nh) != (l, h) {
                        b.lo[f] = nl as u8;
                        b.hi[f] = nh as u8;
                        changed = true;
                    }
                }
            }
            for i in 0..n {
                if b.lo[i] == 0 {
                    continue;
                }
                let ps =
                    &self.partners[usize::from(self.pstart[i])..usize::from(self.pstart[i + 1])];
                for &g in ps {
                    let g = usize::from(g);
                    if b.lo[g] > 0 {
                        return false;
                    }
                    if b.hi[g] > 0 {
                        b.hi[g] = 0;
                        changed = true;
                    }
                }
            }
        }
        true
    }

    /// Whether the window's edges can take multiplicities that keep every vertex's degree
    /// reachable in state `m` (bounds propagation to a fixpoint).
    pub(super) fn degrees_feasible<S: Slots>(&self, m: &S) -> bool {
        if self.edges.is_empty() {
            return true;
        }
        let mut b = Bounds::new();
        self.init(m, &mut b) && self.propagate(&mut b)
    }

    /// The connectivity test of [`Window::connected`] in state `m`, with the window's edges
    /// at their starting bounds.
    pub(super) fn may_connect<S: Slots>(&self, m: &S) -> bool {
        if self.edges.is_empty() {
            return true;
        }
        let mut b = Bounds::new();
        if !self.init(m, &mut b) {
            return false;
        }
        self.connected(m, &b.hi, &b.dead)
    }

    /// Whether every vertex that must be used, and every frontier component, can still meet:
    /// frontier vertices are joined by their labels, window edges that may still carry a
    /// bridge join their ends, and every vertex with an edge beyond the window meets one
    /// node standing for everything beyond.
    fn connected<S: Slots>(&self, m: &S, hi: &[u8; MAX_EDGES], dead: &[bool; MAX_VERTS]) -> bool {
        let nv = self.verts.len();
        // union-find nodes: 0..nv vertices, nv..nv+w labels, nv+w+1 beyond
        let inf = nv + usize::from(self.w) + 1;
        let mut parent = [0u16; 2 * MAX_VERTS];
        for (i, p) in parent.iter_mut().enumerate().take(inf + 1) {
            *p = i as u16;
        }
        fn find(p: &mut [u16; 2 * MAX_VERTS], mut x: usize) -> usize {
            while usize::from(p[x]) != x {
                p[x] = p[usize::from(p[x])];
                x = usize::from(p[x]);
            }
            x
        }
        let union = |p: &mut [u16; 2 * MAX_VERTS], a: usize, b: usize| {
            let (ra, rb) = (find(p, a), find(p, b));
            if ra != rb {
                p[ra] = rb as u16;
            }
        };
        let mut required = [false; MAX_VERTS];
        for (i, v) in self.verts.iter().enumerate() {
            if dead[i] {
                continue;
            }
            let mut used = v.allowed & 1 == 0;
            if v.slot != NONE {
                let c = m.get(self.w + v.slot);
                if c != 0 {
                    union(&mut parent, i, nv + usize::from(c));
                    used = true;
                }
            }
            required[i] = used;
            if v.out_cap > 0 {
                union(&mut parent, i, inf);
            }
        }
        for (k, ed) in self.edges.iter().enumerate() {
            if hi[k] > 0 {
                union(
                    &mut parent,
                    usize::from(ed.ends[0]),
                    usize::from(ed.ends[1]),
                );
            }
        }
        // Vertices wholly beyond the window that must be used meet the rest only through the
        // "beyond" node; without such a vertex, everything beyond may stay unused.
        let mut root = None;
        if self.required_beyond {
            root = Some(find(&mut parent, inf));
        }
        for (i, &req) in required.iter().enumerate().take(nv) {
            if req {
                let r = find(&mut parent, i);
                match root {
                    None => root = Some(r),
                    Some(x) if x != r => return false,
                    _ => {}
                }
            }
        }
        true
    }
}
