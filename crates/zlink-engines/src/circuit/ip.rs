//! The `ip` engine of the circuit board ([`CircuitIp`], the default for `solve`): solve by
//! HiGHS with the chosen formulation, count by no-good cuts on the wires. Settings:
//! `--set model=cm1|cm2|cm3` (below; default CM3 on a board with endpoints `s`, `t` and CM1
//! otherwise); `--set squares=on|off`, whether CM1 and CM3 start with the subtour cuts of the
//! 2×2 blocks (default on; off is the report's model as written).
//!
//! The report's three integer programs for the circuit board (§5.2), selectable by
//! [`CircuitModel`]. In all three the vertices are the points (blacked-out cells are left out,
//! the report's design decision), the edges the possible wires, given wires are fixed by lower
//! bounds instead of rows (§5.3), and `y_i` is 1 when point `i` has degree 3:
//!
//! - [`CircuitModel::Cm1`], spanning tree (5.1a–g): `Σ_{e∋i} x_e = 1 + 2y_i`, `Σ x_e = |V| − 1`,
//!   and the subtour elimination inequalities `Σ_{e ⊆ N} x_e ≤ |N| − 1` as lazy constraints: an
//!   integer solution is checked for cycles and, for every component with one, the inequality
//!   of the vertices on its cycles (its 2-core; the cycle itself when there is one, as in the
//!   report) and that of the whole component are added and the model re-solved, through the
//!   shared cut loop (`mip::solve_by_cuts`). HiGHS has no lazy-constraint callback, so
//!   every round is a full re-solve where Gurobi's callback costs little; to save rounds the
//!   model starts (setting `squares=on`, the default) with the inequality of every 2×2 block of
//!   points, the shortest cycles a grid has (`squares=off` is the report's model as written).
//! - [`CircuitModel::Cm2`], single-commodity flow (5.2a–i): arcs both ways per edge, the first
//!   point supplies `|V| − 1` units and every other point takes one, `x_ij + x_ji ≤ M z_ij` and
//!   `M (x_ij + x_ji) ≥ z_ij`, degrees on `z`, minimise `Σ z`. The report takes `M = 99` for
//!   boards up to 10×10; the flow on an arc is at most `|V| − 1`, so we take `M = |V| − 1`,
//!   which is the same bound made exact for every size (12×12 boards have up to 144 points).
//!   CM2 has no edge-count row: only its objective makes the optimum a tree, and only when the
//!   board has a tree solution (its feasible set also holds connected graphs with cycles and
//!   odd degrees). So an optimum with more than `|V| − 1` wires means no solution, and
//!   counting adds `Σ z = |V| − 1` before enumerating.
//! - [`CircuitModel::Cm3`], the shortest-path extension (5.3a–j): CM1 plus path edges
//!   `p_e ≤ x_e`, `Σ_{e∋s} p_e = Σ_{e∋t} p_e = 1`, `Σ_{e∋i} p_e = 2u_i` elsewhere, minimise
//!   `Σ x_e + Σ p_e`. In a tree the path is the one path, so the optimum is a solution whose
//!   `s`–`t` path is shortest among all solutions. Needs a board with `s` and `t`.
//!
//! The default (no `model=`) is CM3 on a board with endpoints and CM1 otherwise. Counting
//! enumerates the trees by no-good cuts on the edge variables (`x`, or `z` for CM2; every
//! solution has `|V| − 1` of them set, so the short form of the cut is exact).

use std::str::FromStr;
use std::time::Instant;

use zlink_ip::{
    sum, Constraint, Distinct, LinExpr, Model, NoGood, Separator, Solution, Var, VarKind,
};
use zlink_puzzle::{Counted, Settings, SettingsReader, SolveError, SolveOptions, Solved};

use super::{verify, Circuit, Wires};
use crate::ip::Formulation;
use crate::mip;

/// Which integer program (report §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CircuitModel {
    /// CM1: spanning tree with lazy subtour elimination.
    Cm1,
    /// CM2: single-commodity flow with big-M links.
    Cm2,
    /// CM3: CM1 plus the shortest `s`–`t` path through the tree.
    Cm3,
}

