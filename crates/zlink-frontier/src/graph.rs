//! Undirected simple graphs whose edge list *is* the ZDD variable order.
//!
//! Edge `i` of a [`Graph`] is ZDD variable `i` (level `i` of a spec). Graphs come from
//! [`Graph::grid`] or from edge-list text ([`Graph::parse_edge_list`], [`Graph::read_edge_list`]):
//!
//! ```
//! use zlink_frontier::Graph;
//! let g = Graph::parse_edge_list("# a triangle\n0 1\n1 2\n2 0\n", "tri.txt").unwrap();
//! assert_eq!((g.num_vertices(), g.num_edges()), (3, 3));
//! assert_eq!(Graph::grid(2, 3).num_edges(), 7);
//! ```

use std::fmt;
use std::path::Path;

/// A vertex number, `0..n`.
pub type Vertex = u32;

/// Largest vertex count of a graph read from an edge list (vertex numbers are below it). The
/// readers check it before allocating per-vertex arrays, so `0 1\n1 1000000000` is a positioned
/// error rather than a multi-gigabyte allocation; equal to `zlink_puzzle::input_size::MAX_CELLS`.
pub const MAX_VERTICES: usize = 1 << 24;

/// An undirected simple graph (no loops, no parallel edges) with an edge order.
///
/// `edges[i] = (u, v)` with `u < v`; the position `i` is the ZDD variable of that edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    n: usize,
    edges: Vec<(Vertex, Vertex)>,
}

/// Why a graph could not be built or read. Parse errors carry `file:line:col`.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GraphError {
    /// A malformed edge-list line.
    #[error("{file}:{line}:{col}: expected {expected}")]
    Parse {
        /// The file name (as given).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        col: usize,
        /// What was expected there.
        expected: String,
    },
    /// The file could not be read.
    #[error("{file}: {message}")]
    Io {
        /// The file name.
        file: String,
        /// The OS error text.
        message: String,
    },
    /// An edge was given twice, or an edge joins a vertex to itself.
    #[error("{file}:{line}:{col}: {what}")]
    BadEdge {
        /// The file name.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// "self-loop" or "duplicate edge ...".
        what: String,
    },
    /// Vertex numbers must stay below 2^31 and the graph must be non-empty where required.
    #[error("{0}")]
    Invalid(String),
}

