//! Variable groups with exact cardinalities: `{ S ⊆ 0..n : |S ∩ G_j| = t_j for every j }`.
//!
//! Why: many puzzle constraints are "exactly `t` of these edges" (a clue that counts the sides
//! of its cell a loop uses; a count along a line, a row sum). Intersected
//! with a graph spec ([`crate::combinators::Intersection`]) they turn a family of subgraphs into
//! the solutions of a puzzle — the count part of the ZDD paper's Algorithm 5.
//!
//! A group is *open* between its first and its last level. Only open groups are in the state:
//! each gets a slot of `bits = ⌈log2(max target + 1)⌉` bits in a `u128` when its first level is
//! processed and gives it back (cleared to 0) after its last level, so equal situations give
//! equal states. At a level in group `j` with count `c` (after this level's choice) and `r`
//! levels of `j` still to come, the branch is rejected if `c > t_j` or `c + r < t_j`; so a group
//! that closes has exactly `t_j`, and every level's child is a node of the next level until the
//! last level accepts.
//!
//! ```
//! use zlink_frontier::specs::groups::GroupSpec;
//! use zlink_frontier::{count, Limits};
//! // 6 variables; exactly one of {0, 1, 2} and exactly two of {2, 3, 4, 5}.
//! let g = GroupSpec::new(6, &[(vec![0, 1, 2], 1), (vec![2, 3, 4, 5], 2)]).unwrap();
//! // 2 in: 0, 1 out and one of {3, 4, 5} (3 ways); 2 out: one of {0, 1} and two of {3, 4, 5}
// (2 × 3 ways).
//! assert_eq!(count(&g, &Limits::default()).unwrap(), 9u32.into());
//! ```

use crate::frontier::TooWide;
use crate::spec::{Level, Spec, Step, Stepwise};
use crate::specs::SpecError;

/// One touch of a group at a level: the bit offset of the group's slot in the state, its
/// target and the levels of the group left after this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Touch {
    shift: u32,
    target: u32,
    rem: u32,
}

/// The spec of exact group cardinalities (see the module doc). State: packed open-group counts.
#[derive(Clone, Debug)]
pub struct GroupSpec {
    num_levels: Level,
    bits: u32,
    /// `touches[start[i]..start[i + 1]]` are the groups containing level `i`.
    start: Vec<u32>,
    touches: Vec<Touch>,
    /// Some group's target exceeds its size: the family is empty.
    hopeless: bool,
    /// `done[i]`: the state at level `i` that accepts the empty rest: every group open there
    /// (first level `< i <=` last) holds its target, every other slot 0. Valid where
    /// `!pending_need[i]`.
    done: Vec<u128>,
    /// `pending_need[i]`: some group starting at level `>= i` has a positive target, so the
    /// empty rest cannot meet it.
    pending_need: Vec<bool>,
    slots: usize,
}

impl GroupSpec {
    /// The family of subsets of `0..num_levels` that contain exactly `target` levels of each
    /// `(levels, target)` group. Repeated levels in one group count once.
    ///
    /// # Errors
    /// [`SpecError::BadArgument`] for a level `>= num_levels` or a target above `2^16`;
    /// [`SpecError::TooWide`] if more groups are open at once than fit in 128 bits of counts
    /// (`width` = open groups, `max` = what fits at this target size).
    ///
    /// Complexity: `O(Σ |G_j| log |G_j| + num_levels)`.
    pub fn new(num_levels: Level, groups: &[(Vec<Level>, u32)]) -> Result<GroupSpec, SpecError> {
        let max_target = groups.iter().map(|g| g.1).max().unwrap_or(0);
        if max_target > 1 << 16 {
            return Err(SpecError::BadArgument(format!(
                "group target {max_target} is above the supported 65536"
            )));
        }
        let bits = (32 - max_target.leading_zeros()).max(1);
        let fit = (128 / bits) as usize;
        let n = num_levels as usize;
        let (per_level, span, hopeless) = per_level(num_levels, groups)?;
        // Slots: a group takes a free slot at its first level and frees it after its last.
        let mut opens: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut closes: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(a, b, j) in &span {
            opens[a].push(j);
            closes[b].push(j);
        }
        let mut slot_of = vec![u8::MAX; groups.len()];
        let mut free: Vec<u8> = Vec::new();
        let (mut next, mut live, mut width) = (0usize, 0usize, 0usize);
        let mut start = Vec::with_capacity(n + 1);
        let mut touches = Vec::new();
        let mut done = Vec::with_capacity(n);
        let mut open_targets = 0u128;
        // A target packed at `slot` (slots past what fits are refused below, by width).
        let packed = |slot: u8, target: u32| -> u128 {
            let sh = u32::from(slot) * bits;
            if sh < 128 {
                u128::from(target) << sh
            } else {
                0
            }
        };
        let pending_need = pending_need(n, &span, groups);
        for i in 0..n {
            done.push(open_targets);
            for &j in &opens[i] {
                let s = free.pop().unwrap_or_else(|| {
                    next += 1;
                    (next - 1).min(usize::from(u8::MAX)) as u8
                });
                slot_of[j] = s;
                open_targets |= packed(s, groups[j].1);
                live += 1;
                width = width.max(live);
            }
            start.push(touches.len() as u32);
            for &(j, rem) in &per_level[i] {
                touches.push(Touch {
                    shift: u32::from(slot_of[j]) * bits,
                    target: groups[j].1,
                    rem,
                });
            }
            for &j in &closes[i] {
                open_targets &= !packed(slot_of[j], (1 << bits) - 1);
                free.push(slot_of[j]);
                live -= 1;
            }
        }
        start.push(touches.len() as u32);
        if width > fit {
            return Err(SpecError::TooWide(TooWide { width, max: fit }));
        }
        Ok(GroupSpec {
            num_levels,
            bits,
            start,
            touches,
            hopeless,
            done,
            pending_need,
            slots: width,
        })
    }

