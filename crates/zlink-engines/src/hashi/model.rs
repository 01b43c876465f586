//! The three Hashi integer programs, selectable by [`HashiModel`]:
//!
//! - [`HashiModel::Flow`], the report's model (chapter 6.2.3, equations 6.1a–6.1i): one-hot
//!   `x⁰, x¹, x²` per candidate, degree and crossing rows, a single-source flow (`n − 1` units
//!   out of island 0, one unit into every other island) tied to the bridges by big-M rows with
//!   `M = n − 1`, and the human-deduced constraints 6.2–6.11 as bounds ([`super::deduce`]);
//! - [`HashiModel::Bfs`], the Hashi seed's polynomial model: `x_{e,1}`, `x_{e,2}` ("at least k
//!   bridges"), and BFS layers `y_{e,t}` over the line graph from one source edge. The seed uses
//!   `t ≤ m`; we stop at `T = min(m, n)` layers, which is exact because two bridges of a connected
//!   network on `n` islands are at most `n − 1` steps apart in its line graph;
//! - [`HashiModel::Lazy`] (default): the same base model without `y`, plus connectivity cuts
//!   `Σ_{e ∈ δ(S)} x_{e,1} ≥ 1` for every component `S` of an integer solution that is not the
//!   whole island set, through the shared cut loop ([`zlink_ip::solve_with_cuts`]). Before the
//!   first solve it adds the cuts of every connected set of at most four islands that could
//!   close off on its own (found by brute force, [`connect::closable_sets`]): a HiGHS re-solve
//!   costs a full MIP solve (no lazy-constraint callback), so rounds and their cost are what
//!   to save. Profiling the CLLV instances showed rounds solved at the root by HiGHS's
//!   feasibility-jump heuristic, with the presolve taking most of each round, and dense
//!   instances needing 10–30 rounds of ever new disconnected solutions. So the lazy model
//!   fixes bounds once by propagation ([`propagate`]) and runs with presolve off, and its
//!   separator repairs a disconnected solution by alternating-cycle moves ([`repair`]), which
//!   the cut loop accepts after checking it against the whole model (no re-solve). Tried and
//!   dropped as slower: LP-relaxation cuts before the first solve (a zero objective gives
//!   arbitrary LP vertices) and cuts for unions of components.
//!
//! Counting adds no-good cuts on the bridge variables (the flow and BFS variables are not
//! unique per solution and are left free), combined with the connectivity separator for the
//! lazy model.

use std::str::FromStr;
use std::time::Instant;

use super::{connect, deduce, graph::BridgeGraph, propagate, repair, Bridges, Hashi};
use crate::mip;
use zlink_ip::{
    sum, Constraint, Distinct, LinExpr, Model, NoGood, OptionValue, Separator, Solution, Var,
    VarKind,
};
use zlink_puzzle::{Counted, SolveError, SolveOptions, Solved};

/// Which formulation to solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HashiModel {
    /// The report's single-commodity flow model with human-deduced bounds.
    Flow,
    /// The Hashi seed's polynomial BFS model.
    Bfs,
    /// The base model with lazy connectivity cuts.
    #[default]
    Lazy,
}

impl FromStr for HashiModel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "flow" => Ok(Self::Flow),
            "bfs" => Ok(Self::Bfs),
            "lazy" => Ok(Self::Lazy),
            _ => Err(format!(
                "unknown Hashi model `{s}`: expected flow, bfs or lazy"
            )),
        }
    }
}

/// Options of the Hashi solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HashiOptions {
    /// The formulation.
    pub model: HashiModel,
}

/// A built model: the MIP, the bridge count of each candidate as a linear expression, and the
/// binaries that tell solutions apart.
struct Built {
    model: Model,
    /// Per candidate: `(var, weight)` terms whose weighted sum is the number of bridges.
    bridges: Vec<[(Var, f64); 2]>,
    /// Per candidate: the binary that is 1 iff the candidate carries a bridge (lazy model).
    present: Vec<Var>,
    distinct: Vec<Var>,
    /// Propagated bridge-count bounds per candidate (lazy model; `None` elsewhere or when
    /// propagation meets a contradiction).
    bounds: Option<Vec<(u8, u8)>>,
}

