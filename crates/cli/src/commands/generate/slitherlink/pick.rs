//! Which hint sets `zlink generate slitherlink` writes: samples, minimal, minimum or hardest
//! members of the design's families, each with a name for its file.
//!
//! Why a module: the flags combine (`--sample N --minimal` samples the minimal family), and
//! keeping that mapping in one place keeps the command's `run` a straight pipeline.

use std::time::Instant;

use zlink_link::design::{Chosen, Hardness, HintDesign, Which};
use zlink_puzzle::Grid;

use super::{design_error, minimal_family, Args};
use crate::exit::CliError;

/// A picked instance: its name (`sample-1`, `minimal-3`, ...) and clue grid.
pub type Picked = (String, Grid<Option<u8>>);

/// The instances the flags ask for; `None` when only `--stats` was asked for. Without any
/// picking flag, one uniformly random minimal hint set (seeded by `--seed`).
///
/// # Errors
/// Exit 3 when a store's node budget or the time limit runs out while picking.
pub fn pick(
    args: &Args,
    design: &mut HintDesign,
    deadline: Option<Instant>,
) -> Result<Option<Vec<Picked>>, CliError> {
    let named = |what: &str, sets: Vec<Grid<Option<u8>>>| -> Vec<Picked> {
        sets.into_iter()
            .enumerate()
            .map(|(i, g)| (format!("{what}-{}", i + 1), g))
            .collect()
    };
    if args.minimum || args.hardest {
        let chosen = if args.minimum {
            design.minimum()
        } else {
            design.hardest(args.weights.map_or(Hardness::Paper, Hardness::Weights))
        }
        .map_err(|e| design_error(args, e))?;
        let what = if args.minimum { "minimum" } else { "hardest" };
        return Ok(Some(named(what, members(design, chosen, args.limit))));
    }
    // Everything below but `--sample` alone reads the minimal family.
    if args.minimal || args.sample.is_none() {
        minimal_family(args, design, deadline)?;
    }
    let family = if args.minimal {
        Which::Minimal
    } else {
        Which::Good
    };
    if let Some(n) = args.sample {
        let what = if args.minimal {
            "minimal-sample"
        } else {
            "sample"
        };
        return Ok(Some(named(what, design.sample(family, n, args.seed))));
    }
    if args.minimal {
        let sets: Vec<Grid<Option<u8>>> = design
            .zdd()
            .iter(design.root(Which::Minimal))
            .take(args.limit)
            .map(|s| design.clues_of(&s))
            .collect();
        return Ok(Some(named("minimal", sets)));
    }
    if args.stats {
        return Ok(None);
    }
    Ok(Some(named(
        "puzzle",
        design.sample(Which::Minimal, 1, args.seed),
    )))
}

/// Up to `limit` members of a chosen family (none if nothing was chosen).
fn members(design: &HintDesign, chosen: Option<Chosen>, limit: usize) -> Vec<Grid<Option<u8>>> {
    let Some(c) = chosen else { return Vec::new() };
    design
        .zdd()
        .iter(c.family)
        .take(limit)
        .map(|s| design.clues_of(&s))
        .collect()
}
