//! `zlink solve --kind K` and `zlink count --kind K`: load puzzles through the one registry,
//! solve or count each, print text / SVG / JSON.
//!
//! Input is a file, `-` for stdin, or a puzz.link URL given directly. A file may hold several
//! puzzles (one URL or id a line, or grids separated by blank lines, as `generate --list`
//! writes them; [`zlink_puzzle::list`]): each is solved or counted on its own, one output line
//! (or one JSON object) per puzzle, never one merged grid. Exit codes: 0 ok; 1 a puzzle has no solution or
//! the solver gave up (time limit); 2 bad input (`file:line:col: …`) or usage; 3 budget.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser};
use serde_json::{json, Value};
use zlink_puzzle::{
    find_kind, solution_format_error, Counted, Instance, Limits, PuzzleKind, SolveError,
    SolveOptions, SolveStats,
};

use crate::exit::CliError;
use crate::memory;
use crate::output::{out, outln};
use crate::progress::Bar;
use crate::GlobalOpts;

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
    fn engine(&self) -> Option<&str> {
        self.engine
            .as_deref()
            .or_else(|| find_kind(kinds(), &self.kind).and_then(|k| k.preset_engine(&self.kind)))
    }

    /// `--set` pairs with the shorthand flags appended (a later pair wins).
    fn all_settings(&self) -> Vec<(String, String)> {
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

fn load(input: &PuzzleInput) -> Result<Vec<Box<dyn Instance>>, CliError> {
    let kind = find_kind(kinds(), &input.kind)
        .ok_or_else(|| CliError::input(format!("unknown puzzle kind `{}`", input.kind)))?;
    if let Some(e) = input.engine() {
        let names: Vec<&str> = kind.engines().iter().map(|i| i.name).collect();
        if !names.iter().any(|n| n.eq_ignore_ascii_case(e)) {
            return Err(CliError::input(format!(
                "puzzle kind `{}` has no engine `{e}` (engines: {})",
                kind.name(),
                names.join(", ")
            )));
        }
    }
    let arg = input.input.as_str();
    let (text, source) = crate::input::read(arg)?;
    kind.load(&text, &source).map_err(CliError::input)
}

/// The options of every puzzle of the run; the time limit is per puzzle, so its deadline is
/// set when each puzzle starts ([`with_bar`]).
fn options(input: &PuzzleInput, limit: Option<u64>) -> SolveOptions {
    SolveOptions {
        limits: Limits {
            max_memory: input.max_memory.or_else(memory::default_budget),
            time_limit: input.time_limit.map(Duration::from_secs_f64),
            threads: input.threads.map(|t| t as usize),
            ..Limits::default()
        },
        limit,
        settings: input.all_settings(),
    }
}

fn error_exit(label: &str, e: &SolveError) -> CliError {
    let msg = format!("{label}: {e}");
    match e {
        SolveError::Stopped(s) => CliError::stopped(label, s, false),
        SolveError::Unsupported { .. } | SolveError::BadSetting(_) => CliError::input(msg),
        _ => CliError::failed(msg),
    }
}

/// A per-round table cell that is a whole number (a round, a count of cuts or nodes), as an
/// integer: `3`, not `3.0`.
fn whole(v: f64) -> Option<i64> {
    (v.fract() == 0.0 && v.abs() < 9.0e15).then_some(v as i64)
}

fn stats_json(s: &SolveStats) -> Value {
    let counters: serde_json::Map<String, Value> = s
        .counters
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    let rounds = s.rounds.as_ref().map(|t| {
        t.rows
            .iter()
            .map(|r| {
                t.columns
                    .iter()
                    .zip(r)
                    .map(|(c, &v)| (c.to_string(), whole(v).map_or(json!(v), |i| json!(i))))
                    .collect::<serde_json::Map<_, _>>()
            })
            .collect::<Vec<_>>()
    });
    json!({ "seconds": s.seconds, "counters": counters, "rounds": rounds })
}

fn print_stats(label: &str, s: &SolveStats) {
    let counters: Vec<String> = s.counters.iter().map(|(k, v)| format!("{k}={v}")).collect();
    eprintln!("{label}: {:.3} s, {}", s.seconds, counters.join(", "));
    if let Some(t) = &s.rounds {
        eprintln!("  {}", t.columns.join("\t"));
        for r in &t.rows {
            let cells: Vec<String> = r
                .iter()
                .map(|&v| whole(v).map_or_else(|| format!("{v:.4}"), |i| i.to_string()))
                .collect();
            eprintln!("  {}", cells.join("\t"));
        }
    }
}

/// Fails (exit 2) before anything is solved when the folder `--svg` writes into does not
/// exist: a typo there used to surface only after the first puzzle's answer was printed.
pub(crate) fn check_svg_folder(svg: Option<&std::path::Path>) -> Result<(), CliError> {
    let Some(base) = svg else { return Ok(()) };
    let folder = match base.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if folder.is_dir() {
        Ok(())
    } else {
        Err(CliError::input(format!(
            "cannot write {}: the folder {} does not exist",
            base.display(),
            folder.display()
        )))
    }
}

/// `base`, or `stem-N.ext` (1-based) when a run writes several pictures.
pub(crate) fn svg_path(base: &std::path::Path, index: usize, total: usize) -> PathBuf {
    if total == 1 {
        return base.to_path_buf();
    }
    let stem = base
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = base
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "svg".into());
    base.with_file_name(format!("{stem}-{}.{ext}", index + 1))
}

