//! The arguments of `solve`, `render` and `count --kind`: what to read, the solver's limits
//! and settings, and the kind list `--help` prints (from the one registry).

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser};
use zlink_puzzle::{find_kind, PuzzleKind};

use crate::memory;

/// Every registered puzzle kind (the one list behind dispatch, `--help` and tests).
pub fn kinds() -> &'static [&'static dyn PuzzleKind] {
    zlink_engines::registry::registry()
}

fn kind_parser() -> PossibleValuesParser {
    PossibleValuesParser::new(kinds().iter().map(|k| {
        PossibleValue::new(k.name())
            .aliases(k.aliases().iter().copied())
            .aliases(k.presets().iter().map(|p| p.0))
            .help(k.summary())
    }))
}

/// What to read and how to solve it.
#[derive(Debug, clap::Args)]
pub struct PuzzleInput {
    /// Puzzle kind (see the list below; aliases accepted).
    #[arg(long, value_parser = kind_parser())]
    pub kind: String,
    /// A puzzle file, `-` for stdin, a puzz.link URL or a Tatham game id. A file may hold
    /// several puzzles: one URL or id a line, or grids separated by blank lines (as `generate
    /// --list` writes them); each gets its own answer (one line, or one JSON object, each).
    pub input: String,
    /// Wall-clock limit per puzzle, seconds; exit 3 when it runs out before the answer is known.
    #[arg(long, value_parser = crate::args::time_limit)]
    pub time_limit: Option<f64>,
    /// Solver threads.
    #[arg(long, value_parser = crate::args::threads_u32)]
    pub threads: Option<u32>,
    /// Memory budget, e.g. `8G` (default: 80% of the memory available at start); a run that
    /// needs more stops with exit code 3 instead of being killed.
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub max_memory: Option<u64>,
    /// Print solver statistics (and per-round tables) on stderr.
    #[arg(long)]
    pub stats: bool,
    /// The engine (see the list below); default: the kind's first.
    #[arg(long)]
    pub engine: Option<String>,
    /// A kind-specific setting, repeatable (e.g. `--set model=bfs` for hashi, `--set cuts=off`
    /// for slitherlink); see the kind list below.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_setting)]
    pub settings: Vec<(String, String)>,
    /// The integer-programming model, shorthand for `--set model=M` (hashi: flow, bfs, lazy).
    #[arg(long, value_name = "M")]
    pub model: Option<String>,
    /// Starting-rule cuts, shorthand for `--set cuts=on|off` (slitherlink --engine ip).
    #[arg(long, value_name = "on|off", value_parser = ["on", "off"])]
    pub cuts: Option<String>,
    /// Every cell on a line, shorthand for `--set cover=on` (numberlink).
    #[arg(long)]
    pub cover: bool,
    /// No line touches itself (no U-bends), shorthand for `--set no_u_bends=on` (numberlink).
    #[arg(long)]
    pub no_u_bends: bool,
}

impl PuzzleInput {
    /// Whether solving (`counting` false) or counting with the chosen engine and settings
    /// needs the MIP solver (an unknown kind or engine: no, the run reports it).
    pub fn needs_mip(&self, counting: bool) -> bool {
        find_kind(kinds(), &self.kind)
            .is_some_and(|k| k.needs_mip(self.engine(), counting, &self.all_settings()))
    }

    /// `--engine`, or the engine a preset kind name selects (`minclue-minimal`: `greedy`).
    pub(super) fn engine(&self) -> Option<&str> {
        self.engine
            .as_deref()
            .or_else(|| find_kind(kinds(), &self.kind).and_then(|k| k.preset_engine(&self.kind)))
    }

    /// `--set` pairs with the shorthand flags appended (a later pair wins).
    pub(super) fn all_settings(&self) -> Vec<(String, String)> {
        let mut all = self.settings.clone();
        for (key, value) in [("model", &self.model), ("cuts", &self.cuts)] {
            if let Some(v) = value {
                all.push((key.to_string(), v.clone()));
            }
        }
        for (key, on) in [("cover", self.cover), ("no_u_bends", self.no_u_bends)] {
            if on {
                all.push((key.to_string(), "on".to_string()));
            }
        }
        all
    }
}

