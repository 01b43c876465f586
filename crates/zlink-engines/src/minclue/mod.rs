//! Minimum-clue Sudoku: given a full grid, the fewest clues that make it the unique solution
//! (report chapter 8). One kind, `minclue`, with four engines: `hitting` (default, [`proof`]):
//! the hitting-set proof over the grid's small unavoidable sets ([`subgrid`]), McGuire-style
//! and parallel; `ip`: row generation with a HiGHS master ([`search::minimum`]), for
//! cross-checks on small grids; `rowgen`: the same row generation with either master
//! (`--set master=search|ip`); and `greedy`, the fast minimal answer ([`search::minimal`]): a
//! unique puzzle none of whose clues can be dropped, not proven minimum. The name
//! `minclue-minimal` is a preset of the kind: `--kind minclue --engine greedy`.
//!
//! The input is a Sudoku file: a full grid, or a puzzle whose (first) solution is used as the
//! grid (a unique input puzzle's clues are the minimum search's starting upper bound). The
//! solution is the clue set; the checker confirms, with the backtracking counter and not the
//! search engines, that the clues belong to the grid and make it unique (and, for an answer
//! not proven minimum, that no clue can be dropped). That the minimum is minimum rests on the
//! search's exhaustiveness.
//!
//! The row generation of `ip` and `rowgen` reaches its sets of clues through one interface,
//! [`search::minimum`] over a [`search::Master`].
//!
//! **What is shared with Slitherlink's fewest hints** (`zlink_link::design::minimum`), and
//! why no more: both are implicit hitting-set searches (a clue set is good iff it hits every
//! unavoidable set; a solver hands back a set a candidate misses). The one step that is the
//! same in both, shrinking such a set to an inclusion-minimal one by a deletion filter over a
//! solver call, lives once in [`zlink_puzzle::unavoidable::shrink`]. The rest differs in what
//! it must deliver and what it costs: Slitherlink's asks for *every* minimum hint set (the
//! designer's family, a ZDD `Z_k` from which cuts remove members, picked by random walks so
//! the cuts spread), over any number of candidate cells, with a solver call of about a
//! millisecond and a few thousand cuts; here one unique set suffices, the grid has at most
//! 128 cells (a `u128`), a check takes microseconds and a proof meets millions of candidates,
//! so [`proof`] enumerates hitting sets depth-first with dead cells, packing bounds and
//! parallel tasks and learns a set *inside* the enumeration (the node continues, no restart
//! of a master). A generic "master proposes, oracle cuts" loop over both would be a dozen
//! lines of control flow that neither search runs as such (the proof never restarts, the ZDD
//! master never stops at the first good set), so it is not factored out.
//!
//! Settings of `hitting`: `digits=K` (sub-grids of up to K digits seed the sets, default 5),
//! `max_size=S` (largest seed set, default 12), `split=D` (levels split into parallel tasks,
//! default 3), `input_bound=on|off`, `order=auto|up|down` (levels from the packing bound up,
//! or down from a unique input puzzle's clue count; auto: down below such a puzzle). Settings of `rowgen`: `master=search|ip` (default
//! search), `seed_digits=K` (blank unions of up to K digits when seeding, default 3),
//! `seed_max_size=S` (largest seed set, default 12), `input_bound=on|off` (use a unique input
//! puzzle's clues as the upper bound, default on).

pub mod check;
pub mod hitting;
pub mod proof;
pub mod regions;
pub mod search;
pub mod subgrid;
pub mod unavoidable;

pub mod engine;

use zlink_puzzle::{Grid, Kind, ParseError, Puzzle, SolveError, SolveOptions, Violation};

use crate::sudoku::check::{count_backtracking, verify};
use crate::sudoku::{Sudoku, KIND as SUDOKU};
pub use engine::{Greedy, HittingProof, IpRowGeneration, MinimumSettings, RowGeneration};

/// A grid to find the fewest clues for: the input Sudoku, full or to be solved first.
#[derive(Debug, Clone)]
pub struct MinimumClues {
    source: Sudoku,
}

/// A clue set for a grid.
#[derive(Debug, Clone, PartialEq)]
pub struct ClueSet {
    /// The full grid.
    pub grid: Grid<u8>,
    /// The clues (grid values where kept, 0 elsewhere).
    pub clues: Grid<u8>,
    /// Whether the size was proven minimum.
    pub proven_minimum: bool,
    /// For a proof stopped by a limit: the lower bound it proved (the clues are then the
    /// best puzzle found, minimal, and their count the upper bound). `None` otherwise.
    pub lower_bound: Option<usize>,
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

/// The registry row of minimum-clue Sudoku: the proofs first (`hitting` the default), then
/// the greedy minimal puzzle, which the presets `minclue-minimal` and `minimal-puzzle` select.
pub static KIND: Kind<MinimumClues> = Kind::new(
    "minclue",
    &["min-clue", "minimum-clue-sudoku"],
    "minimum-clue Sudoku: fewest clues making a full grid unique, proven (or minimal: greedy)",
    "any Sudoku format (see `sudoku`): a full grid, or a puzzle whose first solution is used",
    &[&HittingProof, &IpRowGeneration, &RowGeneration, &Greedy],
)
.with_presets(&[("minclue-minimal", "greedy"), ("minimal-puzzle", "greedy")]);

impl MinimumClues {
    /// The input Sudoku.
    pub fn source(&self) -> &Sudoku {
        &self.source
    }

    /// The clues of a partial input as flags over the cells (`None` for a full grid): the
    /// set a run may stay inside (`input_bound`) or strip (`greedy`).
    fn given_clues(&self) -> Option<Vec<bool>> {
        let givens = self.source.givens();
        (self.source.clue_count() < givens.len())
            .then(|| givens.cells().iter().map(|&v| v != 0).collect())
    }

    /// Whether the input's clues have exactly one solution (a puzzle the greedy engine can
    /// strip).
    fn givens_unique(&self) -> bool {
        count_backtracking(self.source.shape(), self.source.givens(), 2).0 == 1
    }

    /// The grid to work on: the input if full, else its first solution.
    fn grid(&self, opts: &SolveOptions) -> Result<Grid<u8>, SolveError> {
        if self.source.clue_count() == self.source.givens().len() {
            Ok(self.source.givens().clone())
        } else {
            let plain = SolveOptions {
                settings: Vec::new(),
                ..opts.clone()
            };
            Ok(SUDOKU.solve(&self.source, None, &plain)?.solution)
        }
    }
}

impl Puzzle for MinimumClues {
    type Solution = ClueSet;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        Ok(Sudoku::parse(text, source)?
            .into_iter()
            .map(|(l, s)| (l, Self { source: s }))
            .collect())
    }

    fn contradiction(&self) -> Option<String> {
        self.source.contradiction()
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
        if !s.proven_minimum {
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
                let what = match (s.proven_minimum, s.lower_bound) {
                    (true, _) => "proven minimum".to_string(),
                    (false, Some(lower)) => format!(
                        "the best found when the limit stopped the proof: the minimum is \
                         proven in {lower}..={}",
                        s.len()
                    ),
                    (false, None) => "minimal, not proven minimum".to_string(),
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
            Some(s) => Sudoku::new(self.source.shape(), s.clues.clone()).render_svg(None),
        }
    }

    fn describe(&self) -> String {
        format!("minimum clue set for a {}", self.source.describe())
    }
}
