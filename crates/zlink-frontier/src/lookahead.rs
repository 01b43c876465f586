//! The 1-branch lookahead every engine runs its spec under (TdZdd's `ZddLookahead`), and the
//! count-only DPs' lookahead in both directions ([`Forward`]).
//!
//! Why a module of its own: the builder and the count-only DPs wrap their spec in these, and
//! the combinators build with the builder; keeping it apart leaves no import cycle.

use crate::spec::{Level, Spec, Step};

/// The same family with the 1-branch lookahead of TdZdd's `ZddLookahead`: a child node whose
/// own 1-branch is rejected would be zero-suppressed by the reduction anyway, so its 0-branch
/// is followed at once instead. The builder then never creates those nodes (Simpath makes
/// many: every state where the next edge cannot be taken) and the count-only DP ([`Forward`])
/// never stores their states. Costs one [`Spec::can_take`] test per created child.
#[derive(Clone, Debug)]
pub struct Lookahead<S>(pub S);

impl<S: Spec> Lookahead<S> {
    /// Skips forward from `step` while the node it names cannot take its variable.
    #[inline(always)]
    fn skip(&self, mut step: Step<S::State>) -> Step<S::State> {
        while let Step::Node(l, s) = &step {
            if self.0.can_take(s, *l) {
                break;
            }
            step = self.0.child(s, *l, false);
        }
        step
    }
}

impl<S: Spec> Spec for Lookahead<S> {
    type State = S::State;

    fn num_levels(&self) -> Level {
        self.0.num_levels()
    }

    fn root(&self) -> Step<S::State> {
        self.skip(self.0.root())
    }

    #[inline(always)]
    fn child(&self, s: &S::State, level: Level, take: bool) -> Step<S::State> {
        self.skip(self.0.child(s, level, take))
    }

    fn can_take(&self, s: &S::State, level: Level) -> bool {
        self.0.can_take(s, level)
    }

    fn accepts_rest_empty(&self, s: &S::State, level: Level) -> bool {
        self.0.accepts_rest_empty(s, level)
    }
}

/// The count-only lookahead: [`Lookahead`] in both directions. A child node whose 1-branch
/// is rejected follows its 0-branch (as in [`Lookahead`]), and one whose 0-branch is rejected
/// ([`Spec::must_take`]) follows its 1-branch: a node with one live branch counts as many
/// sets as that branch, so neither needs storing, merging or expanding. The family has the
/// size of the spec's, *not* its sets (a forwarded taken variable drops out of its sets), so
/// only the count-only DPs run under it, never the builder. Costs one
/// [`Spec::must_take`] test per created child that [`Spec::can_take`] keeps.
#[derive(Clone, Debug)]
pub struct Forward<S>(pub S);

impl<S: Spec> Forward<S> {
    /// Skips forward from `step` while the node it names has a single live branch that the
    /// spec's cheap tests can tell.
    #[inline(always)]
    fn skip(&self, mut step: Step<S::State>) -> Step<S::State> {
        while let Step::Node(l, s) = &step {
            let take = if !self.0.can_take(s, *l) {
                false
            } else if self.0.must_take(s, *l) {
                true
            } else {
                break;
            };
            step = self.0.child(s, *l, take);
        }
        step
    }
}

impl<S: Spec> Spec for Forward<S> {
    type State = S::State;

    fn num_levels(&self) -> Level {
        self.0.num_levels()
    }

    fn root(&self) -> Step<S::State> {
        self.skip(self.0.root())
    }

    #[inline(always)]
    fn child(&self, s: &S::State, level: Level, take: bool) -> Step<S::State> {
        self.skip(self.0.child(s, level, take))
    }

    fn can_take(&self, s: &S::State, level: Level) -> bool {
        self.0.can_take(s, level)
    }
    // `must_take` keeps the default and `accepts_rest_empty` the default walk of this
    // family's own 0-branches (they may take forwarded variables, the spec's may not).
}
