//! `zlink generate numberlink --size HxW`: one random puzzle from the library's generator
//! (`zlink_link::numberlink::publish`), unique under the rules asked for, written as the compact
//! grid (or Janko text, a puzz.link URL; SVG beside), with under which rule sets it is unique.
//!
//! Why here: the binary only maps options onto a `publish::Request` and the one `Limits`,
//! calls the library's `Generator` (`publish::Publisher`), re-solves with the ZDD engine for `--verify` (the library's `by_engine`)
//! and prints; the generator, its repairs and its budgets live in the library.

use std::time::{Duration, Instant};

use serde_json::json;
use zlink_base::Limits;
use zlink_link::numberlink::publish::{
    by_engine, Difficulty, PublishError, Published, Publisher, Request, RuleSet,
};
use zlink_puzzle::numberlink::formats::{write_compact, write_janko, COMPACT_MAX_PAIRS};
use zlink_puzzle::numberlink::{render, url::format_url};
use zlink_puzzle::{Generator, SolveError};

use super::{write_instance, Args, Format};
use crate::commands::graph_count::parse_grid;
use crate::exit::CliError;
use crate::memory;
use crate::output::{out, outln};
use crate::progress::Bar;
use crate::GlobalOpts;

/// `--rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesArg {
    /// Every cell on a line, no U-bend (Janko's Arukone).
    Janko,
    /// Every cell on a line, U-bends allowed (Flow Free).
    Cover,
    /// Cells may stay empty, any bends (Nikoli's rules as most solvers read them).
    Plain,
}

/// `--difficulty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Level {
    /// The local rules settle every edge.
    Easy,
    /// The rules and probing (one level of lookahead) settle every edge.
    Medium,
    /// Unique, but probing leaves edges open: search needed.
    Hard,
}

