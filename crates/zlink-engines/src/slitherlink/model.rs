//! The Slitherlink IP seed's arc model, solved by iterative subtour elimination over the shared
//! cut loop, optionally with the four starting-rule cut families ([`super::rules`]).
//!
//! Variables: one binary per directed arc between adjacent lattice points (two per edge).
//! Rows, as in the seed: **Demand** (the arcs around a clue cell, both directions, sum to the
//! clue), **NetFlow** (in = out at every lattice point), **OneWay** (at most one direction per
//! edge), **OneIn** / **OneOut** (at most one arc into / out of a point); objective: minimise the
//! arcs used. Known edges from the starting rules are rows `x_ij + x_ji = 1` (the seed's `Cuts`),
//! and `= 0` for the corner 0/1 rule (the seed's proposed `K_2`).
//!
//! An integer solution is a set of disjoint directed cycles. If there is more than one, every
//! cycle `S` becomes a **Subtours** row `Σ_{(i,j) ∈ S} (x_ij + x_ji) ≤ |S| − 1` and the model is
//! re-solved; one cycle is the answer. We add one row the seed leaves implicit: at least one arc,
//! so that a puzzle without positive clues does not return the empty "loop".
//!
//! Counting adds one binary per edge (`u_e = x_ij + x_ji`) and no-good cuts on those, so the two
//! orientations of a loop count once.

use std::time::Instant;

use super::rules::{self, Edge};
use super::{Loop, Slitherlink};
use crate::mip;
use zlink_ip::{
    sum, Constraint, Distinct, LinExpr, Model, NoGood, Sense, Separator, Solution, Var, VarKind,
};
use zlink_puzzle::{Coord, Counted, SolveError, SolveOptions, Solved};

/// Options of the Slitherlink IP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlitherOptions {
    /// Add the starting-rule cuts (the seed's final model); default on.
    pub cuts: bool,
}

impl Default for SlitherOptions {
    fn default() -> Self {
        Self { cuts: true }
    }
}

/// The lattice and its edges: edge `k` joins points `ends[k]`, with arcs `arcs[k] = [fwd, bwd]`.
struct Arcs {
    rows: usize,
    cols: usize,
    ends: Vec<(usize, usize)>,
    arcs: Vec<[Var; 2]>,
}

impl Arcs {
    fn edge(&self, e: Edge) -> usize {
        match e {
            Edge::H(r, c) => r * self.cols + c,
            Edge::V(r, c) => (self.rows + 1) * self.cols + r * (self.cols + 1) + c,
        }
    }
    fn both(&self, e: usize) -> LinExpr {
        sum(self.arcs[e])
    }
}

/// Builds the seed's model; returns it with its arcs.
fn build(p: &Slitherlink, o: &SlitherOptions) -> (Model, Arcs) {
    let (rows, cols) = (p.rows(), p.cols());
    let w = cols + 1;
    let mut ends = Vec::new();
    for r in 0..=rows {
        for c in 0..cols {
            ends.push((r * w + c, r * w + c + 1));
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            ends.push((r * w + c, (r + 1) * w + c));
        }
    }
    let mut m = Model::new();
    let arcs: Vec<[Var; 2]> = ends
        .iter()
        .map(|_| [m.add_var(VarKind::Binary), m.add_var(VarKind::Binary)])
        .collect();
    let a = Arcs {
        rows,
        cols,
        ends,
        arcs,
    };
    // Demand
    for r in 0..rows {
        for c in 0..cols {
            if let Some(d) = p.clue(r, c) {
                let mut e = LinExpr::new();
                for s in rules::sides(r, c) {
                    for v in a.arcs[a.edge(s)] {
                        e.add_term(v, 1.0);
                    }
                }
                m.add(e.eq(f64::from(d)));
            }
        }
    }
    // NetFlow, OneIn, OneOut
    let points = (rows + 1) * w;
    let mut inn: Vec<Vec<Var>> = vec![Vec::new(); points];
    let mut out: Vec<Vec<Var>> = vec![Vec::new(); points];
    for (k, &(i, j)) in a.ends.iter().enumerate() {
        out[i].push(a.arcs[k][0]);
        inn[j].push(a.arcs[k][0]);
        out[j].push(a.arcs[k][1]);
        inn[i].push(a.arcs[k][1]);
    }
    for v in 0..points {
        let mut net = sum(inn[v].iter().copied());
        for &x in &out[v] {
            net.add_term(x, -1.0);
        }
        m.add(net.eq(0.0));
        m.add(sum(inn[v].iter().copied()).le(1.0));
        m.add(sum(out[v].iter().copied()).le(1.0));
    }
    // OneWay
    for k in 0..a.arcs.len() {
        m.add(a.both(k).le(1.0));
    }
    let all = sum(a.arcs.iter().flatten().copied());
    m.add(all.clone().ge(1.0));
    m.set_objective(all, Sense::Minimise);
    if o.cuts {
        let (on, off) = rules::starting_rules(p);
        for e in on {
            m.add(a.both(a.edge(e)).eq(1.0));
        }
        for e in off {
            m.add(a.both(a.edge(e)).eq(0.0));
        }
    }
    (m, a)
}

