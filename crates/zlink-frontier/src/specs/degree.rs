//! Degree-constrained subgraphs: edge sets in which every vertex `v` has a degree in an
//! allowed set `D(v)`.
//!
//! The state is the degree of each frontier vertex ([`Packed`], 5 bits per slot). Pruning:
//! after each level, each endpoint `x` with degree `d` and `r` edges left must still be able to
//! reach an allowed degree in `d..=d+r`; a vertex leaving the frontier (`r = 0`) must have an
//! allowed degree. Isolated vertices must allow degree 0.

use crate::frontier::{FrontierPlan, TooWide};
use crate::graph::Graph;
use crate::packed::{Packed, MAX_FIELD, MAX_WIDTH};
use crate::spec::{Level, Spec, Step, Stepwise};
use crate::specs::SpecError;

/// Spec of `{ E' ⊆ E : deg_{E'}(v) ∈ D(v) for every v }`; `D(v)` is a bit mask (bit `d` =
/// degree `d` allowed, degrees up to 31).
#[derive(Clone, Debug)]
pub struct DegreeSpec {
    plan: FrontierPlan,
    allowed: Vec<u32>,
}

/// Bits `lo..=hi` (clamped to 31): the degrees in a range, as a mask of allowed degrees (also
/// the connected spec's).
#[inline]
pub(super) fn range_mask(lo: u32, hi: u32) -> u32 {
    let hi = hi.min(31);
    if lo > hi {
        return 0;
    }
    let upto = if hi == 31 {
        u32::MAX
    } else {
        (1u32 << (hi + 1)) - 1
    };
    upto & !((1u32 << lo) - 1)
}

impl DegreeSpec {
    /// `allowed[v]` is the set of allowed degrees of vertex `v`, as a bit mask.
    ///
    /// # Errors
    /// [`SpecError::BadArgument`] if `allowed.len() != n`; [`SpecError::TooWide`].
    pub fn new(g: &Graph, allowed: &[u32]) -> Result<DegreeSpec, SpecError> {
        if allowed.len() != g.num_vertices() {
            return Err(SpecError::BadArgument(format!(
                "{} degree sets for {} vertices",
                allowed.len(),
                g.num_vertices()
            )));
        }
        let plan = FrontierPlan::new(g)?;
        if plan.width() > MAX_WIDTH {
            return Err(TooWide {
                width: plan.width(),
                max: MAX_WIDTH,
            }
            .into());
        }
        Ok(DegreeSpec {
            plan,
            allowed: allowed.to_vec(),
        })
    }

    /// Convenience: allowed degree lists instead of masks (degrees above 31 are ignored).
    ///
    /// # Errors
    /// As [`DegreeSpec::new`].
    pub fn from_lists(g: &Graph, allowed: &[Vec<usize>]) -> Result<DegreeSpec, SpecError> {
        let masks: Vec<u32> = allowed
            .iter()
            .map(|l| {
                l.iter()
                    .filter(|&&d| d < 32)
                    .fold(0u32, |m, &d| m | (1 << d))
            })
            .collect();
        DegreeSpec::new(g, &masks)
    }

    /// The frontier plan.
    pub fn plan(&self) -> &FrontierPlan {
        &self.plan
    }
}

/// Every child of a degree spec is at the next level.
impl Stepwise for DegreeSpec {}

impl Spec for DegreeSpec {
    type State = Packed;

    fn num_levels(&self) -> Level {
        self.plan.num_levels() as Level
    }

    fn root(&self) -> Step<Packed> {
        let mut deg = vec![0u32; self.allowed.len()];
        for i in 0..self.plan.num_levels() {
            let l = self.plan.level(i);
            deg[l.u as usize] += 1;
            deg[l.v as usize] += 1;
        }
        for (&mask, &d) in self.allowed.iter().zip(&deg) {
            if mask & range_mask(0, d) == 0 {
                return Step::Reject; // hopeless from the start (covers isolated vertices)
            }
        }
        if self.plan.num_levels() == 0 {
            return Step::Accept;
        }
        Step::Node(0, Packed::default()) // entering vertices start at degree 0 = the zero field
    }

    fn child(&self, s: &Packed, level: Level, take: bool) -> Step<Packed> {
        let i = level as usize;
        let l = self.plan.level(i);
        let mut m = *s;
        for (slot, x, rem) in [(l.su, l.u, l.rem_u), (l.sv, l.v, l.rem_v)] {
            let d = u32::from(m.get(slot)) + u32::from(take);
            if d > u32::from(MAX_FIELD) || self.allowed[x as usize] & range_mask(d, d + rem) == 0 {
                return Step::Reject;
            }
            m.set(slot, d as u8);
        }
        for &(slot, _) in l.leave.as_slice() {
            m.set(slot, 0);
        }
        if i + 1 == self.plan.num_levels() {
            return Step::Accept;
        }
        Step::Node(level + 1, m)
    }
}

#[cfg(test)]
mod tests {
    use super::range_mask;

    #[test]
    fn range_masks() {
        assert_eq!(range_mask(0, 0), 1);
        assert_eq!(range_mask(1, 2), 0b110);
        assert_eq!(range_mask(3, 2), 0);
        assert_eq!(range_mask(0, 40), u32::MAX);
        assert_eq!(range_mask(31, 31), 1 << 31);
    }
}
