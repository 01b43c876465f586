//! Difficulty grades of a Numberlink puzzle, defined by the techniques a solver needs (the same
//! three as the Slitherlink generator's):
//! * **easy**: the local rules settle every edge: degrees (an end has one line, a cell two, or
//!   none or two when cells may stay empty), the no-U-bend squares, and the paths' ends knowing
//!   each other and their numbers (a line never closes a loop nor joins two numbers that
//!   differ), propagated to a fixpoint;
//! * **medium**: the rules plus probing settle it: each open edge tried both ways and
//!   propagated by the rules, a failing trial deciding the other way (one level of lookahead);
//! * **hard**: unique, but probing leaves edges open: a solver must search.
//!
//! Why by technique: a grade means the same to the solver as to the generator, and the link
//! deduction (`crate::deduce`) separates the techniques cleanly. Each grade is a strictly
//! stronger technique than the one before, so a puzzle's grade is the first that settles it.
//! Grades are taken under the rules the puzzle is made for: a puzzle that is easy under Janko's
//! rules (the no-U-bend squares decide much) may be hard, or not unique, under plain ones.

use std::time::Instant;

use zlink_puzzle::numberlink::{NumberlinkGrid, Rules};
pub use zlink_puzzle::Difficulty;

use super::check::problem;
use crate::deduce::deduce;

/// How many edges the deduction leaves open (with or without probing) for `puzzle` under
/// `rules`, out of how many; `None` on a contradiction (no solution).
pub fn open_edges(
    puzzle: &NumberlinkGrid,
    rules: Rules,
    probe: bool,
    deadline: Option<Instant>,
) -> Option<(usize, usize)> {
    let mut p = problem(puzzle, rules, probe);
    p.deadline = deadline;
    let fixed = deduce(&p).ok()?;
    Some((fixed.iter().filter(|f| f.is_none()).count(), fixed.len()))
}

/// The grade of a puzzle known to be unique under `rules`: the first technique that settles
/// it (module doc). Probing stops at `deadline` (then the grade is hard if probing left edges
/// open when it stopped).
pub fn grade(puzzle: &NumberlinkGrid, rules: Rules, deadline: Option<Instant>) -> Difficulty {
    let open = open_edges(puzzle, rules, true, deadline).map_or(usize::MAX, |(open, _)| open);
    grade_after_probing(puzzle, rules, open, deadline)
}

/// [`grade`] when the edges probing leaves `open` are known (from the uniqueness check).
pub(crate) fn grade_after_probing(
    puzzle: &NumberlinkGrid,
    rules: Rules,
    open: usize,
    deadline: Option<Instant>,
) -> Difficulty {
    if open > 0 {
        Difficulty::Hard
    } else if open_edges(puzzle, rules, false, deadline).is_some_and(|(open, _)| open == 0) {
        Difficulty::Easy
    } else {
        Difficulty::Medium
    }
}

/// The cells at the edges the deduction (with probing when `probe`) leaves open for `puzzle`
/// under `rules`: where a solver is stuck.
pub(crate) fn stuck_cells(
    puzzle: &NumberlinkGrid,
    rules: Rules,
    probe: bool,
    deadline: Option<Instant>,
) -> Vec<u32> {
    let mut p = problem(puzzle, rules, probe);
    p.deadline = deadline;
    let Ok(fixed) = deduce(&p) else {
        return Vec::new();
    };
    let mut out: Vec<u32> = fixed
        .iter()
        .zip(&p.edges)
        .filter(|(f, _)| f.is_none())
        .flat_map(|(_, &(u, v))| [u, v])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
