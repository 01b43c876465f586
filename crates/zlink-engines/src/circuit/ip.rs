//! The circuit board by integer programming ([`super::model`]): `--engine ip` (the default for
//! `solve`), solve by HiGHS with the chosen formulation, count by no-good cuts on the wires.
//!
//! Settings: `--set model=cm1|cm2|cm3`, the report's formulation (default CM3 on a board with
//! endpoints `s`, `t` and CM1 otherwise); `--set squares=on|off`, whether CM1 and CM3 start with
//! the subtour cuts of the 2×2 blocks (default on; off is the report's model as written).

use zlink_puzzle::{Counted, Engine, Settings, SettingsReader, SolveError, SolveOptions, Solved};

use super::model::{self, CircuitModel, CircuitOptions};
use super::{Circuit, Wires};

impl Settings for CircuitOptions {
    const KEYS: &'static [(&'static str, &'static str)] = &[(
        "model",
        "cm1|cm2|cm3: spanning tree with lazy subtour cuts, single-commodity flow, or CM1 plus \
         the shortest s-t path (default cm3 with s and t, else cm1)",
    ), (
        "squares",
        "on|off: CM1/CM3 start with the subtour cut of every 2x2 block of points (default on)",
    )];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        let mut o = Self::default();
        if let Some(m) = r.raw("model") {
            o.model = Some(m.parse::<CircuitModel>().map_err(SolveError::BadSetting)?);
        }
        if let Some(on) = r.flag("squares")? {
            o.squares = on;
        }
        Ok(o)
    }
}

/// The circuit-board IP engine.
#[derive(Debug, Clone, Copy)]
pub struct IpEngine;

impl Engine<Circuit> for IpEngine {
    type Settings = CircuitOptions;

    fn name(&self) -> &'static str {
        "ip"
    }

    fn summary(&self) -> &'static str {
        "the report's CM1 (lazy subtour cuts), CM2 (flow) or CM3 (shortest s-t path) by HiGHS \
         (--set model=…); counts by no-good cuts"
    }

    fn needs_mip(&self, _: &Self::Settings) -> bool {
        true
    }

    fn enumerates(&self) -> bool {
        true
    }

    fn solve(
        &self,
        c: &Circuit,
        o: &CircuitOptions,
        opts: &SolveOptions,
    ) -> Result<Solved<Wires>, SolveError> {
        model::solve(c, o, opts)
    }

    fn count(
        &self,
        c: &Circuit,
        o: &CircuitOptions,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        model::count(c, o, opts)
    }
}
