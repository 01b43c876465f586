//! The independent checker: decides from the rules alone whether bridges solve a [`Hashi`].
//!
//! It shares no code with the models (it does not use the candidate graph): it walks the cells
//! each bridge covers, so a wrong candidate or crossing list in the models cannot hide here.
//! Complexity: `O(rows · cols + bridges · length)`.

use super::{Bridges, Hashi};
use zlink_puzzle::Violation;

/// Checks every rule; returns the first violation found.
///
/// # Errors
/// A [`Violation`] naming the broken rule and where: a bridge between islands that are not in
/// one row or column or have an island between them, a count outside 1–2, a pair listed twice,
/// two bridges crossing, an island with the wrong number of bridges, or a disconnected network.
pub fn verify(h: &Hashi, sol: &Bridges) -> Result<(), Violation> {
    let isl = h.islands();
    let n = isl.len();
    let (rows, cols) = (h.rows(), h.cols());
    // Which bridge covers each water cell: 0 none, 1 horizontal, 2 vertical.
    let mut covered = vec![0u8; rows * cols];
    let mut degree = vec![0usize; n];
    let mut seen = std::collections::HashSet::new();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for &(a, b, count) in &sol.bridges {
        if a >= n || b >= n || a == b {
            return Err(Violation::new(format!(
                "bridge ({a}, {b}) does not join two distinct islands"
            )));
        }
        let (pa, pb) = (isl[a].coord, isl[b].coord);
        if !(1..=2).contains(&count) {
            return Err(Violation::new(format!(
                "{count} bridges between {pa} and {pb}: must be 1 or 2"
            )));
        }
        if !seen.insert((a.min(b), a.max(b))) {
            return Err(Violation::new(format!(
                "the pair {pa}–{pb} is listed twice"
            )));
        }
        let cells: Vec<usize> = if pa.row == pb.row {
            (pa.col.min(pb.col) + 1..pa.col.max(pb.col))
                .map(|c| pa.row * cols + c)
                .collect()
        } else if pa.col == pb.col {
            (pa.row.min(pb.row) + 1..pa.row.max(pb.row))
                .map(|r| r * cols + pa.col)
                .collect()
        } else {
            return Err(Violation::new(format!(
                "bridge {pa}–{pb} is neither horizontal nor vertical"
            )));
        };
        let dir = if pa.row == pb.row { 1 } else { 2 };
        for cell in cells {
            let at = zlink_puzzle::Coord::new(cell / cols, cell % cols);
            if h.island_at(at).is_some() {
                return Err(Violation::new(format!(
                    "bridge {pa}–{pb} jumps over the island at {at}"
                )));
            }
            if covered[cell] != 0 {
                return Err(Violation::new(format!(
                    "bridge {pa}–{pb} crosses another bridge at {at}"
                )));
            }
            covered[cell] = dir;
        }
        degree[a] += usize::from(count);
        degree[b] += usize::from(count);
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra] = rb;
    }
    for (i, island) in isl.iter().enumerate() {
        match island.clue {
            Some(c) if usize::from(c) != degree[i] => {
                return Err(Violation::new(format!(
                    "island {c} at {} has {} bridges",
                    island.coord, degree[i]
                )))
            }
            None if degree[i] == 0 => {
                return Err(Violation::new(format!(
                    "island ? at {} has no bridge",
                    island.coord
                )))
            }
            _ => {}
        }
    }
    // no islands: nothing to connect (the empty network is the one solution)
    let Some(root) = (n > 0).then(|| find(&mut parent, 0)) else {
        return Ok(());
    };
    if let Some(i) = (1..n).find(|&i| find(&mut parent, i) != root) {
        return Err(Violation::new(format!(
            "the islands at {} and {} are not connected",
            isl[0].coord, isl[i].coord
        )));
    }
    Ok(())
}
