//! Connected, degree-constrained sub-multigraphs: one frontier spec for families whose members
//! are connected multigraphs with prescribed degrees (islands joined by single or double
//! links that may not cross; spanning trees whose degrees are odd), counted or built exactly.
//!
//! Why: such members were enumerated one by one with integer-programming no-good cuts
//! (seconds for 64 members of a 100-vertex instance, no answer at 200 vertices). Every member
//! is a connected multigraph with prescribed degrees and no crossing edges, which a frontier
//! search counts in one top-down pass.
//!
//! # The family
//! A [`ConnectedProblem`] is a simple graph in a fixed edge order, each edge `e` with a
//! multiplicity range `min_e..=max_e` (`max_e ∈ {1, 2}`; `min_e = 1` is a *given* edge), an
//! allowed-degree set per vertex (a bit mask: exact `d`, or a set such as `{1, 3}`), pairs of
//! edges that may not both be used (crossing edges) and an optional acyclicity switch. Its
//! members are the assignments `x_e` with every degree `Σ_{e ∋ v} x_e` allowed, no crossing
//! pair both used, (if acyclic) no cycle in the multigraph — a doubled edge counts as a cycle —
//! and **the vertices of positive degree forming one component**. Vertices of degree 0 stay
//! out of it: a vertex whose set allows 0 may be left unused, one whose set does not must be
//! reached. (So "all vertices connected" is "no vertex allows 0"; the empty assignment is a
//! member iff every vertex allows 0.)
//!
//! # Variables
//! Edge `e` is one ZDD variable if `max_e = 1` and two consecutive ones if `max_e = 2`: *at
//! least one* copy, then *a second* copy. The second is only reachable through the first's
//! 1-branch (the 0-branch of the first jumps past it, so it is zero-suppressed), so members
//! and assignments correspond one to one without a state bit for "first taken".
//!
//! # State
//! Per frontier vertex (slots of [`FrontierPlan`]), two fields: its degree so far and its
//! component label (0 = no edge yet; labels are renumbered 1, 2, … in slot order after every
//! step, so equal situations give equal states). Per crossing pair `(e, f)` with `e` before
//! `f`, a one-field flag *f is forbidden*, live only from the first level of `f`'s earliest
//! partner to `f` itself (set when a partner is used, tested when `f` is taken): a flag per
//! *later* edge, so several used partners merge into one state.
//!
//! # Pruning and acceptance
//! After each decision, each endpoint `v` with degree `d` must still reach an allowed degree
//! in `d + min_rest..=d + cap_rest` (the later edges' least and largest multiplicities at `v`).
//! A vertex leaving the frontier with a label that no other frontier vertex carries closes its
//! component: that is the whole member if no other frontier vertex is labelled and every
//! vertex still to come (and every unlabelled frontier vertex) may have degree 0 and no given
//! edge remains — then the rest is all zeros and the branch accepts; otherwise it rejects.
//! With acyclicity, joining two vertices of one component (or taking a second copy) rejects.
//!
//! A vertex that reaches the largest allowed degree it can still reach is *saturated*: its
//! degree field becomes `DEAD` (the largest field value) and its label 0, so states that
//! differ only in what saturated vertices were merge, and a component whose frontier members
//! are all saturated closes at once (a group of vertices that is complete but cannot be the
//! whole member is rejected as soon as its last vertex is full, not when its vertices leave
//! the frontier).
//!
//! After every edge a *dynamic lookahead* re-checks each live vertex against what its later
//! edges can still carry in this state: an edge whose other end is DEAD, or whose crossing
//! flag is set, carries nothing. A vertex that can no longer reach an allowed degree rejects;
//! one that can reach no larger allowed degree is saturated (DEAD) at once, which takes
//! capacity from its neighbours (repeated to a fixpoint) and may close its component early.
//! (A vertex whose remaining neighbours are all full, or whose remaining edges are all
//! crossed, is settled without waiting for its edges.)
//!
//! With a *window* `k > 0` ([`ConnectedProblem::window`]), each state also passes a check over
//! the next `k` edges ([`window`]): bounds propagation of the degree rule and the crossing rule
//! on those edges (the ones beyond at their full range), then a connectivity test on the
//! frontier labels, the window's edges that may still be used and one node for everything
//! beyond. Both are relaxations, so no state with a completion is rejected; they catch the
//! many states of hard instances (100-200 vertices, many members) that have no completion
//! but would branch for many levels before the local rules see it. The degree answers are
//! memoised per level by the fields they read.
//!
//! The state type is a parameter ([`Slots`]): [`ConnectedDegree`] on
//! [`Packed`](crate::packed::Packed) states holds up to 25 fields (frontier width `w` and `f`
//! live flags with `2w + f <= 25`), on [`Wide`](crate::packed::Wide) states up to 250. A
//! [`ConnectedProblem`] is a [`SpecFamily`]: [`crate::run::count_family`] and
//! [`crate::run::build_family`] pick the narrow one when it fits.