/// `zlink solve --kind K INPUT`: print each solution (multi-line for one puzzle, one line per
/// puzzle otherwise).
///
/// # Errors
/// Exit 2 for bad input, 1 when a puzzle has no solution or the solver gives up (the other
/// puzzles are still solved and printed).
pub fn solve(args: SolveArgs, global: &GlobalOpts) -> Result<(), CliError> {
    check_svg_folder(args.svg.as_deref())?;
    if let Some(k) = args.sample {
        return sample(&args, k, global);
    }
    let instances = load(&args.puzzle)?;
    if let Some(f) = &args.format {
        check_solution_format(&args.puzzle, f, instances.len())?;
    }
    let opts = options(&args.puzzle, None);
    let engine = args.puzzle.engine();
    let mut results = Results::new(global, instances.len());
    let mut written = 0;
    for (i, inst) in instances.iter().enumerate() {
        match with_bar(inst.as_ref(), &opts, |o| inst.solve(engine, o)) {
            Ok(solved) => {
                if solved.more == Some(true) {
                    eprintln!(
                        "{}: the puzzle has more than one solution; this is one of them",
                        inst.label()
                    );
                }
                if let Some(note) = &solved.note {
                    eprintln!("{}: {note}", inst.label());
                }
                let sol = Some(&solved.solution);
                if let Some(base) = &args.svg {
                    let path = svg_path(base, i, instances.len());
                    std::fs::write(&path, inst.render_svg(sol)).map_err(|e| {
                        CliError::input(format!("cannot write {}: {e}", path.display()))
                    })?;
                }
                if args.puzzle.stats {
                    print_stats(inst.label(), &solved.stats);
                }
                let in_format = match &args.format {
                    Some(f) => Some(
                        inst.write_solution(&solved.solution, f)
                            .map_err(CliError::input)?,
                    ),
                    None => None,
                };
                if global.json {
                    results.out.push(json!({
                        "label": inst.label(),
                        "kind": inst.kind(),
                        "puzzle": inst.describe(),
                        "status": if solved.stopped.is_some() { "stopped" } else { "solved" },
                        "unique": solved.more.map(|m| !m),
                        "solution": inst.render_line(sol),
                        "text": inst.render_text(sol),
                        "stats": stats_json(&solved.stats),
                    }));
                    if let Some(obj) = results.out.last_mut() {
                        if let Some(note) = &solved.note {
                            obj["note"] = json!(note);
                        }
                        if let (Some(f), Some(w)) = (&args.format, &in_format) {
                            obj["format"] = json!(f);
                            obj["written"] = json!(w);
                        }
                    }
                } else if let Some(w) = &in_format {
                    if written > 0 {
                        outln!("");
                    }
                    written += 1;
                    out!("{w}");
                } else if results.single {
                    out!("{}", inst.render_text(sol));
                } else {
                    outln!("{}", inst.render_line(sol));
                }
                if let Some(stop) = &solved.stopped {
                    results.stopped(inst.as_ref(), stop);
                }
            }
            Err(e) => results.failed(inst.as_ref(), &e),
        }
    }
    results.finish()
}

