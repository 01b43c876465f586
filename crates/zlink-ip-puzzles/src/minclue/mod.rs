//! Minimum-clue Sudoku: given a full grid, the fewest clues that make it the unique solution
//! (report chapter 8), proven by row generation over unavoidable sets ([`search::minimum`]);
//! and the fast minimal mode ([`search::minimal`]): a unique puzzle none of whose clues can be
//! dropped.
//!
//! Both are registered puzzle kinds (`minclue`, `minclue-minimal`) whose input is a Sudoku
//! file: a full grid, or a puzzle whose (first) solution is used as the grid (a unique input
//! puzzle's clues are the minimum search's starting upper bound). Their solution is the clue
//! set; the checker confirms, with the backtracking counter and not the search engines, that
//! the clues belong to the grid and make it unique (and, in minimal mode, that no clue can be
//! dropped). That the minimum is minimum rests on the master's exhaustiveness.
//!
//! Settings of `minclue` (`--set key=value`): `master=search|ip` (default search),
//! `seed_digits=K` (blank unions of up to K digits when seeding, default 3),
//! `seed_max_size=S` (largest seed set, default 12), `input_bound=on|off` (use a unique input
//! puzzle's clues as the upper bound, default on).

pub mod check;
pub mod hitting;
pub mod regions;
pub mod search;
pub mod unavoidable;

use std::time::Instant;

use zlink_grid::puzzle::{Counted, Kind, Puzzle, SolveOptions, SolveStats, Solved, StatsTable};
use zlink_grid::{Grid, ParseError, SolveError, Violation};
use zlink_ip::Params;

use crate::engine;
use crate::sudoku::check::{count_backtracking, verify};
use crate::sudoku::{Sudoku, SudokuExact};

/// A grid to find a minimum (`PROVE = true`) or minimal (`PROVE = false`) clue set for.
#[derive(Debug, Clone)]
pub struct MinClue<const PROVE: bool> {
    source: Sudoku,
}

/// The proven-minimum kind.
pub type MinimumClues = MinClue<true>;
/// The greedy minimal kind.
pub type MinimalClues = MinClue<false>;

/// A clue set for a grid.
#[derive(Debug, Clone, PartialEq)]
pub struct ClueSet {
    /// The full grid.
    pub grid: Grid<u8>,
    /// The clues (grid values where kept, 0 elsewhere).
    pub clues: Grid<u8>,
    /// Whether the size was proven minimum.
    pub proven_minimum: bool,
}

impl ClueSet {
    /// Number of clues.
    pub fn len(&self) -> usize {
        self.clues.cells().iter().filter(|&&v| v != 0).count()
    }
    /// Whether there are no clues.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Registry row of the proven minimum.
pub static MINIMUM_KIND: Kind<MinimumClues> = Kind::new(
    "minclue",
    &["min-clue", "minimum-clue-sudoku"],
    "minimum-clue Sudoku: fewest clues making a full grid unique, proven by row generation \
     (--set master=search|ip)",
    "any Sudoku format (see `sudoku`): a full grid, or a puzzle whose first solution is used",
);

/// Registry row of the greedy minimal mode.
pub static MINIMAL_KIND: Kind<MinimalClues> = Kind::new(
    "minclue-minimal",
    &["minimal-puzzle"],
    "minimal Sudoku puzzle for a full grid: unique, no clue removable (greedy, not minimum)",
    "any Sudoku format (see `sudoku`): a full grid, or a puzzle whose first solution is used",
);

impl<const PROVE: bool> MinClue<PROVE> {
    /// The grid to work on: the input if full, else its first solution.
    fn grid(&self, opts: &SolveOptions) -> Result<Grid<u8>, SolveError> {
        if self.source.clue_count() == self.source.givens().len() {
            Ok(self.source.givens().clone())
        } else {
            let plain = SolveOptions {
                settings: Vec::new(),
                ..opts.clone()
            };
            Ok(SudokuExact(self.source.clone()).solve(&plain)?.solution)
        }
    }

    /// The minimum search's options from the kind-specific settings.
    fn options(&self, opts: &SolveOptions) -> Result<search::MinimumOptions, SolveError> {
        let mut o = search::MinimumOptions {
            time_limit: opts.time_limit,
            params: params(opts),
            ..search::MinimumOptions::default()
        };
        let mut input_bound = true;
        let number = |k: &str, v: &str| {
            v.parse::<usize>()
                .map_err(|_| SolveError::BadSetting(format!("{k} must be a number, found `{v}`")))
        };
        for (k, v) in &opts.settings {
            match (k.as_str(), v.as_str()) {
                ("master", "search") => o.master = search::Master::Search,
                ("master", "ip") => o.master = search::Master::Ip,
                ("seed_digits", _) => o.seed_digits = number(k, v)?,
                ("seed_max_size", _) => o.seed_max_size = number(k, v)?,
                ("input_bound", "on" | "yes" | "true") => input_bound = true,
                ("input_bound", "off" | "no" | "false") => input_bound = false,
                ("master" | "input_bound", _) => {
                    return Err(SolveError::BadSetting(format!(
                        "{k} cannot be `{v}` (master=search|ip, input_bound=on|off)"
                    )))
                }
                _ => {
                    return Err(SolveError::BadSetting(format!(
                        "minclue has no setting `{k}` (known: master, seed_digits, \
                         seed_max_size, input_bound)"
                    )))
                }
            }
        }
        if input_bound && self.source.clue_count() < self.source.givens().len() {
            o.upper = Some(
                self.source
                    .givens()
                    .cells()
                    .iter()
                    .map(|&v| v != 0)
                    .collect(),
            );
        }
        Ok(o)
    }