pub mod layout;
pub mod order;
mod window;

use zlink_zdd::Var;

use crate::frontier::{FrontierPlan, TooWide};
use crate::graph::{Graph, Vertex};
use crate::packed::{Packed, Slots};
use crate::run::SpecFamily;
use crate::spec::{Level, Spec, Step};
use crate::specs::SpecError;

/// A connected degree-constrained sub-multigraph problem (see the module doc); the edge order
/// is the variable order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectedProblem {
    /// Number of vertices `0..n`.
    pub n: usize,
    /// The edges, in variable order (a simple graph: no loops, no repeated pairs).
    pub edges: Vec<(Vertex, Vertex)>,
    /// Least multiplicity per edge (0, 1 for a given edge, or 2).
    pub min: Vec<u8>,
    /// Largest multiplicity per edge (1 or 2).
    pub max: Vec<u8>,
    /// Allowed degrees per vertex as a bit mask (bit `d` = degree `d` allowed, `d <= 31`).
    pub allowed: Vec<u32>,
    /// Pairs of edge indices that may not both be used.
    pub crossings: Vec<(usize, usize)>,
    /// Whether the used multigraph must be a forest (then a second copy is never taken).
    pub acyclic: bool,
    /// Edges of look-ahead after every decision: degree propagation and a connectivity test
    /// over the next `window` edges (0: none; at most 96 are used; see the module doc).
    pub window: usize,
}

impl ConnectedProblem {
    /// A problem with simple edges (`0..=1` copies), no crossings and no acyclicity.
    pub fn simple(n: usize, edges: &[(Vertex, Vertex)], allowed: &[u32]) -> ConnectedProblem {
        ConnectedProblem {
            n,
            edges: edges.to_vec(),
            min: vec![0; edges.len()],
            max: vec![1; edges.len()],
            allowed: allowed.to_vec(),
            crossings: Vec::new(),
            acyclic: false,
            window: 0,
        }
    }

    /// The same problem with its edges permuted: new edge `i` is old edge `perm[i]`
    /// (crossing pairs follow their edges).
    ///
    /// # Panics
    /// If `perm` is not a permutation of `0..edges.len()`.
    pub fn permuted(&self, perm: &[usize]) -> ConnectedProblem {
        assert_eq!(perm.len(), self.edges.len(), "permutation length");
        let mut inv = vec![usize::MAX; perm.len()];
        for (i, &p) in perm.iter().enumerate() {
            inv[p] = i;
        }
        assert!(inv.iter().all(|&x| x != usize::MAX), "not a permutation");
        ConnectedProblem {
            n: self.n,
            edges: perm.iter().map(|&i| self.edges[i]).collect(),
            min: perm.iter().map(|&i| self.min[i]).collect(),
            max: perm.iter().map(|&i| self.max[i]).collect(),
            allowed: self.allowed.clone(),
            crossings: self
                .crossings
                .iter()
                .map(|&(a, b)| (inv[a], inv[b]))
                .collect(),
            acyclic: self.acyclic,
            window: self.window,
        }
    }

    /// Checks lengths, ranges and the graph; returns the graph.
    fn validate(&self) -> Result<Graph, SpecError> {
        let m = self.edges.len();
        let bad = |s: String| Err(SpecError::BadArgument(s));
        if self.min.len() != m || self.max.len() != m {
            return bad(format!(
                "{} edges but {} minima and {} maxima",
                m,
                self.min.len(),
                self.max.len()
            ));
        }
        if self.allowed.len() != self.n {
            return bad(format!(
                "{} degree sets for {} vertices",
                self.allowed.len(),
                self.n
            ));
        }
        for e in 0..m {
            if !(1..=2).contains(&self.max[e]) || self.min[e] > self.max[e] {
                return bad(format!(
                    "edge {e}: multiplicity range {}..={} (need max 1 or 2, min <= max)",
                    self.min[e], self.max[e]
                ));
            }
        }
        if let Some(&(a, b)) = self.crossings.iter().find(|&&(a, b)| a >= m || b >= m) {
            return bad(format!("crossing ({a}, {b}) names an edge outside 0..{m}"));
        }
        Graph::new(self.n, &self.edges)
            .map_err(|e| SpecError::BadArgument(format!("bad graph: {e}")))
    }

    /// Number of ZDD variables: `Σ max_e`.
    pub fn num_vars(&self) -> usize {
        self.max.iter().map(|&x| usize::from(x)).sum()
    }

