//! Sudoku by the exact engine ([`super::exact`]) as the default registry row of the kind:
//! `zlink solve|count --kind sudoku` (`--engine exact`); `--engine ip` selects the IP row.
//!
//! Why a wrapper type: the instance, formats, checker and renderings are [`Sudoku`]'s; only
//! solving and counting differ, and a registry row is one [`Puzzle`] type.

use std::time::{Duration, Instant};

use zlink_grid::puzzle::{Counted, Kind, SolveStats, Solved};
use zlink_grid::{Grid, ParseError, Puzzle, SolveError, SolveOptions, Violation};

use super::exact::{Enumeration, Exact};
use super::Sudoku;

/// A Sudoku solved and counted by the exact engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SudokuExact(pub Sudoku);

/// The registry row of the exact engine (listed first: the default engine).
pub static EXACT_KIND: Kind<SudokuExact> = Kind::new(
    "sudoku",
    &["sudoku-ip"],
    "Sudoku of size n = a·b (4, 6, 9, 16, 25): exact propagation + branching, counts exactly \
     (--engine ip for the set-partitioning IP)",
    super::FORMATS,
)
.with_engine("exact");

impl SudokuExact {
    /// Enumerate at most `limit` solutions under the options' time limit.
    fn enumerate(
        &self,
        limit: u64,
        opts: &SolveOptions,
        visit: &mut dyn FnMut(&[u8]),
    ) -> Result<(Enumeration, SolveStats), SolveError> {
        if let Some((k, _)) = opts.settings.first() {
            return Err(SolveError::BadSetting(format!(
                "sudoku (exact) has no setting `{k}`"
            )));
        }
        let start = Instant::now();
        let deadline = opts
            .time_limit
            .map(|t| start + Duration::from_secs_f64(t.max(0.0)));
        let e = Exact::new(self.0.shape())
            .enumerate(self.0.givens().cells(), limit, deadline, visit)
            .map_err(|_| SolveError::TimeLimit {
                seconds: opts.time_limit.unwrap_or(0.0),
            })?;
        let stats = SolveStats {
            seconds: start.elapsed().as_secs_f64(),
            counters: vec![("nodes", e.nodes)],
            rounds: None,
        };
        Ok((e, stats))
    }
}

impl Puzzle for SudokuExact {
    type Solution = Grid<u8>;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        Ok(Sudoku::parse(text, source)?
            .into_iter()
            .map(|(line, s)| (line, Self(s)))
            .collect())
    }

    fn solve(&self, opts: &SolveOptions) -> Result<Solved<Grid<u8>>, SolveError> {
        let n = self.0.shape().n;
        let mut first = None;
        let (_, stats) = self.enumerate(1, opts, &mut |g| {
            first = Grid::from_cells(n, n, g.to_vec());
        })?;
        first
            .map(|solution| Solved { solution, stats })
            .ok_or(SolveError::Infeasible)
    }

    fn count(&self, limit: u64, opts: &SolveOptions) -> Result<Counted, SolveError> {
        let (e, stats) = self.enumerate(limit, opts, &mut |_| {})?;
        Ok(Counted {
            count: e.count,
            limit_reached: e.limit_reached,
            stats,
        })
    }

    fn verify(&self, solution: &Grid<u8>) -> Result<(), Violation> {
        self.0.verify(solution)
    }

    fn render_text(&self, solution: Option<&Grid<u8>>) -> String {
        self.0.render_text(solution)
    }

    fn render_line(&self, solution: Option<&Grid<u8>>) -> String {
        self.0.render_line(solution)
    }

    fn render_svg(&self, solution: Option<&Grid<u8>>) -> String {
        self.0.render_svg(solution)
    }

    fn describe(&self) -> String {
        self.0.describe()
    }
}
