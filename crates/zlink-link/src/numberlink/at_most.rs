//! Groups of variables with upper bounds: `{ S : |S ∩ G_j| <= t_j for every j }`.
//!
//! Why: the "no U-bend" rule of Numberlink says that at most two of the four edges between
//! the cells of any 2×2 block are on lines. Intersected with the numbered mate spec it prunes
//! early: the Janko puzzles, unique only under this rule, have tiny diagrams with it. (The
//! exact-count [`zlink_frontier::specs::groups::GroupSpec`] cannot say "at most".)
//!
//! As in `GroupSpec`, a group holds a slot of the `u128` state from its first to its last
//! level; a group's count only needs to reach its bound, so slots are `bits(max bound)` wide.

use zlink_frontier::specs::SpecError;
use zlink_frontier::{Level, Spec, Step, TooWide};

/// One touch of a group at a level: the slot, bound and whether this is the group's last level.
#[derive(Clone, Copy, Debug)]
struct Touch {
    slot: u8,
    bound: u32,
    last: bool,
}

/// The spec of upper-bounded groups (see the module doc).
#[derive(Clone, Debug)]
pub struct AtMost {
    num_levels: Level,
    bits: u32,
    /// `touches[start[i]..start[i + 1]]` are the groups containing level `i`.
    start: Vec<u32>,
    touches: Vec<Touch>,
}

impl AtMost {
    /// The family of subsets of `0..num_levels` with at most `bound` levels of each
    /// `(levels, bound)` group (repeated levels count once).
    ///
    /// # Errors
    /// [`SpecError::BadArgument`] for a level out of range or a bound above 2^16;
    /// [`SpecError::TooWide`] if more groups are open at once than fit in 128 bits.
    pub fn new(num_levels: Level, groups: &[(Vec<Level>, u32)]) -> Result<AtMost, SpecError> {
        let max = groups.iter().map(|g| g.1).max().unwrap_or(0);
        if max > 1 << 16 {
            return Err(SpecError::BadArgument(format!(
                "bound {max} is above 65536"
            )));
        }
        let bits = (32 - max.leading_zeros()).max(1);
        let n = num_levels as usize;
        let mut per_level: Vec<Vec<(usize, bool)>> = vec![Vec::new(); n];
        let mut opens: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut closes: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (j, (levels, _)) in groups.iter().enumerate() {
            let mut ls = levels.clone();
            ls.sort_unstable();
            ls.dedup();
            if let Some(&bad) = ls.iter().find(|&&l| l >= num_levels) {
                return Err(SpecError::BadArgument(format!(
                    "group {j} names level {bad} of {num_levels}"
                )));
            }
            for (p, &l) in ls.iter().enumerate() {
                per_level[l as usize].push((j, p + 1 == ls.len()));
            }
            if let (Some(&a), Some(&b)) = (ls.first(), ls.last()) {
                opens[a as usize].push(j);
                closes[b as usize].push(j);
            }
        }
        let mut slot_of = vec![0u8; groups.len()];
        let mut free: Vec<u8> = Vec::new();
        let (mut next, mut live, mut width) = (0usize, 0usize, 0usize);
        let mut start = Vec::with_capacity(n + 1);
        let mut touches = Vec::new();
        for i in 0..n {
            for &j in &opens[i] {
                slot_of[j] = free.pop().unwrap_or_else(|| {
                    next += 1;
                    (next - 1).min(255) as u8
                });
                live += 1;
                width = width.max(live);
            }
            start.push(touches.len() as u32);
            for &(j, last) in &per_level[i] {
                touches.push(Touch {
                    slot: slot_of[j],
                    bound: groups[j].1,
                    last,
                });
            }
            for &j in &closes[i] {
                free.push(slot_of[j]);
                live -= 1;
            }
        }
        start.push(touches.len() as u32);
        let fit = (128 / bits) as usize;
        if width > fit {
            return Err(SpecError::TooWide(TooWide { width, max: fit }));
        }
        Ok(AtMost {
            num_levels,
            bits,
            start,
            touches,
        })
    }
}

impl Spec for AtMost {
    /// The counts of the open groups, `bits` bits per slot; closed slots are 0.
    type State = u128;

    fn num_levels(&self) -> Level {
        self.num_levels
    }

    fn root(&self) -> Step<u128> {
        if self.num_levels == 0 {
            Step::Accept
        } else {
            Step::Node(0, 0)
        }
    }

    #[inline]
    fn child(&self, s: &u128, level: Level, take: bool) -> Step<u128> {
        let i = level as usize;
        let mut m = *s;
        let mask = (1u128 << self.bits) - 1;
        for t in &self.touches[self.start[i] as usize..self.start[i + 1] as usize] {
            let sh = u32::from(t.slot) * self.bits;
            let c = ((m >> sh) & mask) as u32 + u32::from(take);
            if c > t.bound {
                return Step::Reject;
            }
            let keep = if t.last { 0 } else { c };
            m = (m & !(mask << sh)) | (u128::from(keep) << sh);
        }
        if level + 1 == self.num_levels {
            Step::Accept
        } else {
            Step::Node(level + 1, m)
        }
    }

    fn can_take(&self, s: &u128, level: Level) -> bool {
        let i = level as usize;
        let mask = (1u128 << self.bits) - 1;
        self.touches[self.start[i] as usize..self.start[i + 1] as usize]
            .iter()
            .all(|t| (((s >> (u32::from(t.slot) * self.bits)) & mask) as u32) < t.bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_frontier::{count, Limits};

    #[test]
    fn matches_brute_force() {
        let mut rng = zlink_base::SplitMix64::new(0x1234_5678_9ABC_DEF1);
        let mut rnd = move |n: u64| rng.below_u64(n);
        for _ in 0..200 {
            let n = 1 + rnd(10) as u32;
            let groups: Vec<(Vec<Level>, u32)> = (0..rnd(5))
                .map(|_| {
                    let ls = (0..rnd(5)).map(|_| rnd(u64::from(n)) as u32).collect();
                    (ls, rnd(4) as u32)
                })
                .collect();
            let want = (0u32..1 << n)
                .filter(|m| {
                    groups.iter().all(|(ls, t)| {
                        let mut ls = ls.clone();
                        ls.sort_unstable();
                        ls.dedup();
                        ls.iter().filter(|&&l| m >> l & 1 == 1).count() as u32 <= *t
                    })
                })
                .count();
            let spec = AtMost::new(n, &groups).unwrap();
            assert_eq!(count(&spec, &Limits::default()).unwrap(), want.into());
        }
    }
}
