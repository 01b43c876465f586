//! The one puzzle trait every puzzle kind implements, its object-safe façade, and the registry
//! row type the CLI dispatches on.
//!
//! A puzzle kind writes one typed [`Puzzle`] implementation (parse, solve, count, verify, render)
//! and one `static` [`Kind`] row. The blanket [`Instance`] implementation for [`Labeled<P>`]
//! erases the solution type, so the CLI handles `Box<dyn Instance>` without knowing the puzzle,
//! and every solution it hands out has passed the puzzle's independent checker.

use std::any::Any;
use std::fmt::Debug;
use std::marker::PhantomData;

use crate::{ParseError, SolveError, Violation};

/// Knobs every solver understands (engines ignore what they have no use for).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SolveOptions {
    /// Wall-clock limit per solver call, in seconds.
    pub time_limit: Option<f64>,
    /// Solver threads (`None` = solver default).
    pub threads: Option<u32>,
    /// Relative MIP gap at which an optimisation may stop (`None` = solver default).
    pub mip_gap: Option<f64>,
}

/// A table of per-round figures (for cut loops: round, seconds, nodes, iterations, cuts).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StatsTable {
    /// Column names.
    pub columns: Vec<&'static str>,
    /// One row per round, one value per column.
    pub rows: Vec<Vec<f64>>,
}

/// What a solve or count cost.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SolveStats {
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Named totals (`solver_calls`, `nodes`, `iterations`, `cuts`, …) in a stable order.
    pub counters: Vec<(&'static str, u64)>,
    /// Per-round figures when the engine iterates (cut loops, row generation).
    pub rounds: Option<StatsTable>,
}

impl SolveStats {
    /// The counter called `name`, if recorded.
    pub fn counter(&self, name: &str) -> Option<u64> {
        self.counters
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, v)| v)
    }
}

/// A solution and what it cost.
#[derive(Debug, Clone)]
pub struct Solved<S> {
    /// The solution.
    pub solution: S,
    /// Cost of finding it.
    pub stats: SolveStats,
}

/// The result of counting solutions up to a limit.
#[derive(Debug, Clone, PartialEq)]
pub struct Counted {
    /// Solutions found (exact when `limit_reached` is false).
    pub count: u64,
    /// The count stopped at the limit: the true count is at least `count`.
    pub limit_reached: bool,
    /// Cost of counting.
    pub stats: SolveStats,
}

/// A puzzle instance with a typed solution: implement this once per puzzle kind.
pub trait Puzzle: Send + Sync + Sized + 'static {
    /// A complete assignment (a filled grid, a set of bridges, a loop, …).
    type Solution: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Parse every puzzle in `text` (files may hold one puzzle per line), each with the 1-based
    /// line it starts on. `source` names the input in errors.
    ///
    /// # Errors
    /// A positioned [`ParseError`] for malformed input or clues that break the rules outright.
    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError>;

    /// One solution.
    ///
    /// # Errors
    /// [`SolveError::Infeasible`] when there is none, or the solver's own failure.
    fn solve(&self, opts: &SolveOptions) -> Result<Solved<Self::Solution>, SolveError>;

    /// The number of solutions, stopping at `limit`.
    ///
    /// # Errors
    /// The solver's failure (a count of 0 is not an error).
    fn count(&self, limit: u64, opts: &SolveOptions) -> Result<Counted, SolveError>;

    /// Check `solution` against the rules and the clues, independently of any solver.
    ///
    /// # Errors
    /// The first broken rule found.
    fn verify(&self, solution: &Self::Solution) -> Result<(), Violation>;

    /// Multi-line text of the puzzle, or of the solution when given.
    fn render_text(&self, solution: Option<&Self::Solution>) -> String;

    /// One-line text (for files with one puzzle per line); defaults to the rows of
    /// [`render_text`](Puzzle::render_text) joined by `/`.
    fn render_line(&self, solution: Option<&Self::Solution>) -> String {
        self.render_text(solution)
            .lines()
            .collect::<Vec<_>>()
            .join("/")
    }

    /// An SVG picture of the puzzle, with the solution drawn when given.
    fn render_svg(&self, solution: Option<&Self::Solution>) -> String;

    /// A short description (`9×9 Sudoku, 17 givens`).
    fn describe(&self) -> String;
}

/// A solution whose type is known only to the instance that produced it.
#[derive(Debug)]
pub struct AnySolution(Box<dyn Any + Send + Sync>);