    /// The state width of this order: `(frontier width w, most live crossing flags f)`; a
    /// state has `2w + f` fields. An order with a small `2w + f` has few states.
    ///
    /// # Errors
    /// As [`ConnectedDegree::new`] for a malformed problem.
    pub fn state_width(&self) -> Result<(usize, usize), SpecError> {
        let g = self.validate()?;
        let plan = FrontierPlan::new(&g)?;
        let (_, flags) = flag_plan(self);
        Ok((plan.width(), flags))
    }
}

/// Crossing flags: per edge, its flag slot (relative, `u8::MAX` = none) and the flag slots of
/// its later partners; plus the number of flag slots.
#[allow(clippy::type_complexity)]
fn flag_plan(p: &ConnectedProblem) -> ((Vec<u8>, Vec<Vec<u8>>), usize) {
    let m = p.edges.len();
    let mut earliest = vec![usize::MAX; m]; // per later edge f: its earliest partner
    let mut later: Vec<Vec<usize>> = vec![Vec::new(); m];
    for &(a, b) in &p.crossings {
        if a == b {
            continue;
        }
        let (e, f) = (a.min(b), a.max(b));
        earliest[f] = earliest[f].min(e);
        if !later[e].contains(&f) {
            later[e].push(f);
        }
    }
    let mut opens: Vec<Vec<usize>> = vec![Vec::new(); m];
    for f in 0..m {
        if earliest[f] != usize::MAX {
            opens[earliest[f]].push(f);
        }
    }
    let mut slot = vec![u8::MAX; m];
    let mut free: Vec<usize> = Vec::new();
    let (mut next, mut live, mut width) = (0usize, 0usize, 0usize);
    for i in 0..m {
        for &f in &opens[i] {
            let s = free.pop().unwrap_or_else(|| {
                next += 1;
                next - 1
            });
            slot[f] = s.min(usize::from(u8::MAX) - 1) as u8;
            live += 1;
            width = width.max(live);
        }
        if slot[i] != u8::MAX {
            free.push(usize::from(slot[i]));
            live -= 1;
        }
    }
    let partners = later
        .iter()
        .map(|fs| fs.iter().map(|&f| slot[f]).collect())
        .collect();
    ((slot, partners), width)
}

/// Bits `lo..=hi` (clamped to 31).
#[inline]
fn range_mask(lo: u32, hi: u32) -> u32 {
    let hi = hi.min(31);
    if lo > hi {
        return 0;
    }
    let upto = if hi == 31 {
        u32::MAX
    } else {
        (1u32 << (hi + 1)) - 1
    };
    upto & !((1u32 << lo) - 1)
}

/// Per-edge data of the spec.
#[derive(Clone, Debug)]
struct EdgeInfo {
    /// The endpoints and their vertex slots.
    ends: [(Vertex, u8); 2],
    /// Least and largest multiplicity still to come at each endpoint after this edge.
    rest: [(u32, u32); 2],
    min: u8,
    max: u8,
    /// This edge's "forbidden" flag field, if it has an earlier crossing partner.
    flag: Option<u8>,
    /// Flag fields of the later crossing partners (set when this edge is used).
    partners: Vec<u8>,
    /// Vertex slots leaving after this edge.
    leave: Vec<u8>,
    /// Whether, after this edge, the rest may be all zeros as far as the static part goes:
    /// every vertex entering later may have degree 0 and no given edge remains.
    rest_empty_ok: bool,
    /// Vertex slots live after this edge whose vertex must have an edge (degree 0 not
    /// allowed): an all-zero rest needs them touched already.
    needs_edge: Vec<u8>,
    /// `(flag field, vertex slot)`: a flag live after this edge and a live endpoint of its
    /// edge; a DEAD endpoint makes the flag moot, so it is cleared (equal futures merge).
    watch: Vec<(u8, u8)>,
    /// The live vertices after this edge that still have later edges (dynamic lookahead).
    look: Vec<Look>,
    /// What this edge changes for the lookahead (masks as in [`Look`]): its endpoints'
    /// slots and its later partners' flags.
    dirty_slots: u64,
    dirty_flags: u64,
    /// First variable of this edge.
    var: Level,
}

/// A later edge at a live vertex, as the dynamic lookahead sees it.
#[derive(Clone, Copy, Debug)]
struct Later {
    /// Largest multiplicity.
    max: u8,
    /// The other endpoint's slot if it is on the frontier (it may be DEAD), else `NONE`.
    other: u8,
    /// The edge's "forbidden" flag field if that flag is live, else `NONE`.
    flag: u8,
}

/// "No slot / no field" in [`Later`].
const NONE: u8 = u8::MAX;

