//! The circuit board by the ZDD engine: `--engine zdd`, the default for counting. Every
//! solution is a spanning tree of the points with degrees in {1, 3} through the given wires,
//! which the frontier spec for connected, degree-constrained subgraphs counts exactly without
//! listing them (`zlink_frontier::specs::connected::puzzles::circuit_board_problem`, in the
//! best of its edge orders), through the frontier's one entry point (memory budget, threads,
//! time limit). `solve` builds the diagram and takes its first member; `sample` draws uniformly
//! among its members. The endpoints `s`, `t`
//! play no part here (only the IP's CM3 optimises the path); the IP's enumeration and the
//! brute force of the tests are the independent cross-checks.

use std::time::Instant;

use zlink_frontier::run::{build_family, count_family};
use zlink_frontier::specs::connected::order::best_order;
use zlink_frontier::specs::connected::puzzles::{circuit_board_problem, Point, PointEdge};
use zlink_frontier::specs::connected::ConnectedProblem;
use zlink_puzzle::{Counted, Engine, Sampled, SolveError, SolveOptions, SolveStats, Solved};
use zlink_zdd::{NodeId, Var, Zdd};

use super::{Circuit, Wires};
use crate::zdd_limits::{
    check_draws, exact_count, first_of_two, frontier_progress, limits, run_error,
};

/// The circuit-board ZDD engine.
#[derive(Debug, Clone, Copy)]
pub struct ZddEngine;

/// The problem of `c` in its best edge order, and per edge of that order its wire (cells).
fn problem(c: &Circuit) -> Result<(ConnectedProblem, Vec<(usize, usize)>), SolveError> {
    let point = |i: usize| -> Point { (i / c.cols(), i % c.cols()) };
    let blocked: Vec<Point> = (0..c.rows() * c.cols())
        .filter(|&i| !c.is_point(i))
        .map(point)
        .collect();
    let given: Vec<PointEdge> = c
        .given()
        .iter()
        .map(|&(a, b)| (point(a), point(b)))
        .collect();
    let (p, pairs) = circuit_board_problem(c.rows(), c.cols(), &blocked, &given)
        .map_err(|e| SolveError::Solver(e.to_string()))?;
    let (_, perm, q) = best_order(&p, None).map_err(|e| SolveError::Solver(e.to_string()))?;
    let cell = |(r, col): Point| r * c.cols() + col;
    let wires = perm
        .iter()
        .map(|&k| (cell(pairs[k].0), cell(pairs[k].1)))
        .collect();
    Ok((q, wires))
}

/// A wire: the two cells it joins.
type Wire = (usize, usize);

/// Every solution of `c` as one diagram (its root), with the wire of each variable.
fn all_solutions(c: &Circuit, opts: &SolveOptions) -> Result<(Zdd, NodeId, Vec<Wire>), SolveError> {
    let (q, wires) = problem(c)?;
    let mut zdd = Zdd::new(q.num_vars() as u32);
    let built = build_family(&q, &mut zdd, &limits(opts, Some(&frontier_progress(opts))))
        .map_err(|e| run_error(e, opts))?;
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
        first_of_two(found, started)
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
        check_draws(opts, k, zdd.num_vars())?;
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
        exact_count(opts, "frontier_width", &[], |l| count_family(&q, l))
    }
}
