//! Writing the picked Slitherlink instances (text, puzz.link URL or Tatham id; SVG) to stdout
//! or to files, and re-solving each with the project's Slitherlink ZDD solver (`--verify`).
//!
//! Why a module: the formats and the check are the same for every way of picking, and the
//! check is what makes a written instance trustworthy.

use std::path::Path;
use std::time::Instant;

use serde_json::{json, Value};
use zlink_engines::slitherlink::{Slitherlink, ZddEngine};
use zlink_link::design::HintDesign;
use zlink_puzzle::{Engine, Puzzle, SolveError, SolveOptions};

use super::pick::Picked;
use super::Args;
use crate::exit::CliError;
use crate::output::out;

/// The format of written instances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The plain grid (`.` and clues 0-4), blank-line separated on stdout.
    Text,
    /// A puzz.link `slither` URL per line.
    Url,
    /// A Tatham Loopy id per line.
    Tatham,
    /// A Janko block (`rows cols`, then `-` / clue tokens).
    Janko,
    /// An SVG picture.
    Svg,
}

impl Format {
    /// The file extension of this format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Text => "txt",
            Format::Url => "url",
            Format::Tatham => "tatham",
            Format::Janko => "janko",
            Format::Svg => "svg",
        }
    }

    /// `p` in this format.
    pub fn render(self, p: &Slitherlink) -> String {
        match self {
            Format::Text => p.render_text(None),
            Format::Url => p.to_url() + "\n",
            Format::Tatham => p.to_tatham() + "\n",
            Format::Janko => p.to_janko(),
            Format::Svg => p.render_svg(None),
        }
    }
}

/// Writes `text` to `path`.
///
/// # Errors
/// Exit 2 naming the path.
pub fn file(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text)
        .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))
}

/// Re-solves `p` with the ZDD solver and checks that `want` is its only solution.
///
/// # Errors
/// Exit 1 if it is not (or the solver gives up), 3 on the memory budget.
pub fn verify(
    args: &Args,
    want: &zlink_link::LoopEdges,
    name: &str,
    p: &Slitherlink,
) -> Result<(), CliError> {
    let opts = SolveOptions {
        time_limit: args.time_limit,
        max_memory: args.max_memory.or_else(crate::memory::default_budget),
        ..SolveOptions::default()
    };
    let solved = ZddEngine
        .solve(p, &Default::default(), &opts)
        .map_err(|e| match e {
            SolveError::Budget(_) => CliError::budget(format!("{name}: verifying: {e}")),
            e => CliError::failed(format!("{name}: verifying: {e}")),
        })?;
    if solved.more != Some(false) {
        return Err(CliError::failed(format!(
            "{name}: verification failed: the puzzle has more than one solution"
        )));
    }
    if &solved.solution != want {
        return Err(CliError::failed(format!(
            "{name}: verification failed: its only solution is not the designed loop"
        )));
    }
    Ok(())
}

/// Writes every picked instance (stdout unless `--out` or `--json`; files in `--out`),
/// verifying each first with `--verify`. Returns the instances as JSON values.
///
/// # Errors
/// Exit 2 for an unwritable path, 1 for an instance that fails `--verify`.
pub fn write(
    args: &Args,
    design: &HintDesign,
    picks: &[Picked],
    json: bool,
) -> Result<Vec<Value>, CliError> {
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::input(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut values = Vec::with_capacity(picks.len());
    for (i, (name, clues)) in picks.iter().enumerate() {
        let p = Slitherlink::new(clues.clone());
        let started = Instant::now();
        if args.verify {
            verify(args, design.loop_edges(), name, &p)?;
        }
        let verify_seconds = started.elapsed().as_secs_f64();
        let text = args.format.render(&p);
        if let Some(dir) = &args.out {
            file(
                &dir.join(format!("{name}.{}", args.format.extension())),
                &text,
            )?;
            if args.svg {
                file(&dir.join(format!("{name}.svg")), &p.render_svg(None))?;
            }
        } else if !json {
            if i > 0 && args.format == Format::Text {
                out!("\n");
            }
            out!("{text}");
        }
        let hints = clues.cells().iter().filter(|c| c.is_some()).count();
        let mut v = json!({
            "name": name,
            "hints": hints,
            "text": p.render_text(None),
            "url": p.to_url(),
            "tatham": p.to_tatham(),
        });
        if args.verify {
            v["verified"] = json!(true);
            v["verify_seconds"] = json!(verify_seconds);
        }
        values.push(v);
    }
    Ok(values)
}
