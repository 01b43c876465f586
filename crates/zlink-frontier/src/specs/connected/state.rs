//! The state's layout (degree fields `0..w`, label fields `w..2w`, crossing flags from `2w`)
//! and the per-edge tables the transitions read it with.
//!
//! Why apart: a transition runs once per state and variable (millions of times a level on
//! hard instances), a table once per problem, in `O(n + m + crossings)`. Everything that
//! depends only on the problem and its order — which slot and flag field each endpoint and
//! partner uses, what the later edges can still carry at each vertex, which vertices the
//! lookahead re-checks after each edge and what they read, the windows — is computed here,
//! one step per function, so [`super::transitions`] only reads fields and tables.

use crate::frontier::FrontierPlan;
use crate::graph::{Graph, Vertex};
use crate::spec::Level;
pub(super) use crate::specs::degree::range_mask;

use super::{window, ConnectedProblem};

/// Per edge `f`, its earliest crossing partner `e < f` (`usize::MAX`: none). Its flag field
/// is live from `e` to `f`.
fn earliest_partners(p: &ConnectedProblem) -> Vec<usize> {
    let mut earliest = vec![usize::MAX; p.edges.len()];
    for &(a, b) in &p.crossings {
        if a != b {
            let f = a.max(b);
            earliest[f] = earliest[f].min(a.min(b));
        }
    }
    earliest
}

/// Crossing flags: per edge, its flag slot (relative, `u8::MAX` = none) and the flag slots of
/// its later partners; plus the number of flag slots.
#[allow(clippy::type_complexity)]
pub(super) fn flag_plan(p: &ConnectedProblem) -> ((Vec<u8>, Vec<Vec<u8>>), usize) {
    let m = p.edges.len();
    let earliest = earliest_partners(p); // per later edge f: its earliest partner
    let mut later: Vec<Vec<usize>> = vec![Vec::new(); m];
    for &(a, b) in &p.crossings {
        if a == b {
            continue;
        }
        let (e, f) = (a.min(b), a.max(b));
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

/// Per-edge data of the spec.
#[derive(Clone, Debug)]
pub(super) struct EdgeInfo {
    /// The endpoints and their vertex slots.
    pub ends: [(Vertex, u8); 2],
    /// Least and largest multiplicity still to come at each endpoint after this edge.
    pub rest: [(u32, u32); 2],
    pub min: u8,
    pub max: u8,
    /// This edge's "forbidden" flag field, if it has an earlier crossing partner.
    pub flag: Option<u8>,
    /// Flag fields of the later crossing partners (set when this edge is used).
    pub partners: Vec<u8>,
    /// Vertex slots leaving after this edge.
    pub leave: Vec<u8>,
    /// Whether, after this edge, the rest may be all zeros as far as the static part goes:
    /// every vertex entering later may have degree 0 and no given edge remains.
    pub rest_empty_ok: bool,
    /// Vertex slots live after this edge whose vertex must have an edge (degree 0 not
    /// allowed): an all-zero rest needs them touched already.
    pub needs_edge: Vec<u8>,
    /// `(flag field, vertex slot)`: a flag live after this edge and a live endpoint of its
    /// edge; a DEAD endpoint makes the flag moot, so it is cleared (equal futures merge).
    pub watch: Vec<(u8, u8)>,
    /// The live vertices after this edge that still have later edges (dynamic lookahead).
    pub look: Vec<Look>,
    /// What this edge changes for the lookahead (masks as in [`Look`]): its endpoints'
    /// slots and its later partners' flags.
    pub dirty_slots: u64,
    pub dirty_flags: u64,
    /// First variable of this edge.
    pub var: Level,
}

/// A later edge at a live vertex, as the dynamic lookahead sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Later {
    /// Largest multiplicity.
    pub max: u8,
    /// The other endpoint's slot if it is on the frontier (it may be DEAD), else `NONE`.
    pub other: u8,
    /// The edge's "forbidden" flag field if that flag is live, else `NONE`.
    pub flag: u8,
}

/// "No slot / no field" in [`Later`].
pub(super) const NONE: u8 = u8::MAX;

/// A live vertex whose later edges the lookahead re-checks after an edge: its slot, the
/// vertex, the least multiplicity its later edges force, and its later edges
/// (`later[start..end]`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Look {
    pub slot: u8,
    pub vertex: u32,
    pub need: u32,
    pub start: u32,
    pub end: u32,
    /// What the check reads: bit `s` = vertex slot `s` (its own, or a later edge's other
    /// end), in `slots`; bit `j` = flag field `2w + j`, in `flags`. All ones where an index
    /// does not fit in 64 bits (then always checked).
    pub slots: u64,
    pub flags: u64,
}

/// Bit `i` of a dependency mask, or all bits when `i` does not fit.
pub(super) fn dep_bit(i: usize) -> u64 {
    if i < 64 {
        1 << i
    } else {
        u64::MAX
    }
}

