//! The 1-branch lookahead every engine runs its spec under (TdZdd's `ZddLookahead`).
//!
//! Why a module of its own: the builder and the count-only DP both wrap their spec in it, and
//! the combinators build with the builder; keeping it apart leaves no import cycle.

use crate::spec::{Level, Spec, Step};

/// The same family with the 1-branch lookahead of TdZdd's `ZddLookahead`: a child node whose
/// own 1-branch is rejected would be zero-suppressed by the reduction anyway, so its 0-branch
/// is followed at once instead. The builder then never creates those nodes (Simpath makes
/// many: every state where the next edge cannot be taken) and the count-only DP never stores
/// their states. Costs one [`Spec::can_take`] test per created child.
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
