//! The minimum-clue engines: row generation over unavoidable sets ([`RowGeneration`], which
//! proves the minimum) and the greedy minimal puzzle ([`Greedy`]). Neither counts: the answer
//! is one clue set.
//!
//! Settings of `minclue` (`--set key=value`): `master=search|ip` (default search),
//! `seed_digits=K` (blank unions of up to K digits when seeding, default 3),
//! `seed_max_size=S` (largest seed set, default 12), `input_bound=on|off` (use a unique input
//! puzzle's clues as the upper bound, default on).

use std::time::Instant;

use zlink_grid::{
    Counted, Engine, Settings, SettingsReader, SolveError, SolveOptions, SolveStats, Solved,
    StatsTable,
};
use zlink_ip::Params;

use super::{search, ClueSet, MinimalClues, MinimumClues};
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

fn params(opts: &SolveOptions) -> Params {
    Params {
        threads: opts.threads,
        ..Params::default()
    }
}

fn no_count(kind: &'static str) -> SolveError {
    SolveError::Unsupported {
        operation: "count",
        kind,
    }
}

/// The proven minimum by row generation: `minclue`'s engine.
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

    fn solve(
        &self,
        p: &MinimumClues,
        s: &MinimumSettings,
        opts: &SolveOptions,
    ) -> Result<Solved<ClueSet>, SolveError> {
        let start = Instant::now();
        let mut o = search::MinimumOptions {
            time_limit: opts.time_limit,
            params: params(opts),
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
        if s.input_bound && source.clue_count() < source.givens().len() {
            o.upper = Some(source.givens().cells().iter().map(|&v| v != 0).collect());
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
        };
        Ok(Solved::new(solution, stats))
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

/// A minimal (not minimum) puzzle by greedy clue removal: `minclue-minimal`'s engine.
#[derive(Debug, Clone, Copy)]
pub struct Greedy;

impl Engine<MinimalClues> for Greedy {
    type Settings = ();

    fn name(&self) -> &'static str {
        "greedy"
    }

    fn summary(&self) -> &'static str {
        "drops clues one at a time while the grid stays unique"
    }

    fn solve(
        &self,
        p: &MinimalClues,
        _: &(),
        opts: &SolveOptions,
    ) -> Result<Solved<ClueSet>, SolveError> {
        let start = Instant::now();
        let grid = p.grid(opts)?;
        let keep = search::minimal(p.source().shape(), &grid);
        let clues = search::clue_grid(&grid, &keep);
        let stats = SolveStats {
            seconds: start.elapsed().as_secs_f64(),
            counters: vec![("uniqueness_checks", grid.len() as u64)],
            rounds: None,
        };
        let solution = ClueSet {
            grid,
            clues,
            proven_minimum: false,
        };
        Ok(Solved::new(solution, stats))
    }

    fn count(&self, _: &MinimalClues, _: &(), _: &SolveOptions) -> Result<Counted, SolveError> {
        Err(no_count("minclue-minimal"))
    }
}
