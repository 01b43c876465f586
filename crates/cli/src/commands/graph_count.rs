//! `zlink count paths|cycles`: count (or build) path and cycle families of grids and graphs.
//!
//! Parses the graph source, picks the edge order, runs the frontier counter (default) or the
//! builder plus reduction (`--build`) in a rayon pool of `--threads` threads, and prints either
//! a few info lines with the exact count as the last line, or one JSON object (`--json`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use num_bigint::BigUint;
use zlink_base::{ProgressHook, Stopped};
use zlink_frontier::run::SpecFamily;
use zlink_frontier::{EdgeOrder, Graph, Limits, MateKind, Mates, RunError};

use crate::exit::CliError;
use crate::memory;
use crate::output::outln;
use crate::progress::Bar;
use crate::GlobalOpts;

/// The graph families `count` knows.
#[derive(Debug, clap::Subcommand)]
pub enum CountWhat {
    /// Simple paths between two vertices (default: top-left to bottom-right corner of a grid).
    Paths(PathsArgs),
    /// Simple cycles.
    Cycles(CyclesArgs),
}

impl CountWhat {
    /// Its `--threads`.
    pub fn threads(&self) -> Option<usize> {
        match self {
            CountWhat::Paths(a) => a.graph.threads,
            CountWhat::Cycles(a) => a.graph.threads,
        }
    }
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
    /// Vertices taken greedily, each leaving the smallest frontier (for ragged graphs).
    Greedy,
}

/// Graph source and engine options shared by the graph-count subcommands.
#[derive(Debug, clap::Args)]
pub struct GraphCountArgs {
    /// A grid of R rows and C columns of vertices, e.g. `12x12`.
    #[arg(
        long,
        value_name = "HxW",
        conflicts_with = "graph",
        required_unless_present = "graph"
    )]
    pub grid: Option<String>,
    /// An edge-list file: one `u v` pair per line, `#` comments.
    #[arg(long, value_name = "FILE")]
    pub graph: Option<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "N", value_parser = crate::args::threads_usize)]
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
    /// Wall-clock limit in seconds; exit code 3 when it runs out (no count is printed).
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::time_limit)]
    pub time_limit: Option<f64>,
    /// Edge (= ZDD variable) order.
    #[arg(long, value_enum, default_value_t = OrderArg::Frontier)]
    pub order: OrderArg,
    /// Write one line per level to stderr: its states, the states held at once, the bytes the
    /// engine holds, the resident and peak memory, the seconds so far (memory per level of a
    /// record-size run, and progress when stderr is no terminal). On several processes: one
    /// line per worker and level, with its process's resident and peak memory.
    #[arg(long)]
    pub log_levels: bool,
    /// Count on N local processes (timely-dataflow, --threads workers each) and print the
    /// count as one process does; --max-memory is each process's budget (default: 80% of the
    /// memory available, shared by the processes), and a process that runs out, or the
    /// --time-limit, stops every process with exit code 3.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64),
          conflicts_with_all = CLUSTER_CONFLICTS, conflicts_with = "hostfile")]
    pub processes: Option<u16>,
    /// This host's part of a cluster run: a file of `host:port` lines, process I listening on
    /// line I (0-based, blank and `#` lines skipped); process 0 prints the count.
    #[arg(long, value_name = "FILE", requires = "process", conflicts_with_all = CLUSTER_CONFLICTS)]
    pub hostfile: Option<PathBuf>,
    /// This process's number in --hostfile.
    #[arg(long, value_name = "I", requires = "hostfile")]
    pub process: Option<usize>,
    /// With --hostfile: seconds to wait for the other processes to connect.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0,
          value_parser = crate::args::time_limit)]
    pub connect_timeout: f64,
    /// With --hostfile or --processes: seconds a peer may send no heartbeat (one goes every
    /// quarter second) before this process stops the run with an error; for a peer stopped
    /// or cut off without closing its connections.
    #[arg(long, value_name = "SECONDS", default_value_t = zlink_cluster::PEER_TIMEOUT.as_secs_f64(),
          value_parser = crate::args::time_limit)]
    pub peer_timeout: f64,
}

/// What a run on several processes does not do (yet): build, save, a node budget.
const CLUSTER_CONFLICTS: [&str; 3] = ["build", "save", "max_nodes"];

/// The graph to work on, and how vertices are named on the command line.
struct Source {
    graph: Graph,
    /// `Some(cols)` for grids (vertices named `r,c`), `None` for files (vertex numbers).
    grid: Option<(usize, usize)>,
    label: String,
}

