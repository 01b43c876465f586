//! "A minimal puzzle for this loop" as a [`Generator<Slitherlink>`]: the loop's design by the
//! route ([`super::route::design`]: exact, reduced or greedy), then one uniformly random
//! minimal hint set of it, or one of the fewest hints.
//!
//! Why a type of its own: a designer who drew a loop gets its puzzle from the library the way
//! `zlink generate slitherlink --loop FILE` does, in a few lines, with the one [`Limits`]
//! type; the CLI adds only its files, statistics and pictures.
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_link::design::{maker::{Designer, LoopRequest}, parse_loop};
//! use zlink_puzzle::{Generator, Puzzle};
//! let inside = parse_loop("xx.\nxx.\n...\n", "loop").unwrap();
//! let made = Designer.generate(&LoopRequest::new(inside), 1, &Limits::default()).unwrap();
//! assert!(made.puzzle.verify(&made.solution).is_ok());
//! ```

use zlink_base::{Limits, Stoppable, Stopped};
use zlink_frontier::RunError;
use zlink_puzzle::slitherlink::{LoopEdges, Slitherlink};
use zlink_puzzle::{Generated, Generator, Grid, SolveError, SolveStats};

use super::pick::{pick, Pick};
use super::route::{design, RouteError, RouteRequest, Taken};
use super::DesignError;

/// What [`Designer`] makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopRequest {
    /// The loop, as the region inside it (`true` inside).
    pub inside: Grid<bool>,
    /// The cells that may hold a hint (`None`: every cell).
    pub candidates: Option<Grid<bool>>,
    /// The route (its seed is replaced by the generator's).
    pub route: RouteRequest,
    /// One of the fewest hints instead of a uniformly random minimal set.
    pub fewest: bool,
}

impl LoopRequest {
    /// A random minimal puzzle for the loop around `inside`, hints anywhere, by the default
    /// route (the loop counted as drawn, so a large one first tries the exact route).
    pub fn new(inside: Grid<bool>) -> LoopRequest {
        LoopRequest {
            inside,
            candidates: None,
            route: RouteRequest {
                drawn: true,
                ..RouteRequest::default()
            },
            fewest: false,
        }
    }
}

impl Stoppable for RouteError {
    fn into_stopped(self) -> Result<Stopped, Self> {
        match self {
            RouteError::Design(d) => d.into_stopped().map_err(RouteError::Design),
            e => Err(e),
        }
    }
}

impl Stoppable for DesignError {
    fn into_stopped(self) -> Result<Stopped, Self> {
        match self {
            DesignError::Stopped(s) | DesignError::Check(RunError::Stopped(s)) => Ok(s),
            DesignError::Budget(b) => Ok(Stopped::from(b)),
            DesignError::TimeLimit { phase } => {
                Ok(Stopped::time(None).noting(format!("before {phase}")))
            }
            e => Err(e),
        }
    }
}

/// The loop designer (module doc); its [`Generator::Details`] are the route taken.
#[derive(Clone, Copy, Debug, Default)]
pub struct Designer;

impl Generator<Slitherlink> for Designer {
    type Request = LoopRequest;
    type Details = Taken;

