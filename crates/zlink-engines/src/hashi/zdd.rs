//! Hashi by the ZDD engine: `--engine zdd`, the default for counting. Every solution is a
//! connected multigraph on the islands with the islands' degrees and no crossing bridges, so
//! the frontier spec for connected, degree-constrained subgraphs
//! (`zlink_frontier::specs::connected`) counts them exactly without enumerating them, through
//! the frontier's one entry point (packed or wide states, memory budget, threads, time limit).
//! The IP engine's no-good enumeration is the independent cross-check.
//!
//! Two things make big instances count: deduction narrows every candidate before the build
//! ([`prepare`]: [`probe::bounds`], the forced-bridge propagation the IP uses plus
//! connectivity and probing), and six island sweeps (four along the grid, two along a layout
//! of the island graph) race with growing state budgets ([`count_with`]), the budget going
//! to the sweep whose predicted total is least, since the better sweep has 10-300 times
//! fewer states on the hardest CLLV instances (figures in tools/README.md). The spec's
//! look-ahead window ([`WINDOW`], [`RaceSetup`]) is measurable but off by default.

use std::time::Instant;

use zlink_frontier::run::build_family;
use zlink_frontier::specs::connected::layout::{
    edges_in_vertex_order, vertex_order, LayoutOptions,
};
use zlink_frontier::specs::connected::ConnectedProblem;
use zlink_frontier::Vertex;
use zlink_puzzle::{
    check_draws, BigUint, Counted, Engine, Sampled, SolveError, SolveOptions, SolveStats, Solved,
};
use zlink_zdd::{NodeId, Var, Zdd};

use super::graph::BridgeGraph;
use super::probe;
use super::race::{count_with, race, RaceSetup};
use super::{Bridges, Hashi, MAX_CLUE};

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
    /// The islands in sweep order.
    pub order: Vec<usize>,
}

/// Which order the islands are swept in. Every sweep decides an island's bridges to later
/// islands when it reaches the island (edges sorted by `(earlier end, later end)`), so an
/// island saturates as soon as possible. The geometric sweeps follow the grid; a graph sweep
/// follows the island graph (`zlink_frontier::specs::connected::layout`: greedy smallest
/// boundary, then annealing, seeded), which keeps far fewer islands live on CLLV instances
/// with clusters and long bridges. Which sweep has the fewest states still depends on the
/// instance (see [`count_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sweep {
    /// Islands row by row.
    Rows,
    /// Islands column by column.
    Columns,
    /// Islands row by row from the bottom right.
    RowsBack,
    /// Islands column by column from the bottom right.
    ColumnsBack,
    /// The island graph's layout with this annealing seed.
    Graph(u8),
    /// The layout with this seed on the weighted cost
    /// (`zlink_frontier::specs::connected::layout::vertex_weights`: a live island counts by
    /// the degrees it can still hold, a fully decided one a quarter).
    Weighted(u8),
}

impl Sweep {
    /// The four geometric sweeps (the engine's race before the graph layouts).
    pub const GEOMETRIC: [Sweep; 4] = [
        Sweep::Rows,
        Sweep::Columns,
        Sweep::RowsBack,
        Sweep::ColumnsBack,
    ];

    /// The engine's race ([`RaceSetup::default`]): the weighted graph layout, the four
    /// geometric sweeps, the unweighted graph layout. The graph sweep first because on the hard CLLV
    /// classes (AA = 50, 75 at 300-400 islands) it alone often has 10-100 times fewer states
    /// than any geometric sweep (`Hs_34_400_50_00_001`: 0.57 CPU s alone, the geometric race
    /// 23.6 s); the geometric sweeps still win some 200-island instances (tools/README.md,
    /// issue 17). Sweeps are prepared lazily, so the second layout is computed only when the
    /// first round did not finish.
    ///
    /// Since the fourth pass the first layout is the weighted one ([`Sweep::Weighted`]) and
    /// the last the unweighted one: on a 24-file sample of the 400-island set the race took
    /// 11.4 CPU s over the 16 files it counts instead of 13.0 (`Hs_34_400_50_05_001` 2.70 ->
    /// 1.43 s), the same files counted.
    pub const ALL: [Sweep; 6] = [
        Sweep::Weighted(1),
        Sweep::Rows,
        Sweep::Columns,
        Sweep::RowsBack,
        Sweep::ColumnsBack,
        Sweep::Graph(1),
    ];

