//! The one entry point that counts or builds a spec family under a run's limits.
//!
//! Why: every caller (the CLI's `count paths|cycles`, the loop and path puzzles' engines,
//! generators) needs the same four decisions, and each used to make them on its own or not at
//! all: which state representation the frontier needs ([`Packed`] up to
//! [`crate::packed::MAX_WIDTH`] slots, [`Inline`] up to [`MAX_INLINE_WIDTH`], [`Wide`]
//! beyond), how many nodes or held states a memory
//! budget allows, how many threads run, and when the time is up. A caller describes its family
//! once as a [`SpecFamily`] (a spec for any [`Slots`] type) and hands [`Limits`] to
//! [`count_family`] or [`build_family`].
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_frontier::run::count_family;
//! use zlink_frontier::{Graph, Mates};
//! let cycles = Mates::cycles(&Graph::grid(3, 3)).unwrap();
//! let report = count_family(&cycles, &Limits::default()).unwrap();
//! assert_eq!(report.count, 13u32.into()); // OEIS A140517(2)
//! assert!(!report.wide);
//! ```

use num_bigint::BigUint;
use zlink_base::{Limits, Stopped};
use zlink_zdd::{NodeId, Zdd};

use crate::budget::Budget;
use crate::build::build_in;
use crate::count::count_in;
use crate::packed::{Inline, Packed, Slots, Wide, MAX_INLINE_WIDTH, MAX_WIDTH};
use crate::spec::{Level, Spec};
use crate::specs::SpecError;

/// Peak bytes of a build per raw node: the builder's 8-byte rows and pending states, then the
/// 12-byte reduced store (no unique tables) and the count (13×13 corner paths: 210 MB for
/// 15.1 M raw nodes, 15×15: 1.8 GB for 156 M).
pub const BUILD_BYTES_PER_NODE: u64 = 16;

/// Bytes per state held by a count-only run: a raw child or merged `(state, count)` record
/// with 256-bit counts (48), its hash-table slot and vector slack (15×15 corner paths: 207 MB
/// peak RSS for a count that needed a budget of 140 MB at 64 bytes per state).
pub const COUNT_BYTES_PER_STATE: u64 = 96;

/// A family of sets described by a spec that can run on any state representation.
pub trait SpecFamily: Sync {
    /// The largest number of frontier slots a state needs.
    fn width(&self) -> usize;

    /// Whether states must be wide: by default when the width is above [`MAX_WIDTH`] (a spec
    /// whose codes outgrow packed fields for another reason says so here).
    fn wide(&self) -> bool {
        self.width() > MAX_WIDTH
    }

    /// The spec on states of type `M` (the entry point only asks for a type that holds
    /// [`SpecFamily::width`] slots).
    ///
    /// # Errors
    /// Whatever keeps the spec from being set up.
    fn spec<M: Slots>(&self) -> Result<impl Spec, SpecError>;
}

/// Why a run stopped without an answer.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The spec could not be set up (a vertex out of range, a frontier too wide for any state).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A budget or the time ran out, with the figures.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// The thread pool could not be started.
    #[error("cannot start threads: {0}")]
    Threads(String),
}

impl zlink_base::Stoppable for RunError {
    fn into_stopped(self) -> Result<Stopped, Self> {
        match self {
            RunError::Stopped(s) => Ok(s),
            e => Err(e),
        }
    }
}

impl RunError {
    /// Why the run stopped, when a budget or the time stopped it.
    pub fn stopped(&self) -> Option<&Stopped> {
        match self {
            RunError::Stopped(s) => Some(s),
            _ => None,
        }
    }

    /// Whether the run stopped on its time limit (rather than a budget or a setup error).
    pub fn is_time_limit(&self) -> bool {
        self.stopped().is_some_and(Stopped::is_time)
    }

    /// Whether a node, state or memory budget stopped the run.
    pub fn is_budget(&self) -> bool {
        self.stopped().is_some_and(Stopped::is_budget)
    }
}

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountReport {
    /// The exact size of the family.
    pub count: BigUint,
    /// Distinct states over all levels.
    pub total_states: u64,
    /// Distinct states at the widest level.
    pub max_level_states: usize,
    /// Frontier width of the family.
    pub width: usize,
    /// Whether wide states were used (see [`SpecFamily::wide`]).
    pub wide: bool,
    /// `(level, distinct states)` of every level that held a state, in order.
    pub level_states: Vec<(Level, u64)>,
}

/// What a build made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildReport {
    /// The root of the reduced diagram in the caller's store.
    pub root: NodeId,
    /// Nodes of the unreduced diagram.
    pub raw_nodes: u64,
    /// Unreduced nodes at the widest level.
    pub max_level_nodes: usize,
    /// Frontier width of the family.
    pub width: usize,
    /// Whether wide states were used.
    pub wide: bool,
}

/// The state type a family's frontier needs, chosen once for every caller (the single pass,
/// the build, a distributed count): [`Packed`] unless [`SpecFamily::wide`], then [`Inline`] up
/// to [`MAX_INLINE_WIDTH`] slots and [`Wide`] beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateForm {
    /// [`Packed`] states.
    Packed,
    /// [`Inline`] states.
    Inline,
    /// [`Wide`] states.
    Wide,
}

