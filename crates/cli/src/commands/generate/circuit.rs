//! `zlink generate circuit`: seeded random circuit boards that have a solution (report chapter
//! 5 used boards of its own from 3×3 to 10×10; the benchmark runs 3×3 to 12×12), written in the
//! drawn text format `zlink solve --kind circuit` reads, with an optional SVG.
//!
//! Why here: the library (`zlink_puzzles::circuit::generate`) grows the boards; this module
//! only maps options and output.

use std::path::PathBuf;

use zlink_grid::Puzzle;
use zlink_puzzles::circuit::generate::{make, Recipe};

use crate::commands::graph_count::parse_grid;
use crate::exit::CliError;
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
}

/// Runs `zlink generate circuit`.
///
/// # Errors
/// A bad grid or percentage (exit 2), an unwritable SVG path.
pub fn run(args: Args, global: &GlobalOpts) -> Result<(), CliError> {
    let (rows, cols) = parse_grid(&args.grid)?;
    let total = usize::try_from(args.boards).unwrap_or(usize::MAX);
    let mut boards = Vec::new();
    for k in 0..args.boards {
        let recipe = Recipe {
            rows,
            cols,
            seed: args.seed.wrapping_add(k),
            given_percent: args.givens,
            ends: args.ends,
        };
        let made = make(&recipe).map_err(CliError::input)?;
        if let Some(base) = &args.svg {
            let path = super::super::puzzle::svg_path(base, k as usize, total);
            std::fs::write(&path, made.board.render_svg(None))
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        }
        boards.push((recipe.seed, made));
    }
    if global.json {
        let list: Vec<_> = boards
            .iter()
            .map(|(seed, m)| {
                serde_json::json!({
                    "seed": seed,
                    "points": m.board.points(),
                    "wires": m.board.edges().len(),
                    "given": m.board.given().len(),
                    "board": m.board.render_text(None),
                })
            })
            .collect();
        outln!(
            "{}",
            serde_json::json!({ "grid": format!("{rows}x{cols}"), "boards": list })
        );
    } else {
        for (i, (_, m)) in boards.iter().enumerate() {
            if i > 0 {
                outln!("");
                outln!("");
            }
            out!("{}", m.board.render_text(None));
        }
    }
    Ok(())
}
