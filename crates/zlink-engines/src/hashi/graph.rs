//! The candidate-bridge graph shared by every Hashi model.
//!
//! A candidate joins an island to the first island met to its right or below, so every island
//! has at most four candidates and `m ≤ 2n`. Two candidates cross when a horizontal one passes
//! strictly through the interior of a vertical one; only perpendicular pairs can, because a
//! candidate never jumps an island (the report's case analysis, chapter 6.2.3).
//!
//! Complexity: `O(rows · cols)` to find candidates, `O(m_h · m_v)` worst case for crossings, cut
//! down by bucketing vertical candidates by column.

use super::Hashi;

/// A possible bridge between islands `a < b` (indices into [`Hashi::islands`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// Upper or left island.
    pub a: usize,
    /// Lower or right island.
    pub b: usize,
    /// Whether the candidate runs down a column (else along a row).
    pub vertical: bool,
}

/// Candidates, per-island incidence and crossing pairs of a [`Hashi`].
#[derive(Debug, Clone)]
pub struct BridgeGraph {
    /// All candidates, ordered by `(a, b)`.
    pub candidates: Vec<Candidate>,
    /// For each island, the indices of its candidates.
    pub incident: Vec<Vec<usize>>,
    /// Pairs `(h, v)` of candidate indices that cross.
    pub crossings: Vec<(usize, usize)>,
}

impl BridgeGraph {
    /// Builds the graph of `h`.
    pub fn new(h: &Hashi) -> Self {
        let isl = h.islands();
        let mut candidates = Vec::new();
        for (a, island) in isl.iter().enumerate() {
            let c = island.coord;
            if let Some(b) =
                (c.col + 1..h.cols()).find_map(|k| h.island_at(zlink_puzzle::Coord::new(c.row, k)))
            {
                candidates.push(Candidate {
                    a,
                    b,
                    vertical: false,
                });
            }
            if let Some(b) =
                (c.row + 1..h.rows()).find_map(|r| h.island_at(zlink_puzzle::Coord::new(r, c.col)))
            {
                candidates.push(Candidate {
                    a,
                    b,
                    vertical: true,
                });
            }
        }
        candidates.sort_unstable_by_key(|e| (e.a, e.b));
        let mut incident = vec![Vec::new(); isl.len()];
        for (i, e) in candidates.iter().enumerate() {
            incident[e.a].push(i);
            incident[e.b].push(i);
        }
        // Vertical candidates bucketed by column; a horizontal one in row r spanning columns
        // (c1, c2) crosses a vertical one in column c spanning rows (r1, r2) iff c1 < c < c2 and
        // r1 < r < r2.
        let mut by_col: Vec<Vec<usize>> = vec![Vec::new(); h.cols()];
        for (i, e) in candidates.iter().enumerate() {
            if e.vertical {
                by_col[isl[e.a].coord.col].push(i);
            }
        }
        let mut crossings = Vec::new();
        for (i, e) in candidates.iter().enumerate() {
            if e.vertical {
                continue;
            }
            let (r, c1, c2) = (isl[e.a].coord.row, isl[e.a].coord.col, isl[e.b].coord.col);
            for col in by_col.iter().take(c2).skip(c1 + 1) {
                for &j in col {
                    let v = candidates[j];
                    if isl[v.a].coord.row < r && r < isl[v.b].coord.row {
                        crossings.push((i, j));
                    }
                }
            }
        }
        Self {
            candidates,
            incident,
            crossings,
        }
    }

    /// The other end of candidate `e` seen from island `v`.
    pub fn other(&self, e: usize, v: usize) -> usize {
        let c = self.candidates[e];
        if c.a == v {
            c.b
        } else {
            c.a
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plus_shape_has_one_crossing_and_no_jumps() {
        // .1.
        // 1.1
        // .1.   vertical (0,1)-(2,1) crosses horizontal (1,0)-(1,2)
        let h = Hashi::parse_compact(".1.\n1.1\n.1.", "t").unwrap();
        let g = BridgeGraph::new(&h);
        assert_eq!(g.candidates.len(), 2);
        assert_eq!(g.crossings.len(), 1);
        // 1 1 1: no candidate from the first to the third island
        let h = Hashi::parse_compact("111", "t").unwrap();
        let g = BridgeGraph::new(&h);
        assert_eq!(g.candidates.len(), 2);
        assert!(g.candidates.iter().all(|c| c.b == c.a + 1));
    }
}
