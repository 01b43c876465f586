//! The cut loop: solve, let a separator inspect the integer solution and return violated
//! constraints (subtours, disconnected components, …), add them, re-solve, until none are
//! violated. HiGHS 1.15 has no lazy-constraint callback, so this is how lazily generated
//! constraints are handled.
//!
//! Every solver call is one [`Round`] in a [`RoundLog`] the caller owns, so the log survives
//! failures and can span several loops (no-good enumeration runs one loop per solution).

use crate::{Constraint, IpError, Model, Solution};

/// Inspects integer solutions and returns the constraints they violate.
pub trait Separator {
    /// Constraints violated by `solution`; empty means it is feasible for the full problem.
    /// Every returned constraint must cut `solution` off, or the loop would not progress.
    fn separate(&mut self, solution: &Solution) -> Vec<Constraint>;

    /// A primal heuristic: turn a solution that [`Separator::separate`] rejected into a full
    /// assignment of the columns (indexed by [`crate::Var::index`]) that it would accept.
    /// The cut loop takes it only after checking it against every bound, integrality and
    /// row of the model, the separator, and the objective (no worse than the rejected
    /// solution's, which is optimal for the model without the missing cuts, so the repaired
    /// one is optimal for the full problem). Saves the re-solves a solver without
    /// lazy-constraint callbacks pays. The default finds nothing.
    fn repair(&mut self, _solution: &Solution) -> Option<Vec<f64>> {
        None
    }
}

impl<F: FnMut(&Solution) -> Vec<Constraint>> Separator for F {
    fn separate(&mut self, solution: &Solution) -> Vec<Constraint> {
        self(solution)
    }
}

/// The separator that never finds anything (plain solves).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSeparator;

impl Separator for NoSeparator {
    fn separate(&mut self, _: &Solution) -> Vec<Constraint> {
        Vec::new()
    }
}

/// One solver call of a loop.
#[derive(Debug, Clone, PartialEq)]
pub struct Round {
    /// 1-based round number within the log.
    pub round: usize,
    /// Seconds spent in the solver.
    pub seconds: f64,
    /// Branch-and-bound nodes.
    pub nodes: u64,
    /// Simplex iterations.
    pub iterations: u64,
    /// Violated constraints the separator added after this round.
    pub cuts: usize,
}

/// Every round of one or more loops, in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RoundLog {
    /// The rounds.
    pub rounds: Vec<Round>,
}

impl RoundLog {
    /// An empty log.
    pub fn new() -> Self {
        Self::default()
    }
    /// Total seconds in the solver.
    pub fn seconds(&self) -> f64 {
        self.rounds.iter().map(|r| r.seconds).sum()
    }
    /// Total branch-and-bound nodes.
    pub fn nodes(&self) -> u64 {
        self.rounds.iter().map(|r| r.nodes).sum()
    }
    /// Total simplex iterations.
    pub fn iterations(&self) -> u64 {
        self.rounds.iter().map(|r| r.iterations).sum()
    }
    /// Total separator cuts.
    pub fn cuts(&self) -> usize {
        self.rounds.iter().map(|r| r.cuts).sum()
    }
    fn push(&mut self, s: &crate::SolveStats, cuts: usize) {
        let round = self.rounds.len() + 1;
        self.rounds.push(Round {
            round,
            seconds: s.seconds,
            nodes: s.nodes,
            iterations: s.iterations,
            cuts,
        });
    }
}

/// One solve of a loop: refused when the deadline of the model's limits has passed (no
/// solver call), else [`Model::solve`], which gives HiGHS the time that is left.
pub(crate) fn solve_in_time(model: &mut Model) -> Result<Solution, IpError> {
    model.limits.check_time()?;
    model.solve()
}

/// Solve, separate, add cuts, re-solve until the separator finds nothing; every round is
/// appended to `log`. The returned solution satisfies the model and the separator. The
/// model's [`Model::limits`] bound the whole loop: every round stops by its one deadline.
///
/// # Errors
/// The first failing solve (infeasible once cuts are added means the full problem is
/// infeasible), or [`IpError::Stopped`] once the deadline has passed.
pub fn solve_with_cuts(
    model: &mut Model,
    separator: &mut dyn Separator,
    log: &mut RoundLog,
) -> Result<Solution, IpError> {
    loop {
        let before = model.solve_count();
        let solution = match solve_in_time(model) {
            Ok(s) => s,
            Err(e) => {
                if model.solve_count() > before {
                    if let Some(stats) = model.last_stats() {
                        log.push(&stats.clone(), 0);
                    }
                }
                return Err(e);
            }
        };
        let cuts = separator.separate(&solution);
        log.push(&solution.stats, cuts.len());
        if cuts.is_empty() {
            return Ok(solution);
        }
        for c in cuts {
            debug_assert!(
                !c.satisfied_by(solution.values(), 1e-6),
                "a cut must cut off the solution"
            );
            model.add(c);
        }
        if let Some(repaired) = repaired(model, separator, &solution) {
            return Ok(repaired);
        }
    }
}

