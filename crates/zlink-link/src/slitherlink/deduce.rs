//! Deduction before the build: the segments that the clues force on or off, to a fixpoint.
//!
//! Why: a segment fixed before the frontier search keeps one branch at every node of its level,
//! a segment fixed off leaves the graph, and a clue whose sides are all fixed leaves the state.
//! On published puzzles (made to be solved by reasoning) this decides most segments, often all,
//! so the diagram that is left is small whatever the grid's width.
//!
//! Every rule is a necessary condition of every solution (one simple loop, each clue cell with
//! exactly its number of sides on it), so no solution is ever lost; the tests count with and
//! without deduction, against a brute force, on puzzles with one, several and no solutions.
//!
//! * **dots**: a dot has 0 or 2 loop segments. Two on turn its others off; one on and one
//!   undecided takes it; none on and one undecided drops it; three on, or one on and nothing
//!   left, is a contradiction.
//! * **clues**: a cell with `h` sides on turns its others off; one with exactly `h` sides on or
//!   undecided takes them all.
//! * **loop closure**: the on-segments form paths (their ends are tracked as in Knuth's mate
//!   array). A segment joining the two ends of one path would close it into the loop, so it can
//!   be on only if that path holds every on-segment and the closed loop meets every clue
//!   exactly; otherwise it is off. Once a loop is closed, every undecided segment is off.
//! * **probing**: each undecided segment is set on, then off, and propagated by the rules
//!   above; a value that leads to a contradiction is impossible, so the segment takes the
//!   other one, and a segment that both trials decide the same way is decided so. This one
//!   level of lookahead gives, among others, the classic patterns (adjacent and diagonal 3s,
//!   a 3 in a corner, a 3 beside a 0, 1s and 3s in corners).
//!
//! Probing undoes its trial through a trail, so a probe costs the work it propagates, not a
//! copy of the state.

const NONE: u32 = u32::MAX;
/// `mate` of a dot inside a path (two on-segments).
const INNER: u32 = u32::MAX - 1;

/// What the deduction works on: the dot graph and its clue cells.
pub(crate) struct Problem<'a> {
    /// Number of dots.
    pub n: usize,
    /// The segments, as dot pairs.
    pub edges: &'a [(u32, u32)],
    /// Per clue cell: its four sides (segment indices) and its number.
    pub cells: &'a [([u32; 4], u8)],
    /// Try each undecided segment both ways (one level of lookahead).
    pub probe: bool,
}

/// The clues cannot all be met: the puzzle has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// One change, undone in reverse order.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// A segment was decided.
    Edge(u32),
    /// A dot's `mate` and `len` before a change.
    Mate(u32, u32, u32),
    /// The loop was closed.
    Closed,
}

/// Segment value: undecided, on or off.
const UNK: u8 = 0;
const ON: u8 = 1;
const OFF: u8 = 2;

struct State<'a> {
    p: &'a Problem<'a>,
    val: Vec<u8>,
    /// Per dot: its segments (`NONE` padded).
    dot_edges: Vec<[u32; 4]>,
    /// Per segment: the clue cells it borders (`NONE` padded).
    edge_cells: Vec<[u32; 2]>,
    dot_on: Vec<u8>,
    dot_unk: Vec<u8>,
    cell_on: Vec<u8>,
    cell_unk: Vec<u8>,
    /// Per dot: itself if it has no on-segment, the other end of its path if it ends one,
    /// `INNER` inside a path.
    mate: Vec<u32>,
    /// Per path end: the path's number of segments.
    len: Vec<u32>,
    total_on: u32,
    /// Clue cells whose on-count differs from their number.
    unmet: u32,
    closed: bool,
    trail: Vec<Undo>,
    /// Segments decided but not yet propagated.
    queue: Vec<u32>,
}

