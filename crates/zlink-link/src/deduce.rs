//! Deduction before the build, shared by the link puzzles: the edges that every solution agrees
//! on, to a fixpoint, then one level of lookahead (probing).
//!
//! Why: an edge fixed before the frontier search keeps one branch at every node of its level,
//! an edge fixed off leaves the graph, and a constraint whose edges are all decided leaves the
//! state. Published puzzles are made to be solved by reasoning, so this decides most edges,
//! often all, and the diagram left is small whatever the grid's size.
//!
//! A problem is a graph whose solution is an edge set with
//! * an allowed set of degrees per vertex (Slitherlink `{0, 2}`; Numberlink `{1}` at a
//!   terminal, `{0, 2}` elsewhere, `{2}` when every cell is covered);
//! * edge groups with bounds on their on-edges (a Slitherlink clue: exactly `h` sides; a
//!   Numberlink unit square without U-bends: at most 2);
//! * a [`Shape`]: one single loop, or paths joining equally labelled terminals.
//!
//! Every rule is a necessary condition of every solution, so no solution is ever lost (each
//! puzzle's tests count with and without deduction against a brute force):
//! * **degrees**: the degrees still reachable (allowed, between the on-edges and the on-edges
//!   plus the undecided ones) must exist; if the least of them is all edges, the undecided are
//!   on, if the greatest is the on-edges alone, they are off;
//! * **groups**: between their bounds in the same way;
//! * **paths**: the on-edges form paths whose two ends know each other (Knuth's mate array),
//!   their length and their label. An edge joining the ends of one path closes a cycle: for
//!   paths it is off; for a loop it is on only if that path holds every on-edge and the closed
//!   loop meets every group (then every other edge is off). An edge joining paths (or
//!   terminals) of different labels is off;
//! * **faces** (a loop drawn in the plane, when the problem gives each edge's two faces): the
//!   loop splits the faces into inside and outside (Jordan), and an edge is on exactly when its
//!   two faces differ. Decided edges join faces into classes of known relative colour (a
//!   union-find with parities); an undecided edge whose faces fall into one class is decided,
//!   and an edge that contradicts its class fails. This is the colouring that Slitherlink
//!   solvers use for long-range parity, and probing extends it (`a` inside forces `b` outside);
//! * **clue and corners** (when the problem asks, `corners`): a group solved together with the
//!   vertices where two of its undecided edges meet, every drawing of its undecided edges
//!   tried (the `corners` module: the corner patterns of Slitherlink);
//! * **label domains** (paths, when asked): which labels may pass through each vertex, with a
//!   global reach rule between probing passes (the `labels` module);
//! * **probing**: each undecided edge is set on, then off, and propagated by the rules above; a
//!   value whose trial fails is impossible, so the edge takes the other, and an edge that both
//!   trials decide the same way is decided so (every solution agrees with one trial). For
//!   Slitherlink this gives the classic patterns (adjacent and diagonal 3s, a 3 in a corner, a
//!   3 beside a 0, 1s and 3s in corners) without writing them down;
//! * **branching** (optional, for a nearly decided problem): an undecided edge is set on, then
//!   off, each side deduced with probing, to a small depth. When every leaf of that tree is
//!   decided (a solution) or contradicted, the leaves are all the solutions: none is a
//!   contradiction, one is the answer (every edge decided); with two or more, or a leaf left
//!   undecided, the tree is dropped and the problem keeps what probing decided.
//!
//! * **SAT completion** ([`complete`], a separate step the engines take only when a cheap
//!   build did not settle the puzzle: the `settle` module): what probing leaves open is put in
//!   CNF and a CDCL solver looks for two solutions (the `sat` module); none or one decides
//!   every edge, and the branching is not needed.
//!
//! Trials are undone through a trail, so a trial costs the work it propagates, not a copy.

mod corners;
mod labels;
mod sat;

pub(crate) use sat::another::{another, another_near, Another};

/// The conflicts and models (each a solve after new lazy cuts) the SAT completion may spend
/// before it gives up (and the build counts as without it): a published puzzle needs far fewer
/// (Janko's 35×48 Numberlink about 14 K conflicts; Janko 10×10 Slitherlinks up to 17 models,
/// thomasahle's 50×50 Numberlinks up to 56), a puzzle with many solutions usually finds two
/// quickly, so the budget bounds the hard case: a cover-only 50×50 (U-bends allowed, many
/// solutions) spent about 7 CPU s in 400 models before giving up, about 2 s in 150.
const SAT_BUDGET: (u64, u32) = (100_000, 150);

