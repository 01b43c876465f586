//! Ready-made specs: over a [`crate::FrontierPlan`], mate-function specs (path matchings, s-t
//! paths, cycles, Hamiltonian variants) and degree-constrained subgraphs; over plain levels,
//! groups of variables with exact cardinalities.

pub mod connected;
pub mod degree;
pub mod groups;
pub mod mate;

/// Why a graph spec could not be set up.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SpecError {
    /// The frontier is too wide for packed states.
    #[error(transparent)]
    TooWide(#[from] crate::frontier::TooWide),
    /// A named vertex does not exist.
    #[error("vertex {vertex} is out of range (the graph has {n} vertices)")]
    VertexOutOfRange {
        /// The vertex asked for.
        vertex: u32,
        /// Number of vertices.
        n: usize,
    },
    /// A per-vertex argument has the wrong length or an unsupported value.
    #[error("{0}")]
    BadArgument(String),
}
