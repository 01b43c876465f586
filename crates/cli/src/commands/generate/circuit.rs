//! `zlink generate circuit`: seeded random circuit boards that have a solution (report chapter
//! 5 used boards of its own from 3×3 to 10×10; the benchmark runs 3×3 to 12×12), written in the
//! drawn text format `zlink solve --kind circuit` reads, with an optional SVG.
//!
//! Why here: the library's `Generator` (`zlink_engines::circuit::generate::BoardMaker`) grows
//! the boards, and its `board_bytes` says what a kept board costs; this module only maps
//! options, budgets and output. The boards are all made before any is printed (no
//! partial output on an error), so what they hold is checked against `--max-memory` before
//! the first is made and as they are kept, and `--time-limit` between boards.

use std::path::PathBuf;
use std::time::Instant;

use zlink_engines::circuit::generate::{board_bytes, Board, BoardMaker};
use zlink_puzzle::{Generator, Limits, Puzzle, SolveError};

use crate::commands::graph_count::parse_grid;
use crate::exit::CliError;
use crate::memory;
use crate::output::{out, outln};
use crate::GlobalOpts;

/// Options of `zlink generate circuit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The grid, `HxW` cells (each cell a point or blacked out), at most 64 per side.
    #[arg(long, value_name = "HxW")]
    pub grid: String,
    /// The seed: equal options make equal boards.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// How many boards (seeds S, S+1, …).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub boards: u64,
    /// Percentage of the grown tree's wires that are given.
    #[arg(long, value_name = "PCT", default_value_t = 30)]
    pub givens: u32,
    /// Also mark two random points `s` and `t` (the shortest-path extension, model CM3).
    #[arg(long)]
    pub ends: bool,
    /// Also draw each board as SVG (`OUT-1.svg`, `OUT-2.svg`, … for several).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Memory budget for the boards kept until they are printed, e.g. `1G` (default: 80% of
    /// the memory available at start); exit 3 when they need more.
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub max_memory: Option<u64>,
    /// Wall-clock limit in seconds for the whole run; exit 3 (and no board printed) when it
    /// runs out.
    #[arg(long, value_parser = crate::args::time_limit)]
    pub time_limit: Option<f64>,
}

/// Copies of a board's drawing a run holds at its peak: one, or with JSON three (the
/// drawing, the JSON value holding a copy, and the printed text with its newlines escaped).
fn copies(json: bool) -> u64 {
    if json {
        3
    } else {
        1
    }
}

/// A board made and kept until the run prints: its seed, sizes and drawing.
struct Kept {
    seed: u64,
    points: usize,
    wires: usize,
    given: usize,
    text: String,
}

/// Runs `zlink generate circuit`.
///
/// # Errors
/// A bad grid or percentage (exit 2), an unwritable SVG path, the memory budget or the time
/// limit (exit 3).
pub fn run(args: Args, global: &GlobalOpts) -> Result<(), CliError> {
    let started = Instant::now();
    super::super::puzzle::check_svg_folder(args.svg.as_deref())?;
    let (rows, cols) = parse_grid(&args.grid)?;
    let total = usize::try_from(args.boards).unwrap_or(usize::MAX);
    let budget = args.max_memory.or_else(memory::default_budget);
    let need = board_bytes(rows, cols, copies(global.json)).saturating_mul(args.boards);
    if let Some(b) = budget.filter(|&b| need > b) {
        return Err(CliError::budget(format!(
            "{} boards of {rows}x{cols} take about {need} bytes until they are printed, over the \
             memory budget of {b} bytes: raise --max-memory or ask for fewer --boards",
            args.boards
        )));
    }
    let mut boards = Vec::new();
    for k in 0..args.boards {
        if let Some(t) = args
            .time_limit
            .filter(|&t| started.elapsed().as_secs_f64() >= t)
        {
            return Err(CliError::budget(format!(
                "time limit of {t} s reached after {k} of {} boards (none printed): raise \
                 --time-limit or ask for fewer --boards",
                args.boards
            )));
        }
        let request = Board {
            rows,
            cols,
            given_percent: args.givens,
            ends: args.ends,
        };
        let seed = args.seed.wrapping_add(k);
        let board = BoardMaker
            .generate(&request, seed, &Limits::default())
            .map_err(|e| match e {
                SolveError::BadSetting(m) => CliError::input(m),
                e => CliError::failed(e),
            })?
            .puzzle;
        if let Some(base) = &args.svg {
            let path = super::super::puzzle::svg_path(base, k as usize, total);
            std::fs::write(&path, board.render_svg(None))
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        }
        boards.push(Kept {
            seed,
            points: board.points(),
            wires: board.edges().len(),
            given: board.given().len(),
            text: board.render_text(None),
        });
    }
    print(&boards, rows, cols, global.json);
    Ok(())
}

/// Prints the kept boards (one JSON object with `--json`).
fn print(boards: &[Kept], rows: usize, cols: usize, json: bool) {
    if json {
        let list: Vec<_> = boards
            .iter()
            .map(|b| {
                serde_json::json!({
                    "seed": b.seed,
                    "points": b.points,
                    "wires": b.wires,
                    "given": b.given,
                    "board": b.text,
                })
            })
            .collect();
        outln!(
            "{}",
            serde_json::json!({ "grid": format!("{rows}x{cols}"), "boards": list })
        );
    } else {
        for (i, b) in boards.iter().enumerate() {
            if i > 0 {
                outln!("");
                outln!("");
            }
            out!("{}", b.text);
        }
    }
}
