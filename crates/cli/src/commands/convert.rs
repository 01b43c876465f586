//! `zlink render --kind K --format F`: convert puzzles between the formats their kind writes.
//!
//! Why a module: converting is reading with the kind's readers and writing with its writers
//! ([`zlink_puzzle::Instance::write`]); the output is what the readers take back, several
//! puzzles separated by blank lines ([`zlink_puzzle::list`]).

use serde_json::json;
use zlink_puzzle::Instance;

use super::puzzle::print_json;
use crate::exit::CliError;
use crate::output::{out, outln};
use crate::GlobalOpts;

/// `zlink render --format F`: every puzzle written in `format`, separated by blank lines (the
/// multi-puzzle form every reader takes); with `--json`, label, kind and the written text.
///
/// # Errors
/// Exit 2 for a format the kind does not write (naming those it does), several SVG documents
/// on stdout, or a puzzle the format cannot hold.
pub(crate) fn convert(
    instances: &[Box<dyn Instance>],
    format: &str,
    global: &GlobalOpts,
) -> Result<(), CliError> {
    if format == "svg" && instances.len() > 1 {
        return Err(CliError::input(
            "several puzzles make several SVG documents: use --svg OUT.svg (one file each)",
        ));
    }
    let written: Vec<String> = instances
        .iter()
        .map(|inst| inst.write(format).map_err(CliError::input))
        .collect::<Result<_, _>>()?;
    if global.json {
        let objs = instances
            .iter()
            .zip(&written)
            .map(|(inst, w)| json!({ "label": inst.label(), "kind": inst.kind(), "format": format, "written": w }))
            .collect();
        print_json(objs);
        return Ok(());
    }
    for (i, w) in written.iter().enumerate() {
        if i > 0 {
            outln!("");
        }
        out!("{w}");
    }
    Ok(())
}
