//! `zlink generate slitherlink --size HxW` (with no design flag) and `--from PUZZLE`: one
//! puzzle from the library's generator (`zlink_link::slitherlink::generate`): a random
//! unique minimal puzzle, or the given puzzle stripped to a minimal subset of its hints.
//!
//! Why here: the binary only maps options onto a `generate::Request`, calls the library's
//! `Generator` (`generate::Removal`) and writes the puzzle in the chosen format with its
//! figures (`--json`), re-solved with `--verify`; the generator, its routes and its limits
//! live in the library.

use std::time::{Duration, Instant};

use serde_json::json;
use zlink_engines::slitherlink::Slitherlink;
use zlink_link::slitherlink::generate::{
    self, Difficulty, GenError, Generated, Removal, Request, Start, Symmetry,
};
use zlink_puzzle::{Generator, Grid, Puzzle, SolveError};

use super::write::{self, Format};
use super::{loop_lines, Args};
use crate::exit::CliError;
use crate::memory;
use crate::output::{out, outln};
use crate::GlobalOpts;

/// `--difficulty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Level {
    /// The local rules settle every side.
    Easy,
    /// The rules and probing (one level of lookahead) settle every side.
    Medium,
    /// Unique, but probing does not settle it.
    Hard,
}

/// `--symmetry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sym {
    /// No symmetry.
    None,
    /// Half-turn symmetry.
    Rot2,
    /// Quarter-turn symmetry (square grids).
    Rot4,
    /// Mirror symmetry (left-right).
    Mirror,
}

/// Whether the run is this module's: `--from`, or `--size` with no flag of the design route.
///
/// # Errors
/// Exit 2 when `--difficulty` or `--symmetry` is given to the design route.
pub fn wanted(args: &Args) -> Result<bool, CliError> {
    let design = args.stats
        || args.sample.is_some()
        || args.minimal
        || args.minimum
        || args.hardest
        || args.candidates.is_some()
        || args.extra.is_some()
        || args.route != super::Route::Auto;
    let one = args.from.is_some() || (args.size.is_some() && !design);
    if !one && (args.difficulty.is_some() || args.symmetry != Sym::None) {
        return Err(CliError::input(
            "--difficulty and --symmetry make one puzzle: use them with --size (without --stats, \
             --sample, --minimal, --minimum, --hardest, --candidates, --route, --extra) or \
             --from",
        ));
    }
    if args.from.is_some() && design {
        return Err(CliError::input(
            "--from strips one puzzle: --stats, --sample, --minimal, --minimum, --hardest, \
             --candidates, --route and --extra go with --loop or --size",
        ));
    }
    Ok(one)
}

/// The deadline of `--time-limit` from now.
fn deadline(time_limit: Option<f64>) -> Option<Instant> {
    time_limit.and_then(|t| Instant::now().checked_add(Duration::from_secs_f64(t)))
}

/// The library's error as an exit: 3 for the time limit and the memory budget, 1 for a puzzle
/// without a unique solution, 2 otherwise.
fn exit_of(e: GenError) -> CliError {
    match e {
        GenError::Stopped(s) => CliError::stopped("", &s, false),
        GenError::NoSolution | GenError::NotUnique => CliError::failed(e),
        GenError::Invalid(_) => CliError::input(e),
    }
}

/// The generator's error as an exit (its own typed error is the cause of a solver error).
fn exit_of_solve(e: SolveError) -> CliError {
    match e {
        SolveError::Stopped(s) => CliError::stopped("", &s, false),
        SolveError::Solver(c) => match c.downcast_ref::<GenError>() {
            Some(e) => exit_of(e.clone()),
            None => CliError::failed(c),
        },
        e => CliError::input(e),
    }
}

/// Reads a puzzle argument (file, `-`, URL or Tatham id) in any Slitherlink format.
fn read_puzzle(arg: &str) -> Result<Grid<Option<u8>>, CliError> {
    let (text, source) = crate::input::read(arg)?;
    let p = Slitherlink::parse_any(&text, &source).map_err(CliError::input)?;
    Ok(p.clues().clone())
}

