//! Hashi by integer programming ([`super::model`]): `--engine ip`, solve by HiGHS with the
//! chosen formulation, count by no-good cuts on the bridge variables.
//!
//! Setting (`--set model=flow|bfs|lazy`): the formulation, default `lazy`.

use zlink_puzzle::{Counted, Engine, Settings, SettingsReader, SolveError, SolveOptions, Solved};

use super::model::{self, HashiModel, HashiOptions};
use super::{Bridges, Hashi};

impl Settings for HashiOptions {
    const KEYS: &'static [(&'static str, &'static str)] =
        &[("model", "flow|bfs|lazy: the formulation (default lazy)")];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        let mut o = Self::default();
        if let Some(m) = r.raw("model") {
            o.model = m.parse::<HashiModel>().map_err(SolveError::BadSetting)?;
        }
        Ok(o)
    }
}

/// The Hashi IP engine.
#[derive(Debug, Clone, Copy)]
pub struct IpEngine;

impl Engine<Hashi> for IpEngine {
    type Settings = HashiOptions;

    fn name(&self) -> &'static str {
        "ip"
    }

    fn summary(&self) -> &'static str {
        "integer programs with flow, BFS or lazy connectivity (--set model=…); counts by no-good cuts"
    }

    fn needs_mip(&self, _: &Self::Settings) -> bool {
        true
    }

    fn enumerates(&self) -> bool {
        true
    }

    fn solve(
        &self,
        h: &Hashi,
        o: &HashiOptions,
        opts: &SolveOptions,
    ) -> Result<Solved<Bridges>, SolveError> {
        model::solve(h, o, opts)
    }

    fn count(
        &self,
        h: &Hashi,
        o: &HashiOptions,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        model::count(h, o, opts)
    }
}
