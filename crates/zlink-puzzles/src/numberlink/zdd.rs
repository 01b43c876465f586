//! Numberlink by the ZDD engine (`zlink-link`, the ZDD paper's Algorithm 2): `--engine zdd`.
//! Counts every solution exactly through the frontier's one entry point (packed or wide
//! states, memory budget, threads, time limit); forced edges are deduced first.
//!
//! Settings: `cover=on|off`, `no_u_bends=on|off` (both default off, added to what the input
//! format implies), `deduce=on|off|labels` (default on; `labels` adds the per-cell label
//! domains, see [`Deduction::Labels`]).

use std::time::Instant;

use zlink_grid::numberlink::{Links, Rules};
use zlink_grid::{Counted, Engine, Settings, SettingsReader, SolveError, SolveOptions, Solved};
use zlink_link::numberlink::{Deduction, NumberlinkZdd};

use super::Numberlink;
use crate::zdd_limits::{exact_count, first_of_two, frontier_progress, limits, run_error};

/// The rule variant and deduction switch of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberlinkSettings {
    /// Rules added to the input's own.
    pub rules: Rules,
    /// How forced edges are fixed before the build.
    pub deduce: Deduction,
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
            "on|off|labels: fix forced edges first (default on; labels: also per-cell label domains)",
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
                        ("on", Deduction::Probe),
                        ("yes", Deduction::Probe),
                        ("true", Deduction::Probe),
                        ("off", Deduction::Off),
                        ("no", Deduction::Off),
                        ("false", Deduction::Off),
                        ("labels", Deduction::Labels),
                    ],
                )?
                .unwrap_or_default(),
        })
    }
}

/// The Numberlink ZDD engine.
#[derive(Debug, Clone, Copy)]
pub struct ZddEngine;

fn engine(p: &Numberlink, s: &NumberlinkSettings) -> Result<NumberlinkZdd, SolveError> {
    let own = p.rules();
    let rules = Rules {
        cover: own.cover || s.rules.cover,
        no_u_bends: own.no_u_bends || s.rules.no_u_bends,
    };
    NumberlinkZdd::new_with(p.grid(), rules, s.deduce)
        .map_err(|e| SolveError::Solver(e.to_string()))
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
        let found = engine(p, s)?
            .links(2, &limits(opts, Some(&frontier_progress(opts))))
            .map_err(|e| run_error(e, opts))?;
        first_of_two(found, started)
    }

    fn count(
        &self,
        p: &Numberlink,
        s: &NumberlinkSettings,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        let z = engine(p, s)?;
        let setup = z.setup_stats();
        let fixed = [
            ("edges_fixed_on", setup.fixed_on as u64),
            ("edges_fixed_off", setup.fixed_off as u64),
        ];
        exact_count(opts, "frontier_width", &fixed, |l| z.count_with_stats(l))
    }
}
