//! `zlink count`: one verb for two kinds of question.
//!
//! * `zlink count paths|cycles --grid HxW ...` counts a graph family with the frontier engine
//!   ([`super::graph_count`]);
//! * `zlink count --kind K FILE [--engine E] [--limit N]` counts the solutions of puzzles
//!   exactly through the puzzle registry ([`super::puzzle`]).
//!
//! Clap keeps the two forms apart: a subcommand and the puzzle flags conflict.

use super::{graph_count, puzzle};
use crate::exit::CliError;
use crate::GlobalOpts;

/// `zlink count ...`: a graph family (subcommand) or puzzle solutions (`--kind`).
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct CountArgs {
    /// The graph family to count.
    #[command(subcommand)]
    pub what: Option<graph_count::CountWhat>,
    /// Or: the puzzles whose solutions to count.
    #[command(flatten)]
    pub puzzle: Option<puzzle::PuzzleInput>,
    /// With `--kind`: engines that count by enumerating solutions (IP no-good cuts) stop after
    /// this many and print `at least N`; exact engines (ZDD, exact search) ignore it.
    #[arg(long, value_name = "N", value_parser = crate::args::limit_u64)]
    pub limit: Option<u64>,
}

/// Runs `zlink count`.
///
/// # Errors
/// Whatever the chosen form reports; a usage error if neither form was given.
pub fn run(args: CountArgs, global: &GlobalOpts) -> Result<(), CliError> {
    match (args.what, args.puzzle) {
        (Some(what), _) => graph_count::run(what, global),
        (None, Some(puzzle)) => puzzle::count(
            puzzle::PuzzleCountArgs {
                puzzle,
                limit: args.limit,
            },
            global,
        ),
        (None, None) => Err(CliError::input(
            "say what to count: `zlink count paths|cycles --grid HxW` or \
             `zlink count --kind KIND FILE` (see `zlink count --help`)",
        )),
    }
}
