//! Which hint sets a design hands out: samples, minimal, minimum or hardest members of its
//! families, each named for its file (`sample-1`, `minimal-3`, ...), and the minimum sets of
//! the row generation ([`super::minimum`]) the same way.
//!
//! Why a module: the choices combine (a sample of the minimal family), some need the minimal
//! family first and must respect the deadline before that step (which does not look at the
//! clock); keeping that mapping here keeps every caller a straight pipeline.

use std::time::Instant;

use zlink_puzzle::Grid;

use super::minimum::MinimumSets;
use super::{Chosen, DesignError, Hardness, HintDesign, Which};

/// A picked instance: its name (`sample-1`, `minimal-3`, ...) and clue grid.
pub type Picked = (String, Grid<Option<u8>>);

/// What to pick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pick {
    /// One uniformly random minimal hint set (named `puzzle-1`).
    #[default]
    One,
    /// Nothing (statistics only).
    Nothing,
    /// `n` uniformly random good sets, of the minimal family when `minimal`.
    Sample {
        /// How many.
        n: usize,
        /// From the minimal family.
        minimal: bool,
    },
    /// Minimal sets in the diagram's order.
    Minimal,
    /// Sets of the fewest hints.
    Minimum,
    /// The hardest minimal sets.
    Hardest(Hardness),
}

/// Computes the design's minimal family (`up_minimal`, which does not look at the clock)
/// unless `deadline` has already passed.
///
/// # Errors
/// [`DesignError::TimeLimit`] past the deadline, or a node budget.
pub fn minimal_family(
    design: &mut HintDesign,
    deadline: Option<Instant>,
) -> Result<(), DesignError> {
    if !design.has_minimal() && deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(DesignError::TimeLimit {
            phase: "the minimal hint sets",
        });
    }
    design.compute_minimal()
}

fn named(what: &str, sets: Vec<Grid<Option<u8>>>) -> Vec<Picked> {
    sets.into_iter()
        .enumerate()
        .map(|(i, g)| (format!("{what}-{}", i + 1), g))
        .collect()
}

/// The instances `pick` asks for (at most `limit` of the minimal, minimum and hardest ones;
/// samples seeded by `seed`); `None` for [`Pick::Nothing`].
///
/// # Errors
/// A store's node budget or the deadline running out while picking.
pub fn pick(
    design: &mut HintDesign,
    pick: Pick,
    limit: usize,
    seed: u64,
    deadline: Option<Instant>,
) -> Result<Option<Vec<Picked>>, DesignError> {
    let members = |design: &HintDesign, chosen: Option<Chosen>| -> Vec<Grid<Option<u8>>> {
        let Some(c) = chosen else { return Vec::new() };
        let zdd = design.zdd();
        zdd.iter(c.family)
            .take(limit)
            .map(|s| design.clues_of(&s))
            .collect()
    };
    Ok(Some(match pick {
        Pick::Minimum => {
            let chosen = design.minimum()?;
            named("minimum", members(design, chosen))
        }
        Pick::Hardest(h) => {
            let chosen = design.hardest(h)?;
            named("hardest", members(design, chosen))
        }
        Pick::Sample { n, minimal: false } => named("sample", design.sample(Which::Good, n, seed)),
        Pick::Sample { n, minimal: true } => {
            minimal_family(design, deadline)?;
            named("minimal-sample", design.sample(Which::Minimal, n, seed))
        }
        Pick::Minimal => {
            minimal_family(design, deadline)?;
            let sets = design
                .zdd()
                .iter(design.root(Which::Minimal))
                .take(limit)
                .map(|s| design.clues_of(&s))
                .collect();
            named("minimal", sets)
        }
        Pick::Nothing => {
            minimal_family(design, deadline)?;
            return Ok(None);
        }
        Pick::One => {
            minimal_family(design, deadline)?;
            named("puzzle", design.sample(Which::Minimal, 1, seed))
        }
    }))
}

/// Up to `limit` minimum sets of the row generation, named `minimum-1`, ...
pub fn minimum_picks(m: &MinimumSets, limit: usize) -> Vec<Picked> {
    m.zdd
        .iter(m.family)
        .take(limit)
        .enumerate()
        .map(|(i, s)| (format!("minimum-{}", i + 1), m.clues_of(&s)))
        .collect()
}
