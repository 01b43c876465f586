//! Windows around a vertex: the vertices within a graph distance of it. A solution that is
//! not the only one almost always has another that differs only locally, so the searches for
//! a second solution (the completion's `second_near`, the generator's `another_near`) look
//! window by window, everything outside fixed to the first solution.

use super::Problem;

/// Each vertex's neighbours in `p`'s graph.
pub(super) fn adjacency(p: &Problem) -> Vec<Vec<u32>> {
    let mut adj = vec![Vec::new(); p.n];
    for &(u, v) in &p.edges {
        adj[u as usize].push(v);
        adj[v as usize].push(u);
    }
    adj
}

/// The vertices within `radius` of `centre` (breadth first), their distances set in `dist`.
pub(super) fn ball(adj: &[Vec<u32>], centre: usize, radius: u32, dist: &mut [u32]) -> Vec<u32> {
    let mut seen = vec![centre as u32];
    dist[centre] = 0;
    let mut head = 0;
    while head < seen.len() {
        let x = seen[head];
        head += 1;
        let d = dist[x as usize];
        if d == radius {
            continue;
        }
        for &y in &adj[x as usize] {
            if dist[y as usize] == u32::MAX {
                dist[y as usize] = d + 1;
                seen.push(y);
            }
        }
    }
    seen
}
