//! `zlink count paths|cycles`: count (or build) path and cycle families of grids and graphs.
//!
//! Parses the graph source, picks the edge order, runs the frontier counter (default) or the
//! builder plus reduction (`--build`) in a rayon pool of `--threads` threads, and prints either
//! a few info lines with the exact count as the last line, or one JSON object (`--json`).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use num_bigint::BigUint;
use zlink_frontier::packed::{Packed, Slots, Wide, MAX_WIDTH};
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{
    build, count_with_stats, BuildError, CountError, EdgeOrder, FrontierPlan, Graph, Options,
    Progress, Spec,
};
use zlink_zdd::Zdd;

use crate::exit::CliError;
use crate::memory;
use crate::GlobalOpts;

/// Peak bytes of a `--build` per raw node: the builder's 8-byte rows and pending states, then
/// the 12-byte reduced store (no unique tables) and the count (13×13 corner paths: 210 MB for
/// 15.1 M raw nodes, 15×15: 1.8 GB for 156 M).
const BUILD_BYTES_PER_NODE: u64 = 16;
/// Bytes per state held by a count-only run: a raw child or merged `(state, count)` record
/// with 256-bit counts (48), its hash-table slot and vector slack (15×15 corner paths: 207 MB
/// peak RSS for a count that needed a budget of 140 MB at 64 bytes per state).
const COUNT_BYTES_PER_STATE: u64 = 96;

/// The graph families `count` knows.
#[derive(Debug, clap::Subcommand)]
pub enum CountWhat {
    /// Simple paths between two vertices (default: top-left to bottom-right corner of a grid).
    Paths(PathsArgs),
    /// Simple cycles.
    Cycles(CyclesArgs),
}

/// Options of `count paths`.
#[derive(Debug, clap::Args)]
pub struct PathsArgs {
    /// Graph and engine options.
    #[command(flatten)]
    pub graph: GraphCountArgs,
    /// Start vertex: `r,c` on a grid, a vertex number with --graph (default: first corner / 0).
    #[arg(long, value_name = "VERTEX")]
    pub from: Option<String>,
    /// End vertex: `r,c` on a grid, a vertex number with --graph (default: last corner / n-1).
    #[arg(long, value_name = "VERTEX")]
    pub to: Option<String>,
    /// Only paths that visit every vertex.
    #[arg(long)]
    pub hamiltonian: bool,
}

/// Options of `count cycles`.
#[derive(Debug, clap::Args)]
pub struct CyclesArgs {
    /// Graph and engine options.
    #[command(flatten)]
    pub graph: GraphCountArgs,
    /// Only cycles through every vertex.
    #[arg(long)]
    pub hamiltonian: bool,
}

/// Edge order choices on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum OrderArg {
    /// Lexicographic on vertex numbers (row-major on grids).
    RowMajor,
    /// The heuristic order with the smallest frontier width.
    Frontier,
}

/// Graph source and engine options shared by the graph-count subcommands.
#[derive(Debug, clap::Args)]
pub struct GraphCountArgs {
    /// A grid of R rows and C columns of vertices, e.g. `12x12`.
    #[arg(
        long,
        value_name = "RxC",
        conflicts_with = "graph",
        required_unless_present = "graph"
    )]
    pub grid: Option<String>,
    /// An edge-list file: one `u v` pair per line, `#` comments.
    #[arg(long, value_name = "FILE")]
    pub graph: Option<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Build the reduced ZDD instead of counting only (reports its size).
    #[arg(long)]
    pub build: bool,
    /// Save the reduced ZDD (zlink binary format; implies --build). Variable `i` is edge `i`
    /// of the graph in the chosen --order.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Node budget (nodes built, or states counted); exit code 3 when exhausted.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Memory budget, e.g. `8G` (default: 80% of the memory available at start). A --build
    /// without --max-nodes turns it into a node budget, a count into a budget of states held
    /// at once; either way an oversized run stops with exit code 3 instead of being killed.
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub max_memory: Option<u64>,
    /// Edge (= ZDD variable) order.
    #[arg(long, value_enum, default_value_t = OrderArg::Frontier)]
    pub order: OrderArg,
}

/// The graph to work on, and how vertices are named on the command line.
struct Source {
    graph: Graph,
    /// `Some(cols)` for grids (vertices named `r,c`), `None` for files (vertex numbers).
    grid: Option<(usize, usize)>,
    label: String,
}

