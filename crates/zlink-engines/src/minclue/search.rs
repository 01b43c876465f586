//! The two searches: the proven minimum by row generation, and a greedy minimal puzzle.
//!
//! **Minimum** (the bilevel problem of report chapter 8, solved by row generation): a master
//! chooses clues hitting every known unavoidable set; the uniqueness check ([`Checker`], the
//! exact engine) either confirms the clues make the grid unique or returns other completions,
//! whose differences with the grid, minimised, are new unavoidable sets for the master. Every
//! unique clue set hits every unavoidable set, so the master is a relaxation: a unique answer
//! of the master's optimal size is a proven minimum. The master is seeded with the small sets
//! of [`super::unavoidable`] and [`super::subgrid`]. Two masters ([`Master`]):
//! * `search` (default): [`hitting::search_level`] for k = the lower bound of the packing and
//!   of the region rows ([`super::regions`]), k + 1, …, below a known upper bound (the input's
//!   own clues when they are unique, else a greedy minimal puzzle): exhausting level k proves
//!   the minimum exceeds k, and the first level with a unique hitting set is the minimum.
//! * `ip`: a HiGHS IP minimising Σ y subject to Σ_{c∈U} y_c ≥ 1 per known set U; once its
//!   optimum LB is known, Σ y is fixed to LB, and infeasibility proves LB + 1.
//!
//! **Minimal**: start from all cells and drop clues one by one while the puzzle stays unique.
//! One pass suffices: a clue kept because dropping it broke uniqueness stays needed when
//! later clues are dropped (fewer clues only admit more solutions).

use std::time::Instant;

use zlink_ip::{sum, IpError, Model, Params, Sense, Var, VarKind};
use zlink_puzzle::{Grid, Limits, Stopped};

use super::check::Checker;
use super::hitting::{self, SetCollection};
use super::regions;
use super::subgrid;
use super::unavoidable;
use crate::sudoku::Shape;
use zlink_puzzle::unavoidable as rows;

/// One iteration of the row generation.
#[derive(Debug, Clone, PartialEq)]
pub struct Iteration {
    /// 1-based.
    pub round: usize,
    /// A lower bound on the minimum after this round: the master's optimum (IP); for the
    /// search master, k + 1 when level k was exhausted, k when it held a unique set.
    pub lower_bound: usize,
    /// Unavoidable sets in the master after this round.
    pub sets: usize,
    /// Seconds in the master solve.
    pub master_seconds: f64,
    /// Branch-and-bound nodes of the master solve.
    pub master_nodes: u64,
    /// Seconds in the uniqueness checks (IP master; the search master interleaves them).
    pub check_seconds: f64,
    /// Exact-engine searches (uniqueness checks and set minimisation).
    pub checks: u64,
    /// New sets added this round.
    pub added: usize,
}

/// A proven minimum clue set.
#[derive(Debug, Clone, PartialEq)]
pub struct Minimum {
    /// The clues (cells of the grid kept).
    pub clues: Vec<bool>,
    /// Unavoidable sets found up front.
    pub seeded_sets: usize,
    /// Seconds spent seeding.
    pub seed_seconds: f64,
    /// The region rows' bound (search master) and their m_R per family, seconds to compute.
    pub regions: (usize, Vec<Vec<u32>>, f64),
    /// Exact-engine searches in all.
    pub checks: u64,
    /// The rounds.
    pub iterations: Vec<Iteration>,
}

/// Which master chooses the clues.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Master {
    /// The combinatorial hitting-set search ([`hitting`]); grids of at most 128 cells.
    Search,
    /// The HiGHS hitting-set IP.
    Ip,
}

/// Settings of the minimum search.
#[derive(Debug, Clone, PartialEq)]
pub struct MinimumOptions {
    /// The master.
    pub master: Master,
    /// Largest seed set kept (two-line cycles and blanked parts).
    pub seed_max_size: usize,
    /// Blank unions of up to this many digits when seeding (0 or 1: none).
    pub seed_digits: usize,
    /// Other completions enumerated per blanked part when seeding.
    pub seed_limit: u64,
    /// Other completions (hence new sets) sought per non-unique master answer.
    pub sets_per_round: usize,
    /// Largest set the region searches pass on to the main collection.
    pub learn_max_size: u32,
    /// Use the region rows of [`regions`] (search master).
    pub regions: bool,
    /// A clue set known to make the grid unique (an upper bound), e.g. the input puzzle's.
    pub upper: Option<Vec<bool>>,
    /// What the whole search may use: its deadline, and the IP master's threads and memory
    /// budget.
    pub limits: Limits,
    /// Solver parameters for the IP master.
    pub params: Params,
}