    /// The largest number of groups open at once (= slots of the state).
    pub fn width(&self) -> usize {
        self.slots
    }

    /// The touches of level `i`.
    #[inline(always)]
    fn touches(&self, i: usize) -> &[Touch] {
        &self.touches[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The count in the slot at bit offset `shift` (the width check of [`GroupSpec::new`]
    /// keeps every slot inside the 128 bits).
    #[inline(always)]
    fn get(&self, s: u128, shift: u32) -> u32 {
        ((s >> shift) as u32) & ((1 << self.bits) - 1)
    }
}

/// Per level, the groups it belongs to with how many of their levels come after it
/// (`(group, rem)`); the `(first, last, group)` span of every non-empty group; and whether
/// some target is above its group's size (nothing can meet it).
///
/// # Errors
/// [`SpecError::BadArgument`] for a level `>= num_levels`.
#[allow(clippy::type_complexity)]
fn per_level(
    num_levels: Level,
    groups: &[(Vec<Level>, u32)],
) -> Result<(Vec<Vec<(usize, u32)>>, Vec<(usize, usize, usize)>, bool), SpecError> {
    let mut per_level: Vec<Vec<(usize, u32)>> = vec![Vec::new(); num_levels as usize];
    let mut hopeless = false;
    let mut span = Vec::with_capacity(groups.len());
    for (j, (levels, target)) in groups.iter().enumerate() {
        let mut ls = levels.clone();
        ls.sort_unstable();
        ls.dedup();
        if let Some(&bad) = ls.iter().find(|&&l| l >= num_levels) {
            return Err(SpecError::BadArgument(format!(
                "group {j} names level {bad}, but there are only {num_levels} levels"
            )));
        }
        if *target as usize > ls.len() {
            hopeless = true;
        }
        let k = ls.len() as u32;
        for (p, &l) in ls.iter().enumerate() {
            per_level[l as usize].push((j, k - 1 - p as u32));
        }
        if let (Some(&a), Some(&b)) = (ls.first(), ls.last()) {
            span.push((a as usize, b as usize, j));
        }
    }
    Ok((per_level, span, hopeless))
}

/// Per level `0..=n`: whether a group with a positive target opens at or after it.
fn pending_need(
    n: usize,
    span: &[(usize, usize, usize)],
    groups: &[(Vec<Level>, u32)],
) -> Vec<bool> {
    let mut need = vec![false; n + 1];
    for &(a, _, j) in span {
        need[a] |= groups[j].1 > 0;
    }
    for i in (0..n).rev() {
        need[i] |= need[i + 1];
    }
    need
}

/// Every child of a group spec is at the next level.
impl Stepwise for GroupSpec {}

impl Spec for GroupSpec {
    /// The counts of the open groups, `bits` bits per slot; closed slots are 0.
    type State = u128;

    fn num_levels(&self) -> Level {
        self.num_levels
    }

    fn root(&self) -> Step<u128> {
        if self.hopeless {
            Step::Reject
        } else if self.num_levels == 0 {
            Step::Accept
        } else {
            Step::Node(0, 0)
        }
    }

    #[inline(always)]
    fn child(&self, s: &u128, level: Level, take: bool) -> Step<u128> {
        let mut m = *s;
        for t in self.touches(level as usize) {
            let c = self.get(m, t.shift) + u32::from(take);
            if c > t.target || c + t.rem < t.target {
                return Step::Reject;
            }
            // a closing group gives its slot back cleared; taking adds 1 to an open one
            if t.rem == 0 {
                m &= !(u128::from((1u32 << self.bits) - 1) << t.shift);
            } else if take {
                m += 1u128 << t.shift;
            }
        }
        if level + 1 == self.num_levels {
            Step::Accept
        } else {
            Step::Node(level + 1, m)
        }
    }

    /// Exact: a taken level is rejected only by a group already at its target (the levels
    /// left always suffice after an accepted step, and a group's first level starts at 0
    /// with a target no larger than the group).
    #[inline]
    fn can_take(&self, s: &u128, level: Level) -> bool {
        self.touches(level as usize)
            .iter()
            .all(|t| self.get(*s, t.shift) < t.target)
    }

    /// `O(1)`: the state must be exactly the open groups' targets, and no later group may need a
    /// level (see `done`).
    fn accepts_rest_empty(&self, s: &u128, level: Level) -> bool {
        let i = level as usize;
        !self.pending_need[i] && *s == self.done[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count;
    use proptest::prelude::*;
    use zlink_base::Limits;

    /// Brute force: subsets of `0..n` (as masks) meeting every group's target.
    fn brute(n: u32, groups: &[(Vec<Level>, u32)]) -> u64 {
        (0u32..1 << n)
            .filter(|&m| {
                groups.iter().all(|(ls, t)| {
                    let mut ls = ls.clone();
                    ls.sort_unstable();
                    ls.dedup();
                    ls.iter().filter(|&&l| m & (1 << l) != 0).count() as u32 == *t
                })
            })
            .count() as u64
    }

    proptest! {
        #[test]
        fn counts_match_brute_force(
            n in 1u32..11,
            raw in prop::collection::vec((prop::collection::vec(0u32..11, 0..6), 0u32..5), 0..6),
        ) {
            let groups: Vec<(Vec<Level>, u32)> = raw
                .into_iter()
                .map(|(ls, t)| (ls.into_iter().map(|l| l % n).collect(), t))
                .collect();
            let spec = GroupSpec::new(n, &groups).unwrap();
            prop_assert_eq!(count(&spec, &Limits::default()).unwrap(), brute(n, &groups).into());
        }

        /// The O(1) empty-rest test agrees with following 0-children, and the 1-branch test
        /// with the 1-child, on every reachable node.
        #[test]
        fn empty_rest_matches_the_walk(
            n in 1u32..9,
            raw in prop::collection::vec((prop::collection::vec(0u32..9, 0..5), 0u32..4), 0..5),
        ) {
            let groups: Vec<(Vec<Level>, u32)> = raw
                .into_iter()
                .map(|(ls, t)| (ls.into_iter().map(|l| l % n).collect(), t))
                .collect();
            let spec = GroupSpec::new(n, &groups).unwrap();
            let walk = |mut step: Step<u128>| loop {
                match step {
                    Step::Reject => return false,
                    Step::Accept => return true,
                    Step::Node(l, t) => step = spec.child(&t, l, false),
                }
            };
            let mut todo = vec![spec.root()];
            while let Some(step) = todo.pop() {
                if let Step::Node(l, s) = step {
                    prop_assert_eq!(spec.accepts_rest_empty(&s, l), walk(Step::Node(l, s)));
                    // the cheap 1-branch test is exact
                    prop_assert_eq!(spec.can_take(&s, l), spec.child(&s, l, true) != Step::Reject);
                    todo.push(spec.child(&s, l, false));
                    todo.push(spec.child(&s, l, true));
                }
            }
        }
    }

    #[test]
    fn bad_levels_and_width() {
        assert!(matches!(
            GroupSpec::new(3, &[(vec![3], 1)]),
            Err(SpecError::BadArgument(_))
        ));
        // Overlapping groups: 130 with target 1 (1 bit each) do not fit in 128 bits, 50 with
        // target 4 (3 bits each) do not fit in 42 slots, 42 do.
        let wide: Vec<(Vec<Level>, u32)> = (0..130).map(|j| (vec![j, 199], 1)).collect();
        assert!(matches!(
            GroupSpec::new(200, &wide),
            Err(SpecError::TooWide(TooWide {
                width: 130,
                max: 128
            }))
        ));
        let fits: Vec<(Vec<Level>, u32)> = (0..42).map(|j| (vec![j, 99], 4)).collect();
        assert_eq!(GroupSpec::new(100, &fits).unwrap().width(), 42);
        let wide4: Vec<(Vec<Level>, u32)> = (0..50).map(|j| (vec![j, 99], 4)).collect();
        assert!(matches!(
            GroupSpec::new(100, &wide4),
            Err(SpecError::TooWide(TooWide { width: 50, max: 42 }))
        ));
        // Empty groups: target 0 is free, a positive target is impossible.
        assert_eq!(
            count(
                &GroupSpec::new(2, &[(vec![], 0)]).unwrap(),
                &Limits::default()
            )
            .unwrap(),
            4u32.into()
        );
        assert_eq!(
            count(
                &GroupSpec::new(2, &[(vec![], 1)]).unwrap(),
                &Limits::default()
            )
            .unwrap(),
            0u32.into()
        );
    }
}
