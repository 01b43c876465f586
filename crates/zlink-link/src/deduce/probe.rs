//! Probing: each open edge (and, for a loop in the plane, each face's colour) tried both
//! ways, to a fixpoint; a failing trial decides the other way, what both trials decide stands.

use super::*;

/// A trial's assumption: an edge on or off, or a face's colour unlike or like the outer face's.
#[derive(Clone, Copy, Debug)]
enum Hypothesis {
    Edge(u32, bool),
    Face(u32, bool),
}

impl Hypothesis {
    fn negated(self) -> Hypothesis {
        match self {
            Hypothesis::Edge(e, on) => Hypothesis::Edge(e, !on),
            Hypothesis::Face(f, differ) => Hypothesis::Face(f, !differ),
        }
    }
}

/// Probing's scratch space, reused from trial to trial: a mark per edge, and the decisions of
/// the two trials of a hypothesis.
struct Buffers {
    seen: Vec<u8>,
    on: Vec<(u32, u8)>,
    off: Vec<(u32, u8)>,
}

impl<'a> State<'a> {
    /// Makes hypothesis `h` and propagates as a trial; whether it did not fail, and then the
    /// edge decisions it made in `made` (cleared first). The state is back as before on
    /// return.
    fn trial(&mut self, h: Hypothesis, made: &mut Vec<(u32, u8)>) -> bool {
        let mark = self.trail.len();
        let ok = self.assume(h).and_then(|()| self.propagate(false)).is_ok();
        made.clear();
        if ok {
            made.extend(self.trail[mark..].iter().filter_map(|u| match *u {
                Undo::Edge(f) => Some((f, self.val[f as usize])),
                _ => None,
            }));
        }
        self.undo_to(mark);
        ok
    }

    /// The outer face (the last one).
    fn outer(&self) -> u32 {
        self.p.faces.0 as u32 - 1
    }

    /// Probing to a fixpoint: every open edge, then (for a loop in the plane) every face of
    /// unknown colour, tried both ways, round and round until a whole round decides nothing.
    /// A round ends where the last decision was made, not at the end of the list: the
    /// hypotheses after it were tried in the very same state and would fail again.
    pub(super) fn probe_fixpoint(&mut self) -> Result<(), Contradiction> {
        let edges = (0..self.val.len() as u32).map(|e| Hypothesis::Edge(e, true));
        let faces = (0..self.p.faces.0.saturating_sub(1) as u32).map(|f| Hypothesis::Face(f, true));
        let all: Vec<Hypothesis> = edges.chain(faces).collect();
        let mut buf = Buffers {
            seen: vec![UNK; self.val.len()],
            on: Vec::new(),
            off: Vec::new(),
        };
        // hypotheses tried since the last decision
        let mut quiet = 0;
        for &h in all.iter().cycle() {
            if quiet >= all.len() {
                break;
            }
            quiet += 1;
            if !self.open(h) {
                continue;
            }
            if self.late() {
                // the run is out of time: what is decided stands, the rest stays open
                return Ok(());
            }
            if self.probe(h, &mut buf)? {
                quiet = 0;
            }
        }
        Ok(())
    }

    /// Tries hypothesis `h` both ways: a failing trial decides the other way, decisions both
    /// trials made stand; whether it decided anything. `seen` is all `UNK` on entry and exit;
    /// `on` and `off` are the trials' buffers.
    fn probe(&mut self, h: Hypothesis, buf: &mut Buffers) -> Result<bool, Contradiction> {
        let Buffers { seen, on, off } = buf;
        if !self.trial(h, on) {
            self.assume(h.negated())?;
            self.propagate(true)?;
            return Ok(true);
        }
        if !self.trial(h.negated(), off) {
            self.assume(h)?;
            self.propagate(true)?;
            return Ok(true);
        }
        for &(f, v) in on.iter() {
            seen[f as usize] = v;
        }
        off.retain(|&(f, v)| seen[f as usize] == v);
        for &(f, _) in on.iter() {
            seen[f as usize] = UNK;
        }
        if off.is_empty() {
            return Ok(false);
        }
        for &(f, v) in off.iter() {
            if self.val[f as usize] == UNK {
                self.set(f, v == ON)?;
            }
        }
        self.propagate(true)?;
        Ok(true)
    }

    /// Applies a hypothesis (not yet propagated).
    fn assume(&mut self, h: Hypothesis) -> Result<(), Contradiction> {
        match h {
            Hypothesis::Edge(e, on) => self.set(e, on),
            Hypothesis::Face(f, differ) => self.relate(f, self.outer(), differ),
        }
    }

    /// Whether hypothesis `h` is still open (its edge undecided, its face's colour unknown).
    fn open(&self, h: Hypothesis) -> bool {
        match h {
            Hypothesis::Edge(e, _) => self.val[e as usize] == UNK,
            Hypothesis::Face(f, _) => self.faces.find(f).0 != self.faces.find(self.outer()).0,
        }
    }
}
