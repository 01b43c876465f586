//! The SAT completion of the deduction: when propagation and probing leave edges open, the
//! problem left is put in CNF and an incremental CDCL solver (batsat, pure Rust) looks for two
//! solutions.
//!
//! Why: published puzzles are unique, and the edges probing leaves open are often a knot that
//! only a deep search unties (a 35×48 Numberlink keeps 2,300 open edges whose frontier build
//! visits half a billion states; two 10×10 Slitherlinks cost more in the bounded branching than
//! in the rest of their class). A CDCL solver learns from its conflicts, so it settles such a
//! knot in a few thousand conflicts: no model means no solution, a model whose blocking leaves
//! no other means every edge is decided. With two solutions, or when the conflict budget or the
//! deadline runs out, nothing is decided here and the frontier build counts as before.
//!
//! The encoding, every clause a necessary condition of a solution:
//! * one variable per edge, units for the edges the deduction decided;
//! * the allowed degrees per vertex and the bounds of each group, as the clauses forbidding each
//!   bad assignment of their (few) open edges;
//! * a loop in the plane (faces given): a variable per face, the outer face outside, and each
//!   edge on exactly when its two faces differ;
//! * lazily, what the degrees cannot see: a model's on-edges form paths and cycles. For paths
//!   every cycle is forbidden (a clause: one of its open edges is off), and so is every path
//!   joining terminals of different labels (its ends have degree 1 and its inner vertices 2, so
//!   in any solution that holds all its edges it would be a whole line). For a loop, a model of
//!   one cycle is a solution; with several, each is forbidden, and each that alone meets every
//!   group and holds every decided on-edge is a solution found on the way.
//!
//! Labels are left to these lazy cuts on purpose: a one-hot label per vertex (a variable per
//! pair that can reach it, at most one per vertex, equal along on-edges) was measured first and
//! is 3-10× slower (Janko 35×48: 1.06 s against 0.36 s; thomasahle 50×50 #8: 8.2 s against
//! 0.9 s), the extra variables costing more per conflict than the cuts they save (56 rounds
//! of solving on that 50×50).
//!
//! A solution `S` is blocked by "one of `S`'s open on-edges is off": no other solution holds
//! all of `S`'s edges (its vertices already have their full degrees, and what could be added
//! forms cycles).

use std::time::Instant;

use batsat::{lbool, Callbacks, ClauseKind, Lit, Solver, SolverInterface, SolverOpts};

pub(super) mod another;

use super::{Shape, State, OFF, ON, UNK};

/// The most open edges one degree or group constraint may have (its clauses list the bad
/// assignments: `2^k` at most); beyond, the completion is not tried.
const MAX_OPEN_PER_CONSTRAINT: usize = 12;

/// What the completion found.
#[derive(Debug)]
pub(super) enum Completion {
    /// No solution.
    None,
    /// Exactly one solution: every edge's value.
    One(Vec<u8>),
    /// At least two solutions: the first two found (every edge's value).
    Several([Vec<u8>; 2]),
    /// Out of budget or time, or not encodable: nothing learnt.
    Unknown,
}

/// Stops the solver after `max` conflicts or at the deadline.
struct Limit {
    conflicts: u64,
    max: u64,
    deadline: Option<Instant>,
}