/// A live vertex whose later edges the lookahead re-checks after an edge: its slot, the
/// vertex, the least multiplicity its later edges force, and its later edges
/// (`later[start..end]`).
#[derive(Clone, Copy, Debug)]
struct Look {
    slot: u8,
    vertex: u32,
    need: u32,
    start: u32,
    end: u32,
    /// What the check reads: bit `s` = vertex slot `s` (its own, or a later edge's other
    /// end), in `slots`; bit `j` = flag field `2w + j`, in `flags`. All ones where an index
    /// does not fit in 64 bits (then always checked).
    slots: u64,
    flags: u64,
}

/// Bit `i` of a dependency mask, or all bits when `i` does not fit.
fn dep_bit(i: usize) -> u64 {
    if i < 64 {
        1 << i
    } else {
        u64::MAX
    }
}

/// The connected degree-constrained spec on states `S` (see the module doc).
#[derive(Clone, Debug)]
pub struct ConnectedDegree<S> {
    edges: Vec<EdgeInfo>,
    /// Per variable: `(edge, is the second copy)`.
    levels: Vec<(u32, bool)>,
    /// The later edges of every [`Look`], flat.
    later: Vec<Later>,
    allowed: Vec<u32>,
    /// Largest allowed degree per vertex (for the cheap `can_take`).
    max_deg: Vec<u32>,
    /// Frontier width `w`: degree fields `0..w`, label fields `w..2w`, flags from `2w`.
    w: u8,
    fields: usize,
    acyclic: bool,
    /// Per edge, the degree-propagation window after it (empty: no check).
    windows: Vec<window::Window>,
    /// Answers of the windows' degree checks by level and key (see [`window::Memo`]).
    memo: std::sync::Arc<window::Memo>,
    /// The root is already hopeless (an isolated vertex that must be used, a degree set out
    /// of reach).
    hopeless: bool,
    _state: std::marker::PhantomData<S>,
}

