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

mod branch;
mod complete;
mod corners;
mod faces;
mod labels;
mod probe;
mod rules;
mod sat;
#[cfg(test)]
mod tests;
mod trail;
mod window;

pub(crate) use complete::complete;
use faces::Faces;

pub(crate) use sat::another::{another, another_near, Another};

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
