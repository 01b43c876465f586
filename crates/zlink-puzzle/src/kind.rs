//! The registry row of a puzzle kind ([`Kind`]: names, formats, engines) and the object-safe
//! faces the CLI dispatches on ([`PuzzleKind`], [`Instance`]).
//!
//! A kind is one row, whatever number of engines it has: `--engine` picks one by name and the
//! first listed is the default. Every solution handed out has passed the puzzle's independent
//! checker, and a puzzle whose clues contradict each other ([`Puzzle::contradiction`]) counts
//! 0 and has no solution, whichever engine is asked.

use std::any::Any;
use std::marker::PhantomData;

use crate::engine::DynEngine;
use crate::puzzle::{Counted, Puzzle, Sampled, SolveOptions, SolveStats, Solved};
use crate::{BigUint, ParseError, SolveError, Violation};

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

/// An engine as the CLI lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineInfo {
    /// `--engine` name.
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// Whether its count enumerates (`--limit` applies).
    pub enumerates: bool,
    /// `--set` keys with their values and defaults.
    pub settings: &'static [(&'static str, &'static str)],
    /// Whether it draws uniform samples of all solutions (`solve --sample`).
    pub samples: bool,
    /// Whether `count` uses it when no engine is named (while `solve` uses the first).
    pub counts_by_default: bool,
}

/// The object-safe face of a parsed puzzle, as the CLI sees it. `engine` is an engine name of
/// the puzzle's kind (`None`: the default engine).
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
    /// [`SolveError::Contradiction`] for contradicting clues, an unknown engine, what the
    /// engine reports, or [`SolveError::Unverified`] if the checker rejects its answer.
    fn solve(
        &self,
        engine: Option<&str>,
        opts: &SolveOptions,
    ) -> Result<Solved<AnySolution>, SolveError>;
    /// The number of solutions (0 for contradicting clues).
    ///
    /// # Errors
    /// An unknown engine, or what the engine reports.
    fn count(&self, engine: Option<&str>, opts: &SolveOptions) -> Result<Counted, SolveError>;
    /// `k` solutions drawn uniformly at random (with replacement) from all solutions, each
    /// checked by the independent verifier; the same `seed` gives the same draws.
    ///
    /// # Errors
    /// As [`Kind::sample`].
    fn sample(
        &self,
        engine: Option<&str>,
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<AnySolution>, SolveError>;
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
    /// The puzzle in `format`: `text`, `svg` or one of [`Puzzle::FORMATS_OUT`].
    ///
    /// # Errors
    /// A message naming the formats the kind writes, or why this puzzle does not fit one.
    fn write(&self, format: &str) -> Result<String, String>;
    /// `solution` in `format`: `text`, `svg` or one of [`Puzzle::SOLUTION_FORMATS_OUT`].
    ///
    /// # Errors
    /// A message naming the formats the kind writes solutions in, or a solution of another kind.
    fn write_solution(&self, solution: &AnySolution, format: &str) -> Result<String, String>;
}

/// One registry row: a puzzle kind's names, help, formats and engines (the first is the
/// default). `static SUDOKU: Kind<Sudoku> = Kind::new(…, &[&Exact, &Ip])`.
///
/// A row may also have presets: other names that pick one of its engines by default
/// ([`Kind::with_presets`]; `--kind minclue-minimal` is `--kind minclue --engine greedy`).
pub struct Kind<P: Puzzle> {
    name: &'static str,
    aliases: &'static [&'static str],
    summary: &'static str,
    formats: &'static str,
    engines: &'static [&'static dyn DynEngine<P>],
    /// The engine `count` uses when none is named (default: the first).
    counter: Option<&'static str>,
    /// `(name, engine)`: `name` selects this kind with `engine` as its default.
    presets: &'static [(&'static str, &'static str)],
    puzzle: PhantomData<fn() -> P>,
}

