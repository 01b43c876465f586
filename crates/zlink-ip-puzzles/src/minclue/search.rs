//! The two searches: the proven minimum by row generation, and a greedy minimal puzzle.
//!
//! **Minimum** (the bilevel problem of report chapter 8, solved by row generation): a master IP
//! with a binary y per cell minimises Σ y subject to Σ_{c∈U} y_c ≥ 1 for every known
//! unavoidable set U. Its optimum S is checked by [`UniquenessCheck`]: a Sudoku IP with the
//! clues of S fixed and a no-good row excluding the grid itself. If that IP is infeasible, S is
//! a unique puzzle; since every unique clue set hits every unavoidable set, the master is a
//! relaxation and |S| is the proven minimum. Otherwise the other solution differs from the grid
//! on a new unavoidable set, which is added to the master. Each difference is shrunk to a
//! smallest unavoidable set inside it (backtracking over the completions that keep every cell
//! outside it), and a non-unique S also yields further sets from more of its completions, so
//! the master gets up to `sets_per_round` small (strong) rows per round. The master is seeded
//! with the sets of [`super::unavoidable`] and, once its optimum is known to be at least LB,
//! carries the row Σ y ≥ LB.
//!
//! **Minimal**: start from all cells and drop clues one by one while the puzzle stays unique.
//! One pass suffices: a clue kept because dropping it broke uniqueness stays needed when
//! later clues are dropped (fewer clues only admit more solutions).

use std::time::Instant;

use zlink_grid::Grid;
use zlink_ip::{sum, IpError, Model, Params, Sense, Var, VarKind};

use crate::sudoku::check::for_each_solution;

use crate::sudoku::ip::SudokuIp;
use crate::sudoku::Shape;

/// A Sudoku IP for one grid whose cells can be fixed to the grid's values by bounds, with a
/// no-good row excluding the grid itself.
struct FixableIp {
    ip: SudokuIp,
    fixed: Vec<bool>,
}

impl FixableIp {
    fn new(shape: Shape, grid: &Grid<u8>, params: &Params) -> Self {
        let mut ip = SudokuIp::new(shape, &Grid::new(shape.n, shape.n, 0), false);
        ip.model.params = params.clone();
        ip.exclude(grid);
        Self {
            ip,
            fixed: vec![false; grid.len()],
        }
    }

