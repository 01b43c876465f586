//! `zlink generate`: design puzzles from the families the engines build (all good hint sets of a
//! Slitherlink loop, all good Numberlink instances of a grid) and pick instances from them;
//! seeded random Zebra puzzles with a unique solution and circuit boards that have a solution.
//!
//! One module per puzzle kind; this file only dispatches.

pub mod circuit;
pub mod numberlink;
pub mod slitherlink;
pub mod zebra;

use crate::exit::CliError;
use crate::GlobalOpts;

/// `zlink generate KIND ...`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The kind of puzzle to generate.
    #[command(subcommand)]
    pub what: GenerateWhat,
}

/// The kinds `generate` designs.
#[derive(Debug, clap::Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once per run: boxing would buy nothing
pub enum GenerateWhat {
    /// Slitherlink: one random unique minimal puzzle (--size), a puzzle stripped to minimal hints
    /// (--from), or every hint set that makes a loop the unique solution and puzzles from it.
    Slitherlink(slitherlink::Args),
    /// Numberlink: every good instance (unique, covering solution) of a grid, and puzzles picked from it.
    Numberlink(numberlink::Args),
    /// Zebra: seeded random puzzles with a unique solution.
    Zebra(zebra::Args),
    /// Circuit board: seeded random boards that have a solution (a grown tree with degrees 1 or 3).
    Circuit(circuit::Args),
}

/// Runs `zlink generate`.
///
/// # Errors
/// Whatever the chosen generator reports.
pub fn run(args: GenerateArgs, global: &GlobalOpts) -> Result<(), CliError> {
    match args.what {
        GenerateWhat::Slitherlink(a) => slitherlink::run(a, global),
        GenerateWhat::Numberlink(a) => numberlink::run(a, global),
        GenerateWhat::Zebra(a) => zebra::run(a, global),
        GenerateWhat::Circuit(a) => circuit::run(a, global),
    }
}