impl FromStr for CircuitModel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "cm1" => Ok(Self::Cm1),
            "cm2" => Ok(Self::Cm2),
            "cm3" => Ok(Self::Cm3),
            _ => Err(format!(
                "unknown circuit model `{s}`: expected cm1, cm2 or cm3"
            )),
        }
    }
}

/// Settings of the IP engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CircuitOptions {
    /// The formulation; `None` = CM3 on a board with endpoints, CM1 otherwise.
    pub model: Option<CircuitModel>,
    /// CM1/CM3: start with the subtour inequality of every 2×2 block of points.
    pub squares: bool,
}

impl Default for CircuitOptions {
    fn default() -> Self {
        Self {
            model: None,
            squares: true,
        }
    }
}

impl CircuitOptions {
    /// The model to run on `c`.
    pub fn chosen(&self, c: &Circuit) -> CircuitModel {
        self.model.unwrap_or(if c.ends().is_some() {
            CircuitModel::Cm3
        } else {
            CircuitModel::Cm1
        })
    }
}

/// A built model: the MIP, the tree variable of every possible wire (in [`Circuit::edges`]
/// order), and whether the subtour separator applies.
struct Built {
    model: Model,
    edges: Vec<(usize, usize)>,
    tree: Vec<Var>,
    subtours: bool,
}

impl Built {
    fn decode(&self, s: &Solution) -> Wires {
        Wires::new(
            self.edges
                .iter()
                .zip(&self.tree)
                .filter(|&(_, &v)| s.is_one(v))
                .map(|(&e, _)| e)
                .collect(),
        )
    }
}

/// Binaries for the wires (given ones fixed to 1 by their lower bound), the degree rows
/// `Σ_{e∋i} w_e − 2y_i = 1` and the objective `Σ w_e` plus `extra`.
fn wires_and_degrees(c: &Circuit, model: &mut Model, edges: &[(usize, usize)]) -> Vec<Var> {
    let w: Vec<Var> = edges
        .iter()
        .map(|e| {
            let lo = if c.given().binary_search(e).is_ok() {
                1.0
            } else {
                0.0
            };
            model.add_var_bounded(VarKind::Binary, lo, 1.0)
        })
        .collect();
    let inc = incidence(c, edges);
    for i in c.point_cells() {
        let y = model.add_var(VarKind::Binary);
        let mut row = sum(inc[i].iter().map(|&e| w[e]));
        row.add_term(y, -2.0);
        model.add(row.eq(1.0));
    }
    w
}

/// Edge indices at each cell.
fn incidence(c: &Circuit, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut inc = vec![Vec::new(); c.rows() * c.cols()];
    for (k, &(a, b)) in edges.iter().enumerate() {
        inc[a].push(k);
        inc[b].push(k);
    }
    inc
}

fn tree_size(c: &Circuit) -> f64 {
    c.points().saturating_sub(1) as f64
}

/// CM1 (5.1): degrees, `Σ x = |V| − 1`, subtours lazily (with `squares`, those of the 2×2
/// blocks of points from the start).
fn cm1(c: &Circuit, squares: bool) -> Built {
    let edges = c.edges();
    let mut model = Model::new();
    let x = wires_and_degrees(c, &mut model, &edges);
    model.add(sum(x.iter().copied()).eq(tree_size(c)));
    if squares {
        let cols = c.cols();
        let at = |a: usize, b: usize| edges.binary_search(&(a, b)).ok();
        for a in 0..c.rows().saturating_sub(1) * cols {
            if a % cols + 1 == cols {
                continue;
            }
            let (b, d, e) = (a + 1, a + cols, a + cols + 1);
            let sides = [at(a, b), at(a, d), at(b, e), at(d, e)];
            if sides.iter().all(Option::is_some) {
                model.add(sum(sides.iter().flatten().map(|&k| x[k])).le(3.0));
            }
        }
    }
    model.set_objective(sum(x.iter().copied()), zlink_ip::Sense::Minimise);
    Built {
        model,
        edges,
        tree: x,
        subtours: true,
    }
}