    /// The sweep named `s` (`rows`, `columns`, `rowsback`, `columnsback`, `graphK`,
    /// `weightedK`).
    pub fn parse(s: &str) -> Option<Sweep> {
        let s = s.to_ascii_lowercase();
        if let Some(k) = s.strip_prefix("graph") {
            return k.parse().ok().map(Sweep::Graph);
        }
        if let Some(k) = s.strip_prefix("weighted") {
            return k.parse().ok().map(Sweep::Weighted);
        }
        Sweep::GEOMETRIC
            .into_iter()
            .find(|w| format!("{w:?}").eq_ignore_ascii_case(&s))
    }
}

/// The spec's look-ahead window in the engine's problems (edges of degree propagation and
/// connectivity test after every decision; 0 = off). Off: a window of 32 cuts the widest
/// level 2-5 times on the hard CLLV instances, but each state costs more than the window
/// saves (`Hs_34_400_50_00_001`, layout sweep alone: 0.71 CPU s with it, 0.57 s without;
/// tools/README.md, issue 17); `prepare_with` and [`RaceSetup`] take any window.
pub const WINDOW: usize = 0;

/// The problem of `h` in the given sweep; with `deduce`, every candidate's bridge count is
/// first narrowed by [`probe::bounds`] (a candidate that can carry no bridge is left out,
/// a forced one becomes the spec's least multiplicity, a crossing with a dropped candidate
/// disappears). `None`: the deduction found a contradiction (no solution).
pub fn prepare(h: &Hashi, deduce: bool, sweep: Sweep) -> Option<Prepared> {
    prepare_with(h, deduce, sweep, WINDOW)
}

/// [`prepare`] with the spec's propagation window given (0: none).
pub fn prepare_with(h: &Hashi, deduce: bool, sweep: Sweep, window: usize) -> Option<Prepared> {
    prepare_ordered(h, deduce, window, |p| island_order(h, p, sweep))
}

/// [`prepare_with`] with the island order given by `order` (which sees the problem in island
/// numbering, after the deduction).
pub fn prepare_ordered(
    h: &Hashi,
    deduce: bool,
    window: usize,
    order: impl FnOnce(&ConnectedProblem) -> Vec<usize>,
) -> Option<Prepared> {
    Some(Deduced::new(h, deduce)?.prepare(h, window, order))
}

/// The candidate graph and every candidate's bridge bounds after the deduction: what all
/// sweeps of a race share (the probing costs up to 0.14 s at 400 islands, and the race used
/// to repeat it for each of its seven sweeps and again for the build after it).
#[derive(Clone, Debug)]
pub(super) struct Deduced {
    graph: BridgeGraph,
    bounds: Vec<(u8, u8)>,
}

impl Deduced {
    /// With `deduce`, [`probe::bounds`] narrows every candidate; without, each is `0..=2`.
    /// `None`: the deduction found a contradiction (no solution).
    pub fn new(h: &Hashi, deduce: bool) -> Option<Deduced> {
        let graph = BridgeGraph::new(h);
        let bounds = if deduce {
            probe::bounds(h, &graph)?
        } else {
            vec![(0, 2); graph.candidates.len()]
        };
        Some(Deduced { graph, bounds })
    }

    /// The problem in the island order `order` gives (it sees the problem in island
    /// numbering).
    pub fn prepare(
        &self,
        h: &Hashi,
        window: usize,
        order: impl FnOnce(&ConnectedProblem) -> Vec<usize>,
    ) -> Prepared {
        prepare_from(h, self.graph.clone(), &self.bounds, window, order)
    }
}

/// [`Deduced::prepare`] on its parts.
fn prepare_from(
    h: &Hashi,
    g: BridgeGraph,
    bounds: &[(u8, u8)],
    window: usize,
    order: impl FnOnce(&ConnectedProblem) -> Vec<usize>,
) -> Prepared {
    let m = g.candidates.len();
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
            .map(|isl| isl.clue.map_or(any, |d| 1 << d))
            .collect(),
        crossings: g
            .crossings
            .iter()
            .filter(|&&(a, b)| new_of[a] != usize::MAX && new_of[b] != usize::MAX)
            .map(|&(a, b)| (new_of[a], new_of[b]))
            .collect(),
        acyclic: false,
        window,
    };
    let order = order(&p);
    let local = edges_in_vertex_order(&p, &order);
    Prepared {
        problem: p.permuted(&local),
        perm: local.iter().map(|&i| kept[i]).collect(),
        graph: g,
        order,
    }
}

