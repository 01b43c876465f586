//! The minimum-clue engines: the hitting-set proof ([`HittingProof`]), row generation over
//! unavoidable sets ([`RowGeneration`], [`IpRowGeneration`]), which prove the minimum, and the
//! greedy minimal puzzle ([`Greedy`]). None counts: the answer is one clue set.
//!
//! Settings of `minclue` (`--set key=value`): `master=search|ip` (default search),
//! `seed_digits=K` (blank unions of up to K digits when seeding, default 3),
//! `seed_max_size=S` (largest seed set, default 12), `input_bound=on|off` (use a unique input
//! puzzle's clues as the upper bound, default on).

use std::io::IsTerminal;
use std::time::Instant;

use zlink_puzzle::{
    Counted, Engine, Grid, Limits, Settings, SettingsReader, SolveError, SolveOptions, SolveStats,
    Solved, StatsTable,
};

use super::{hitting, proof, search, ClueSet, MinimumClues};
use crate::mip;

/// The settings of the minimum search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinimumSettings {
    /// The master problem.
    pub master: search::Master,
    /// Blank unions of up to this many digits when seeding.
    pub seed_digits: Option<usize>,
    /// Largest seed set kept.
    pub seed_max_size: Option<usize>,
    /// Use a unique input puzzle's clues as the upper bound.
    pub input_bound: bool,
}

impl Settings for MinimumSettings {
    const KEYS: &'static [(&'static str, &'static str)] = &[
        ("master", "search|ip (default search)"),
        (
            "seed_digits",
            "K: blank unions of up to K digits when seeding (default 3)",
        ),
        ("seed_max_size", "S: largest seed set (default 12)"),
        (
            "input_bound",
            "on|off: the input puzzle's clues as the upper bound (default on)",
        ),
    ];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        let masters = [
            ("search", search::Master::Search),
            ("ip", search::Master::Ip),
        ];
        Ok(Self {
            master: r
                .choice("master", &masters)?
                .unwrap_or(search::Master::Search),
            seed_digits: r.number("seed_digits")?,
            seed_max_size: r.number("seed_max_size")?,
            input_bound: r.flag("input_bound")?.unwrap_or(true),
        })
    }
}

fn no_count(kind: &'static str) -> SolveError {
    SolveError::Unsupported {
        operation: "count",
        kind,
    }
}

/// Row generation with the master of `s`.
fn row_generation(
    p: &MinimumClues,
    s: &MinimumSettings,
    opts: &SolveOptions,
) -> Result<Solved<ClueSet>, SolveError> {
    let start = Instant::now();
    let mut o = search::MinimumOptions {
        limits: opts.limits.clone(),
        master: s.master,
        ..search::MinimumOptions::default()
    };
    if let Some(d) = s.seed_digits {
        o.seed_digits = d;
    }
    if let Some(m) = s.seed_max_size {
        o.seed_max_size = m;
    }
    let source = p.source();
    if s.input_bound {
        o.upper = p.given_clues();
    }
    let grid = p.grid(opts)?;
    let m = search::minimum(source.shape(), &grid, &o).map_err(mip::solve_error)?;
    let rows = m
        .iterations
        .iter()
        .map(|it| {
            vec![
                it.round as f64,
                it.lower_bound as f64,
                it.sets as f64,
                it.master_seconds,
                it.master_nodes as f64,
                it.check_seconds,
                it.checks as f64,
                it.added as f64,
            ]
        })
        .collect();
    let last = m.iterations.last().map_or(0, |it| it.sets);
    let stats = SolveStats {
        seconds: start.elapsed().as_secs_f64(),
        counters: vec![
            ("rounds", m.iterations.len() as u64),
            ("seeded_sets", m.seeded_sets as u64),
            ("seed_ms", (m.seed_seconds * 1000.0) as u64),
            ("unavoidable_sets", last.max(m.seeded_sets) as u64),
            ("checks", m.checks),
            (
                "master_nodes",
                m.iterations.iter().map(|i| i.master_nodes).sum(),
            ),
        ],
        rounds: Some(StatsTable {
            columns: vec![
                "round",
                "lower_bound",
                "sets",
                "master_seconds",
                "master_nodes",
                "check_seconds",
                "checks",
                "sets_added",
            ],
            rows,
        }),
    };
    let clues = search::clue_grid(&grid, &m.clues);
    let solution = ClueSet {
        grid,
        clues,
        proven_minimum: true,
        lower_bound: None,
    };
    Ok(Solved::new(solution, stats))
}