impl<S: Slots> ConnectedDegree<S> {
    /// The spec of `p` in its edge order.
    ///
    /// # Errors
    /// [`SpecError::BadArgument`] for inconsistent lengths, a multiplicity range other than
    /// `0..=1`, `0..=2`, `1..=1`, `1..=2`, `2..=2`, a crossing naming a missing edge or a
    /// non-simple graph; [`SpecError::TooWide`] if `2w + f` fields do not fit in `S`
    /// (`width` reported = `2w + f`).
    ///
    /// Complexity: `O(n + m + crossings)`.
    pub fn new(p: &ConnectedProblem) -> Result<Self, SpecError> {
        let g = p.validate()?;
        let plan = FrontierPlan::new(&g)?;
        let ((flag_slot, partners), nflags) = flag_plan(p);
        let w = plan.width();
        let fields = 2 * w + nflags;
        // Labels go up to w + 1 (a fresh label before renumbering).
        if fields > S::CAPACITY || w + 1 > usize::from(S::MAX_VALUE) {
            return Err(TooWide {
                width: fields,
                max: S::CAPACITY,
            }
            .into());
        }
        let m = p.edges.len();
        let n = p.n;
        // Rest capacities per edge and endpoint, from a backward pass.
        let mut cap = vec![0u32; n];
        let mut need = vec![0u32; n];
        let mut rest = vec![[(0u32, 0u32); 2]; m];
        for e in (0..m).rev() {
            let (u, v) = g.edges()[e];
            rest[e] = [
                (need[u as usize], cap[u as usize]),
                (need[v as usize], cap[v as usize]),
            ];
            for x in [u, v] {
                cap[x as usize] += u32::from(p.max[e]);
                need[x as usize] += u32::from(p.min[e]);
            }
        }
        let total_cap = cap;
        let total_need = need;
        // rest_empty_ok: backward pass over "vertices entering after e allow 0" and "no given
        // edge after e"; needs_edge: the live slots an empty rest checks in the state.
        let degrees = g.degrees();
        let mut last = vec![usize::MAX; n];
        for (e, &(u, v)) in g.edges().iter().enumerate() {
            last[u as usize] = e;
            last[v as usize] = e;
        }
        let mut first = vec![usize::MAX; n];
        for (e, &(u, v)) in g.edges().iter().enumerate().rev() {
            first[u as usize] = e;
            first[v as usize] = e;
        }
        let mut bad_after = vec![false; m + 1]; // bad_after[e]: something after e needs a non-zero
        let mut vertex_bad_from = vec![false; m + 1];
        let mut needs_edge: Vec<Vec<u8>> = vec![Vec::new(); m];
        let mut slot_of = vec![u8::MAX; n];
        for e in 0..m {
            let lp = plan.level(e);
            slot_of[lp.u as usize] = lp.su;
            slot_of[lp.v as usize] = lp.sv;
        }
        for x in 0..n {
            if degrees[x] > 0 && p.allowed[x] & 1 == 0 {
                // Vertex x needs an edge: an empty rest after e < first[x] misses it; while
                // it is live (first[x] <= e < last[x]) its slot must already be touched.
                vertex_bad_from[first[x]] = true;
                for ne in needs_edge.iter_mut().take(last[x]).skip(first[x]) {
                    ne.push(slot_of[x]);
                }
            }
        }
        for e in (0..m).rev() {
            let given_after = e + 1 < m && p.min[e + 1] > 0;
            bad_after[e] = bad_after[e + 1] || given_after || vertex_bad_from[e + 1];
        }
        // Flags live after e whose edge has an endpoint live after e.
        let mut earliest = vec![usize::MAX; m];
        for &(a, b) in &p.crossings {
            if a != b {
                let f = a.max(b);
                earliest[f] = earliest[f].min(a.min(b));
            }
        }
        let mut watch: Vec<Vec<(u8, u8)>> = vec![Vec::new(); m];
        for f in 0..m {
            if earliest[f] == usize::MAX {
                continue;
            }
            let ff = (2 * w + usize::from(flag_slot[f])) as u8;
            let (a, b) = g.edges()[f];
            for x in [a as usize, b as usize] {
                for (e, we) in watch.iter_mut().enumerate().take(f).skip(earliest[f]) {
                    if first[x] <= e && e < last[x] {
                        we.push((ff, slot_of[x]));
                    }
                }
            }
        }
        // Dynamic lookahead: per edge e, each vertex live after e with later edges.
        let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (e, &(u, v)) in g.edges().iter().enumerate() {
            incident[u as usize].push(e);
            incident[v as usize].push(e);
        }
        let mut later = Vec::new();
        let mut look: Vec<Vec<Look>> = vec![Vec::new(); m];
        let mut live: Vec<usize> = Vec::new();
        for (e, le) in look.iter_mut().enumerate() {
            let (u, v) = g.edges()[e];
            for x in [u as usize, v as usize] {
                if first[x] == e {
                    live.push(x);
                }
            }
            live.retain(|&x| last[x] > e);
            for &x in &live {
                let start = later.len() as u32;
                let mut need_x = 0u32;
                let mut slots = dep_bit(usize::from(slot_of[x]));
                let mut flags = 0u64;
                for &f in incident[x].iter().filter(|&&f| f > e) {
                    let (a, b) = g.edges()[f];
                    let y = if a as usize == x { b } else { a } as usize;
                    let other = if first[y] <= e { slot_of[y] } else { NONE };
                    let flag = if earliest[f] <= e {
                        (2 * w + usize::from(flag_slot[f])) as u8
                    } else {
                        NONE
                    };
                    need_x += u32::from(p.min[f]);
                    if other != NONE {
                        slots |= dep_bit(usize::from(other));
                    }
                    if flag != NONE {
                        flags |= dep_bit(usize::from(flag) - 2 * w);
                    }
                    later.push(Later {
                        max: p.max[f],
                        other,
                        flag,
                    });
                }
                le.push(Look {
                    slot: slot_of[x],
                    vertex: x as u32,
                    need: need_x,
                    start,
                    end: later.len() as u32,
                    slots,
                    flags,
                });
            }
        }
        let wsize = p.window;
        let windows = if wsize > 0 {
            let mut cross = vec![Vec::new(); m];
            for &(a, b) in &p.crossings {
                if a != b {
                    cross[a].push(b);
                    cross[b].push(a);
                }
            }
            let flag_field: Vec<u8> = (0..m)
                .map(|f| {
                    if flag_slot[f] == u8::MAX {
                        u8::MAX
                    } else {
                        (2 * w + usize::from(flag_slot[f])) as u8
                    }
                })
                .collect();
            let edges32: Vec<(u32, u32)> = g.edges().to_vec();
            let plan = window::Plan {
                edges: &edges32,
                min: &p.min,
                max: &p.max,
                allowed: &p.allowed,
                cross: &cross,
                incident: &incident,
                first: &first,
                last: &last,
                w,
                slot_of: &slot_of,
                flag_field: &flag_field,
                flag_from: &earliest,
            };
            (0..m)
                .map(|e| window::Window::build(&plan, e, wsize.min(120)))
                .collect()
        } else {
            Vec::new()
        };
        let mut var = 0 as Level;
        let mut edges = Vec::with_capacity(m);
        let mut levels = Vec::new();
        for e in 0..m {
            let lp = plan.level(e);
            let fl = |s: u8| (2 * w + usize::from(s)) as u8;
            edges.push(EdgeInfo {
                ends: [(lp.u, lp.su), (lp.v, lp.sv)],
                rest: rest[e],
                min: p.min[e],
                max: p.max[e],
                flag: (flag_slot[e] != u8::MAX).then(|| fl(flag_slot[e])),
                partners: partners[e].iter().map(|&s| fl(s)).collect(),
                leave: lp.leave.as_slice().iter().map(|&(s, _)| s).collect(),
                rest_empty_ok: !bad_after[e],
                needs_edge: std::mem::take(&mut needs_edge[e]),
                watch: std::mem::take(&mut watch[e]),
                look: std::mem::take(&mut look[e]),
                dirty_slots: dep_bit(usize::from(lp.su)) | dep_bit(usize::from(lp.sv)),
                dirty_flags: partners[e]
                    .iter()
                    .fold(0, |acc, &s| acc | dep_bit(usize::from(s))),
                var,
            });
            for k in 0..p.max[e] {
                levels.push((e as u32, k == 1));
            }
            var += Level::from(p.max[e]);
        }
        let hopeless = (0..n).any(|x| p.allowed[x] & range_mask(total_need[x], total_cap[x]) == 0);
        // Saturation degree: the largest allowed degree the vertex can reach.
        let max_deg: Vec<u32> = (0..n)
            .map(|x| {
                let a = p.allowed[x] & range_mask(0, total_cap[x]);
                31 - a.leading_zeros().min(31)
            })
            .collect();
        if max_deg.iter().any(|&d| d >= u32::from(S::MAX_VALUE)) {
            // DEAD (= MAX_VALUE) must stay above every stored degree.
            return Err(TooWide {
                width: fields,
                max: S::CAPACITY,
            }
            .into());
        }
        Ok(ConnectedDegree {
            edges,
            levels,
            later,
            allowed: p.allowed.clone(),
            max_deg,
            w: w as u8,
            fields,
            acyclic: p.acyclic,
            windows,
            memo: std::sync::Arc::new(window::Memo::new()),
            hopeless,
            _state: std::marker::PhantomData,
        })
    }

