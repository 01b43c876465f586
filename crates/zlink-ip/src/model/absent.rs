//! [`Model`] without a solver: the `highs` feature is off (the lean `zlink` binary, which
//! hands every integer program to `zlink-mip`). Models are still built, sized and checked
//! against the memory budget; solving one is [`IpError::NoSolver`].

use std::time::Instant;

use super::{Model, Solution};
use crate::IpError;

/// Never built: there is no live solver instance.
pub(super) enum Live {}

impl Live {
    /// Unreachable: no `Live` exists.
    pub(super) fn set_bounds(&mut self, _index: usize, _lower: f64, _upper: f64) {
        match *self {}
    }
}

impl Model {
    /// No solver in this build.
    pub(super) fn solve_live(&mut self, _start: Instant) -> Result<Solution, IpError> {
        Err(IpError::NoSolver)
    }
}