/// The proven minimum by row generation (either master).
#[derive(Debug, Clone, Copy)]
pub struct RowGeneration;

impl Engine<MinimumClues> for RowGeneration {
    type Settings = MinimumSettings;

    fn name(&self) -> &'static str {
        "rowgen"
    }

    fn summary(&self) -> &'static str {
        "row generation over unavoidable sets with a hitting-set master (--set master=search|ip)"
    }

    fn needs_mip(&self, s: &MinimumSettings) -> bool {
        s.master == search::Master::Ip
    }

    fn solve(
        &self,
        p: &MinimumClues,
        s: &MinimumSettings,
        opts: &SolveOptions,
    ) -> Result<Solved<ClueSet>, SolveError> {
        row_generation(p, s, opts)
    }

    fn count(
        &self,
        _: &MinimumClues,
        _: &MinimumSettings,
        _: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        Err(no_count("minclue"))
    }
}

/// A minimal (not minimum) puzzle by greedy clue removal: the engine the preset
/// `minclue-minimal` selects.
#[derive(Debug, Clone, Copy)]
pub struct Greedy;

impl Engine<MinimumClues> for Greedy {
    type Settings = ();

    fn name(&self) -> &'static str {
        "greedy"
    }

    fn summary(&self) -> &'static str {
        "drops clues one at a time while the grid stays unique"
    }

    fn solve(
        &self,
        p: &MinimumClues,
        _: &(),
        opts: &SolveOptions,
    ) -> Result<Solved<ClueSet>, SolveError> {
        let start = Instant::now();
        let grid = p.grid(opts)?;
        let shape = p.source().shape();
        let (keep, checks, note) = match p.given_clues() {
            Some(given) if p.givens_unique() => {
                let n = given.iter().filter(|&&g| g).count();
                let note = format!("a minimal subset of the {n} given clues");
                (search::minimal_within(shape, &grid, given), n, Some(note))
            }
            Some(_) => {
                let note = "the given clues do not make the solution unique: \
                            stripped from the whole of its first solution";
                (
                    search::minimal(shape, &grid),
                    grid.len(),
                    Some(note.to_string()),
                )
            }
            None => (search::minimal(shape, &grid), grid.len(), None),
        };
        let clues = search::clue_grid(&grid, &keep);
        let stats = SolveStats {
            seconds: start.elapsed().as_secs_f64(),
            counters: vec![("uniqueness_checks", checks as u64)],
            rounds: None,
        };
        let solution = ClueSet {
            grid,
            clues,
            proven_minimum: false,
            lower_bound: None,
        };
        let mut solved = Solved::new(solution, stats);
        solved.note = note;
        Ok(solved)
    }

    fn count(&self, _: &MinimumClues, _: &(), _: &SolveOptions) -> Result<Counted, SolveError> {
        Err(no_count("minclue"))
    }
}

/// The row generation with the HiGHS master (`--engine ip`), for cross-checking on small
/// grids.
#[derive(Debug, Clone, Copy)]
pub struct IpRowGeneration;

impl Engine<MinimumClues> for IpRowGeneration {
    type Settings = ();

    fn name(&self) -> &'static str {
        "ip"
    }

    fn summary(&self) -> &'static str {
        "row generation with a HiGHS hitting-set IP master (small grids)"
    }

    fn needs_mip(&self, _: &Self::Settings) -> bool {
        true
    }

    fn solve(
        &self,
        p: &MinimumClues,
        _: &(),
        opts: &SolveOptions,
    ) -> Result<Solved<ClueSet>, SolveError> {
        let s = MinimumSettings {
            master: search::Master::Ip,
            seed_digits: None,
            seed_max_size: None,
            input_bound: true,
        };
        row_generation(p, &s, opts)
    }

    fn count(&self, _: &MinimumClues, _: &(), _: &SolveOptions) -> Result<Counted, SolveError> {
        Err(no_count("minclue"))
    }
}