/// CM3 (5.3): CM1 plus the `s`–`t` path variables.
fn cm3(c: &Circuit, (s, t): (usize, usize), squares: bool) -> Built {
    let mut b = cm1(c, squares);
    let inc = incidence(c, &b.edges);
    let p: Vec<Var> = b
        .edges
        .iter()
        .map(|_| b.model.add_var(VarKind::Binary))
        .collect();
    for (&pe, &xe) in p.iter().zip(&b.tree) {
        b.model.add((pe - xe).le(0.0)); // 5.3f
    }
    for i in c.point_cells() {
        let row = sum(inc[i].iter().map(|&e| p[e]));
        if i == s || i == t {
            b.model.add(row.eq(1.0)); // 5.3g
        } else {
            let u = b.model.add_var(VarKind::Binary);
            let mut row = row;
            row.add_term(u, -2.0);
            b.model.add(row.eq(0.0)); // 5.3h
        }
    }
    let objective = sum(b.tree.iter().copied()) + sum(p.iter().copied());
    b.model.set_objective(objective, zlink_ip::Sense::Minimise);
    b
}

/// CM2 (5.2): flow from the first point, big-M links to the edge binaries `z`.
fn cm2(c: &Circuit, counting: bool) -> Built {
    let edges = c.edges();
    let mut model = Model::new();
    let z = wires_and_degrees(c, &mut model, &edges); // 5.2e, 5.2f
    let n = c.points();
    let big_m = tree_size(c).max(1.0);
    let fwd: Vec<Var> = edges
        .iter()
        .map(|_| model.add_var(VarKind::Continuous))
        .collect();
    let bwd: Vec<Var> = edges
        .iter()
        .map(|_| model.add_var(VarKind::Continuous))
        .collect();
    let inc = incidence(c, &edges);
    let points = c.point_cells();
    for &i in &points {
        let mut net = LinExpr::new();
        for &e in &inc[i] {
            let (out, inn) = if edges[e].0 == i {
                (fwd[e], bwd[e])
            } else {
                (bwd[e], fwd[e])
            };
            net.add_term(out, 1.0);
            net.add_term(inn, -1.0);
        }
        let supply = if i == points[0] { n as f64 - 1.0 } else { -1.0 };
        model.add(net.eq(supply)); // 5.2b
    }
    for e in 0..edges.len() {
        model.add((1.0 * fwd[e] + 1.0 * bwd[e] - big_m * z[e]).le(0.0)); // 5.2c
        model.add((big_m * fwd[e] + big_m * bwd[e] - 1.0 * z[e]).ge(0.0)); // 5.2d
    }
    if counting {
        model.add(sum(z.iter().copied()).eq(tree_size(c)));
    }
    model.set_objective(sum(z.iter().copied()), zlink_ip::Sense::Minimise);
    Built {
        model,
        edges,
        tree: z,
        subtours: false,
    }
}

/// A bound of every model's size (columns, rows, nonzeros) for `m` wires and `n` points,
/// checked against the memory budget before anything is built.
fn size_bound(c: &Circuit) -> (usize, usize, usize) {
    let (m, n) = (2 * c.rows() * c.cols(), c.points());
    (4 * m + 2 * n, 2 * m + 2 * n + 2, 10 * m + 2 * n)
}

fn build(
    c: &Circuit,
    o: &CircuitOptions,
    opts: &SolveOptions,
    counting: bool,
) -> Result<(Built, CircuitModel), SolveError> {
    let (vars, rows, nnz) = size_bound(c);
    mip::check_memory_of(vars, rows, nnz, opts)?;
    let which = o.chosen(c);
    let b = match which {
        CircuitModel::Cm1 => cm1(c, o.squares),
        CircuitModel::Cm2 => cm2(c, counting),
        CircuitModel::Cm3 => {
            let ends = c.ends().ok_or_else(|| {
                SolveError::BadSetting(
                    "model=cm3 needs a board with the endpoints `s` and `t`".into(),
                )
            })?;
            cm3(c, ends, o.squares)
        }
    };
    Ok((b, which))
}

/// The lazy subtour elimination of CM1 and CM3.
struct Subtours<'a> {
    on: bool,
    points: Vec<bool>,
    edges: &'a [(usize, usize)],
    x: &'a [Var],
}