/// Where each vertex and edge sits in the sweep: what every table below is computed from.
struct Sweep<'a> {
    p: &'a ConnectedProblem,
    /// The problem's graph (its edges in the problem's order).
    g: &'a Graph,
    /// Frontier width `w`.
    w: usize,
    /// Per vertex, its first and last edge (`usize::MAX`: none).
    first: Vec<usize>,
    last: Vec<usize>,
    /// Per vertex, its frontier slot (`u8::MAX`: no edge).
    slot_of: Vec<u8>,
    /// Per vertex, its edges in order.
    incident: Vec<Vec<usize>>,
    /// Per edge, its earliest crossing partner ([`earliest_partners`]).
    earliest: Vec<usize>,
    /// Per edge, its flag field `2w + slot` (`u8::MAX`: none).
    flag_field: Vec<u8>,
}

impl<'a> Sweep<'a> {
    fn new(p: &'a ConnectedProblem, g: &'a Graph, plan: &FrontierPlan, flag_slot: &[u8]) -> Self {
        let (n, m, w) = (p.n, p.edges.len(), plan.width());
        let mut first = vec![usize::MAX; n];
        let mut last = vec![usize::MAX; n];
        let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (e, &(u, v)) in g.edges().iter().enumerate() {
            last[u as usize] = e;
            last[v as usize] = e;
            incident[u as usize].push(e);
            incident[v as usize].push(e);
        }
        for (e, &(u, v)) in g.edges().iter().enumerate().rev() {
            first[u as usize] = e;
            first[v as usize] = e;
        }
        let mut slot_of = vec![u8::MAX; n];
        for e in 0..m {
            let lp = plan.level(e);
            slot_of[lp.u as usize] = lp.su;
            slot_of[lp.v as usize] = lp.sv;
        }
        let flag_field = flag_slot
            .iter()
            .map(|&s| {
                if s == u8::MAX {
                    u8::MAX
                } else {
                    (2 * w + usize::from(s)) as u8
                }
            })
            .collect();
        Sweep {
            p,
            g,
            w,
            first,
            last,
            slot_of,
            incident,
            earliest: earliest_partners(p),
            flag_field,
        }
    }

    /// Per edge and endpoint, the least and largest multiplicity still to come at that
    /// endpoint after the edge; and per vertex, the least and largest degree in all.
    #[allow(clippy::type_complexity)]
    fn rest_ranges(&self) -> (Vec<[(u32, u32); 2]>, Vec<u32>, Vec<u32>) {
        let (p, m) = (self.p, self.p.edges.len());
        let mut cap = vec![0u32; p.n];
        let mut need = vec![0u32; p.n];
        let mut rest = vec![[(0u32, 0u32); 2]; m];
        for e in (0..m).rev() {
            let (u, v) = self.g.edges()[e];
            rest[e] = [
                (need[u as usize], cap[u as usize]),
                (need[v as usize], cap[v as usize]),
            ];
            for x in [u, v] {
                cap[x as usize] += u32::from(p.max[e]);
                need[x as usize] += u32::from(p.min[e]);
            }
        }
        (rest, need, cap)
    }

    /// Per edge, whether something after it needs a non-zero (a given edge, or a vertex
    /// entering later that must have an edge); and the live slots after it whose vertex must
    /// have an edge, which an empty rest checks in the state.
    fn empty_rest(&self) -> (Vec<bool>, Vec<Vec<u8>>) {
        let (p, m) = (self.p, self.p.edges.len());
        let degrees = self.g.degrees();
        let mut bad_after = vec![false; m + 1];
        let mut vertex_bad_from = vec![false; m + 1];
        let mut needs_edge: Vec<Vec<u8>> = vec![Vec::new(); m];
        for (x, &degree) in degrees.iter().enumerate() {
            if degree > 0 && p.allowed[x] & 1 == 0 {
                // Vertex x needs an edge: an empty rest after e < first[x] misses it; while
                // it is live (first[x] <= e < last[x]) its slot must already be touched.
                let (first, last) = (self.first[x], self.last[x]);
                vertex_bad_from[first] = true;
                for ne in needs_edge.iter_mut().take(last).skip(first) {
                    ne.push(self.slot_of[x]);
                }
            }
        }
        for e in (0..m).rev() {
            let given_after = e + 1 < m && p.min[e + 1] > 0;
            bad_after[e] = bad_after[e + 1] || given_after || vertex_bad_from[e + 1];
        }
        (bad_after, needs_edge)
    }

    /// Per edge `e`: the flags live after `e` whose edge has an endpoint live after `e`, with
    /// that endpoint's slot.
    fn watches(&self) -> Vec<Vec<(u8, u8)>> {
        let m = self.p.edges.len();
        let mut watch: Vec<Vec<(u8, u8)>> = vec![Vec::new(); m];
        for f in 0..m {
            if self.earliest[f] == usize::MAX {
                continue;
            }
            let (a, b) = self.g.edges()[f];
            for x in [a as usize, b as usize] {
                let live = self.first[x]..self.last[x];
                for (e, we) in watch.iter_mut().enumerate().take(f).skip(self.earliest[f]) {
                    if live.contains(&e) {
                        we.push((self.flag_field[f], self.slot_of[x]));
                    }
                }
            }
        }
        watch
    }