impl<P: Puzzle> Kind<P> {
    /// A registry row; `engines` must not be empty.
    pub const fn new(
        name: &'static str,
        aliases: &'static [&'static str],
        summary: &'static str,
        formats: &'static str,
        engines: &'static [&'static dyn DynEngine<P>],
    ) -> Self {
        assert!(!engines.is_empty(), "a puzzle kind needs an engine");
        Self {
            name,
            aliases,
            summary,
            formats,
            engines,
            counter: None,
            presets: &[],
            puzzle: PhantomData,
        }
    }

    /// The same row with presets: each `(name, engine)` makes `name` select this kind with the
    /// engine called `engine` as the default of both solve and count (an engine named
    /// explicitly still wins). Every preset engine must be one of the row's.
    pub const fn with_presets(self, presets: &'static [(&'static str, &'static str)]) -> Self {
        Self { presets, ..self }
    }

    /// The same row, counting with the engine called `name` when none is named (a kind whose
    /// best solver and best counter differ: Hashi solves by IP, counts by ZDD).
    pub const fn counting_with(self, name: &'static str) -> Self {
        Self {
            counter: Some(name),
            ..self
        }
    }

    /// The engine called `name` (case-insensitive), or the default one for `None`.
    ///
    /// # Errors
    /// [`SolveError::BadSetting`] naming the kind's engines.
    pub fn engine(&self, name: Option<&str>) -> Result<&'static dyn DynEngine<P>, SolveError> {
        match name {
            None => Ok(self.engines[0]),
            Some(n) => self
                .engines
                .iter()
                .copied()
                .find(|e| e.name().eq_ignore_ascii_case(n))
                .ok_or_else(|| {
                    let names: Vec<&str> = self.engines.iter().map(|e| e.name()).collect();
                    SolveError::BadSetting(format!(
                        "puzzle kind `{}` has no engine `{n}` (engines: {})",
                        self.name,
                        names.join(", ")
                    ))
                }),
        }
    }

    /// Solve `puzzle` with the engine called `engine` (default: the first), checking the
    /// answer with the puzzle's own verifier; contradicting clues are no solution.
    ///
    /// # Errors
    /// As [`Instance::solve`].
    pub fn solve(
        &self,
        puzzle: &P,
        engine: Option<&str>,
        opts: &SolveOptions,
    ) -> Result<Solved<P::Solution>, SolveError> {
        let engine = self.engine(engine)?;
        if let Some(why) = puzzle.contradiction() {
            return Err(SolveError::Contradiction(why));
        }
        let solved = engine.solve(puzzle, &self.settings_owner(engine), opts)?;
        puzzle
            .verify(&solved.solution)
            .map_err(SolveError::Unverified)?;
        Ok(solved)
    }

    /// Count the solutions of `puzzle` with the engine called `engine` (default: the row's
    /// counter, else the first).
    ///
    /// # Errors
    /// As [`Instance::count`].
    pub fn count(
        &self,
        puzzle: &P,
        engine: Option<&str>,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        let engine = self.engine(engine.or(self.counter))?;
        if puzzle.contradiction().is_some() {
            return Ok(Counted::exact(0u32, SolveStats::default()));
        }
        engine.count(puzzle, &self.settings_owner(engine), opts)
    }

    /// `k` uniform draws (with replacement) from all solutions of `puzzle` by the engine
    /// called `engine`, or by the row's first engine that samples; every draw is checked by
    /// the puzzle's verifier. Contradicting clues are an empty draw from no solution.
    ///
    /// # Errors
    /// [`SolveError::Unsupported`] when the named engine (or every engine of the kind) cannot
    /// sample; as [`crate::Engine::sample`] otherwise.
    pub fn sample(
        &self,
        puzzle: &P,
        engine: Option<&str>,
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<P::Solution>, SolveError> {
        let engine = match engine {
            Some(_) => self.engine(engine)?,
            None => *self
                .engines
                .iter()
                .find(|e| e.samples())
                .ok_or(SolveError::Unsupported {
                    operation: "sample",
                    kind: self.name,
                })?,
        };
        if !engine.samples() {
            return Err(SolveError::BadSetting(format!(
                "engine `{}` of puzzle kind `{}` cannot sample solutions (engines that can: {})",
                engine.name(),
                self.name,
                self.sampling_engines()
            )));
        }
        if puzzle.contradiction().is_some() {
            return Ok(Sampled {
                solutions: Vec::new(),
                count: BigUint::default(),
                stats: SolveStats::default(),
            });
        }
        let sampled = engine.sample(puzzle, &self.settings_owner(engine), k, seed, opts)?;
        for s in &sampled.solutions {
            puzzle.verify(s).map_err(SolveError::Unverified)?;
        }
        Ok(sampled)
    }

    /// The names of the engines that sample, for messages (`none` if there is none).
    fn sampling_engines(&self) -> String {
        let names: Vec<&str> = self
            .engines
            .iter()
            .filter(|e| e.samples())
            .map(|e| e.name())
            .collect();
        if names.is_empty() {
            "none".into()
        } else {
            names.join(", ")
        }
    }

    /// How settings errors name their owner: the kind (the known keys listed with the error
    /// are the chosen engine's).
    fn settings_owner(&self, _engine: &dyn DynEngine<P>) -> String {
        self.name.to_string()
    }
}