    /// Number of state fields (`2w + f`).
    pub fn fields(&self) -> usize {
        self.fields
    }

    /// The multiplicity of every edge in the member given by its variables (as listed by
    /// `zlink_zdd::Zdd::iter`).
    pub fn multiplicities(&self, vars: &[Var]) -> Vec<u8> {
        let mut x = vec![0u8; self.edges.len()];
        for &v in vars {
            x[self.levels[v as usize].0 as usize] += 1;
        }
        x
    }

    #[inline(always)]
    fn label(&self, m: &S, slot: u8) -> u8 {
        m.get(self.w + slot)
    }

    /// Renumbers labels 1, 2, … in slot order.
    #[inline]
    fn canonical(&self, m: &mut S) {
        let mut map = [0u8; 256];
        let mut next = 0u8;
        for t in 0..self.w {
            let c = self.label(m, t);
            if c != 0 {
                if map[usize::from(c)] == 0 {
                    next += 1;
                    map[usize::from(c)] = next;
                }
                m.set(self.w + t, map[usize::from(c)]);
            }
        }
    }

    /// Degree of endpoint `k` becomes `d` with `extra` more copies of this edge possible
    /// (`need` of them forced); false if no allowed degree stays reachable.
    #[inline(always)]
    fn degree_ok(&self, ed: &EdgeInfo, k: usize, d: u32, need: u32, extra: u32) -> bool {
        let (x, _) = ed.ends[k];
        let (rn, rc) = ed.rest[k];
        self.allowed[x as usize] & range_mask(d + rn + need, d + rc + extra) != 0
    }

    /// A component just closed (no frontier vertex can extend it): it is the whole member iff
    /// no other component exists and the rest can be all zeros.
    fn closed(&self, m: &S, ed: &EdgeInfo) -> Step<S> {
        let others = (0..self.w).any(|t| self.label(m, t) != 0);
        if others || !ed.rest_empty_ok || ed.needs_edge.iter().any(|&t| m.get(t) == 0) {
            Step::Reject
        } else {
            Step::Accept
        }
    }