/// Largest side of `--grid HxW`.
pub(crate) const MAX_GRID_SIDE: usize = 1000;

/// `--grid HxW`, each side 1 to [`MAX_GRID_SIDE`], in the wording every command shares.
pub(crate) fn parse_grid(spec: &str) -> Result<(usize, usize), CliError> {
    zlink_puzzle::input_size::parse_hxw(spec, MAX_GRID_SIDE).map_err(CliError::input)
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
        .ok_or_else(|| CliError::input("give --grid HxW or --graph FILE"))?;
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

/// What a count run reports: the count, the reduced ZDD's size (`--build`), the states (raw
/// nodes) in all and at the widest level, and the frontier width.
type CountOut = (BigUint, Option<usize>, (u64, usize), usize);

/// The family the command asks for over the source graph, and whether only its Hamiltonian
/// members count.
fn kind_of(what: &CountWhat, src: &Source) -> Result<(MateKind, bool), CliError> {
    Ok(match what {
        CountWhat::Paths(p) => {
            if src.graph.num_vertices() == 0 {
                return Err(CliError::input(format!(
                    "{}: no edge, so no vertex for a path to start at",
                    src.label
                )));
            }
            let last = src.graph.num_vertices() as u32 - 1;
            let s = src.vertex(p.from.as_deref(), 0, "from")?;
            let t = src.vertex(p.to.as_deref(), last, "to")?;
            (MateKind::Paths(s, t), p.hamiltonian)
        }
        CountWhat::Cycles(c) => (MateKind::Cycles, c.hamiltonian),
    })
}

fn run_error(e: RunError) -> CliError {
    match e {
        RunError::Spec(e) => CliError::input(e),
        RunError::Stopped(s) => CliError::stopped("", &s, true),
        e => CliError::failed(e),
    }
}

fn time_limit_error(limits: &Limits, while_what: &str) -> CliError {
    CliError::stopped(
        "",
        &Stopped::time(limits.time_limit).noting(while_what),
        true,
    )
}

/// `--log-levels`: the bar's hook, and one line per level on stderr with the level's figures
/// as the frontier reports them (states, held states, engine bytes), the resident and peak
/// memory and the seconds so far.
fn level_log(bar: &Bar) -> ProgressHook {
    let on_bar = bar.hook();
    let started = Instant::now();
    let mb = |b: u64| b as f64 / (1u64 << 20) as f64;
    ProgressHook::new(move |r| {
        on_bar.report(r.phase, r.done, r.total, || r.detail.to_string());
        if r.phase != "levels" {
            return;
        }
        let figure = |name| r.figure(name).unwrap_or(0);
        eprintln!(
            "level {}/{}: {} states, {} held, engine {:.1} MiB, resident {:.1} MiB, \
             peak {:.1} MiB, {:.1} s",
            r.done,
            r.total.unwrap_or(0),
            figure("states"),
            figure("held_states"),
            mb(figure("held_bytes")),
            mb(memory::resident_bytes().unwrap_or(0)),
            mb(memory::peak_bytes().unwrap_or(0)),
            started.elapsed().as_secs_f64()
        );
    })
}

/// Counts (or builds, `--build`) the family through the frontier's one entry point, with a
/// progress bar on a terminal and the budgets and deadline of `limits`.
fn execute(family: &Mates, common: &GraphCountArgs, limits: Limits) -> Result<CountOut, CliError> {
    let levels = family.graph().num_edges() as u64;
    let bar = Bar::new("levels", levels);
    let building = common.build || common.save.is_some();
    let limits = Limits {
        threads: common.threads,
        // an explicit node budget of a build replaces the memory-derived one
        max_memory: if building && common.max_nodes.is_some() {
            None
        } else {
            common.max_memory.or_else(memory::default_budget)
        },
        max_nodes: common.max_nodes,
        progress: if common.log_levels {
            level_log(&bar)
        } else {
            bar.hook()
        },
        ..limits
    };
    let out = if building {
        let built = family.build(&limits).map_err(run_error)?;
        let (zdd, root, report) = (built.zdd(), built.root(), built.report());
        if let Some(path) = &common.save {
            std::fs::write(path, zdd.to_bytes(&[root]))
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        }
        (
            built.count(),
            Some(zdd.size(root)),
            (report.raw_nodes, report.max_level_nodes),
            report.width,
        )
    } else {
        let c = family.count(&limits).map_err(run_error)?;
        (c.count, None, (c.total_states, c.max_level_states), c.width)
    };
    drop(bar);
    Ok(out)
}

/// `--time-limit` as limits whose deadline counts from `started`.
fn time_limits(time_limit: Option<f64>, started: Instant) -> Limits {
    match time_limit {
        Some(t) => Limits {
            time_limit: Some(Duration::from_secs_f64(t)),
            ..Limits::default()
        }
        .until(started.checked_add(Duration::from_secs_f64(t))),
        None => Limits::default(),
    }
}

/// Counts here ([`execute`]), on local processes (`--processes`: their output printed, `None`)
/// or on this host's part of a cluster run (`--hostfile`: `None` but on process 0).
fn count_somewhere(
    family: &Mates,
    common: &GraphCountArgs,
    limits: Limits,
) -> Result<Option<CountOut>, CliError> {
    if let Some(n) = common.processes {
        let out = super::cluster_count::launch(n.into())?;
        crate::output::write(format_args!("{}", String::from_utf8_lossy(&out)));
        return Ok(None);
    }
    let (Some(file), Some(i)) = (&common.hostfile, common.process) else {
        return execute(family, common, limits).map(Some);
    };
    let options = super::cluster_count::PartOptions {
        workers: common.threads,
        connect_timeout: Duration::from_secs_f64(common.connect_timeout),
        peer_timeout: Duration::from_secs_f64(common.peer_timeout),
        max_memory: common.max_memory,
        deadline: (limits.deadline, limits.time_limit),
        log_levels: common.log_levels,
    };
    let part = super::cluster_count::count_part(family, file, i, options)?;
    Ok(part.map(|c| {
        let states = (c.total_states, c.max_level_states);
        (c.count, None, states, family.width())
    }))
}

/// Runs `zlink count paths|cycles`.
///
/// # Errors
/// Input errors (exit 2), budget exhaustion or the time limit (exit 3).
pub fn run(what: CountWhat, global: &GlobalOpts) -> Result<(), CliError> {
    let started = Instant::now();
    let (common, kind) = match &what {
        CountWhat::Paths(p) => (&p.graph, "paths"),
        CountWhat::Cycles(c) => (&c.graph, "cycles"),
    };
    let src = load(common)?;
    let (family_kind, hamiltonian) = kind_of(&what, &src)?;
    let order = match common.order {
        OrderArg::RowMajor => EdgeOrder::RowMajor,
        OrderArg::Frontier => EdgeOrder::Frontier,
        OrderArg::Greedy => EdgeOrder::Greedy,
    };
    let limits = time_limits(common.time_limit, started);
    // the family orders the edges within the memory budget and the deadline
    let ordering = Limits {
        max_memory: common.max_memory.or_else(memory::default_budget),
        ..limits.clone()
    };
    let family = Mates::new(&src.graph, family_kind, order, &ordering).map_err(run_error)?;
    if limits.expired() {
        return Err(time_limit_error(&limits, "while ordering the edges"));
    }
    let family = if hamiltonian {
        family.hamiltonian()
    } else {
        family
    };
    let (vertices, levels) = (family.graph().num_vertices(), family.graph().num_edges());
    if family.width() == usize::MAX {
        return Err(CliError::input(
            "the graph's frontier is too wide for any state",
        ));
    }
    let Some((count, zdd_nodes, states, width)) = count_somewhere(&family, common, limits)? else {
        return Ok(()); // printed by the launched processes, or by another process
    };
    let seconds = started.elapsed().as_secs_f64();
    if global.json {
        let mut obj = serde_json::json!({
            "count": crate::output::big_json(&count),
            "levels": levels,
            "max_frontier_width": width,
            "seconds": seconds,
            "peak_memory_bytes": memory::peak_bytes(),
        });
        if let Some(n) = zdd_nodes {
            obj["zdd_nodes"] = n.into();
        }
        obj["states"] = states.0.into();
        obj["max_level_states"] = states.1.into();
        outln!("{obj}");
    } else {
        outln!(
            "{}: {} vertices, {} edges, max frontier width {width}",
            src.label,
            vertices,
            levels
        );
        if let Some(n) = zdd_nodes {
            outln!("zdd nodes: {n}");
        }
        outln!(
            "states: {} in all, {} at the widest level",
            states.0,
            states.1
        );
        outln!("{kind} counted in {seconds:.3} s");
        outln!("{count}");
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
