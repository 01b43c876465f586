//! The builder contract: a search is a small state machine over the levels (= ZDD variables).
//!
//! A [`Spec`] describes a family of subsets of `0..num_levels()`: starting from
//! [`Spec::root`], each node at level `l` with state `s` has a 0-child (`take = false`: variable
//! `l` is not in the set) and a 1-child (`take = true`). A child is [`Step::Reject`] (the
//! 0-terminal: no set down this way), [`Step::Accept`] (the 1-terminal: the set is complete,
//! every later variable is 0) or [`Step::Node`] at a strictly larger level. Skipped levels are
//! 0 (zero-suppression). The builder ([`crate::build()`]) and the counter ([`crate::count()`])
//! own everything else: hash tables, merging equal states per level, parallelism and budgets.
//!
//! ```
//! use zlink_frontier::{Level, Spec, Step};
//! /// All subsets of exactly `k` of `n` variables.
//! struct Choose { n: Level, k: u32 }
//! impl Spec for Choose {
//!     type State = u32; // how many taken so far
//!     fn num_levels(&self) -> Level { self.n }
//!     fn root(&self) -> Step<u32> { if self.n == 0 { if self.k == 0 { Step::Accept } else { Step::Reject } } else { Step::Node(0, 0) } }
//!     fn child(&self, s: &u32, level: Level, take: bool) -> Step<u32> {
//!         let t = s + u32::from(take);
//!         if t > self.k { Step::Reject }
//!         else if level + 1 == self.n { if t == self.k { Step::Accept } else { Step::Reject } }
//!         else { Step::Node(level + 1, t) }
//!     }
//! }
//! let n = zlink_frontier::count(&Choose { n: 10, k: 3 }, &Default::default()).unwrap();
//! assert_eq!(n, 120u32.into());
//! ```

use std::hash::Hash;

/// A level = a ZDD variable; level `i` of a graph spec is edge `i` of the ordered graph.
pub type Level = u32;

/// Where a branch of a spec node leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<S> {
    /// The 0-terminal: no member of the family continues this way.
    Reject,
    /// The 1-terminal: the chosen set is a member and every later variable is 0.
    Accept,
    /// A node testing this (strictly larger) level, in this state.
    Node(Level, S),
}

/// A top-down ZDD specification (see the module doc for the contract).
///
/// States must be small fixed-size values: they are hashed and compared to merge equal nodes of
/// a level, and the builder keeps one per node of the widest level.
pub trait Spec: Sync {
    /// The per-node state; equal states at the same level are merged.
    type State: Clone + Eq + Hash + Send + Sync;
    /// Number of levels (variables); every `Node` level is below it.
    fn num_levels(&self) -> Level;
    /// The root of the diagram.
    fn root(&self) -> Step<Self::State>;
    /// The `take`-child of the node at `level` with state `s`; a `Node` child must have a
    /// larger level.
    fn child(&self, s: &Self::State, level: Level, take: bool) -> Step<Self::State>;

    /// Whether the 1-branch of the node at `level` with state `s` may be anything but
    /// [`Step::Reject`]; used by the lookahead ([`crate::lookahead::Lookahead`]) to skip
    /// nodes that reduction would suppress. May answer `true` when unsure (the node is then
    /// kept and reduced away later) but never `false` for a takable node. The default computes
    /// the child; specs override it with a cheap test.
    fn can_take(&self, s: &Self::State, level: Level) -> bool {
        !matches!(self.child(s, level, true), Step::Reject)
    }

    /// Whether the 0-branch of the node at `level` with state `s` is surely [`Step::Reject`]
    /// (the variable must be taken); used by the count-only DP to count such a node as its
    /// 1-child ([`crate::lookahead::Forward`]). May answer `false` when unsure (the node is
    /// then stored and expanded as usual) but never `true` for a node whose 0-branch is
    /// anything but rejected. The default is `false`; specs override it with a cheap test
    /// (and wrappers pass it on or keep the default).
    fn must_take(&self, s: &Self::State, level: Level) -> bool {
        let _ = (s, level);
        false
    }

    /// Whether the node at `level` with state `s` accepts the empty rest (every variable from
    /// `level` on 0). The default follows 0-children to a terminal, `O(levels)` calls;
    /// specs that can tell from the state override it (combinators ask it each time the other
    /// side accepts, so the default made long strips quadratic).
    fn accepts_rest_empty(&self, s: &Self::State, level: Level) -> bool {
        walk_rest_empty(self, s, level)
    }
}

/// [`Spec::accepts_rest_empty`] by following 0-children to a terminal (the default, and what
/// a wrapper whose 0-branches differ from its spec's uses).
pub fn walk_rest_empty<S: Spec + ?Sized>(spec: &S, s: &S::State, level: Level) -> bool {
    let mut step = spec.child(s, level, false);
    loop {
        match step {
            Step::Reject => return false,
            Step::Accept => return true,
            Step::Node(l, t) => step = spec.child(&t, l, false),
        }
    }
}

/// A spec that tests every level in turn: its root is a node at level 0 (or a terminal) and
/// every node child of level `l` is at level `l + 1`, never later.
///
/// Why: two such specs can be intersected with their states side by side and no pending
/// levels ([`crate::combinators::Lockstep`]), a third of the work per state of a loop count
/// with cell clues (cycles ∩ clue counts)
/// under the general [`crate::combinators::Intersection`]. Implementing it is a promise
/// the lockstep intersection checks (it panics on a child at another level).
pub trait Stepwise: Spec {}

impl<T: Stepwise + ?Sized> Stepwise for &T {}

impl<T: Spec + ?Sized> Spec for &T {
    type State = T::State;
    fn num_levels(&self) -> Level {
        (**self).num_levels()
    }
    fn root(&self) -> Step<Self::State> {
        (**self).root()
    }
    #[inline(always)]
    fn child(&self, s: &Self::State, level: Level, take: bool) -> Step<Self::State> {
        (**self).child(s, level, take)
    }
    #[inline(always)]
    fn can_take(&self, s: &Self::State, level: Level) -> bool {
        (**self).can_take(s, level)
    }
    #[inline(always)]
    fn must_take(&self, s: &Self::State, level: Level) -> bool {
        (**self).must_take(s, level)
    }
    fn accepts_rest_empty(&self, s: &Self::State, level: Level) -> bool {
        (**self).accepts_rest_empty(s, level)
    }
}