    /// The dynamic lookahead's lists: per edge `e`, each vertex live after `e` with later
    /// edges, and those later edges (flat).
    fn lookahead_lists(&self) -> (Vec<Later>, Vec<Vec<Look>>) {
        let m = self.p.edges.len();
        let mut later = Vec::new();
        let mut look: Vec<Vec<Look>> = vec![Vec::new(); m];
        let mut live: Vec<usize> = Vec::new();
        for (e, le) in look.iter_mut().enumerate() {
            let (u, v) = self.g.edges()[e];
            for x in [u as usize, v as usize] {
                if self.first[x] == e {
                    live.push(x);
                }
            }
            live.retain(|&x| self.last[x] > e);
            for &x in &live {
                le.push(self.look_at(x, e, &mut later));
            }
        }
        (later, look)
    }

    /// The lookahead entry of vertex `x` live after edge `e`; pushes its later edges.
    fn look_at(&self, x: usize, e: usize, later: &mut Vec<Later>) -> Look {
        let start = later.len() as u32;
        let mut need = 0u32;
        let mut slots = dep_bit(usize::from(self.slot_of[x]));
        let mut flags = 0u64;
        for &f in self.incident[x].iter().filter(|&&f| f > e) {
            let (a, b) = self.g.edges()[f];
            let y = if a as usize == x { b } else { a } as usize;
            let other = if self.first[y] <= e {
                self.slot_of[y]
            } else {
                NONE
            };
            let flag = if self.earliest[f] <= e {
                self.flag_field[f]
            } else {
                NONE
            };
            need += u32::from(self.p.min[f]);
            if other != NONE {
                slots |= dep_bit(usize::from(other));
            }
            if flag != NONE {
                flags |= dep_bit(usize::from(flag) - 2 * self.w);
            }
            later.push(Later {
                max: self.p.max[f],
                other,
                flag,
            });
        }
        Look {
            slot: self.slot_of[x],
            vertex: x as u32,
            need,
            start,
            end: later.len() as u32,
            slots,
            flags,
        }
    }

    /// Per edge, the window after it (none without a window).
    fn windows(&self) -> Vec<window::Window> {
        let (p, m) = (self.p, self.p.edges.len());
        if p.window == 0 {
            return Vec::new();
        }
        let mut cross = vec![Vec::new(); m];
        for &(a, b) in &p.crossings {
            if a != b {
                cross[a].push(b);
                cross[b].push(a);
            }
        }
        let plan = window::Plan {
            edges: self.g.edges(),
            min: &p.min,
            max: &p.max,
            allowed: &p.allowed,
            cross: &cross,
            incident: &self.incident,
            first: &self.first,
            last: &self.last,
            w: self.w,
            slot_of: &self.slot_of,
            flag_field: &self.flag_field,
            flag_from: &self.earliest,
        };
        (0..m)
            .map(|e| window::Window::build(&plan, e, p.window.min(120)))
            .collect()
    }
}

/// Everything a [`ConnectedDegree`](super::ConnectedDegree) reads besides its state.
pub(super) struct Tables {
    pub edges: Vec<EdgeInfo>,
    /// Per variable: `(edge, is the second copy)`.
    pub levels: Vec<(u32, bool)>,
    pub later: Vec<Later>,
    pub windows: Vec<window::Window>,
    /// Largest allowed degree each vertex can reach (its saturation degree).
    pub max_deg: Vec<u32>,
    /// Some vertex can reach no allowed degree at all.
    pub hopeless: bool,
}

impl Tables {
    /// The tables of `p` (whose graph is `g`, frontier plan `plan`) with the crossing flags
    /// of [`flag_plan`].
    pub fn new(
        p: &ConnectedProblem,
        g: &Graph,
        plan: &FrontierPlan,
        (flag_slot, partners): (&[u8], &[Vec<u8>]),
    ) -> Tables {
        let sweep = Sweep::new(p, g, plan, flag_slot);
        let (rest, total_need, total_cap) = sweep.rest_ranges();
        let (bad_after, mut needs_edge) = sweep.empty_rest();
        let mut watch = sweep.watches();
        let (later, mut look) = sweep.lookahead_lists();
        let windows = sweep.windows();
        let fl = |s: u8| (2 * plan.width() + usize::from(s)) as u8;
        let mut var = 0 as Level;
        let mut edges = Vec::with_capacity(p.edges.len());
        let mut levels = Vec::new();
        for e in 0..p.edges.len() {
            let lp = plan.level(e);
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
        let hopeless =
            (0..p.n).any(|x| p.allowed[x] & range_mask(total_need[x], total_cap[x]) == 0);
        // Saturation degree: the largest allowed degree the vertex can reach.
        let max_deg = (0..p.n)
            .map(|x| {
                let a = p.allowed[x] & range_mask(0, total_cap[x]);
                31 - a.leading_zeros().min(31)
            })
            .collect();
        Tables {
            edges,
            levels,
            later,
            windows,
            max_deg,
            hopeless,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
