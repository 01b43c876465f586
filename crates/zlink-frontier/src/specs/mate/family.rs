//! The mate families of a caller's graph as a [`SpecFamily`]: [`Mates`] owns the edge order it
//! runs in and maps every ZDD variable back to the caller's edge, so members come back as the
//! caller's edges, never as a permutation to keep.
//!
//! Why: the frontier's size depends on the edge order (a 13×13 grid's corner paths: frontier
//! width 14 in the best order, about twice that in a poor one), so the family reorders the
//! graph before it counts or builds; a caller who had to do that (and undo it on every member)
//! got it wrong once in the CLI's `--save` before this type existed.
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_frontier::{Graph, Mates};
//! // a square 0-1-2-3 with the diagonal 0-2
//! let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]).unwrap();
//! let paths = Mates::paths(&g, 0, 2).unwrap();
//! let built = paths.build(&Limits::default()).unwrap();
//! assert_eq!(built.count(), 3u32.into());
//! let mut members: Vec<Vec<(u32, u32)>> = built.members().collect();
//! members.sort();
//! // as the caller's edges (a graph stores each edge as `(low, high)`)
//! assert_eq!(members, [vec![(0, 1), (1, 2)], vec![(0, 2)], vec![(2, 3), (0, 3)]]);
//! let by_index: Vec<Vec<usize>> = built.member_edges().collect();
//! assert!(by_index.contains(&vec![2, 3]));
//! ```

use num_bigint::BigUint;
use zlink_base::{Limits, Stopped};
use zlink_zdd::{NodeId, Zdd};

use crate::frontier::FrontierPlan;
use crate::graph::{Graph, Vertex};
use crate::order::EdgeOrder;
use crate::packed::Slots;
use crate::run::{build_family, count_family, BuildReport, CountReport, RunError, SpecFamily};
use crate::spec::Spec;
use crate::specs::mate::Mate;
use crate::specs::SpecError;

/// Bytes per vertex and per edge of ordering a graph and setting up its count: adjacency
/// lists, breadth-first distances and positions per candidate order, first and last edges
/// (measured: 48 bytes per vertex at 16.7 M vertices).
pub const ORDER_BYTES_PER_ITEM: u64 = 64;

/// Which mate family of a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateKind {
    /// Simple paths between two vertices (see [`Mate::st_paths`]).
    Paths(Vertex, Vertex),
    /// Simple cycles (see [`Mate::cycles`]).
    Cycles,
}

/// A mate family (paths between two vertices, cycles) of a graph, in an edge order of its
/// own, as a [`SpecFamily`] for [`count_family`] and [`build_family`].
#[derive(Clone, Debug)]
pub struct Mates {
    kind: MateKind,
    hamiltonian: bool,
    /// The graph in the family's edge order: variable `i` is edge `i` of it.
    graph: Graph,
    /// Per variable, the index of its edge in the caller's graph.
    edge_of: Vec<usize>,
    /// Frontier width in this order (`usize::MAX`: too wide for any state).
    width: usize,
}

impl Mates {
    /// The simple paths from `s` to `t` of `graph`, in the frontier order
    /// ([`EdgeOrder::Frontier`]).
    ///
    /// # Errors
    /// [`RunError::Spec`] when `s` or `t` is not a vertex of `graph`.
    pub fn paths(graph: &Graph, s: Vertex, t: Vertex) -> Result<Mates, RunError> {
        Mates::new(
            graph,
            MateKind::Paths(s, t),
            EdgeOrder::Frontier,
            &Limits::default(),
        )
    }

    /// The simple cycles of `graph`, in the frontier order ([`EdgeOrder::Frontier`]).
    ///
    /// # Errors
    /// None in practice (the signature is [`Mates::new`]'s).
    pub fn cycles(graph: &Graph) -> Result<Mates, RunError> {
        Mates::new(
            graph,
            MateKind::Cycles,
            EdgeOrder::Frontier,
            &Limits::default(),
        )
    }

    /// The `kind` family of `graph` in `order`, ordered under `limits`: the memory the
    /// ordering takes ([`ORDER_BYTES_PER_ITEM`] a vertex and an edge) is checked against the
    /// memory budget before anything is allocated (vertex numbers go up to 2^24, so a
    /// two-line edge list can ask for 800 MB), and the ordering stops at the deadline.
    ///
    /// # Errors
    /// [`RunError::Spec`] for a terminal that is not a vertex; [`RunError::Stopped`] when the
    /// ordering does not fit the memory budget or the deadline passes while it runs.
    pub fn new(
        graph: &Graph,
        kind: MateKind,
        order: EdgeOrder,
        limits: &Limits,
    ) -> Result<Mates, RunError> {
        let (n, m) = (graph.num_vertices(), graph.num_edges());
        if let MateKind::Paths(s, t) = kind {
            if let Some(&vertex) = [s, t].iter().find(|&&v| v as usize >= n) {
                return Err(SpecError::VertexOutOfRange { vertex, n }.into());
            }
        }
        let need = (n as u64 + m as u64).saturating_mul(ORDER_BYTES_PER_ITEM);
        limits.check_memory(
            need,
            &format!("the edge order and count set-up of a graph of {n} vertices and {m} edges"),
        )?;
        let (ordered, perm) = order
            .apply_until(graph, limits.deadline)
            .ok_or_else(|| Stopped::time(limits.time_limit).noting("while ordering the edges"))?;
        Ok(Mates::in_given_order(ordered, kind, false).with_edges(perm))
    }

