//! A vertex order that follows the block-cut tree of the problem's optional edges.
//!
//! Why: connectivity of a spanning subgraph factorises over the biconnected blocks of the
//! graph it is taken from (a solution is connected iff its edges in every block join that
//! block's vertices), and the degree rule couples two blocks only at the vertices they share.
//! A frontier sweep that finishes one block before it starts the next therefore carries only
//! the shared (cut) vertices from one block to the next, and counts a tree of blocks at the
//! cost of its blocks rather than of their product: the frontier method does the block-cut
//! tree's dynamic programming by itself, given the order. Edges that must be used (`min ≥ 1`)
//! join their ends for good, so the blocks are taken in the graph with those ends contracted
//! (a forced component is one node) and the optional edges (`min = 0`) as its edges.
//!
//! The order: the largest block (most optional edges) is laid out in the base order's ranks
//! (e.g. [`super::layout::vertex_order`]); each of its nodes (all of its vertices, in base
//! order) is followed at once by the blocks hanging off it, recursively, so a pendant block is
//! swept while its cut node is live anyway. Vertices in no block come last. Any order gives
//! the same count; this one only changes the states.
//!
//! Complexity: `O(n + m log m)`.

use super::ConnectedProblem;

/// The block-cut order of `p`'s vertices, ties and blocks' insides by `base` (a vertex order).
///
/// # Panics
/// If `base` is not a permutation of `0..p.n`.
pub fn block_order(p: &ConnectedProblem, base: &[usize]) -> Vec<usize> {
    let n = p.n;
    assert_eq!(base.len(), n, "base order length");
    let mut rank = vec![usize::MAX; n];
    for (i, &v) in base.iter().enumerate() {
        rank[v] = i;
    }
    assert!(rank.iter().all(|&r| r < n), "base is not a permutation");
    // forced components: the contracted nodes
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for (e, &(a, b)) in p.edges.iter().enumerate() {
        if p.min[e] >= 1 && p.max[e] >= 1 {
            let (x, y) = (find(&mut parent, a as usize), find(&mut parent, b as usize));
            if x != y {
                parent[x] = y;
            }
        }
    }
    let mut node_of = vec![usize::MAX; n];
    let mut members: Vec<Vec<usize>> = Vec::new();
    for &v in base {
        let r = find(&mut parent, v);
        if node_of[r] == usize::MAX {
            node_of[r] = members.len();
            members.push(Vec::new());
        }
        let k = node_of[r];
        node_of[v] = k;
        members[k].push(v);
    }
    let k = members.len();
    // the contracted multigraph of optional edges (loops dropped)
    let mut ends: Vec<(usize, usize)> = Vec::new();
    let mut orig: Vec<usize> = Vec::new();
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); k];
    for (e, &(a, b)) in p.edges.iter().enumerate() {
        if p.min[e] == 0 && p.max[e] >= 1 {
            let (x, y) = (node_of[a as usize], node_of[b as usize]);
            if x != y {
                adj[x].push((y, ends.len()));
                adj[y].push((x, ends.len()));
                ends.push((x, y));
                orig.push(e);
            }
        }
    }
    let mut blocks = biconnected(k, &adj, &ends);
    for (_, edges) in &mut blocks {
        for e in edges.iter_mut() {
            *e = orig[*e];
        }
    }
    // per node, the blocks it lies in
    let mut in_blocks: Vec<Vec<usize>> = vec![Vec::new(); k];
    for (i, (nodes, _)) in blocks.iter().enumerate() {
        for &x in nodes {
            in_blocks[x].push(i);
        }
    }
    let t = Tree {
        p,
        rank: &rank,
        node_of: &node_of,
        members: &members,
        blocks: &blocks,
        in_blocks: &in_blocks,
    };
    let mut order = Vec::with_capacity(n);
    let mut node_done = vec![false; k];
    let mut block_done = vec![false; blocks.len()];
    // roots: the blocks by size, largest first (one per connected piece in effect)
    let mut roots: Vec<usize> = (0..blocks.len()).collect();
    roots.sort_by_key(|&i| std::cmp::Reverse(blocks[i].1.len()));
    for root in roots {
        if !block_done[root] {
            block_done[root] = true;
            t.sweep(root, &mut node_done, &mut block_done, &mut order);
        }
    }
    let mut rest: Vec<usize> = (0..n).filter(|&v| !node_done[node_of[v]]).collect();
    rest.sort_by_key(|&v| rank[v]);
    order.extend(rest);
    order
}

/// The block-cut tree of a problem, for [`block_order`].
struct Tree<'a> {
    p: &'a ConnectedProblem,
    rank: &'a [usize],
    node_of: &'a [usize],
    members: &'a [Vec<usize>],
    /// Per block: its nodes and its optional edges (indices into `p.edges`).
    blocks: &'a [(Vec<usize>, Vec<usize>)],
    in_blocks: &'a [Vec<usize>],
}

