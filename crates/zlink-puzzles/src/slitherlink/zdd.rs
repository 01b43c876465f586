//! Slitherlink by the ZDD engine (`zlink-link`, the ZDD paper's Algorithm 5): `--engine zdd`,
//! the default. It counts *all* solutions exactly (no limit), through the frontier's one entry
//! point: packed or wide states by frontier width, the memory budget, threads and the time
//! limit of the options.

use std::time::Instant;

use zlink_grid::{Counted, Engine, SolveError, SolveOptions, Solved};
use zlink_link::slitherlink::SlitherZdd;

use super::{Loop, Slitherlink};
use crate::zdd_limits::{exact_count, first_of_two, frontier_progress, limits, run_error};

/// The Slitherlink ZDD engine.
#[derive(Debug, Clone, Copy)]
pub struct ZddEngine;

fn engine(p: &Slitherlink) -> Result<SlitherZdd, SolveError> {
    SlitherZdd::new(p.clues()).map_err(|e| SolveError::Solver(e.to_string()))
}

impl Engine<Slitherlink> for ZddEngine {
    type Settings = ();

    fn name(&self) -> &'static str {
        "zdd"
    }

    fn summary(&self) -> &'static str {
        "all solutions as a ZDD (cycles ∩ clue counts), counted exactly"
    }

    fn solve(
        &self,
        p: &Slitherlink,
        _: &(),
        opts: &SolveOptions,
    ) -> Result<Solved<Loop>, SolveError> {
        let started = Instant::now();
        let found = engine(p)?
            .solutions(2, &limits(opts, Some(&frontier_progress(opts))))
            .map_err(|e| run_error(e, opts))?;
        first_of_two(found, started)
    }

    fn count(&self, p: &Slitherlink, _: &(), opts: &SolveOptions) -> Result<Counted, SolveError> {
        let z = engine(p)?;
        exact_count(opts, "frontier_width", &[], |l| z.count_with_stats(l))
    }
}
