//! Runs that need the MIP solver, in a build without it.
//!
//! HiGHS registers 6,268 static `std::string` constructors (and as many destructors) that run at
//! every start and exit of a binary linking it, whether an integer program is solved or not:
//! about an eighth of a small Numberlink or Slitherlink count's process time. So the lean `zlink`
//! (`cargo zlink-static`, built without the `mip` feature) leaves HiGHS out, and a run whose
//! engine needs it ([`zlink_puzzle::Engine::needs_mip`], decided before any input is read) is
//! handed whole to `zlink-mip`, the full build of the same command line, found beside the
//! running binary: same arguments, same standard streams, its exit code. A default build
//! (`cargo build`) has the solver and never hands over.

use std::path::PathBuf;

use crate::exit::CliError;

/// The binary that has the MIP solver, beside this one.
const MIP_BINARY: &str = "zlink-mip";

/// Replace this process by `zlink-mip` with the same arguments when this build has no MIP
/// solver; return at once when it has one.
///
/// # Errors
/// `zlink-mip` is missing or cannot be started (exit 2, saying how to build it).
pub fn run_elsewhere() -> Result<(), CliError> {
    if zlink_engines::MIP_SOLVER {
        return Ok(());
    }
    let path = mip_binary()?;
    let args = std::env::args_os().skip(1);
    let err = exec(&path, args);
    Err(CliError::input(format!(
        "this zlink was built without the MIP solver, and the integer-programming engine it \
         needs is in {}, which cannot be started: {err} (build it with `cargo zlink-static-mip`, \
         or use a default build: `cargo build --release`)",
        path.display()
    )))
}

fn mip_binary() -> Result<PathBuf, CliError> {
    let me = std::env::current_exe().map_err(|e| {
        CliError::input(format!(
            "this zlink has no MIP solver and cannot find its own path to start {MIP_BINARY}: {e}"
        ))
    })?;
    Ok(me.with_file_name(format!("{MIP_BINARY}{}", std::env::consts::EXE_SUFFIX)))
}

/// Replace the process image (Unix): returns only on failure.
#[cfg(unix)]
fn exec(path: &std::path::Path, args: impl Iterator<Item = std::ffi::OsString>) -> std::io::Error {
    use std::os::unix::process::CommandExt;
    std::process::Command::new(path).args(args).exec()
}

/// Elsewhere: run it, wait, and leave with its exit code.
#[cfg(not(unix))]
fn exec(path: &std::path::Path, args: impl Iterator<Item = std::ffi::OsString>) -> std::io::Error {
    match std::process::Command::new(path).args(args).status() {
        Ok(status) => {
            crate::output::flush();
            std::process::exit(status.code().unwrap_or(1))
        }
        Err(e) => e,
    }
}
