//! The circuit board by the ZDD engine: `--engine zdd`, the default for counting. Every
//! solution is a spanning tree of the points with degrees in {1, 3} through the given wires,
//! which the frontier spec for connected, degree-constrained subgraphs counts exactly without
//! listing them (the board as a `ConnectedProblem`, in the best of its edge orders), through
//! the frontier's one entry point (memory budget, threads, time limit). `solve` builds the diagram and takes its first member; `sample` draws uniformly
//! among its members. The endpoints `s`, `t`
//! play no part here (only the IP's CM3 optimises the path); the IP's enumeration and the
//! brute force of the tests are the independent cross-checks.

use std::time::Instant;

use zlink_frontier::run::{build_family, count_family};
use zlink_frontier::specs::connected::order::best_order;
use zlink_frontier::specs::connected::ConnectedProblem;
use zlink_frontier::Vertex;
use zlink_puzzle::{
    check_draws, Counted, Engine, Sampled, SolveError, SolveOptions, SolveStats, Solved,
};
use zlink_zdd::{NodeId, Var, Zdd};

use super::{Circuit, Wires};

/// The circuit-board ZDD engine.
#[derive(Debug, Clone, Copy)]
pub struct ZddEngine;

/// The board as a connected-degree problem: its points (cell `r * cols + c`; a blacked-out
/// cell is an isolated vertex allowed degree 0) joined by unit edges between orthogonal
/// neighbour points into a spanning tree (acyclic) whose every point has degree 1 or 3, with
/// every given wire forced in; in the best of its edge orders, with per edge of that order its
/// wire (cells).
fn problem(c: &Circuit) -> Result<(ConnectedProblem, Vec<Wire>), SolveError> {
    let (rows, cols) = (c.rows(), c.cols());
    let mut edges = Vec::new();
    for r in 0..rows {
        for col in 0..cols {
            let a = r * cols + col;
            if !c.is_point(a) {
                continue;
            }
            let right = (col + 1 < cols).then_some(a + 1);
            let down = (r + 1 < rows).then_some(a + cols);
            edges.extend(
                [right, down]
                    .into_iter()
                    .flatten()
                    .filter(|&b| c.is_point(b))
                    .map(|b| (a, b)),
            );
        }
    }
    let mut min = vec![0u8; edges.len()];
    for &(a, b) in c.given() {
        let i = edges
            .iter()
            .position(|&e| e == (a.min(b), a.max(b)))
            .ok_or_else(|| {
                SolveError::solver(format!(
                    "given wire {a}-{b} is not between neighbouring points"
                ))
            })?;
        min[i] = 1;
    }
    let m = edges.len();
    let p = ConnectedProblem {
        n: rows * cols,
        edges: edges
            .iter()
            .map(|&(a, b)| (a as Vertex, b as Vertex))
            .collect(),
        min,
        max: vec![1; m],
        allowed: (0..rows * cols)
            .map(|i| if c.is_point(i) { 0b1010 } else { 1 })
            .collect(),
        crossings: Vec::new(),
        acyclic: true,
        window: 0,
    };
    let (_, perm, q) = best_order(&p, None).map_err(SolveError::caused_by)?;
    Ok((q, perm.iter().map(|&k| edges[k]).collect()))
}

/// A wire: the two cells it joins.
type Wire = (usize, usize);

/// Every solution of `c` as one diagram (its root), with the wire of each variable.
fn all_solutions(c: &Circuit, opts: &SolveOptions) -> Result<(Zdd, NodeId, Vec<Wire>), SolveError> {
    let (q, wires) = problem(c)?;
    let mut zdd = Zdd::new(q.num_vars() as u32);
    let built = build_family(&q, &mut zdd, &opts.limits)?;
    Ok((zdd, built.root, wires))
}

/// The wires of one member: every edge is one variable (at most one copy), numbered in the
/// problem's edge order.
fn decode(wires: &[Wire], vars: &[Var]) -> Wires {
    Wires::new(vars.iter().map(|&v| wires[v as usize]).collect())
}

impl Engine<Circuit> for ZddEngine {
    type Settings = ();

    fn name(&self) -> &'static str {
        "zdd"
    }

    fn summary(&self) -> &'static str {
        "all solutions as a ZDD (spanning trees with degrees 1 or 3), counted exactly"
    }

    fn solve(&self, c: &Circuit, _: &(), opts: &SolveOptions) -> Result<Solved<Wires>, SolveError> {
        let started = Instant::now();
        let (zdd, root, wires) = all_solutions(c, opts)?;
        let found = zdd
            .iter(root)
            .take(2)
            .map(|vars| decode(&wires, &vars))
            .collect();
        Solved::first_of_two(found, SolveStats::timed(started.elapsed().as_secs_f64()))
    }

    fn samples(&self) -> bool {
        true
    }

    fn sample(
        &self,
        c: &Circuit,
        _: &(),
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<Wires>, SolveError> {
        let started = Instant::now();
        let (zdd, root, wires) = all_solutions(c, opts)?;
        check_draws(&opts.limits, k, zdd.num_vars())?;
        let ranker = zdd.ranker(root);
        Ok(Sampled {
            solutions: ranker
                .draws(seed, k)
                .iter()
                .map(|v| decode(&wires, v))
                .collect(),
            count: ranker.count().clone(),
            stats: SolveStats::timed(started.elapsed().as_secs_f64()),
        })
    }

    fn count(&self, c: &Circuit, _: &(), opts: &SolveOptions) -> Result<Counted, SolveError> {
        let (q, _) = problem(c)?;
        let started = Instant::now();
        let r = count_family(&q, &opts.limits)?;
        let figures = vec![
            ("states", r.total_states),
            ("max_level_states", r.max_level_states as u64),
            ("frontier_width", r.width as u64),
        ];
        let stats =
            SolveStats::of_levels(started.elapsed().as_secs_f64(), figures, &r.level_states);
        Ok(Counted::exact(r.count, stats))
    }
}
