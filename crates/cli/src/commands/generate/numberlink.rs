//! `zlink generate numberlink`: every good Numberlink instance of a grid or graph (exactly one
//! solution, covering every cell or vertex) as one ZDD, then its count, a seeded uniform sample
//! or a listing, each instance written as a puzzle (compact grid, Janko text or puzz.link URL,
//! and SVG) and, with `--verify`, re-solved by the solver. `--count` takes the count-only
//! route (no diagram; `--diagram` counts from the diagram instead). `--size HxW` instead makes
//! one random puzzle of any size (module `one`).
//!
//! Why here: the library (`zlink_link::numberlink::generate` and `::publish`) builds the family,
//! counts it or makes the puzzle; this module only maps options, budgets, progress and output.

mod one;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use zlink_frontier::{Graph, Limits, Vertex};
use zlink_link::numberlink::generate::{
    count_graph, count_grid, verify_good, verify_good_on_graph, CountOptions, GenError,
    GoodInstances,
};
use zlink_puzzle::numberlink::formats::{write_compact, write_erato, write_janko};
use zlink_puzzle::numberlink::{render, url::format_url, NumberlinkGrid};
use zlink_puzzle::ProgressHook;

use crate::commands::graph_count::parse_grid;
use crate::exit::CliError;
use crate::memory;
use crate::output::{big_json, out, outln};
use crate::GlobalOpts;

/// How instances are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The compact grid: one line per row, `.` blank, `1`-`9` then letters for the pairs.
    Compact,
    /// Janko's text: rows of space-separated numbers, `-` blank.
    Janko,
    /// A puzz.link `numlin` URL.
    Url,
    /// The ERATO grid (TdZdd ddnumlin): a `cols rows` header, then rows of space-separated
    /// pair numbers, `-` blank.
    Erato,
    /// An SVG picture (the pairs coloured and labelled at both ends).
    Svg,
}

