//! The engine's numbering of the sides: the lattice-dot graph of an `R × C` cell grid, edge by
//! edge in the order `zlink_frontier::Graph::grid` numbers them, so a frontier edge index maps
//! back to the cell side ([`LoopEdge`], defined with the puzzle in `zlink-puzzle`) it stands for.

use zlink_puzzle::slitherlink::LoopEdge;
use zlink_puzzle::Coord;

/// The dot graph's edges in `zlink_frontier::Graph::grid(rows + 1, cols + 1)` order (for each
/// dot row-major, its right segment then its down segment), with dot `(r, c)` numbered
/// `r * (cols + 1) + c`.
pub fn dot_edges(rows: usize, cols: usize) -> Vec<LoopEdge> {
    let mut out = Vec::with_capacity((rows + 1) * cols + rows * (cols + 1));
    for r in 0..=rows {
        for c in 0..=cols {
            if c < cols {
                out.push(LoopEdge::H(Coord::new(r, c)));
            }
            if r < rows {
                out.push(LoopEdge::V(Coord::new(r, c)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_frontier::Graph;

    #[test]
    fn dot_edges_follow_the_grid_graph() {
        for (r, c) in [(1, 1), (2, 3), (4, 2)] {
            let g = Graph::grid(r + 1, c + 1);
            let es = dot_edges(r, c);
            assert_eq!(es.len(), g.num_edges());
            for (&(u, v), e) in g.edges().iter().zip(&es) {
                let dot = |x: u32| (x as usize / (c + 1), x as usize % (c + 1));
                let (a, b) = (dot(u), dot(v));
                match *e {
                    LoopEdge::H(k) => assert_eq!((a, b), ((k.row, k.col), (k.row, k.col + 1))),
                    LoopEdge::V(k) => assert_eq!((a, b), ((k.row, k.col), (k.row + 1, k.col))),
                }
            }
        }
    }
}
