//! Connected, degree-constrained sub-multigraphs: one frontier spec for families whose members
//! are connected multigraphs with prescribed degrees (islands joined by single or double
//! links that may not cross; spanning trees whose degrees are odd), counted or built exactly.
//!
//! Why: such members were enumerated one by one with integer-programming no-good cuts
//! (seconds for 64 members of a 100-vertex instance, no answer at 200 vertices). Every member
//! is a connected multigraph with prescribed degrees and no crossing edges, which a frontier
//! search counts in one top-down pass.
//!
//! # The family
//! A [`ConnectedProblem`] is a simple graph in a fixed edge order, each edge `e` with a
//! multiplicity range `min_e..=max_e` (`max_e ∈ {1, 2}`; `min_e = 1` is a *given* edge), an
//! allowed-degree set per vertex (a bit mask: exact `d`, or a set such as `{1, 3}`), pairs of
//! edges that may not both be used (crossing edges) and an optional acyclicity switch. Its
//! members are the assignments `x_e` with every degree `Σ_{e ∋ v} x_e` allowed, no crossing
//! pair both used, (if acyclic) no cycle in the multigraph — a doubled edge counts as a cycle —
//! and **the vertices of positive degree forming one component**. Vertices of degree 0 stay
//! out of it: a vertex whose set allows 0 may be left unused, one whose set does not must be
//! reached. (So "all vertices connected" is "no vertex allows 0"; the empty assignment is a
//! member iff every vertex allows 0.)
//!
//! # Variables
//! Edge `e` is one ZDD variable if `max_e = 1` and two consecutive ones if `max_e = 2`: *at
//! least one* copy, then *a second* copy. The second is only reachable through the first's
//! 1-branch (the 0-branch of the first jumps past it, so it is zero-suppressed), so members
//! and assignments correspond one to one without a state bit for "first taken".
//!
//! # State
//! Per frontier vertex (slots of [`FrontierPlan`]), two fields: its degree so far and its
//! component label (0 = no edge yet; labels are renumbered 1, 2, … in slot order after every
//! step, so equal situations give equal states). Per crossing pair `(e, f)` with `e` before
//! `f`, a one-field flag *f is forbidden*, live only from the first level of `f`'s earliest
//! partner to `f` itself (set when a partner is used, tested when `f` is taken): a flag per
//! *later* edge, so several used partners merge into one state.
//!
//! # Pruning and acceptance
//! After each decision, each endpoint `v` with degree `d` must still reach an allowed degree
//! in `d + min_rest..=d + cap_rest` (the later edges' least and largest multiplicities at `v`).
//! A vertex leaving the frontier with a label that no other frontier vertex carries closes its
//! component: that is the whole member if no other frontier vertex is labelled and every
//! vertex still to come (and every unlabelled frontier vertex) may have degree 0 and no given
//! edge remains — then the rest is all zeros and the branch accepts; otherwise it rejects.
//! With acyclicity, joining two vertices of one component (or taking a second copy) rejects.
//!
//! A vertex that reaches the largest allowed degree it can still reach is *saturated*: its
//! degree field becomes `DEAD` (the largest field value) and its label 0, so states that
//! differ only in what saturated vertices were merge, and a component whose frontier members
//! are all saturated closes at once (a group of vertices that is complete but cannot be the
//! whole member is rejected as soon as its last vertex is full, not when its vertices leave
//! the frontier).
//!
//! After every edge a *dynamic lookahead* re-checks each live vertex against what its later
//! edges can still carry in this state: an edge whose other end is DEAD, or whose crossing
//! flag is set, carries nothing. A vertex that can no longer reach an allowed degree rejects;
//! one that can reach no larger allowed degree is saturated (DEAD) at once, which takes
//! capacity from its neighbours (repeated to a fixpoint) and may close its component early.
//! (A vertex whose remaining neighbours are all full, or whose remaining edges are all
//! crossed, is settled without waiting for its edges.)
//!
//! With a *window* `k > 0` ([`ConnectedProblem::window`]), each state also passes a check over
//! the next `k` edges (`window.rs`): bounds propagation of the degree rule and the crossing rule
//! on those edges (the ones beyond at their full range), then a connectivity test on the
//! frontier labels, the window's edges that may still be used and one node for everything
//! beyond. Both are relaxations, so no state with a completion is rejected; they catch the
//! many states of hard instances (100-200 vertices, many members) that have no completion
//! but would branch for many levels before the local rules see it. The degree answers are
//! memoised per level by the fields they read.
//!
//! The state type is a parameter ([`Slots`]): [`ConnectedDegree`] on
//! [`Packed`] states holds up to 25 fields (frontier width `w` and `f`
//! live flags with `2w + f <= 25`), on [`Wide`](crate::packed::Wide) states up to 250. A
//! [`ConnectedProblem`] is a [`SpecFamily`]: [`crate::run::count_family`] and
//! [`crate::run::build_family`] pick the narrow one when it fits.