/// Options of `zlink generate numberlink`.
#[derive(Debug, clap::Args)]
#[command(
    group(clap::ArgGroup::new("what").args(["count", "sample", "list"])),
    after_help = "Examples:\n  zlink generate numberlink --size 20x20 --seed 3\n  zlink \
generate numberlink --size 15x15 --rules cover --format url\n  zlink generate numberlink --size \
10x10 --difficulty easy --pairs 8..10 --json\n  zlink generate numberlink --grid 4x4 --count\n  \
zlink generate numberlink --grid 5x5 --sample 3 --seed 1 --verify"
)]
pub struct Args {
    /// One random puzzle on a HxW grid (rows x columns, up to 1000x1000), unique under --rules:
    /// random lines that never touch themselves cover the grid, their ends are the puzzle, the
    /// solver checks that no other solution exists and repairs the lines where one does.
    #[arg(
        long,
        value_name = "HxW",
        conflicts_with_all = ["grid", "graph", "what", "max_pairs", "threads", "limit", "reverse_order", "log_levels"]
    )]
    pub size: Option<String>,
    /// With --size: the fewest and most pairs, `A..B` or `N` (default: about 0.4 to 0.6 times the
    /// square root of the cells under janko, 0.6 to 1.5 times under cover and plain; at most 61
    /// in the compact grid).
    #[arg(long, value_name = "A..B", requires = "size", conflicts_with_all = ["grid", "graph"], value_parser = one::parse_pairs)]
    pub pairs: Option<(usize, usize)>,
    /// With --size: the rules the puzzle is unique under: janko (every cell on a line, no line
    /// touching itself in a U-bend), cover (every cell on a line, U-bends allowed) or plain
    /// (cells may stay empty, any bends).
    #[arg(long, value_enum, default_value_t = one::RulesArg::Janko, requires = "size", conflicts_with_all = ["grid", "graph"])]
    pub rules: one::RulesArg,
    /// With --size: the grade the puzzle must have, by the technique that settles it under
    /// --rules: easy (the local rules settle every edge), medium (rules and probing, one level
    /// of lookahead), hard (unique, but probing leaves edges open: search needed). Default: any.
    #[arg(long, value_enum, value_name = "LEVEL", requires = "size", conflicts_with_all = ["grid", "graph"])]
    pub difficulty: Option<one::Level>,
    /// With --size: allow pairs whose two ends are neighbours (a line of two cells).
    #[arg(long, requires = "size", conflicts_with_all = ["grid", "graph"])]
    pub trivial: bool,
    /// With --size: also print the solution (after the puzzle; in the JSON as `solution`).
    #[arg(long, requires = "size", conflicts_with_all = ["grid", "graph"])]
    pub solution: bool,
    /// The grid, `HxW` cells (cells are the vertices).
    #[arg(
        long,
        value_name = "HxW",
        conflicts_with = "graph",
        required_unless_present_any = ["graph", "size"]
    )]
    pub grid: Option<String>,
    /// Any graph instead of a grid: an edge-list file (one `u v` pair per line, `#` comments;
    /// edges swept in the file's order). Instances are written as their pairs, `u-v` each.
    #[arg(long, value_name = "FILE")]
    pub graph: Option<PathBuf>,
    /// Only instances with at most this many pairs.
    #[arg(long, value_name = "L")]
    pub max_pairs: Option<u32>,
    /// Print the number of good instances (the last stdout line, digits only), by the
    /// count-only pass unless --diagram.
    #[arg(long)]
    pub count: bool,
    /// With --count: count from the diagram of all good instances (the route of --sample and
    /// --list; slower, a second method for checking).
    #[arg(long, requires = "count")]
    pub diagram: bool,
    /// With --count: do not let mirror images of a grid's profiles share states (slower; for
    /// checking).
    #[arg(long, requires = "count")]
    pub no_symmetry: bool,
    /// Worker threads of the count-only pass (default: all cores). The count does not
    /// depend on it.
    #[arg(long, value_name = "N", value_parser = crate::args::threads_usize)]
    pub threads: Option<usize>,
    /// Write N uniformly random good instances (with replacement).
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// Seed of --sample and of --size's puzzle (the same seed, the same puzzle).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Write the good instances (all, or the first --limit).
    #[arg(long)]
    pub list: bool,
    /// At most this many instances for --list.
    #[arg(long, value_name = "N", value_parser = crate::args::limit_usize)]
    pub limit: Option<usize>,
    /// Format of the instances written (grids; a graph instance is its pairs).
    #[arg(long, value_enum, default_value_t = Format::Compact)]
    pub format: Format,
    /// Also draw each instance written as SVG (`OUT-1.svg`, `OUT-2.svg`, … for several).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Re-solve every instance written and fail (exit 1) unless it is unique and covering
    /// (with --size: unique under --rules, by the ZDD solver).
    #[arg(long)]
    pub verify: bool,
    /// Sweep the edges in reverse (the same family by another edge order: a second method
    /// for checking counts).
    #[arg(long)]
    pub reverse_order: bool,
    /// Memory budget, e.g. `8G` (default: 80% of the memory available at start); exit 3 when
    /// it runs out.
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub max_memory: Option<u64>,
    /// Write one line per level to stderr (states, mates or nodes, seconds): progress for
    /// runs whose stderr is no terminal.
    #[arg(long)]
    pub log_levels: bool,
    /// Wall-clock limit in seconds; exit 3 when it runs out.
    #[arg(long, value_parser = crate::args::time_limit)]
    pub time_limit: Option<f64>,
}

fn gen_error(e: GenError) -> CliError {
    match e {
        GenError::TooBig(_) => CliError::input(e),
        GenError::Stopped(s) => CliError::stopped("", &s, false),
        GenError::Capacity(_) => CliError::budget(e),
    }
}

fn write_instance(p: &NumberlinkGrid, format: Format) -> Result<String, CliError> {
    match format {
        Format::Compact => write_compact(p).ok_or_else(|| {
            CliError::input("too many pairs for the compact format; use --format janko")
        }),
        Format::Janko => Ok(write_janko(p)),
        Format::Url => Ok(format!("{}\n", format_url(p, "numlin", ""))),
        Format::Erato => Ok(write_erato(p)),
        Format::Svg => Ok(render::svg(p, None)),
    }
}

/// What the instances are placed on.
enum Source {
    Grid(usize, usize),
    Graph(Graph, PathBuf),
}

impl Source {
    fn of(args: &Args) -> Result<Source, CliError> {
        match (&args.grid, &args.graph) {
            (Some(spec), _) => parse_grid(spec).map(|(r, c)| Source::Grid(r, c)),
            (None, Some(path)) => Ok(Source::Graph(
                Graph::read_edge_list(path).map_err(CliError::input)?,
                path.clone(),
            )),
            (None, None) => Err(CliError::input("give --grid HxW or --graph FILE")),
        }
    }

    /// The JSON key naming the input, and its value.
    fn name(&self) -> (&'static str, String) {
        match self {
            Source::Grid(r, c) => ("grid", format!("{r}x{c}")),
            Source::Graph(_, path) => ("graph", path.display().to_string()),
        }
    }
}

/// A graph instance: its pairs `u-v`, space-separated, on one line.
fn write_pairs(pairs: &[(Vertex, Vertex)]) -> String {
    let words: Vec<String> = pairs.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    format!("{}\n", words.join(" "))
}