impl Built {
    fn decode(&self, g: &BridgeGraph, s: &Solution) -> Bridges {
        let mut out = Vec::new();
        for (e, terms) in self.bridges.iter().enumerate() {
            let n: f64 = terms.iter().map(|&(v, w)| w * s.value(v)).sum();
            let n = n.round() as u8;
            if n > 0 {
                out.push((g.candidates[e].a, g.candidates[e].b, n));
            }
        }
        Bridges::new(out)
    }
}

/// Degree rows: `Σ bridges = clue`, or `1 ≤ Σ ≤ 8` for an island of unknown number.
fn degree_rows(h: &Hashi, g: &BridgeGraph, m: &mut Model, bridges: &[[(Var, f64); 2]]) {
    for (v, island) in h.islands().iter().enumerate() {
        let mut e = LinExpr::new();
        for &c in &g.incident[v] {
            for &(var, w) in &bridges[c] {
                e.add_term(var, w);
            }
        }
        m.add(match island.clue {
            Some(k) => e.eq(f64::from(k)),
            None => e.between(1.0, f64::from(super::MAX_CLUE)),
        });
    }
}

/// The base model of the seed: `x_{e,2} ≤ x_{e,1}`, crossings, degrees.
fn base(h: &Hashi, g: &BridgeGraph) -> Built {
    let mut model = Model::new();
    let x1: Vec<Var> = g
        .candidates
        .iter()
        .map(|_| model.add_var(VarKind::Binary))
        .collect();
    let x2: Vec<Var> = g
        .candidates
        .iter()
        .map(|_| model.add_var(VarKind::Binary))
        .collect();
    for e in 0..x1.len() {
        model.add((1.0 * x2[e] - 1.0 * x1[e]).le(0.0));
    }
    for &(p, q) in &g.crossings {
        model.add(sum([x1[p], x1[q]]).le(1.0));
    }
    let bridges: Vec<[(Var, f64); 2]> = (0..x1.len())
        .map(|e| [(x1[e], 1.0), (x2[e], 1.0)])
        .collect();
    degree_rows(h, g, &mut model, &bridges);
    let distinct = x1.iter().chain(&x2).copied().collect();
    Built {
        model,
        bridges,
        present: x1,
        distinct,
        bounds: None,
    }
}

/// Largest island sets whose connectivity cuts the lazy model adds before its first solve.
const PRECUT_SIZE: usize = 4;

/// The lazy model: the base model plus the cuts of the small sets that could close off
/// ([`connect::closable_sets`]); the rest come from the separator.
fn lazy(h: &Hashi, g: &BridgeGraph) -> Built {
    let mut b = base(h, g);
    let n = h.islands().len();
    b.bounds = propagate::bounds(h, g);
    for (e, &(lo, hi)) in b.bounds.iter().flatten().enumerate() {
        let (x1, x2) = (b.bridges[e][0].0, b.bridges[e][1].0);
        b.model
            .set_bounds(x1, f64::from(lo.min(1)), f64::from(hi.min(1)));
        b.model.set_bounds(
            x2,
            f64::from(lo.saturating_sub(1)),
            f64::from(hi.saturating_sub(1)),
        );
    }
    // Propagation has done the presolve's work once; HiGHS presolve would redo it on every
    // re-solve of the cut loop and dominated the round time (see the module docs).
    b.model
        .params
        .highs_options
        .push(("presolve".into(), OptionValue::Str("off".into())));
    for set in connect::closable_sets(h, g, PRECUT_SIZE) {
        let cut = sum(connect::boundary(g, n, &set)
            .into_iter()
            .map(|e| b.present[e]));
        b.model.add(cut.ge(1.0));
    }
    b
}