impl Graph {
    /// A graph on `n` vertices with the given edges, in this order.
    ///
    /// Each edge is normalised to `(min, max)`.
    ///
    /// # Errors
    /// [`GraphError::Invalid`] for an endpoint `>= n`, a self-loop or a repeated edge.
    pub fn new(n: usize, edges: &[(Vertex, Vertex)]) -> Result<Graph, GraphError> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut out = Vec::with_capacity(edges.len());
        for &(a, b) in edges {
            let (u, v) = (a.min(b), a.max(b));
            if v as usize >= n {
                return Err(GraphError::Invalid(format!(
                    "edge ({a}, {b}) has a vertex outside 0..{n}"
                )));
            }
            if u == v {
                return Err(GraphError::Invalid(format!("self-loop at vertex {u}")));
            }
            if !seen.insert((u, v)) {
                return Err(GraphError::Invalid(format!("duplicate edge ({u}, {v})")));
            }
            out.push((u, v));
        }
        Ok(Graph { n, edges: out })
    }

    /// The grid graph of `rows × cols` *vertices*; vertex `(r, c)` is number `r * cols + c`.
    ///
    /// Edges are in row-major order: for each vertex in number order, its right edge then its
    /// down edge (lexicographic on `(u, v)`). `rows * cols` must fit in a `u32`.
    pub fn grid(rows: usize, cols: usize) -> Graph {
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let v = (r * cols + c) as Vertex;
                if c + 1 < cols {
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    edges.push((v, v + cols as Vertex));
                }
            }
        }
        Graph {
            n: rows * cols,
            edges,
        }
    }

    /// Parses an edge list: one `u v` pair of vertex numbers per line; `#` starts a comment;
    /// blank lines are ignored. The vertex count is the largest number plus one.
    ///
    /// # Errors
    /// [`GraphError::Parse`] (`file:line:col: expected ...`) for malformed lines and
    /// [`GraphError::BadEdge`] for self-loops and repeated edges.
    pub fn parse_edge_list(text: &str, file: &str) -> Result<Graph, GraphError> {
        let mut edges = Vec::new();
        let mut seen = rustc_hash::FxHashMap::default();
        let mut n = 0usize;
        for (lineno, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let mut fields = Vec::new();
            let mut start = None;
            for (i, ch) in line
                .char_indices()
                .chain(std::iter::once((line.len(), ' ')))
            {
                if ch.is_whitespace() {
                    if let Some(s) = start.take() {
                        fields.push((s, &line[s..i]));
                    }
                } else if start.is_none() {
                    start = Some(i);
                }
            }
            if fields.is_empty() {
                continue;
            }
            let err = |byte: usize, expected: &str| GraphError::Parse {
                file: file.to_string(),
                line: lineno + 1,
                col: line[..byte].chars().count() + 1,
                expected: expected.to_string(),
            };
            let mut ends = [0 as Vertex; 2];
            for (k, end) in ends.iter_mut().enumerate() {
                let Some(&(pos, word)) = fields.get(k) else {
                    return Err(err(line.trim_end().len(), "a second vertex number"));
                };
                *end = Some(word)
                    .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|w| w.parse::<Vertex>().ok())
                    .filter(|&x| (x as usize) < MAX_VERTICES)
                    .ok_or_else(|| {
                        err(pos, &format!("a vertex number (0 to {})", MAX_VERTICES - 1))
                    })?;
            }
            if let Some(&(pos, _)) = fields.get(2) {
                return Err(err(pos, "end of line after two vertex numbers"));
            }
            let (u, v) = (ends[0].min(ends[1]), ends[0].max(ends[1]));
            let bad = |what: String| GraphError::BadEdge {
                file: file.to_string(),
                line: lineno + 1,
                col: line[..fields[0].0].chars().count() + 1,
                what,
            };
            if u == v {
                return Err(bad(format!("self-loop at vertex {u}")));
            }
            if let Some(first) = seen.insert((u, v), lineno + 1) {
                return Err(bad(format!(
                    "duplicate edge {u} {v} (first on line {first})"
                )));
            }
            n = n.max(v as usize + 1);
            edges.push((u, v));
        }
        Ok(Graph { n, edges })
    }

    /// Reads and parses an edge-list file (see [`Graph::parse_edge_list`]).
    ///
    /// # Errors
    /// [`GraphError::Io`] if the file cannot be read, else as [`Graph::parse_edge_list`].
    pub fn read_edge_list(path: &Path) -> Result<Graph, GraphError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| GraphError::Io {
            file: name.clone(),
            message: e.to_string(),
        })?;
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let good = String::from_utf8_lossy(&bytes[..e.valid_up_to()]);
            let line_start = good.rfind('\n').map_or(0, |i| i + 1);
            GraphError::Parse {
                file: name.clone(),
                line: good.matches('\n').count() + 1,
                col: good[line_start..].chars().count() + 1,
                expected: format!("UTF-8 text (invalid byte at offset {})", e.valid_up_to()),
            }
        })?;
        Graph::parse_edge_list(text, &name)
    }

    /// Number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.n
    }

    /// Number of edges (= number of ZDD variables).
    pub fn num_edges(&self) -> usize {
        self.edges.len()
    }

    /// The edges in order; `edges()[i]` is variable `i`.
    pub fn edges(&self) -> &[(Vertex, Vertex)] {
        &self.edges
    }

    /// The same graph with its edges permuted: new edge `i` is old edge `perm[i]`.
    ///
    /// # Panics
    /// If `perm` is not a permutation of `0..num_edges()` (a caller bug).
    pub fn permuted(&self, perm: &[usize]) -> Graph {
        assert_eq!(perm.len(), self.edges.len(), "permutation length");
        Graph {
            n: self.n,
            edges: perm.iter().map(|&i| self.edges[i]).collect(),
        }
    }

    /// Degree of every vertex.
    pub fn degrees(&self) -> Vec<usize> {
        let mut d = vec![0; self.n];
        for &(u, v) in &self.edges {
            d[u as usize] += 1;
            d[v as usize] += 1;
        }
        d
    }

    /// The two colour classes of a connected bipartite graph (`colour[v]`, vertex 0 has
    /// colour `false`); `None` if the graph is disconnected or has an odd cycle. Used for the
    /// parity argument of Hamiltonian specs: a Hamiltonian path alternates colours.
    pub fn bipartition(&self) -> Option<Vec<bool>> {
        let mut adj: Vec<Vec<Vertex>> = vec![Vec::new(); self.n];
        for &(u, v) in &self.edges {
            adj[u as usize].push(v);
            adj[v as usize].push(u);
        }
        let mut colour: Vec<Option<bool>> = vec![None; self.n];
        let mut stack = vec![0 as Vertex];
        if self.n > 0 {
            colour[0] = Some(false);
        }
        while let Some(u) = stack.pop() {
            let cu = colour[u as usize]?;
            for &v in &adj[u as usize] {
                match colour[v as usize] {
                    None => {
                        colour[v as usize] = Some(!cu);
                        stack.push(v);
                    }
                    Some(cv) if cv == cu => return None,
                    Some(_) => {}
                }
            }
        }
        colour.into_iter().collect()
    }
}

