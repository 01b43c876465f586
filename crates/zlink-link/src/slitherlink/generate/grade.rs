//! Difficulty grades, defined by the techniques a solver needs, and the grading of any puzzle.
//!
//! Why by technique: a grade must mean the same to a solver as to the generator, and the
//! deduction (`crate::deduce`) already separates the techniques cleanly:
//! * **easy**: the local rules alone settle every side: dot degrees, clue counts, each clue
//!   together with its corner dots (every drawing of the clue's open sides that the dots allow:
//!   a 3 or a 1 in the grid's corner, a line running into a 3's corner, ...), the loop closing
//!   only as a whole (Knuth's mates), and the inside/outside parity of faces (an edge is on
//!   exactly when its two cells differ), all propagated to a fixpoint;
//! * **medium**: the rules plus probing settle it: each open side (and each cell's colour)
//!   tried both ways and propagated by the rules, a failing trial deciding the other way
//!   (one level of lookahead: diagonal 3s, a line carried between clues, ...);
//! * **hard**: unique, but probing leaves sides open: a solver must search (SAT).
//!
//! Each grade is a strictly stronger technique than the one before, so a puzzle's grade is the
//! first that settles it. Why the corners: without them, Loopy's *easy* puzzles left 140-196 of
//! their 220 sides open to our rules (10x10, 6 seeds) and graded medium, and `--difficulty
//! easy` kept more hints than Loopy's easy (10x10 51 % against 46 %); with them every Loopy
//! easy and normal puzzle tried grades easy here, tricky and hard ones medium or hard
//! (`tools/README.md`), and our easy puzzles keep fewer hints than Loopy's easy.

use std::time::Instant;

use zlink_frontier::RunError;
pub use zlink_puzzle::Difficulty;
use zlink_puzzle::Grid;

use super::lattice::Lattice;
use crate::deduce::deduce;
use crate::slitherlink::SlitherZdd;

/// Memory the count of [`grade`] may use: a puzzle that probing leaves wide open and the SAT
/// completion cannot settle (a sparse 30x40) would otherwise build a diagram of gigabytes.
pub const GRADE_MEMORY: u64 = 1 << 30;