fn parse_grid(spec: &str) -> Result<(usize, usize), CliError> {
    let bad = || {
        CliError::input(format!(
            "bad grid spec '{spec}': expected RxC with 1 <= R, C <= 1000, e.g. 12x12"
        ))
    };
    let (r, c) = spec.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if !(1..=1000).contains(&r) || !(1..=1000).contains(&c) {
        return Err(bad());
    }
    Ok((r, c))
}

fn load(args: &GraphCountArgs) -> Result<Source, CliError> {
    if let Some(spec) = &args.grid {
        let (r, c) = parse_grid(spec)?;
        return Ok(Source {
            graph: Graph::grid(r, c),
            grid: Some((r, c)),
            label: format!("grid {r}x{c}"),
        });
    }
    let path = args
        .graph
        .as_ref()
        .ok_or_else(|| CliError::input("give --grid RxC or --graph FILE"))?;
    let graph = Graph::read_edge_list(path).map_err(CliError::input)?;
    Ok(Source {
        graph,
        grid: None,
        label: format!("graph {}", path.display()),
    })
}

impl Source {
    /// Resolves a vertex name (`r,c` on grids, a number otherwise), or the default.
    fn vertex(&self, name: Option<&str>, default: u32, flag: &str) -> Result<u32, CliError> {
        let Some(name) = name else { return Ok(default) };
        let n = self.graph.num_vertices();
        match self.grid {
            Some((rows, cols)) => {
                let bad = || {
                    CliError::input(format!(
                        "--{flag} {name}: expected r,c with 0 <= r < {rows}, 0 <= c < {cols}"
                    ))
                };
                let (r, c) = name.split_once(',').ok_or_else(bad)?;
                let (r, c): (usize, usize) = (
                    r.trim().parse().map_err(|_| bad())?,
                    c.trim().parse().map_err(|_| bad())?,
                );
                if r >= rows || c >= cols {
                    return Err(bad());
                }
                Ok((r * cols + c) as u32)
            }
            None => {
                let bad = || {
                    CliError::input(format!(
                        "--{flag} {name}: expected a vertex number below {n}"
                    ))
                };
                let v: u32 = name.trim().parse().map_err(|_| bad())?;
                if v as usize >= n {
                    return Err(bad());
                }
                Ok(v)
            }
        }
    }
}

/// What a count run reports: the count, the reduced ZDD's size (`--build`), and the states
/// (raw nodes) in all and at the widest level.
type CountOut = (BigUint, Option<usize>, Option<(u64, usize)>);

/// The path or cycle spec of the command, on state type `M`.
fn mate_spec<M: Slots>(what: &CountWhat, graph: &Graph, src: &Source) -> Result<Mate<M>, CliError> {
    match what {
        CountWhat::Paths(p) => {
            let last = graph.num_vertices().saturating_sub(1) as u32;
            let s = src.vertex(p.from.as_deref(), 0, "from")?;
            let t = src.vertex(p.to.as_deref(), last, "to")?;
            Mate::<M>::st_paths(graph, s, t, p.hamiltonian)
        }
        CountWhat::Cycles(c) => Mate::<M>::cycles(graph, c.hamiltonian),
    }
    .map_err(CliError::input)
}

