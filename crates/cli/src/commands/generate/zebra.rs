//! `zlink generate zebra`: seeded random Zebra puzzles with a unique solution, written in the
//! Zebra text format (puzzles separated by `---`), each checked by the independent rule
//! checker against the table it was made from.
//!
//! Why here: the library's `Generator` (`zlink_engines::zebra::generate::ZebraMaker`) makes
//! the puzzles; this module only maps options, budgets and output.

use std::path::PathBuf;
use std::time::Duration;

use zlink_engines::zebra::generate::{Size, ZebraMaker};
use zlink_puzzle::{Generator, Limits, Puzzle, SolveError};

use crate::exit::CliError;
use crate::memory;
use crate::output::{out, outln};
use crate::GlobalOpts;

/// Options of `zlink generate zebra`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Houses (values per attribute), 1 to 20.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub houses: usize,
    /// Attributes, 1 to 20.
    #[arg(long, value_name = "K", default_value_t = 5)]
    pub attributes: usize,
    /// Seed of the first puzzle (puzzle `i` uses seed `S + i`).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Number of puzzles.
    #[arg(long, value_name = "M", default_value_t = 1)]
    pub count: u64,
    /// Also draw each solution table as SVG (`OUT-1.svg`, `OUT-2.svg`, … for several).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Memory budget, e.g. `1G` (default: 80% of the memory available at start); exit 3 when
    /// it runs out.
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub max_memory: Option<u64>,
    /// Wall-clock limit in seconds per puzzle; exit 3 when it runs out.
    #[arg(long, value_parser = crate::args::time_limit)]
    pub time_limit: Option<f64>,
}

fn gen_error(e: SolveError) -> CliError {
    match e {
        SolveError::BadSetting(_) => CliError::input(e),
        SolveError::Stopped(s) => CliError::stopped("", &s, false),
        _ => CliError::failed(e),
    }
}

/// Runs `zlink generate zebra`.
///
/// # Errors
/// Bad sizes (exit 2), budget or time limit (exit 3), a puzzle its checker rejects (exit 1).
pub fn run(args: Args, global: &GlobalOpts) -> Result<(), CliError> {
    let limits = Limits {
        max_memory: args.max_memory.or_else(memory::default_budget),
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        ..Limits::default()
    };
    let size = Size {
        houses: args.houses,
        attributes: args.attributes,
    };
    let mut texts = Vec::new();
    for i in 0..args.count {
        let seed = args.seed.wrapping_add(i);
        // the time limit is per puzzle
        let made = ZebraMaker
            .generate(&size, seed, &limits.renewed())
            .map_err(gen_error)?;
        let (z, table) = (made.puzzle, made.solution);
        z.verify(&table).map_err(|v| {
            CliError::failed(format!("seed {seed}: the made puzzle breaks a rule: {v}"))
        })?;
        if let Some(base) = &args.svg {
            let path = super::super::puzzle::svg_path(base, i as usize, args.count as usize);
            std::fs::write(&path, z.render_svg(Some(&table)))
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        }
        texts.push(format!("# seed {seed}, {}\n{}", z.describe(), z.to_text()));
    }
    if global.json {
        outln!("{}", serde_json::json!({ "puzzles": texts }));
    } else {
        for (i, t) in texts.iter().enumerate() {
            if i > 0 {
                outln!("---");
            }
            out!("{t}");
        }
    }
    Ok(())
}
