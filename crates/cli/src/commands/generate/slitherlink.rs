//! `zlink generate slitherlink`. (Being built: see the slitherlink generator issue.)

use crate::exit::CliError;
use crate::GlobalOpts;

/// Options of `zlink generate slitherlink`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `zlink generate slitherlink`.
///
/// # Errors
/// Always, until the generator lands.
pub fn run(_args: Args, _global: &GlobalOpts) -> Result<(), CliError> {
    Err(CliError::input("zlink generate slitherlink: not built yet"))
}
