//! The rules of the module doc (degrees, groups, paths and their ends) and the propagation
//! loop that applies them to a fixpoint.

use super::*;

impl<'a> State<'a> {
    /// Sets every undecided edge of vertex `x` (`vertex`) or group `x` to `on`.
    fn set_all(&mut self, x: usize, vertex: bool, on: bool) -> Result<(), Contradiction> {
        let len = if vertex {
            self.vertex_edges.of(x).len()
        } else {
            self.p.groups[x].0.len()
        };
        for k in 0..len {
            let e = if vertex {
                self.vertex_edges.of(x)[k]
            } else {
                self.p.groups[x].0[k]
            };
            if self.val[e as usize] == UNK {
                self.set(e, on)?;
            }
        }
        Ok(())
    }

    pub(super) fn check_vertex(&mut self, x: u32) -> Result<(), Contradiction> {
        let (on, unk) = (self.v_on[x as usize], self.v_unk[x as usize]);
        // a vertex that the labels put on a path has no degree 0
        let degrees = self.p.degrees[x as usize] & !u8::from(!self.labels.may_be_empty(x));
        if unk == 0 {
            return match on < 8 && degrees >> on & 1 == 1 {
                true => Ok(()),
                false => Err(Contradiction),
            };
        }
        if on >= 8 {
            return Err(Contradiction);
        }
        let top = (on + unk).min(7);
        let range = ((1u32 << (top + 1)) - 1) & !((1u32 << on) - 1);
        let feasible = u32::from(degrees) & range;
        if feasible == 0 {
            return Err(Contradiction);
        }
        let (least, most) = (feasible.trailing_zeros(), 31 - feasible.leading_zeros());
        if most == on {
            self.set_all(x as usize, true, false)
        } else if least == on + unk {
            self.set_all(x as usize, true, true)
        } else {
            Ok(())
        }
    }

    pub(super) fn check_group(&mut self, g: u32) -> Result<(), Contradiction> {
        let (_, lo, hi) = self.p.groups[g as usize];
        let (on, unk) = (self.g_on[g as usize], self.g_unk[g as usize]);
        if on > hi || on + unk < lo {
            Err(Contradiction)
        } else if unk > 0 && on == hi {
            self.set_all(g as usize, false, false)
        } else if unk > 0 && on + unk == lo {
            self.set_all(g as usize, false, true)
        } else {
            Ok(())
        }
    }

    /// Whether on-edge `f` (undecided) between `a` and `b` is ruled out by the paths: it
    /// would close a cycle that cannot be the loop, or join different labels.
    fn path_forbids(&self, f: u32, a: u32, b: u32) -> bool {
        let (ma, mb) = (self.mate[a as usize], self.mate[b as usize]);
        if ma == INNER || mb == INNER {
            return false; // the degree rules see it
        }
        if ma == b {
            return match self.p.shape {
                Shape::Paths => true,
                Shape::Loop => {
                    self.closed || self.total_on != self.len[a as usize] || self.unmet_with(f) != 0
                }
            };
        }
        let (la, lb) = (self.label[a as usize], self.label[b as usize]);
        la != 0 && lb != 0 && la != lb
    }

    /// Turns off the undecided edges at vertex `a` (a path end or lone vertex) that the paths
    /// rule out.
    pub(super) fn check_end(&mut self, a: u32) -> Result<(), Contradiction> {
        if self.mate[a as usize] == INNER {
            return Ok(());
        }
        for k in 0..self.vertex_edges.of(a as usize).len() {
            let f = self.vertex_edges.of(a as usize)[k];
            if self.val[f as usize] != UNK {
                continue;
            }
            let (u, v) = self.p.edges[f as usize];
            let b = if u == a { v } else { u };
            if self.path_forbids(f, a, b) {
                self.set(f, false)?;
            }
        }
        Ok(())
    }

    /// Propagates the queued decisions to a fixpoint. A path's ends are checked when it
    /// grows; for a loop, `rescan` re-checks every path's closing edge at each round too
    /// (`O(n)`), since the other paths and the groups move on.
    pub(super) fn propagate(&mut self, rescan: bool) -> Result<(), Contradiction> {
        loop {
            while let Some((e, on)) = self.forced.pop() {
                if self.val[e as usize] == UNK {
                    self.set(e, on)?;
                }
            }
            while let Some(e) = self.queue.pop() {
                let (u, v) = self.p.edges[e as usize];
                self.check_vertex(u)?;
                self.check_vertex(v)?;
                for k in 0..self.edge_groups.of(e as usize).len() {
                    let g = self.edge_groups.of(e as usize)[k];
                    self.check_group(g)?;
                }
                if self.p.corners {
                    self.corners_after(e)?;
                }
                while let Some(a) = self.ends.pop() {
                    if !self.closed {
                        self.check_end(a)?;
                    }
                }
                self.labels_propagate()?;
            }
            self.labels_propagate()?;
            if self.closed {
                for e in 0..self.val.len() as u32 {
                    if self.val[e as usize] == UNK {
                        self.set(e, false)?;
                    }
                }
            } else if rescan && self.p.shape == Shape::Loop {
                for a in 0..self.p.n as u32 {
                    let m = self.mate[a as usize];
                    if m < INNER && a < m {
                        self.check_end(a)?;
                    }
                }
            }
            if self.queue.is_empty()
                && self.ends.is_empty()
                && self.forced.is_empty()
                && self.labels.queue_empty()
            {
                return Ok(());
            }
        }
    }
}