/// The progress of the family's build (or the count's pass): a bar on a terminal, one line
/// per level on stderr with `--log-levels`; the bar is returned to clear it.
fn progress(args: &Args, started: Instant) -> (ProgressHook, Option<ProgressBar>) {
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:40}] level {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    // the generator reports `levels` with "S states, N nodes" (the count route: mates)
    let hook = {
        let (bar, log) = (bar.clone(), args.log_levels);
        ProgressHook::new(move |r| {
            if let Some(bar) = &bar {
                if let Some(levels) = r.total {
                    bar.set_length(levels);
                }
                bar.set_position(r.done);
                bar.set_message(r.detail.to_string());
            }
            if log {
                eprintln!(
                    "level {}/{}: {}, {:.1} s",
                    r.done,
                    r.total.unwrap_or(0),
                    r.detail,
                    started.elapsed().as_secs_f64()
                );
            }
        })
    };
    (hook, bar)
}

/// `, at most L pairs` for `--max-pairs L`.
fn at_most(args: &Args) -> String {
    args.max_pairs
        .map_or(String::new(), |l| format!(", at most {l} pairs"))
}

/// Runs `zlink generate numberlink`.
///
/// # Errors
/// Input errors (exit 2), budget or time limit (exit 3), a failed `--verify` (exit 1).
pub fn run(args: Args, global: &GlobalOpts) -> Result<(), CliError> {
    if args.size.is_some() {
        return one::run(&args, global);
    }
    if !(args.count || args.list || args.sample.is_some()) {
        return Err(CliError::input(
            "give one of --count, --sample N, --list (the good instances of --grid or --graph), \
             or --size HxW for one random puzzle",
        ));
    }
    let started = Instant::now();
    super::super::puzzle::check_svg_folder(args.svg.as_deref())?;
    let source = Source::of(&args)?;
    if matches!(source, Source::Graph(..)) && args.svg.is_some() {
        return Err(CliError::input(
            "--svg draws grid instances; drop it with --graph",
        ));
    }
    let (hook, bar) = progress(&args, started);
    let mut limits = Limits {
        max_memory: args.max_memory.or_else(memory::default_budget),
        threads: args.threads,
        progress: hook,
        ..Limits::default()
    };
    if let Some(t) = args.time_limit {
        limits = limits.with_time_limit(Duration::from_secs_f64(t));
    }
    let clear = || {
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
    };
    if args.count && !args.diagram {
        return count_only(&args, global, &source, &limits, clear, started);
    }
    let family = match &source {
        Source::Graph(g, _) => {
            GoodInstances::graph_in_order(g, args.reverse_order, args.max_pairs, &limits)
        }
        Source::Grid(rows, cols) => {
            GoodInstances::grid_in_order(*rows, *cols, args.reverse_order, args.max_pairs, &limits)
        }
    };
    clear();
    let family = family.map_err(gen_error)?;
    if args.count {
        diagram_count(&args, global, &source, &family, started);
        return Ok(());
    }
    write_picks(&args, global, &source, &family, started)
}

/// The text report of a count: what was counted and how fast, the peaks, the counts by
/// number of pairs, and the count alone on the last line.
fn print_counted(head: &str, peaks: &str, by_pairs: &[String], count: &impl std::fmt::Display) {
    outln!("numberlink {head}");
    outln!("{peaks}");
    outln!("by number of pairs: {}", by_pairs.join(" "));
    outln!("{count}");
}

/// `--count`: the count-only pass (no diagram).
fn count_only(
    args: &Args,
    global: &GlobalOpts,
    source: &Source,
    limits: &Limits,
    clear: impl Fn(),
    started: Instant,
) -> Result<(), CliError> {
    let (key, label) = source.name();
    let opts = CountOptions {
        max_pairs: args.max_pairs,
        reversed: args.reverse_order,
        no_symmetry: args.no_symmetry,
    };
    let counted = match source {
        Source::Graph(g, _) => count_graph(g, &opts, limits),
        Source::Grid(rows, cols) => count_grid(*rows, *cols, &opts, limits),
    };
    clear();
    let counted = counted.map_err(gen_error)?;
    let seconds = started.elapsed().as_secs_f64();
    let count = counted.count();
    let by_pairs: Vec<String> = counted.by_pairs.iter().map(ToString::to_string).collect();
    if global.json {
        let obj = serde_json::json!({
            key: label,
            "route": "count",
            "max_pairs": args.max_pairs,
            "reverse_order": args.reverse_order,
            "symmetry": !args.no_symmetry,
            "threads": args.threads.unwrap_or_else(rayon::current_num_threads),
            "count": big_json(&count),
            "count_by_pairs": counted.by_pairs.iter().map(big_json).collect::<Vec<_>>(),
            "seconds": seconds,
            "peak_states": counted.peak_states,
            "peak_mates": counted.peak_mates,
            "peak_held_bytes": counted.peak_bytes,
            "lookahead_bytes": counted.lookahead_bytes,
            "peak_memory_bytes": memory::peak_bytes(),
        });
        outln!("{obj}");
    } else {
        let peaks = format!(
            "peak states {}, peak mates {}",
            counted.peak_states, counted.peak_mates
        );
        let head = format!(
            "{label}{}: good instances counted in {seconds:.3} s",
            at_most(args)
        );
        print_counted(
            &format!("{head} (count-only pass)"),
            &peaks,
            &by_pairs,
            &count,
        );
    }
    Ok(())
}

