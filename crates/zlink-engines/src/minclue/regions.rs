//! Higher-degree rows for the master: for a region R (a band, a stack, two bands, two
//! stacks), m_R is the fewest clues inside R that make the grid unique when every cell
//! outside R is given. Any unique clue set then has at least m_R clues in R, because its
//! clues in R, with everything outside given, leave the grid unique. Disjoint regions add
//! up: Σ_R m_R over the bands (or stacks, or two bands and the third) bounds the clue count,
//! and the three pairs of bands, covering every cell twice, give ⌈Σ m / 2⌉;
//! and inside the search the bound Σ_R max(0, m_R − clues chosen in R) prunes far more than
//! packing single sets.
//!
//! m_R is itself a minimum-clue problem on R, solved by the same hitting-set search with a
//! checker that keeps the outside given; the sets it learns lie in R and are unavoidable for
//! the whole grid, so they join the main collection.

use std::time::Instant;

use super::check::Checker;
use super::hitting::{self, Family, SetCollection, TimedOut};
use crate::sudoku::Shape;

/// m_R for `region` (a bit mask of cells), learning the sets it finds of at most `max_size`
/// cells into `sets`.
///
/// # Errors
/// [`TimedOut`] when `deadline` passes.
pub fn region_minimum(
    check: &Checker,
    sets: &mut SetCollection,
    region: u128,
    max_size: u32,
    deadline: Option<Instant>,
) -> Result<u32, TimedOut> {
    let mut sub = check.within(&hitting::flags(region, check.cells()));
    let mut inside = sets.inside(region);
    let mut k = inside.packing_bound();
    loop {
        let (found, _) = hitting::search_level(&mut sub, &mut inside, k, 8, deadline, &[])?;
        if found.is_some() {
            sets.merge(&inside, max_size);
            return Ok(k as u32);
        }
        k += 1;
    }
}

/// The bands and stacks of `shape`, as cell masks (grids of at most 128 cells).
fn bands_and_stacks(shape: Shape) -> (Vec<u128>, Vec<u128>) {
    let n = shape.n;
    let mut bands = vec![0u128; n / shape.box_rows];
    let mut stacks = vec![0u128; n / shape.box_cols];
    for i in 0..n * n {
        bands[(i / n) / shape.box_rows] |= 1 << i;
        stacks[(i % n) / shape.box_cols] |= 1 << i;
    }
    (bands, stacks)
}

/// The region families and their m_R: all bands; all stacks; and, with three or more bands
/// (stacks), each pair of bands (stacks) with the bands (stacks) outside it, and all pairs
/// together (every cell covered by lines − 1 of them).
///
/// # Errors
/// [`TimedOut`] when `deadline` passes.
pub fn families(
    shape: Shape,
    check: &Checker,
    sets: &mut SetCollection,
    max_size: u32,
    deadline: Option<Instant>,
) -> Result<Vec<Family>, TimedOut> {
    let (bands, stacks) = bands_and_stacks(shape);
    let mut out = Vec::new();
    for lines in [bands, stacks] {
        let ms: Vec<u32> = lines
            .iter()
            .map(|&r| region_minimum(check, sets, r, max_size, deadline))
            .collect::<Result<_, _>>()?;
        out.push(Family {
            regions: lines.iter().copied().zip(ms.iter().copied()).collect(),
            cover: 1,
        });
        if lines.len() >= 3 {
            let mut pairs = Vec::new();
            for a in 0..lines.len() {
                for b in a + 1..lines.len() {
                    let pair = lines[a] | lines[b];
                    let m = region_minimum(check, sets, pair, max_size, deadline)?;
                    pairs.push((pair, m));
                    let mut regions = vec![(pair, m)];
                    regions.extend(
                        (0..lines.len())
                            .filter(|&c| c != a && c != b)
                            .map(|c| (lines[c], ms[c])),
                    );
                    out.push(Family { regions, cover: 1 });
                }
            }
            out.push(Family {
                regions: pairs,
                cover: lines.len() as u32 - 1,
            });
        }
    }
    // the strongest first: only the first 8 take part in the packing bound inside the search
    out.sort_by_key(|f| std::cmp::Reverse(f.root_bound()));
    Ok(out)
}
