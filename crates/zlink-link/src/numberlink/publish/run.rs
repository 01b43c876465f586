//! The generator's loop (the parent module's doc, steps 1-5): layouts, checks, repairs, the
//! grade and the report under every rule set, within the caller's limits.

use std::time::Instant;

use zlink_base::{Limits, SplitMix64};
use zlink_puzzle::numberlink::{Links, NumberlinkGrid, MAX_CELLS};

use super::check::{Candidate, Verdict, CHECK_BUDGET, REPORT_BUDGET};
use super::grade::{grade_after_probing, stuck_cells, Difficulty};
use super::layout::Layout;
use super::repair::{differing, shift, split};
use super::{PublishError, PublishStats, Published, Request, RuleSet, Uniqueness, MAX_REPAIRS};

/// Radius of the windows in which another solution is looked for first under looser rules
/// than Janko's (cells within that many steps of the window's centre).
const WINDOW_RADIUS: u32 = 3;

/// Layouts drawn before a run gives up (a grade or range of pairs the grid hardly allows).
const MAX_LAYOUTS: u64 = 2_000;

/// Bytes per cell the generator may hold at once: the layout, the deduction's state and the
/// SAT solver's clauses and learnt clauses (a 50×50 check peaks below 40 MB: 16 KB a cell is
/// a wide margin).
const BYTES_PER_CELL: u64 = 16 << 10;

/// One puzzle for `request`, the same for a given `seed` (module doc of the parent).
///
/// # Errors
/// [`PublishError::Request`] for a request that cannot be met, [`PublishError::Stopped`] when
/// the memory budget cannot hold the grid or the deadline passes.
pub fn publish(request: &Request, seed: u64, limits: &Limits) -> Result<Published, PublishError> {
    let start = Instant::now();
    let (rows, cols) = (request.rows, request.cols);
    let min_cells = request.min_cells();
    let (fewest, most) = request.pair_range();
    validate(rows, cols, (fewest, most), min_cells)?;
    limits.check_memory(
        (rows * cols) as u64 * BYTES_PER_CELL,
        "the generator's layout, deduction and SAT solver",
    )?;
    let mut run = Run {
        request,
        min_cells,
        range: (fewest, most),
        rng: SplitMix64::new(seed),
        limits,
        stats: PublishStats::default(),
    };
    let (layout, open) = run.unique_layout()?;
    let (puzzle, solution) = layout.puzzle();
    let rules = request.rules;
    let grade = grade_after_probing(&puzzle, rules.rules(), open, limits.deadline);
    let unique = run.report(&puzzle, &solution);
    // a step cut short by the deadline may have answered otherwise: no puzzle then (the same
    // seed always gives the same puzzle and report)
    limits.check_time()?;
    let mut stats = run.stats;
    stats.seconds = start.elapsed().as_secs_f64();
    Ok(Published {
        puzzle,
        solution,
        grade,
        unique,
        stats,
    })
}

/// Rejects grids and ranges of pairs no layout can meet.
fn validate(
    rows: usize,
    cols: usize,
    (fewest, most): (usize, usize),
    min_cells: usize,
) -> Result<(), PublishError> {
    let cells = rows.saturating_mul(cols);
    if rows < 2 || cols < 2 || cells < 2 * min_cells {
        return Err(PublishError::Request(format!(
            "a {rows}x{cols} grid is too small: at least 2x2 and {} cells",
            2 * min_cells
        )));
    }
    if cells > MAX_CELLS {
        return Err(PublishError::Request(format!(
            "a {rows}x{cols} grid has more than {MAX_CELLS} cells"
        )));
    }
    if fewest == 0 || fewest > most || most * min_cells > cells {
        return Err(PublishError::Request(format!(
            "{fewest}..{most} pairs do not fit a {rows}x{cols} grid: at least 1, and at most \
             {} (a line has at least {min_cells} cells)",
            cells / min_cells
        )));
    }
    Ok(())
}

/// The state of one run.
struct Run<'a> {
    request: &'a Request,
    min_cells: usize,
    range: (usize, usize),
    rng: SplitMix64,
    limits: &'a Limits,
    stats: PublishStats,
}