/// Branching is tried only when probing leaves at most this many edges undecided: beyond, a
/// tree of a few levels rarely decides everything, and its probing would cost more than the
/// build it saves.
const BRANCH_UNDECIDED: usize = 256;

/// The most branches (each a probing to a fixpoint) one search tries before it gives up.
const BRANCH_NODES: u32 = 16;

/// `mate` of a vertex inside a path (two on-edges).
const INNER: u32 = u32::MAX;

/// What the solution's on-edges form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// One simple cycle (Slitherlink).
    Loop,
    /// Vertex-disjoint paths, each joining terminals of one label (Numberlink).
    Paths,
}

/// What the deduction works on (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct Problem {
    /// Number of vertices.
    pub n: usize,
    /// The edges, as vertex pairs.
    pub edges: Vec<(u32, u32)>,
    /// Per vertex: the allowed degrees as a bit set (bit `d` for degree `d`, `d < 8`).
    pub degrees: Vec<u8>,
    /// Per vertex: its label (a terminal's pair number plus one), or 0; empty for none.
    pub labels: Vec<u32>,
    /// Edge groups with bounds `lo..=hi` on their on-edges (no edge twice in a group).
    pub groups: Vec<(Vec<u32>, u32, u32)>,
    /// What the on-edges form.
    pub shape: Shape,
    /// Try each undecided edge both ways (one level of lookahead).
    pub probe: bool,
    /// Branching depth (0: none; see the module doc), tried when at most [`BRANCH_UNDECIDED`]
    /// edges are left after probing.
    pub branch: u32,
    /// For a loop in the plane: the number of faces and each edge's two faces (one may be the
    /// outer face); `(0, &[])` for none.
    pub faces: (usize, Vec<(u32, u32)>),
    /// For paths between labelled terminals: keep a domain of path labels per vertex (the
    /// `labels` module's rules, global reach included).
    pub label_domains: bool,
    /// When probing and branching must stop (then they decide no more: every edge they left
    /// open stays open, so the build that follows meets the same deadline).
    pub deadline: Option<std::time::Instant>,
    /// Solve each group together with the vertices where two of its undecided edges meet
    /// (the clue-and-corners rule of the `corners` module: the classic corner patterns).
    pub corners: bool,
    /// The same puzzle under stricter rules, whose every solution is one of this problem
    /// (Numberlink: every cell covered and no U-bends, for `--cover` alone or plain rules):
    /// the completion's first way to two solutions ([`complete`]).
    pub stricter: Option<Box<Problem>>,
}

/// The constraints cannot all be met: no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// One change, undone in reverse order.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// An edge was decided.
    Edge(u32),
    /// A vertex's `mate`, `len` and `label` before a change.
    Mate(u32, u32, u32, u32),
    /// The loop was closed.
    Closed,
    /// Face class `child` was joined under its parent.
    Union(u32),
    /// A word of the label domains (index, value before).
    Domain(u32, u64),
}

/// Edge value: undecided, on or off.
const UNK: u8 = 0;
const ON: u8 = 1;
const OFF: u8 = 2;