/// Exit 2 before solving for a solution format the kind does not write (naming those it
/// does), or `svg` on stdout for several puzzles.
fn check_solution_format(
    input: &PuzzleInput,
    format: &str,
    puzzles: usize,
) -> Result<(), CliError> {
    let kind = find_kind(kinds(), &input.kind)
        .ok_or_else(|| CliError::input(format!("unknown puzzle kind `{}`", input.kind)))?;
    if !kind.solution_formats_out().contains(&format) {
        return Err(CliError::input(solution_format_error(kind, format)));
    }
    if format == "svg" && puzzles > 1 {
        return Err(CliError::input(
            "several solutions make several SVG documents: use --svg OUT.svg (one file each)",
        ));
    }
    Ok(())
}

/// `zlink solve --sample N [--seed S]`: per puzzle, `N` solutions drawn uniformly (with
/// replacement) from all of them, each checked by the puzzle's verifier; the number drawn from
/// goes to stderr (text) or into the JSON. A puzzle without solution fails as in `solve`.
///
/// # Errors
/// As [`solve`]; exit 2 when no engine of the kind (or the one named) can sample.
fn sample(args: &SolveArgs, k: usize, global: &GlobalOpts) -> Result<(), CliError> {
    let instances = load(&args.puzzle)?;
    let opts = options(&args.puzzle, None);
    let engine = args.puzzle.engine();
    let mut results = Results::new(global, instances.len());
    let pictures = instances.len() * k;
    for (i, inst) in instances.iter().enumerate() {
        let drawn = with_bar(inst.as_ref(), &opts, |o| {
            inst.sample(engine, k, args.seed, o)
        })
        .and_then(|s| {
            if s.solutions.is_empty() {
                Err(SolveError::Infeasible)
            } else {
                Ok(s)
            }
        });
        let sampled = match drawn {
            Ok(s) => s,
            Err(e) => {
                results.failed(inst.as_ref(), &e);
                continue;
            }
        };
        if !global.json {
            eprintln!(
                "{}: {k} draw{} (seed {}) from {} solution{}",
                inst.label(),
                if k == 1 { "" } else { "s" },
                args.seed,
                sampled.count,
                if sampled.count == 1u32.into() {
                    ""
                } else {
                    "s"
                }
            );
        }
        if let Some(base) = &args.svg {
            for (j, sol) in sampled.solutions.iter().enumerate() {
                let path = svg_path(base, i * k + j, pictures);
                std::fs::write(&path, inst.render_svg(Some(sol))).map_err(|e| {
                    CliError::input(format!("cannot write {}: {e}", path.display()))
                })?;
            }
        }
        if args.puzzle.stats {
            print_stats(inst.label(), &sampled.stats);
        }
        if global.json {
            let draws: Vec<Value> = sampled
                .solutions
                .iter()
                .map(|sol| json!({ "solution": inst.render_line(Some(sol)), "text": inst.render_text(Some(sol)) }))
                .collect();
            results.out.push(json!({
                "label": inst.label(),
                "kind": inst.kind(),
                "puzzle": inst.describe(),
                "status": "sampled",
                "count": crate::output::big_json(&sampled.count),
                "seed": args.seed,
                "samples": draws,
                "stats": stats_json(&sampled.stats),
            }));
        } else {
            for (j, sol) in sampled.solutions.iter().enumerate() {
                if results.single {
                    if j > 0 {
                        outln!("");
                    }
                    out!("{}", inst.render_text(Some(sol)));
                } else {
                    outln!("{}", inst.render_line(Some(sol)));
                }
            }
        }
    }
    results.finish()
}

/// `zlink render --kind K INPUT [--svg OUT.svg]`: draw puzzles as read, without solving them
/// (text on stdout, or SVG files; `--json` gives label, kind, description and text).
///
/// # Errors
/// Exit 2 for bad input or an unwritable SVG path.
pub fn render(args: RenderArgs, global: &GlobalOpts) -> Result<(), CliError> {
    check_svg_folder(args.svg.as_deref())?;
    let instances = load(&args.puzzle)?;
    if let Some(format) = &args.format {
        return super::convert::convert(&instances, format, global);
    }
    let mut json_out = Vec::new();
    for (i, inst) in instances.iter().enumerate() {
        if let Some(base) = &args.svg {
            let path = svg_path(base, i, instances.len());
            std::fs::write(&path, inst.render_svg(None))
                .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
        }
        if global.json {
            json_out.push(json!({
                "label": inst.label(),
                "kind": inst.kind(),
                "puzzle": inst.describe(),
                "text": inst.render_text(None),
            }));
        } else if args.svg.is_none() {
            out!("{}", inst.render_text(None));
        }
    }
    if global.json {
        print_json(json_out);
    }
    Ok(())
}