    /// Solve with exactly the cells in `fix` fixed to the grid's values.
    fn solve(&mut self, grid: &Grid<u8>, fix: &[bool]) -> Result<Option<Grid<u8>>, IpError> {
        let n = grid.cols();
        for (i, (&want, have)) in fix.iter().zip(self.fixed.iter_mut()).enumerate() {
            if want != *have {
                self.ip.fix(i / n, i % n, grid.cells()[i], want);
                *have = want;
            }
        }
        match self.ip.model.solve() {
            Ok(s) => Ok(Some(self.ip.grid(&s))),
            Err(IpError::Infeasible) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// Finds, for a clue set, another grid with those clues, or proves there is none (an IP with
/// the clues fixed by bounds and a no-good row excluding the grid); and shrinks the difference
/// between the grid and such an alternative to a small unavoidable set.
pub struct UniquenessCheck {
    shape: Shape,
    grid: Grid<u8>,
    feasible: FixableIp,
}

impl UniquenessCheck {
    /// A check for `grid`.
    pub fn new(shape: Shape, grid: &Grid<u8>, params: &Params) -> Self {
        Self {
            shape,
            grid: grid.clone(),
            feasible: FixableIp::new(shape, grid, params),
        }
    }

    /// Another grid agreeing with the grid on every cell of `clues`, or `None` when `clues`
    /// make the grid the unique solution.
    ///
    /// # Errors
    /// A solver failure or time limit.
    pub fn other_solution(&mut self, clues: &[bool]) -> Result<Option<Grid<u8>>, IpError> {
        self.feasible.solve(&self.grid, clues)
    }

    /// The cells where `other` differs from the grid.
    pub fn difference(&self, other: &Grid<u8>) -> Vec<usize> {
        (0..self.grid.len())
            .filter(|&i| other.cells()[i] != self.grid.cells()[i])
            .collect()
    }

    /// A smallest unavoidable set inside the unavoidable set `within`: the fewest cells an
    /// alternative grid can change when every cell outside `within` keeps its value, found by
    /// enumerating those alternatives with the backtracking solver (at most `limit`; the
    /// result is then the smallest among those seen, still unavoidable).
    pub fn shrink(&self, within: &[usize], limit: u64) -> Vec<usize> {
        let mut puzzle = self.grid.clone();
        for &i in within {
            puzzle.cells_mut()[i] = 0;
        }
        let mut best = within.to_vec();
        for_each_solution(self.shape, &puzzle, limit, &mut |other| {
            let diff: Vec<usize> = (0..other.len())
                .filter(|&i| other[i] != self.grid.cells()[i])
                .collect();
            if !diff.is_empty() && diff.len() < best.len() {
                best = diff;
            }
        });
        best
    }

    /// Exclude `other` from later checks (valid once the master forbids clue sets that
    /// `other` agrees with, i.e. after an unavoidable set inside its difference was added).
    pub fn exclude(&mut self, other: &Grid<u8>) {
        self.feasible.ip.exclude(other);
    }

    /// Solver calls so far.
    pub fn solves(&self) -> u64 {
        self.feasible.ip.model.solve_count()
    }

    fn set_time_limit(&mut self, t: Option<f64>) {
        self.feasible.ip.model.params.time_limit = t;
    }
}

/// One iteration of the row generation.
#[derive(Debug, Clone, PartialEq)]
pub struct Iteration {
    /// 1-based.
    pub round: usize,
    /// The master's optimum this round: a lower bound on the minimum.
    pub lower_bound: usize,
    /// Unavoidable sets in the master after this round.
    pub sets: usize,
    /// Seconds in the master solve.
    pub master_seconds: f64,
    /// Branch-and-bound nodes of the master solve.
    pub master_nodes: u64,
    /// Seconds in the uniqueness checks.
    pub check_seconds: f64,
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
    /// The rounds.
    pub iterations: Vec<Iteration>,
}

/// Settings of the minimum search.
#[derive(Debug, Clone, PartialEq)]
pub struct MinimumOptions {
    /// Largest seed set from the two-line search (4 = rectangles only, 6 adds 3-cycles, …).
    pub seed_max_size: usize,
    /// Alternatives (hence new sets) sought per master solution.
    pub sets_per_round: usize,
    /// Also seed with the sets of [`blanked_part_sets`](super::unavoidable::blanked_part_sets).
    pub seed_blanked: bool,
    /// Shrink every alternative's difference to a smallest unavoidable set inside it.
    pub shrink: bool,
    /// Whole-search time limit, seconds.
    pub time_limit: Option<f64>,
    /// Solver parameters for every IP.
    pub params: Params,
}

impl Default for MinimumOptions {
    fn default() -> Self {
        Self {
            seed_max_size: 18,
            sets_per_round: 32,
            seed_blanked: true,
            shrink: true,
            time_limit: None,
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
    let cells = grid.len();
    let mut master = Model::new();
    master.params = opts.params.clone();
    // the objective is integral: an absolute gap below 1 already proves optimality
    master.params.mip_abs_gap = Some(0.99);
    let y: Vec<Var> = (0..cells)
        .map(|_| master.add_var(VarKind::Binary))
        .collect();
    master.set_objective(sum(y.clone()), Sense::Minimise);
    let mut seeds = super::unavoidable::two_line_sets(shape, grid, opts.seed_max_size);
    if opts.seed_blanked {
        seeds.extend(super::unavoidable::blanked_part_sets(
            shape,
            grid,
            opts.seed_max_size,
            10_000,
        ));
    }
    let seeds = super::unavoidable::minimal_sets(seeds);
    for set in &seeds {
        master.add(sum(set.iter().map(|&i| y[i])).ge(1.0));
    }
    let mut check = UniquenessCheck::new(shape, grid, &opts.params);
    let mut known: std::collections::HashSet<Vec<usize>> = seeds.iter().cloned().collect();
    let mut iterations = Vec::new();
    let left = |limit: Option<f64>| -> Result<Option<f64>, IpError> {
        match limit {
            None => Ok(None),
            Some(t) => {
                let l = t - start.elapsed().as_secs_f64();
                if l <= 0.0 {
                    Err(IpError::TimeLimit {
                        seconds: t,
                        incumbent: None,
                    })
                } else {
                    Ok(Some(l))
                }
            }
        }
    };
    // z = Σ y. Once the first master optimum LB is known, z is fixed to LB: each master solve
    // then only looks for a hitting set of exactly LB cells, and its infeasibility proves
    // LB + 1 (the master is a relaxation of the clue problem).
    let z = master.add_var_bounded(VarKind::Integer, 0.0, cells as f64);
    master.add((sum(y.clone()) - z).eq(0.0));
    let mut bound: Option<usize> = None;
    loop {
        let mut master_seconds = 0.0;
        let mut master_nodes = 0;
        let m = loop {
            master.params.time_limit = left(opts.time_limit)?;
            let r = master.solve();
            if let Some(st) = master.last_stats() {
                master_seconds += st.seconds;
                master_nodes += st.nodes;
            }
            match (r, bound) {
                (Ok(m), _) => break m,
                (Err(IpError::Infeasible), Some(lb)) if lb < cells => {
                    bound = Some(lb + 1);
                    master.set_bounds(z, (lb + 1) as f64, (lb + 1) as f64);
                }
                (Err(e), _) => return Err(with_limit(e, opts.time_limit)),
            }
        };
        let clues: Vec<bool> = y.iter().map(|&v| m.is_one(v)).collect();
        let lower_bound = clues.iter().filter(|&&b| b).count();
        if bound.is_none() {
            bound = Some(lower_bound);
            master.set_bounds(z, lower_bound as f64, lower_bound as f64);
        }
        let t = Instant::now();
        check.set_time_limit(left(opts.time_limit)?);
        let mut added = 0;
        // the IP decides uniqueness; if S is not unique, further alternatives come from the
        // backtracking enumerator (cheap), every difference shrunk to a small unavoidable set
        if let Some(other) = check
            .other_solution(&clues)
            .map_err(|e| with_limit(e, opts.time_limit))?
        {
            let mut fresh = vec![check.difference(&other)];
            let clue_grid = clue_grid(grid, &clues);
            let want = opts.sets_per_round as u64;
            for_each_solution(shape, &clue_grid, 4 * want, &mut |g| {
                let d: Vec<usize> = (0..g.len()).filter(|&i| g[i] != grid.cells()[i]).collect();
                if !d.is_empty() {
                    fresh.push(d);
                }
            });
            for d in fresh {
                let d = if opts.shrink {
                    check.shrink(&d, 2_000)
                } else {
                    d
                };
                if added < opts.sets_per_round && known.insert(d.clone()) {
                    master.add(sum(d.iter().map(|&i| y[i])).ge(1.0));
                    added += 1;
                }
            }
            debug_assert!(added > 0, "the IP's alternative gives a set S does not hit");
        }
        iterations.push(Iteration {
            round: iterations.len() + 1,
            lower_bound,
            sets: known.len(),
            master_seconds,
            master_nodes,
            check_seconds: t.elapsed().as_secs_f64(),
            added,
        });
        on_round(iterations.last().expect("just pushed"));
        if added == 0 {
            return Ok(Minimum {
                clues,
                seeded_sets: seeds.len(),
                iterations,
            });
        }
    }
}

fn with_limit(e: IpError, limit: Option<f64>) -> IpError {
    match (e, limit) {
        (IpError::TimeLimit { incumbent, .. }, Some(t)) => IpError::TimeLimit {
            seconds: t,
            incumbent,
        },
        (e, _) => e,
    }
}

/// A minimal puzzle for `grid`: unique, and no clue can be dropped. Clues are tried for
/// removal in row-major order.
///
/// # Errors
/// A solver failure or time limit.
pub fn minimal(shape: Shape, grid: &Grid<u8>, params: &Params) -> Result<Vec<bool>, IpError> {
    let mut check = UniquenessCheck::new(shape, grid, params);
    let mut clues = vec![true; grid.len()];
    for i in 0..grid.len() {
        clues[i] = false;
        if check.other_solution(&clues)?.is_some() {
            clues[i] = true;
        }
    }
    Ok(clues)
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
