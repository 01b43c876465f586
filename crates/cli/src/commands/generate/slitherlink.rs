//! `zlink generate slitherlink`: from a loop (drawn in a file, or random with `--size`), the
//! family of every hint set that makes it the unique solution (`zlink_link::design`), its
//! statistics, and puzzles picked from it (samples, minimal, minimum, hardest), written in the
//! Slitherlink formats and optionally re-solved (`--verify`).
//!
//! Why here: the binary only reads arguments, calls the design library
//! (`zlink_link::design::route` chooses the route, `::pick` the instances) and writes what
//! was picked; the submodules word the route's facts ([`route`]), the row generation's
//! figures ([`minimum`]) and write the instances ([`write`]).

mod minimum;
mod one;
mod route;
mod write;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use zlink_base::stop::human_bytes;
use zlink_base::Limits;
use zlink_link::design::pick::{self, minimal_family, Pick};
use zlink_link::design::route::DESIGN_BYTES_PER_NODE;
use zlink_link::design::{parse_candidates, random, DesignError, Hardness, HintDesign, Which};
use zlink_link::slitherlink::generate::MAX_SIDE;
use zlink_puzzle::ProgressHook;
use zlink_puzzle::{Coord, Grid};

use crate::exit::CliError;
use crate::memory;
use crate::output::{big_json, outln};
use crate::GlobalOpts;

pub use route::Route;
pub use write::Format;

