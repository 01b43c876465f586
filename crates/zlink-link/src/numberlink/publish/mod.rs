//! One random Numberlink puzzle of the kind people publish: any size (7×7 to 50×50 and beyond),
//! unique under the rules asked for (Janko's: every cell covered, no U-bend; cover alone; or
//! plain, cells may stay empty), no pair whose two ends are neighbours, graded by the
//! techniques a solver needs, the same for a given seed.
//!
//! Why not the good-instance diagram ([`super::generate`]): it holds *every* good instance of a
//! grid, which stops being possible at about 7×7; a publisher wants one puzzle, now. The route
//! here:
//! 1. a random cover of the grid by paths that never touch themselves (module `layout`), with
//!    a number of pairs in the range asked for: its paths are the intended solution, their ends
//!    the puzzle;
//! 2. the uniqueness check ([`check()`]): the link deduction, then a SAT search for another
//!    solution with the intended one excluded;
//! 3. while there is another: a repair where it differs (module `repair`: shift the ends
//!    there, or split a path there, one pair more), and check again; after
//!    [`MAX_REPAIRS`] repairs, or when no repair applies, a new layout;
//! 4. the grade ([`grade()`]) when a difficulty is asked for: a puzzle too hard gets a split
//!    where the deduction left edges open, one too easy a new layout;
//! 5. under which of the three rule sets the puzzle is unique: the asked rules' uniqueness
//!    implies the stricter rules' (plain ⇒ cover ⇒ Janko's, the solution having no U-bend), the
//!    looser ones are checked.
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_link::numberlink::publish::{publish, Request, RuleSet};
//! use zlink_puzzle::numberlink::{verify, Rules};
//! let r = Request::new(7, 7);
//! let made = publish(&r, 3, &Limits::default()).unwrap();
//! assert!(verify(&made.puzzle, &made.solution, Rules::JANKO).is_ok());
//! assert_eq!(made.unique_under(RuleSet::Janko), Some(true));
//! assert_eq!(made.puzzle, publish(&r, 3, &Limits::default()).unwrap().puzzle);
//! ```

pub mod check;
mod generator;
pub mod grade;
mod layout;
mod repair;
mod run;
#[cfg(test)]
mod tests;

pub use check::{by_engine, check, Checked, Verdict};
pub use generator::Publisher;
pub use grade::{grade, open_edges, Difficulty};
pub use run::publish;

use zlink_base::Stopped;
use zlink_puzzle::numberlink::{Links, NumberlinkGrid, Rules};

/// Repairs of one layout before a new one is drawn.
pub const MAX_REPAIRS: usize = 24;

/// The three rule sets a puzzle's uniqueness is reported under, strictest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleSet {
    /// Janko's: every cell on a line, no U-bend.
    Janko,
    /// Every cell on a line, U-bends allowed.
    Cover,
    /// Cells may stay empty, any bends (Nikoli's rules as most solvers read them).
    Plain,
}

impl RuleSet {
    /// Every rule set, strictest first.
    pub const ALL: [RuleSet; 3] = [RuleSet::Janko, RuleSet::Cover, RuleSet::Plain];

    /// The rule switches.
    pub fn rules(self) -> Rules {
        match self {
            RuleSet::Janko => Rules::JANKO,
            RuleSet::Cover => Rules {
                cover: true,
                no_u_bends: false,
            },
            RuleSet::Plain => Rules::PLAIN,
        }
    }

    /// The name: `janko`, `cover`, `plain`.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Janko => "janko",
            RuleSet::Cover => "cover",
            RuleSet::Plain => "plain",
        }
    }
}

/// What to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Fewest and most pairs (`None`: [`default_pairs`]).
    pub pairs: Option<(usize, usize)>,
    /// The rules the puzzle must be unique under.
    pub rules: RuleSet,
    /// The grade the puzzle must have (`None`: any).
    pub difficulty: Option<Difficulty>,
    /// Allow pairs whose two ends are neighbours (a line of two cells).
    pub trivial: bool,
}