    /// Dynamic lookahead over the live vertices: a later edge whose other end is DEAD or whose
    /// crossing flag is set can carry nothing, so a vertex whose remaining edges cannot reach
    /// an allowed degree rejects, and one that can reach no larger allowed degree is
    /// saturated (DEAD, label dropped; its component may close). Repeated until nothing
    /// changes, since a new DEAD vertex takes capacity from its neighbours. `Some` = the
    /// branch ends here.
    fn lookahead(&self, m: &mut S, ed: &EdgeInfo) -> Option<Step<S>> {
        // The state before this edge passed the previous edge's lookahead, and a vertex's
        // check can only fail or saturate anew when what it reads changed: this edge's
        // endpoints, the flags it set, and slots that became DEAD since.
        let (mut slots, mut flags) = (ed.dirty_slots, ed.dirty_flags);
        loop {
            let mut dead = 0u64;
            for lk in &ed.look {
                if lk.slots & slots == 0 && lk.flags & flags == 0 {
                    continue;
                }
                let d = m.get(lk.slot);
                if d == S::MAX_VALUE {
                    continue;
                }
                let mut cap = 0u32;
                for f in &self.later[lk.start as usize..lk.end as usize] {
                    if (f.other != NONE && m.get(f.other) == S::MAX_VALUE)
                        || (f.flag != NONE && m.get(f.flag) != 0)
                    {
                        continue;
                    }
                    cap += u32::from(f.max);
                }
                let d = u32::from(d);
                let allowed = self.allowed[lk.vertex as usize];
                if allowed & range_mask(d + lk.need, d + cap) == 0 {
                    return Some(Step::Reject);
                }
                if d > 0 && allowed & range_mask(d + 1, d + cap) == 0 {
                    let c = self.label(m, lk.slot);
                    m.set(lk.slot, S::MAX_VALUE);
                    m.set(self.w + lk.slot, 0);
                    if c != 0 && !(0..self.w).any(|t| self.label(m, t) == c) {
                        return Some(self.closed(m, ed));
                    }
                    dead |= dep_bit(usize::from(lk.slot));
                }
            }
            if dead == 0 {
                return None;
            }
            (slots, flags) = (dead, 0);
        }
    }

    /// Whether state `m` after edge `e` passes the window's checks (degrees memoized by the
    /// fields they read, then connectivity).
    fn window_ok(&self, win: &window::Window, e: usize, m: &S) -> bool {
        let ok = match win.key(m) {
            Some(k) => self
                .memo
                .get_or_insert(e as u32, k, || win.degrees_feasible(m)),
            None => win.degrees_feasible(m),
        };
        ok && win.may_connect(m)
    }

    /// After the last decision of edge `e`: clear its flag, let vertices leave (closing
    /// components), then go to the next edge.
    fn finish(&self, mut m: S, e: usize) -> Step<S> {
        let ed = &self.edges[e];
        if let Some(f) = ed.flag {
            m.set(f, 0);
        }
        // A saturated endpoint takes no more edges: it is marked DEAD and drops its label
        // (equal futures merge; a component whose members are all DEAD is closed early).
        for (x, slot) in ed.ends {
            let d = m.get(slot);
            if d != S::MAX_VALUE && d > 0 && u32::from(d) >= self.max_deg[x as usize] {
                let c = self.label(&m, slot);
                m.set(slot, S::MAX_VALUE);
                m.set(self.w + slot, 0);
                if !(0..self.w).any(|t| self.label(&m, t) == c) {
                    return self.closed(&m, ed);
                }
            }
        }
        for &slot in &ed.leave {
            let c = self.label(&m, slot);
            m.set(slot, 0);
            m.set(self.w + slot, 0);
            if c != 0 && !(0..self.w).any(|t| self.label(&m, t) == c) {
                return self.closed(&m, ed);
            }
        }
        if e + 1 == self.edges.len() {
            return Step::Accept; // nothing was used (a used component closes above)
        }
        if let Some(step) = self.lookahead(&mut m, ed) {
            return step;
        }
        if let Some(win) = self.windows.get(e) {
            if !self.window_ok(win, e, &m) {
                return Step::Reject;
            }
        }
        for &(f, slot) in &ed.watch {
            if m.get(slot) == S::MAX_VALUE {
                m.set(f, 0);
            }
        }
        self.canonical(&mut m);
        Step::Node(self.edges[e + 1].var, m)
    }
}

impl<S: Slots> Spec for ConnectedDegree<S> {
    type State = S;

    fn num_levels(&self) -> Level {
        self.levels.len() as Level
    }

    fn root(&self) -> Step<S> {
        if self.hopeless {
            Step::Reject
        } else if self.edges.is_empty() {
            Step::Accept
        } else {
            Step::Node(0, S::zeroed(self.fields))
        }
    }