/// Why a puzzle could not be graded.
#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    /// The engine cannot take the puzzle (a clue above 4, a grid too wide).
    #[error(transparent)]
    Engine(#[from] crate::slitherlink::Error),
    /// The count of its solutions stopped (time, or the grade's memory budget, `GRADE_MEMORY`), or could not start.
    #[error(transparent)]
    Count(#[from] RunError),
}

impl GradeError {
    /// Whether a budget (not the time) stopped the count.
    pub fn is_budget(&self) -> bool {
        matches!(self, GradeError::Count(e) if e.is_budget())
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
/// [`GradeError::Engine`] for a clue above 4 or a grid too wide, [`GradeError::Count`] for a
/// count that ran out of time or of the grade's memory budget (`GRADE_MEMORY`).
pub fn grade(clues: &Grid<Option<u8>>, deadline: Option<Instant>) -> Result<Grading, GradeError> {
    let zdd = SlitherZdd::with_deduction_until(clues, Default::default(), deadline)?;
    let limits = zlink_base::Limits {
        time_limit: deadline.map(|d| d.saturating_duration_since(Instant::now())),
        max_memory: Some(GRADE_MEMORY),
        ..Default::default()
    }
    .until(deadline);
    let found = zdd.solutions(2, &limits)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_base::SplitMix64;
    use zlink_testkit::slither_design::{cycles, side_counts};

    /// The deduction's decisions for `clues` (rules only), with or without the clue-and-corners
    /// rule; `None` on a contradiction.
    fn decided(lat: &Lattice, clues: &[Option<u8>], corners: bool) -> Option<Vec<Option<bool>>> {
        let mut p = lat.problem(clues, false);
        p.corners = corners;
        deduce(&p).ok()
    }

    /// Clues from rows of digits and dots.
    fn parse(rows: &[&str]) -> (Lattice, Vec<Option<u8>>) {
        let lat = Lattice::new(rows.len(), rows[0].len());
        let clues = rows
            .concat()
            .chars()
            .map(|ch| ch.to_digit(10).map(|d| d as u8))
            .collect();
        (lat, clues)
    }

    /// The side of `lat` between dots `a` and `b`.
    fn side(lat: &Lattice, a: (usize, usize), b: (usize, usize)) -> usize {
        let dot = |(r, c): (usize, usize)| (r * (lat.cols + 1) + c) as u32;
        let key = (dot(a).min(dot(b)), dot(a).max(dot(b)));
        lat.dots.iter().position(|&d| d == key).expect("a side")
    }

    #[test]
    fn the_rules_with_corners_never_lose_a_solution() {
        // every cycle of small grids (the brute force of zlink-testkit), random hint subsets
        // of a random cycle's counts (and a wrong clue now and then): every side the rules
        // decide is the same in every solution, no contradiction while a solution exists, and
        // the corners rule only adds decisions
        let mut rng = SplitMix64::new(34);
        let (mut more, mut tried) = (0, 0);
        for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 4)] {
            let lat = Lattice::new(rows, cols);
            let all: Vec<(Vec<bool>, Vec<u8>)> = cycles(rows, cols)
                .into_iter()
                .map(|c| {
                    let on = lat
                        .dots
                        .iter()
                        .map(|&(a, b)| c.binary_search(&(a as usize, b as usize)).is_ok())
                        .collect();
                    (on, side_counts(rows, cols, &c))
                })
                .collect();
            for _ in 0..300 {
                let pick = &all[(rng.next_u64() % all.len() as u64) as usize].1;
                let clues: Vec<Option<u8>> = pick
                    .iter()
                    .map(|&v| match rng.next_u64() % 20 {
                        0 => Some((v + 1) % 4),
                        k if k < 10 => Some(v),
                        _ => None,
                    })
                    .collect();
                let sols: Vec<&Vec<bool>> = all
                    .iter()
                    .filter(|(_, n)| clues.iter().zip(n).all(|(h, &v)| h.is_none_or(|h| h == v)))
                    .map(|(on, _)| on)
                    .collect();
                let with = decided(&lat, &clues, true);
                let without = decided(&lat, &clues, false);
                tried += 1;
                if sols.is_empty() {
                    continue;
                }
                let (with, without) = (with.expect("no solution lost"), without.unwrap());
                for (e, d) in with.iter().enumerate() {
                    if let Some(on) = *d {
                        assert!(sols.iter().all(|s| s[e] == on), "{clues:?} side {e}");
                    }
                    assert!(without[e].is_none() || without[e] == *d);
                }
                let open = |v: &[Option<bool>]| v.iter().filter(|x| x.is_none()).count();
                more += usize::from(open(&with) < open(&without));
            }
        }
        assert!(more > 0, "the rule decided nothing more in {tried} puzzles");
    }

    #[test]
    fn corner_patterns() {
        // a 3 in the grid's corner: its corner dot has only the 3's two outer sides, both on
        // or both off, and off leaves two sides for a 3: both on
        let (lat, clues) = parse(&["3..", "...", "..."]);
        let with = decided(&lat, &clues, true).unwrap();
        let without = decided(&lat, &clues, false).unwrap();
        for s in [side(&lat, (0, 0), (0, 1)), side(&lat, (0, 0), (1, 0))] {
            assert_eq!((with[s], without[s]), (Some(true), None));
        }
        // a 1 in the corner: both outer sides off
        let (lat, clues) = parse(&["..1", "...", "..."]);
        let with = decided(&lat, &clues, true).unwrap();
        for s in [side(&lat, (0, 2), (0, 3)), side(&lat, (0, 3), (1, 3))] {
            assert_eq!(with[s], Some(false));
        }
        // diagonal 3s: the corner 3 puts one line into the dot it shares with the centre 3,
        // so exactly one of the centre 3's sides there is on and its far sides are both on.
        // The rules do not carry "exactly one" from one clue to the next; probing does (a
        // far side off puts both near sides on, which leaves the corner 3 two sides)
        let (lat, clues) = parse(&["3..", ".3.", "..."]);
        let far = [side(&lat, (2, 1), (2, 2)), side(&lat, (1, 2), (2, 2))];
        let rules = decided(&lat, &clues, true).unwrap();
        let probed = deduce(&lat.problem(&clues, true)).unwrap();
        for s in far {
            assert_eq!((rules[s], probed[s]), (None, Some(true)));
        }
    }
}