impl Default for MinimumOptions {
    fn default() -> Self {
        Self {
            master: Master::Search,
            seed_max_size: 12,
            seed_digits: 3,
            seed_limit: 1000,
            sets_per_round: 8,
            upper: None,
            regions: true,
            learn_max_size: 12,
            limits: Limits::default(),
            params: Params::default(),
        }
    }
}

/// The smallest clue set whose unique solution is `grid`, proven by row generation.
///
/// # Errors
/// A solver failure or the time limit.
pub fn minimum(shape: Shape, grid: &Grid<u8>, opts: &MinimumOptions) -> Result<Minimum, IpError> {
    minimum_with(shape, grid, opts, &mut |_| {})
}

/// [`minimum`], calling `on_round` after every round (for progress reports).
///
/// # Errors
/// A solver failure or the time limit.
pub fn minimum_with(
    shape: Shape,
    grid: &Grid<u8>,
    opts: &MinimumOptions,
    on_round: &mut dyn FnMut(&Iteration),
) -> Result<Minimum, IpError> {
    let start = Instant::now();
    let mut check = Checker::new(shape, grid);
    let mut seeds = unavoidable::two_line_sets(shape, grid, opts.seed_max_size);
    let parts = unavoidable::parts(shape, grid, opts.seed_digits);
    let deadline = opts.limits.deadline;
    seeds.extend(
        unavoidable::blanked_part_sets_until(
            &mut check,
            &parts,
            opts.seed_max_size,
            opts.seed_limit,
            deadline,
        )
        .ok_or_else(|| time_up(opts))?,
    );
    // the sub-grid sets of up to 4 digits: exhaustive and engine-free (milliseconds)
    seeds.extend(
        subgrid::digit_subset_sets_until(
            shape,
            grid,
            4.min(shape.n),
            opts.seed_max_size,
            deadline,
            None,
        )
        .map_err(|_| time_up(opts))?,
    );
    let seeds = unavoidable::minimal_sets(seeds);
    let seed_seconds = start.elapsed().as_secs_f64();
    let mut m = match opts.master {
        Master::Search => search_master(&mut check, grid, &seeds, opts, on_round)?,
        Master::Ip => ip_master(&mut check, grid, &seeds, opts, on_round)?,
    };
    m.seed_seconds = seed_seconds;
    m.checks = check.checks();
    Ok(m)
}

/// The search's deadline passed.
fn time_up(opts: &MinimumOptions) -> IpError {
    Stopped::time(opts.limits.time_limit).into()
}

/// The combinatorial master: levels k = packing bound, … below the upper bound.
fn search_master(
    check: &mut Checker,
    grid: &Grid<u8>,
    seeds: &[Vec<usize>],
    opts: &MinimumOptions,
    on_round: &mut dyn FnMut(&Iteration),
) -> Result<Minimum, IpError> {
    let cells = grid.len();
    if cells > 128 {
        return Err(IpError::Solver(format!(
            "the search master handles grids of at most 128 cells, not {cells} (use master=ip)"
        )));
    }
    let mut sets = SetCollection::default();
    for s in seeds {
        sets.add(s);
    }
    let upper = match &opts.upper {
        Some(u) if u.len() == cells && check.is_unique(u) => u.clone(),
        _ => minimal_with(check),
    };
    let deadline = opts.limits.deadline;
    let mut iterations = Vec::new();
    let ub = upper.iter().filter(|&&b| b).count();
    let mut clues = upper;
    let (families, region_seconds) = region_families(check, &mut sets, opts)?;
    let region_bound = families
        .iter()
        .map(|f| f.root_bound() as usize)
        .max()
        .unwrap_or(0);
    // levels from the bound up: level k exhausted proves the minimum exceeds k (a unique set
    // of fewer clues grows, clue by clue, into one of exactly k that the level would meet);
    // the cheap low levels learn sets that prune the expensive last one
    let floor = sets.packing_bound().max(region_bound);
    for k in floor..ub {
        let t = Instant::now();
        let checks = check.checks();
        let (found, st) = hitting::search_level(
            check,
            &mut sets,
            k,
            opts.sets_per_round as u64,
            deadline,
            &families,
        )
        .map_err(|_| time_up(opts))?;
        iterations.push(Iteration {
            round: iterations.len() + 1,
            lower_bound: if found.is_some() { k } else { k + 1 },
            sets: sets.len(),
            master_seconds: t.elapsed().as_secs_f64(),
            master_nodes: st.nodes,
            check_seconds: 0.0,
            checks: check.checks() - checks,
            added: st.added as usize,
        });
        on_round(iterations.last().expect("just pushed"));
        if let Some(f) = found {
            clues = hitting::flags(f, cells);
            break;
        }
    }
    let minima = families
        .iter()
        .map(|f| f.regions.iter().map(|&(_, m)| m).collect())
        .collect();
    Ok(Minimum {
        clues,
        seeded_sets: seeds.len(),
        iterations,
        seed_seconds: 0.0,
        checks: 0,
        regions: (region_bound, minima, region_seconds),
    })
}