/// The islands in the order `sweep` visits them (`p`: the problem in island numbering).
pub(super) fn island_order(h: &Hashi, p: &ConnectedProblem, sweep: Sweep) -> Vec<usize> {
    let n = h.islands().len();
    let mut order: Vec<usize> = (0..n).collect(); // row-major, as the islands are listed
    match sweep {
        Sweep::Graph(seed) | Sweep::Weighted(seed) => {
            return vertex_order(
                p,
                &LayoutOptions {
                    seed: u64::from(seed),
                    weighted: matches!(sweep, Sweep::Weighted(_)),
                    ..LayoutOptions::default()
                },
            )
        }
        Sweep::Columns | Sweep::ColumnsBack => order.sort_by_key(|&i| {
            let c = h.islands()[i].coord;
            (c.col, c.row)
        }),
        Sweep::Rows | Sweep::RowsBack => {}
    }
    if matches!(sweep, Sweep::RowsBack | Sweep::ColumnsBack) {
        order.reverse();
    }
    order
}

/// Every solution of a Hashi as one diagram, with what decodes its members into bridges.
struct AllSolutions {
    zdd: Zdd,
    root: NodeId,
    /// The number of solutions (from the race's count).
    count: BigUint,
    /// Per variable, its edge (a candidate with room for two bridges has two variables).
    edge_of: Vec<usize>,
    /// Per edge of the problem's order, its candidate's islands.
    ends: Vec<(usize, usize)>,
}

impl AllSolutions {
    /// The race picks the sweep with the fewest states and counts; the build then reuses that
    /// sweep's prepared problem. `None` when there is no solution.
    fn build(h: &Hashi, opts: &SolveOptions) -> Result<Option<AllSolutions>, SolveError> {
        let (counted, winner) = race(h, true, &RaceSetup::default(), opts)?;
        let Some(Prepared {
            problem: q,
            perm,
            graph: g,
            ..
        }) = winner.filter(|_| counted.count > 0u32.into())
        else {
            return Ok(None);
        };
        let mut zdd = Zdd::new(q.num_vars() as u32);
        let built = build_family(&q, &mut zdd, &opts.limits)?;
        let mut edge_of = Vec::with_capacity(q.num_vars());
        for (e, &mx) in q.max.iter().enumerate() {
            edge_of.extend(std::iter::repeat_n(e, usize::from(mx)));
        }
        let ends = perm
            .iter()
            .map(|&c| (g.candidates[c].a, g.candidates[c].b))
            .collect();
        Ok(Some(AllSolutions {
            zdd,
            root: built.root,
            count: counted.count,
            edge_of,
            ends,
        }))
    }

    /// The bridges of one member (a set of variables).
    fn decode(&self, member: &[Var]) -> Bridges {
        let mut mult = vec![0u8; self.ends.len()];
        for &v in member {
            mult[self.edge_of[v as usize]] += 1;
        }
        let bridges = mult
            .iter()
            .zip(&self.ends)
            .filter(|(&k, _)| k > 0)
            .map(|(&k, &(a, b))| (a, b, k))
            .collect();
        Bridges::new(bridges)
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
        let all = AllSolutions::build(h, opts)?.ok_or(SolveError::Infeasible)?;
        // Only the first member is decoded: a CLLV instance may have 10^12 of them.
        let first = all
            .zdd
            .iter(all.root)
            .next()
            .ok_or(SolveError::Infeasible)?;
        Ok(Solved {
            solution: all.decode(&first),
            more: Some(all.count > 1u32.into()),
            stats: SolveStats::timed(started.elapsed().as_secs_f64()),
            note: None,
            stopped: None,
        })
    }

    fn samples(&self) -> bool {
        true
    }

    fn sample(
        &self,
        h: &Hashi,
        _: &(),
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<Bridges>, SolveError> {
        let started = Instant::now();
        let Some(all) = AllSolutions::build(h, opts)? else {
            return Ok(Sampled {
                solutions: Vec::new(),
                count: 0u32.into(),
                stats: SolveStats::timed(started.elapsed().as_secs_f64()),
            });
        };
        check_draws(&opts.limits, k, all.zdd.num_vars())?;
        let ranker = all.zdd.ranker(all.root);
        Ok(Sampled {
            solutions: ranker
                .draws(seed, k)
                .iter()
                .map(|m| all.decode(m))
                .collect(),
            count: ranker.count().clone(),
            stats: SolveStats::timed(started.elapsed().as_secs_f64()),
        })
    }

    fn count(&self, h: &Hashi, _: &(), opts: &SolveOptions) -> Result<Counted, SolveError> {
        count_with(h, true, opts)
    }
}
