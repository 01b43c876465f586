//! The bounded branching for a nearly decided problem (module doc), and the state's answers:
//! solved, late, its decisions.

use super::*;

/// Branching is tried only when probing leaves at most this many edges undecided: beyond, a
/// tree of a few levels rarely decides everything, and its probing would cost more than the
/// build it saves.
const BRANCH_UNDECIDED: usize = 256;

/// The most branches (each a probing to a fixpoint) one search tries before it gives up.
const BRANCH_NODES: u32 = 16;

impl<'a> State<'a> {
    /// Whether every edge is decided and they form a solution (a loop has an on-edge).
    pub(super) fn solved(&self) -> bool {
        self.val.iter().all(|&v| v != UNK)
            && (self.p.shape == Shape::Paths || self.val.contains(&ON))
    }

    /// The undecided edge to branch on: one of a group with the fewest undecided edges (the
    /// most constrained), else the first.
    fn branch_edge(&self) -> Option<u32> {
        let best = (0..self.p.groups.len())
            .filter(|&g| self.g_unk[g] > 0)
            .min_by_key(|&g| self.g_unk[g]);
        match best {
            Some(g) => self.p.groups[g]
                .0
                .iter()
                .copied()
                .find(|&e| self.val[e as usize] == UNK),
            None => (0..self.val.len() as u32).find(|&e| self.val[e as usize] == UNK),
        }
    }

    /// Branches to `depth` below the current (propagated, probed) state, pushing each solved
    /// leaf onto `found`; whether the tree is complete: every leaf solved or contradicted, and
    /// fewer than two solutions (it stops at the second), within `budget` branches. The state
    /// is back on return.
    fn search(&mut self, depth: u32, budget: &mut u32, found: &mut Vec<Vec<u8>>) -> bool {
        if self.solved() {
            found.push(self.val.clone());
            return found.len() < 2;
        }
        let Some(e) = self.branch_edge().filter(|_| depth > 0) else {
            return false;
        };
        for on in [true, false] {
            if *budget == 0 || self.late() {
                return false;
            }
            *budget -= 1;
            let mark = self.trail.len();
            let ok = self
                .set(e, on)
                .and_then(|()| self.propagate(true))
                .and_then(|()| self.probe_fixpoint());
            let complete = ok.is_err() || self.search(depth - 1, budget, found);
            self.undo_to(mark);
            if !complete {
                return false;
            }
        }
        true
    }

    /// The state of `fixed` (what [`deduce`] returned for `p`) again: its decisions set and
    /// propagated (a fixpoint already).
    pub(super) fn with_fixed(
        p: &'a Problem,
        fixed: &[Option<bool>],
    ) -> Result<State<'a>, Contradiction> {
        let mut s = State::new(p);
        for (e, f) in fixed.iter().enumerate() {
            if let Some(on) = *f {
                if s.val[e] == UNK {
                    s.set(e as u32, on)?;
                }
            }
        }
        s.propagate(true)?;
        Ok(s)
    }

    /// Whether the deadline has passed.
    pub(super) fn late(&self) -> bool {
        self.p
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
    }

    /// The bounded branching (module doc) when at most [`BRANCH_UNDECIDED`] edges are open:
    /// a complete tree with no solution is a contradiction, with one it decides every edge.
    pub(super) fn branch(&mut self) -> Result<(), Contradiction> {
        let undecided = self.val.iter().filter(|&&v| v == UNK).count();
        if self.p.branch == 0 || !(1..=BRANCH_UNDECIDED).contains(&undecided) {
            return Ok(());
        }
        let (mut found, mut budget) = (Vec::new(), BRANCH_NODES);
        if self.search(self.p.branch, &mut budget, &mut found) {
            match found.len() {
                0 => return Err(Contradiction),
                1 => self.val = found.pop().expect("one solution"),
                _ => {}
            }
        }
        Ok(())
    }

    /// Each edge's value: `Some(true)` on, `Some(false)` off, `None` undecided.
    pub(super) fn decisions(&self) -> Vec<Option<bool>> {
        self.val
            .iter()
            .map(|&v| match v {
                ON => Some(true),
                OFF => Some(false),
                _ => None,
            })
            .collect()
    }
}
