//! Numberlink by the ZDD engine (`zlink-link`, the ZDD paper's Algorithm 2): `--engine zdd`.
//! Counts every solution exactly through the frontier's one entry point (packed or wide
//! states, memory budget, threads, time limit); forced edges are deduced first.
//!
//! Settings: `cover=on|off`, `no_u_bends=on|off` (both default off, added to what the input
//! format implies), `deduce=on|off|labels|probe|sat` (default on = sat: probing then a SAT
//! completion, see [`Deduction::Sat`]; `probe` without the SAT completion; `labels` adds the
//! per-cell label domains to probing, see [`Deduction::Labels`]); `attempt=N`, the states of
//! the budgeted count or build that runs before the SAT completion (default
//! [`ATTEMPT_STATES`]; 0: the completion first).

use std::time::Instant;

use zlink_link::numberlink::{Deduction, NumberlinkZdd, ATTEMPT_STATES};
use zlink_puzzle::numberlink::{Links, Rules};
use zlink_puzzle::{
    Counted, Engine, Sampled, Settings, SettingsReader, SolveError, SolveOptions, Solved,
};

use super::Numberlink;
use crate::link;

/// The rule variant and deduction switch of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberlinkSettings {
    /// Rules added to the input's own.
    pub rules: Rules,
    /// How forced edges are fixed before the build.
    pub deduce: Deduction,
    /// States of the budgeted count or build before the SAT completion (`None`: the default).
    pub attempt: Option<u64>,
}

impl Settings for NumberlinkSettings {
    const KEYS: &'static [(&'static str, &'static str)] = &[
        (
            "cover",
            "on|off: every cell on a line (default off; --cover)",
        ),
        (
            "no_u_bends",
            "on|off: no line touches itself (default off; --no-u-bends)",
        ),
        (
            "deduce",
            "on|off|labels|probe|sat: fix forced edges first (default on = sat: probing, a count under the attempt budget, then a SAT completion if it overflows; probe: without it; labels: probing with per-cell label domains)",
        ),
        (
            "attempt",
            "N: states of the count or build tried before the SAT completion (default 1000000; 0: the completion first)",
        ),
    ];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        Ok(Self {
            rules: Rules {
                cover: r.flag("cover")?.unwrap_or(false),
                no_u_bends: r.flag("no_u_bends")?.unwrap_or(false),
            },
            deduce: r
                .choice(
                    "deduce",
                    &[
                        ("on", Deduction::default()),
                        ("yes", Deduction::default()),
                        ("true", Deduction::default()),
                        ("probe", Deduction::Probe),
                        ("sat", Deduction::Sat),
                        ("off", Deduction::Off),
                        ("no", Deduction::Off),
                        ("false", Deduction::Off),
                        ("labels", Deduction::Labels),
                    ],
                )?
                .unwrap_or_default(),
            attempt: r.number("attempt")?,
        })
    }
}

/// The Numberlink ZDD engine.
#[derive(Debug, Clone, Copy)]
pub struct ZddEngine;

/// The engine with the chosen rules and deduction, its probing bounded by the run's
/// `deadline`.
fn engine(
    p: &Numberlink,
    s: &NumberlinkSettings,
    deadline: Option<Instant>,
) -> Result<NumberlinkZdd, SolveError> {
    let own = p.rules();
    let rules = Rules {
        cover: own.cover || s.rules.cover,
        no_u_bends: own.no_u_bends || s.rules.no_u_bends,
    };
    let mut z = NumberlinkZdd::new_until(p.grid(), rules, s.deduce, deadline)
        .map_err(SolveError::caused_by)?;
    z.set_attempt_budget(s.attempt.unwrap_or(ATTEMPT_STATES));
    Ok(z)
}

impl Engine<Numberlink> for ZddEngine {
    type Settings = NumberlinkSettings;

    fn name(&self) -> &'static str {
        "zdd"
    }

    fn summary(&self) -> &'static str {
        "all solutions as a ZDD (numbered path matchings), counted exactly"
    }

    fn solve(
        &self,
        p: &Numberlink,
        s: &NumberlinkSettings,
        opts: &SolveOptions,
    ) -> Result<Solved<Links>, SolveError> {
        let started = Instant::now();
        let z = engine(p, s, opts.limits.deadline)?;
        link::solve(&z, started, opts, |es| z.links_of(&es))
    }

    fn samples(&self) -> bool {
        true
    }

    fn sample(
        &self,
        p: &Numberlink,
        s: &NumberlinkSettings,
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<Links>, SolveError> {
        let started = Instant::now();
        let z = engine(p, s, opts.limits.deadline)?;
        link::sample(&z, (k, seed), started, opts, |es| z.links_of(&es))
    }

    /// Counters: the frontier's, then the edges deduction fixed (`edges_fixed_on`,
    /// `edges_fixed_off`), the attempt's budget, `count_us` and which step settled the count
    /// (`settled_by_*`, see [`zlink_link::SettledBy`]).
    fn count(
        &self,
        p: &Numberlink,
        s: &NumberlinkSettings,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        let started = Instant::now();
        let z = engine(p, s, opts.limits.deadline)?;
        link::count(&z, started, opts, |st| {
            vec![
                ("edges_fixed_on", st.fixed_on as u64),
                ("edges_fixed_off", st.fixed_off as u64),
                ("attempt_budget", st.attempt_budget),
            ]
        })
    }
}
