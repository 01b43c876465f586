//! Slitherlink by the ZDD engine (`zlink-link`, the ZDD paper's Algorithm 5): `--engine zdd`,
//! the default. It counts *all* solutions exactly (no limit), through the frontier's one entry
//! point: packed or wide states by frontier width, the memory budget, threads and the time
//! limit of the options.
//!
//! Settings: `deduce=off|rules|probe|sat` (how much deduction runs before the build; see
//! [`Deduction`]); `attempt=N`, the states of the budgeted count or build that runs before the
//! SAT completion at `deduce=sat` (default [`ATTEMPT_STATES`]; 0: the completion first).

use std::time::Instant;

use zlink_link::slitherlink::{Deduction, SlitherZdd, ATTEMPT_STATES};
use zlink_puzzle::{
    Counted, Engine, Sampled, Settings, SettingsReader, SolveError, SolveOptions, Solved,
};

use super::{Loop, Slitherlink};
use crate::link;

/// The Slitherlink ZDD engine.
#[derive(Debug, Clone, Copy)]
pub struct ZddEngine;

/// The deduction level of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SlitherlinkSettings {
    /// How forced segments are fixed before the build.
    pub deduce: Deduction,
    /// States of the budgeted count or build before the SAT completion (`None`: the default).
    pub attempt: Option<u64>,
}

impl Settings for SlitherlinkSettings {
    const KEYS: &'static [(&'static str, &'static str)] = &[
        (
            "deduce",
            "off|rules|probe|sat: deduction before the build (default sat: rules, probing, a count under the attempt budget, then a SAT completion if it overflows)",
        ),
        (
            "attempt",
            "N: states of the count or build tried before the SAT completion (default 33000; 0: the completion first)",
        ),
    ];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        let deduce = r
            .choice(
                "deduce",
                &[
                    ("off", Deduction::Off),
                    ("rules", Deduction::Rules),
                    ("probe", Deduction::Probe),
                    ("sat", Deduction::Sat),
                ],
            )?
            .unwrap_or_default();
        let attempt = r.number("attempt")?;
        Ok(Self { deduce, attempt })
    }
}

/// The engine with the chosen deduction, its probing bounded by the run's `deadline`.
fn engine(
    p: &Slitherlink,
    s: &SlitherlinkSettings,
    deadline: Option<Instant>,
) -> Result<SlitherZdd, SolveError> {
    let mut z = SlitherZdd::with_deduction_until(p.clues(), s.deduce, deadline)
        .map_err(SolveError::caused_by)?;
    z.set_attempt_budget(s.attempt.unwrap_or(ATTEMPT_STATES));
    Ok(z)
}

impl Engine<Slitherlink> for ZddEngine {
    type Settings = SlitherlinkSettings;

    fn name(&self) -> &'static str {
        "zdd"
    }

    fn summary(&self) -> &'static str {
        "all solutions as a ZDD (cycles ∩ clue counts), counted exactly"
    }

    fn solve(
        &self,
        p: &Slitherlink,
        s: &SlitherlinkSettings,
        opts: &SolveOptions,
    ) -> Result<Solved<Loop>, SolveError> {
        let started = Instant::now();
        let z = engine(p, s, opts.limits.deadline)?;
        link::solve(&z, started, opts, Some)
    }

    fn samples(&self) -> bool {
        true
    }

    fn sample(
        &self,
        p: &Slitherlink,
        s: &SlitherlinkSettings,
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<Loop>, SolveError> {
        let started = Instant::now();
        let z = engine(p, s, opts.limits.deadline)?;
        link::sample(&z, (k, seed), started, opts, Some)
    }

    /// Counters: the frontier's, then what deduction decided (`segments`, `fixed_on`,
    /// `fixed_off`, `open_clues`, `decided` = 1 when deduction alone decided every segment,
    /// `contradiction`), the time per phase (`deduce_us`, `count_us`: attempt, completion and
    /// count), the attempt's budget and which step settled the count (`settled_by_*`, see
    /// [`zlink_link::SettledBy`]).
    fn count(
        &self,
        p: &Slitherlink,
        s: &SlitherlinkSettings,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        let started = Instant::now();
        let z = engine(p, s, opts.limits.deadline)?;
        link::count(&z, started, opts, |st| {
            vec![
                ("segments", st.segments as u64),
                ("fixed_on", st.fixed_on as u64),
                ("fixed_off", st.fixed_off as u64),
                ("open_clues", st.open_clues as u64),
                ("decided", u64::from(st.decided)),
                ("contradiction", u64::from(st.contradiction)),
                ("deduce_us", (st.deduce_seconds * 1e6) as u64),
                ("attempt_budget", st.attempt_budget),
            ]
        })
    }
}