/// The settings of the hitting-set proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofSettings {
    /// Seed with digit sets of up to this many digits.
    pub digits: Option<usize>,
    /// Largest seed set.
    pub max_size: Option<usize>,
    /// Levels split into parallel tasks.
    pub split: Option<usize>,
    /// Use a unique input puzzle's clues as the upper bound.
    pub input_bound: bool,
    /// The order of the levels.
    pub order: Option<proof::Order>,
}

impl Settings for ProofSettings {
    const KEYS: &'static [(&'static str, &'static str)] = &[
        (
            "digits",
            "K: seed sets from sub-grids of up to K digits (default 5)",
        ),
        ("max_size", "S: largest seed set (default 12)"),
        ("split", "D: levels split into parallel tasks (default 3)"),
        (
            "input_bound",
            "on|off: the input puzzle's clues as the upper bound (default on)",
        ),
        (
            "order",
            "auto|up|down: clue counts searched from the lower bound up, or from the upper \
             bound down (auto, the default: down below a unique input puzzle, else up)",
        ),
    ];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        Ok(Self {
            digits: r.number("digits")?,
            max_size: r.number("max_size")?,
            split: r.number("split")?,
            input_bound: r.flag("input_bound")?.unwrap_or(true),
            order: r.choice(
                "order",
                &[
                    ("auto", proof::Order::Auto),
                    ("up", proof::Order::Up),
                    ("down", proof::Order::Down),
                ],
            )?,
        })
    }
}

/// The hitting-set proof ([`proof`]): `minclue`'s default engine.
#[derive(Debug, Clone, Copy)]
pub struct HittingProof;

impl Engine<MinimumClues> for HittingProof {
    type Settings = ProofSettings;

    fn name(&self) -> &'static str {
        "hitting"
    }

    fn summary(&self) -> &'static str {
        "hitting-set proof over all small unavoidable sets, parallel (McGuire-style checker)"
    }

    fn solve(
        &self,
        p: &MinimumClues,
        s: &ProofSettings,
        opts: &SolveOptions,
    ) -> Result<Solved<ClueSet>, SolveError> {
        let start = Instant::now();
        let o = proof_options(p, s, opts);
        let grid = p.grid(opts)?;
        let workers = o.limits.threads.unwrap_or_else(rayon::current_num_threads);
        let need = proof::working_set(grid.len(), workers);
        opts.limits.check_memory(
            need,
            &format!(
                "the hitting-set proof's structures ({workers} worker threads, up to {} known \
                 sets)",
                proof::MAX_SETS
            ),
        )?;
        let bar = std::io::stderr().is_terminal();
        let show = |k: usize, lower: usize, done: u64, total: u64| {
            eprint!(
                "\rminclue: lower bound {lower}, searching {k} clues: {done}/{total} branches   "
            );
        };
        let progress: Option<proof::ProgressFn<'_>> = if bar { Some(&show) } else { None };
        let r = proof::prove(p.source().shape(), &grid, &o, progress);
        if bar {
            eprintln!();
        }
        match r {
            Ok(pr) => {
                let stats = proof_stats(&pr, start);
                let keep = hitting::flags(pr.clues, grid.len());
                let clues = search::clue_grid(&grid, &keep);
                let solution = ClueSet {
                    grid,
                    clues,
                    proven_minimum: true,
                    lower_bound: None,
                };
                Ok(Solved::new(solution, stats))
            }
            Err(proof::ProofError::TimedOut { lower_bound, best }) => {
                Ok(stopped_proof(p, grid, lower_bound, &best, start, opts))
            }
            Err(e) => Err(proof_error(e, &o, opts)),
        }
    }

    fn count(
        &self,
        _: &MinimumClues,
        _: &ProofSettings,
        _: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        Err(no_count("minclue"))
    }
}

/// The proof's options from the engine's settings `s` and the run's `opts`.
fn proof_options(p: &MinimumClues, s: &ProofSettings, opts: &SolveOptions) -> proof::ProofOptions {
    let mut o = proof::ProofOptions {
        limits: Limits {
            threads: opts.limits.threads.map(|t| t.max(1)),
            ..opts.limits.clone()
        },
        ..proof::ProofOptions::default()
    };
    if let Some(d) = s.digits {
        o.max_digits = d;
    }
    if let Some(m) = s.max_size {
        o.max_size = m.min(128);
    }
    if let Some(d) = s.split {
        o.split_depth = d;
    }
    if let Some(order) = s.order {
        o.order = order;
    }
    if s.input_bound {
        o.upper = p.given_clues().map(|given| {
            let cells: Vec<usize> = (0..given.len().min(128)).filter(|&i| given[i]).collect();
            hitting::mask(&cells)
        });
    }
    o
}