/// The seed's BFS layers on top of the base model.
fn bfs(h: &Hashi, g: &BridgeGraph) -> Built {
    let mut b = base(h, g);
    let m = g.candidates.len();
    let t_max = m.min(h.islands().len()).max(1);
    let y: Vec<Vec<Var>> = (0..m)
        .map(|_| {
            (0..t_max)
                .map(|_| b.model.add_var(VarKind::Binary))
                .collect()
        })
        .collect();
    b.model.add(sum(y.iter().map(|ye| ye[0])).eq(1.0));
    for e in 0..m {
        let c = g.candidates[e];
        let nbrs: Vec<usize> = g.incident[c.a]
            .iter()
            .chain(&g.incident[c.b])
            .copied()
            .filter(|&f| f != e)
            .collect();
        for t in 0..t_max - 1 {
            b.model.add((1.0 * y[e][t] - 1.0 * y[e][t + 1]).le(0.0));
            let mut reach = 1.0 * y[e][t + 1] - 1.0 * y[e][t];
            for &f in &nbrs {
                reach.add_term(y[f][t], -1.0);
            }
            b.model.add(reach.le(0.0));
        }
        b.model
            .add((1.0 * b.present[e] - 1.0 * y[e][t_max - 1]).eq(0.0));
    }
    b
}

/// The report's flow model with the human-deduced bounds.
fn flow(h: &Hashi, g: &BridgeGraph) -> Built {
    let mut model = Model::new();
    let n = h.islands().len();
    let mk = |model: &mut Model| -> Vec<Var> {
        g.candidates
            .iter()
            .map(|_| model.add_var(VarKind::Binary))
            .collect()
    };
    let (x0, x1, x2) = (mk(&mut model), mk(&mut model), mk(&mut model));
    for e in 0..x0.len() {
        model.add(sum([x0[e], x1[e], x2[e]]).eq(1.0)); // 6.1c
    }
    let bridges: Vec<[(Var, f64); 2]> = (0..x1.len())
        .map(|e| [(x1[e], 1.0), (x2[e], 2.0)])
        .collect();
    degree_rows(h, g, &mut model, &bridges); // 6.1b
    for &(p, q) in &g.crossings {
        model.add(sum([x0[p], x0[q]]).ge(1.0)); // 6.1d
    }
    // 6.1e–g: arcs a→b (fwd) and b→a (bwd) per candidate
    let big_m = n.saturating_sub(1).max(1) as f64;
    let fwd: Vec<Var> = g
        .candidates
        .iter()
        .map(|_| model.add_var(VarKind::Continuous))
        .collect();
    let bwd: Vec<Var> = g
        .candidates
        .iter()
        .map(|_| model.add_var(VarKind::Continuous))
        .collect();
    for v in 0..n {
        let mut net = LinExpr::new();
        for &e in &g.incident[v] {
            let (out, inn) = if g.candidates[e].a == v {
                (fwd[e], bwd[e])
            } else {
                (bwd[e], fwd[e])
            };
            net.add_term(out, 1.0);
            net.add_term(inn, -1.0);
        }
        let supply = if v == 0 { n as f64 - 1.0 } else { -1.0 };
        model.add(net.eq(supply));
    }
    for e in 0..x0.len() {
        model.add((1.0 * fwd[e] + 1.0 * bwd[e] + big_m * x0[e]).le(big_m));
        model.add((1.0 * fwd[e] + 1.0 * bwd[e] + 1.0 * x0[e]).ge(1.0));
    }
    for (e, fix) in deduce::deductions(h, g) {
        let var = match fix {
            deduce::Fix::Absent => x0[e],
            deduce::Fix::Single => x1[e],
            deduce::Fix::Double => x2[e],
            deduce::Fix::Present => {
                model.set_bounds(x0[e], 0.0, 0.0);
                continue;
            }
        };
        model.set_bounds(var, 1.0, 1.0);
    }
    let distinct = x1.iter().chain(&x2).copied().collect();
    // `present` is not used by the flow model (no separator); x1 + x2 would be its value
    Built {
        model,
        bridges,
        present: Vec::new(),
        distinct,
        bounds: None,
    }
}

/// The connectivity separator of the lazy model: every component `S` of an integer solution
/// that is not the whole island set gives the cut `Σ_{e ∈ δ(S)} x_{e,1} ≥ 1`. Its repair
/// ([`repair::connect_by_cycles`]) rewrites a disconnected solution of the lazy model's
/// `x_{e,1}, x_{e,2}` by alternating-cycle moves within the propagated `bounds`.
struct Connectivity<'a> {
    /// Whether the model needs the cuts (the lazy model); the others are complete.
    on: bool,
    g: &'a BridgeGraph,
    islands: usize,
    present: &'a [Var],
    /// The lazy model's `(x_{e,1}, 1), (x_{e,2}, 1)` per candidate.
    bridges: &'a [[(Var, f64); 2]],
    /// Bridge-count bounds per candidate; `None` turns the repair off.
    bounds: Option<&'a [(u8, u8)]>,
}