/// A count for JSON: a number up to 2^53, a decimal string beyond.
fn count_json(c: &Counted) -> Value {
    crate::output::big_json(&c.count)
}

/// `zlink count --kind K INPUT [--limit N]`: print each count, the last line of each being the
/// exact count (digits only) or, when an enumerating engine stopped at the limit, `at least N`.
///
/// # Errors
/// Exit 2 for bad input or a kind that cannot count, 1 when the solver gives up, 3 on a budget.
pub fn count(args: PuzzleCountArgs, global: &GlobalOpts) -> Result<(), CliError> {
    let instances = load(&args.puzzle)?;
    let opts = options(&args.puzzle, args.limit);
    let engine = args.puzzle.engine();
    let mut results = Results::new(global, instances.len());
    for inst in &instances {
        let counted = match with_bar(inst.as_ref(), &opts, |o| inst.count(engine, o)) {
            Ok(c) => c,
            Err(e) => {
                results.failed(inst.as_ref(), &e);
                continue;
            }
        };
        if args.puzzle.stats {
            print_stats(inst.label(), &counted.stats);
        }
        if global.json {
            results.out.push(json!({
                "label": inst.label(),
                "kind": inst.kind(),
                "count": count_json(&counted),
                "exact": counted.exact,
                "limit": args.limit,
                "seconds": counted.stats.seconds,
                "stats": stats_json(&counted.stats),
            }));
        } else if counted.exact {
            outln!("{}", counted.count);
        } else {
            eprintln!(
                "{}: the engine stopped at the limit of {} solutions: the count is a lower bound",
                inst.label(),
                args.limit.unwrap_or(0)
            );
            outln!("at least {}", counted.count);
        }
    }
    results.finish()
}

/// Runs `run` on one puzzle with its own progress bar (drawn only on a terminal) and its own
/// time limit, counted from now.
fn with_bar<T>(
    inst: &dyn Instance,
    opts: &SolveOptions,
    run: impl FnOnce(&SolveOptions) -> Result<T, SolveError>,
) -> Result<T, SolveError> {
    let bar = Bar::new(inst.label(), 0);
    let opts = SolveOptions {
        limits: opts.limits.renewed().with_progress(bar.hook()),
        ..opts.clone()
    };
    run(&opts)
}

/// What a run over the puzzles of its input reports: with `--json` one object per puzzle,
/// whether there is one puzzle (one multi-line answer) or several (a line each), and the first
/// failure, whose exit code is the run's.
struct Results {
    json: bool,
    single: bool,
    out: Vec<Value>,
    first_error: Option<CliError>,
}

impl Results {
    fn new(global: &GlobalOpts, puzzles: usize) -> Self {
        Results {
            json: global.json,
            single: puzzles == 1,
            out: Vec::new(),
            first_error: None,
        }
    }

    /// One puzzle failed: its message goes to stderr (or into the JSON), never to stdout, the
    /// other puzzles still run, and the run's exit code is the first failure's.
    fn failed(&mut self, inst: &dyn Instance, e: &SolveError) {
        if self.json {
            self.out.push(json!({ "label": inst.label(), "kind": inst.kind(), "status": "failed", "error": e.to_string() }));
        } else if !self.single {
            eprintln!("zlink: {}: {e}", inst.label());
        }
        self.first_error
            .get_or_insert_with(|| error_exit(inst.label(), e));
    }

    /// A limit stopped one puzzle's engine, which answered with its best (printed, and in
    /// the JSON with status `stopped` and the `error`): the run's exit code is the stop's.
    fn stopped(&mut self, inst: &dyn Instance, stop: &zlink_puzzle::Stopped) {
        let e = SolveError::Stopped(stop.clone());
        if self.json {
            if let Some(obj) = self.out.last_mut() {
                obj["error"] = json!(e.to_string());
            }
        } else if !self.single {
            eprintln!("zlink: {}: {e}", inst.label());
        }
        self.first_error
            .get_or_insert_with(|| error_exit(inst.label(), &e));
    }

    /// Prints the JSON (with `--json`) and gives the run's result.
    fn finish(self) -> Result<(), CliError> {
        if self.json {
            print_json(self.out);
        }
        self.first_error.map_or(Ok(()), Err)
    }
}

/// Prints the JSON of a run: one object for one puzzle, an array for several.
pub(crate) fn print_json(mut out: Vec<Value>) {
    let v = if out.len() == 1 {
        out.remove(0)
    } else {
        Value::Array(out)
    };
    outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
}
