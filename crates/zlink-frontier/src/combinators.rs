//! Spec combinators: the intersection of two specs (in general, or of two [`Stepwise`] specs in
//! lockstep), a spec with fixed levels and an existing ZDD seen as a spec (the 1-branch
//! lookahead is [`crate::lookahead`]).
//!
//! Together they give *subsetting* (TdZdd's `zddSubset`, the engine behind Graphillion):
//! `subset(zdd, f, spec)` walks the diagram `f` and the spec top-down in lockstep and keeps the
//! members of `f` that the spec accepts, `F ∩ L(spec)`.
//!
//! A side whose next node is at a later level than the pair's current level has that variable
//! fixed to 0 (zero-suppression), so its 1-branch there is rejected and its 0-branch waits.
//! When one side accepts, the other must accept the empty rest: its 0-branches are followed
//! to a terminal.
//!
//! ```
//! use zlink_frontier::combinators::{subset, Intersection};
//! use zlink_frontier::packed::Packed;
//! use zlink_frontier::specs::{degree::DegreeSpec, mate::Mate};
//! use zlink_frontier::{build_zdd, count, Graph, Limits};
//! let g = Graph::grid(3, 3);
//! // Cycles through the centre vertex 4: cycles ∩ {deg(4) = 2}.
//! let mut allowed = vec![0b101u32; 9];
//! allowed[4] = 0b100;
//! let both = Intersection::new(Mate::<Packed>::cycles(&g, false).unwrap(), DegreeSpec::new(&g, &allowed).unwrap());
//! assert_eq!(count(&both, &Limits::default()).unwrap(), 12u32.into()); // 4 squares, 4 dominoes, 4 L-trominoes
//! // The same through subsetting a built ZDD of all cycles.
//! let mut zdd = zlink_zdd::Zdd::new(g.num_edges() as u32);
//! let all = build_zdd(&Mate::<Packed>::cycles(&g, false).unwrap(), &mut zdd, &Limits::default()).unwrap();
//! let through = subset(&mut zdd, all, &DegreeSpec::new(&g, &allowed).unwrap(), &Limits::default()).unwrap();
//! assert_eq!(zdd.count(through), 12u32.into()); // 4 squares, 4 dominoes, 4 L-trominoes
//! ```

use zlink_zdd::{NodeId, Zdd};

use crate::build::build;
use crate::spec::{Level, Spec, Step, Stepwise};
use zlink_base::{Limits, Stopped};

/// Whether the spec, from `step`, accepts the empty continuation (all later variables 0).
///
/// Time: one [`Spec::accepts_rest_empty`] (`O(levels)` child calls unless the spec knows better).
pub fn accepts_empty<S: Spec>(spec: &S, step: Step<S::State>) -> bool {
    match step {
        Step::Reject => false,
        Step::Accept => true,
        Step::Node(l, s) => spec.accepts_rest_empty(&s, l),
    }
}

/// The family `L(a) ∩ L(b)`; state = both sides' pending levels and states.
#[derive(Clone, Debug)]
pub struct Intersection<A, B> {
    a: A,
    b: B,
}

/// State of an [`Intersection`]: each side's next level and state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PairState<SA, SB> {
    la: Level,
    a: SA,
    lb: Level,
    b: SB,
}

impl<A: Spec, B: Spec> Intersection<A, B> {
    /// The intersection of `a` and `b` (over the same variables).
    pub fn new(a: A, b: B) -> Intersection<A, B> {
        Intersection { a, b }
    }

    fn combine(
        &self,
        sa: Step<A::State>,
        sb: Step<B::State>,
    ) -> Step<PairState<A::State, B::State>> {
        combine(&self.a, &self.b, sa, sb, |la, a, lb, b| {
            Step::Node(la.min(lb), PairState { la, a, lb, b })
        })
    }
}

/// The step of an intersection from its sides' steps: a reject on either side rejects, an
/// accept needs the other side to accept the empty rest, and two nodes become one by `node`
/// (the general pair with both levels, or the lockstep pair).
#[inline(always)]
fn combine<A: Spec, B: Spec, S>(
    a: &A,
    b: &B,
    sa: Step<A::State>,
    sb: Step<B::State>,
    node: impl FnOnce(Level, A::State, Level, B::State) -> Step<S>,
) -> Step<S> {
    match (sa, sb) {
        (Step::Reject, _) | (_, Step::Reject) => Step::Reject,
        (Step::Accept, Step::Accept) => Step::Accept,
        (Step::Accept, other) => accept_if(accepts_empty(b, other)),
        (other, Step::Accept) => accept_if(accepts_empty(a, other)),
        (Step::Node(la, sa), Step::Node(lb, sb)) => node(la, sa, lb, sb),
    }
}

fn accept_if<S>(ok: bool) -> Step<S> {
    if ok {
        Step::Accept
    } else {
        Step::Reject
    }
}

