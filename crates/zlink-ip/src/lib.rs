//! A thin modelling layer over HiGHS: variables, constraints, cut loops, no-good cuts.
//!
//! zlink's integer-programming puzzles need four things from a MIP solver, and this crate gives
//! exactly those on top of the `highs` bindings, knowing no puzzle:
//! - a [`Model`] with binary/integer/continuous variables, linear expressions ([`LinExpr`],
//!   `2.0 * x + y`, [`sum`]), constraints (`le`, `ge`, `eq`, `between`), an objective, and
//!   [`Params`] (MIP gap, seed, HiGHS options) and the run's [`zlink_base::Limits`] (deadline,
//!   threads, memory budget) as [`Model::limits`], re-solvable after adding rows or changing
//!   bounds; a budget or the deadline stops a solve with a [`zlink_base::Stopped`];
//! - per-solve [`SolveStats`] (seconds, branch-and-bound nodes, simplex iterations, gap);
//! - a cut loop ([`solve_with_cuts`]) driven by a [`Separator`], with a per-round [`RoundLog`];
//! - counting and uniqueness by no-good cuts ([`enumerate`], [`count`]), composable with a
//!   separator.
//!
//! ```
//! use zlink_ip::{count, sum, Distinct, Model, NoGood, RoundLog, VarKind};
//! let mut m = Model::new();
//! let x: Vec<_> = (0..4).map(|_| m.add_var(VarKind::Binary)).collect();
//! m.add(sum(x.clone()).eq(2.0));
//! let r = count(&mut m, Distinct { vars: &x, form: NoGood::OnesOnly }, 100, &mut RoundLog::new())
//!     .unwrap();
//! assert_eq!((r.count, r.limit_reached), (6, false)); // C(4, 2)
//! ```

pub mod cut_loop;
pub mod error;
pub mod expr;
pub mod model;
pub mod no_good;
#[cfg(feature = "highs")]
mod raw;

/// Whether this build can solve: the `highs` feature links HiGHS in (the default). Without it
/// models are built as usual and [`Model::solve`] returns [`IpError::NoSolver`]: the lean
/// `zlink` binary, whose ZDD engines start faster without HiGHS' static constructors, hands
/// integer programs to `zlink-mip`.
pub const HAS_SOLVER: bool = cfg!(feature = "highs");

pub use cut_loop::{solve_with_cuts, NoSeparator, Round, RoundLog, Separator};
pub use error::IpError;
pub use expr::{sum, Constraint, LinExpr, Var, VarKind};
pub use model::{
    check_memory_of, solver_memory, Model, OptionValue, Params, Sense, Solution, SolveStats,
};
pub use no_good::{count, enumerate, no_good_cut, Distinct, Enumeration, NoGood};