/// The solve error of a proof that stopped (a time out only where no best puzzle is
/// wanted: [`HittingProof`] answers one with [`stopped_proof`]).
fn proof_error(e: proof::ProofError, o: &proof::ProofOptions, opts: &SolveOptions) -> SolveError {
    match e {
        proof::ProofError::TooLarge(c) => SolveError::solver(format!(
            "the hitting-set proof handles grids of at most 128 cells, not {c}"
        )),
        proof::ProofError::Threads(why) => SolveError::solver(why),
        proof::ProofError::Memory(used, budget) => {
            let what = format!(
                "the seed sets (sub-grids of up to {} digits, sets of up to {} cells)",
                o.max_digits, o.max_size
            );
            zlink_puzzle::Stopped::memory(used, budget, what)
                .noting("fewer digits or a smaller max_size need less")
                .into()
        }
        proof::ProofError::TimedOut { lower_bound, best } => {
            zlink_puzzle::Stopped::time(opts.limits.time_limit)
                .noting(format!(
                    "the minimum is proven in {lower_bound}..={}",
                    best.minimum
                ))
                .into()
        }
    }
}

/// The figures of a proof: totals, and a row per level.
fn proof_stats(pr: &proof::Proof, start: Instant) -> SolveStats {
    let search_ms: f64 = pr.levels.iter().map(|l| l.seconds * 1000.0).sum();
    SolveStats {
        seconds: start.elapsed().as_secs_f64(),
        counters: vec![
            ("minimum", pr.minimum as u64),
            ("candidates", pr.candidates()),
            ("sets_used", pr.sets_used() as u64),
            ("seed_sets", pr.seed_sets as u64),
            ("seed_ms", (pr.seed_seconds * 1000.0) as u64),
            ("upper_bound_ms", (pr.upper_seconds * 1000.0) as u64),
            ("search_ms", search_ms as u64),
            ("nodes", pr.levels.iter().map(|l| l.nodes).sum()),
        ],
        rounds: Some(StatsTable {
            columns: vec!["clues", "seconds", "nodes", "candidates", "sets", "found"],
            rows: pr
                .levels
                .iter()
                .map(|l| {
                    vec![
                        l.k as f64,
                        l.seconds,
                        l.nodes as f64,
                        l.candidates as f64,
                        l.sets as f64,
                        f64::from(u8::from(l.found)),
                    ]
                })
                .collect(),
        }),
    }
}

/// The answer of a proof the deadline stopped: its best unique clue set made minimal (a
/// given puzzle may not be), the bounds proven, the levels it finished, and the stop.
fn stopped_proof(
    p: &MinimumClues,
    grid: Grid<u8>,
    lower_bound: usize,
    best: &proof::Proof,
    start: Instant,
    opts: &SolveOptions,
) -> Solved<ClueSet> {
    let keep = hitting::flags(best.clues, grid.len());
    let keep = search::minimal_within(p.source().shape(), &grid, keep);
    let clues = search::clue_grid(&grid, &keep);
    let solution = ClueSet {
        grid,
        clues,
        proven_minimum: false,
        lower_bound: Some(lower_bound),
    };
    let upper_bound = solution.len();
    let mut stats = proof_stats(best, start);
    stats.counters.retain(|c| c.0 != "minimum");
    let bounds = [
        ("lower_bound", lower_bound as u64),
        ("upper_bound", upper_bound as u64),
    ];
    stats.counters.splice(0..0, bounds);
    let bounds = format!("the minimum is proven in {lower_bound}..={upper_bound}");
    Solved {
        note: Some(format!(
            "the time limit stopped the proof: {bounds}; the best puzzle found is shown"
        )),
        stopped: Some(zlink_puzzle::Stopped::time(opts.limits.time_limit).noting(bounds)),
        ..Solved::new(solution, stats)
    }
}