/// The seed's subtour finder: follow arcs from point to point until the start comes back.
struct Subtours<'a> {
    a: &'a Arcs,
}

impl Subtours<'_> {
    /// The cycles of an integer solution, each as its edge indices.
    fn cycles(&self, s: &Solution) -> Vec<Vec<usize>> {
        let points = (self.a.rows + 1) * (self.a.cols + 1);
        let mut next: Vec<Option<(usize, usize)>> = vec![None; points]; // point -> (edge, next point)
        for (k, &(i, j)) in self.a.ends.iter().enumerate() {
            if s.is_one(self.a.arcs[k][0]) {
                next[i] = Some((k, j));
            }
            if s.is_one(self.a.arcs[k][1]) {
                next[j] = Some((k, i));
            }
        }
        let mut seen = vec![false; points];
        let mut out = Vec::new();
        for start in 0..points {
            if seen[start] || next[start].is_none() {
                continue;
            }
            let mut cycle = Vec::new();
            let mut v = start;
            while !seen[v] {
                seen[v] = true;
                let Some((k, w)) = next[v] else { break };
                cycle.push(k);
                v = w;
            }
            out.push(cycle);
        }
        out
    }
}

impl Separator for Subtours<'_> {
    fn separate(&mut self, s: &Solution) -> Vec<Constraint> {
        let cycles = self.cycles(s);
        if cycles.len() <= 1 {
            return Vec::new();
        }
        cycles
            .iter()
            .map(|c| {
                let mut e = LinExpr::new();
                for &k in c {
                    for v in self.a.arcs[k] {
                        e.add_term(v, 1.0);
                    }
                }
                e.le(c.len() as f64 - 1.0)
            })
            .collect()
    }
}

fn decode(p: &Slitherlink, a: &Arcs, s: &Solution) -> Loop {
    let mut l = Loop::new(p.rows(), p.cols());
    let nh = (p.rows() + 1) * p.cols();
    for k in 0..a.arcs.len() {
        if a.arcs[k].iter().any(|&v| s.is_one(v)) {
            if k < nh {
                l.h[Coord::new(k / p.cols(), k % p.cols())] = true;
            } else {
                let j = k - nh;
                l.v[Coord::new(j / (p.cols() + 1), j % (p.cols() + 1))] = true;
            }
        }
    }
    l
}

/// One loop, by the seed's iterate-and-cut procedure. The stats carry the per-round table
/// (seconds, nodes, iterations, subtours found after that round).
///
/// # Errors
/// [`SolveError::Infeasible`] when there is no single loop; the time limit; solver failures.
pub fn solve(
    p: &Slitherlink,
    o: &SlitherOptions,
    opts: &SolveOptions,
) -> Result<Solved<Loop>, SolveError> {
    let start = Instant::now();
    let (mut m, a) = build(p, o);
    let (s, stats) = mip::solve_by_cuts(&mut m, &mut Subtours { a: &a }, opts, start, "subtours")?;
    Ok(Solved::new(decode(p, &a, &s), stats))
}

/// The number of loops (no-good cuts on per-edge binaries, with the subtour separator), up to
/// the options' limit.
///
/// # Errors
/// The time limit or a solver failure.
pub fn count(
    p: &Slitherlink,
    o: &SlitherOptions,
    opts: &SolveOptions,
) -> Result<Counted, SolveError> {
    let start = Instant::now();
    let (mut m, a) = build(p, o);
    let u: Vec<Var> = (0..a.arcs.len())
        .map(|k| {
            let u = m.add_var(VarKind::Binary);
            let mut e = a.both(k);
            e.add_term(u, -1.0);
            m.add(e.eq(0.0));
            u
        })
        .collect();
    let distinct = Distinct {
        vars: &u,
        form: NoGood::Full,
    };
    mip::count_by_enumeration(
        &mut m,
        distinct,
        &mut Subtours { a: &a },
        opts,
        start,
        "subtours",
    )
}