/// The loop of `--loop`: a region or a drawn loop, else a puzzle whose unique solution it is.
///
/// # Errors
/// Exit 2 for text that is none of them (the region reader's positioned message), 1 for a
/// puzzle without a unique solution, 3 at the time limit.
pub fn read_loop(arg: &str, time_limit: Option<f64>) -> Result<Grid<bool>, CliError> {
    let (text, source) = crate::input::read(arg)?;
    let region_err = match zlink_link::design::parse_loop(&text, &source) {
        Ok(inside) => return Ok(inside),
        Err(e) => e,
    };
    let Ok(p) = Slitherlink::parse_any(&text, &source) else {
        return Err(CliError::input(region_err));
    };
    generate::solution(p.clues(), deadline(time_limit))
        .map(|(inside, _)| inside)
        .map_err(|e| match e {
            GenError::NoSolution | GenError::NotUnique => CliError::failed(format!(
                "{source}: read as a puzzle, it has no unique solution to take as the loop ({e})"
            )),
            e => exit_of(e),
        })
}

/// Figures of `--verify`.
#[derive(Default)]
struct Verified {
    /// Seconds of the uniqueness re-solve.
    unique_seconds: f64,
    /// Seconds of the minimality check.
    minimal_seconds: f64,
    /// How each hint (orbit) was shown needed.
    minimality: generate::Minimality,
}

/// `--verify`: a fresh SAT checker finds the loop the only solution, and no hint can go (each
/// shown needed by the pass's witness loop, checked here, or else by a fresh SAT check).
///
/// # Errors
/// Exit 1 when either fails, 3 at the time limit.
fn verify(
    g: &Generated,
    symmetry: Symmetry,
    limits: &zlink_base::Limits,
) -> Result<Verified, CliError> {
    let started = Instant::now();
    let limit = limits.time_limit;
    let stopped =
        |e: zlink_base::Stopped| CliError::stopped("verifying", &e.with_limit(limit), false);
    if !generate::is_unique(&g.clues, &g.inside, limits.deadline).map_err(stopped)? {
        return Err(CliError::failed(
            "verification failed: the puzzle does not have the loop as its only solution",
        ));
    }
    let unique_seconds = started.elapsed().as_secs_f64();
    let (removable, minimality) =
        generate::removable_hint_with(&g.clues, &g.inside, symmetry, &g.witnesses, limits.deadline)
            .map_err(|e| CliError::stopped("verifying minimality", &e.with_limit(limit), false))?;
    if let Some(at) = removable {
        return Err(CliError::failed(format!(
            "verification failed: the puzzle stays unique without the hint at {at}"
        )));
    }
    Ok(Verified {
        unique_seconds,
        minimal_seconds: started.elapsed().as_secs_f64() - unique_seconds,
        minimality,
    })
}

/// `--out DIR`: the puzzle, its loop and (`--svg`) its picture as files.
fn write_out(args: &Args, p: &Slitherlink, text: &str, loop_v: &[String]) -> Result<(), CliError> {
    let Some(dir) = &args.out else {
        return Ok(());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::input(format!("cannot create {}: {e}", dir.display())))?;
    let name = format!("puzzle.{}", args.format.extension());
    write::file(&dir.join(name), text)?;
    write::file(&dir.join("loop.txt"), &(loop_v.join("\n") + "\n"))?;
    if args.svg && args.format != Format::Svg {
        write::file(&dir.join("puzzle.svg"), &p.render_svg(None))?;
    }
    Ok(())
}