fn parse_setting(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected KEY=VALUE, found `{s}`")),
    }
}

/// `zlink solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// Input and solver options.
    #[command(flatten)]
    pub puzzle: PuzzleInput,
    /// Write an SVG picture of the solution (files with several puzzles get `-N` suffixes).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Instead of one solution, print N drawn uniformly at random (with replacement) from all
    /// solutions, and how many there are. Engines that hold every solution as a ZDD do this
    /// (the kind's first such engine unless --engine names one); at most 1,000,000.
    #[arg(long, value_name = "N", value_parser = sample_count)]
    pub sample: Option<usize>,
    /// Seed of --sample's draws: the same seed gives the same draws.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "sample")]
    pub seed: u64,
    /// Print each solution in this format (`text`, `svg`, and per kind: Slitherlink `loop`,
    /// the region `generate slitherlink --loop` reads, and `janko`; Numberlink `janko` and
    /// `erato`: see "solutions" in the kind list); several are separated by blank lines.
    #[arg(long, value_name = "F", conflicts_with = "sample")]
    pub format: Option<String>,
}

/// Most draws `solve --sample` makes (each is held until printed).
pub const MAX_SAMPLES: usize = 1_000_000;

fn sample_count(s: &str) -> Result<usize, String> {
    match crate::args::limit_usize(s) {
        Ok(n) if n <= MAX_SAMPLES => Ok(n),
        _ => Err(format!(
            "expected a number of draws from 1 to {MAX_SAMPLES}, found `{s}`"
        )),
    }
}

/// `zlink render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// What to read (solver options are ignored: nothing is solved).
    #[command(flatten)]
    pub puzzle: PuzzleInput,
    /// Write an SVG picture of each puzzle (files with several puzzles get `-N` suffixes)
    /// instead of drawing it as text.
    #[arg(long, value_name = "OUT.svg", conflicts_with = "format")]
    pub svg: Option<PathBuf>,
    /// Convert: write each puzzle in this format (`text`, `svg`, and per kind `url`, `janko`,
    /// `tatham`, `erato`, `compact`: see "writes" in the kind list), which `solve`, `count` and
    /// `render` read back; several puzzles are separated by blank lines.
    #[arg(long, value_name = "F")]
    pub format: Option<String>,
}

/// `zlink count --kind K`.
#[derive(Debug, clap::Args)]
pub struct PuzzleCountArgs {
    /// Input and solver options.
    #[command(flatten)]
    pub puzzle: PuzzleInput,
    /// Engines that count by enumerating solutions stop after this many (the count is then a
    /// lower bound, printed as `at least N`); exact engines ignore it.
    #[arg(long, value_name = "N", value_parser = crate::args::limit_u64)]
    pub limit: Option<u64>,
}

/// The registered kinds with their engines and formats, for `--help`.
pub fn kinds_help() -> String {
    let mut s = String::from(
        "Puzzle kinds (--kind) and their engines (--engine, the first is the default):\n",
    );
    for k in kinds() {
        s.push_str(&format!("  {:<16} {}\n", k.name(), k.summary()));
        for e in k.engines() {
            let note = match (e.counts_by_default, e.samples) {
                (true, true) => " (count's default; solve --sample)",
                (true, false) => " (count's default)",
                (false, true) => " (solve --sample)",
                (false, false) => "",
            };
            s.push_str(&format!(
                "  {:<16}   engine {:<7} {}{note}\n",
                "", e.name, e.summary
            ));
            for (key, values) in e.settings {
                s.push_str(&format!("  {:<16}     --set {key}={values}\n", ""));
            }
        }
        s.push_str(&format!("  {:<16}   formats: {}\n", "", k.formats_help()));
        s.push_str(&format!(
            "  {:<16}   writes (render --format): {}\n",
            "",
            k.formats_out().join(", ")
        ));
        s.push_str(&format!(
            "  {:<16}   solutions (solve --format): {}\n",
            "",
            k.solution_formats_out().join(", ")
        ));
        for (preset, engine) in k.presets() {
            s.push_str(&format!(
                "  {preset:<16} = --kind {} --engine {engine}\n",
                k.name()
            ));
        }
    }
    s
}