/// One side's child at the pair's level `l`: a side waiting at a later level is 0 here.
fn side<S: Spec>(spec: &S, at: Level, s: &S::State, l: Level, take: bool) -> Step<S::State> {
    if at == l {
        spec.child(s, l, take)
    } else if take {
        Step::Reject
    } else {
        Step::Node(at, s.clone())
    }
}

impl<A: Spec, B: Spec> Spec for Intersection<A, B> {
    type State = PairState<A::State, B::State>;

    fn num_levels(&self) -> Level {
        self.a.num_levels().max(self.b.num_levels())
    }

    fn root(&self) -> Step<Self::State> {
        self.combine(self.a.root(), self.b.root())
    }

    fn child(&self, s: &Self::State, level: Level, take: bool) -> Step<Self::State> {
        let sa = side(&self.a, s.la, &s.a, level, take);
        if sa == Step::Reject {
            return Step::Reject;
        }
        let sb = side(&self.b, s.lb, &s.b, level, take);
        self.combine(sa, sb)
    }

    fn accepts_rest_empty(&self, s: &Self::State, _level: Level) -> bool {
        self.a.accepts_rest_empty(&s.a, s.la) && self.b.accepts_rest_empty(&s.b, s.lb)
    }
}

/// The family `L(a) ∩ L(b)` of two [`Stepwise`] specs: both test every level in turn, so the
/// state is the pair of states and nothing else (an [`Intersection`] also keeps each side's
/// next level, and steps a side that waits at a later level).
///
/// Why: a loop count with cell clues (cycles ∩ clue counts, both stepwise) spends most of
/// its time per state in the intersection; in lockstep a state is 16 bytes smaller and a child is the
/// two sides' children, nothing more. The family is that of [`Intersection`] (a side's accept
/// still needs the other side to accept the empty rest).
///
/// ```
/// use zlink_frontier::combinators::{Intersection, Lockstep};
/// use zlink_frontier::packed::Packed;
/// use zlink_frontier::specs::{groups::GroupSpec, mate::Mate};
/// use zlink_frontier::{count, Graph, Limits};
/// let g = Graph::grid(3, 3);
/// // cycles through exactly one of the edges 0 and 1, and both of 5 and 6
/// let cycles = Mate::<Packed>::cycles(&g, false).unwrap();
/// let groups = GroupSpec::new(g.num_edges() as u32, &[(vec![0, 1], 1), (vec![5, 6], 2)]).unwrap();
/// let opts = Limits::default();
/// let general = count(&Intersection::new(&cycles, &groups), &opts).unwrap();
/// assert_eq!(count(&Lockstep::new(&cycles, &groups), &opts).unwrap(), general);
/// ```
#[derive(Clone, Debug)]
pub struct Lockstep<A, B> {
    a: A,
    b: B,
}

impl<A: Stepwise, B: Stepwise> Lockstep<A, B> {
    /// The intersection of `a` and `b` (over the same variables).
    pub fn new(a: A, b: B) -> Lockstep<A, B> {
        Lockstep { a, b }
    }

    #[inline(always)]
    fn combine(&self, sa: Step<A::State>, sb: Step<B::State>) -> Step<(A::State, B::State)> {
        combine(&self.a, &self.b, sa, sb, |la, a, lb, b| {
            assert_eq!(la, lb, "a Stepwise spec skipped a level");
            Step::Node(la, (a, b))
        })
    }
}

impl<A: Stepwise, B: Stepwise> Spec for Lockstep<A, B> {
    type State = (A::State, B::State);

    fn num_levels(&self) -> Level {
        self.a.num_levels().max(self.b.num_levels())
    }

    fn root(&self) -> Step<Self::State> {
        self.combine(self.a.root(), self.b.root())
    }

    #[inline(always)]
    fn child(&self, s: &Self::State, level: Level, take: bool) -> Step<Self::State> {
        let sa = self.a.child(&s.0, level, take);
        if sa == Step::Reject {
            return Step::Reject;
        }
        let sb = self.b.child(&s.1, level, take);
        self.combine(sa, sb)
    }

    /// The sides' own tests, not the child itself: the lookahead then keeps a few nodes whose
    /// 1-branch only the pair rejects (a closed cycle with clue counts still open), but does
    /// not compute every child's 1-child twice. Janko `105_10x10`: 8% more states (23.9 K
    /// against 22.2 K), 21% fewer instructions (26.0 M against 32.8 M).
    #[inline]
    fn can_take(&self, s: &Self::State, level: Level) -> bool {
        self.a.can_take(&s.0, level) && self.b.can_take(&s.1, level)
    }

    /// A side whose 0-branch rejects rejects the pair's 0-branch.
    #[inline]
    fn must_take(&self, s: &Self::State, level: Level) -> bool {
        self.a.must_take(&s.0, level) || self.b.must_take(&s.1, level)
    }

    fn accepts_rest_empty(&self, s: &Self::State, level: Level) -> bool {
        self.a.accepts_rest_empty(&s.0, level) && self.b.accepts_rest_empty(&s.1, level)
    }
}

impl<A: Stepwise, B: Stepwise> Stepwise for Lockstep<A, B> {}

