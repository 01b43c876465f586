//! The incremental uniqueness check of the clue removal: one SAT solver per puzzle, asked
//! thousands of times "is the puzzle without these clues still unique?".
//!
//! Why incremental: a 20×20 pass asks 400 questions and Loopy's hardest level spends about
//! 1.4 ms per cell there, so a check must not rebuild its CNF. Everything that changes from
//! check to check is a literal passed as an assumption, and the clauses the solver learns stay
//! true for every later check:
//! * a **colour** variable per cell (inside the loop or not; off the grid is outside) and each
//!   side the xor of its two cells, so every model is a set of disjoint simple cycles once no
//!   2×2 block is a checkerboard (two clauses per inner dot); colours propagate far (a side
//!   fixed fixes a parity between two cells) where side variables alone would not;
//! * per clue a **selector** `sel` (the clue holds: one clause per bad count of its four sides)
//!   and a **negation** `neg` (the count differs). A clue still in the puzzle and not yet tried
//!   is an assumption; one kept for good becomes the unit `sel`, one removed the unit `!sel`;
//! * the question: the puzzle `P` is unique with the loop `L`, so `P` without the clues `O` has
//!   another solution exactly when a loop satisfies `P \ O` and breaks a clue of `O` (a loop
//!   keeping all of `O` would solve `P`). That is one assumption (`neg` of the clue, or a fresh
//!   literal implying one of the `neg`s of `O`), local to `O`: the solver starts next to the
//!   removed clue and, every colour preferring its value in `L`, looks there first. The first
//!   question (is the full set unique at all?) asks instead for a colour differing from `L`;
//! * **connectivity**, lazily: a model of several cycles holds no solution as it is. A cycle
//!   `C` of it that breaks a clue `k` cannot be the whole loop while `k` holds, and a loop
//!   holding all of `C`'s sides is `C`; so `(not all of C) or !sel_k` is true for ever (a kept
//!   clue makes it `not all of C` outright). A cycle breaking no clue of `P \ O` and one of `O`
//!   is itself a second solution.

use batsat::{lbool, Callbacks, Lit, Solver, SolverInterface, SolverOpts};

use super::cut;
use super::lattice::Lattice;
use zlink_base::Stopped;

/// Cut rounds (solves) one check may take before it gives up: it then answers "not unique"
/// (the pass keeps the clue, so the puzzle stays unique, but that clue is not proven needed:
/// [`super::Generated::unproven`]).
///
/// Why a cap: the lazy connectivity cuts need not converge fast. Before the separator cuts
/// (module `cut`), one check of 60×60 seed 1 took 115,300 rounds (406 s); with them the most
/// rounds one check took was 38 over 60×60 seeds 1-10 and 54 over Janko's slowest 30×40
/// strips (`tools/README.md`), so 5,000 is about 100 times the worst seen and, solves at
/// 60×60 taking under 10 ms, under a minute before a check gives up.
pub const MAX_CUT_ROUNDS: u64 = 5000;

/// Where a clue stands in the removal pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clue {
    /// No clue in this cell (never given).
    Absent,
    /// In the puzzle, not yet decided: an assumption.
    Active,
    /// In the puzzle for good.
    Kept,
    /// Out of the puzzle for good.
    Removed,
}

/// Stops the solver at the deadline.
struct Stop {
    deadline: Option<std::time::Instant>,
    /// Conflicts seen (learnt clauses), for the figures.
    conflicts: u64,
}