    fn child(&self, s: &S, level: Level, take: bool) -> Step<S> {
        let (e, second) = self.levels[level as usize];
        let e = e as usize;
        let ed = &self.edges[e];
        let mut m = s.clone();
        let [(_, su), (_, sv)] = ed.ends;
        if !second {
            // Copies of this edge still possible / forced after this decision.
            let extra = u32::from(ed.max - 1);
            let need = u32::from(ed.min.saturating_sub(1));
            if take {
                if ed.flag.is_some_and(|f| m.get(f) != 0) {
                    return Step::Reject; // a crossing partner is used
                }
                for (k, slot) in [(0, su), (1, sv)] {
                    let d = m.get(slot);
                    if d == S::MAX_VALUE || !self.degree_ok(ed, k, u32::from(d) + 1, need, extra) {
                        return Step::Reject; // DEAD, or no allowed degree in reach
                    }
                    m.set(slot, d + 1);
                }
                let (cu, cv) = (self.label(&m, su), self.label(&m, sv));
                match (cu, cv) {
                    (0, 0) => {
                        m.set(self.w + su, self.w + 1);
                        m.set(self.w + sv, self.w + 1);
                    }
                    (0, c) => m.set(self.w + su, c),
                    (c, 0) => m.set(self.w + sv, c),
                    (a, b) if a == b => {
                        if self.acyclic {
                            return Step::Reject; // a cycle
                        }
                    }
                    (a, b) => {
                        for t in 0..self.w {
                            if self.label(&m, t) == b {
                                m.set(self.w + t, a);
                            }
                        }
                    }
                }
                for &f in &ed.partners {
                    m.set(f, 1);
                }
                if ed.max == 2 {
                    self.canonical(&mut m);
                    return Step::Node(level + 1, m);
                }
            } else {
                if ed.min > 0 {
                    return Step::Reject; // a given edge
                }
                for (k, slot) in [(0, su), (1, sv)] {
                    let d = m.get(slot);
                    if d != S::MAX_VALUE && !self.degree_ok(ed, k, u32::from(d), 0, 0) {
                        return Step::Reject;
                    }
                }
            }
        } else if take {
            if self.acyclic {
                return Step::Reject; // a doubled edge is a cycle
            }
            for (k, slot) in [(0, su), (1, sv)] {
                let d = m.get(slot);
                if d == S::MAX_VALUE || !self.degree_ok(ed, k, u32::from(d) + 1, 0, 0) {
                    return Step::Reject;
                }
                m.set(slot, d + 1);
            }
        } else {
            if ed.min == 2 {
                return Step::Reject;
            }
            for (k, slot) in [(0, su), (1, sv)] {
                let d = m.get(slot);
                if d != S::MAX_VALUE && !self.degree_ok(ed, k, u32::from(d), 0, 0) {
                    return Step::Reject;
                }
            }
        }
        self.finish(m, e)
    }

    /// Cheap test: not a forbidden (crossed) edge, both endpoints below their largest allowed
    /// degree, and no cycle in acyclic mode.
    #[inline]
    fn can_take(&self, m: &S, level: Level) -> bool {
        let (e, second) = self.levels[level as usize];
        let ed = &self.edges[e as usize];
        let [(u, su), (v, sv)] = ed.ends;
        if u32::from(m.get(su)) >= self.max_deg[u as usize]
            || u32::from(m.get(sv)) >= self.max_deg[v as usize]
        {
            return false;
        }
        if second {
            return !self.acyclic;
        }
        if ed.flag.is_some_and(|f| m.get(f) != 0) {
            return false;
        }
        let (a, b) = (self.label(m, su), self.label(m, sv));
        !(self.acyclic && a != 0 && a == b)
    }
}

/// A problem as a family of the frontier's one entry point ([`crate::run::count_family`],
/// [`crate::run::build_family`]): packed states while its `2w + f` fields fit them.
impl SpecFamily for ConnectedProblem {
    fn width(&self) -> usize {
        self.state_width().map_or(usize::MAX, |(w, f)| 2 * w + f)
    }

    fn wide(&self) -> bool {
        matches!(
            ConnectedDegree::<Packed>::new(self),
            Err(SpecError::TooWide(_))
        )
    }

    fn spec<M: Slots>(&self) -> Result<impl Spec, SpecError> {
        ConnectedDegree::<M>::new(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_masks() {
        assert_eq!(range_mask(0, 0), 1);
        assert_eq!(range_mask(1, 2), 0b110);
        assert_eq!(range_mask(3, 2), 0);
        assert_eq!(range_mask(0, 40), u32::MAX);
    }

    #[test]
    fn flags_are_per_later_edge_and_reused() {
        let mut p = ConnectedProblem::simple(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)], &[2; 6]);
        p.crossings = vec![(0, 1), (2, 0), (3, 4)];
        let ((slot, partners), width) = flag_plan(&p);
        assert_eq!(width, 2); // flags of edges 1 and 2 live together
        assert_eq!(slot[0], u8::MAX);
        assert_eq!(partners[0].len(), 2);
        assert!(slot[4] < 2); // edge 4's flag reuses a freed slot
    }
}
