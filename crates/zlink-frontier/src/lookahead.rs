//! The 1-branch lookahead every engine runs its spec under (TdZdd's `ZddLookahead`), and the
//! count-only DPs' lookahead in both directions ([`Forward`]).
//!
//! Why a module of its own: the builder and the count-only DPs wrap their spec in these, and
//! the combinators build with the builder; keeping it apart leaves no import cycle.

use crate::spec::{walk_rest_empty, Level, Spec, Step};

/// A spec run with a lookahead: a child node with a single live branch that the spec's cheap
/// tests can tell is passed through to that branch's child instead of being made.
///
/// - [`Lookahead`] (`FORWARD = false`), the 1-branch lookahead of TdZdd's `ZddLookahead`: a
///   node whose own 1-branch is rejected would be zero-suppressed by the reduction anyway, so
///   its 0-branch is followed at once. The builder then never creates those nodes (Simpath
///   makes many: every state where the next edge cannot be taken). Costs one
///   [`Spec::can_take`] test per created child.
/// - [`Forward`] (`FORWARD = true`), the count-only lookahead in both directions: also a node
///   whose 0-branch is rejected ([`Spec::must_take`]) follows its 1-branch, since a node with
///   one live branch counts as many sets as that branch. The family has the size of the
///   spec's, *not* its sets (a forwarded taken variable drops out of its sets), so only the
///   count-only DPs run under it, never the builder. Costs one more [`Spec::must_take`] test
///   per created child that [`Spec::can_take`] keeps.
#[derive(Clone, Debug)]
pub struct Ahead<S, const FORWARD: bool>(pub S);

/// The builder's 1-branch lookahead (see [`Ahead`]).
pub type Lookahead<S> = Ahead<S, false>;

/// The count-only lookahead in both directions (see [`Ahead`]).
pub type Forward<S> = Ahead<S, true>;

impl<S: Spec, const FORWARD: bool> Ahead<S, FORWARD> {
    /// `spec` under this lookahead (`Lookahead::new(spec)`, `Forward::new(spec)`).
    pub const fn new(spec: S) -> Self {
        Ahead(spec)
    }

    /// Skips forward from `step` while the node it names has a single live branch that the
    /// spec's cheap tests can tell.
    #[inline(always)]
    fn skip(&self, mut step: Step<S::State>) -> Step<S::State> {
        while let Step::Node(l, s) = &step {
            let take = if !self.0.can_take(s, *l) {
                false
            } else if FORWARD && self.0.must_take(s, *l) {
                true
            } else {
                break;
            };
            step = self.0.child(s, *l, take);
        }
        step
    }
}

impl<S: Spec, const FORWARD: bool> Spec for Ahead<S, FORWARD> {
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

    // `must_take` keeps the default (`false`).

    fn accepts_rest_empty(&self, s: &S::State, level: Level) -> bool {
        if FORWARD {
            // the walk of this family's own 0-branches: they may take forwarded variables,
            // the spec's may not
            walk_rest_empty(self, s, level)
        } else {
            self.0.accepts_rest_empty(s, level)
        }
    }
}