impl AnySolution {
    /// Wrap a typed solution.
    pub fn new<S: Any + Send + Sync>(s: S) -> Self {
        Self(Box::new(s))
    }
    /// The typed solution, if it is an `S`.
    pub fn downcast_ref<S: Any>(&self) -> Option<&S> {
        self.0.downcast_ref()
    }
}

/// The object-safe face of a parsed puzzle, as the CLI sees it.
pub trait Instance: Send + Sync {
    /// The registry name of the kind.
    fn kind(&self) -> &'static str;
    /// Where the instance came from (`file:line`).
    fn label(&self) -> &str;
    /// A short description.
    fn describe(&self) -> String;
    /// One solution, already checked by the independent verifier.
    ///
    /// # Errors
    /// As [`Puzzle::solve`], plus [`SolveError::Unverified`] if the checker rejects the answer.
    fn solve(&self, opts: &SolveOptions) -> Result<Solved<AnySolution>, SolveError>;
    /// Count solutions up to `limit`.
    ///
    /// # Errors
    /// As [`Puzzle::count`].
    fn count(&self, limit: u64, opts: &SolveOptions) -> Result<Counted, SolveError>;
    /// Check a solution (one from [`Instance::solve`] of this instance).
    ///
    /// # Errors
    /// The broken rule, or a violation if the solution belongs to another kind.
    fn verify(&self, solution: &AnySolution) -> Result<(), Violation>;
    /// Multi-line text of the puzzle or solution.
    fn render_text(&self, solution: Option<&AnySolution>) -> String;
    /// One-line text of the puzzle or solution.
    fn render_line(&self, solution: Option<&AnySolution>) -> String;
    /// SVG of the puzzle or solution.
    fn render_svg(&self, solution: Option<&AnySolution>) -> String;
}

/// A typed puzzle with its label: the blanket [`Instance`].
#[derive(Debug, Clone)]
pub struct Labeled<P> {
    /// `source:line`.
    pub label: String,
    /// The puzzle.
    pub puzzle: P,
    kind: &'static str,
}

impl<P: Puzzle> Labeled<P> {
    /// Label a puzzle of kind `kind`.
    pub fn new(kind: &'static str, label: impl Into<String>, puzzle: P) -> Self {
        Self {
            label: label.into(),
            puzzle,
            kind,
        }
    }
}

impl<P: Puzzle> Instance for Labeled<P> {
    fn kind(&self) -> &'static str {
        self.kind
    }
    fn label(&self) -> &str {
        &self.label
    }
    fn describe(&self) -> String {
        self.puzzle.describe()
    }
    fn solve(&self, opts: &SolveOptions) -> Result<Solved<AnySolution>, SolveError> {
        let Solved { solution, stats } = self.puzzle.solve(opts)?;
        self.puzzle
            .verify(&solution)
            .map_err(SolveError::Unverified)?;
        Ok(Solved {
            solution: AnySolution::new(solution),
            stats,
        })
    }
    fn count(&self, limit: u64, opts: &SolveOptions) -> Result<Counted, SolveError> {
        self.puzzle.count(limit, opts)
    }
    fn verify(&self, solution: &AnySolution) -> Result<(), Violation> {
        let s = solution
            .downcast_ref::<P::Solution>()
            .ok_or_else(|| Violation::new(format!("not a {} solution", self.kind)))?;
        self.puzzle.verify(s)
    }
    fn render_text(&self, solution: Option<&AnySolution>) -> String {
        self.puzzle
            .render_text(solution.and_then(|s| s.downcast_ref()))
    }
    fn render_line(&self, solution: Option<&AnySolution>) -> String {
        self.puzzle
            .render_line(solution.and_then(|s| s.downcast_ref()))
    }
    fn render_svg(&self, solution: Option<&AnySolution>) -> String {
        self.puzzle
            .render_svg(solution.and_then(|s| s.downcast_ref()))
    }
}

/// One registry row: a puzzle kind's names, help and loader.
pub trait PuzzleKind: Sync {
    /// The name used with `--kind`.
    fn name(&self) -> &'static str;
    /// Other accepted names.
    fn aliases(&self) -> &'static [&'static str];
    /// One line for `--help`.
    fn summary(&self) -> &'static str;
    /// The input formats understood, for `--help`.
    fn formats_help(&self) -> &'static str;
    /// Parse every puzzle in `text`.
    ///
    /// # Errors
    /// The first positioned [`ParseError`].
    fn load(&self, text: &str, source: &str) -> Result<Vec<Box<dyn Instance>>, ParseError>;
}

