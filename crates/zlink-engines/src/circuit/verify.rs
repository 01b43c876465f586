//! The independent rule checker of the circuit board: it re-reads the rules from the board
//! alone (no engine data) and names the first broken one. Also the tree path between two
//! points, which the shortest-path extension reports.

use std::collections::VecDeque;

use zlink_puzzle::Violation;

use super::{Circuit, Wires};

/// Checks `w` against every rule: wires join neighbouring points, no wire twice, every given
/// wire used, every point with 1 or 3 wires, and the wires forming one tree over all points
/// (`points − 1` wires, connected).
///
/// # Errors
/// The first broken rule, with the position it is broken at.
pub fn verify(c: &Circuit, w: &Wires) -> Result<(), Violation> {
    let cells = c.rows() * c.cols();
    let mut deg = vec![0usize; cells];
    for (k, &(a, b)) in w.edges.iter().enumerate() {
        if a >= cells || b >= cells || !c.is_edge(a, b) {
            return Err(Violation::new(format!(
                "the wire {a}-{b} does not join two neighbouring points"
            )));
        }
        if k > 0 && w.edges[k - 1] == (a, b) {
            return Err(Violation::new(format!(
                "the wire {}-{} is used twice",
                c.coord(a),
                c.coord(b)
            )));
        }
        deg[a] += 1;
        deg[b] += 1;
    }
    if let Some(&(a, b)) = c.given().iter().find(|g| w.edges.binary_search(g).is_err()) {
        return Err(Violation::new(format!(
            "the given wire {}-{} is missing",
            c.coord(a),
            c.coord(b)
        )));
    }
    for i in c.point_cells() {
        if deg[i] != 1 && deg[i] != 3 {
            return Err(Violation::new(format!(
                "the point {} has {} wires, not 1 or 3",
                c.coord(i),
                deg[i]
            )));
        }
    }
    let points = c.points();
    if w.edges.len() + 1 != points {
        return Err(Violation::new(format!(
            "{} wires for {points} points: a tree has {}",
            w.edges.len(),
            points.saturating_sub(1)
        )));
    }
    let Some(&start) = c.point_cells().first() else {
        return Ok(());
    };
    let reached = distances(c, w, start)
        .iter()
        .filter(|d| d.is_some())
        .count();
    if reached != points {
        return Err(Violation::new(format!(
            "the wires do not connect all points (the part holding {} reaches {reached} of \
             {points})",
            c.coord(start)
        )));
    }
    Ok(())
}

/// Wire distances from `from` to every cell through `w` (`None` = not reached).
fn distances(c: &Circuit, w: &Wires, from: usize) -> Vec<Option<usize>> {
    let cells = c.rows() * c.cols();
    let mut adj = vec![Vec::new(); cells];
    for &(a, b) in &w.edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut dist = vec![None; cells];
    dist[from] = Some(0);
    let mut queue = VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        let d = dist[v].unwrap_or(0);
        for &u in &adj[v] {
            if dist[u].is_none() {
                dist[u] = Some(d + 1);
                queue.push_back(u);
            }
        }
    }
    dist
}

/// The number of wires on the path from `s` to `t` through `w` (in a tree, the one path), or
/// `None` when they are not joined.
pub fn path_length(c: &Circuit, w: &Wires, s: usize, t: usize) -> Option<usize> {
    distances(c, w, s).get(t).copied().flatten()
}

/// The wires on the path from `s` to `t` through the tree `w` (empty when not joined).
pub fn path(c: &Circuit, w: &Wires, s: usize, t: usize) -> Vec<(usize, usize)> {
    let dist = distances(c, w, s);
    let Some(mut d) = dist.get(t).copied().flatten() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut v = t;
    while d > 0 {
        let Some(&(a, b)) = w.edges.iter().find(|&&(a, b)| {
            let u = if a == v {
                b
            } else if b == v {
                a
            } else {
                return false;
            };
            dist[u] == Some(d - 1)
        }) else {
            break;
        };
        v = if a == v { b } else { a };
        out.push((a, b));
        d -= 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use zlink_puzzle::Puzzle;

    #[test]
    fn accepts_a_tree_and_names_broken_rules() {
        let c = Circuit::parse("o o o\n\no o o\n", "f").unwrap().remove(0).1;
        let h = Wires::new(vec![(0, 3), (3, 4), (4, 1), (4, 5), (5, 2)]);
        assert!(verify(&c, &h).is_err()); // 5 wires for 6 points, but 5 has degree 2
        let ok = Wires::new(vec![(0, 1), (1, 2), (1, 4), (3, 4), (4, 5)]);
        assert_eq!(verify(&c, &ok), Ok(()));
        assert_eq!(path_length(&c, &ok, 0, 5), Some(3));
        assert_eq!(path(&c, &ok, 0, 5).len(), 3);
        let cycle = Wires::new(vec![(0, 1), (1, 4), (3, 4), (0, 3), (2, 5)]);
        assert!(verify(&c, &cycle).is_err());
        let diagonal = Wires::new(vec![(0, 4)]);
        assert!(verify(&c, &diagonal)
            .unwrap_err()
            .message
            .contains("neighbouring"));
        let given = Circuit::parse("o o o\n    |\no o o\n", "f")
            .unwrap()
            .remove(0)
            .1;
        assert!(verify(&given, &ok).unwrap_err().message.contains("given"));
    }
}