impl Callbacks for Stop {
    fn on_new_clause(&mut self, _c: &[Lit], src: batsat::ClauseKind) {
        if matches!(src, batsat::ClauseKind::Learnt) {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        self.deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
    }
}

/// What one check asks for.
#[derive(Clone, Copy)]
enum Target<'o> {
    /// A solution whose colouring differs from the loop's somewhere.
    Differ(Lit),
    /// A solution breaking one of these clues.
    Break(Lit, &'o [usize]),
}

/// The incremental checker of the module doc.
pub(crate) struct Checker<'l> {
    lat: &'l Lattice,
    solver: Solver<Stop>,
    /// Per side: its literal (a cell's own colour on the border).
    edge: Vec<Lit>,
    /// Per cell: the colour literal.
    cell: Vec<Lit>,
    /// Per cell with a clue: selector and negation.
    sel: Vec<Option<(Lit, Lit)>>,
    /// The loop's clue per cell.
    values: Vec<u8>,
    /// The loop's region.
    inside: Vec<bool>,
    /// Per cell: where its clue stands.
    state: Vec<Clue>,
    /// Models looked at (each a solve).
    pub models: u64,
    /// Cuts added.
    pub cuts: u64,
    /// Assumed when no loop around one cell can satisfy the active clues: then no cell is
    /// inside alone.
    big: Lit,
    /// Kept clues above 0.
    kept_nonzero: usize,
    clause: Vec<Lit>,
    /// The sides of the second solution the last check that answered "not unique" found.
    pub witness: Option<Vec<u32>>,
    /// Cut rounds a check may take ([`MAX_CUT_ROUNDS`] but in tests).
    cap: u64,
    /// Whether the last check gave up at the cap (its "not unique" unproven).
    pub over_budget: bool,
    /// Most cut rounds one check took.
    pub max_rounds: u64,
}