/// The [`PuzzleKind`] row of a typed [`Puzzle`]: `static SUDOKU: Kind<Sudoku> = Kind::new(…)`.
pub struct Kind<P> {
    name: &'static str,
    aliases: &'static [&'static str],
    summary: &'static str,
    formats: &'static str,
    puzzle: PhantomData<fn() -> P>,
}

impl<P> Kind<P> {
    /// A registry row.
    pub const fn new(
        name: &'static str,
        aliases: &'static [&'static str],
        summary: &'static str,
        formats: &'static str,
    ) -> Self {
        Self {
            name,
            aliases,
            summary,
            formats,
            puzzle: PhantomData,
        }
    }
}

impl<P: Puzzle> PuzzleKind for Kind<P> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
    fn summary(&self) -> &'static str {
        self.summary
    }
    fn formats_help(&self) -> &'static str {
        self.formats
    }
    fn load(&self, text: &str, source: &str) -> Result<Vec<Box<dyn Instance>>, ParseError> {
        Ok(P::parse(text, source)?
            .into_iter()
            .map(|(line, p)| {
                Box::new(Labeled::new(self.name, format!("{source}:{line}"), p))
                    as Box<dyn Instance>
            })
            .collect())
    }
}

/// The kind called `name` (or with `name` as an alias, case-insensitive) in `registry`.
pub fn find_kind(
    registry: &[&'static dyn PuzzleKind],
    name: &str,
) -> Option<&'static dyn PuzzleKind> {
    registry.iter().copied().find(|k| {
        k.name().eq_ignore_ascii_case(name)
            || k.aliases().iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy puzzle: find `x` in `0..n` with `x * x == target` (brute force).
    #[derive(Debug)]
    struct Root {
        n: u64,
        target: u64,
    }

    impl Puzzle for Root {
        type Solution = u64;
        fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
            text.lines()
                .enumerate()
                .map(|(i, l)| {
                    let mut it = l.split_whitespace().map(str::parse::<u64>);
                    match (it.next(), it.next()) {
                        (Some(Ok(n)), Some(Ok(target))) => Ok((i + 1, Root { n, target })),
                        _ => Err(ParseError::new(source, i + 1, 1, "expected `n target`")),
                    }
                })
                .collect()
        }
        fn solve(&self, _: &SolveOptions) -> Result<Solved<u64>, SolveError> {
            (0..self.n)
                .find(|x| x * x == self.target)
                .map(|solution| Solved {
                    solution,
                    stats: SolveStats::default(),
                })
                .ok_or(SolveError::Infeasible)
        }
        fn count(&self, limit: u64, _: &SolveOptions) -> Result<Counted, SolveError> {
            let c = (0..self.n).filter(|x| x * x == self.target).count() as u64;
            Ok(Counted {
                count: c.min(limit),
                limit_reached: c >= limit,
                stats: SolveStats::default(),
            })
        }
        fn verify(&self, s: &u64) -> Result<(), Violation> {
            (s * s == self.target)
                .then_some(())
                .ok_or_else(|| Violation::new("not a root"))
        }
        fn render_text(&self, s: Option<&u64>) -> String {
            s.map_or(format!("{}\n?", self.target), |s| {
                format!("{}\n{s}", self.target)
            })
        }
        fn render_svg(&self, _: Option<&u64>) -> String {
            String::new()
        }
        fn describe(&self) -> String {
            format!("root of {}", self.target)
        }
    }

    static ROOT: Kind<Root> = Kind::new("root", &["sqrt"], "square roots", "`n target` lines");

    #[test]
    fn registry_dispatch_solves_verifies_and_renders() {
        let registry: [&'static dyn PuzzleKind; 1] = [&ROOT];
        let kind = find_kind(&registry, "SQRT").expect("alias found");
        assert!(find_kind(&registry, "sudoku").is_none());
        let inst = kind.load("10 49\n10 50\n", "f").unwrap();
        assert_eq!(inst[1].label(), "f:2");
        let s = inst[0].solve(&SolveOptions::default()).unwrap();
        assert_eq!(s.solution.downcast_ref::<u64>(), Some(&7));
        assert!(inst[0].verify(&s.solution).is_ok());
        assert!(inst[1].verify(&s.solution).is_err());
        assert!(inst[0].verify(&AnySolution::new("x")).is_err());
        assert_eq!(inst[0].render_line(Some(&s.solution)), "49/7");
        assert_eq!(
            inst[1].solve(&SolveOptions::default()).unwrap_err(),
            SolveError::Infeasible
        );
        let e = kind.load("x", "f").err().unwrap();
        assert_eq!(e.to_string(), "f:1:1: expected `n target`");
    }
}
