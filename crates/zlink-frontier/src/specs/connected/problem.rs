//! The problem a [`ConnectedDegree`](super::ConnectedDegree) spec is built from: a simple
//! graph in a fixed edge order with multiplicity ranges, allowed degrees, crossing pairs and
//! the acyclicity switch, and its checks.
//!
//! Why apart: callers build, reorder ([`ConnectedProblem::permuted`]) and score
//! ([`ConnectedProblem::state_width`]) problems many times before one spec is made (the
//! candidate orders of [`super::order`], the annealed vertex orders of [`super::layout`]);
//! none of that needs the spec's tables.

use crate::frontier::FrontierPlan;
use crate::graph::{Graph, Vertex};
use crate::specs::SpecError;

use super::state::flag_plan;

/// A connected degree-constrained sub-multigraph problem (see the module doc); the edge order
/// is the variable order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectedProblem {
    /// Number of vertices `0..n`.
    pub n: usize,
    /// The edges, in variable order (a simple graph: no loops, no repeated pairs).
    pub edges: Vec<(Vertex, Vertex)>,
    /// Least multiplicity per edge (0, 1 for a given edge, or 2).
    pub min: Vec<u8>,
    /// Largest multiplicity per edge (1 or 2).
    pub max: Vec<u8>,
    /// Allowed degrees per vertex as a bit mask (bit `d` = degree `d` allowed, `d <= 31`).
    pub allowed: Vec<u32>,
    /// Pairs of edge indices that may not both be used.
    pub crossings: Vec<(usize, usize)>,
    /// Whether the used multigraph must be a forest (then a second copy is never taken).
    pub acyclic: bool,
    /// Edges of look-ahead after every decision: degree propagation and a connectivity test
    /// over the next `window` edges (0: none; at most 96 are used; see the module doc).
    pub window: usize,
}

impl ConnectedProblem {
    /// A problem with simple edges (`0..=1` copies), no crossings and no acyclicity.
    pub fn simple(n: usize, edges: &[(Vertex, Vertex)], allowed: &[u32]) -> ConnectedProblem {
        ConnectedProblem {
            n,
            edges: edges.to_vec(),
            min: vec![0; edges.len()],
            max: vec![1; edges.len()],
            allowed: allowed.to_vec(),
            crossings: Vec::new(),
            acyclic: false,
            window: 0,
        }
    }

    /// The same problem with its edges permuted: new edge `i` is old edge `perm[i]`
    /// (crossing pairs follow their edges).
    ///
    /// # Panics
    /// If `perm` is not a permutation of `0..edges.len()`.
    pub fn permuted(&self, perm: &[usize]) -> ConnectedProblem {
        assert_eq!(perm.len(), self.edges.len(), "permutation length");
        let mut inv = vec![usize::MAX; perm.len()];
        for (i, &p) in perm.iter().enumerate() {
            inv[p] = i;
        }
        assert!(inv.iter().all(|&x| x != usize::MAX), "not a permutation");
        ConnectedProblem {
            n: self.n,
            edges: perm.iter().map(|&i| self.edges[i]).collect(),
            min: perm.iter().map(|&i| self.min[i]).collect(),
            max: perm.iter().map(|&i| self.max[i]).collect(),
            allowed: self.allowed.clone(),
            crossings: self
                .crossings
                .iter()
                .map(|&(a, b)| (inv[a], inv[b]))
                .collect(),
            acyclic: self.acyclic,
            window: self.window,
        }
    }

    /// Checks lengths, ranges and the graph; returns the graph.
    pub(super) fn validate(&self) -> Result<Graph, SpecError> {
        let m = self.edges.len();
        let bad = |s: String| Err(SpecError::BadArgument(s));
        if self.min.len() != m || self.max.len() != m {
            return bad(format!(
                "{} edges but {} minima and {} maxima",
                m,
                self.min.len(),
                self.max.len()
            ));
        }
        if self.allowed.len() != self.n {
            return bad(format!(
                "{} degree sets for {} vertices",
                self.allowed.len(),
                self.n
            ));
        }
        for e in 0..m {
            if !(1..=2).contains(&self.max[e]) || self.min[e] > self.max[e] {
                return bad(format!(
                    "edge {e}: multiplicity range {}..={} (need max 1 or 2, min <= max)",
                    self.min[e], self.max[e]
                ));
            }
        }
        if let Some(&(a, b)) = self.crossings.iter().find(|&&(a, b)| a >= m || b >= m) {
            return bad(format!("crossing ({a}, {b}) names an edge outside 0..{m}"));
        }
        Graph::new(self.n, &self.edges)
            .map_err(|e| SpecError::BadArgument(format!("bad graph: {e}")))
    }

    /// Number of ZDD variables: `Σ max_e`.
    pub fn num_vars(&self) -> usize {
        self.max.iter().map(|&x| usize::from(x)).sum()
    }

    /// The state width of this order: `(frontier width w, most live crossing flags f)`; a
    /// state has `2w + f` fields. An order with a small `2w + f` has few states.
    ///
    /// # Errors
    /// As [`ConnectedDegree::new`](super::ConnectedDegree::new) for a malformed problem.
    pub fn state_width(&self) -> Result<(usize, usize), SpecError> {
        let g = self.validate()?;
        let plan = FrontierPlan::new(&g)?;
        let (_, flags) = flag_plan(self);
        Ok((plan.width(), flags))
    }
}