/// The object-safe face of a [`Kind`] row.
pub trait PuzzleKind: Sync {
    /// The name used with `--kind`.
    fn name(&self) -> &'static str;
    /// Other accepted names.
    fn aliases(&self) -> &'static [&'static str];
    /// One line for `--help`.
    fn summary(&self) -> &'static str;
    /// The input formats understood, for `--help`.
    fn formats_help(&self) -> &'static str;
    /// The engines, default first.
    fn engines(&self) -> Vec<EngineInfo>;
    /// Other names that select this kind with one of its engines as the default: `(name,
    /// engine)` ([`Kind::with_presets`]).
    fn presets(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
    /// The engine that the kind name `name` selects when no engine is named: the preset's
    /// engine if `name` is a preset (case-insensitive), else `None` (the kind's defaults).
    fn preset_engine(&self, name: &str) -> Option<&'static str> {
        self.presets()
            .iter()
            .find(|(preset, _)| preset.eq_ignore_ascii_case(name))
            .map(|&(_, engine)| engine)
    }
    /// Whether solving (`counting` false) or counting with the engine called `engine` (default
    /// as [`Kind::solve`] and [`Kind::count`] pick it) and `settings` solves integer programs
    /// ([`crate::Engine::needs_mip`]). An unknown engine: no (the run reports it).
    fn needs_mip(
        &self,
        engine: Option<&str>,
        counting: bool,
        settings: &[(String, String)],
    ) -> bool;
    /// The formats a puzzle of this kind is written in (`render --format`).
    fn formats_out(&self) -> Vec<&'static str>;
    /// The formats a solution of this kind is written in (`solve --format`).
    fn solution_formats_out(&self) -> Vec<&'static str>;
    /// Parse every puzzle in `text`.
    ///
    /// # Errors
    /// The first positioned [`ParseError`].
    fn load(&'static self, text: &str, source: &str) -> Result<Vec<Box<dyn Instance>>, ParseError>;
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
    fn presets(&self) -> &'static [(&'static str, &'static str)] {
        self.presets
    }
    fn engines(&self) -> Vec<EngineInfo> {
        self.engines
            .iter()
            .map(|e| EngineInfo {
                name: e.name(),
                summary: e.summary(),
                enumerates: e.enumerates(),
                settings: e.settings_keys(),
                samples: e.samples(),
                counts_by_default: self.counter == Some(e.name()),
            })
            .collect()
    }
    fn needs_mip(
        &self,
        engine: Option<&str>,
        counting: bool,
        settings: &[(String, String)],
    ) -> bool {
        let name = if counting {
            engine.or(self.counter)
        } else {
            engine
        };
        self.engine(name).is_ok_and(|e| e.needs_mip(settings))
    }
    fn formats_out(&self) -> Vec<&'static str> {
        let mut all = vec!["text", "svg"];
        all.extend_from_slice(P::FORMATS_OUT);
        all
    }
    fn solution_formats_out(&self) -> Vec<&'static str> {
        let mut all = vec!["text", "svg"];
        all.extend_from_slice(P::SOLUTION_FORMATS_OUT);
        all
    }
    fn load(&'static self, text: &str, source: &str) -> Result<Vec<Box<dyn Instance>>, ParseError> {
        Ok(P::parse(text, source)?
            .into_iter()
            .map(|(line, puzzle)| {
                Box::new(Labeled {
                    label: format!("{source}:{line}"),
                    puzzle,
                    kind: self,
                }) as Box<dyn Instance>
            })
            .collect())
    }
}