impl Separator for Subtours<'_> {
    fn separate(&mut self, s: &Solution) -> Vec<Constraint> {
        if !self.on {
            return Vec::new();
        }
        let chosen: Vec<(usize, usize)> = self
            .edges
            .iter()
            .zip(self.x)
            .filter(|&(_, &v)| s.is_one(v))
            .map(|(&e, _)| e)
            .collect();
        cyclic_parts(&self.points, &chosen)
            .into_iter()
            .map(|inside| {
                let size = inside.iter().filter(|&&b| b).count();
                sum(self
                    .edges
                    .iter()
                    .zip(self.x)
                    .filter(|&(&(a, b), _)| inside[a] && inside[b])
                    .map(|(_, &v)| v))
                .le(size as f64 - 1.0)
            })
            .collect()
    }
}

/// Vertex sets whose subtour inequality `chosen` breaks, as cell masks: for every connected
/// component with a cycle, the vertices on its cycles (its 2-core: what is left after leaves
/// are removed again and again) and, when it has more, the whole component; and when there is
/// a cycle, for every component `S` without one, the other points `V \ S` (a tree component
/// has `|S| − 1` wires, so the rest has `|V \ S|`). Points without wires count as components.
fn cyclic_parts(points: &[bool], chosen: &[(usize, usize)]) -> Vec<Vec<bool>> {
    let cells = points.len();
    let mut trees = Vec::new();
    let mut deg = vec![0usize; cells];
    let mut adj = vec![Vec::new(); cells];
    for &(a, b) in chosen {
        deg[a] += 1;
        deg[b] += 1;
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut core: Vec<bool> = deg.iter().map(|&d| d > 0).collect();
    let mut stack: Vec<usize> = (0..cells).filter(|&v| deg[v] == 1).collect();
    while let Some(v) = stack.pop() {
        if !core[v] {
            continue;
        }
        core[v] = false;
        for &u in &adj[v] {
            if core[u] {
                deg[u] -= 1;
                if deg[u] == 1 {
                    stack.push(u);
                }
            }
        }
    }
    // per component: its cells, and those of them on the core
    let mut seen = vec![false; cells];
    let mut out = Vec::new();
    for start in 0..cells {
        if !points[start] || seen[start] {
            continue;
        }
        let mut comp = vec![false; cells];
        let mut todo = vec![start];
        seen[start] = true;
        while let Some(v) = todo.pop() {
            comp[v] = true;
            for &u in &adj[v] {
                if !seen[u] {
                    seen[u] = true;
                    todo.push(u);
                }
            }
        }
        let on_core: Vec<bool> = comp.iter().zip(&core).map(|(&a, &b)| a && b).collect();
        if on_core.contains(&true) {
            if on_core != comp {
                out.push(comp);
            }
            out.push(on_core);
        } else {
            trees.push(comp);
        }
    }
    if !out.is_empty() {
        // the solution has a cycle, so (with |V| − 1 wires) more than one component: every
        // tree component S leaves the rest V \ S with as many wires as points
        for comp in trees {
            let rest: Vec<bool> = (0..cells).map(|v| points[v] && !comp[v]).collect();
            if !out.contains(&rest) {
                out.push(rest);
            }
        }
    }
    out
}

/// The Circuit formulations as the `ip` engine ([`crate::ip::IpEngine`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct CircuitIp;

impl Settings for CircuitOptions {
    const KEYS: &'static [(&'static str, &'static str)] = &[(
        "model",
        "cm1|cm2|cm3: spanning tree with lazy subtour cuts, single-commodity flow, or CM1 plus \
         the shortest s-t path (default cm3 with s and t, else cm1)",
    ), (
        "squares",
        "on|off: CM1/CM3 start with the subtour cut of every 2x2 block of points (default on)",
    )];

    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        let mut o = Self::default();
        if let Some(m) = r.raw("model") {
            o.model = Some(m.parse::<CircuitModel>().map_err(SolveError::BadSetting)?);
        }
        if let Some(on) = r.flag("squares")? {
            o.squares = on;
        }
        Ok(o)
    }
}

impl Formulation<Circuit> for CircuitIp {
    type Settings = CircuitOptions;