/// A spec with some levels fixed: a fixed-on level must be taken, a fixed-off level must not.
///
/// Why: puzzle engines deduce edges before the build (the path and loop puzzles); a fixed level
/// keeps one branch at every node, and a fixed-on level that a child would skip (by jumping to a
/// later level or accepting) rejects it.
#[derive(Clone, Debug)]
pub struct Forced<S> {
    inner: S,
    /// Per level: `Some(on)` if fixed.
    fixed: Vec<Option<bool>>,
    /// `on_before[i]` = number of fixed-on levels below `i`.
    on_before: Vec<u32>,
}

impl<S: Spec> Forced<S> {
    /// `inner` with `fixed[level]` enforced.
    pub fn new(inner: S, fixed: Vec<Option<bool>>) -> Self {
        let mut on_before = Vec::with_capacity(fixed.len() + 1);
        let mut k = 0;
        on_before.push(0);
        for f in &fixed {
            k += u32::from(*f == Some(true));
            on_before.push(k);
        }
        Forced {
            inner,
            fixed,
            on_before,
        }
    }

    /// Whether a fixed-on level lies in `from..to`.
    fn on_between(&self, from: usize, to: usize) -> bool {
        self.on_before[to.min(self.fixed.len())] > self.on_before[from.min(self.fixed.len())]
    }
}

impl<S: Spec> Spec for Forced<S> {
    type State = S::State;
    fn num_levels(&self) -> Level {
        self.inner.num_levels()
    }
    fn root(&self) -> Step<S::State> {
        let s = self.inner.root();
        match &s {
            Step::Accept if self.on_between(0, self.fixed.len()) => Step::Reject,
            Step::Node(l, _) if self.on_between(0, *l as usize) => Step::Reject,
            _ => s,
        }
    }
    #[inline(always)]
    fn child(&self, s: &S::State, level: Level, take: bool) -> Step<S::State> {
        let i = level as usize;
        if self
            .fixed
            .get(i)
            .copied()
            .flatten()
            .is_some_and(|on| on != take)
        {
            return Step::Reject;
        }
        let c = self.inner.child(s, level, take);
        match &c {
            Step::Accept if self.on_between(i + 1, self.fixed.len()) => Step::Reject,
            Step::Node(l, _) if self.on_between(i + 1, *l as usize) => Step::Reject,
            _ => c,
        }
    }
    #[inline]
    fn can_take(&self, s: &S::State, level: Level) -> bool {
        self.fixed.get(level as usize) != Some(&Some(false)) && self.inner.can_take(s, level)
    }
    // `must_take` keeps the default `false` on purpose: the Slitherlink and Numberlink engines
    // count through `Forced`, and their attempt budgets (`zlink-link`) are calibrated in states
    // stored without forwarding (with it, `46_8x8` fits the Slitherlink budget in 17 K states
    // and settles by a count of 89 M instructions instead of a 29 M completion). Forwarding
    // here (`fixed[level] == Some(true) || inner.must_take(..)`) waits for that recalibration.
    // See `tools/README.md`, issue 35.
}

/// Fixing levels rejects children, never moves them.
impl<S: Stepwise> Stepwise for Forced<S> {}

/// The family of an existing ZDD node, as a spec (state = the current node).
#[derive(Clone, Copy, Debug)]
pub struct ZddFamily<'z> {
    zdd: &'z Zdd,
    root: NodeId,
}

impl<'z> ZddFamily<'z> {
    /// The family rooted at `f` in `zdd`.
    pub fn new(zdd: &'z Zdd, f: NodeId) -> ZddFamily<'z> {
        ZddFamily { zdd, root: f }
    }

    fn step(&self, f: NodeId) -> Step<NodeId> {
        match f {
            NodeId::ZERO => Step::Reject,
            NodeId::ONE => Step::Accept,
            _ => Step::Node(self.zdd.var(f), f),
        }
    }
}

impl Spec for ZddFamily<'_> {
    type State = NodeId;

    fn num_levels(&self) -> Level {
        self.zdd.num_vars()
    }

    fn root(&self) -> Step<NodeId> {
        self.step(self.root)
    }

    fn child(&self, f: &NodeId, level: Level, take: bool) -> Step<NodeId> {
        debug_assert_eq!(self.zdd.var(*f), level);
        self.step(if take {
            self.zdd.hi(*f)
        } else {
            self.zdd.lo(*f)
        })
    }
}

/// `F ∩ L(spec)`: the members of the family `f` that `spec` accepts, as a new node of `zdd`.
///
/// # Errors
/// [`Stopped`] if the builder's or the store's node budget, or the time, runs out.
pub fn subset<S: Spec>(
    zdd: &mut Zdd,
    f: NodeId,
    spec: &S,
    limits: &Limits,
) -> Result<NodeId, Stopped> {
    let built = build(&Intersection::new(ZddFamily::new(zdd, f), spec), limits)?;
    Ok(zdd.import(built.unreduced)?)
}
