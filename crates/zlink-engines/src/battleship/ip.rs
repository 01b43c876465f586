//! Battleship by integer programming ([`super::model`]): `--engine ip`, solve by HiGHS with the
//! chosen formulation, count by no-good cuts.
//!
//! Setting (`--set model=grid|cell`): the formulation, default `grid`.

use zlink_puzzle::{Counted, Engine, Settings, SettingsReader, SolveError, SolveOptions, Solved};

use super::model::{self, BattleshipModel, BattleshipOptions};
use super::{Battleship, Fleet};

impl Settings for BattleshipOptions {
    const KEYS: &'static [(&'static str, &'static str)] = &[(
        "model",
        "grid|cell: ship placements (report 4.1) or cell parts (4.2-4.3) (default grid)",
    )];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        let mut o = Self::default();
        if let Some(m) = r.raw("model") {
            o.model = m
                .parse::<BattleshipModel>()
                .map_err(SolveError::BadSetting)?;
        }
        Ok(o)
    }
}

/// The Battleship IP engine.
#[derive(Debug, Clone, Copy)]
pub struct IpEngine;

impl Engine<Battleship> for IpEngine {
    type Settings = BattleshipOptions;

    fn name(&self) -> &'static str {
        "ip"
    }

    fn summary(&self) -> &'static str {
        "integer programs over ship placements or cell parts (--set model=grid|cell); counts by no-good cuts"
    }

    fn needs_mip(&self, _: &Self::Settings) -> bool {
        true
    }

    fn enumerates(&self) -> bool {
        true
    }

    fn solve(
        &self,
        b: &Battleship,
        o: &BattleshipOptions,
        opts: &SolveOptions,
    ) -> Result<Solved<Fleet>, SolveError> {
        model::solve(b, o, opts)
    }

    fn count(
        &self,
        b: &Battleship,
        o: &BattleshipOptions,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        model::count(b, o, opts)
    }
}
