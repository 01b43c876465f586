//! The clue-and-corners rule: a group (a Slitherlink clue) solved together with the vertices
//! where two of its undecided edges meet (the clue's corner dots).
//!
//! Why: the group rule alone sees a clue's count, the degree rule alone a dot's; the classic
//! corner patterns need both at once. A 3 in the grid's corner (its corner dot has only the
//! clue's two sides: both on or both off, and off leaves 2 < 3), a 1 in the corner (both
//! off), a line running into a 3's corner (at most one of the two sides at that dot, so the
//! other two are on: Tatham's Loopy counts this one among its *easy* techniques), a line into
//! a 1's corner (the far sides off), a 2 with its corner blocked ... are all "every way of
//! drawing the clue's open sides that its corner dots allow agrees on this side". Loopy's easy
//! puzzles (10x10, 6 seeds) leave 140-196 of 220 sides open to the rules without it, none
//! with it (the generator's grades, `slitherlink::generate`).
//!
//! The rule enumerates the `2^u` drawings of the group's `u` undecided edges (only for
//! `u <= MAX_OPEN`, so at most 64; a Slitherlink clue has 4 sides): a drawing stands when its
//! count keeps the group within its bounds and, at every vertex met by two or more of the
//! drawn edges' group, some allowed degree is still reachable with the vertex's other
//! undecided edges. An edge with one value in every drawing that stands is decided; no
//! drawing standing is a contradiction. It is a necessary condition of every solution, like
//! every rule of the deduction.

use super::{Contradiction, State, UNK};

/// Groups with more undecided edges than this are left to the plain group rule.
const MAX_OPEN: usize = 6;

impl State<'_> {
    /// The clue-and-corners rule (module doc) on group `g`.
    pub(super) fn check_corners(&mut self, g: u32) -> Result<(), Contradiction> {
        let p = self.p;
        let (edges, lo, hi) = (
            &p.groups[g as usize].0,
            p.groups[g as usize].1,
            p.groups[g as usize].2,
        );
        let mut open = [0u32; MAX_OPEN];
        let mut u = 0;
        for &e in edges {
            if self.val[e as usize] == UNK {
                if u == MAX_OPEN {
                    return Ok(());
                }
                open[u] = e;
                u += 1;
            }
        }
        if u < 2 {
            return Ok(());
        }
        // the vertices two open edges share, with the mask of their open edges in the group
        let mut shared: [(u32, u32); 2 * MAX_OPEN] = [(0, 0); 2 * MAX_OPEN];
        let mut s = 0;
        for (i, &e) in open[..u].iter().enumerate() {
            let (a, b) = self.p.edges[e as usize];
            for x in [a, b] {
                match shared[..s].iter_mut().find(|(y, _)| *y == x) {
                    Some(entry) => entry.1 |= 1 << i,
                    None => {
                        shared[s] = (x, 1 << i);
                        s += 1;
                    }
                }
            }
        }
        let corners: Vec<(u32, u32)> = shared[..s]
            .iter()
            .copied()
            .filter(|&(_, m)| m.count_ones() >= 2)
            .collect();
        if corners.is_empty() {
            return Ok(());
        }
        let on = self.g_on[g as usize];
        let (mut always_on, mut always_off, mut any) = (u32::MAX, u32::MAX, false);
        for drawing in 0u32..1 << u {
            let count = on + drawing.count_ones();
            if count < lo || count > hi {
                continue;
            }
            if corners
                .iter()
                .all(|&(x, m)| self.reachable(x, drawing & m, m))
            {
                any = true;
                always_on &= drawing;
                always_off &= !drawing;
            }
        }
        if !any {
            return Err(Contradiction);
        }
        for (i, &e) in open[..u].iter().enumerate() {
            if self.val[e as usize] != UNK {
                continue;
            }
            if always_on >> i & 1 == 1 {
                self.set(e, true)?;
            } else if always_off >> i & 1 == 1 {
                self.set(e, false)?;
            }
        }
        Ok(())
    }

    /// Whether vertex `x` can still reach an allowed degree when, of its open edges in the
    /// mask `mask` (bits of the group's open edges), those of `drawn` are on and the rest off.
    fn reachable(&self, x: u32, drawn: u32, mask: u32) -> bool {
        let degrees = self.p.degrees[x as usize] & !u8::from(!self.labels.may_be_empty(x));
        let least = self.v_on[x as usize] + drawn.count_ones();
        let free = self.v_unk[x as usize] - mask.count_ones();
        (least..=least + free).any(|d| d < 8 && degrees >> d & 1 == 1)
    }

    /// After edge `e` was decided: the clue-and-corners rule on every group of an edge at
    /// either end of `e` (a decision at a dot changes what its clues' drawings may do there).
    pub(super) fn corners_after(&mut self, e: u32) -> Result<(), Contradiction> {
        let (u, v) = self.p.edges[e as usize];
        for x in [u, v] {
            for k in 0..self.vertex_edges.of(x as usize).len() {
                let f = self.vertex_edges.of(x as usize)[k];
                for j in 0..self.edge_groups.of(f as usize).len() {
                    let g = self.edge_groups.of(f as usize)[j];
                    self.check_corners(g)?;
                }
            }
        }
        Ok(())
    }
}
