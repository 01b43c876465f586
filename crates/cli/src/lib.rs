//! `zlink`: count, solve, generate and render combinatorial puzzles whose solutions are enumerated
//! as zero-suppressed decision diagrams (ZDDs) or decided by integer programs.
//!
//! The CLI holds no algorithm: it parses arguments (clap), dispatches to the library crates,
//! and turns their typed errors into one message on stderr and a meaningful exit code
//! (see the `exit` module). It is a library so that two binaries share it: `zlink`
//! (`main.rs`) and `zlink-mip` (`mip_main.rs`, always with the MIP solver); see the `mip` module.

mod args;
mod commands;
mod exit;
mod input;
mod memory;
mod mip;
mod output;
mod progress;

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
    /// Count exactly: graph families (`count paths|cycles`) or puzzle solutions (`count --kind`).
    #[command(after_help = commands::puzzle::kinds_help())]
    Count(commands::count::CountArgs),
    /// Solve puzzles and print (or draw) the solutions.
    #[command(after_help = commands::puzzle::kinds_help())]
    Solve(commands::puzzle::SolveArgs),
    /// Draw or convert puzzles as read, without solving them (text, SVG with `--svg`, any
    /// format the kind writes with `--format`).
    #[command(after_help = commands::puzzle::kinds_help())]
    Render(commands::puzzle::RenderArgs),
    /// Design puzzles: one random unique puzzle, or every good instance as a diagram, then
    /// count, sample or pick from it.
    Generate(commands::generate::GenerateArgs),
    /// Grade a puzzle's difficulty by the techniques a solver needs (easy, medium, hard).
    Grade(commands::grade::GradeArgs),
}

impl Command {
    /// Whether the run solves integer programs: a puzzle solved or counted by an engine that
    /// needs the MIP solver with the settings given (`zlink_puzzle::Engine::needs_mip`).
    fn needs_mip(&self) -> bool {
        match self {
            Command::Count(c) => match (&c.what, &c.puzzle) {
                (None, Some(p)) => p.needs_mip(true),
                _ => false,
            },
            // a sample is drawn by a ZDD engine (a named IP engine is refused before solving)
            Command::Solve(s) => s.sample.is_none() && s.puzzle.needs_mip(false),
            Command::Render(_) | Command::Generate(_) | Command::Grade(_) => false,
        }
    }

    /// The `--threads` of the commands whose engines run in a rayon pool of that size.
    fn threads(&self) -> Option<usize> {
        match self {
            Command::Count(c) => match (&c.what, &c.puzzle) {
                (Some(what), _) => what.threads(),
                (None, Some(p)) => p.threads.map(|n| n as usize),
                (None, None) => None,
            },
            Command::Solve(s) => s.puzzle.threads.map(|n| n as usize),
            Command::Render(_) | Command::Generate(_) | Command::Grade(_) => None,
        }
    }
}

fn run(cli: Cli) -> Result<(), CliError> {
    // With `--threads N` this thread becomes worker 0 of rayon's global pool of N threads, so
    // the engines' pools of N (`zlink_frontier::run::install`) run on it: `--threads 1`
    // starts no thread beyond this one. If the pool cannot be set up the engines build their own.
    if let Some(n) = cli.command.threads() {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .use_current_thread()
            .build_global();
    }
    let Cli { global, command } = cli;
    match command {
        Command::Count(args) => commands::count::run(args, &global),
        Command::Solve(args) => commands::puzzle::solve(args, &global),
        Command::Render(args) => commands::puzzle::render(args, &global),
        Command::Generate(args) => commands::generate::run(args, &global),
        Command::Grade(args) => commands::grade::run(args, &global),
    }
}

/// Stack size of the worker thread: decision diagrams over thousands of variables make some
/// recursive algorithms deep, and the main thread's 8 MiB is not enough for them.
const WORKER_STACK_BYTES: usize = 512 << 20;

/// The whole program: parse the command line, run it, return its exit code.
pub fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    if cli.command.needs_mip() {
        if let Err(err) = mip::run_elsewhere() {
            eprintln!("zlink: {err}");
            return err.code().into();
        }
    }
    // A panic is a bug: report it in one line, without a backtrace, and exit with 101.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("zlink: internal error (this is a bug, please report it): {info}");
    }));
    let worker = std::thread::Builder::new()
        .name("zlink".into())
        .stack_size(WORKER_STACK_BYTES)
        .spawn(move || run(cli));
    let outcome = match worker {
        Ok(handle) => handle.join(),
        Err(err) => Ok(Err(CliError::failed(format!(
            "cannot start worker thread: {err}"
        )))),
    };
    match outcome {
        Ok(Ok(())) => {
            output::flush();
            ExitCode::Success.into()
        }
        Ok(Err(err)) => {
            if err.code() != ExitCode::PortTaken {
                eprintln!("zlink: {err}");
            }
            err.code().into()
        }
        Err(_panic) => std::process::ExitCode::from(101),
    }
}