/// Compressed lists: `items[start[i]..start[i + 1]]` belong to `i`.
struct Lists {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Lists {
    fn new(len: usize, pairs: impl Iterator<Item = (usize, u32)> + Clone) -> Lists {
        let mut start = vec![0u32; len + 1];
        for (i, _) in pairs.clone() {
            start[i + 1] += 1;
        }
        for i in 0..len {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut items = vec![0; start[len] as usize];
        for (i, x) in pairs {
            items[fill[i] as usize] = x;
            fill[i] += 1;
        }
        Lists { start, items }
    }

    #[inline]
    fn of(&self, i: usize) -> &[u32] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

struct State<'a> {
    p: &'a Problem,
    val: Vec<u8>,
    /// Per vertex: its edges.
    vertex_edges: Lists,
    /// Per edge: its groups.
    edge_groups: Lists,
    v_on: Vec<u32>,
    v_unk: Vec<u32>,
    g_on: Vec<u32>,
    g_unk: Vec<u32>,
    /// Per vertex: itself if it has no on-edge, the other end of its path if it ends one,
    /// `INNER` inside a path.
    mate: Vec<u32>,
    /// Per path end: the path's number of edges.
    len: Vec<u32>,
    /// Per path end (or lone vertex): the path's label, 0 if none.
    label: Vec<u32>,
    total_on: u32,
    /// Groups below their lower bound.
    unmet: u32,
    closed: bool,
    trail: Vec<Undo>,
    /// Edges decided but not yet propagated.
    queue: Vec<u32>,
    /// Ends of paths that grew, not yet checked.
    ends: Vec<u32>,
    faces: Faces,
    /// Edges decided by the face classes, not yet set.
    forced: Vec<(u32, bool)>,
    labels: labels::Labels,
}

/// Face classes of known relative colour: a union-find by weight (the edges of the class's
/// faces: a join scans the lighter class's edges, so the outer face with its whole border is
/// never scanned for a cell) with the parity to the parent,
/// without path compression (so a union is undone by cutting one link), and each class's
/// members on a circular list (two lists are spliced, and split again, by swapping two
/// successors).
struct Faces {
    parent: Vec<u32>,
    /// Colour of a face relative to its parent (1: different).
    flip: Vec<u8>,
    /// Per class root: the number of edges of its faces.
    size: Vec<u32>,
    next: Vec<u32>,
    /// Per face: its edges.
    edges: Lists,
}

impl Faces {
    fn new(p: &Problem) -> Faces {
        let (n, sides) = (p.faces.0, &p.faces.1);
        let members = sides
            .iter()
            .enumerate()
            .flat_map(|(e, &(a, b))| [(a as usize, e as u32), (b as usize, e as u32)]);
        let edges = Lists::new(n, members);
        Faces {
            parent: (0..n as u32).collect(),
            flip: vec![0; n],
            size: (0..n).map(|f| edges.of(f).len() as u32).collect(),
            next: (0..n as u32).collect(),
            edges,
        }
    }