/// Parses `--pairs`: `A..B` or `N` (`N..N`).
///
/// # Errors
/// A message for clap (exit 2).
pub fn parse_pairs(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected A..B or N with 1 <= A <= B, e.g. 8..10, found `{s}`");
    let (a, b) = s.split_once("..").unwrap_or((s, s));
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = b.trim().parse().map_err(|_| bad())?;
    if a == 0 || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// The request of `args`.
fn request(args: &Args) -> Result<Request, CliError> {
    let (rows, cols) = parse_grid(args.size.as_deref().unwrap_or_default())?;
    Ok(Request {
        rows,
        cols,
        pairs: args.pairs,
        rules: match args.rules {
            RulesArg::Janko => RuleSet::Janko,
            RulesArg::Cover => RuleSet::Cover,
            RulesArg::Plain => RuleSet::Plain,
        },
        difficulty: args.difficulty.map(|l| match l {
            Level::Easy => Difficulty::Easy,
            Level::Medium => Difficulty::Medium,
            Level::Hard => Difficulty::Hard,
        }),
        trivial: args.trivial,
    })
}

/// The library's error as an exit: 3 for the time limit and the memory budget, 2 for a
/// request that cannot be met.
fn exit_of(e: PublishError) -> CliError {
    match e {
        PublishError::Stopped(s) if s.is_time() => {
            CliError::budget(format!("{s}: raise --time-limit"))
        }
        PublishError::Stopped(s) => CliError::budget(format!("{s}: raise --max-memory")),
        PublishError::Request(m) => CliError::input(m),
    }
}

/// The generator's error as an exit (its own typed error is the cause of a solver error).
fn exit_of_solve(e: SolveError) -> CliError {
    match e {
        SolveError::Stopped(s) => exit_of(PublishError::Stopped(s)),
        SolveError::Solver(c) => match c.downcast_ref::<PublishError>() {
            Some(e) => exit_of(e.clone()),
            None => CliError::failed(c),
        },
        e => CliError::input(e),
    }
}

/// `--verify`: the ZDD engine finds the puzzle's solution under the asked rules, and no other.
fn verify(made: &Published, rules: RuleSet, limits: &Limits) -> Result<(), CliError> {
    let found = by_engine(&made.puzzle, rules.rules(), limits)
        .map_err(|e| CliError::budget(format!("verifying: {e}: raise --time-limit")))?;
    if found != [made.solution.clone()] {
        return Err(CliError::failed(format!(
            "verification failed: the engine found {} solution(s) under {} rules, not the \
             generator's one",
            found.len(),
            rules.name()
        )));
    }
    Ok(())
}

/// `janko, cover, not plain` (or `plain not known`).
fn uniqueness_text(made: &Published) -> String {
    let words: Vec<String> = made
        .unique
        .iter()
        .map(|&(r, u)| match u {
            Some(true) => r.name().to_string(),
            Some(false) => format!("not {}", r.name()),
            None => format!("{} not known", r.name()),
        })
        .collect();
    words.join(", ")
}

/// The JSON report of a made puzzle.
fn report(args: &Args, r: &Request, made: &Published, text: &str, started: Instant) -> String {
    let p = &made.puzzle;
    let unique: serde_json::Map<String, serde_json::Value> = made
        .unique
        .iter()
        .map(|&(r, u)| (r.name().to_string(), json!(u)))
        .collect();
    let mut v = json!({
        "rows": r.rows,
        "cols": r.cols,
        "seed": args.seed,
        "rules": r.rules.name(),
        "pairs": p.pairs().len(),
        "pair_range": r.pair_range(),
        "difficulty": r.difficulty.map(Difficulty::name),
        "grade": made.grade.name(),
        "unique": unique,
        "format": format!("{:?}", args.format).to_lowercase(),
        "puzzle": text,
        "compact": write_compact(p),
        "janko": write_janko(p),
        "url": format_url(p, "numlin", ""),
        "verified": args.verify,
        "seconds": started.elapsed().as_secs_f64(),
        "generator_seconds": made.stats.seconds,
        "layouts": made.stats.layouts,
        "checks": made.stats.checks,
        "repairs": made.stats.repairs,
        "peak_memory_bytes": memory::peak_bytes(),
    });
    if args.solution {
        let solution = render::text(p, Some(&made.solution));
        v["solution"] = json!(solution.lines().collect::<Vec<_>>());
    }
    v.to_string()
}

/// Runs `zlink generate numberlink --size HxW`.
///
/// # Errors
/// Exit 3 at the time limit or above the memory budget (nothing written), 1 when `--verify`
/// fails, 2 for a request that cannot be met.
pub fn run(args: &Args, global: &GlobalOpts) -> Result<(), CliError> {
    let started = Instant::now();
    crate::commands::puzzle::check_svg_folder(args.svg.as_deref())?;
    let mut r = request(args)?;
    if args.format == Format::Compact {
        // the compact grid's alphabet bounds the default range; a range asked for is kept
        let (fewest, most) = r.pair_range();
        if args.pairs.is_none() {
            r.pairs = Some((fewest.min(COMPACT_MAX_PAIRS), most.min(COMPACT_MAX_PAIRS)));
        } else if most > COMPACT_MAX_PAIRS {
            return Err(CliError::input(format!(
                "--pairs: up to {most} pairs do not fit the compact grid ({COMPACT_MAX_PAIRS} \
                 at most): use --format janko or url"
            )));
        }
    }
    let bar = Bar::new("numberlink", 0);
    let mut limits = Limits::default().with_progress(bar.hook());
    limits.max_memory = args.max_memory.or_else(memory::default_budget);
    if let Some(t) = args.time_limit {
        limits = limits.with_time_limit(Duration::from_secs_f64(t));
    }
    let made = Publisher
        .generate(&r, args.seed, &limits)
        .map_err(exit_of_solve)?
        .details;
    drop(bar);
    if args.verify {
        verify(&made, r.rules, &limits)?;
    }
    let p = &made.puzzle;
    let text = write_instance(p, args.format)?;
    if let Some(path) = &args.svg {
        std::fs::write(path, render::svg(p, None))
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    }
    if global.json {
        outln!("{}", report(args, &r, &made, &text, started));
        return Ok(());
    }
    out!("{text}");
    if args.solution {
        if args.format != Format::Url {
            outln!("");
        }
        out!("{}", render::text(p, Some(&made.solution)));
    }
    eprintln!(
        "{}x{} numberlink, {} pairs, {}; unique under: {}; {:.3} s ({} layouts, {} checks, {} \
         repairs){}",
        r.rows,
        r.cols,
        p.pairs().len(),
        made.grade.name(),
        uniqueness_text(&made),
        started.elapsed().as_secs_f64(),
        made.stats.layouts,
        made.stats.checks,
        made.stats.repairs,
        if args.verify { ", verified" } else { "" }
    );
    Ok(())
}