/// Options of `zlink generate slitherlink`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Every hint set that makes a loop the unique Slitherlink solution, and puzzles from it",
    long_about = "Every hint set that makes a loop the unique Slitherlink solution, as a ZDD \
over the candidate cells (each hint takes the value the loop gives it), and puzzles picked \
from it.\n\nWith no picking flag one uniformly random minimal puzzle is written (with --stats \
alone, only the statistics).\n\nRoutes (--route): up to 36 candidate cells the family is \
computed over all of them (exact); beyond, a --loop file first tries the exact route \
within 8M nodes and 10 s, and otherwise minimal hint sets are found greedily with the \
solver and the family is computed over a candidate set made of them (reduced: every minimal \
set is a minimal puzzle, but the counts are those of that candidate set, as --stats says), \
or over one such set alone when the grid is too large for any diagram (greedy). \
--minimum on those routes finds the minimum over every candidate by row generation instead.",
    after_help = "Loop file: `x` or `#` for a cell inside the loop, `.`, `-` or space outside; an \
optional first line `cols rows` (the ERATO format). The region's boundary must be one simple \
cycle (one 4-connected region, no hole, no two cells touching only at a corner). --loop also \
takes Janko's solution block (a `rows cols` line, then rows of space-separated `x` and `-`, as \
`zlink solve --kind slitherlink --format janko` writes it), a loop drawn as `zlink solve --kind \
slitherlink` prints it, or a puzzle (any format, a URL or a Tatham id), whose unique solution \
is the loop.\nCandidates \
file: same size, any character other than `.`, `-` or space marks a candidate.\n\nExamples:\n  \
zlink generate slitherlink --size 20x20 --seed 3\n  zlink generate slitherlink --size \
30x30 --difficulty medium --symmetry rot2 --format url\n  zlink generate slitherlink --from \
puzzle.txt --json\n  zlink generate slitherlink --size 6x6 --seed 3 --stats\n  zlink generate slitherlink --loop L.txt \
--stats --json\n  zlink generate slitherlink --loop L.txt --hardest --limit 5 --out dir --svg \
--verify"
)]
pub struct Args {
    /// The loop: a region file, Janko's solution block, a loop drawn as `zlink solve --kind
    /// slitherlink` prints it, or a puzzle (file, URL or Tatham id) whose unique solution is
    /// taken (see below); `-` for stdin.
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present_any = ["size", "from"],
        conflicts_with_all = ["size", "from"]
    )]
    pub r#loop: Option<String>,
    /// One random puzzle on a HxW cell grid (rows x columns, up to 256x256): a random loop
    /// spread over the grid, every clue, then clues removed in one pass while the puzzle stays
    /// unique (or settled by --difficulty's technique): unique and minimal, in seconds at
    /// 60x60. With --stats, --sample, --minimal, --minimum, --hardest or --candidates, the
    /// family of every hint set of a random loop instead (small grids).
    #[arg(long, value_name = "HxW", value_parser = parse_size, conflicts_with = "from")]
    pub size: Option<(usize, usize)>,
    /// Strip the puzzle PUZZLE (a file in any Slitherlink format, `-` for stdin, a puzz.link
    /// URL or a Tatham id) to a minimal subset of its hints with the same unique solution.
    #[arg(long, value_name = "PUZZLE")]
    pub from: Option<String>,
    /// The grade the puzzle must have: easy (the local rules settle every side), medium
    /// (rules and probing, one level of lookahead, settle it), hard (unique, but probing does
    /// not settle it). Default: only unique, the fewest hints.
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub difficulty: Option<one::Level>,
    /// Symmetry of the hints' positions (clues are removed an orbit at a time).
    #[arg(long, value_enum, default_value_t = one::Sym::None)]
    pub symmetry: one::Sym,
    /// Candidate hint cells (default: every cell).
    #[arg(long, value_name = "FILE")]
    pub candidates: Option<String>,
    /// Print the statistics: good hint sets, minimal ones, minimum size and how many have it,
    /// diagram sizes and times (on stdout; one JSON object with --json).
    #[arg(long)]
    pub stats: bool,
    /// Write N uniformly random good hint sets (from the minimal ones with --minimal).
    #[arg(long, value_name = "N", conflicts_with_all = ["minimum", "hardest"])]
    pub sample: Option<usize>,
    /// Seed of --sample and of the random loop of --size.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Write minimal good hint sets (no hint removable), in the diagram's order.
    #[arg(long, conflicts_with_all = ["minimum", "hardest"])]
    pub minimal: bool,
    /// Write good hint sets of the fewest hints. When the route does not cover every
    /// candidate (reduced, greedy), the minimum over all of them by row generation (the
    /// solver finds the disagreement sets a small hint set misses; minutes on 8x8 loops),
    /// and --stats then gives that minimum size and count.
    #[arg(long, conflicts_with = "hardest")]
    pub minimum: bool,
    /// Write the hardest minimal hint sets: fewest 4s, then 0s, 3s, 1s, 2s (the ZDD paper's
    /// criterion), or the least total of --weights.
    #[arg(long)]
    pub hardest: bool,
    /// Weights of the clue values 0,1,2,3,4 for --hardest (the least total is chosen).
    #[arg(long, value_name = "W0,W1,W2,W3,W4", value_parser = parse_weights, requires = "hardest")]
    pub weights: Option<[i64; 5]>,
    /// How many instances --minimal, --minimum and --hardest write.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::args::limit_usize)]
    pub limit: usize,
    /// Write each instance (and the loop, `loop.txt`) to a file in DIR instead of stdout.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Format of the instances.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Also draw each instance as SVG (`DIR/NAME.svg`; needs --out).
    #[arg(long, requires = "out")]
    pub svg: bool,
    /// Re-solve every written instance with the Slitherlink ZDD solver; fail (exit 1) unless
    /// the loop is its only solution. The one-puzzle route (--size, --from) re-solves with a
    /// fresh SAT solver over the whole grid instead (it settles large puzzles a frontier count
    /// cannot) and also checks by deletion that no hint can be removed.
    #[arg(long)]
    pub verify: bool,
    /// Memory budget, e.g. `8G` (default: 80% of the memory available at start); a run that
    /// needs more stops with exit code 3 instead of being killed.
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub max_memory: Option<u64>,
    /// How the design is computed: `exact` over every candidate cell; `reduced` from minimal
    /// hint sets found greedily by the solver, the family over a candidate set made of them
    /// (its figures are of that set, and say so); `auto` is exact up to 36 candidates, and
    /// above tries exact on a `--loop` file within a small budget before going reduced.
    #[arg(long, value_enum, default_value_t = Route::Auto)]
    pub route: Route,
    /// Cells beyond the first greedy minimal set in the reduced route's candidate set (taken
    /// from further greedy sets; more cells, better picks, longer runs). Default: 8 when the
    /// grid's short side is at most 8, else 4.
    #[arg(long, value_name = "K")]
    pub extra: Option<usize>,
    /// Wall-clock limit in seconds (checked at every level of the build and throughout the
    /// later phases, except inside the minimal-members step);
    /// exit code 3 when reached.
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::time_limit)]
    pub time_limit: Option<f64>,
}

fn parse_size(spec: &str) -> Result<(usize, usize), String> {
    zlink_puzzle::input_size::parse_hxw(spec, MAX_SIDE)
}

