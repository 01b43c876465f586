//! `zlink solve --kind K` and `zlink count --kind K`: load puzzles through the one registry,
//! solve or count each, print text / SVG / JSON.
//!
//! Input is a file, `-` for stdin, or a puzz.link URL given directly. A file may hold several
//! puzzles (one URL or id a line, or grids separated by blank lines, as `generate --list`
//! writes them; [`zlink_puzzle::list`]): each is solved or counted on its own, one output line
//! (or one JSON object) per puzzle, never one merged grid. Exit codes: 0 ok; 1 a puzzle has no solution or
//! the solver gave up (time limit); 2 bad input (`file:line:col: …`) or usage; 3 budget.

mod args;
mod report;

pub use args::{kinds, kinds_help, PuzzleCountArgs, PuzzleInput, RenderArgs, SolveArgs};
pub(crate) use report::{check_svg_folder, print_json, svg_path};
use report::{print_stats, stats_json, Results};

use std::time::Duration;

use serde_json::{json, Value};
use zlink_puzzle::{
    find_kind, solution_format_error, AnySolution, Counted, Instance, Limits, SolveError,
    SolveOptions, Solved,
};

use crate::exit::CliError;
use crate::memory;
use crate::output::{out, outln};
use crate::progress::Bar;
use crate::GlobalOpts;

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
                let at = (i, instances.len());
                print_solved(
                    &args,
                    inst.as_ref(),
                    &solved,
                    at,
                    &mut results,
                    &mut written,
                )?;
            }
            Err(e) => results.failed(inst.as_ref(), &e),
        }
    }
    results.finish()
}

/// Prints one solved puzzle: its notes on stderr, the SVG file, the stats, and the solution
/// (in `--format`, as text for a single puzzle, as a line each otherwise, or into the JSON).
/// `at` is the puzzle's index and the number of puzzles; `written` counts `--format` outputs.
fn print_solved(
    args: &SolveArgs,
    inst: &dyn Instance,
    solved: &Solved<AnySolution>,
    at: (usize, usize),
    results: &mut Results,
    written: &mut usize,
) -> Result<(), CliError> {
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
        let path = svg_path(base, at.0, at.1);
        std::fs::write(&path, inst.render_svg(sol))
            .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
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
    if results.json {
        let mut obj = json!({
            "label": inst.label(),
            "kind": inst.kind(),
            "puzzle": inst.describe(),
            "status": if solved.stopped.is_some() { "stopped" } else { "solved" },
            "unique": solved.more.map(|m| !m),
            "solution": inst.render_line(sol),
            "text": inst.render_text(sol),
            "stats": stats_json(&solved.stats),
        });
        if let Some(note) = &solved.note {
            obj["note"] = json!(note);
        }
        if let (Some(f), Some(w)) = (&args.format, &in_format) {
            obj["format"] = json!(f);
            obj["written"] = json!(w);
        }
        results.out.push(obj);
    } else if let Some(w) = &in_format {
        if *written > 0 {
            outln!("");
        }
        *written += 1;
        out!("{w}");
    } else if results.single {
        out!("{}", inst.render_text(sol));
    } else {
        outln!("{}", inst.render_line(sol));
    }
    if let Some(stop) = &solved.stopped {
        results.stopped(inst, stop);
    }
    Ok(())
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
