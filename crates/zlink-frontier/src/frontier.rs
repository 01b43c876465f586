//! Frontier bookkeeping: which vertices enter and leave at each level, and their stable slots.
//!
//! Every vertex gets a *slot* (an index into the state array) from a free-slot stack when it
//! enters the frontier (at its first edge) and returns the slot after its last edge, so a
//! vertex keeps its slot while it is live and states need no shifting (the idea of
//! Graphillion's FrontierManager). The number of slots equals the maximum frontier width.
//!
//! Level `i` processes edge `i = {u, v}`: the spec updates the slots of `u` and `v`, then
//! checks and clears the slots of the vertices in [`LevelPlan::leave`], then initialises the
//! slots of the vertices entering at level `i + 1` ([`LevelPlan::enter`] of the next level).

use crate::graph::{Graph, Vertex};
use crate::order::first_last;
use crate::packed::MAX_WIDE_WIDTH;

/// At most two vertices (an edge's endpoints) enter or leave at one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlotList {
    len: u8,
    items: [(u8, Vertex); 2],
}

impl SlotList {
    fn push(&mut self, slot: u8, v: Vertex) {
        self.items[usize::from(self.len)] = (slot, v);
        self.len += 1;
    }
    /// The `(slot, vertex)` pairs.
    #[inline(always)]
    pub fn as_slice(&self) -> &[(u8, Vertex)] {
        &self.items[..usize::from(self.len)]
    }
}

/// What happens at one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelPlan {
    /// The edge's endpoints.
    pub u: Vertex,
    /// The edge's endpoints.
    pub v: Vertex,
    /// Slot of `u`.
    pub su: u8,
    /// Slot of `v`.
    pub sv: u8,
    /// Edges at `u` after this level.
    pub rem_u: u32,
    /// Edges at `v` after this level.
    pub rem_v: u32,
    /// Vertices whose first edge is this one (their slots are initialised before this level).
    pub enter: SlotList,
    /// Vertices whose last edge is this one (checked and cleared after this level).
    pub leave: SlotList,
    /// Whether every non-isolated vertex has entered by this level.
    pub all_entered: bool,
}

/// Error: the graph's frontier is wider than a state representation supports.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("frontier width {width} exceeds the supported maximum {max} (try --order frontier)")]
pub struct TooWide {
    /// The width of this order.
    pub width: usize,
    /// The representation's maximum ([`crate::packed::MAX_WIDTH`] for packed states).
    pub max: usize,
}

/// The per-level frontier plan of an ordered graph.
#[derive(Clone, Debug)]
pub struct FrontierPlan {
    levels: Vec<LevelPlan>,
    width: usize,
    isolated: usize,
    n: usize,
}

impl FrontierPlan {
    /// Plans slots for `g` in its edge order.
    ///
    /// # Errors
    /// [`TooWide`] if more than [`MAX_WIDE_WIDTH`] vertices are live at once (slots are
    /// bytes); specs check their own, usually smaller, limits on [`FrontierPlan::width`].
    /// Complexity: `O(n + m)`.
    pub fn new(g: &Graph) -> Result<FrontierPlan, TooWide> {
        let (first, last) = first_last(g);
        let degrees = g.degrees();
        let mut seen_edges = vec![0u32; g.num_vertices()];
        let mut slot_of = vec![u8::MAX; g.num_vertices()];
        let mut free: Vec<u8> = Vec::new();
        let mut next_slot = 0usize;
        let mut width = 0usize;
        let mut live = 0usize;
        let mut entered = 0usize;
        let isolated = degrees.iter().filter(|&&d| d == 0).count();
        let mut levels = Vec::with_capacity(g.num_edges());
        for (i, &(u, v)) in g.edges().iter().enumerate() {
            let mut enter = SlotList::default();
            for x in [u, v] {
                if first[x as usize] == i {
                    let s = match free.pop() {
                        Some(s) => s,
                        None => {
                            next_slot += 1;
                            if next_slot > MAX_WIDE_WIDTH {
                                let width = crate::order::frontier_widths(g)
                                    .into_iter()
                                    .max()
                                    .unwrap_or(0);
                                return Err(TooWide {
                                    width,
                                    max: MAX_WIDE_WIDTH,
                                });
                            }
                            (next_slot - 1) as u8
                        }
                    };
                    slot_of[x as usize] = s;
                    enter.push(s, x);
                    live += 1;
                    entered += 1;
                }
            }
            width = width.max(live);
            let mut leave = SlotList::default();
            for x in [u, v] {
                seen_edges[x as usize] += 1;
                if last[x as usize] == i {
                    leave.push(slot_of[x as usize], x);
                }
            }
            for &(s, _) in leave.as_slice() {
                free.push(s);
                live -= 1;
            }
            levels.push(LevelPlan {
                u,
                v,
                su: slot_of[u as usize],
                sv: slot_of[v as usize],
                rem_u: degrees[u as usize] as u32 - seen_edges[u as usize],
                rem_v: degrees[v as usize] as u32 - seen_edges[v as usize],
                enter,
                leave,
                all_entered: entered + isolated == g.num_vertices(),
            });
        }
        Ok(FrontierPlan {
            levels,
            width,
            isolated,
            n: g.num_vertices(),
        })
    }

    /// The plan of level `i`.
    #[inline(always)]
    pub fn level(&self, i: usize) -> &LevelPlan {
        &self.levels[i]
    }

    /// Number of levels (edges).
    pub fn num_levels(&self) -> usize {
        self.levels.len()
    }

    /// Maximum number of simultaneously live vertices (= slots used).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of vertices without edges.
    pub fn isolated(&self) -> usize {
        self.isolated
    }

    /// Number of vertices of the graph.
    pub fn num_vertices(&self) -> usize {
        self.n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::frontier_widths;

    #[test]
    fn slots_are_stable_and_width_matches() {
        for (r, c) in [(1, 2), (3, 3), (4, 6), (7, 5)] {
            let g = Graph::grid(r, c);
            let p = FrontierPlan::new(&g).unwrap();
            assert_eq!(p.width(), frontier_widths(&g).into_iter().max().unwrap());
            // Replay: a live vertex keeps its slot; no two live vertices share one.
            let mut owner: Vec<Option<Vertex>> = vec![None; p.width()];
            for i in 0..p.num_levels() {
                let l = p.level(i);
                for &(s, x) in l.enter.as_slice() {
                    assert_eq!(owner[s as usize], None);
                    owner[s as usize] = Some(x);
                }
                assert_eq!(owner[l.su as usize], Some(l.u));
                assert_eq!(owner[l.sv as usize], Some(l.v));
                for &(s, x) in l.leave.as_slice() {
                    assert_eq!(owner[s as usize], Some(x));
                    owner[s as usize] = None;
                }
            }
            assert!(owner.iter().all(Option::is_none));
            assert!(p.level(p.num_levels() - 1).all_entered);
        }
    }

    #[test]
    fn too_wide_is_an_error() {
        assert_eq!(FrontierPlan::new(&Graph::grid(30, 30)).unwrap().width(), 31);
        let g = Graph::grid(260, 260);
        assert_eq!(FrontierPlan::new(&g).unwrap_err().width, 261);
    }
}
