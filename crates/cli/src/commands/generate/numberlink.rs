//! `zlink generate numberlink`. (Being built: see the numberlink generator issue.)

use crate::exit::CliError;
use crate::GlobalOpts;

/// Options of `zlink generate numberlink`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `zlink generate numberlink`.
///
/// # Errors
/// Always, until the generator lands.
pub fn run(_args: Args, _global: &GlobalOpts) -> Result<(), CliError> {
    Err(CliError::input("zlink generate numberlink: not built yet"))
}