impl StateForm {
    /// The form `family` runs on.
    pub fn of<F: SpecFamily + ?Sized>(family: &F) -> StateForm {
        if !family.wide() {
            StateForm::Packed
        } else if family.width() <= MAX_INLINE_WIDTH {
            StateForm::Inline
        } else {
            StateForm::Wide
        }
    }
}

/// Bytes a wide state holds beyond a packed one: an [`Inline`] array is 48 bytes longer, a
/// [`Wide`] state holds a boxed byte per slot plus allocator overhead on the heap.
fn wide_extra_bytes(width: usize) -> u64 {
    if width <= MAX_INLINE_WIDTH {
        (MAX_INLINE_WIDTH - 16) as u64
    } else {
        width as u64 + 48
    }
}

/// A count whose levels all hold fewer states than this runs on the calling thread and never
/// enters rayon (no pool, no work stealing), whatever [`Limits::threads`] says: a caller that
/// caps the states held at once below it may run with `threads: None` to spare the pool's start.
pub const SERIAL_LEVEL_STATES: u64 = crate::pending::PAR_THRESHOLD as u64;

/// Bytes a count-only run accounts per state held at once, for a family of frontier `width`
/// on wide states or not: how [`count_family`] turns [`Limits::max_memory`] into a budget of
/// held states (so a caller can ask for a budget of held states through the memory budget).
pub fn held_state_bytes(width: usize, wide: bool) -> u64 {
    COUNT_BYTES_PER_STATE + if wide { wide_extra_bytes(width) } else { 0 }
}

/// Runs `f` in a pool of [`Limits::threads`] threads (the ambient pool when `None`). On a
/// worker of a pool of that size already (the CLI makes its thread one), `f` runs right here:
/// a new pool would start threads only to hand the work over to them.
///
/// # Errors
/// [`RunError::Threads`] when the pool cannot be started.
pub fn install<T: Send>(limits: &Limits, f: impl FnOnce() -> T + Send) -> Result<T, RunError> {
    match limits.threads {
        None => Ok(f()),
        Some(n)
            if rayon::current_thread_index().is_some()
                && rayon::current_num_threads() == n.max(1) =>
        {
            Ok(f())
        }
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n.max(1))
                .build()
                .map_err(|e| RunError::Threads(e.to_string()))?;
            Ok(pool.install(f))
        }
    }
}

/// Counts the family exactly with the count-only DP (no diagram is stored), on packed states
/// when its frontier fits them and wide states otherwise.
///
/// # Errors
/// [`RunError::Spec`] when the spec cannot be set up; [`RunError::Stopped`] when the memory or
/// node budget or the time limit runs out.
pub fn count_family<F: SpecFamily>(family: &F, limits: &Limits) -> Result<CountReport, RunError> {
    let width = family.width();
    let wide = family.wide();
    let budget = Budget::count(limits, held_state_bytes(width, wide));
    let counted = install(limits, || -> Result<_, RunError> {
        Ok(match StateForm::of(family) {
            StateForm::Packed => count_in(&family.spec::<Packed>()?, &budget),
            StateForm::Inline => count_in(&family.spec::<Inline>()?, &budget),
            StateForm::Wide => count_in(&family.spec::<Wide>()?, &budget),
        }?)
    })??;
    Ok(CountReport {
        count: counted.count,
        total_states: counted.total_states,
        max_level_states: counted.max_level_states,
        width,
        wide,
        level_states: counted.level_states,
    })
}

/// Builds the family's reduced diagram into `zdd` (the store grows to the spec's levels), on
/// packed or wide states as [`count_family`] chooses them. Without [`Limits::max_nodes`] the
/// memory budget becomes a node budget of both the builder and the store.
///
/// # Errors
/// [`RunError::Spec`] when the spec cannot be set up; [`RunError::Stopped`] when a budget or
/// the time limit runs out.
pub fn build_family<F: SpecFamily>(
    family: &F,
    zdd: &mut Zdd,
    limits: &Limits,
) -> Result<BuildReport, RunError> {
    let width = family.width();
    let wide = family.wide();
    // two pending children per node, each a state on the heap when wide
    let per_node = BUILD_BYTES_PER_NODE + if wide { 2 * wide_extra_bytes(width) } else { 0 };
    let budget = Budget::build(limits, per_node);
    let built = install(limits, || -> Result<_, RunError> {
        Ok(match StateForm::of(family) {
            StateForm::Packed => build_in(&family.spec::<Packed>()?, &budget),
            StateForm::Inline => build_in(&family.spec::<Inline>()?, &budget),
            StateForm::Wide => build_in(&family.spec::<Wide>()?, &budget),
        }?)
    })??;
    let (raw_nodes, max_level_nodes) = (built.nodes, built.max_level_nodes);
    if zdd.num_vars() < built.unreduced.num_rows() {
        zdd.set_num_vars(built.unreduced.num_rows());
    }
    if let Some(max) = budget.nodes.max {
        let max = usize::try_from(max).unwrap_or(usize::MAX);
        zdd.set_node_budget(zdd.node_budget().min(max));
    }
    let root = zdd.import(built.unreduced).map_err(|e| {
        let s = Stopped::from(e);
        match budget.nodes.from_memory {
            Some((m, each)) => s.from_memory(m, each),
            None => s,
        }
    })?;
    Ok(BuildReport {
        root,
        raw_nodes,
        max_level_nodes,
        width,
        wide,
    })
}
