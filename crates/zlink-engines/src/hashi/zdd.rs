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

use zlink_frontier::run::CountReport;
use zlink_frontier::run::{build_family, count_family};
use zlink_frontier::specs::connected::layout::{
    edges_in_vertex_order, step_costs, vertex_order, LayoutOptions,
};
use zlink_frontier::specs::connected::ConnectedProblem;
use zlink_frontier::{Limits, RunError, Stopped, Vertex};
use zlink_puzzle::{
    check_draws, BigUint, Counted, Engine, Sampled, SolveError, SolveOptions, SolveStats, Solved,
};
use zlink_zdd::{NodeId, Var, Zdd};

use super::graph::BridgeGraph;
use super::probe;
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
pub struct Deduced {
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
fn island_order(h: &Hashi, p: &ConnectedProblem, sweep: Sweep) -> Vec<usize> {
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

/// First budget of distinct states per sweep in [`count_with`]'s race.
const FIRST_ROUND_STATES: u64 = 100_000;

/// Largest exponent of a sweep's fitted growth in the race (`states ~ share^alpha`).
const MAX_ALPHA: f64 = 10.0;

/// The opening's budget is the first round's divided by this (20 000 states in the engine).
const OPENING_SHARE: u64 = 5;

/// What [`count_with`] races: the sweeps, each with the spec's look-ahead window (in the
/// order the first round tries them), the first round's budget and an opening sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceSetup {
    /// The sweeps and their windows (see [`WINDOW`]), in the first round's order.
    pub sweeps: Vec<(Sweep, usize)>,
    /// Distinct states of a sweep's first run.
    pub first_budget: u64,
    /// A sweep (with its window) tried alone before the race with a fifth of the first
    /// budget: rows in the engine, which counts a Janko Hashi (all of its candidates fixed
    /// by the deduction) at once, without the island-graph layout that is most of the time
    /// of a small instance.
    pub opening: Option<(Sweep, usize)>,
}

impl RaceSetup {
    /// `sweeps`, each with `window`, the engine's first budget and no opening.
    pub fn uniform(sweeps: &[Sweep], window: usize) -> RaceSetup {
        RaceSetup {
            sweeps: sweeps.iter().map(|&s| (s, window)).collect(),
            first_budget: FIRST_ROUND_STATES,
            opening: None,
        }
    }
}

impl Default for RaceSetup {
    /// The engine's setup: [`Sweep::ALL`] with [`WINDOW`], 100 000 states first, rows as the
    /// opening.
    fn default() -> Self {
        RaceSetup {
            opening: Some((Sweep::Rows, WINDOW)),
            ..RaceSetup::uniform(&Sweep::ALL, WINDOW)
        }
    }
}

/// The engine's exact count of `h` with or without the deduction (see [`prepare`]); the
/// engine counts with it. A contradiction found by the deduction is a count of 0.
///
/// The sweeps of [`RaceSetup::default`] race after the opening, each run restarted with a
/// budget of distinct states, and the first to finish gives the count. Which sweep runs next
/// is decided by prediction: a run that ran out of budget reached some share of its sweep's
/// predicted states (the layout cost profile of its order, `layout::step_costs`, up to the
/// level it reached), so `budget / share^alpha` predicts its total (`alpha` fitted to its
/// last two runs, 1 at first: the profile often underrates the end of a sweep). The sweep
/// with the least prediction runs again with four times its last budget or up to twice its
/// prediction; a sweep not yet run counts as the rest of the first round (100 000 states
/// per new sweep), so the first round stops as soon as one sweep promises to finish for
/// less. A sweep is prepared (its order laid out) only when its turn first comes. A sweep
/// that exceeds the memory budget drops out; the run fails only when all have (or on the
/// time limit, which covers the whole race). The stats say which sweep counted (`sweep`,
/// the index in the setup's list, the list's length for the opening) and in which run
/// (`race_rounds`: 0 for the opening, then 1, 2, ... per budgeted run).
///
/// # Errors
/// As [`ZddEngine`]'s count: a budget (exit 3), a time limit or a spec error.
pub fn count_with(h: &Hashi, deduce: bool, opts: &SolveOptions) -> Result<Counted, SolveError> {
    race(h, deduce, &RaceSetup::default(), opts).map(|(c, _)| c)
}

/// [`count_with`] with the race's setup given (measurements compare setups; tests force many
/// rounds and sweep changes with a tiny first budget).
///
/// # Errors
/// As [`count_with`].
pub fn count_raced(
    h: &Hashi,
    deduce: bool,
    setup: &RaceSetup,
    opts: &SolveOptions,
) -> Result<Counted, SolveError> {
    race(h, deduce, setup, opts).map(|(c, _)| c)
}

/// Per level of `pr`'s problem, the share of the sweep's predicted states (the layout's cost
/// profile, [`step_costs`]) that lies at or before the level's sweep step.
fn level_shares(pr: &Prepared) -> Vec<f64> {
    let p = &pr.problem;
    let terms = step_costs(p, &pr.order, LayoutOptions::default().flag_weight);
    let mut pos = vec![0usize; p.n];
    for (i, &v) in pr.order.iter().enumerate() {
        pos[v] = i;
    }
    let mut cum = Vec::with_capacity(terms.len());
    let mut acc = 0.0;
    for t in &terms {
        acc += t;
        cum.push(acc);
    }
    let total = acc.max(f64::MIN_POSITIVE);
    let mut shares = Vec::with_capacity(p.num_vars());
    for (&(a, b), &mx) in p.edges.iter().zip(&p.max) {
        let step = pos[a as usize].min(pos[b as usize]);
        let share = cum.get(step).map_or(1.0, |c| c / total);
        shares.extend(std::iter::repeat_n(share, usize::from(mx)));
    }
    shares
}

/// How one budgeted run of a sweep ended.
enum Run {
    Counted(Counted),
    /// Out of its state budget at this fraction of its levels.
    Reached(f64),
    /// Dropped out (memory budget, spec error).
    Out(SolveError),
}

/// [`count_with`]'s race; also returns the winning sweep's prepared problem (`None` when the
/// deduction found a contradiction).
fn race(
    h: &Hashi,
    deduce: bool,
    setup: &RaceSetup,
    opts: &SolveOptions,
) -> Result<(Counted, Option<Prepared>), SolveError> {
    let started = Instant::now();
    let mut sweeps = setup.sweeps.clone();
    if sweeps.is_empty() {
        return Err(SolveError::solver("no sweep to race"));
    }
    let opening = setup.opening;
    sweeps.extend(opening);
    let n = sweeps.len();
    let Some(deduced) = Deduced::new(h, deduce) else {
        let none = Counted::exact(0u32, SolveStats::timed(started.elapsed().as_secs_f64()));
        return Ok((none, None));
    };
    let mut preps: Vec<Option<Prepared>> = vec![None; n];
    // One run of sweep `k` with `budget` states in round `round`.
    let mut run = |k: usize, budget: u64, round: u64| -> Result<Run, SolveError> {
        let (sweep, window) = sweeps[k];
        opts.limits.check_time()?;
        let pr = preps[k]
            .get_or_insert_with(|| deduced.prepare(h, window, |p| island_order(h, p, sweep)));
        let limits = Limits {
            max_nodes: Some(budget),
            ..opts.limits.clone()
        };
        match count_family(&pr.problem, &limits) {
            Ok(r) => {
                let extra = [("sweep", k as u64), ("race_rounds", round)];
                Ok(Run::Counted(counted(r, &extra, started)))
            }
            Err(RunError::Stopped(s)) if s.is_time() => Err(s.into()),
            Err(RunError::Stopped(Stopped::Budget {
                resource: zlink_base::Resource::Nodes,
                at: Some(at),
                ..
            })) => {
                let shares = level_shares(pr);
                Ok(Run::Reached(
                    shares.get(at.step as usize).copied().unwrap_or(1.0),
                ))
            }
            Err(e) => Ok(Run::Out(e.into())),
        }
    };
    let first = setup.first_budget.max(1);
    if opening.is_some() {
        if let Run::Counted(c) = run(n - 1, (first / OPENING_SHARE).max(1), 0)? {
            return Ok((c, preps[n - 1].take()));
        }
    }
    let racing = n - usize::from(opening.is_some());
    // Per sweep: not run yet, its last budget, the share of its profile it reached and the
    // exponent that fits its runs (states ~ share^alpha), or dropped out.
    #[derive(Clone, Copy)]
    enum Seen {
        New,
        Ran(u64, f64, f64),
        Out,
    }
    let mut seen = vec![Seen::New; racing];
    let mut last_err = None;
    for round in 1u64.. {
        // A sweep that ran: its predicted total states. A new one: what the rest of the
        // first round costs (so a sweep predicted to finish for less runs again at once).
        let fresh = seen.iter().filter(|s| matches!(s, Seen::New)).count() as f64;
        let best = (0..racing)
            .filter_map(|k| match seen[k] {
                Seen::New => Some((k, fresh * first as f64, None)),
                Seen::Ran(b, f, alpha) => Some((k, b as f64 / f.max(1e-9).powf(alpha), Some(b))),
                Seen::Out => None,
            })
            .min_by(|x, y| x.1.total_cmp(&y.1).then(x.0.cmp(&y.0)));
        let Some((k, predicted, last)) = best else {
            return Err(last_err.unwrap_or_else(|| SolveError::solver("no sweep")));
        };
        // four times its last budget, or up to twice its prediction (at most 16 times)
        let budget = last.map_or(first, |b| {
            let twice = (2.0 * predicted).min(16.0 * b as f64) as u64;
            b.saturating_mul(4).max(twice)
        });
        match run(k, budget, round)? {
            Run::Counted(c) => return Ok((c, preps[k].take())),
            Run::Reached(f) => {
                // A sweep's states often grow faster than its profile says (most at the
                // end): fit the exponent to its last two runs, between 1 and MAX_ALPHA.
                let alpha = match seen[k] {
                    Seen::Ran(b0, f0, _) if f > f0 => {
                        ((budget as f64 / b0 as f64).ln() / (f / f0).ln()).clamp(1.0, MAX_ALPHA)
                    }
                    Seen::Ran(..) => MAX_ALPHA,
                    _ => 1.0,
                };
                seen[k] = Seen::Ran(budget, f, alpha);
            }
            Run::Out(e) => {
                seen[k] = Seen::Out;
                last_err = Some(e);
            }
        }
    }
    unreachable!("the race ends in a count or an error")
}

/// The count in one sweep, without the race (for measurements).
///
/// # Errors
/// As [`count_with`].
pub fn count_in(
    h: &Hashi,
    deduce: bool,
    sweep: Sweep,
    opts: &SolveOptions,
) -> Result<Counted, SolveError> {
    count_in_with(h, deduce, sweep, WINDOW, opts)
}

/// [`count_in`] with the spec's propagation window given (0: none).
///
/// # Errors
/// As [`count_with`].
pub fn count_in_with(
    h: &Hashi,
    deduce: bool,
    sweep: Sweep,
    window: usize,
    opts: &SolveOptions,
) -> Result<Counted, SolveError> {
    let started = Instant::now();
    match prepare_with(h, deduce, sweep, window) {
        Some(pr) => Ok(counted(
            count_family(&pr.problem, &opts.limits)?,
            &[],
            started,
        )),
        None => Ok(Counted::exact(0u32, SolveStats::timed(0.0))),
    }
}

/// The exact count of a report, with its figures (`states`, `max_level_states`,
/// `state_fields`, then `extra`) and states per level, timed from `started`.
fn counted(r: CountReport, extra: &[(&'static str, u64)], started: Instant) -> Counted {
    let mut figures = vec![
        ("states", r.total_states),
        ("max_level_states", r.max_level_states as u64),
        ("state_fields", r.width as u64),
    ];
    figures.extend_from_slice(extra);
    let stats = SolveStats::of_levels(started.elapsed().as_secs_f64(), figures, &r.level_states);
    Counted::exact(r.count, stats)
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
