//! Slitherlink by the ZDD engine (`zlink-link`, the ZDD paper's Algorithm 5) as a second
//! registry row of the same kind: `zlink solve|count --kind slitherlink --engine zdd`.
//!
//! Why here: the instance type, formats, checker and renderings are the IP module's; only
//! solving and counting differ. The ZDD engine counts *all* solutions exactly (no limit needed)
//! and is the oracle the IP engine's counts are compared with.

use super::{render, verify, Loop, Slitherlink};
use num_bigint::BigUint;
use std::time::Instant;
use zlink_frontier::Options;
use zlink_grid::puzzle::{Kind, SolveStats};
use zlink_grid::{Counted, ParseError, Puzzle, SolveError, SolveOptions, Solved, Violation};
use zlink_link::slitherlink::SlitherZdd;

/// A Slitherlink instance solved by the ZDD engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlitherlinkZdd(pub Slitherlink);

/// The registry row of the Slitherlink ZDD engine (listed first: the default engine).
pub static SLITHERLINK_ZDD: Kind<SlitherlinkZdd> = Kind::new(
    "slitherlink",
    &["slither"],
    "Slitherlink by the ZDD engine: all solutions, counted exactly (--engine ip for the IP)",
    "puzz.link slither URLs, Tatham Loopy square ids (t0), Janko blocks, plain grids (. 0-4) \
     (one id or URL per line allowed)",
)
.with_engine("zdd");

fn engine(p: &Slitherlink, opts: &SolveOptions) -> Result<SlitherZdd, SolveError> {
    if let Some((k, _)) = opts.settings.first() {
        return Err(SolveError::BadSetting(format!(
            "slitherlink (zdd) has no setting `{k}`"
        )));
    }
    SlitherZdd::new(p.clues()).map_err(|e| SolveError::Solver(e.to_string()))
}

fn stats(started: Instant) -> SolveStats {
    SolveStats {
        seconds: started.elapsed().as_secs_f64(),
        ..SolveStats::default()
    }
}

impl Puzzle for SlitherlinkZdd {
    type Solution = Loop;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        Ok(Slitherlink::parse(text, source)?
            .into_iter()
            .map(|(line, p)| (line, SlitherlinkZdd(p)))
            .collect())
    }

    fn solve(&self, opts: &SolveOptions) -> Result<Solved<Loop>, SolveError> {
        let started = Instant::now();
        let zdd = engine(&self.0, opts)?;
        let mut first = zdd
            .solutions(1, &Options::default())
            .map_err(|e| SolveError::Budget(e.to_string()))?;
        match first.pop() {
            Some(edges) => Ok(Solved {
                solution: edges,
                stats: stats(started),
            }),
            None => Err(SolveError::Infeasible),
        }
    }

    fn count(&self, limit: u64, opts: &SolveOptions) -> Result<Counted, SolveError> {
        let started = Instant::now();
        let exact = engine(&self.0, opts)?
            .count(&Options::default())
            .map_err(|e| SolveError::Budget(e.to_string()))?;
        let limit_reached = exact > BigUint::from(limit);
        let count = if limit_reached {
            limit
        } else {
            u64::try_from(&exact).unwrap_or(limit)
        };
        Ok(Counted {
            count,
            limit_reached,
            stats: stats(started),
        })
    }

    fn verify(&self, solution: &Loop) -> Result<(), Violation> {
        verify::verify(&self.0, solution)
    }

    fn render_text(&self, solution: Option<&Loop>) -> String {
        match solution {
            Some(l) => render::text(&self.0, Some(l)),
            None => render::plain(&self.0),
        }
    }

    fn render_svg(&self, solution: Option<&Loop>) -> String {
        render::svg(&self.0, solution)
    }

    fn describe(&self) -> String {
        self.0.describe()
    }
}