    fn summary(&self) -> &'static str {
        "the report's CM1 (lazy subtour cuts), CM2 (flow) or CM3 (shortest s-t path) by HiGHS \
         (--set model=…); counts by no-good cuts"
    }

    /// One solution of `c` with the chosen model; CM3 also reports the `s`–`t` path length
    /// (`path_wires`). The solution is decoded from the wire variables only; callers that need
    /// certainty run [`verify::verify`] on it.
    ///
    /// # Errors
    /// [`SolveError::Infeasible`] when there is no solution; the memory budget; the time limit;
    /// solver failures; `model=cm3` on a board without endpoints.
    fn solve(
        &self,
        c: &Circuit,
        o: &CircuitOptions,
        opts: &SolveOptions,
    ) -> Result<Solved<Wires>, SolveError> {
        let start = Instant::now();
        let (mut b, which) = build(c, o, opts, false)?;
        let mut sep = Subtours {
            on: b.subtours,
            points: (0..c.rows() * c.cols()).map(|i| c.is_point(i)).collect(),
            edges: &b.edges,
            x: &b.tree,
        };
        let (s, mut stats) = mip::solve_by_cuts(&mut b.model, &mut sep, opts, start, "subtours")?;
        let wires = b.decode(&s);
        if wires.edges.len() + 1 != c.points() {
            // only CM2 gets here: its feasible set holds connected graphs with cycles, and its
            // optimum is a tree only when the board has one
            return Err(SolveError::Infeasible);
        }
        if let (CircuitModel::Cm3, Some((s, t))) = (which, c.ends()) {
            if let Some(len) = verify::path_length(c, &wires, s, t) {
                stats.counters.push(("path_wires", len as u64));
            }
        }
        Ok(Solved::new(wires, stats))
    }

    /// The number of solutions of `c` (trees; the endpoints play no part) by no-good cuts on the
    /// wire variables, up to the options' limit.
    ///
    /// # Errors
    /// The memory budget, the time limit or a solver failure (no solution is a count of 0).
    fn count(
        &self,
        c: &Circuit,
        o: &CircuitOptions,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError> {
        let start = Instant::now();
        let (mut b, _) = build(c, o, opts, true)?;
        let mut sep = Subtours {
            on: b.subtours,
            points: (0..c.rows() * c.cols()).map(|i| c.is_point(i)).collect(),
            edges: &b.edges,
            x: &b.tree,
        };
        let distinct = Distinct {
            vars: &b.tree,
            form: NoGood::OnesOnly,
        };
        mip::count_by_enumeration(&mut b.model, distinct, &mut sep, opts, start, "subtours")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cores_are_the_cycles() {
        // a 2×2 square 0-1-3-2 with a tail 3-5 on a 3×2 board: the component, then the square
        // (4 is a point without wires: the rest, 0-3 and 5, hold 5 wires on 5 points, the
        // component's own cut)
        let all = [true; 6];
        let parts = cyclic_parts(&all, &[(0, 1), (1, 3), (2, 3), (0, 2), (3, 5)]);
        assert_eq!(
            parts,
            vec![
                vec![true, true, true, true, false, true],
                vec![true, true, true, true, false, false],
            ]
        );
        let mut five = all;
        five[4] = false;
        assert_eq!(
            cyclic_parts(&five, &[(0, 1), (1, 3), (2, 3), (0, 2)]),
            vec![vec![true, true, true, true, false, false]]
        );
        // two squares of a 2×4 board: each is a core, and nothing else
        let two = cyclic_parts(
            &[true; 8],
            &[
                (0, 1),
                (1, 5),
                (4, 5),
                (0, 4),
                (2, 3),
                (3, 7),
                (6, 7),
                (2, 6),
            ],
        );
        assert_eq!(two.len(), 2);
        assert!(cyclic_parts(&all, &[(0, 1), (1, 3), (3, 5), (2, 4)]).is_empty());
    }

    #[test]
    fn models_parse() {
        assert_eq!("CM2".parse::<CircuitModel>(), Ok(CircuitModel::Cm2));
        assert!("cm4".parse::<CircuitModel>().is_err());
    }
}