/// The separator's repair of `solution`, if it passes every check of [`Separator::repair`]
/// (against the model with the new cuts already added).
fn repaired(model: &Model, separator: &mut dyn Separator, solution: &Solution) -> Option<Solution> {
    let values = separator.repair(solution)?;
    let objective = model.feasible_objective(&values, 1e-6)?;
    if !model.no_worse(objective, solution.objective, 1e-6) {
        return None;
    }
    let candidate = Solution::with_values(values, objective, solution.stats.clone());
    separator
        .separate(&candidate)
        .is_empty()
        .then_some(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{sum, LinExpr, Sense, Var, VarKind};

    /// Travelling salesman on 6 points with subtour-elimination cuts, against brute force.
    /// The root of each of `n` points' component under `edges` (union-find).
    fn component_roots(n: usize, edges: impl Iterator<Item = (usize, usize)>) -> Vec<usize> {
        fn find(c: &mut Vec<usize>, x: usize) -> usize {
            if c[x] != x {
                let r = find(c, c[x]);
                c[x] = r;
            }
            c[x]
        }
        let mut comp: Vec<usize> = (0..n).collect();
        for (i, j) in edges {
            let (a, b) = (find(&mut comp, i), find(&mut comp, j));
            comp[a] = b;
        }
        (0..n).map(|i| find(&mut comp, i)).collect()
    }

    /// The length of the shortest tour of `n` points under `d`: brute force over the
    /// permutations with point 0 first.
    fn shortest_tour(n: usize, d: &dyn Fn(usize, usize) -> f64) -> f64 {
        fn permute(k: usize, p: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
            if k == p.len() {
                f(p);
                return;
            }
            for i in k..p.len() {
                p.swap(k, i);
                permute(k + 1, p, f);
                p.swap(k, i);
            }
        }
        let mut best = f64::INFINITY;
        let mut perm: Vec<usize> = (1..n).collect();
        permute(0, &mut perm, &mut |p| {
            let mut t = d(0, p[0]) + d(p[p.len() - 1], 0);
            t += p.windows(2).map(|w| d(w[0], w[1])).sum::<f64>();
            best = best.min(t);
        });
        best
    }

    #[test]
    fn subtour_elimination_finds_the_optimal_tour() {
        let pts = [
            (0.0, 0.0),
            (1.0, 0.2),
            (0.1, 1.0),
            (5.0, 5.0),
            (6.0, 5.1),
            (5.2, 6.0),
        ];
        let n = pts.len();
        let d = |i: usize, j: usize| {
            let (a, b): ((f64, f64), (f64, f64)) = (pts[i], pts[j]);
            ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
        };
        let mut m = Model::new();
        let mut all = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                all.push((i, j, m.add_var(VarKind::Binary)));
            }
        }
        for k in 0..n {
            m.add(
                sum(all
                    .iter()
                    .filter(|&&(i, j, _)| i == k || j == k)
                    .map(|t| t.2))
                .eq(2.0),
            );
        }
        m.set_objective(
            all.iter().map(|&(i, j, v)| d(i, j) * v).sum::<LinExpr>(),
            Sense::Minimise,
        );
        let mut sep = |s: &Solution| {
            // components of the chosen edges; each component S that is not everything gets
            // x(δ(S)) ≥ 2
            let chosen = all
                .iter()
                .filter(|t| s.is_one(t.2))
                .map(|&(i, j, _)| (i, j));
            let roots = component_roots(n, chosen);
            let mut distinct = roots.clone();
            distinct.sort();
            distinct.dedup();
            if distinct.len() == 1 {
                return Vec::new();
            }
            distinct
                .iter()
                .map(|&r| {
                    sum(all
                        .iter()
                        .filter(|&&(i, j, _)| (roots[i] == r) != (roots[j] == r))
                        .map(|t| t.2))
                    .ge(2.0)
                })
                .collect()
        };
        let mut log = RoundLog::new();
        let s = solve_with_cuts(&mut m, &mut sep, &mut log).unwrap();
        let best = shortest_tour(n, &d);
        assert!(
            (s.objective - best).abs() < 1e-6,
            "{} vs {best}",
            s.objective
        );
        assert!(log.rounds.len() >= 2, "two triangles first, then a cut");
        assert!(log.cuts() >= 2);
        assert_eq!(log.rounds.last().unwrap().cuts, 0);
        assert_eq!(log.rounds[0].round, 1);
    }

    /// A separator that forbids `x0 = 1` lazily and repairs by proposing `values`.
    struct Forbid {
        x0: Var,
        values: Vec<f64>,
        repairs: usize,
    }

    impl Separator for Forbid {
        fn separate(&mut self, s: &Solution) -> Vec<Constraint> {
            if s.is_one(self.x0) {
                vec![(1.0 * self.x0).le(0.0)]
            } else {
                Vec::new()
            }
        }
        fn repair(&mut self, _: &Solution) -> Option<Vec<f64>> {
            self.repairs += 1;
            Some(self.values.clone())
        }
    }

    #[test]
    fn repairs_are_taken_only_when_feasible_and_no_worse() {
        // maximise 3 x0 + 2 x1 + 2 x2 subject to x0 + x1 + x2 ≤ 2: the relaxed optimum is
        // x0 = 1 with one of x1, x2, which the lazy rule x0 = 0 rejects; the full optimum is
        // x1 = x2 = 1 (objective 4)
        let run = |values: Vec<f64>| {
            let mut m = Model::new();
            let x: Vec<Var> = (0..3).map(|_| m.add_var(VarKind::Binary)).collect();
            m.add(sum(x.clone()).le(2.0));
            m.set_objective(3.0 * x[0] + 2.0 * x[1] + 2.0 * x[2], Sense::Maximise);
            let mut sep = Forbid {
                x0: x[0],
                values,
                repairs: 0,
            };
            let mut log = RoundLog::new();
            let s = solve_with_cuts(&mut m, &mut sep, &mut log).unwrap();
            (s.objective, log.rounds.len(), sep.repairs)
        };
        // a good repair ends the loop after one solver call, objective 5 → 4 is worse than the
        // rejected 5, so it is refused: only objective-preserving repairs count
        let (obj, rounds, repairs) = run(vec![0.0, 1.0, 1.0]);
        assert_eq!((obj, repairs), (4.0, 1));
        assert_eq!(rounds, 2, "a worse repair is refused, the loop re-solves");
        // infeasible (row violated), fractional, wrong length, or rejected by the separator
        for bad in [
            vec![0.0, 1.0, 1.5],
            vec![0.0, 0.5, 1.0],
            vec![1.0],
            vec![1.0, 1.0, 0.0],
        ] {
            let (obj, rounds, _) = run(bad);
            assert_eq!((obj, rounds), (4.0, 2));
        }
    }

    /// Rejects whichever of `x` the first solution sets, repairs to the next one.
    struct FirstRejected {
        x: Vec<Var>,
        rejected: Option<usize>,
    }

    impl Separator for FirstRejected {
        fn separate(&mut self, s: &Solution) -> Vec<Constraint> {
            let k = (0..self.x.len()).find(|&i| s.is_one(self.x[i])).unwrap();
            let r = *self.rejected.get_or_insert(k);
            if r == k {
                vec![(1.0 * self.x[k]).le(0.0)]
            } else {
                Vec::new()
            }
        }
        fn repair(&mut self, _: &Solution) -> Option<Vec<f64>> {
            let mut v = vec![0.0; self.x.len()];
            v[(self.rejected? + 1) % self.x.len()] = 1.0;
            Some(v)
        }
    }

    #[test]
    fn a_repair_of_a_feasibility_model_ends_the_loop() {
        let mut m = Model::new();
        let x: Vec<Var> = (0..3).map(|_| m.add_var(VarKind::Binary)).collect();
        m.add(sum(x.clone()).eq(1.0));
        let mut sep = FirstRejected {
            x: x.clone(),
            rejected: None,
        };
        let mut log = RoundLog::new();
        let s = solve_with_cuts(&mut m, &mut sep, &mut log).unwrap();
        let r = sep.rejected.unwrap();
        assert!(s.is_one(x[(r + 1) % 3]) && !s.is_one(x[r]));
        assert_eq!(log.rounds.len(), 1, "the repair saved the second solve");
    }

    #[test]
    fn a_passed_deadline_stops_a_loop_before_its_next_solve() {
        let mut m = Model::new();
        let x = m.add_var_bounded(VarKind::Integer, 0.0, 100.0);
        m.set_objective(x, Sense::Maximise);
        let mut sep = |s: &Solution| vec![(1.0 * x).le(s.value(x) - 1.0)];
        m.limits = zlink_base::Limits::default().until(Some(std::time::Instant::now()));
        let mut log = RoundLog::new();
        let e = solve_with_cuts(&mut m, &mut sep, &mut log).unwrap_err();
        assert!(e.stopped().is_some_and(zlink_base::Stopped::is_time), "{e}");
        assert_eq!((log.rounds.len(), m.solve_count()), (0, 0));
        // without the deadline the same loop cuts down to the bound
        m.limits = zlink_base::Limits::default();
        m.add((1.0 * x).le(3.0));
        let s = solve_with_cuts(&mut m, &mut sep, &mut log).unwrap_err();
        assert!(matches!(s, IpError::Infeasible), "{s}");
        assert_eq!(log.rounds.len(), 5, "x = 3, 2, 1, 0, then no x");
    }
}
