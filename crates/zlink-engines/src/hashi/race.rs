//! The race of island sweeps that counts a Hashi ([`count_with`]): each sweep restarted with
//! a growing budget of distinct states, the budget going to the sweep whose predicted total
//! is least, and the counts of one sweep without the race (for measurements).
//!
//! Why a module: the prediction (a sweep's layout cost profile, the exponent fitted to its
//! runs) is its own piece of reasoning, apart from preparing the problem (`zdd`).

use std::time::Instant;

use zlink_frontier::run::{count_family, CountReport};
use zlink_frontier::specs::connected::layout::{step_costs, LayoutOptions};
use zlink_frontier::{Limits, RunError, Stopped};
use zlink_puzzle::{Counted, SolveError, SolveOptions, SolveStats};

use super::zdd::{island_order, prepare_with, Deduced, Prepared, Sweep, WINDOW};
use super::Hashi;

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

/// The engine's exact count of `h` with or without the deduction (see [`prepare`](super::zdd::prepare)); the
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
/// As [`ZddEngine`](super::ZddEngine)'s count: a budget (exit 3), a time limit or a spec error.
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

/// What the race knows of a sweep: not run yet, its last budget, the share of its profile
/// it reached and the exponent that fits its runs (`states ~ share^alpha`), or dropped out.
#[derive(Clone, Copy)]
enum Seen {
    New,
    Ran(u64, f64, f64),
    Out,
}

impl Seen {
    /// What the sweep learns from a run with `budget` that reached `share` of its profile: a
    /// sweep's states often grow faster than its profile says (most at the end), so the
    /// exponent is fitted to its last two runs, between 1 and [`MAX_ALPHA`].
    fn after(self, budget: u64, share: f64) -> Seen {
        let alpha = match self {
            Seen::Ran(b0, f0, _) if share > f0 => {
                ((budget as f64 / b0 as f64).ln() / (share / f0).ln()).clamp(1.0, MAX_ALPHA)
            }
            Seen::Ran(..) => MAX_ALPHA,
            _ => 1.0,
        };
        Seen::Ran(budget, share, alpha)
    }
}

/// The sweeps of one race, each prepared when its turn first comes.
struct Racers<'a> {
    h: &'a Hashi,
    deduced: Deduced,
    sweeps: Vec<(Sweep, usize)>,
    preps: Vec<Option<Prepared>>,
    opts: &'a SolveOptions,
    started: Instant,
}

impl Racers<'_> {
    /// One run of sweep `k` with `budget` states in round `round`.
    fn run(&mut self, k: usize, budget: u64, round: u64) -> Result<Run, SolveError> {
        let (sweep, window) = self.sweeps[k];
        self.opts.limits.check_time()?;
        let h = self.h;
        let pr = self.preps[k].get_or_insert_with(|| {
            self.deduced
                .prepare(h, window, |p| island_order(h, p, sweep))
        });
        let limits = Limits {
            max_nodes: Some(budget),
            ..self.opts.limits.clone()
        };
        match count_family(&pr.problem, &limits) {
            Ok(r) => {
                let extra = [("sweep", k as u64), ("race_rounds", round)];
                Ok(Run::Counted(counted(r, &extra, self.started)))
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
    }
}

/// The sweep to run next, its predicted total states and its last budget: a sweep that ran
/// is predicted from its runs; a new one counts as the rest of the first round (so a sweep
/// predicted to finish for less runs again at once). `None` when every sweep dropped out.
fn next_sweep(seen: &[Seen], first: u64) -> Option<(usize, f64, Option<u64>)> {
    let fresh = seen.iter().filter(|s| matches!(s, Seen::New)).count() as f64;
    (0..seen.len())
        .filter_map(|k| match seen[k] {
            Seen::New => Some((k, fresh * first as f64, None)),
            Seen::Ran(b, f, alpha) => Some((k, b as f64 / f.max(1e-9).powf(alpha), Some(b))),
            Seen::Out => None,
        })
        .min_by(|x, y| x.1.total_cmp(&y.1).then(x.0.cmp(&y.0)))
}

/// [`count_with`]'s race; also returns the winning sweep's prepared problem (`None` when the
/// deduction found a contradiction).
pub(super) fn race(
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
    let mut racers = Racers {
        h,
        deduced,
        sweeps,
        preps: vec![None; n],
        opts,
        started,
    };
    let first = setup.first_budget.max(1);
    if opening.is_some() {
        if let Run::Counted(c) = racers.run(n - 1, (first / OPENING_SHARE).max(1), 0)? {
            return Ok((c, racers.preps[n - 1].take()));
        }
    }
    let mut seen = vec![Seen::New; n - usize::from(opening.is_some())];
    let mut last_err = None;
    for round in 1u64.. {
        let Some((k, predicted, last)) = next_sweep(&seen, first) else {
            return Err(last_err.unwrap_or_else(|| SolveError::solver("no sweep")));
        };
        // four times its last budget, or up to twice its prediction (at most 16 times)
        let budget = last.map_or(first, |b| {
            let twice = (2.0 * predicted).min(16.0 * b as f64) as u64;
            b.saturating_mul(4).max(twice)
        });
        match racers.run(k, budget, round)? {
            Run::Counted(c) => return Ok((c, racers.preps[k].take())),
            Run::Reached(f) => seen[k] = seen[k].after(budget, f),
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
