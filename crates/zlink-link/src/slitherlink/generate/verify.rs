//! Re-checks of a generated (or stripped) puzzle, independent of the removal pass: unique by a
//! fresh SAT checker, and minimal: each hint needed, shown by a second solution of the puzzle
//! without it (a witness the pass found, checked here by counting sides) or else by a fresh
//! SAT check.
//!
//! Why witnesses: a hint the pass kept was needed when it was tried, and the loop that showed
//! it (a solution of the clues then in force but that hint, breaking it) still solves the final
//! puzzle without that hint, whose other hints are a subset of those clues. Checking such a
//! loop (one simple cycle, every other hint its count, the hint broken) takes microseconds
//! where a fresh SAT deletion check on a 30×40 Janko puzzle took 25 CPU s for 452 hints, and
//! the check trusts no solver at all.

use std::time::Instant;

use zlink_base::Stopped;
use zlink_puzzle::{Coord, Grid};

use super::lattice::Lattice;
use super::unique::Checker;
use super::{orbits, Symmetry};

/// How [`removable_hint_with`] showed each hint (orbit) needed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Minimality {
    /// Orbits shown needed by a witness loop.
    pub by_witness: u64,
    /// Orbits checked by a fresh SAT deletion check (no witness, or one that did not hold).
    pub by_sat: u64,
    /// Orbits of those whose SAT check gave up at [`super::MAX_CUT_ROUNDS`]: not shown needed
    /// (nor removable), so the puzzle is not proven minimal.
    pub unproven: u64,
}

/// Whether `clues` has the loop of region `inside` as its only solution: every clue is the
/// loop's, and a fresh SAT checker over the whole grid finds no loop differing anywhere (the
/// same solver as the removal pass, none of its state: a re-solve that also settles the
/// large puzzles a frontier count cannot).
///
/// # Errors
/// [`Stopped`] at the deadline.
pub fn is_unique(
    clues: &Grid<Option<u8>>,
    inside: &Grid<bool>,
    deadline: Option<Instant>,
) -> Result<bool, Stopped> {
    let lat = Lattice::new(clues.rows(), clues.cols());
    let values = lat.values(&lat.loop_of(inside.cells()));
    if clues
        .cells()
        .iter()
        .zip(&values)
        .any(|(h, &v)| h.is_some_and(|h| h != v))
    {
        return Ok(false);
    }
    let given: Vec<bool> = clues.cells().iter().map(Option::is_some).collect();
    Checker::new(&lat, inside.cells(), &given, deadline).full_is_unique()
}

/// The first hint of the unique puzzle `clues` (with solution region `inside`) whose deletion
/// leaves it unique (with a symmetry, the hints of its orbit deleted together), or `None`
/// when it is minimal (or only not shown otherwise: a check that gave up at
/// [`super::MAX_CUT_ROUNDS`], counted in [`Minimality::unproven`] by [`removable_hint_with`]): each deletion checked alone by a fresh SAT checker (no clue settled
/// between checks), an independent re-check of the removal pass.
///
/// # Errors
/// [`Stopped`] at the deadline.
pub fn removable_hint(
    clues: &Grid<Option<u8>>,
    inside: &Grid<bool>,
    symmetry: Symmetry,
    deadline: Option<Instant>,
) -> Result<Option<Coord>, Stopped> {
    removable_hint_with(clues, inside, symmetry, &[], deadline).map(|(at, _)| at)
}

/// [`removable_hint`] using `witnesses` (the generator's [`super::Generated::witnesses`]:
/// per orbit, by its first hint, another solution's region): an orbit whose witness is one
/// simple loop that gives every hint outside the orbit its count and breaks one inside it is
/// needed without a SAT check (module doc); the others are checked by a fresh SAT checker,
/// built only when one is needed. Also returns how each orbit was shown needed.
///
/// # Errors
/// [`Stopped`] at the deadline.
pub fn removable_hint_with(
    clues: &Grid<Option<u8>>,
    inside: &Grid<bool>,
    symmetry: Symmetry,
    witnesses: &[(Coord, Grid<bool>)],
    deadline: Option<Instant>,
) -> Result<(Option<Coord>, Minimality), Stopped> {
    let lat = Lattice::new(clues.rows(), clues.cols());
    let given: Vec<bool> = clues.cells().iter().map(Option::is_some).collect();
    let mut figures = Minimality::default();
    let mut checker = None;
    for orbit in orbits(&lat, symmetry) {
        let orbit: Vec<usize> = orbit.into_iter().filter(|&i| given[i]).collect();
        let Some(&first) = orbit.first() else {
            continue;
        };
        let at = lat.coord(first);
        let shown = witnesses.iter().any(|(c, w)| {
            *c == at
                && w.rows() == lat.rows
                && w.cols() == lat.cols
                && witness_holds(&lat, clues.cells(), &orbit, w.cells())
        });
        if shown {
            figures.by_witness += 1;
            continue;
        }
        figures.by_sat += 1;
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stopped::time(None));
        }
        let checker =
            checker.get_or_insert_with(|| Checker::new(&lat, inside.cells(), &given, deadline));
        if checker.unique_without(&orbit)? {
            return Ok((Some(at), figures));
        }
        figures.unproven += u64::from(checker.over_budget);
    }
    Ok((None, figures))
}

/// Whether the boundary of `region` is one simple loop that gives every hint of `clues` but
/// those at `orbit` its count and breaks a hint of `orbit`: a second solution of the puzzle
/// without the orbit.
fn witness_holds(lat: &Lattice, clues: &[Option<u8>], orbit: &[usize], region: &[bool]) -> bool {
    let on = lat.loop_of(region);
    let mut degree = vec![0u8; lat.num_dots()];
    for (e, _) in on.iter().enumerate().filter(|(_, &b)| b) {
        let (u, v) = lat.dots[e];
        degree[u as usize] += 1;
        degree[v as usize] += 1;
    }
    if degree.iter().any(|&d| d != 0 && d != 2) || lat.cycles(&on).len() != 1 {
        return false;
    }
    let values = lat.values(&on);
    let breaks = |i: usize| clues[i].is_some_and(|h| h != values[i]);
    orbit.iter().any(|&i| breaks(i)) && (0..lat.cells()).all(|i| orbit.contains(&i) || !breaks(i))
}