/// The region families of [`regions`] (none unless `opts.regions`), and the seconds to find
/// them; the sets their searches learn join `sets`.
fn region_families(
    check: &mut Checker,
    sets: &mut SetCollection,
    opts: &MinimumOptions,
) -> Result<(Vec<hitting::Family>, f64), IpError> {
    let start = Instant::now();
    if !opts.regions {
        return Ok((Vec::new(), 0.0));
    }
    let families = regions::families(
        check.shape(),
        check,
        sets,
        opts.learn_max_size,
        opts.limits.deadline,
    )
    .map_err(|_| time_up(opts))?;
    Ok((families, start.elapsed().as_secs_f64()))
}

/// The HiGHS master with the exact check, run by the row generation shared with
/// Slitherlink's minimum hint sets ([`rows::generate_rows`]).
fn ip_master(
    check: &mut Checker,
    grid: &Grid<u8>,
    seeds: &[Vec<usize>],
    opts: &MinimumOptions,
    on_round: &mut dyn FnMut(&Iteration),
) -> Result<Minimum, IpError> {
    let cells = grid.len();
    let mut model = Model::new();
    model.params = opts.params.clone();
    model.limits = opts.limits.clone();
    // the objective is integral: an absolute gap below 1 already proves optimality
    model.params.mip_abs_gap = Some(0.99);
    let y: Vec<Var> = (0..cells).map(|_| model.add_var(VarKind::Binary)).collect();
    model.set_objective(sum(y.clone()), Sense::Minimise);
    for set in seeds {
        model.add(sum(set.iter().map(|&i| y[i])).ge(1.0));
    }
    // z = Σ y. Once the first master optimum LB is known, z is fixed to LB: each master solve
    // then only looks for a hitting set of exactly LB cells, and its infeasibility proves
    // LB + 1 (the master is a relaxation of the clue problem).
    let z = model.add_var_bounded(VarKind::Integer, 0.0, cells as f64);
    model.add((sum(y.clone()) - z).eq(0.0));
    let mut master = IpMaster {
        model,
        y,
        z,
        bound: None,
        known: seeds.iter().cloned().collect(),
        opts,
        last: (Vec::new(), 0, 0.0, 0),
        iterations: Vec::new(),
        on_round,
    };
    let mut oracle = CheckOracle {
        check,
        alternatives: opts.sets_per_round as u64,
        limits: &opts.limits,
    };
    // every other completion differs from the grid somewhere: never hopeless
    rows::generate_rows(&mut master, &mut oracle)?;
    Ok(Minimum {
        clues: master.last.0,
        seeded_sets: seeds.len(),
        iterations: master.iterations,
        seed_seconds: 0.0,
        checks: 0,
        regions: (0, Vec::new(), 0.0),
    })
}

/// The oracle of the IP master: the exact check's other completions, minimised.
struct CheckOracle<'a> {
    check: &'a mut Checker,
    /// Other completions sought per round.
    alternatives: u64,
    limits: &'a Limits,
}

impl rows::Oracle for CheckOracle<'_> {
    type Error = IpError;

    fn others(&mut self, clues: &[usize]) -> Result<Vec<Vec<usize>>, IpError> {
        let mut flags = vec![false; self.check.cells()];
        clues.iter().for_each(|&i| flags[i] = true);
        Ok(self.check.missed_sets(&flags, self.alternatives))
    }

    fn shrink(&mut self, set: Vec<usize>) -> Result<Vec<usize>, IpError> {
        self.limits.check_time()?;
        Ok(self.check.minimise(&set))
    }

    fn checks(&self) -> u64 {
        self.check.checks()
    }
}

/// The HiGHS master: Σ y minimised subject to Σ_{c∈U} y_c ≥ 1 per known set U, its clue
/// count `z` fixed once the first optimum is known.
struct IpMaster<'a, 'b> {
    model: Model,
    y: Vec<Var>,
    z: Var,
    /// The proven lower bound, once known.
    bound: Option<usize>,
    /// The sets in the model.
    known: std::collections::HashSet<Vec<usize>>,
    opts: &'a MinimumOptions,
    /// The last proposal: its clues, their number, the master's seconds and nodes.
    last: (Vec<bool>, usize, f64, u64),
    iterations: Vec<Iteration>,
    on_round: &'a mut (dyn FnMut(&Iteration) + 'b),
}

