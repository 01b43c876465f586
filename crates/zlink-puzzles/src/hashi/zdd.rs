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
use super::{Bridges, Hashi, MAX_CLUE};
use crate::zdd_limits::{exact_count, frontier_progress, limits, run_error};

/// The Hashi ZDD engine.
#[derive(Debug, Clone, Copy)]
pub struct ZddEngine;

/// The problem of `h` in the engine's edge order, and the order (`perm[level edge]` = the
/// candidate index of [`BridgeGraph`]).
fn problem(h: &Hashi) -> (ConnectedProblem, Vec<usize>, BridgeGraph) {
    let g = BridgeGraph::new(h);
    let m = g.candidates.len();
    let any = (1..=MAX_CLUE).fold(0u32, |acc, d| acc | 1 << d);
    let p = ConnectedProblem {
        n: h.islands().len(),
        edges: g
            .candidates
            .iter()
            .map(|c| (c.a as Vertex, c.b as Vertex))
            .collect(),
        min: vec![0; m],
        max: vec![2; m],
        allowed: h
            .islands()
            .iter()
            .map(|i| i.clue.map_or(any, |d| 1 << d))
            .collect(),
        crossings: g.crossings.clone(),
        acyclic: false,
    };
    let order: BridgeOrder = HASHI_ORDER;
    let perm = order.perm(&p, None).unwrap_or_else(|| (0..m).collect());
    (p.permuted(&perm), perm, g)
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
        let (q, perm, g) = problem(h);
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
        let (q, _, _) = problem(h);
        exact_count(opts, "state_fields", &[], |l| count_family(&q, l))
    }
}