/// The instance as the design route lists its picks (`instances` of the JSON).
fn instance(args: &Args, p: &Slitherlink, hints: usize, v: &Verified) -> serde_json::Value {
    let mut inst = json!({
        "name": "puzzle",
        "hints": hints,
        "text": p.render_text(None),
        "url": p.to_url(),
        "janko": p.to_janko(),
        "tatham": p.to_tatham(),
    });
    if args.verify {
        inst["verified"] = json!(true);
        // a hint whose check gave up at the round cap is neither removable nor shown needed
        inst["minimal_verified"] = json!(v.minimality.unproven == 0);
        inst["verify_seconds"] = json!(v.unique_seconds + v.minimal_seconds);
        inst["verify_unique_seconds"] = json!(v.unique_seconds);
        inst["verify_minimal_seconds"] = json!(v.minimal_seconds);
        inst["verify_hints_by_witness"] = json!(v.minimality.by_witness);
        inst["verify_hints_by_sat"] = json!(v.minimality.by_sat);
        inst["verify_hints_unproven"] = json!(v.minimality.unproven);
    }
    inst
}

/// Runs the one-puzzle route.
///
/// # Errors
/// Exit 3 at the time limit or above the memory budget (nothing written), 1 when `--from`
/// has no unique solution or `--verify` fails, 2 for bad input.
pub fn run(args: &Args, global: &GlobalOpts) -> Result<(), CliError> {
    let started = Instant::now();
    let given = match &args.from {
        Some(arg) => Some(read_puzzle(arg)?),
        None => None,
    };
    let start = match (&given, args.size) {
        (Some(clues), _) => Start::Strip(clues.clone()),
        (None, Some((rows, cols))) => Start::Size { rows, cols },
        (None, None) => return Err(CliError::input("give --size HxW or --from PUZZLE")),
    };
    let request = Request {
        difficulty: args.difficulty.map(|l| match l {
            Level::Easy => Difficulty::Easy,
            Level::Medium => Difficulty::Medium,
            Level::Hard => Difficulty::Hard,
        }),
        symmetry: match args.symmetry {
            Sym::None => Symmetry::None,
            Sym::Rot2 => Symmetry::Rot2,
            Sym::Rot4 => Symmetry::Rot4,
            Sym::Mirror => Symmetry::Mirror,
        },
        ..Request::from(start)
    };
    let limits = zlink_base::Limits {
        deadline: deadline(args.time_limit),
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        max_memory: args.max_memory.or_else(memory::default_budget),
        ..Default::default()
    };
    let made = Removal
        .generate(&request, args.seed, &limits)
        .map_err(exit_of_solve)?;
    let (p, g) = (made.puzzle, made.details);
    let verified = match args.verify {
        true => verify(&g, request.symmetry, &limits)?,
        false => Verified::default(),
    };
    let text = args.format.render(&p);
    let loop_v = loop_lines(&g.inside);
    write_out(args, &p, &text, &loop_v)?;
    let hints = g.hints();
    let cells = g.clues.len();
    if global.json {
        let mut v = json!({
            "rows": g.clues.rows(),
            "cols": g.clues.cols(),
            "seed": args.seed,
            "stripped": given.is_some(),
            "given_hints": given.as_ref().map(|c| c.cells().iter().filter(|h| h.is_some()).count()),
            "difficulty": args.difficulty.map(|_| request.difficulty.map(Difficulty::name)),
            "grade": g.grade.name(),
            "symmetry": format!("{:?}", args.symmetry).to_lowercase(),
            "hints": hints,
            "hints_per_cell": hints as f64 / cells as f64,
            "seconds": started.elapsed().as_secs_f64(),
            "loops_drawn": g.stats.loops,
            "checks": g.stats.checks,
            "checks_by_rules": g.stats.by_rules,
            "sat_models": g.stats.models,
            "sat_cuts": g.stats.cuts,
            "sat_conflicts": g.stats.conflicts,
            "solve_seconds": g.stats.solve_seconds,
            "pass_seconds": g.stats.pass_seconds,
            "witnesses": g.witnesses.len(),
            "sat_max_rounds": g.stats.max_rounds,
            "unproven_hints": g.unproven.len(),
            "minimal": g.unproven.is_empty(),
            "peak_memory_bytes": memory::peak_bytes(),
            "route": "removal",
            "loop": loop_v,
        });
        v["instances"] = json!([instance(args, &p, hints, &verified)]);
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else if args.out.is_none() {
        out!("{text}");
    }
    Ok(())
}