impl Callbacks for Limit {
    fn on_new_clause(&mut self, _c: &[Lit], src: ClauseKind) {
        if matches!(src, ClauseKind::Learnt) {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        self.conflicts >= self.max || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The CNF being built, over a solver.
struct Cnf {
    solver: Solver<Limit>,
    /// Per edge: its variable's positive literal.
    edge: Vec<Lit>,
    clause: Vec<Lit>,
}

impl Cnf {
    fn fresh(&mut self) -> Lit {
        Lit::new(self.solver.new_var_default(), true)
    }

    fn add(&mut self, lits: &[Lit]) {
        self.clause.clear();
        self.clause.extend_from_slice(lits);
        let mut c = std::mem::take(&mut self.clause);
        self.solver.add_clause_reuse(&mut c);
        self.clause = c;
    }

    /// Between `allowed` (a bit set over counts) of `lits` plus `base` are true: one clause per
    /// bad assignment.
    fn cardinality(&mut self, lits: &[Lit], base: u32, allowed: u64) {
        let k = lits.len();
        let mut c = Vec::with_capacity(k);
        for a in 0u32..1 << k {
            let n = base + a.count_ones();
            if n < 64 && allowed >> n & 1 == 1 {
                continue;
            }
            c.clear();
            for (i, &l) in lits.iter().enumerate() {
                c.push(if a >> i & 1 == 1 { !l } else { l });
            }
            self.add(&c);
        }
    }
}

/// The CNF of the problem left in `st` (module doc: units, degrees, groups, faces), over a
/// solver that stops after `max_conflicts` conflicts or at the deadline; `None` when a vertex
/// may have more than two line edges or a constraint has too many open edges to list.
fn encode(st: &State<'_>, max_conflicts: u64, deadline: Option<Instant>) -> Option<Cnf> {
    if !encodable(st) {
        return None;
    }
    let mut cnf = edge_vars(st, max_conflicts, deadline);
    add_counts(&mut cnf, st);
    if st.p.shape == Shape::Loop {
        add_loop(&mut cnf, st);
    }
    Some(cnf)
}

/// Whether `st` can be encoded: lines of degree at most 2 (the cuts walk them), constraints
/// small enough to list.
fn encodable(st: &State<'_>) -> bool {
    let p = st.p;
    if p.degrees.iter().any(|&d| d >> 3 != 0) {
        return false;
    }
    let is_open = |e: usize| st.val[e] == UNK;
    let too_open =
        |es: &[u32]| es.iter().filter(|&&e| is_open(e as usize)).count() > MAX_OPEN_PER_CONSTRAINT;
    !((0..p.n).any(|x| too_open(st.vertex_edges.of(x)))
        || p.groups.iter().any(|(es, _, _)| too_open(es)))
}

/// A fresh solver with one variable per edge, the decided edges as units.
fn edge_vars(st: &State<'_>, max_conflicts: u64, deadline: Option<Instant>) -> Cnf {
    let m = st.p.edges.len();
    let limit = Limit {
        conflicts: 0,
        max: max_conflicts,
        deadline,
    };
    let mut cnf = Cnf {
        solver: Solver::new(SolverOpts::default(), limit),
        edge: Vec::with_capacity(m),
        clause: Vec::new(),
    };
    for e in 0..m {
        let l = cnf.fresh();
        cnf.edge.push(l);
        match st.val[e] {
            ON => cnf.add(&[l]),
            OFF => cnf.add(&[!l]),
            _ => {}
        }
    }
    cnf
}

/// The degrees and groups as cardinality constraints over their open edges, counting the
/// decided on-edges.
fn add_counts(cnf: &mut Cnf, st: &State<'_>) {
    let p = st.p;
    let mut lits = Vec::new();
    let mut constrain = |cnf: &mut Cnf, es: &[u32], allowed: u64| {
        lits.clear();
        let mut base = 0;
        for &e in es {
            match st.val[e as usize] {
                ON => base += 1,
                OFF => {}
                _ => lits.push(cnf.edge[e as usize]),
            }
        }
        cnf.cardinality(&lits, base, allowed);
    };
    for x in 0..p.n {
        constrain(cnf, st.vertex_edges.of(x), u64::from(p.degrees[x]));
    }
    for (es, lo, hi) in &p.groups {
        let allowed = (*lo..=(*hi).min(63)).fold(0u64, |a, n| a | 1 << n);
        constrain(cnf, es, allowed);
    }
}

/// A loop's extra clauses: it has an edge (if none is decided on), and with faces, an edge is
/// on iff exactly one of its two faces is inside (the outer face outside).
fn add_loop(cnf: &mut Cnf, st: &State<'_>) {
    let p = st.p;
    let fixed_on = st.val.iter().filter(|&&v| v == ON).count();
    if fixed_on == 0 {
        // a loop has an edge
        let open: Vec<Lit> = (0..p.edges.len())
            .filter(|&e| st.val[e] == UNK)
            .map(|e| cnf.edge[e])
            .collect();
        cnf.add(&open);
    }
    let (nf, sides) = (p.faces.0, &p.faces.1);
    if nf > 0 {
        let face: Vec<Lit> = (0..nf).map(|_| cnf.fresh()).collect();
        cnf.add(&[!face[nf - 1]]);
        for (e, &(a, b)) in sides.iter().enumerate() {
            let (x, fa, fb) = (cnf.edge[e], face[a as usize], face[b as usize]);
            // x <=> fa xor fb
            cnf.add(&[!x, fa, fb]);
            cnf.add(&[!x, !fa, !fb]);
            cnf.add(&[x, !fa, fb]);
            cnf.add(&[x, fa, !fb]);
        }
    }
}

/// Looks for two solutions of the problem left in `st` (its decided edges as units), within
/// `max_conflicts` conflicts in all, `max_rounds` models (each a solve after new cuts) and the
/// deadline.
pub(super) fn complete(
    st: &State<'_>,
    (max_conflicts, max_rounds): (u64, u32),
    deadline: Option<Instant>,
) -> Completion {
    let p = st.p;
    let m = p.edges.len();
    let is_open = |e: usize| st.val[e] == UNK;
    let Some(mut cnf) = encode(st, max_conflicts, deadline) else {
        return Completion::Unknown;
    };
    let fixed_on = st.val.iter().filter(|&&v| v == ON).count();
    // find solutions, cutting cycles lazily
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut walk = Walk::new(p.n);
    for _ in 0..max_rounds {
        let r = cnf.solver.solve_limited(&[]);
        if r == lbool::FALSE {
            return match found.pop() {
                None => Completion::None,
                Some(one) => Completion::One(one),
            };
        }
        if r != lbool::TRUE {
            return Completion::Unknown;
        }
        let on: Vec<bool> = (0..m)
            .map(|e| cnf.solver.value_lit(cnf.edge[e]) == lbool::TRUE)
            .collect();
        let cycles = walk.cycles(st, &on);
        let mixed = match p.shape == Shape::Paths && !p.labels.is_empty() {
            true => walk.mixed_paths(st),
            false => Vec::new(),
        };
        let whole = on.iter().filter(|&&b| b).count();
        if (cycles.is_empty() && mixed.is_empty())
            || (p.shape == Shape::Loop && cycles.len() == 1 && cycles[0].len() == whole)
        {
            found.push(record(&mut cnf, st, &on));
        } else {
            for c in cycles.iter().chain(&mixed) {
                if p.shape == Shape::Loop && loop_alone_solves(st, c, fixed_on) {
                    let mut v = vec![OFF; m];
                    for &e in c {
                        v[e as usize] = ON;
                    }
                    found.push(v);
                }
                let cut: Vec<Lit> = c
                    .iter()
                    .filter(|&&e| is_open(e as usize))
                    .map(|&e| !cnf.edge[e as usize])
                    .collect();
                cnf.add(&cut);
            }
        }
        if let [first, second, ..] = &mut found[..] {
            return Completion::Several([std::mem::take(first), std::mem::take(second)]);
        }
    }
    Completion::Unknown
}

/// Records the solution `on` and blocks it: one of its open on-edges is off.
fn record(cnf: &mut Cnf, st: &State<'_>, on: &[bool]) -> Vec<u8> {
    let block: Vec<Lit> = (0..on.len())
        .filter(|&e| on[e] && st.val[e] == UNK)
        .map(|e| !cnf.edge[e])
        .collect();
    cnf.add(&block);
    on.iter().map(|&b| if b { ON } else { OFF }).collect()
}

/// Whether the cycle `c` (edges) alone is a solution of the loop problem: it holds every
/// decided on-edge and meets every group (its degrees are 2 and 0).
fn loop_alone_solves(st: &State<'_>, c: &[u32], fixed_on: usize) -> bool {
    if c.iter().filter(|&&e| st.val[e as usize] == ON).count() != fixed_on {
        return false;
    }
    let mut in_c = vec![false; st.val.len()];
    for &e in c {
        in_c[e as usize] = true;
    }
    st.p.groups.iter().all(|(es, lo, hi)| {
        let n = es.iter().filter(|&&e| in_c[e as usize]).count() as u32;
        (*lo..=*hi).contains(&n)
    })
}

/// Finds the cycles among a model's on-edges (every vertex has degree 0, 1 or 2).
struct Walk {
    adj: Vec<[u32; 2]>,
    deg: Vec<u8>,
    done: Vec<bool>,
}

impl Walk {
    fn new(n: usize) -> Walk {
        Walk {
            adj: vec![[u32::MAX; 2]; n],
            deg: vec![0; n],
            done: vec![false; n],
        }
    }

    /// The paths of on-edges (after [`Walk::cycles`] on the same `on`) whose two ends are
    /// terminals of different labels.
    fn mixed_paths(&mut self, st: &State<'_>) -> Vec<Vec<u32>> {
        let (edges, labels) = (&st.p.edges, &st.p.labels);
        let mut out = Vec::new();
        let mut seen = vec![false; self.deg.len()];
        for s in 0..self.deg.len() {
            if self.deg[s] != 1 || seen[s] {
                continue;
            }
            let mut path = Vec::new();
            let (mut x, mut via) = (s as u32, self.adj[s][0]);
            let end = loop {
                path.push(via);
                let (a, b) = edges[via as usize];
                let y = if a == x { b } else { a };
                if self.deg[y as usize] != 2 {
                    break y;
                }
                let [e0, e1] = self.adj[y as usize];
                via = if e0 == via { e1 } else { e0 };
                x = y;
            };
            seen[end as usize] = true;
            if labels[s] != labels[end as usize] {
                out.push(path);
            }
        }
        out
    }

    /// The cycles (as edge lists) of the on-edges `on`.
    fn cycles(&mut self, st: &State<'_>, on: &[bool]) -> Vec<Vec<u32>> {
        let edges = &st.p.edges;
        self.deg.fill(0);
        self.done.fill(false);
        for (e, &b) in on.iter().enumerate() {
            if b {
                let (u, v) = edges[e];
                for x in [u, v] {
                    let d = &mut self.deg[x as usize];
                    if (*d as usize) < 2 {
                        self.adj[x as usize][*d as usize] = e as u32;
                    }
                    *d += 1;
                }
            }
        }
        let mut out = Vec::new();
        for start in 0..self.deg.len() {
            if self.done[start] || self.deg[start] != 2 {
                continue;
            }
            // walk from `start` along one side until back or at an end
            let mut cycle = Vec::new();
            let (mut x, mut via) = (start as u32, self.adj[start][0]);
            let closed = loop {
                self.done[x as usize] = true;
                cycle.push(via);
                let (a, b) = edges[via as usize];
                let y = if a == x { b } else { a };
                if y as usize == start {
                    break true;
                }
                if self.deg[y as usize] != 2 {
                    break false;
                }
                let [e0, e1] = self.adj[y as usize];
                via = if e0 == via { e1 } else { e0 };
                x = y;
            };
            if closed {
                out.push(cycle);
            } else {
                // a path: mark the other side too
                let (mut x, mut via) = (start as u32, self.adj[start][1]);
                loop {
                    let (a, b) = edges[via as usize];
                    let y = if a == x { b } else { a };
                    self.done[y as usize] = true;
                    if self.deg[y as usize] != 2 {
                        break;
                    }
                    let [e0, e1] = self.adj[y as usize];
                    via = if e0 == via { e1 } else { e0 };
                    x = y;
                }
            }
        }
        out
    }
}