fn parse_weights(s: &str) -> Result<[i64; 5], String> {
    let bad = || format!("expected five integers W0,W1,W2,W3,W4, found `{s}`");
    let v: Vec<i64> = s
        .split(',')
        .map(|w| w.trim().parse::<i64>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    v.try_into().map_err(|_| bad())
}

/// The loop and candidates of the run.
fn load(args: &Args) -> Result<(Grid<bool>, Grid<bool>), CliError> {
    let inside = match (&args.r#loop, args.size) {
        (Some(file), _) => one::read_loop(file, args.time_limit)?,
        (None, Some((r, c))) => random::random_loop(r, c, args.seed),
        (None, None) => return Err(CliError::input("give --loop FILE or --size HxW")),
    };
    let (rows, cols) = (inside.rows(), inside.cols());
    let candidates = match &args.candidates {
        Some(file) => {
            let (text, source) = crate::input::read(file)?;
            parse_candidates(&text, &source, rows, cols).map_err(CliError::input)?
        }
        None => Grid::new(rows, cols, true),
    };
    Ok((inside, candidates))
}

/// Exit 3 for budgets and the time limit (saying which option to raise), else exit 2.
fn design_error(args: &Args, e: &DesignError) -> CliError {
    let timed_out = match e {
        DesignError::TimeLimit { .. } => true,
        DesignError::Stopped(s) => s.is_time(),
        _ => false,
    };
    if timed_out {
        CliError::budget(format!("{e}: raise --time-limit"))
    } else if e.is_budget() {
        let budget = args.max_memory.or_else(memory::default_budget);
        let how = budget.map_or(String::new(), |b| {
            format!(
                " (a memory budget of {} allows about {} diagram nodes at {DESIGN_BYTES_PER_NODE} \
                 bytes each)",
                human_bytes(b),
                b / DESIGN_BYTES_PER_NODE
            )
        });
        CliError::budget(format!("memory budget exhausted{how}: raise --max-memory"))
    } else {
        CliError::input(e)
    }
}

/// The limits of the run: `--max-memory` (or the default budget), `--time-limit` from now,
/// and a progress bar on a terminal (returned, to clear it when the build is done).
fn limits(args: &Args) -> (Limits, Option<ProgressBar>) {
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(1);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:40}] level {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let hook = match &bar {
        None => ProgressHook::default(),
        Some(bar) => {
            let bar = bar.clone();
            ProgressHook::new(move |r| {
                if let Some(levels) = r.total {
                    bar.set_length(levels);
                }
                bar.set_position(r.done);
                bar.set_message(r.detail.to_string());
            })
        }
    };
    let mut limits = Limits {
        max_memory: args.max_memory.or_else(memory::default_budget),
        progress: hook,
        ..Limits::default()
    };
    if let Some(t) = args.time_limit {
        limits = limits.with_time_limit(Duration::from_secs_f64(t));
    }
    (limits, bar)
}

/// What the picking flags ask for (`--sample N --minimal` samples the minimal family).
fn wanted_pick(args: &Args) -> Pick {
    if args.minimum {
        Pick::Minimum
    } else if args.hardest {
        Pick::Hardest(args.weights.map_or(Hardness::Paper, Hardness::Weights))
    } else if let Some(n) = args.sample {
        Pick::Sample {
            n,
            minimal: args.minimal,
        }
    } else if args.minimal {
        Pick::Minimal
    } else if args.stats {
        Pick::Nothing
    } else {
        Pick::One
    }
}

/// The statistics of `--stats`, as JSON (exact counts as numbers up to 2^53, strings beyond).
fn stats(
    args: &Args,
    design: &mut HintDesign,
    info: &Value,
    started: Instant,
    deadline: Option<Instant>,
) -> Result<Value, CliError> {
    let err = |e| design_error(args, &e);
    let minimum = design.minimum().map_err(err)?;
    minimal_family(design, deadline).map_err(err)?;
    let (size, count) = match &minimum {
        Some(m) => (json!(m.value), big_json(&m.ties)),
        None => (Value::Null, json!(0)),
    };
    let s = design.stats();
    let mut v = json!({
        "rows": design.values().rows(),
        "cols": design.values().cols(),
        "candidates": design.num_candidates(),
        "good": big_json(&design.good_count()),
        "minimal": big_json(&design.minimal_count()),
        "minimum_size": size,
        "minimum_count": count,
        "good_nodes": s.good_nodes,
        "minimal_nodes": s.minimal_nodes,
        "mixed_nodes": s.mixed_nodes,
        "seconds": started.elapsed().as_secs_f64(),
        "peak_memory_bytes": memory::peak_bytes(),
    });
    if let (Value::Object(v), Value::Object(i)) = (&mut v, info) {
        v.extend(i.iter().map(|(k, x)| (k.clone(), x.clone())));
    }
    Ok(v)
}