impl<'a> State<'a> {
    fn new(p: &'a Problem<'a>) -> State<'a> {
        let m = p.edges.len();
        let mut dot_edges = vec![[NONE; 4]; p.n];
        let mut dot_unk = vec![0u8; p.n];
        for (i, &(u, v)) in p.edges.iter().enumerate() {
            for x in [u, v] {
                let k = dot_unk[x as usize] as usize;
                dot_edges[x as usize][k] = i as u32;
                dot_unk[x as usize] += 1;
            }
        }
        let mut edge_cells = vec![[NONE; 2]; m];
        for (j, (sides, _)) in p.cells.iter().enumerate() {
            for &e in sides {
                let slot = &mut edge_cells[e as usize];
                let k = usize::from(slot[0] != NONE);
                slot[k] = j as u32;
            }
        }
        let unmet = p.cells.iter().filter(|(_, h)| *h != 0).count() as u32;
        State {
            p,
            val: vec![UNK; m],
            dot_edges,
            edge_cells,
            dot_on: vec![0; p.n],
            dot_unk,
            cell_on: vec![0; p.cells.len()],
            cell_unk: vec![4; p.cells.len()],
            mate: (0..p.n as u32).collect(),
            len: vec![0; p.n],
            total_on: 0,
            unmet,
            closed: false,
            trail: Vec::new(),
            queue: Vec::new(),
        }
    }

    fn set_mate(&mut self, v: u32, mate: u32, len: u32) {
        let i = v as usize;
        self.trail.push(Undo::Mate(v, self.mate[i], self.len[i]));
        self.mate[i] = mate;
        self.len[i] = len;
    }

    /// The number of unmet clues if segment `e` were also on.
    fn unmet_with(&self, e: u32) -> u32 {
        let mut unmet = self.unmet;
        for &c in &self.edge_cells[e as usize] {
            if c != NONE {
                let (on, h) = (self.cell_on[c as usize], self.p.cells[c as usize].1);
                if on == h {
                    unmet += 1;
                } else if on + 1 == h {
                    unmet -= 1;
                }
            }
        }
        unmet
    }

    /// Whether segment `e`, joining the two ends of one path, could close the loop.
    fn may_close(&self, e: u32, path_len: u32) -> bool {
        self.total_on == path_len && self.unmet_with(e) == 0
    }

    /// Decides segment `e` (undecided) and queues it for propagation.
    fn set(&mut self, e: u32, on: bool) -> Result<(), Contradiction> {
        debug_assert_eq!(self.val[e as usize], UNK);
        self.val[e as usize] = if on { ON } else { OFF };
        self.trail.push(Undo::Edge(e));
        self.queue.push(e);
        let (u, v) = self.p.edges[e as usize];
        for x in [u, v] {
            self.dot_unk[x as usize] -= 1;
            self.dot_on[x as usize] += u8::from(on);
        }
        for c in self.edge_cells[e as usize] {
            if c != NONE {
                let c = c as usize;
                self.cell_unk[c] -= 1;
                if on {
                    let h = self.p.cells[c].1;
                    if self.cell_on[c] == h {
                        self.unmet += 1;
                    } else if self.cell_on[c] + 1 == h {
                        self.unmet -= 1;
                    }
                    self.cell_on[c] += 1;
                }
            }
        }
        if !on {
            return Ok(());
        }
        self.total_on += 1;
        if self.closed {
            return Err(Contradiction);
        }
        let (mu, mv) = (self.mate[u as usize], self.mate[v as usize]);
        if mu == INNER || mv == INNER {
            return Err(Contradiction);
        }
        if mu == v {
            // closes the path through u and v
            if self.total_on != self.len[u as usize] + 1 || self.unmet != 0 {
                return Err(Contradiction);
            }
            self.trail.push(Undo::Closed);
            self.closed = true;
            self.set_mate(u, INNER, 0);
            self.set_mate(v, INNER, 0);
            return Ok(());
        }
        let len = self.len[u as usize] + self.len[v as usize] + 1;
        if mu != u {
            self.set_mate(u, INNER, 0);
        }
        if mv != v {
            self.set_mate(v, INNER, 0);
        }
        self.set_mate(mu, mv, len);
        self.set_mate(mv, mu, len);
        Ok(())
    }

    /// Undoes every change after trail position `mark`.
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("trail above mark") {
                Undo::Mate(v, mate, len) => {
                    self.mate[v as usize] = mate;
                    self.len[v as usize] = len;
                }
                Undo::Closed => self.closed = false,
                Undo::Edge(e) => {
                    let on = self.val[e as usize] == ON;
                    self.val[e as usize] = UNK;
                    let (u, v) = self.p.edges[e as usize];
                    for x in [u, v] {
                        self.dot_unk[x as usize] += 1;
                        self.dot_on[x as usize] -= u8::from(on);
                    }
                    for c in self.edge_cells[e as usize] {
                        if c != NONE {
                            let c = c as usize;
                            self.cell_unk[c] += 1;
                            if on {
                                self.cell_on[c] -= 1;
                                let h = self.p.cells[c].1;
                                if self.cell_on[c] == h {
                                    self.unmet -= 1;
                                } else if self.cell_on[c] + 1 == h {
                                    self.unmet += 1;
                                }
                            }
                        }
                    }
                    self.total_on -= u32::from(on);
                }
            }
        }
        self.queue.clear();
    }

    /// Sets every undecided segment of `list` (`NONE` padded) to `on`.
    fn set_all<const K: usize>(&mut self, list: [u32; K], on: bool) -> Result<(), Contradiction> {
        for e in list {
            if e != NONE && self.val[e as usize] == UNK {
                self.set(e, on)?;
            }
        }
        Ok(())
    }

    fn check_dot(&mut self, x: u32) -> Result<(), Contradiction> {
        let (on, unk) = (self.dot_on[x as usize], self.dot_unk[x as usize]);
        let list = self.dot_edges[x as usize];
        match (on, unk) {
            (3.., _) | (1, 0) => Err(Contradiction),
            (2, 1..) => self.set_all(list, false),
            (1, 1) => self.set_all(list, true),
            (0, 1) => self.set_all(list, false),
            _ => Ok(()),
        }
    }

    fn check_cell(&mut self, c: u32) -> Result<(), Contradiction> {
        let (sides, h) = self.p.cells[c as usize];
        let (on, unk) = (self.cell_on[c as usize], self.cell_unk[c as usize]);
        if on > h || on + unk < h {
            Err(Contradiction)
        } else if unk > 0 && on == h {
            self.set_all(sides, false)
        } else if unk > 0 && on + unk == h {
            self.set_all(sides, true)
        } else {
            Ok(())
        }
    }

    /// The undecided segment between dots `a` and `b`, if any.
    fn between(&self, a: u32, b: u32) -> Option<u32> {
        self.dot_edges[a as usize].into_iter().find(|&e| {
            e != NONE && self.val[e as usize] == UNK && {
                let (u, v) = self.p.edges[e as usize];
                (u == a && v == b) || (u == b && v == a)
            }
        })
    }

    /// Propagates the queued decisions and the loop-closure rule to a fixpoint. The closing
    /// segment of a path is checked when the path grows; `rescan` re-checks every path's at
    /// each round too (`O(n)`), since other paths and clues move on.
    fn propagate(&mut self, rescan: bool) -> Result<(), Contradiction> {
        loop {
            while let Some(e) = self.queue.pop() {
                let (u, v) = self.p.edges[e as usize];
                self.check_dot(u)?;
                self.check_dot(v)?;
                for c in self.edge_cells[e as usize] {
                    if c != NONE {
                        self.check_cell(c)?;
                    }
                }
                if self.val[e as usize] == ON && !self.closed {
                    let a = if self.mate[u as usize] == INNER { v } else { u };
                    if let Some(m) = Some(self.mate[a as usize]).filter(|&m| m < INNER) {
                        if let Some(f) = self.between(a, m) {
                            if !self.may_close(f, self.len[a as usize]) {
                                self.set(f, false)?;
                            }
                        }
                    }
                }
            }
            if self.closed {
                for e in 0..self.val.len() as u32 {
                    if self.val[e as usize] == UNK {
                        self.set(e, false)?;
                    }
                }
            } else if rescan {
                for a in 0..self.p.n as u32 {
                    let m = self.mate[a as usize];
                    if m < INNER && a < m {
                        if let Some(f) = self.between(a, m) {
                            if !self.may_close(f, self.len[a as usize]) {
                                self.set(f, false)?;
                            }
                        }
                    }
                }
            }
            if self.queue.is_empty() {
                return Ok(());
            }
        }
    }

    /// Sets `e` to `on` and propagates as a trial; the decisions it made (`e` included) when it
    /// did not fail. The state is back as before on return.
    fn trial(&mut self, e: u32, on: bool) -> Option<Vec<(u32, u8)>> {
        let mark = self.trail.len();
        let ok = self.set(e, on).and_then(|()| self.propagate(false)).is_ok();
        let made = ok.then(|| {
            self.trail[mark..]
                .iter()
                .filter_map(|u| match *u {
                    Undo::Edge(f) => Some((f, self.val[f as usize])),
                    _ => None,
                })
                .collect()
        });
        self.undo_to(mark);
        made
    }

    /// One probing pass over the undecided segments; whether it decided any. A value whose
    /// trial fails is impossible, so the segment takes the other; when both trials succeed,
    /// every segment that both decided the same way is decided so (each solution has `e` on
    /// or off, so it agrees with one trial).
    fn probe_pass(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        let mut seen = vec![UNK; self.val.len()];
        for e in 0..self.val.len() as u32 {
            if self.val[e as usize] != UNK {
                continue;
            }
            let Some(on) = self.trial(e, true) else {
                self.set(e, false)?;
                self.propagate(true)?;
                changed = true;
                continue;
            };
            let Some(off) = self.trial(e, false) else {
                self.set(e, true)?;
                self.propagate(true)?;
                changed = true;
                continue;
            };
            for &(f, v) in &on {
                seen[f as usize] = v;
            }
            let common: Vec<(u32, u8)> = off
                .into_iter()
                .filter(|&(f, v)| seen[f as usize] == v)
                .collect();
            for &(f, _) in &on {
                seen[f as usize] = UNK;
            }
            if !common.is_empty() {
                for &(f, v) in &common {
                    if self.val[f as usize] == UNK {
                        self.set(f, v == ON)?;
                    }
                }
                self.propagate(true)?;
                changed = true;
            }
        }
        Ok(changed)
    }
}

/// The segments every solution agrees on (`Some(true)` on, `Some(false)` off), or
/// [`Contradiction`] when the clues rule out every loop.
///
/// Complexity: propagation is `O(1)` per decision plus `O(n)` per fixpoint round outside
/// trials; probing repeats passes of `2m` trials while they decide something.
pub(crate) fn deduce(p: &Problem<'_>) -> Result<Vec<Option<bool>>, Contradiction> {
    let mut s = State::new(p);
    for c in 0..p.cells.len() as u32 {
        s.check_cell(c)?;
    }
    for x in 0..p.n as u32 {
        s.check_dot(x)?;
    }
    s.propagate(true)?;
    if p.probe {
        while s.probe_pass()? {}
    }
    if s.val.iter().all(|&v| v == OFF) {
        // no segment can be on: no loop at all
        return Err(Contradiction);
    }
    Ok(s.val
        .iter()
        .map(|&v| match v {
            ON => Some(true),
            OFF => Some(false),
            _ => None,
        })
        .collect())
}