    fn kind_name() -> &'static str {
        if PROVE {
            "minclue"
        } else {
            "minclue-minimal"
        }
    }
}

fn params(opts: &SolveOptions) -> Params {
    Params {
        threads: opts.threads,
        ..Params::default()
    }
}

impl<const PROVE: bool> Puzzle for MinClue<PROVE> {
    type Solution = ClueSet;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        Ok(Sudoku::parse(text, source)?
            .into_iter()
            .map(|(l, s)| (l, Self { source: s }))
            .collect())
    }

    fn solve(&self, opts: &SolveOptions) -> Result<Solved<ClueSet>, SolveError> {
        let start = Instant::now();
        if !PROVE {
            if let Some((k, _)) = opts.settings.first() {
                return Err(SolveError::BadSetting(format!(
                    "minclue-minimal has no setting `{k}`"
                )));
            }
        }
        let o = if PROVE {
            Some(self.options(opts)?)
        } else {
            None
        };
        let grid = self.grid(opts)?;
        let shape = self.source.shape();
        if let Some(o) = o {
            let m = search::minimum(shape, &grid, &o).map_err(engine::solve_error)?;
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
            Ok(Solved {
                solution: ClueSet {
                    grid,
                    clues,
                    proven_minimum: true,
                },
                stats,
            })
        } else {
            let keep = search::minimal(shape, &grid);
            let clues = search::clue_grid(&grid, &keep);
            let stats = SolveStats {
                seconds: start.elapsed().as_secs_f64(),
                counters: vec![("uniqueness_checks", grid.len() as u64)],
                rounds: None,
            };
            Ok(Solved {
                solution: ClueSet {
                    grid,
                    clues,
                    proven_minimum: false,
                },
                stats,
            })
        }
    }

    fn count(&self, _: u64, _: &SolveOptions) -> Result<Counted, SolveError> {
        Err(SolveError::Unsupported {
            operation: "count",
            kind: Self::kind_name(),
        })
    }

    fn verify(&self, s: &ClueSet) -> Result<(), Violation> {
        let shape = self.source.shape();
        verify(shape, self.source.givens(), &s.grid)?;
        for ((p, &c), &g) in s.clues.iter().zip(s.grid.cells()) {
            if c != 0 && c != g {
                return Err(Violation::new(format!(
                    "clue {c} at {p} is not the grid's {g}"
                )));
            }
        }
        let (count, first) = count_backtracking(shape, &s.clues, 2);
        if count != 1 || first.as_ref() != Some(&s.grid) {
            return Err(Violation::new(format!(
                "the {} clues have {count}+ solutions",
                s.len()
            )));
        }
        if !PROVE {
            for i in 0..s.clues.len() {
                if s.clues.cells()[i] != 0 {
                    let mut fewer = s.clues.clone();
                    fewer.cells_mut()[i] = 0;
                    if count_backtracking(shape, &fewer, 2).0 == 1 {
                        let p = fewer.coord_of(i);
                        return Err(Violation::new(format!("the clue at {p} can be dropped")));
                    }
                }
            }
        }
        Ok(())
    }

    fn render_text(&self, s: Option<&ClueSet>) -> String {
        match s {
            None => self.source.render_text(None),
            Some(s) => {
                let what = if s.proven_minimum {
                    "proven minimum"
                } else {
                    "minimal, not proven minimum"
                };
                format!(
                    "{}{} clues ({what})\n",
                    self.source.render_text(Some(&s.clues)),
                    s.len()
                )
            }
        }
    }

    fn render_line(&self, s: Option<&ClueSet>) -> String {
        self.source.render_line(s.map(|s| &s.clues))
    }

    fn render_svg(&self, s: Option<&ClueSet>) -> String {
        match s {
            None => self.source.render_svg(None),
            Some(s) => {
                let p = Sudoku::new(self.source.shape(), s.clues.clone())
                    .expect("clues of a valid grid");
                p.render_svg(None)
            }
        }
    }

    fn describe(&self) -> String {
        format!(
            "{} clue set for a {}",
            if PROVE { "minimum" } else { "minimal" },
            self.source.describe()
        )
    }
}