impl Run<'_> {
    /// Layouts, checks and repairs until a layout's puzzle is unique under the asked rules (and
    /// of the asked grade): the layout and the edges probing left open.
    fn unique_layout(&mut self) -> Result<(Layout, usize), PublishError> {
        for _ in 0..MAX_LAYOUTS {
            self.limits.check_time()?;
            let Some(mut layout) = self.layout() else {
                continue;
            };
            if let Some(open) = self.make_unique(&mut layout)? {
                return Ok((layout, open));
            }
        }
        Err(PublishError::Request(format!(
            "no puzzle found in {MAX_LAYOUTS} layouts ({} checks, {} repairs): try another \
             range of pairs or grade",
            self.stats.checks, self.stats.repairs
        )))
    }

    /// A new random layout with a number of paths in the range (`None` if the moves did not
    /// reach it).
    fn layout(&mut self) -> Option<Layout> {
        let (rows, cols) = (self.request.rows, self.request.cols);
        let (fewest, most) = self.range;
        // looser rules need repairs that add pairs: start low
        let top = match self.request.rules {
            RuleSet::Janko => most,
            RuleSet::Cover | RuleSet::Plain => fewest + (most - fewest) / 3,
        };
        let target = fewest + self.rng.below_u64((top - fewest + 1) as u64) as usize;
        self.stats.layouts += 1;
        self.limits
            .progress
            .report("layouts", self.stats.layouts, None, || {
                format!(
                    "{} checks, {} repairs",
                    self.stats.checks, self.stats.repairs
                )
            });
        let mut layout = Layout::singletons(rows, cols, self.min_cells);
        layout.shrink_to(target, &mut self.rng);
        (layout.is_finished() && (fewest..=most).contains(&layout.len())).then_some(layout)
    }

    /// Checks and repairs `layout` until its puzzle is unique and of the asked grade: the
    /// edges probing left open, or `None` when the repairs gave up.
    fn make_unique(&mut self, layout: &mut Layout) -> Result<Option<usize>, PublishError> {
        let rules = self.request.rules.rules();
        let deadline = self.limits.deadline;
        let looser = self.request.rules != RuleSet::Janko;
        let mut from = 0;
        for _ in 0..=MAX_REPAIRS {
            let (puzzle, solution) = layout.puzzle();
            self.stats.checks += 1;
            let c = Candidate::new(&puzzle, &solution, rules, true, deadline);
            // under looser rules another solution is usually local: the windows first
            let near = match looser {
                true => c.near(WINDOW_RADIUS, from, deadline),
                false => None,
            };
            let other = match near {
                Some((centre, other)) => {
                    from = centre;
                    other
                }
                None => match c.global(CHECK_BUDGET, deadline) {
                    Verdict::Unique => match self.graded(layout, &puzzle, c.open()) {
                        Some(true) => return Ok(Some(c.open())),
                        Some(false) => continue,
                        None => return Ok(None),
                    },
                    Verdict::Other(other) => other,
                    Verdict::Unknown => {
                        self.limits.check_time()?;
                        // no answer in the budget: a new pair where the deduction is stuck
                        if !self.split_stuck(layout, &puzzle, true) {
                            return Ok(None);
                        }
                        continue;
                    }
                },
            };
            self.stats.repairs += 1;
            if !self.repair(layout, &other) {
                return Ok(None);
            }
        }
        Ok(None)
    }

    /// One repair of `layout` where `other` differs from it: under Janko's rules a shift of
    /// the ends there half the time (or when no pair is to spare), else a split (parent
    /// module doc). `false` if neither applies.
    fn repair(&mut self, layout: &mut Layout, other: &Links) -> bool {
        let diff = differing(layout, other);
        let room = layout.len() < self.range.1;
        let shift_first = self.request.rules == RuleSet::Janko && self.rng.next_u64() & 1 == 0;
        if shift_first || !room {
            shift(layout, &diff, self.min_cells, &mut self.rng)
                || (room && split(layout, other, &diff, self.min_cells))
        } else {
            split(layout, other, &diff, self.min_cells)
                || shift(layout, &diff, self.min_cells, &mut self.rng)
        }
    }

    /// Whether a unique puzzle has the asked grade: `Some(true)` yes, `Some(false)` after a
    /// split that should make it easier (check again), `None` when this layout cannot get
    /// there (too easy, or no pair to spare).
    fn graded(
        &mut self,
        layout: &mut Layout,
        puzzle: &NumberlinkGrid,
        open: usize,
    ) -> Option<bool> {
        let Some(want) = self.request.difficulty else {
            return Some(true);
        };
        let rules = self.request.rules.rules();
        let got = grade_after_probing(puzzle, rules, open, self.limits.deadline);
        if got == want {
            return Some(true);
        }
        if got < want {
            // too easy: one pair fewer (a merge), and check again
            let fewer = layout.len() > self.range.0 && layout.merge_any(&mut self.rng);
            self.stats.repairs += u64::from(fewer);
            return fewer.then_some(false);
        }
        // too hard: a new pair where the deduction is stuck
        self.split_stuck(layout, puzzle, want == Difficulty::Medium)
            .then_some(false)
    }

    /// Splits a path of `layout` where the deduction (with probing when `probe`) leaves
    /// edges of `puzzle` open, if a pair is to spare: `false` if not.
    fn split_stuck(&mut self, layout: &mut Layout, puzzle: &NumberlinkGrid, probe: bool) -> bool {
        if layout.len() >= self.range.1 {
            return false;
        }
        let rules = self.request.rules.rules();
        let stuck = stuck_cells(puzzle, rules, probe, self.limits.deadline);
        self.stats.repairs += 1;
        let none = Links::new(puzzle.rows(), puzzle.cols());
        split(layout, &none, &stuck, self.min_cells)
    }

    /// Uniqueness under each rule set (parent module doc, step 5).
    fn report(&mut self, puzzle: &NumberlinkGrid, solution: &Links) -> [(RuleSet, Uniqueness); 3] {
        let asked = self.request.rules;
        let mut out = RuleSet::ALL.map(|r| (r, None));
        let mut looser_fails = false;
        for (r, u) in &mut out {
            *u = if *r <= asked {
                Some(true)
            } else if looser_fails {
                Some(false)
            } else {
                let deadline = self.limits.deadline;
                let c = Candidate::new(puzzle, solution, r.rules(), true, deadline);
                match c.near(WINDOW_RADIUS, 0, deadline) {
                    Some(_) => Some(false),
                    None => match c.global(REPORT_BUDGET, deadline) {
                        Verdict::Unique => Some(true),
                        Verdict::Other(_) => Some(false),
                        Verdict::Unknown => None,
                    },
                }
            };
            looser_fails |= *u == Some(false);
        }
        out
    }
}