impl fmt::Display for Graph {
    /// The edge-list text form (parsable by [`Graph::parse_edge_list`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &(u, v) in &self.edges {
            writeln!(f, "{u} {v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_shape() {
        let g = Graph::grid(3, 4);
        assert_eq!(g.num_vertices(), 12);
        assert_eq!(g.num_edges(), 3 * 3 + 2 * 4);
        assert_eq!(&g.edges()[..3], &[(0, 1), (0, 4), (1, 2)]);
        assert_eq!(Graph::grid(1, 1).num_edges(), 0);
    }

    #[test]
    fn parse_round_trip_and_comments() {
        let g = Graph::parse_edge_list("\n# c\n 3 1 # x\n\n1 2\n", "f").unwrap();
        assert_eq!(g.num_vertices(), 4);
        assert_eq!(g.edges(), &[(1, 3), (1, 2)]);
        assert_eq!(Graph::parse_edge_list(&g.to_string(), "f").unwrap(), g);
    }

    #[test]
    fn parse_errors_are_positioned() {
        let e = Graph::parse_edge_list("0 1\n1 x\n", "g.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "g.txt:2:3: expected a vertex number (0 to 16777215)"
        );
        let e = Graph::parse_edge_list("0 1\n1 +2\n", "g.txt").unwrap_err();
        assert!(e.to_string().starts_with("g.txt:2:3:"), "{e}");
        let e = Graph::parse_edge_list("0 1\n1 1000000000\n", "g.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "g.txt:2:3: expected a vertex number (0 to 16777215)"
        );
        let e = Graph::parse_edge_list("  7\n", "g.txt").unwrap_err();
        assert_eq!(e.to_string(), "g.txt:1:4: expected a second vertex number");
        let e = Graph::parse_edge_list("1 2 3\n", "g.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "g.txt:1:5: expected end of line after two vertex numbers"
        );
        let e = Graph::parse_edge_list("1 2\n2 1\n", "g.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "g.txt:2:1: duplicate edge 1 2 (first on line 1)"
        );
        let e = Graph::parse_edge_list("4 4\n", "g.txt").unwrap_err();
        assert_eq!(e.to_string(), "g.txt:1:1: self-loop at vertex 4");
    }

    #[test]
    fn new_validates() {
        assert!(Graph::new(2, &[(0, 2)]).is_err());
        assert!(Graph::new(2, &[(1, 1)]).is_err());
        assert!(Graph::new(2, &[(0, 1), (1, 0)]).is_err());
        assert_eq!(Graph::new(2, &[(1, 0)]).unwrap().edges(), &[(0, 1)]);
    }
}