impl Separator for Connectivity<'_> {
    fn separate(&mut self, s: &Solution) -> Vec<Constraint> {
        if !self.on {
            return Vec::new();
        }
        let built: Vec<bool> = self.present.iter().map(|&v| s.is_one(v)).collect();
        let comps = connect::components(self.g, self.islands, &built);
        if comps.len() <= 1 {
            return Vec::new();
        }
        comps
            .iter()
            .map(|set| {
                sum(connect::boundary(self.g, self.islands, set)
                    .into_iter()
                    .map(|e| self.present[e]))
                .ge(1.0)
            })
            .collect()
    }

    fn repair(&mut self, s: &Solution) -> Option<Vec<f64>> {
        if !self.on {
            return None;
        }
        let counts: Vec<u8> = self
            .bridges
            .iter()
            .map(|t| t.iter().map(|&(v, w)| w * s.value(v)).sum::<f64>().round() as u8)
            .collect();
        let fixed = repair::connect_by_cycles(self.g, self.islands, self.bounds?, &counts)?;
        let mut values = s.values().to_vec();
        for (t, &n) in self.bridges.iter().zip(&fixed) {
            values[t[0].0.index()] = f64::from(u8::from(n >= 1));
            values[t[1].0.index()] = f64::from(u8::from(n >= 2));
        }
        Some(values)
    }
}

fn build(h: &Hashi, g: &BridgeGraph, which: HashiModel) -> Built {
    match which {
        HashiModel::Flow => flow(h, g),
        HashiModel::Bfs => bfs(h, g),
        HashiModel::Lazy => lazy(h, g),
    }
}

/// The parts of a built model that a run needs at once: the MIP, the binaries that tell
/// solutions apart, and the separator (connectivity cuts for the lazy model, inert otherwise).
fn split<'a>(
    b: &'a mut Built,
    g: &'a BridgeGraph,
    h: &Hashi,
    which: HashiModel,
) -> (&'a mut Model, &'a [Var], Connectivity<'a>) {
    let sep = Connectivity {
        on: which == HashiModel::Lazy,
        g,
        islands: h.islands().len(),
        present: &b.present,
        bridges: &b.bridges,
        bounds: b.bounds.as_deref(),
    };
    (&mut b.model, &b.distinct, sep)
}

/// One solution of `h` with the chosen model. The solution is decoded from the bridge
/// variables only; callers that need certainty run [`super::verify::verify`] on it.
///
/// # Errors
/// [`SolveError::Infeasible`] when there is no solution; the time limit; solver failures.
pub fn solve(
    h: &Hashi,
    o: &HashiOptions,
    opts: &SolveOptions,
) -> Result<Solved<Bridges>, SolveError> {
    let start = Instant::now();
    let g = BridgeGraph::new(h);
    let mut b = build(h, &g, o.model);
    let (model, _, mut sep) = split(&mut b, &g, h, o.model);
    let (s, stats) = mip::solve_by_cuts(model, &mut sep, opts, start, "cuts")?;
    Ok(Solved::new(b.decode(&g, &s), stats))
}

/// The number of solutions of `h` by no-good cuts on the bridge variables, up to the options'
/// limit.
///
/// # Errors
/// The time limit or a solver failure (no solution is a count of 0, not an error).
pub fn count(h: &Hashi, o: &HashiOptions, opts: &SolveOptions) -> Result<Counted, SolveError> {
    let start = Instant::now();
    let g = BridgeGraph::new(h);
    let mut b = build(h, &g, o.model);
    let (model, distinct, mut sep) = split(&mut b, &g, h, o.model);
    let distinct = Distinct {
        vars: distinct,
        form: NoGood::Full,
    };
    mip::count_by_enumeration(model, distinct, &mut sep, opts, start, "cuts")
}
