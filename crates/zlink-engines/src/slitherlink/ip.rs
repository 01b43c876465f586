//! Slitherlink by the seed's arc integer program ([`super::model`]): `--engine ip`, solve by
//! iterative subtour elimination, count by no-good cuts. It is the independent cross-check of
//! the ZDD engine's counts.
//!
//! Setting (`--set cuts=on|off`): the starting-rule cuts, default on.

use zlink_puzzle::{Counted, Engine, Settings, SettingsReader, SolveError, SolveOptions, Solved};

use super::model::{self, SlitherOptions};
use super::{Loop, Slitherlink};

impl Settings for SlitherOptions {
    const KEYS: &'static [(&'static str, &'static str)] =
        &[("cuts", "on|off: the starting-rule cuts (default on)")];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        let mut o = Self::default();
        if let Some(cuts) = r.flag("cuts")? {
            o.cuts = cuts;
        }
        Ok(o)
    }
}

/// The Slitherlink IP engine.
#[derive(Debug, Clone, Copy)]
pub struct IpEngine;

impl Engine<Slitherlink> for IpEngine {
    type Settings = SlitherOptions;

    fn name(&self) -> &'static str {
        "ip"
    }

    fn summary(&self) -> &'static str {
        "the arc integer program with subtour elimination (--set cuts=on|off); counts by no-good cuts"
    }

    fn needs_mip(&self, _: &Self::Settings) -> bool {
        true
    }

    fn enumerates(&self) -> bool {
        true
    }

    fn solve(
        &self,
        p: &Slitherlink,
        o: &SlitherOptions,
        opts: &SolveOptions,
    ) -> Result<Solved<Loop>, SolveError> {
        model::solve(p, o, opts)
    }

    fn count(
        &self,
        p: &Slitherlink,
        o: &SlitherOptions,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        model::count(p, o, opts)
    }
}
