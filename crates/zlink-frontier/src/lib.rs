//! Top-down, level-by-level ZDD construction from small state-machine specs (Simpath).
//!
//! Why: the families zlink cares about (paths, cycles, path matchings of grid graphs) are far too
//! big to list, but a *frontier-based* search describes them with one small state per node.
//! This crate owns the graphs and their edge orders ([`Graph`], [`EdgeOrder`]), the per-level
//! frontier bookkeeping ([`FrontierPlan`]), the [`Spec`] contract with ready-made graph specs
//! ([`specs`]) and combinators ([`combinators`]), and the two engines that run a spec: the
//! builder ([`build()`], output reduced by `zlink_zdd`) and the count-only DP ([`count()`]).
//! A count pass whose states are slices of words (sets of frontier states) keeps its levels
//! in [`arena`].
//!
//! Start with [`Mates`] (paths and cycles of your own graph, read back as your edges) or a
//! spec of [`specs`] run by [`count()`] or [`build()`] under a [`Limits`].
//!
//! ```
//! use zlink_frontier::packed::Packed;
//! use zlink_frontier::{count, EdgeOrder, Graph, Limits, Mate};
//! let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(4, 4));
//! let paths = Mate::<Packed>::st_paths(&g, 0, 15, false).unwrap();
//! assert_eq!(count(&paths, &Limits::default()).unwrap(), 184u32.into()); // OEIS A007764
//! ```

pub mod arena;
mod budget;
pub mod build;
pub mod combinators;
pub mod count;
pub mod frontier;
pub mod graph;
pub mod lookahead;
pub mod order;
pub mod packed;
mod pending;
pub mod run;
pub mod spec;
pub mod specs;

pub use build::{build, build_zdd, Built};
pub use count::{count, count_with_stats, Counted};
pub use frontier::{FrontierPlan, TooWide};
pub use graph::{Graph, GraphError, Vertex};
pub use order::{frontier_widths, EdgeOrder};
pub use run::{
    build_family, count_family, BuildReport, CountReport, RunError, SpecFamily, StateForm,
};
pub use spec::{Level, Spec, Step, Stepwise};
pub use specs::mate::{BuiltMates, Mate, MateKind, Mates};
pub use zlink_base::{Limits, Stopped};