/// Counts (or builds, `--build`) `spec` in a pool of `--threads` threads, with a progress bar
/// on a terminal and the node budget of the options.
///
/// `state_heap_bytes`: what a node's pending states hold on the heap, on top of
/// [`BUILD_BYTES_PER_NODE`] (wide states are boxed), for the memory-derived node budget.
fn execute<S: Spec>(
    spec: &S,
    common: &GraphCountArgs,
    state_heap_bytes: u64,
) -> Result<CountOut, CliError> {
    let per_node = BUILD_BYTES_PER_NODE + state_heap_bytes;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = common.threads {
        pool = pool.num_threads(n.max(1));
    }
    let pool = pool
        .build()
        .map_err(|e| CliError::failed(format!("cannot start threads: {e}")))?;

    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(u64::from(spec.num_levels()));
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:40}] level {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let hook = |p: &Progress| {
        if let Some(bar) = &bar {
            bar.set_position(u64::from(p.level));
            bar.set_message(format!("{} nodes so far", p.nodes_so_far));
        }
    };
    let building = common.build || common.save.is_some();
    // A build's memory follows its nodes; a count's follows the states held at once.
    let memory_budget = if building && common.max_nodes.is_some() {
        None
    } else {
        common.max_memory.or_else(memory::default_budget)
    };
    let per_held = COUNT_BYTES_PER_STATE + state_heap_bytes;
    let max_nodes = if building {
        common.max_nodes.or(memory_budget.map(|b| b / per_node))
    } else {
        common.max_nodes
    };
    let over_budget = |e: &dyn std::fmt::Display| match memory_budget {
        Some(b) => CliError::budget(format!(
            "{e} (a memory budget of {} allows about {} nodes at {per_node} bytes each: raise \
             --max-memory, or count without --build)",
            memory::human(b),
            b / per_node
        )),
        None => CliError::budget(e),
    };
    let opts = Options {
        max_nodes,
        max_held_states: (!building)
            .then(|| memory_budget.map(|b| b / per_held))
            .flatten(),
        progress: Some(&hook),
    };
    let out = pool.install(|| -> Result<_, CliError> {
        if building {
            let mut zdd = Zdd::with_node_budget(
                spec.num_levels(),
                max_nodes.map_or(usize::MAX, |n| n as usize),
            );
            let built = build(spec, &opts).map_err(|e| over_budget(&e))?;
            let raw = (built.nodes, built.max_level_nodes);
            let f = zdd
                .import(built.unreduced)
                .map_err(|e| over_budget(&BuildError::Store(e)))?;
            if let Some(path) = &common.save {
                std::fs::write(path, zdd.to_bytes(&[f]))
                    .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
            }
            Ok((zdd.count(f), Some(zdd.size(f)), Some(raw)))
        } else {
            let c = count_with_stats(spec, &opts).map_err(|e| match (&e, memory_budget) {
                (CountError::Held { .. }, Some(b)) => CliError::budget(format!(
                    "{e}: a memory budget of {} holds about {} states at {per_held} bytes \
                     each; raise --max-memory",
                    memory::human(b),
                    b / per_held
                )),
                _ => CliError::budget(e),
            })?;
            Ok((c.count, None, Some((c.total_states, c.max_level_states))))
        }
    })?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    Ok(out)
}

/// Runs `zlink count paths|cycles`.
///
/// # Errors
/// Input errors (exit 2), budget exhaustion (exit 3).
pub fn run(what: CountWhat, global: &GlobalOpts) -> Result<(), CliError> {
    let started = Instant::now();
    let (common, kind) = match &what {
        CountWhat::Paths(p) => (&p.graph, "paths"),
        CountWhat::Cycles(c) => (&c.graph, "cycles"),
    };
    let src = load(common)?;
    let order = match common.order {
        OrderArg::RowMajor => EdgeOrder::RowMajor,
        OrderArg::Frontier => EdgeOrder::Frontier,
    };
    let (graph, _) = order.apply(&src.graph);
    // Narrow frontiers use the packed state (one u128); wider ones a byte per slot.
    let plan_width = FrontierPlan::new(&graph).map_err(CliError::input)?.width();
    let (count, zdd_nodes, states, width) = if plan_width <= MAX_WIDTH {
        let spec = mate_spec::<Packed>(&what, &graph, &src)?;
        let (c, z, st) = execute(&spec, common, 0)?;
        (c, z, st, spec.plan().width())
    } else {
        let spec = mate_spec::<Wide>(&what, &graph, &src)?;
        // two pending children per node, each a boxed byte per slot plus allocator overhead
        let (c, z, st) = execute(&spec, common, 2 * (plan_width as u64 + 48))?;
        (c, z, st, spec.plan().width())
    };
    let seconds = started.elapsed().as_secs_f64();
    let levels = graph.num_edges();
    if global.json {
        let mut obj = serde_json::json!({
            "count": count.to_string(),
            "levels": levels,
            "max_frontier_width": width,
            "seconds": seconds,
            "peak_memory_bytes": memory::peak_bytes(),
        });
        if let Some(n) = zdd_nodes {
            obj["zdd_nodes"] = n.into();
        }
        if let Some((total, widest)) = states {
            obj["states"] = total.into();
            obj["max_level_states"] = widest.into();
        }
        println!("{obj}");
    } else {
        println!(
            "{}: {} vertices, {} edges, max frontier width {width}",
            src.label,
            graph.num_vertices(),
            levels
        );
        if let Some(n) = zdd_nodes {
            println!("zdd nodes: {n}");
        }
        if let Some((total, widest)) = states {
            println!("states: {total} in all, {widest} at the widest level");
        }
        println!("{kind} counted in {seconds:.3} s");
        println!("{count}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_grid;

    #[test]
    fn grid_specs() {
        assert_eq!(parse_grid("12x3").unwrap(), (12, 3));
        assert_eq!(parse_grid("2X2").unwrap(), (2, 2));
        for bad in ["", "12", "0x3", "x3", "3x", "1001x1", "axb", "-1x2"] {
            assert!(parse_grid(bad).is_err(), "{bad}");
        }
    }
}