//!
//! # Where things are
//! [`ConnectedProblem`] (the family's data and checks) lives in `problem.rs`; the state's
//! layout and the per-edge tables computed once per problem in `state.rs`; the transitions
//! (the hot path: one decision, then the end of an edge) in `transitions.rs`; candidate edge
//! orders in [`order`], vertex-order layouts of points in the plane in [`layout`], and the
//! window's relaxations in `window.rs`.

pub mod layout;
pub mod order;
mod problem;
mod state;
mod transitions;
mod window;

pub use problem::ConnectedProblem;

use zlink_zdd::Var;

use crate::frontier::{FrontierPlan, TooWide};
use crate::packed::{Packed, Slots};
use crate::run::SpecFamily;
use crate::spec::Spec;
use crate::specs::SpecError;

use state::{flag_plan, EdgeInfo, Later, Tables};

/// The connected degree-constrained spec on states `S` (see the module doc).
#[derive(Clone, Debug)]
pub struct ConnectedDegree<S> {
    edges: Vec<EdgeInfo>,
    /// Per variable: `(edge, is the second copy)`.
    levels: Vec<(u32, bool)>,
    /// The later edges of every [`state::Look`], flat.
    later: Vec<Later>,
    allowed: Vec<u32>,
    /// Largest allowed degree per vertex (for the cheap `can_take`).
    max_deg: Vec<u32>,
    /// Frontier width `w`: degree fields `0..w`, label fields `w..2w`, flags from `2w`.
    w: u8,
    fields: usize,
    acyclic: bool,
    /// Per edge, the degree-propagation window after it (empty: no check).
    windows: Vec<window::Window>,
    /// Answers of the windows' degree checks by level and key (see [`window::Memo`]).
    memo: std::sync::Arc<window::Memo>,
    /// The root is already hopeless (an isolated vertex that must be used, a degree set out
    /// of reach).
    hopeless: bool,
    _state: std::marker::PhantomData<S>,
}

impl<S: Slots> ConnectedDegree<S> {
    /// The spec of `p` in its edge order.
    ///
    /// # Errors
    /// [`SpecError::BadArgument`] for inconsistent lengths, a multiplicity range other than
    /// `0..=1`, `0..=2`, `1..=1`, `1..=2`, `2..=2`, a crossing naming a missing edge or a
    /// non-simple graph; [`SpecError::TooWide`] if `2w + f` fields do not fit in `S`
    /// (`width` reported = `2w + f`).
    ///
    /// Complexity: `O(n + m + crossings)`.
    pub fn new(p: &ConnectedProblem) -> Result<Self, SpecError> {
        let g = p.validate()?;
        let plan = FrontierPlan::new(&g)?;
        let ((flag_slot, partners), nflags) = flag_plan(p);
        let w = plan.width();
        let fields = 2 * w + nflags;
        let too_wide = TooWide {
            width: fields,
            max: S::CAPACITY,
        };
        // Labels go up to w + 1 (a fresh label before renumbering).
        if fields > S::CAPACITY || w + 1 > usize::from(S::MAX_VALUE) {
            return Err(too_wide.into());
        }
        let t = Tables::new(p, &g, &plan, (&flag_slot, &partners));
        if t.max_deg.iter().any(|&d| d >= u32::from(S::MAX_VALUE)) {
            // DEAD (= MAX_VALUE) must stay above every stored degree.
            return Err(too_wide.into());
        }
        Ok(ConnectedDegree {
            edges: t.edges,
            levels: t.levels,
            later: t.later,
            allowed: p.allowed.clone(),
            max_deg: t.max_deg,
            w: w as u8,
            fields,
            acyclic: p.acyclic,
            windows: t.windows,
            memo: std::sync::Arc::new(window::Memo::new()),
            hopeless: t.hopeless,
            _state: std::marker::PhantomData,
        })
    }

    /// Number of state fields (`2w + f`).
    pub fn fields(&self) -> usize {
        self.fields
    }

    /// The multiplicity of every edge in the member given by its variables (as listed by
    /// `zlink_zdd::Zdd::iter`).
    pub fn multiplicities(&self, vars: &[Var]) -> Vec<u8> {
        let mut x = vec![0u8; self.edges.len()];
        for &v in vars {
            x[self.levels[v as usize].0 as usize] += 1;
        }
        x
    }
}

/// A problem as a family of the frontier's one entry point ([`crate::run::count_family`],
/// [`crate::run::build_family`]): packed states while its `2w + f` fields fit them.
impl SpecFamily for ConnectedProblem {
    fn width(&self) -> usize {
        self.state_width().map_or(usize::MAX, |(w, f)| 2 * w + f)
    }

    fn wide(&self) -> bool {
        matches!(
            ConnectedDegree::<Packed>::new(self),
            Err(SpecError::TooWide(_))
        )
    }

    fn spec<M: Slots>(&self) -> Result<impl Spec, SpecError> {
        ConnectedDegree::<M>::new(self)
    }
}