fn print_stats(v: &Value) {
    let field = |k: &str| match &v[k] {
        Value::String(s) => s.clone(),
        x => x.to_string(),
    };
    outln!(
        "loop: {}x{} cells, {} candidate cells",
        field("rows"),
        field("cols"),
        field("candidates")
    );
    outln!("route: {}", field("route"));
    if let Value::String(note) = &v["note"] {
        outln!("  ({note})");
    }
    if let Value::String(over) = &v["minimum_over"] {
        outln!("  (minimum size and count over {over})");
    }
    outln!(
        "good hint sets: {} ({} nodes)",
        field("good"),
        field("good_nodes")
    );
    outln!(
        "minimal good hint sets: {} ({} nodes)",
        field("minimal"),
        field("minimal_nodes")
    );
    if v["minimum_size"].is_null() {
        outln!("minimum size: none (no good hint set)");
    } else {
        outln!(
            "minimum size: {} hints, {} sets",
            field("minimum_size"),
            field("minimum_count")
        );
    }
    outln!("seconds: {:.3}", v["seconds"].as_f64().unwrap_or(0.0));
}

/// The loop as a region grid (`x` inside, `.` outside), as `--loop` reads it.
fn loop_lines(inside: &Grid<bool>) -> Vec<String> {
    (0..inside.rows())
        .map(|r| {
            (0..inside.cols())
                .map(|c| if inside[Coord::new(r, c)] { 'x' } else { '.' })
                .collect()
        })
        .collect()
}

/// Runs `zlink generate slitherlink`.
///
/// # Errors
/// Exit 2 for a malformed loop or candidates file (positioned), 3 when the memory budget or
/// the time limit runs out, 1 when no hint set makes the loop unique but puzzles were asked
/// for, or when `--verify` finds an instance that is not unique.
pub fn run(args: Args, global: &GlobalOpts) -> Result<(), CliError> {
    if one::wanted(&args)? {
        return one::run(&args, global);
    }
    let started = Instant::now();
    let (limits, bar) = limits(&args);
    let (inside, cand) = load(&args)?;
    let routed = route::design(&args, &inside, &cand, &limits);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let (mut design, mut info) = routed?;
    let deadline = limits.deadline;
    // the minimum over every candidate, when the route's design covers fewer
    let all_min = if minimum::wanted(&args, &info) {
        Some(minimum::compute(&args, &inside, &cand, deadline)?)
    } else {
        None
    };
    let stats_v = if args.stats {
        let mut v = stats(&args, &mut design, &info, started, deadline)?;
        if let Some(m) = &all_min {
            minimum::into_stats(&mut v, m);
        }
        Some(v)
    } else {
        None
    };
    let picks = match &all_min {
        Some(m) if args.minimum => Some(pick::minimum_picks(m, args.limit)),
        _ => pick::pick(
            &mut design,
            wanted_pick(&args),
            args.limit,
            args.seed,
            deadline,
        )
        .map_err(|e| design_error(&args, &e))?,
    };
    let none_good = match &all_min {
        Some(m) => m.size.is_none(),
        None => design.count(Which::Good) == 0u32.into(),
    };
    if picks.is_some() && none_good {
        return Err(CliError::failed(
            "no hint set over the candidate cells makes the loop the unique solution",
        ));
    }
    let picks = picks.unwrap_or_default();
    if let (Some(v), false) = (&stats_v, global.json) {
        print_stats(v);
    }
    let written = write::write(&args, &design, &picks, global.json)?;
    let loop_v = loop_lines(&inside);
    if let Some(dir) = &args.out {
        write::file(&dir.join("loop.txt"), &(loop_v.join("\n") + "\n"))?;
    }
    if global.json {
        let mut obj = stats_v.unwrap_or_else(|| {
            info["candidates"] = json!(design.num_candidates());
            info
        });
        obj["loop"] = json!(loop_v);
        if !picks.is_empty() || !args.stats {
            obj["instances"] = Value::Array(written);
        }
        outln!("{}", serde_json::to_string_pretty(&obj).unwrap_or_default());
    }
    Ok(())
}