    /// The `kind` family of `graph` in its own edge order (variable `i` is edge `i`), with
    /// only Hamiltonian members if `hamiltonian`: for a caller who chose the order.
    pub fn in_given_order(graph: Graph, kind: MateKind, hamiltonian: bool) -> Mates {
        let width = FrontierPlan::new(&graph).map_or(usize::MAX, |p| p.width());
        Mates {
            kind,
            hamiltonian,
            edge_of: (0..graph.num_edges()).collect(),
            graph,
            width,
        }
    }

    fn with_edges(mut self, edge_of: Vec<usize>) -> Mates {
        self.edge_of = edge_of;
        self
    }

    /// The same family with only the members that visit every vertex.
    #[must_use]
    pub fn hamiltonian(mut self) -> Mates {
        self.hamiltonian = true;
        self
    }

    /// The graph in the family's edge order: variable `i` of a count or build is its edge `i`.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The caller's index of the edge of variable `var`.
    pub fn edge_of(&self, var: u32) -> usize {
        self.edge_of[var as usize]
    }

    /// The family's spec on states of type `M`, as a concrete [`Mate`] (what
    /// [`SpecFamily::spec`] hands out opaquely): for a caller that needs to know the state
    /// type, such as a distributed count whose states travel between processes.
    ///
    /// # Errors
    /// [`SpecError`] when the spec cannot be set up.
    pub fn mate<M: Slots>(&self) -> Result<Mate<M>, SpecError> {
        match self.kind {
            MateKind::Paths(s, t) => Mate::<M>::st_paths(&self.graph, s, t, self.hamiltonian),
            MateKind::Cycles => Mate::<M>::cycles(&self.graph, self.hamiltonian),
        }
    }

    /// The exact number of members, by the count-only DP ([`count_family`]).
    ///
    /// # Errors
    /// As [`count_family`].
    pub fn count(&self, limits: &Limits) -> Result<CountReport, RunError> {
        count_family(self, limits)
    }

    /// Every member as one reduced diagram ([`build_family`]), read back as the caller's
    /// edges.
    ///
    /// # Errors
    /// As [`build_family`].
    pub fn build(&self, limits: &Limits) -> Result<BuiltMates, RunError> {
        let mut zdd = Zdd::new(self.graph.num_edges() as u32);
        let report = build_family(self, &mut zdd, limits)?;
        Ok(BuiltMates {
            zdd,
            report,
            edges: self.graph.edges().to_vec(),
            edge_of: self.edge_of.clone(),
        })
    }
}

impl SpecFamily for Mates {
    fn width(&self) -> usize {
        self.width
    }

    fn spec<M: Slots>(&self) -> Result<impl Spec, SpecError> {
        self.mate::<M>()
    }
}

/// The members of a [`Mates`] family as one diagram, read back as the caller's edges.
#[derive(Debug)]
pub struct BuiltMates {
    zdd: Zdd,
    report: BuildReport,
    /// The edges in the family's order (the caller's pairs).
    edges: Vec<(Vertex, Vertex)>,
    edge_of: Vec<usize>,
}

impl BuiltMates {
    /// The number of members.
    pub fn count(&self) -> BigUint {
        self.zdd.count(self.report.root)
    }

    /// Every member as the caller's edge indices, ascending (in the diagram's order).
    pub fn member_edges(&self) -> impl Iterator<Item = Vec<usize>> + '_ {
        self.zdd.iter(self.report.root).map(|vars| {
            let mut edges: Vec<usize> = vars.iter().map(|&v| self.edge_of[v as usize]).collect();
            edges.sort_unstable();
            edges
        })
    }

    /// Every member as the caller's vertex pairs, in the caller's edge order.
    pub fn members(&self) -> impl Iterator<Item = Vec<(Vertex, Vertex)>> + '_ {
        self.zdd.iter(self.report.root).map(|vars| {
            let mut edges: Vec<(usize, (Vertex, Vertex))> = vars
                .iter()
                .map(|&v| (self.edge_of[v as usize], self.edges[v as usize]))
                .collect();
            edges.sort_unstable();
            edges.into_iter().map(|(_, e)| e).collect()
        })
    }

    /// The diagram (variable `i` is edge `i` of [`Mates::graph`]).
    pub fn zdd(&self) -> &Zdd {
        &self.zdd
    }

    /// Its root.
    pub fn root(&self) -> NodeId {
        self.report.root
    }

    /// What the build made (raw nodes, width, state representation).
    pub fn report(&self) -> &BuildReport {
        &self.report
    }
}