impl Tree<'_> {
    /// Appends block `b`'s vertices not yet placed (its nodes' members at their base ranks)
    /// to `out`, each pendant block right after the first vertex of its cut node that one of
    /// its edges touches, recursively.
    fn sweep(
        &self,
        b: usize,
        node_done: &mut [bool],
        block_done: &mut [bool],
        out: &mut Vec<usize>,
    ) {
        let mut mine: Vec<usize> = Vec::new();
        for &x in &self.blocks[b].0 {
            if !node_done[x] {
                node_done[x] = true;
                mine.extend_from_slice(&self.members[x]);
            }
        }
        mine.sort_by_key(|&v| self.rank[v]);
        // the pendant blocks of this block's nodes, anchored at a vertex
        let mut anchored: Vec<(usize, usize)> = Vec::new();
        for &v in &mine {
            let x = self.node_of[v];
            if self.members[x][0] != v {
                continue; // each node once
            }
            for &c in &self.in_blocks[x] {
                if block_done[c] {
                    continue;
                }
                block_done[c] = true;
                let anchor = self.blocks[c]
                    .1
                    .iter()
                    .flat_map(|&e| {
                        let (a, b) = self.p.edges[e];
                        [a as usize, b as usize]
                    })
                    .filter(|&w| self.node_of[w] == x)
                    .min_by_key(|&w| self.rank[w])
                    .unwrap_or(v);
                anchored.push((anchor, c));
            }
        }
        for v in mine {
            out.push(v);
            for &(_, c) in anchored.iter().filter(|a| a.0 == v) {
                self.sweep(c, node_done, block_done, out);
            }
        }
    }
}

/// The biconnected blocks of a multigraph (`adj[v]` = `(neighbour, edge)`), each as its nodes
/// and its edges. Iterative Tarjan with an edge stack.
fn biconnected(
    k: usize,
    adj: &[Vec<(usize, usize)>],
    ends: &[(usize, usize)],
) -> Vec<(Vec<usize>, Vec<usize>)> {
    const NONE: usize = usize::MAX;
    let mut disc = vec![NONE; k];
    let mut low = vec![0usize; k];
    let mut edge_stack: Vec<usize> = Vec::new();
    let mut seen = vec![false; ends.len()];
    let mut stamp = vec![NONE; k];
    let mut out = Vec::new();
    let mut time = 0;
    for s in 0..k {
        if disc[s] != NONE {
            continue;
        }
        disc[s] = time;
        low[s] = time;
        time += 1;
        // (node, edge it was reached by, next adjacency index)
        let mut stack = vec![(s, NONE, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (v, via, i) = *top;
            if let Some(&(w, e)) = adj[v].get(i) {
                top.2 += 1;
                if e == via {
                    continue;
                }
                if !seen[e] && disc[w] != NONE && disc[w] > disc[v] {
                    continue; // a back edge already seen from its lower end
                }
                if !seen[e] {
                    seen[e] = true;
                    edge_stack.push(e);
                }
                if disc[w] == NONE {
                    disc[w] = time;
                    low[w] = time;
                    time += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                stack.pop();
                if let Some(&(u, _, _)) = stack.last() {
                    low[u] = low[u].min(low[v]);
                    if low[v] >= disc[u] {
                        // pop the block of edges down to `via`
                        let mut nodes = Vec::new();
                        let mut edges = Vec::new();
                        while let Some(f) = edge_stack.pop() {
                            edges.push(f);
                            for x in [ends[f].0, ends[f].1] {
                                if stamp[x] != out.len() {
                                    stamp[x] = out.len();
                                    nodes.push(x);
                                }
                            }
                            if f == via {
                                break;
                            }
                        }
                        out.push((nodes, edges));
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks_of(k: usize, edges: &[(usize, usize)]) -> Vec<(Vec<usize>, usize)> {
        let mut adj = vec![Vec::new(); k];
        for (e, &(a, b)) in edges.iter().enumerate() {
            adj[a].push((b, e));
            adj[b].push((a, e));
        }
        let mut b: Vec<(Vec<usize>, usize)> = biconnected(k, &adj, edges)
            .into_iter()
            .map(|(mut v, e)| {
                v.sort_unstable();
                (v, e.len())
            })
            .collect();
        b.sort();
        b
    }

    #[test]
    fn blocks_of_a_bowtie_a_pendant_and_parallel_edges() {
        // triangles 0-1-2 and 2-3-4 share 2; 4-5 pendant; 5=6 doubled
        let e = [
            (0, 1),
            (1, 2),
            (2, 0),
            (2, 3),
            (3, 4),
            (4, 2),
            (4, 5),
            (5, 6),
            (5, 6),
        ];
        assert_eq!(
            blocks_of(7, &e),
            vec![
                (vec![0, 1, 2], 3),
                (vec![2, 3, 4], 3),
                (vec![4, 5], 1),
                (vec![5, 6], 2)
            ]
        );
    }

    #[test]
    fn order_keeps_pendant_blocks_together_and_is_a_permutation() {
        // a 4-cycle 0-1-2-3 with a pendant triangle 1-4-5 and forced edge 5-6
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (1, 4),
            (4, 5),
            (5, 1),
            (5, 6),
        ];
        let mut p = ConnectedProblem::simple(7, &edges, &[!0; 7]);
        p.min[7] = 1;
        let base = vec![6, 5, 4, 3, 2, 1, 0];
        let o = block_order(&p, &base);
        let mut s = o.clone();
        s.sort_unstable();
        assert_eq!(s, (0..7).collect::<Vec<_>>());
        // largest block (the 4-cycle) by base rank: 3 first, then 2, then 1 with its
        // pendant (5 and 6 contracted, base order 6 before 5; then 4), then 0
        assert_eq!(o, vec![3, 2, 1, 6, 5, 4, 0]);
    }
}
