//! Hashi by the ZDD engine: `--engine zdd`, the default for counting. Every solution is a
//! connected multigraph on the islands with the islands' degrees and no crossing bridges, so
//! the frontier spec for connected, degree-constrained subgraphs
//! (`zlink_frontier::specs::connected`) counts them exactly without enumerating them, through
//! the frontier's one entry point (packed or wide states, memory budget, threads, time limit).
//! The IP engine's no-good enumeration is the independent cross-check.

use std::time::Instant;

use zlink_frontier::run::{build_family, count_family};
use zlink_frontier::specs::connected::order::BridgeOrder;
use zlink_frontier::specs::connected::puzzles::HASHI_ORDER;
use zlink_frontier::specs::connected::{members_of, ConnectedProblem};
use zlink_frontier::Vertex;
use zlink_grid::{Counted, Engine, SolveError, SolveOptions, SolveStats, Solved};
use zlink_zdd::Zdd;

use super::graph::BridgeGraph;
use super::propagate;
use super::{Bridges, Hashi, MAX_CLUE};
use crate::zdd_limits::{exact_count, frontier_progress, limits, run_error};

/// The Hashi ZDD engine.
#[derive(Debug, Clone, Copy)]
pub struct ZddEngine;

/// The problem the engine builds for a Hashi: the spec's problem in the engine's edge order,
/// the order (`perm[level edge]` = the candidate index of [`BridgeGraph`]) and the graph.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The connected degree-constrained problem, edges in level order.
    pub problem: ConnectedProblem,
    /// `perm[level edge]` = candidate index in [`Prepared::graph`].
    pub perm: Vec<usize>,
    /// The candidate-bridge graph of the puzzle.
    pub graph: BridgeGraph,
}

/// The problem of `h`; with `deduce`, every candidate's bridge count is first narrowed by
/// [`propagate::bounds`] (a candidate that can carry no bridge is left out, a forced one
/// becomes the spec's least multiplicity, a crossing with a dropped candidate disappears).
/// `None`: the deduction found a contradiction (no solution).
pub fn prepare(h: &Hashi, deduce: bool) -> Option<Prepared> {
    prepare_in(h, deduce, HASHI_ORDER)
}

/// [`prepare`] in a given edge order ([`BridgeOrder::Midpoint`] uses the island positions).
pub fn prepare_in(h: &Hashi, deduce: bool, order: BridgeOrder) -> Option<Prepared> {
    let g = BridgeGraph::new(h);
    let m = g.candidates.len();
    let bounds = if deduce {
        propagate::bounds(h, &g)?
    } else {
        vec![(0, 2); m]
    };
    // Kept candidates (max > 0) and their new index.
    let kept: Vec<usize> = (0..m).filter(|&e| bounds[e].1 > 0).collect();
    let mut new_of = vec![usize::MAX; m];
    for (i, &e) in kept.iter().enumerate() {
        new_of[e] = i;
    }
    let any = (1..=MAX_CLUE).fold(0u32, |acc, d| acc | 1 << d);
    let p = ConnectedProblem {
        n: h.islands().len(),
        edges: kept
            .iter()
            .map(|&e| {
                let c = &g.candidates[e];
                (c.a as Vertex, c.b as Vertex)
            })
            .collect(),
        min: kept.iter().map(|&e| bounds[e].0).collect(),
        max: kept.iter().map(|&e| bounds[e].1).collect(),
        allowed: h
            .islands()
            .iter()
            .map(|i| i.clue.map_or(any, |d| 1 << d))
            .collect(),
        crossings: g
            .crossings
            .iter()
            .filter(|&&(a, b)| new_of[a] != usize::MAX && new_of[b] != usize::MAX)
            .map(|&(a, b)| (new_of[a], new_of[b]))
            .collect(),
        acyclic: false,
    };
    let coords: Vec<(u32, u32)> = h
        .islands()
        .iter()
        .map(|i| (i.coord.row as u32, i.coord.col as u32))
        .collect();
    let local = order
        .perm(&p, Some(&coords))
        .unwrap_or_else(|| (0..kept.len()).collect());
    Some(Prepared {
        problem: p.permuted(&local),
        perm: local.iter().map(|&i| kept[i]).collect(),
        graph: g,
    })
}

/// The engine's exact count of `h` with or without the deduction (see [`prepare`]); the
/// engine counts with it. A contradiction found by the deduction is a count of 0.
///
/// # Errors
/// As [`ZddEngine`]'s count: a budget (exit 3), a time limit or a spec error.
pub fn count_with(h: &Hashi, deduce: bool, opts: &SolveOptions) -> Result<Counted, SolveError> {
    count_in(h, deduce, HASHI_ORDER, opts)
}

/// [`count_with`] in a given edge order.
///
/// # Errors
/// As [`count_with`].
pub fn count_in(
    h: &Hashi,
    deduce: bool,
    order: BridgeOrder,
    opts: &SolveOptions,
) -> Result<Counted, SolveError> {
    match prepare_in(h, deduce, order) {
        Some(pr) => exact_count(opts, "state_fields", &[], |l| count_family(&pr.problem, l)),
        None => Ok(Counted::exact(0u32, SolveStats::timed(0.0))),
    }
}

impl Engine<Hashi> for ZddEngine {
    type Settings = ();

    fn name(&self) -> &'static str {
        "zdd"
    }

    fn summary(&self) -> &'static str {
        "all solutions as a ZDD (connected degree-constrained subgraphs), counted exactly"
    }

    fn solve(&self, h: &Hashi, _: &(), opts: &SolveOptions) -> Result<Solved<Bridges>, SolveError> {
        let started = Instant::now();
        let Some(Prepared {
            problem: q,
            perm,
            graph: g,
        }) = prepare(h, true)
        else {
            return Err(SolveError::Infeasible);
        };
        let mut zdd = Zdd::new(q.num_vars() as u32);
        let built = build_family(&q, &mut zdd, &limits(opts, Some(&frontier_progress(opts))))
            .map_err(|e| run_error(e, opts))?;
        let members = members_of(&q, &zdd, built.root);
        let first = members.first().ok_or(SolveError::Infeasible)?;
        let mut bridges = Vec::new();
        for (level_edge, &k) in first.iter().enumerate() {
            if k > 0 {
                let c = &g.candidates[perm[level_edge]];
                bridges.push((c.a, c.b, k));
            }
        }
        Ok(Solved {
            solution: Bridges::new(bridges),
            more: Some(members.len() > 1),
            stats: SolveStats::timed(started.elapsed().as_secs_f64()),
        })
    }

    fn count(&self, h: &Hashi, _: &(), opts: &SolveOptions) -> Result<Counted, SolveError> {
        count_with(h, true, opts)
    }
}