/// A typed puzzle with its label and kind row: the blanket [`Instance`].
pub struct Labeled<P: Puzzle> {
    /// `source:line`.
    pub label: String,
    /// The puzzle.
    pub puzzle: P,
    kind: &'static Kind<P>,
}

impl<P: Puzzle> Instance for Labeled<P> {
    fn kind(&self) -> &'static str {
        self.kind.name
    }
    fn label(&self) -> &str {
        &self.label
    }
    fn describe(&self) -> String {
        self.puzzle.describe()
    }
    fn solve(
        &self,
        engine: Option<&str>,
        opts: &SolveOptions,
    ) -> Result<Solved<AnySolution>, SolveError> {
        let s = self.kind.solve(&self.puzzle, engine, opts)?;
        Ok(Solved {
            solution: AnySolution::new(s.solution),
            more: s.more,
            stats: s.stats,
            note: s.note,
            stopped: s.stopped,
        })
    }
    fn count(&self, engine: Option<&str>, opts: &SolveOptions) -> Result<Counted, SolveError> {
        self.kind.count(&self.puzzle, engine, opts)
    }
    fn sample(
        &self,
        engine: Option<&str>,
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<AnySolution>, SolveError> {
        let s = self.kind.sample(&self.puzzle, engine, k, seed, opts)?;
        Ok(Sampled {
            solutions: s.solutions.into_iter().map(AnySolution::new).collect(),
            count: s.count,
            stats: s.stats,
        })
    }
    fn verify(&self, solution: &AnySolution) -> Result<(), Violation> {
        let s = solution
            .downcast_ref::<P::Solution>()
            .ok_or_else(|| Violation::new(format!("not a {} solution", self.kind.name)))?;
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
    fn write(&self, format: &str) -> Result<String, String> {
        match format {
            "text" => Ok(self.puzzle.render_text(None)),
            "svg" => Ok(self.puzzle.render_svg(None)),
            f if P::FORMATS_OUT.contains(&f) => self
                .puzzle
                .write(f)
                .ok_or_else(|| format!("{}: this puzzle cannot be written as {f}", self.label)),
            f => Err(format!(
                "puzzle kind `{}` is written as {}, not `{f}`",
                self.kind.name,
                self.kind.formats_out().join(", ")
            )),
        }
    }
    fn write_solution(&self, solution: &AnySolution, format: &str) -> Result<String, String> {
        let s = solution
            .downcast_ref::<P::Solution>()
            .ok_or_else(|| format!("{}: not a {} solution", self.label, self.kind.name))?;
        match format {
            "text" => Ok(self.puzzle.render_text(Some(s))),
            "svg" => Ok(self.puzzle.render_svg(Some(s))),
            f if P::SOLUTION_FORMATS_OUT.contains(&f) => self
                .puzzle
                .write_solution(s, f)
                .ok_or_else(|| format!("{}: this solution cannot be written as {f}", self.label)),
            f => Err(solution_format_error(self.kind, f)),
        }
    }
}

/// Exit-2 wording of a solution format `format` that `kind` does not write.
pub fn solution_format_error(kind: &dyn PuzzleKind, format: &str) -> String {
    format!(
        "solutions of puzzle kind `{}` are written as {}, not `{format}`",
        kind.name(),
        kind.solution_formats_out().join(", ")
    )
}

/// The kind called `name` (or with `name` as an alias or a preset, case-insensitive) in
/// `registry`; [`PuzzleKind::preset_engine`] says which engine a preset name selects.
pub fn find_kind(
    registry: &[&'static dyn PuzzleKind],
    name: &str,
) -> Option<&'static dyn PuzzleKind> {
    registry.iter().copied().find(|k| {
        k.name().eq_ignore_ascii_case(name)
            || k.aliases().iter().any(|a| a.eq_ignore_ascii_case(name))
            || k.preset_engine(name).is_some()
    })
}

#[cfg(test)]
mod tests;