    fn name(&self) -> &'static str {
        "design"
    }

    /// # Errors
    /// [`SolveError::Infeasible`] when no hint set over the candidates makes the loop unique;
    /// [`SolveError::Stopped`] for a budget or the time; a [`RouteError`] or
    /// [`DesignError`] cause for a region whose boundary is not one loop or candidates of
    /// another size.
    fn generate(
        &self,
        request: &LoopRequest,
        seed: u64,
        limits: &Limits,
    ) -> Result<Generated<Slitherlink, Taken>, SolveError> {
        let started = std::time::Instant::now();
        let inside = &request.inside;
        let all = Grid::new(inside.rows(), inside.cols(), true);
        let cand = request.candidates.as_ref().unwrap_or(&all);
        let route = RouteRequest {
            seed,
            ..request.route
        };
        let mut routed = match design(inside, cand, &route, limits) {
            Err(RouteError::NoGoodSet) => return Err(SolveError::Infeasible),
            r => r?,
        };
        let wanted = if request.fewest {
            Pick::Minimum
        } else {
            Pick::One
        };
        let picked = pick(&mut routed.design, wanted, 1, seed, limits.deadline)?;
        let Some((_, clues)) = picked.into_iter().flatten().next() else {
            return Err(SolveError::Infeasible);
        };
        let hints = clues.cells().iter().flatten().count() as u64;
        let stats = SolveStats {
            seconds: started.elapsed().as_secs_f64(),
            counters: vec![
                ("hints", hints),
                ("candidates", routed.design.num_candidates() as u64),
            ],
            rounds: None,
        };
        let solution = LoopEdges::from_inside(inside);
        Ok(Generated::with_details(
            Slitherlink::new(clues),
            solution,
            stats,
            routed.taken,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::design::{parse_loop, HintDesign, Which};
    use zlink_puzzle::Puzzle;

    /// Every hint set the designer hands out is unique for the loop and minimal: checked
    /// against the design's own good family (a member) and by removing each hint in turn
    /// (the brute force: no smaller subset obtained by one removal is unique).
    #[test]
    fn designed_puzzles_are_unique_and_minimal() {
        let inside = parse_loop("xx..\nxxx.\n.xx.\n....\n", "loop").unwrap();
        let limits = Limits::default();
        for seed in 0..6 {
            for fewest in [false, true] {
                let request = LoopRequest {
                    fewest,
                    ..LoopRequest::new(inside.clone())
                };
                let made = Designer.generate(&request, seed, &limits).unwrap();
                assert!(made.puzzle.verify(&made.solution).is_ok());
                let clues = made.puzzle.clues().clone();
                assert!(unique(&clues), "seed {seed}: not unique");
                for (at, v) in clues.iter().filter(|(_, v)| v.is_some()) {
                    let mut less = clues.clone();
                    less[at] = None;
                    assert!(
                        !unique(&less),
                        "seed {seed}: the {v:?} at {at} is not needed"
                    );
                }
            }
        }
        // the fewest hints: as few as the design's minimum
        let all = Grid::new(4, 4, true);
        let mut d = HintDesign::new(&inside, &all).unwrap();
        let min = d.minimum().unwrap().expect("a good set").value;
        let fewest = LoopRequest {
            fewest: true,
            ..LoopRequest::new(inside)
        };
        let made = Designer.generate(&fewest, 3, &limits).unwrap();
        assert_eq!(made.stats.counter("hints"), Some(min as u64));
        assert!(d.count(Which::Minimal) > 0u32.into());
    }

    fn unique(clues: &Grid<Option<u8>>) -> bool {
        crate::SlitherZdd::new(clues)
            .unwrap()
            .count(&Limits::default())
            .unwrap()
            == 1u32.into()
    }

    #[test]
    fn a_region_that_is_not_one_loop_is_an_error_and_no_good_set_is_infeasible() {
        // two inside cells apart: two loops (parse_loop refuses it; a caller's grid may not)
        let mut two = Grid::new(3, 3, false);
        two[zlink_puzzle::Coord::new(0, 0)] = true;
        two[zlink_puzzle::Coord::new(0, 2)] = true;
        let e = Designer
            .generate(&LoopRequest::new(two), 1, &Limits::default())
            .unwrap_err();
        assert!(matches!(e, SolveError::Solver(_)), "{e:?}");
        // hints only in a far corner of a large loop cannot pin it down
        let inside = parse_loop("xxxx\nxxxx\nxxxx\nxxxx\n", "loop").unwrap();
        let mut cand = Grid::new(4, 4, false);
        cand[zlink_puzzle::Coord::new(0, 0)] = true;
        let request = LoopRequest {
            candidates: Some(cand),
            ..LoopRequest::new(inside)
        };
        let e = Designer
            .generate(&request, 1, &Limits::default())
            .unwrap_err();
        assert!(matches!(e, SolveError::Infeasible), "{e:?}");
    }
}
