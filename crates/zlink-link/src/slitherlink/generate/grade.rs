//! Difficulty grades, defined by the techniques a solver needs, and the grading of any puzzle.
//!
//! Why by technique: a grade must mean the same to a solver as to the generator, and the
//! deduction (`crate::deduce`) already separates the techniques cleanly:
//! * **easy**: the local rules alone settle every side: dot degrees, clue counts, the loop
//!   closing only as a whole (Knuth's mates), and the inside/outside parity of faces (an edge
//!   is on exactly when its two cells differ), all propagated to a fixpoint;
//! * **medium**: the rules plus probing settle it: each open side (and each cell's colour)
//!   tried both ways and propagated by the rules, a failing trial deciding the other way
//!   (one level of lookahead: the adjacent and diagonal 3s, 3s in corners, ... fall out);
//! * **hard**: unique, but probing leaves sides open: a solver must search (SAT).
//!
//! Each grade is a strictly stronger technique than the one before, so a puzzle's grade is the
//! first that settles it. Against Tatham's Loopy (levels easy, normal, tricky, hard), measured
//! on 3 puzzles per level at 20x20 and 30x30 (`tools/README.md`): Loopy's easy and normal
//! puzzles grade medium here (Loopy's easy patterns are beyond our local rules), its tricky
//! and hard puzzles mostly hard (2 of 3): the order is kept, our grades are coarser.

use std::time::Instant;

use zlink_puzzle::Grid;

use super::lattice::Lattice;
use crate::deduce::deduce;
use crate::slitherlink::SlitherZdd;

/// Memory the count of [`grade`] may use: a puzzle that probing leaves wide open and the SAT
/// completion cannot settle (a sparse 30x40) would otherwise build a diagram of gigabytes.
pub const GRADE_MEMORY: u64 = 1 << 30;

/// A difficulty grade (module doc), easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// The local rules settle every side.
    Easy,
    /// The rules plus probing (one level of lookahead) settle every side.
    Medium,
    /// Unique, but probing leaves sides open.
    Hard,
}

impl Difficulty {
    /// Every grade, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The grade's name: `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

/// What grading a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grading {
    /// Solutions: 0, 1, or 2 meaning at least two.
    pub solutions: u8,
    /// The grade, when the puzzle is unique.
    pub grade: Option<Difficulty>,
    /// Sides of the grid.
    pub sides: usize,
    /// Sides the local rules leave open (all sides when they find a contradiction).
    pub open_after_rules: usize,
    /// Sides probing leaves open.
    pub open_after_probing: usize,
    /// The unique solution's inside region, when the puzzle is unique.
    pub inside: Option<Grid<bool>>,
}

/// How many sides the deduction leaves open for `clues` (with or without probing), or `None`
/// on a contradiction.
pub(crate) fn open_sides(
    lat: &Lattice,
    clues: &[Option<u8>],
    probe: bool,
    deadline: Option<Instant>,
) -> Option<usize> {
    let mut p = lat.problem(clues, probe);
    p.deadline = deadline;
    deduce(&p)
        .ok()
        .map(|f| f.iter().filter(|x| x.is_none()).count())
}

/// Whether the local rules (with probing when `probe`) settle `clues` (a contradiction does
/// not settle).
pub(crate) fn settles(
    lat: &Lattice,
    clues: &[Option<u8>],
    probe: bool,
    deadline: Option<Instant>,
) -> bool {
    open_sides(lat, clues, probe, deadline) == Some(0)
}

/// Grades the puzzle `clues` (module doc): solutions counted by the Slitherlink engine, the
/// grade by the first technique that settles it. Probing stops at `deadline` (a puzzle it did
/// not finish is graded as if probing had left sides open).
///
/// # Errors
/// The engine's message for a clue above 4, a grid too wide, or a count that ran out of time.
pub fn grade(clues: &Grid<Option<u8>>, deadline: Option<Instant>) -> Result<Grading, String> {
    let zdd = SlitherZdd::with_deduction_until(clues, Default::default(), deadline)
        .map_err(|e| e.to_string())?;
    let limits = zlink_frontier::run::Limits {
        time_limit: deadline.map(|d| d.saturating_duration_since(Instant::now())),
        max_memory: Some(GRADE_MEMORY),
        ..Default::default()
    };
    let found = zdd.solutions(2, &limits).map_err(|e| e.to_string())?;
    let lat = Lattice::new(clues.rows(), clues.cols());
    let sides = lat.faces.len();
    let open_after_rules = open_sides(&lat, clues.cells(), false, deadline).unwrap_or(sides);
    let open_after_probing = match open_after_rules {
        0 => 0,
        _ => open_sides(&lat, clues.cells(), true, deadline).unwrap_or(sides),
    };
    let grade = (found.len() == 1).then_some(match (open_after_rules, open_after_probing) {
        (0, _) => Difficulty::Easy,
        (_, 0) => Difficulty::Medium,
        _ => Difficulty::Hard,
    });
    Ok(Grading {
        solutions: found.len() as u8,
        grade,
        sides,
        open_after_rules,
        open_after_probing,
        inside: (found.len() == 1).then(|| crate::design::inside_of(&found[0])),
    })
}