impl IpMaster<'_, '_> {
    /// Records the round of the last proposal, `added` sets new.
    fn round(&mut self, round: &rows::Round, added: usize) {
        let (_, lower_bound, master_seconds, master_nodes) = self.last;
        self.iterations.push(Iteration {
            round: self.iterations.len() + 1,
            lower_bound,
            sets: self.known.len(),
            master_seconds,
            master_nodes,
            check_seconds: round.seconds,
            checks: round.checks,
            added,
        });
        (self.on_round)(self.iterations.last().expect("just pushed"));
    }
}

impl rows::Master for IpMaster<'_, '_> {
    type Error = IpError;

    fn propose(&mut self) -> Result<Option<Vec<usize>>, IpError> {
        let cells = self.y.len();
        let (m, master_seconds, master_nodes) =
            solve_master(&mut self.model, (self.z, cells), &mut self.bound, self.opts)?;
        let clues: Vec<bool> = self.y.iter().map(|&v| m.is_one(v)).collect();
        let lower_bound = clues.iter().filter(|&&b| b).count();
        if self.bound.is_none() {
            self.bound = Some(lower_bound);
            self.model
                .set_bounds(self.z, lower_bound as f64, lower_bound as f64);
        }
        let hints = (0..cells).filter(|&i| clues[i]).collect();
        self.last = (clues, lower_bound, master_seconds, master_nodes);
        Ok(Some(hints))
    }

    fn unique(&mut self, _: Vec<usize>, round: &rows::Round) -> Result<bool, IpError> {
        self.round(round, 0);
        Ok(true)
    }

    /// The new sets join the model; none new ends the search (as unique does).
    fn add_rows(&mut self, sets: Vec<Vec<usize>>, round: &rows::Round) -> Result<bool, IpError> {
        let mut added = 0;
        for d in sets {
            if self.known.insert(d.clone()) {
                self.model.add(sum(d.iter().map(|&i| self.y[i])).ge(1.0));
                added += 1;
            }
        }
        self.round(round, added);
        Ok(added == 0)
    }
}

/// Solve the IP master, its clue count `z` (of at most `cells`) fixed to `bound` once known:
/// each infeasible solve proves `bound + 1` and fixes that. The solution, and the master's
/// seconds and nodes.
fn solve_master(
    master: &mut Model,
    (z, cells): (Var, usize),
    bound: &mut Option<usize>,
    opts: &MinimumOptions,
) -> Result<(zlink_ip::Solution, f64, u64), IpError> {
    let (mut seconds, mut nodes) = (0.0, 0);
    loop {
        opts.limits.check_time()?;
        let r = master.solve();
        if let Some(st) = master.last_stats() {
            seconds += st.seconds;
            nodes += st.nodes;
        }
        match (r, *bound) {
            (Ok(m), _) => return Ok((m, seconds, nodes)),
            (Err(IpError::Infeasible), Some(lb)) if lb < cells => {
                *bound = Some(lb + 1);
                master.set_bounds(z, (lb + 1) as f64, (lb + 1) as f64);
            }
            (Err(e), _) => return Err(e),
        }
    }
}

/// A minimal puzzle for `grid`: unique, and no clue can be dropped. Clues are tried for
/// removal in row-major order.
pub fn minimal(shape: Shape, grid: &Grid<u8>) -> Vec<bool> {
    minimal_with(&mut Checker::new(shape, grid))
}

/// A minimal puzzle inside the unique clue set `keep` of `grid` (clues dropped in row-major
/// order while the grid stays unique).
pub fn minimal_within(shape: Shape, grid: &Grid<u8>, keep: Vec<bool>) -> Vec<bool> {
    drop_clues(&mut Checker::new(shape, grid), keep)
}

fn minimal_with(check: &mut Checker) -> Vec<bool> {
    let all = vec![true; check.cells()];
    drop_clues(check, all)
}

fn drop_clues(check: &mut Checker, mut clues: Vec<bool>) -> Vec<bool> {
    for i in 0..clues.len() {
        if clues[i] {
            clues[i] = false;
            if !check.is_unique(&clues) {
                clues[i] = true;
            }
        }
    }
    clues
}

/// The clue grid: the grid's values where `clues` is set, 0 elsewhere.
pub fn clue_grid(grid: &Grid<u8>, clues: &[bool]) -> Grid<u8> {
    let mut g = grid.clone();
    for (v, &keep) in g.cells_mut().iter_mut().zip(clues) {
        if !keep {
            *v = 0;
        }
    }
    g
}