/// `--count --diagram`: the count from the diagram of every good instance.
fn diagram_count(
    args: &Args,
    global: &GlobalOpts,
    source: &Source,
    family: &GoodInstances,
    started: Instant,
) {
    let (key, label) = source.name();
    let seconds = started.elapsed().as_secs_f64();
    let count = family.count();
    let counts = family.count_by_pairs();
    let by_pairs: Vec<String> = counts.iter().map(ToString::to_string).collect();
    if global.json {
        let obj = serde_json::json!({
            key: label,
            "route": "diagram",
            "max_pairs": args.max_pairs,
            "reverse_order": args.reverse_order,
            "count": big_json(&count),
            "count_by_pairs": counts.iter().map(big_json).collect::<Vec<_>>(),
            "seconds": seconds,
            "peak_states": family.peak_states,
            "peak_nodes": family.peak_nodes,
            "diagram_nodes": family.diagram_nodes(),
            "peak_memory_bytes": memory::peak_bytes(),
        });
        outln!("{obj}");
    } else {
        let peaks = format!(
            "peak states {}, peak nodes {}, diagram nodes {}",
            family.peak_states,
            family.peak_nodes,
            family.diagram_nodes()
        );
        let head = format!(
            "{label}{}: good instances counted in {seconds:.3} s",
            at_most(args)
        );
        print_counted(&head, &peaks, &by_pairs, &count);
    }
}

/// `--sample N` or `--list`: the instances written (verified with `--verify`, drawn with
/// `--svg`).
fn write_picks(
    args: &Args,
    global: &GlobalOpts,
    source: &Source,
    family: &GoodInstances,
    started: Instant,
) -> Result<(), CliError> {
    let (key, label) = source.name();
    let seconds = started.elapsed().as_secs_f64();
    let graph = match source {
        Source::Graph(g, _) => Some(g),
        Source::Grid(..) => None,
    };
    let picks: Vec<_> = match args.sample {
        Some(n) => family.sample(n, args.seed),
        None => family
            .list()
            .take(args.limit.unwrap_or(usize::MAX))
            .collect(),
    };
    let failed =
        |i: usize, e| CliError::failed(format!("instance {} failed the re-solve: {e}", i + 1));
    let mut written = Vec::with_capacity(picks.len());
    for (i, pairs) in picks.iter().enumerate() {
        let Some(p) = family.puzzle(pairs) else {
            // a graph instance: its pairs
            if let (true, Some(g)) = (args.verify, graph) {
                verify_good_on_graph(g, pairs).map_err(|e| failed(i, e))?;
            }
            written.push(write_pairs(pairs));
            continue;
        };
        if args.verify {
            verify_good(&p).map_err(|e| failed(i, e))?;
        }
        if let Some(base) = &args.svg {
            let path = super::super::puzzle::svg_path(base, i, picks.len());
            std::fs::write(&path, render::svg(&p, None))
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        }
        written.push(write_instance(&p, args.format)?);
    }
    if global.json {
        let obj = serde_json::json!({
            key: label,
            "count": big_json(&family.count()),
            "instances": written,
            "verified": args.verify,
            "seconds": seconds,
        });
        outln!("{obj}");
    } else {
        for (i, text) in written.iter().enumerate() {
            if i > 0 && graph.is_none() {
                outln!("");
            }
            out!("{text}");
        }
    }
    if picks.is_empty() {
        // an empty success would read as "nothing went wrong": say there is nothing to write
        return Err(CliError::failed(format!(
            "{key} {label}: there is no good instance (the count is 0), so none to {}",
            if args.sample.is_some() {
                "sample"
            } else {
                "list"
            }
        )));
    }
    Ok(())
}
