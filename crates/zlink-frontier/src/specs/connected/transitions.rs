//! The transitions of the connected-degree spec: one decision (take or skip a copy of an
//! edge) on a state, then the end of the edge (flags cleared, saturated and leaving vertices
//! settled, components closed, the dynamic lookahead, the window, renumbering).
//!
//! Why apart: this is the hot path (every state of every level runs it) and the part the
//! module doc's rules describe one by one; it reads only the state and the tables of
//! [`super::state`], so each rule is a short function here and the tables' set-up stays out
//! of sight.

use crate::packed::Slots;
use crate::spec::{Level, Spec, Step};

use super::state::{dep_bit, range_mask, EdgeInfo, NONE};
use super::{window, ConnectedDegree};

impl<S: Slots> ConnectedDegree<S> {
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

    /// Takes the first copy of `ed`: no crossing partner used, both endpoints alive and in
    /// reach of an allowed degree, their components joined, the later partners forbidden.
    /// `Err` = the branch ends here (a rejection, or the node of the second copy).
    #[inline(always)]
    fn take_first(&self, mut m: S, ed: &EdgeInfo, level: Level) -> Result<S, Step<S>> {
        // Copies of this edge still possible / forced after this decision.
        let extra = u32::from(ed.max - 1);
        let need = u32::from(ed.min.saturating_sub(1));
        if ed.flag.is_some_and(|f| m.get(f) != 0) {
            return Err(Step::Reject); // a crossing partner is used
        }
        let [(_, su), (_, sv)] = ed.ends;
        for (k, slot) in [(0, su), (1, sv)] {
            let d = m.get(slot);
            if d == S::MAX_VALUE || !self.degree_ok(ed, k, u32::from(d) + 1, need, extra) {
                return Err(Step::Reject); // DEAD, or no allowed degree in reach
            }
            m.set(slot, d + 1);
        }
        if !self.join(&mut m, su, sv) {
            return Err(Step::Reject); // a cycle
        }
        for &f in &ed.partners {
            m.set(f, 1);
        }
        if ed.max == 2 {
            self.canonical(&mut m);
            return Err(Step::Node(level + 1, m));
        }
        Ok(m)
    }

    /// Joins the components of slots `su` and `sv` (a fresh label if neither has one); false
    /// if they are one component and the family is acyclic.
    #[inline(always)]
    fn join(&self, m: &mut S, su: u8, sv: u8) -> bool {
        match (self.label(m, su), self.label(m, sv)) {
            (0, 0) => {
                m.set(self.w + su, self.w + 1);
                m.set(self.w + sv, self.w + 1);
            }
            (0, c) => m.set(self.w + su, c),
            (c, 0) => m.set(self.w + sv, c),
            (a, b) if a == b => return !self.acyclic,
            (a, b) => {
                for t in 0..self.w {
                    if self.label(m, t) == b {
                        m.set(self.w + t, a);
                    }
                }
            }
        }
        true
    }

    /// Takes the second copy of `ed` (never in an acyclic family: a doubled edge is a cycle).
    #[inline(always)]
    fn take_second(&self, m: &mut S, ed: &EdgeInfo) -> bool {
        if self.acyclic {
            return false;
        }
        for (k, (_, slot)) in ed.ends.into_iter().enumerate() {
            let d = m.get(slot);
            if d == S::MAX_VALUE || !self.degree_ok(ed, k, u32::from(d) + 1, 0, 0) {
                return false;
            }
            m.set(slot, d + 1);
        }
        true
    }

    /// Skips a copy of `ed` (`forced`: the copy is given): both endpoints that are alive must
    /// still reach an allowed degree.
    #[inline(always)]
    fn skip(&self, m: &S, ed: &EdgeInfo, forced: bool) -> bool {
        if forced {
            return false;
        }
        ed.ends.into_iter().enumerate().all(|(k, (_, slot))| {
            let d = m.get(slot);
            d == S::MAX_VALUE || self.degree_ok(ed, k, u32::from(d), 0, 0)
        })
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
        let go_on = match (second, take) {
            (false, true) => match self.take_first(m, ed, level) {
                Ok(taken) => {
                    m = taken;
                    true
                }
                Err(step) => return step,
            },
            (false, false) => self.skip(&m, ed, ed.min > 0),
            (true, true) => self.take_second(&mut m, ed),
            (true, false) => self.skip(&m, ed, ed.min == 2),
        };
        if go_on {
            self.finish(m, e)
        } else {
            Step::Reject
        }
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
