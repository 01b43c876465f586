//! `zlink`: count, solve, generate and render combinatorial puzzles whose solutions are enumerated
//! as zero-suppressed decision diagrams (ZDDs) or decided by integer programs.
//!
//! The binary holds no algorithm: it parses arguments (clap), dispatches to the library crates,
//! and turns their typed errors into one message on stderr and a meaningful exit code
//! (see [`exit::ExitCode`]).

mod commands;
mod exit;

use clap::{Parser, Subcommand};
use exit::{CliError, ExitCode};

/// Command-line interface of zlink.
#[derive(Debug, Parser)]
#[command(name = "zlink", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// Options every subcommand understands.
    #[command(flatten)]
    pub global: GlobalOpts,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Options shared by every subcommand.
#[derive(Debug, clap::Args)]
pub struct GlobalOpts {
    /// Print machine-readable JSON on stdout instead of human-readable text.
    #[arg(long, global = true)]
    pub json: bool,
}

/// The subcommands. Each one lives in its own module under `commands/`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles and print (or draw) the solutions.
    #[command(after_help = commands::puzzle::kinds_help())]
    Solve(commands::puzzle::SolveArgs),
    /// Count the solutions of puzzles, up to a limit.
    #[command(after_help = commands::puzzle::kinds_help())]
    Count(commands::puzzle::PuzzleCountArgs),
}

fn run(cli: Cli) -> Result<(), CliError> {
    let Cli { global, command } = cli;
    match command {
        Command::Solve(args) => commands::puzzle::solve(args, &global),
        Command::Count(args) => commands::puzzle::count(args, &global),
    }
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::Success.into(),
        Err(err) => {
            eprintln!("zlink: {err}");
            err.code().into()
        }
    }
}
