//! [`publish`] as a [`Generator<Numberlink>`]: the CLI's `zlink generate numberlink --size`
//! for a Rust user, in a few lines, with the one [`Limits`] type.
//!
//! Why a type of its own: every generator of the workspace answers the same call; what only
//! this one knows (uniqueness under each rule set, layouts and repairs) travels typed as its
//! [`Generator::Details`], a [`PublishError`] that is not a stop as the cause of the
//! [`SolveError::Solver`].
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_link::numberlink::publish::{Publisher, Request, RuleSet};
//! use zlink_puzzle::{Generator, Puzzle};
//! // a Numberlink 10x10 under Janko's rules
//! let made = Publisher.generate(&Request::new(10, 10), 1, &Limits::default()).unwrap();
//! assert!(made.puzzle.verify(&made.solution).is_ok());
//! assert_eq!(made.details.unique_under(RuleSet::Janko), Some(true));
//! ```

use zlink_base::{Limits, Stoppable, Stopped};
use zlink_puzzle::numberlink::Numberlink;
use zlink_puzzle::{Generated, Generator, SolveError, SolveStats};

use super::{publish, PublishError, Published, Request};

impl Stoppable for PublishError {
    fn into_stopped(self) -> Result<Stopped, Self> {
        match self {
            PublishError::Stopped(s) => Ok(s),
            e => Err(e),
        }
    }
}

/// The publishing generator (module doc); its details are the whole [`Published`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Publisher;

impl Generator<Numberlink> for Publisher {
    type Request = Request;
    type Details = Published;

    fn name(&self) -> &'static str {
        "publish"
    }

    fn generate(
        &self,
        request: &Request,
        seed: u64,
        limits: &Limits,
    ) -> Result<Generated<Numberlink, Published>, SolveError> {
        let made = publish(request, seed, limits)?;
        let s = &made.stats;
        let stats = SolveStats {
            seconds: s.seconds,
            counters: vec![
                ("layouts", s.layouts),
                ("checks", s.checks),
                ("repairs", s.repairs),
            ],
            rounds: None,
        };
        let puzzle = Numberlink::new(made.puzzle.clone(), request.rules.rules());
        let mut g = Generated::with_details(puzzle, made.solution.clone(), stats, made);
        g.grade = Some(g.details.grade);
        Ok(g)
    }
}