impl<'l> Checker<'l> {
    /// A checker for the loop with region `inside` on `lat`, the clues at `given` cells
    /// (each takes the loop's value), all active; the solver stops at `deadline`.
    pub fn new(
        lat: &'l Lattice,
        inside: &[bool],
        given: &[bool],
        deadline: Option<std::time::Instant>,
    ) -> Checker<'l> {
        Checker::with_cap(lat, inside, given, deadline, MAX_CUT_ROUNDS)
    }

    /// [`Checker::new`] with `cap` cut rounds a check.
    pub fn with_cap(
        lat: &'l Lattice,
        inside: &[bool],
        given: &[bool],
        deadline: Option<std::time::Instant>,
        cap: u64,
    ) -> Checker<'l> {
        let stop = Stop {
            deadline,
            conflicts: 0,
        };
        let mut solver = Solver::new(SolverOpts::default(), stop);
        let on = lat.loop_of(inside);
        let values = lat.values(&on);
        let cell: Vec<Lit> = inside
            .iter()
            .map(|&b| Lit::new(solver.new_var(lbool::new(b), true), true))
            .collect();
        let mut c = Checker {
            lat,
            solver,
            edge: Vec::with_capacity(lat.faces.len()),
            cell,
            sel: vec![None; lat.cells()],
            values,
            inside: inside.to_vec(),
            state: given
                .iter()
                .map(|&g| if g { Clue::Active } else { Clue::Absent })
                .collect(),
            models: 0,
            cuts: 0,
            big: Lit::UNDEF,
            kept_nonzero: 0,
            clause: Vec::new(),
            witness: None,
            cap,
            over_budget: false,
            max_rounds: 0,
        };
        c.encode(&on);
        c
    }

    /// The clauses of the module doc.
    fn encode(&mut self, on: &[bool]) {
        let lat = self.lat;
        let out = lat.outside();
        for (e, &(a, b)) in lat.faces.iter().enumerate() {
            let l = if a == out {
                self.cell[b as usize]
            } else if b == out {
                self.cell[a as usize]
            } else {
                let l = Lit::new(self.solver.new_var(lbool::new(on[e]), false), true);
                let (x, y) = (self.cell[a as usize], self.cell[b as usize]);
                self.add(&[!l, x, y]);
                self.add(&[!l, !x, !y]);
                self.add(&[l, !x, y]);
                self.add(&[l, x, !y]);
                l
            };
            self.edge.push(l);
        }
        let cols = lat.cols;
        for r in 1..lat.rows {
            for c in 1..cols {
                let [a, b, d, e] = [
                    (r - 1) * cols + c - 1,
                    (r - 1) * cols + c,
                    r * cols + c - 1,
                    r * cols + c,
                ]
                .map(|i| self.cell[i]);
                self.add(&[!a, !e, b, d]);
                self.add(&[a, e, !b, !d]);
            }
        }
        let all: Vec<Lit> = self.cell.clone();
        self.add(&all);
        // no lone outside cell (a hole, never part of a loop's region) and no lone inside cell
        // (a region of one cell: ruled out under the `big` literal, assumed when no one-cell
        // loop can satisfy the clues)
        let big = Lit::new(self.solver.new_var(lbool::UNDEF, false), true);
        self.big = big;
        for i in 0..lat.cells() {
            let (r, c) = (i / cols, i % cols);
            let nbrs: Vec<Lit> = [
                (r > 0).then(|| i - cols),
                (r + 1 < lat.rows).then(|| i + cols),
                (c > 0).then(|| i - 1),
                (c + 1 < cols).then(|| i + 1),
            ]
            .into_iter()
            .flatten()
            .map(|j| self.cell[j])
            .collect();
            let x = self.cell[i];
            if nbrs.len() == 4 {
                let mut hole = vec![x];
                hole.extend(nbrs.iter().map(|&l| !l));
                self.add(&hole);
            }
            let mut island = vec![!big, !x];
            island.extend_from_slice(&nbrs);
            self.add(&island);
        }
        for i in 0..lat.cells() {
            if self.state[i] == Clue::Absent {
                continue;
            }
            let s = Lit::new(self.solver.new_var(lbool::UNDEF, false), true);
            let n = Lit::new(self.solver.new_var(lbool::FALSE, false), true);
            let sides = lat.sides[i].map(|e| self.edge[e as usize]);
            let v = u32::from(self.values[i]);
            for a in 0u32..16 {
                let guard = if a.count_ones() == v { !n } else { !s };
                let mut c = vec![guard];
                c.extend((0..4).map(|k| if a >> k & 1 == 1 { !sides[k] } else { sides[k] }));
                self.add(&c);
            }
            self.sel[i] = Some((s, n));
        }
    }

    fn add(&mut self, lits: &[Lit]) {
        self.clause.clear();
        self.clause.extend_from_slice(lits);
        let mut c = std::mem::take(&mut self.clause);
        self.solver.add_clause_reuse(&mut c);
        self.clause = c;
    }

    /// Conflicts spent so far.
    pub fn conflicts(&self) -> u64 {
        self.solver.cb().conflicts
    }

    /// The loop's clue values.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Marks the clues at `cells` kept (`true`) or removed for good.
    pub fn settle(&mut self, cells: &[usize], keep: bool) {
        for &i in cells {
            let (s, _) = self.sel[i].expect("a given clue");
            self.state[i] = if keep { Clue::Kept } else { Clue::Removed };
            self.kept_nonzero += usize::from(keep && self.values[i] > 0);
            self.add(&[if keep { s } else { !s }]);
        }
    }

    /// Whether the puzzle of the clues not removed is unique (the loop its only solution).
    ///
    /// # Errors
    /// [`Stopped`] at the deadline.
    pub fn full_is_unique(&mut self) -> Result<bool, Stopped> {
        let d = Lit::new(self.solver.new_var(lbool::UNDEF, false), true);
        let mut c = vec![!d];
        c.extend(
            self.cell
                .iter()
                .zip(&self.inside)
                .map(|(&l, &b)| if b { !l } else { l }),
        );
        self.add(&c);
        let r = self.ask(Target::Differ(d));
        self.add(&[!d]);
        r
    }

    /// Whether the puzzle stays unique without the (active) clues at `cells`, the puzzle of
    /// the clues not removed being unique.
    ///
    /// # Errors
    /// [`Stopped`] at the deadline.
    pub fn unique_without(&mut self, cells: &[usize]) -> Result<bool, Stopped> {
        let negs: Vec<Lit> = cells
            .iter()
            .map(|&i| self.sel[i].expect("a given clue").1)
            .collect();
        if negs.len() == 1 {
            return self.ask(Target::Break(negs[0], cells));
        }
        let a = Lit::new(self.solver.new_var(lbool::UNDEF, false), true);
        let mut c = vec![!a];
        c.extend_from_slice(&negs);
        self.add(&c);
        let r = self.ask(Target::Break(a, cells));
        self.add(&[!a]);
        r
    }

    /// Solves with the active clues (but those of the target) and the target assumed, cutting
    /// cycles until a single loop (not unique), or none (unique).
    fn ask(&mut self, target: Target<'_>) -> Result<bool, Stopped> {
        let (t, skip) = match target {
            Target::Differ(t) => (t, &[][..]),
            Target::Break(t, cells) => (t, cells),
        };
        self.witness = None;
        self.over_budget = false;
        // far clues first, the target last: a conflict near the target backjumps over the
        // few assumption levels near it, not over the whole grid (4x faster at 30x30)
        let cols = self.lat.cols;
        let centre = skip.first().map_or((0, 0), |&i| (i / cols, i % cols));
        let mut active: Vec<(usize, usize)> = (0..self.state.len())
            .filter(|&i| self.state[i] == Clue::Active && !skip.contains(&i))
            .map(|i| {
                (
                    (i / cols).abs_diff(centre.0) + (i % cols).abs_diff(centre.1),
                    i,
                )
            })
            .collect();
        active.sort_unstable_by(|a, b| b.cmp(a));
        let mut assumptions: Vec<Lit> = active
            .iter()
            .map(|&(_, i)| self.sel[i].expect("a given clue").0)
            .collect();
        // a one-cell loop breaks every clue outside the 3x3 block around its cell that is
        // not 0: with more than 9 clues above 0, none satisfies the active clues
        let nonzero =
            active.iter().filter(|&&(_, i)| self.values[i] > 0).count() + self.kept_nonzero;
        if nonzero > 9 {
            assumptions.push(self.big);
        }
        assumptions.push(t);
        let mut round = 0;
        loop {
            round += 1;
            self.max_rounds = self.max_rounds.max(round);
            if round > self.cap {
                self.over_budget = true;
                return Ok(false);
            }
            self.models += 1;
            match self.solver.solve_limited(&assumptions) {
                r if r == lbool::FALSE => return Ok(true),
                r if r == lbool::TRUE => {}
                _ => return Err(Stopped::time(None)),
            }
            let on: Vec<bool> = self
                .edge
                .iter()
                .map(|&l| self.solver.value_lit(l) == lbool::TRUE)
                .collect();
            let mut cycles = super::cycles(self.lat, &on);
            if cycles.len() == 1 {
                self.witness = cycles.pop();
                return Ok(false);
            }
            if let Some(k) =
                (0..cycles.len()).find(|&k| self.alone_solves(&cycles[k], target, skip))
            {
                self.witness = Some(cycles.swap_remove(k));
                return Ok(false);
            }
            self.cut();
        }
    }

    /// Adds the connectivity cuts (module `cut`) of the model of several cycles just found.
    fn cut(&mut self) {
        let colour: Vec<bool> = self
            .cell
            .iter()
            .map(|&l| self.solver.value_lit(l) == lbool::TRUE)
            .collect();
        let fixed: Vec<Option<bool>> = self
            .cell
            .iter()
            .map(|&l| match self.solver.value_lvl_0(l) {
                v if v == lbool::TRUE => Some(true),
                v if v == lbool::FALSE => Some(false),
                _ => None,
            })
            .collect();
        let model = cut::Model {
            rows: self.lat.rows,
            cols: self.lat.cols,
            colour: &colour,
            fixed: &fixed,
            region: &self.inside,
        };
        for c in cut::cuts(&model) {
            let lits: Vec<Lit> = c
                .into_iter()
                .map(|(x, inside)| if inside { self.cell[x] } else { !self.cell[x] })
                .collect();
            self.cuts += 1;
            self.add(&lits);
        }
    }

    /// Whether cycle `cyc` alone is a second solution: it breaks no clue in force and breaks
    /// the target.
    fn alone_solves(&self, cyc: &[u32], target: Target<'_>, skip: &[usize]) -> bool {
        let lat = self.lat;
        let mut count = rustc_hash::FxHashMap::default();
        for &e in cyc {
            for f in [lat.faces[e as usize].0, lat.faces[e as usize].1] {
                if f != lat.outside() {
                    *count.entry(f as usize).or_insert(0u8) += 1;
                }
            }
        }
        let breaks = |i: usize| count.get(&i).copied().unwrap_or(0) != self.values[i];
        let in_force = |i: usize| match self.state[i] {
            Clue::Kept => true,
            Clue::Active => !skip.contains(&i),
            _ => false,
        };
        if (0..lat.cells()).any(|i| in_force(i) && breaks(i)) {
            return false;
        }
        match target {
            Target::Differ(_) => {
                let on = lat.loop_of(&self.inside);
                cyc.len() != on.iter().filter(|&&b| b).count()
                    || cyc.iter().any(|&e| !on[e as usize])
            }
            Target::Break(_, cells) => cells.iter().any(|&i| breaks(i)),
        }
    }
}
