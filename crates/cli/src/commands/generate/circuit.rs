//! `zlink generate circuit`: seeded random circuit boards that have a solution (report chapter
//! 5 used boards of its own from 3×3 to 10×10; the benchmark runs 3×3 to 12×12), written in the
//! drawn text format `zlink solve --kind circuit` reads, with an optional SVG.
//!
//! Why here: the library (`zlink_engines::circuit::generate`) grows the boards; this module
//! only maps options, budgets and output. The boards are all made before any is printed (no
//! partial output on an error), so what they hold is checked against `--max-memory` before
//! the first is made and as they are kept, and `--time-limit` between boards.

use std::path::PathBuf;
use std::time::Instant;

use zlink_engines::circuit::generate::{make, Recipe};
use zlink_puzzle::Puzzle;

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

/// Bytes a kept board takes: its drawing (two text rows of two characters per cell); with
/// JSON three times that at the end (the drawing, the JSON value holding a copy, and the
/// printed text with its newlines escaped). Measured on 1,000 boards of 64x64: 16 MB of
/// text (15.6 KB each), 47 MB at the peak of a JSON run.
fn board_bytes(rows: usize, cols: usize, json: bool) -> u64 {
    let text = 4 * (rows as u64 + 1) * (cols as u64 + 1) + 512;
    if json {
        3 * text
    } else {
        text
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
    let need = board_bytes(rows, cols, global.json).saturating_mul(args.boards);
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
        let recipe = Recipe {
            rows,
            cols,
            seed: args.seed.wrapping_add(k),
            given_percent: args.givens,
            ends: args.ends,
        };
        let board = make(&recipe).map_err(CliError::input)?.board;
        if let Some(base) = &args.svg {
            let path = super::super::puzzle::svg_path(base, k as usize, total);
            std::fs::write(&path, board.render_svg(None))
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        }
        boards.push(Kept {
            seed: recipe.seed,
            points: board.points(),
            wires: board.edges().len(),
            given: board.given().len(),
            text: board.render_text(None),
        });
    }
    if global.json {
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
    Ok(())
}