    /// The class root of face `x` and the colour of `x` relative to it.
    #[inline]
    fn find(&self, mut x: u32) -> (u32, u8) {
        let mut par = 0;
        while self.parent[x as usize] != x {
            par ^= self.flip[x as usize];
            x = self.parent[x as usize];
        }
        (x, par)
    }
}

impl<'a> State<'a> {
    fn new(p: &'a Problem) -> State<'a> {
        let ends = p
            .edges
            .iter()
            .enumerate()
            .flat_map(|(i, &(u, v))| [(u as usize, i as u32), (v as usize, i as u32)]);
        let vertex_edges = Lists::new(p.n, ends);
        let members = p
            .groups
            .iter()
            .enumerate()
            .flat_map(|(j, (es, _, _))| es.iter().map(move |&e| (e as usize, j as u32)));
        let edge_groups = Lists::new(p.edges.len(), members);
        let v_unk = (0..p.n).map(|v| vertex_edges.of(v).len() as u32).collect();
        let label = if p.labels.is_empty() {
            vec![0; p.n]
        } else {
            p.labels.to_vec()
        };
        State {
            p,
            val: vec![UNK; p.edges.len()],
            vertex_edges,
            edge_groups,
            v_on: vec![0; p.n],
            v_unk,
            g_on: vec![0; p.groups.len()],
            g_unk: p.groups.iter().map(|g| g.0.len() as u32).collect(),
            mate: (0..p.n as u32).collect(),
            len: vec![0; p.n],
            label,
            total_on: 0,
            unmet: p.groups.iter().filter(|g| g.1 > 0).count() as u32,
            closed: false,
            trail: Vec::new(),
            queue: Vec::new(),
            ends: Vec::new(),
            faces: Faces::new(p),
            forced: Vec::new(),
            labels: labels::Labels::new(p),
        }
    }

    /// Records that the faces `a` and `b` have different colours (`differ`) or the same: joins
    /// their classes and queues the undecided edges the join decides.
    fn relate(&mut self, a: u32, b: u32, differ: bool) -> Result<(), Contradiction> {
        let (ra, pa) = self.faces.find(a);
        let (rb, pb) = self.faces.find(b);
        if ra == rb {
            return match (pa ^ pb == 1) == differ {
                true => Ok(()),
                false => Err(Contradiction),
            };
        }
        let f = &mut self.faces;
        let (root, child) = if f.size[ra as usize] >= f.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        f.parent[child as usize] = root;
        f.flip[child as usize] = pa ^ pb ^ u8::from(differ);
        f.size[root as usize] += f.size[child as usize];
        // the child's members meet the root's class: an undecided edge between them is decided
        let mut x = child;
        loop {
            let (_, px) = f.find(x);
            for &e in f.edges.of(x as usize) {
                if self.val[e as usize] != UNK {
                    continue;
                }
                let (u, v) = self.p.faces.1[e as usize];
                let y = if u == x { v } else { u };
                let (ry, py) = f.find(y);
                if ry == root {
                    self.forced.push((e, px != py));
                }
            }
            x = f.next[x as usize];
            if x == child {
                break;
            }
        }
        f.next.swap(root as usize, child as usize);
        self.trail.push(Undo::Union(child));
        Ok(())
    }

    fn set_mate(&mut self, v: u32, mate: u32, len: u32, label: u32) {
        let i = v as usize;
        self.trail
            .push(Undo::Mate(v, self.mate[i], self.len[i], self.label[i]));
        self.mate[i] = mate;
        self.len[i] = len;
        self.label[i] = label;
    }

    /// The number of unmet groups if edge `e` were also on.
    fn unmet_with(&self, e: u32) -> u32 {
        let mut unmet = self.unmet;
        for &g in self.edge_groups.of(e as usize) {
            if self.g_on[g as usize] + 1 == self.p.groups[g as usize].1 {
                unmet -= 1;
            }
        }
        unmet
    }

    /// Decides edge `e` (undecided) and queues it for propagation.
    fn set(&mut self, e: u32, on: bool) -> Result<(), Contradiction> {
        self.set_edge(e, on)?;
        match self.p.faces.1.get(e as usize) {
            Some(&(a, b)) => self.relate(a, b, on),
            None => Ok(()),
        }
    }

    /// [`State::set`] without the faces.
    fn set_edge(&mut self, e: u32, on: bool) -> Result<(), Contradiction> {
        debug_assert_eq!(self.val[e as usize], UNK);
        self.val[e as usize] = if on { ON } else { OFF };
        self.trail.push(Undo::Edge(e));
        self.queue.push(e);
        let (u, v) = self.p.edges[e as usize];
        for x in [u, v] {
            self.v_unk[x as usize] -= 1;
            self.v_on[x as usize] += u32::from(on);
        }
        for k in 0..self.edge_groups.of(e as usize).len() {
            let g = self.edge_groups.of(e as usize)[k] as usize;
            self.g_unk[g] -= 1;
            if on {
                self.g_on[g] += 1;
                if self.g_on[g] == self.p.groups[g].1 {
                    self.unmet -= 1;
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
            // closes the path through u and v into a cycle
            if self.p.shape == Shape::Paths
                || self.total_on != self.len[u as usize] + 1
                || self.unmet != 0
            {
                return Err(Contradiction);
            }
            self.trail.push(Undo::Closed);
            self.closed = true;
            self.set_mate(u, INNER, 0, 0);
            self.set_mate(v, INNER, 0, 0);
            return Ok(());
        }
        let (lu, lv) = (self.label[u as usize], self.label[v as usize]);
        if lu != 0 && lv != 0 && lu != lv {
            return Err(Contradiction);
        }
        let label = lu.max(lv);
        let len = self.len[u as usize] + self.len[v as usize] + 1;
        if mu != u {
            self.set_mate(u, INNER, 0, 0);
        }
        if mv != v {
            self.set_mate(v, INNER, 0, 0);
        }
        self.set_mate(mu, mv, len, label);
        self.set_mate(mv, mu, len, label);
        self.ends.extend([mu, mv]);
        self.labels_edge_on(u, v)
    }

    /// Undoes every change after trail position `mark`.
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("trail above mark") {
                Undo::Mate(v, mate, len, label) => {
                    self.mate[v as usize] = mate;
                    self.len[v as usize] = len;
                    self.label[v as usize] = label;
                }
                Undo::Closed => self.closed = false,
                Undo::Domain(i, word) => self.labels.restore(i, word),
                Undo::Union(child) => {
                    let f = &mut self.faces;
                    let root = f.parent[child as usize];
                    f.next.swap(root as usize, child as usize);
                    f.size[root as usize] -= f.size[child as usize];
                    f.parent[child as usize] = child;
                    f.flip[child as usize] = 0;
                }
                Undo::Edge(e) => {
                    let on = self.val[e as usize] == ON;
                    self.val[e as usize] = UNK;
                    let (u, v) = self.p.edges[e as usize];
                    for x in [u, v] {
                        self.v_unk[x as usize] += 1;
                        self.v_on[x as usize] -= u32::from(on);
                    }
                    for k in 0..self.edge_groups.of(e as usize).len() {
                        let g = self.edge_groups.of(e as usize)[k] as usize;
                        self.g_unk[g] += 1;
                        if on {
                            if self.g_on[g] == self.p.groups[g].1 {
                                self.unmet += 1;
                            }
                            self.g_on[g] -= 1;
                        }
                    }
                    self.total_on -= u32::from(on);
                }
            }
        }
        self.queue.clear();
        self.ends.clear();
        self.forced.clear();
        self.labels.clear_queue();
    }

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

    fn check_vertex(&mut self, x: u32) -> Result<(), Contradiction> {
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

    fn check_group(&mut self, g: u32) -> Result<(), Contradiction> {
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
    fn check_end(&mut self, a: u32) -> Result<(), Contradiction> {
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
    fn propagate(&mut self, rescan: bool) -> Result<(), Contradiction> {
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
    fn probe_fixpoint(&mut self) -> Result<(), Contradiction> {
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

    /// Whether every edge is decided and they form a solution (a loop has an on-edge).
    fn solved(&self) -> bool {
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
}

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

/// The edges every solution agrees on (`Some(true)` on, `Some(false)` off), or
/// [`Contradiction`] when the constraints rule out every solution: the rules, probing (when
/// `p.probe`) and the branching (when `p.branch > 0`). Probing and branching stop at
/// `p.deadline`, deciding no more.
///
/// Complexity: propagation is `O(degree)` per decision (plus `O(n)` per fixpoint round for a
/// loop, outside trials); probing repeats passes of `2m` trials while they decide something.
pub(crate) fn deduce(p: &Problem) -> Result<Vec<Option<bool>>, Contradiction> {
    let mut s = State::new(p);
    for g in 0..p.groups.len() as u32 {
        s.check_group(g)?;
        if p.corners {
            s.check_corners(g)?;
        }
    }
    for x in 0..p.n as u32 {
        s.check_vertex(x)?;
        s.check_end(x)?;
    }
    s.propagate(true)?;
    if p.probe {
        s.probe_fixpoint()?;
    }
    // the global reach rule of the label domains, then probing again, while it narrows one
    while !s.late() && s.labels_reach()? {
        s.propagate(true)?;
        if p.probe {
            s.probe_fixpoint()?;
        }
    }
    if p.shape == Shape::Loop && s.val.iter().all(|&v| v == OFF) {
        // no edge can be on: no loop at all
        return Err(Contradiction);
    }
    if p.probe {
        s.branch()?;
    }
    Ok(s.decisions())
}

/// Probing's scratch space, reused from trial to trial: a mark per edge, and the decisions of
/// the two trials of a hypothesis.
struct Buffers {
    seen: Vec<u8>,
    on: Vec<(u32, u8)>,
    off: Vec<(u32, u8)>,
}

/// What the completion of a deduction found (see [`complete`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Completed {
    /// Exactly one solution: every edge's value.
    One(Vec<bool>),
    /// At least two solutions: the build counts them; here the first two found (every edge's
    /// value), which answer a caller that asks for at most two.
    Several([Vec<bool>; 2]),
    /// Nothing learnt (out of budget or time, or not tried): the build counts.
    Open,
    /// One solution (of the stricter rules, [`Problem::stricter`]), nothing else learnt:
    /// the build counts, and a caller that wants a solution has one if the build cannot.
    Found(Vec<bool>),
}

/// Completes a deduction (`fixed`, what [`deduce`] returned for `p`): what is left open goes
/// to the SAT solver (the `sat` module) within [`SAT_BUDGET`] and `deadline`, then, if it
/// learnt nothing, to the branching (`p.branch`). [`Contradiction`] when there is no
/// solution.
///
/// Not where paths may leave vertices empty (Numberlink without `cover`): there the lazy cuts
/// converge slowly (a 15×15 Janko puzzle under plain rules looks at 2,000 models in 100 K
/// conflicts without a solution; even 40 models and 1 K conflicts cost 1.8 s of CPU, against
/// its 10 s build), and one-hot labels did not find a model either: [`Completed::Open`].
pub(crate) fn complete(
    p: &Problem,
    fixed: &[Option<bool>],
    deadline: Option<std::time::Instant>,
) -> Result<Completed, Contradiction> {
    let mut seed = None;
    if let Some(strict) = p.stricter.as_deref() {
        match by_stricter(p, strict, fixed, deadline) {
            ByStricter::Two(two) => return Ok(Completed::Several(two)),
            ByStricter::One(one) => seed = Some(one),
            ByStricter::Nothing => {}
        }
    }
    Ok(match complete_alone(p, fixed, deadline)? {
        Completed::Open => seed.map_or(Completed::Open, Completed::Found),
        decided => decided,
    })
}

/// [`complete`] without the stricter rules.
fn complete_alone(
    p: &Problem,
    fixed: &[Option<bool>],
    deadline: Option<std::time::Instant>,
) -> Result<Completed, Contradiction> {
    let empties = p.shape == Shape::Paths && p.degrees.iter().any(|&d| d & 1 == 1);
    if empties || fixed.iter().all(Option::is_some) {
        return Ok(Completed::Open);
    }
    let mut s = State::with_fixed(p, fixed)?;
    match sat::complete(&s, SAT_BUDGET, deadline) {
        sat::Completion::None => return Err(Contradiction),
        sat::Completion::One(val) => {
            return Ok(Completed::One(val.iter().map(|&v| v == ON).collect()))
        }
        // two solutions: a bounded branching cannot decide everything either
        sat::Completion::Several(two) => {
            return Ok(Completed::Several(
                two.map(|val| val.iter().map(|&v| v == ON).collect()),
            ))
        }
        sat::Completion::Unknown => {}
    }
    if p.probe {
        s.branch()?;
    }
    Ok(match s.solved() {
        true => Completed::One(s.val.iter().map(|&v| v == ON).collect()),
        false => Completed::Open,
    })
}

/// Graph distances of the windows around each vertex in which [`second_near`] looks for
/// another solution, smallest first.
const WINDOW_RADII: [u32; 2] = [3, 5];

/// The conflicts and models the SAT completion may spend in one window. Models matter more
/// than conflicts: thomasahle 40×20 #31 under `--cover` found its second solution with 100
/// models and not with 20 (conflicts 2 000 or 20 000 alike); radius 8 windows found nothing
/// more on the sample (#16 stays undecided at radii up to 14) and cost 2 CPU s there.
const WINDOW_BUDGET: (u64, u32) = (2_000, 100);

/// Solutions of `p` found by way of `strict` (a problem whose solutions are all solutions
/// of `p`): the SAT completion of `strict` (with `p`'s deduction `fixed`) gives two, or gives
/// one and [`second_near`] finds another of `p` near it, or one alone (the caller completes
/// `p` itself, and keeps it as a solution if it learns nothing more).
///
/// Why: a puzzle with astronomically many solutions under loose rules (thomasahle's 40×20
/// Numberlinks under `--cover` alone: every model of the lazy cuts holds dozens of cycles and
/// mixed paths, and with labels in the CNF no model came in 3 M conflicts) is solved in a
/// second under the strict rules it was made for, and a solution that is not unique under
/// the loose ones almost always has a local re-routing.
fn by_stricter(
    p: &Problem,
    strict: &Problem,
    fixed: &[Option<bool>],
    deadline: Option<std::time::Instant>,
) -> ByStricter {
    let mut s = State::new(strict);
    for (e, f) in fixed.iter().enumerate() {
        if let Some(on) = *f {
            if s.val[e] == UNK && s.set(e as u32, on).is_err() {
                return ByStricter::Nothing;
            }
        }
    }
    if s.propagate(true).is_err() {
        return ByStricter::Nothing;
    }
    let bools = |val: &[u8]| val.iter().map(|&v| v == ON).collect::<Vec<bool>>();
    let first = match sat::complete(&s, SAT_BUDGET, deadline) {
        sat::Completion::Several([a, b]) => return ByStricter::Two([bools(&a), bools(&b)]),
        sat::Completion::One(a) => bools(&a),
        _ => return ByStricter::Nothing,
    };
    match second_near(p, fixed, &first, deadline) {
        Some(second) => ByStricter::Two([first, second]),
        None => ByStricter::One(first),
    }
}

/// What [`by_stricter`] found: two solutions of the problem, one, or none.
enum ByStricter {
    Two([Vec<bool>; 2]),
    One(Vec<bool>),
    Nothing,
}

/// Another solution of `p` than `first` (one of its solutions), looked for in the windows of
/// [`WINDOW_RADII`] around each vertex in turn: the edges outside the window keep their
/// value in `first` (and deduction's `fixed` theirs), and the SAT completion looks for two
/// solutions of what is left (`first` is one). `None` if no window holds one, or at the
/// deadline.
///
/// Time: `O(n (n + m))` plus a small SAT problem per window.
fn second_near(
    p: &Problem,
    fixed: &[Option<bool>],
    first: &[bool],
    deadline: Option<std::time::Instant>,
) -> Option<Vec<bool>> {
    let mut adj = vec![Vec::new(); p.n];
    for &(u, v) in &p.edges {
        adj[u as usize].push(v);
        adj[v as usize].push(u);
    }
    let mut dist = vec![u32::MAX; p.n];
    let mut queue = std::collections::VecDeque::new();
    for (radius, centre) in WINDOW_RADII
        .iter()
        .flat_map(|&r| (0..p.n).map(move |c| (r, c)))
    {
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return None;
        }
        // the window: vertices within the radius (breadth first)
        let mut seen = vec![centre as u32];
        dist[centre] = 0;
        queue.push_back(centre as u32);
        while let Some(x) = queue.pop_front() {
            let d = dist[x as usize];
            if d == radius {
                continue;
            }
            for &y in &adj[x as usize] {
                if dist[y as usize] == u32::MAX {
                    dist[y as usize] = d + 1;
                    seen.push(y);
                    queue.push_back(y);
                }
            }
        }
        let inside = |x: u32| dist[x as usize] != u32::MAX;
        let mut s = State::new(p);
        let mut ok = true;
        for (e, &(u, v)) in p.edges.iter().enumerate() {
            if fixed[e].is_none() && inside(u) && inside(v) {
                continue;
            }
            if s.val[e] == UNK && s.set(e as u32, fixed[e].unwrap_or(first[e])).is_err() {
                ok = false;
                break;
            }
        }
        for &x in &seen {
            dist[x as usize] = u32::MAX;
        }
        if !ok || s.propagate(true).is_err() || s.solved() {
            continue;
        }
        if let sat::Completion::Several(two) = sat::complete(&s, WINDOW_BUDGET, deadline) {
            let other = two
                .into_iter()
                .map(|val| val.iter().map(|&v| v == ON).collect::<Vec<bool>>())
                .find(|b| b.as_slice() != first)?;
            return Some(other);
        }
    }
    None
}

impl<'a> State<'a> {
    /// The state of `fixed` (what [`deduce`] returned for `p`) again: its decisions set and
    /// propagated (a fixpoint already).
    fn with_fixed(p: &'a Problem, fixed: &[Option<bool>]) -> Result<State<'a>, Contradiction> {
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
    fn late(&self) -> bool {
        self.p
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
    }

    /// The bounded branching (module doc) when at most [`BRANCH_UNDECIDED`] edges are open:
    /// a complete tree with no solution is a contradiction, with one it decides every edge.
    fn branch(&mut self) -> Result<(), Contradiction> {
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
    fn decisions(&self) -> Vec<Option<bool>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Dots, edges, each edge's faces, clue groups.
    type Slither = (
        usize,
        Vec<(u32, u32)>,
        Vec<(u32, u32)>,
        Vec<(Vec<u32>, u32, u32)>,
    );

    /// The dot graph of a Slitherlink (rows of `.` and digits), its edges' faces (the last one
    /// outside) and the clue groups.
    fn slither(clues: &[&str]) -> Slither {
        let (rows, cols) = (clues.len(), clues[0].len());
        let dot = |r: usize, c: usize| (r * (cols + 1) + c) as u32;
        let outside = (rows * cols) as u32;
        let cell = |r: usize, c: usize, inside: bool| {
            if inside {
                (r * cols + c) as u32
            } else {
                outside
            }
        };
        let (mut edges, mut faces) = (Vec::new(), Vec::new());
        let mut sides = vec![Vec::new(); rows * cols];
        for r in 0..=rows {
            for c in 0..cols {
                let e = edges.len() as u32;
                edges.push((dot(r, c), dot(r, c + 1)));
                faces.push((cell(r.wrapping_sub(1), c, r > 0), cell(r, c, r < rows)));
                if r > 0 {
                    sides[(r - 1) * cols + c].push(e);
                }
                if r < rows {
                    sides[r * cols + c].push(e);
                }
            }
        }
        for r in 0..rows {
            for c in 0..=cols {
                let e = edges.len() as u32;
                edges.push((dot(r, c), dot(r + 1, c)));
                faces.push((cell(r, c.wrapping_sub(1), c > 0), cell(r, c, c < cols)));
                if c > 0 {
                    sides[r * cols + c - 1].push(e);
                }
                if c < cols {
                    sides[r * cols + c].push(e);
                }
            }
        }
        let mut groups = Vec::new();
        for (i, ch) in clues.concat().chars().enumerate() {
            if let Some(h) = ch.to_digit(10) {
                groups.push((sides[i].clone(), h, h));
            }
        }
        ((rows + 1) * (cols + 1), edges, faces, groups)
    }

    fn deduced_with(
        clues: &[&str],
        with_faces: bool,
        probe: bool,
        branch: u32,
    ) -> Result<Vec<Option<bool>>, Contradiction> {
        let (n, edges, faces, groups) = slither(clues);
        let nf = clues.len() * clues[0].len() + 1;
        let p = Problem {
            n,
            edges,
            degrees: vec![0b101; n],
            labels: Vec::new(),
            groups,
            shape: Shape::Loop,
            probe,
            branch,
            faces: if with_faces {
                (nf, faces)
            } else {
                (0, Vec::new())
            },
            label_domains: false,
            deadline: None,
            corners: false,
            stricter: None,
        };
        deduce(&p)
    }

    /// The number of solutions by the ZDD with the rules alone (no probing, no branching).
    fn zdd_count(clues: &[&str]) -> u32 {
        use crate::slitherlink::{Deduction, SlitherZdd};
        let mut grid = zlink_puzzle::Grid::new(clues.len(), clues[0].len(), None);
        for (r, line) in clues.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                grid[zlink_puzzle::Coord::new(r, c)] = ch.to_digit(10).map(|d| d as u8);
            }
        }
        let z = SlitherZdd::with_deduction(&grid, Deduction::Rules).unwrap();
        u32::try_from(z.count(&Default::default()).unwrap()).unwrap()
    }

    #[test]
    fn branching_decides_what_probing_leaves_open() {
        let undecided = |r: &Result<Vec<Option<bool>>, Contradiction>| {
            r.as_ref()
                .map(|v| v.iter().filter(|x| x.is_none()).count())
                .ok()
        };
        // one solution: probing leaves 37 edges open, branching decides them all
        let unique = ["1...", ".13.", "..2.", ".12."];
        assert_eq!(zdd_count(&unique), 1);
        assert_eq!(undecided(&deduced_with(&unique, true, true, 0)), Some(37));
        assert_eq!(undecided(&deduced_with(&unique, true, true, 8)), Some(0));
        // no solution: probing does not see it, branching proves it
        let none = ["...3", "..2.", ".112", "3..."];
        assert_eq!(zdd_count(&none), 0);
        assert_eq!(undecided(&deduced_with(&none, true, true, 0)), Some(36));
        assert_eq!(deduced_with(&none, true, true, 8), Err(Contradiction));
        // several solutions: the tree stops at the second and keeps what probing decided
        let two = ["....", ".33.", "...."];
        assert!(zdd_count(&two) > 1);
        assert_eq!(
            deduced_with(&two, true, true, 8),
            deduced_with(&two, true, true, 0)
        );
    }

    fn deduced(clues: &[&str], with_faces: bool) -> Vec<Option<bool>> {
        deduced_with(clues, with_faces, false, 0).expect("a solution exists")
    }

    #[test]
    fn faces_carry_parity_across_the_grid() {
        // The centre 0 and the corner 0 share the cells (1, 2) and (2, 1), so the centre has
        // the outside's colour, and so have its other neighbours (0, 1) and (1, 0): their
        // border sides are off. Vertex and clue rules alone do not see it.
        let clues = ["...", ".0.", "..0"];
        let (top_of_0_1, left_of_1_0) = (1, 12 + 4);
        let with = deduced(&clues, true);
        assert_eq!(with[top_of_0_1], Some(false));
        assert_eq!(with[left_of_1_0], Some(false));
        let without = deduced(&clues, false);
        assert_eq!(without[top_of_0_1], None);
        assert_eq!(without[left_of_1_0], None);
        // never weaker: whatever the edges alone decide, the faces decide the same way
        for (a, b) in with.iter().zip(&without) {
            assert!(b.is_none() || a == b);
        }
    }
}