impl Request {
    /// A `rows × cols` puzzle under Janko's rules, default pairs, any grade, no trivial pair.
    pub fn new(rows: usize, cols: usize) -> Request {
        Request {
            rows,
            cols,
            pairs: None,
            rules: RuleSet::Janko,
            difficulty: None,
            trivial: false,
        }
    }

    /// The range of pairs: the one asked for, or [`default_pairs`] (at most one pair per
    /// shortest line's cells).
    pub fn pair_range(&self) -> (usize, usize) {
        self.pairs.unwrap_or_else(|| {
            let (fewest, most) = default_pairs(self.rows, self.cols, self.rules);
            let fit = (self.rows * self.cols / self.min_cells()).max(1);
            (fewest.min(fit), most.min(fit))
        })
    }

    /// The fewest cells of a line: 2 with trivial pairs, else 3.
    pub fn min_cells(&self) -> usize {
        if self.trivial {
            2
        } else {
            layout::MIN_CELLS
        }
    }
}

/// The default range of pairs of a `rows × cols` puzzle under `rules`: about `0.4 √cells` to
/// `0.6 √cells` under Janko's rules, `0.6 √cells` to `1.5 √cells` under looser rules, whose
/// repairs add pairs.
///
/// Why these: fewer pairs than any other generator (thomasahle's gen.py: 7.5 pairs at 10×10,
/// 14 at 20×20, 21 at 40×20; Janko's 10×10s about 8), and still fast. Ten seeds a size
/// (2026-11-28, `tools/README.md`, "Fewer pairs"): every layout of `0.4..0.6 √cells` was
/// made unique, with median 5 pairs at 10×10, 10 at 20×20, 14 at 20×40 and 30 at 50×50, in the
/// same median CPU time as the former `0.6..1 √cells` (8, 16, 25.5, 40.5 pairs).
pub fn default_pairs(rows: usize, cols: usize, rules: RuleSet) -> (usize, usize) {
    let root = ((rows * cols) as f64).sqrt();
    let (fewest, most) = match rules {
        RuleSet::Janko => (0.4 * root, 0.6 * root),
        RuleSet::Cover | RuleSet::Plain => (0.6 * root, 1.5 * root),
    };
    let fewest = fewest.round().max(1.0) as usize;
    (fewest, (most.round() as usize).max(fewest))
}

/// Whether the puzzle is unique under a rule set: `Some(true)`, `Some(false)`, or `None` when
/// the check ran out of its budget or time.
pub type Uniqueness = Option<bool>;

/// Figures of a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PublishStats {
    /// Layouts drawn.
    pub layouts: u64,
    /// Uniqueness checks made (under the asked rules).
    pub checks: u64,
    /// Repairs made.
    pub repairs: u64,
    /// Seconds of the whole run.
    pub seconds: f64,
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Published {
    /// The puzzle.
    pub puzzle: NumberlinkGrid,
    /// Its solution, the only one under the asked rules.
    pub solution: Links,
    /// Its grade under the asked rules.
    pub grade: Difficulty,
    /// Uniqueness under each rule set, strictest first.
    pub unique: [(RuleSet, Uniqueness); 3],
    /// What making it cost.
    pub stats: PublishStats,
}

impl Published {
    /// Uniqueness under `rules`.
    pub fn unique_under(&self, rules: RuleSet) -> Uniqueness {
        self.unique
            .iter()
            .find(|(r, _)| *r == rules)
            .and_then(|&(_, u)| u)
    }
}

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PublishError {
    /// The request cannot be met (a grid too small, a range of pairs that does not fit).
    #[error("{0}")]
    Request(String),
    /// A budget or the deadline ran out (no puzzle).
    #[error(transparent)]
    Stopped(#[from] Stopped),
}
