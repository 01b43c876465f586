//! `zlink grade --kind slitherlink PUZZLE`: the difficulty grade of a puzzle, by the techniques
//! a solver needs (`zlink_link::slitherlink::generate::grade`: easy, the local rules settle
//! every side; medium, rules and probing; hard, unique but search is needed).
//!
//! Why a verb of its own: grading answers "how hard is this puzzle" for any puzzle, made by
//! zlink or not, in the terms `generate --difficulty` uses. Exit 0 for a graded (unique)
//! puzzle, 1 for one with no solution or several (an answer, printed), 2 for bad input, 3 at
//! the time limit.

use std::time::{Duration, Instant};

use serde_json::json;
use zlink_engines::slitherlink::Slitherlink;
use zlink_link::slitherlink::generate::grade;

use crate::exit::CliError;
use crate::output::outln;
use crate::GlobalOpts;

/// Kinds `grade` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GradeKind {
    /// Slitherlink (any format the solver reads).
    Slitherlink,
}

/// `zlink grade`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Grade a puzzle's difficulty by the techniques a solver needs",
    after_help = "Grades (Slitherlink):\n  easy    the local rules settle every side (dot degrees, \
clue counts, the loop closing only as a whole, inside/outside parity of cells)\n  medium  the \
rules plus probing settle it (each open side or cell colour tried both ways, one level of \
lookahead)\n  hard    unique, but probing leaves sides open (a solver must search)\n\nExit \
codes: 0 graded, 1 no solution or several (said on stdout), 2 bad input, 3 time limit.\n\n\
Example:\n  zlink grade --kind slitherlink puzzle.txt --json"
)]
pub struct GradeArgs {
    /// Puzzle kind.
    #[arg(long, value_enum)]
    pub kind: GradeKind,
    /// A puzzle file, `-` for stdin, a puzz.link URL or a Tatham game id.
    pub input: String,
    /// Wall-clock limit in seconds; exit 3 when reached.
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::time_limit)]
    pub time_limit: Option<f64>,
}

/// Runs `zlink grade`.
///
/// # Errors
/// As the module doc says.
pub fn run(args: GradeArgs, global: &GlobalOpts) -> Result<(), CliError> {
    let started = Instant::now();
    let deadline = args
        .time_limit
        .and_then(|t| started.checked_add(Duration::from_secs_f64(t)));
    let (text, source) = crate::input::read(&args.input)?;
    let p = Slitherlink::parse_any(&text, &source).map_err(CliError::input)?;
    let g = grade(p.clues(), deadline).map_err(|e| {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            CliError::budget(format!("{source}: {e}: raise --time-limit"))
        } else if e.is_budget() {
            CliError::budget(format!("{source}: counting its solutions: {e}"))
        } else {
            CliError::input(format!("{source}: {e}"))
        }
    })?;
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(CliError::budget(format!(
            "{source}: stopped at the time limit: raise --time-limit"
        )));
    }
    let answer = match (g.solutions, g.grade) {
        (_, Some(d)) => d.name(),
        (0, _) => "no solution",
        _ => "several solutions",
    };
    let hints = p.clues().cells().iter().filter(|h| h.is_some()).count();
    if global.json {
        let v = json!({
            "kind": "slitherlink",
            "source": source,
            "rows": p.rows(),
            "cols": p.cols(),
            "hints": hints,
            "hints_per_cell": hints as f64 / (p.rows() * p.cols()) as f64,
            "solutions": if g.solutions >= 2 { json!("at least 2") } else { json!(g.solutions) },
            "grade": g.grade.map(|d| d.name()),
            "sides": g.sides,
            "open_after_rules": g.open_after_rules,
            "open_after_probing": g.open_after_probing,
            "seconds": started.elapsed().as_secs_f64(),
        });
        outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        outln!("{source}: {answer}");
        outln!(
            "  {}x{}, {hints} hints ({:.1}% of cells); of {} sides the rules leave {} open, \
             probing {}",
            p.rows(),
            p.cols(),
            100.0 * hints as f64 / (p.rows() * p.cols()) as f64,
            g.sides,
            g.open_after_rules,
            g.open_after_probing
        );
    }
    match g.grade {
        Some(_) => Ok(()),
        None => Err(CliError::failed(format!("{source}: {answer}: not graded"))),
    }
}
