//! Vertex orders for connected-degree problems: a path-decomposition heuristic (greedy
//! smallest boundary, then simulated annealing on the order).
//!
//! Why: the connected spec decides a vertex's edges to later vertices when the sweep reaches
//! it (edges sorted by `(earlier end, later end)` in the vertex order), so a state holds the
//! vertices that have a decided edge and an undecided one, and the crossing flags of
//! undecided edges with a decided partner. Row or column sweeps of points in the plane keep
//! 30+ vertices of a 400-vertex instance live at once (long edges, clusters of adjacent
//! points); an order that follows the graph instead of the plane keeps 10-25, and the number
//! of states falls by orders of magnitude (figures in tools/README.md, issue 17).
//!
//! The cost of an order is `Σ_t base^(b_t + λ·f_t)` over the sweep's steps `t`, with `b_t`
//! the live vertices and `f_t` the live crossing flags after step `t` (exact for the edge
//! order above, at step granularity): states grow exponentially in both. The greedy start
//! takes, from each of a few start vertices, the frontier vertex that adds the fewest new
//! boundary vertices (ties: the most decided neighbours) and keeps the cheapest order; the
//! annealing then moves single vertices by up to [`MAX_SHIFT`] places and accepts by the
//! Metropolis rule on `log2(cost)`. A move changes the live sets only between its two
//! positions, so it is evaluated in `O(shift · degree²)`.
//!
//! Everything is deterministic for a given seed.

use super::ConnectedProblem;

/// Largest distance a vertex moves in one annealing step.
pub const MAX_SHIFT: usize = 8;

/// How [`vertex_order`] searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayoutOptions {
    /// Greedy start vertices tried (spread over the vertex numbering); 0 = every vertex.
    pub starts: usize,
    /// Annealing moves per vertex (0 = the greedy order as it is).
    pub moves_per_vertex: usize,
    /// Seed of the annealing's random moves.
    pub seed: u64,
    /// Weight `λ` of a live crossing flag against a live vertex in the cost.
    pub flag_weight: f64,
    /// Weigh each live vertex by what it can hold ([`vertex_weights`]) instead of 1.
    pub weighted: bool,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            starts: 64,
            moves_per_vertex: 400,
            seed: 1,
            flag_weight: 0.5,
            weighted: false,
        }
    }
}

/// The problem's structure as the layout sees it.
struct Layout {
    n: usize,
    /// Edge endpoints.
    ends: Vec<[u32; 2]>,
    /// Incident edges per vertex.
    inc: Vec<Vec<u32>>,
    /// Crossing partners per edge.
    partners: Vec<Vec<u32>>,
    flag_weight: f64,
    /// Per vertex, its weight in a live count, in quarters.
    weight: Vec<i32>,
    // The current order and what it implies.
    order: Vec<u32>,
    pos: Vec<u32>,
    /// Decision step of each edge: the earlier end's position.
    dec: Vec<u32>,
    /// Per vertex: the steps of its first and last decided edge (`first == last`: never
    /// live).
    first: Vec<u32>,
    last: Vec<u32>,
    /// Per edge: its flag is live over steps `fspan.0..fspan.1` (its earliest partner's
    /// decision to its own; empty if no partner comes first).
    fspan: Vec<(u32, u32)>,
    /// Live vertices and flags after each step.
    live: Vec<i32>,
    flags: Vec<i32>,
    /// Scratch: the edges and flags a move touches.
    touched: Vec<u32>,
    flagged: Vec<u32>,
    /// Scratch: a stamp per vertex and per edge.
    vstamp: Vec<u32>,
    estamp: Vec<u32>,
    stamp: u32,
}

impl Layout {
    fn new(p: &ConnectedProblem, flag_weight: f64, weighted: bool) -> Layout {
        let n = p.n;
        let m = p.edges.len();
        let mut inc = vec![Vec::new(); n];
        for (e, &(a, b)) in p.edges.iter().enumerate() {
            inc[a as usize].push(e as u32);
            inc[b as usize].push(e as u32);
        }
        let mut partners = vec![Vec::new(); m];
        for &(a, b) in &p.crossings {
            if a != b && !partners[a].contains(&(b as u32)) {
                partners[a].push(b as u32);
                partners[b].push(a as u32);
            }
        }
        Layout {
            n,
            ends: p.edges.iter().map(|&(a, b)| [a, b]).collect(),
            inc,
            partners,
            flag_weight,
            weight: if weighted {
                vertex_weights(p)
            } else {
                vec![4; n]
            },
            order: Vec::new(),
            pos: vec![0; n],
            dec: vec![0; m],
            first: vec![0; n],
            last: vec![0; n],
            fspan: vec![(0, 0); m],
            live: vec![0; n + 1],
            flags: vec![0; n + 1],
            touched: Vec::new(),
            flagged: Vec::new(),
            vstamp: vec![0; n],
            estamp: vec![0; m],
            stamp: 0,
        }
    }

    fn vertex_span(&self, v: usize) -> (u32, u32) {
        let mut lo = u32::MAX;
        let mut hi = 0;
        for &e in &self.inc[v] {
            lo = lo.min(self.dec[e as usize]);
            hi = hi.max(self.dec[e as usize]);
        }
        if lo == u32::MAX {
            (0, 0)
        } else {
            (lo, hi)
        }
    }

    /// `min(partners' decisions)..decision` (empty if no partner is decided before it).
    fn flag_span(&self, e: usize) -> (u32, u32) {
        let d = self.dec[e];
        let o = self.partners[e]
            .iter()
            .map(|&q| self.dec[q as usize])
            .min()
            .unwrap_or(u32::MAX);
        (o.min(d), d)
    }

    /// Sets the order and recomputes everything.
    fn set_order(&mut self, order: &[u32]) {
        self.order = order.to_vec();
        for (i, &v) in order.iter().enumerate() {
            self.pos[v as usize] = i as u32;
        }
        for e in 0..self.ends.len() {
            let [a, b] = self.ends[e];
            self.dec[e] = self.pos[a as usize].min(self.pos[b as usize]);
        }
        self.live.iter_mut().for_each(|x| *x = 0);
        self.flags.iter_mut().for_each(|x| *x = 0);
        for v in 0..self.n {
            let (f, l) = self.vertex_span(v);
            self.first[v] = f;
            self.last[v] = l;
            for t in f..l {
                self.live[t as usize] += self.weight[v];
            }
        }
        for e in 0..self.ends.len() {
            let (a, b) = self.flag_span(e);
            self.fspan[e] = (a, b);
            for t in a..b {
                self.flags[t as usize] += 1;
            }
        }
    }

    fn term(&self, t: usize) -> f64 {
        (f64::from(self.live[t]) / 4.0 + self.flag_weight * f64::from(self.flags[t])).exp2()
    }

    /// The cost `Σ_t base^(b_t + λ f_t)`.
    fn cost(&self) -> f64 {
        (0..self.n).map(|t| self.term(t)).sum()
    }

    /// Moves the vertex at position `i` to position `j`, updating everything; returns the
    /// change of the cost. Every interval end that changes is a decision step that changes,
    /// and those all lie between `i` and `j`, so live counts change only there.
    fn shift(&mut self, i: usize, j: usize) -> f64 {
        let (lo, hi) = (i.min(j), i.max(j));
        let before: f64 = (lo..=hi).map(|t| self.term(t)).sum();
        if i < j {
            self.order[lo..=hi].rotate_left(1);
        } else {
            self.order[lo..=hi].rotate_right(1);
        }
        self.stamp += 1;
        let s = self.stamp;
        let mut edges = std::mem::take(&mut self.touched);
        edges.clear();
        for t in lo..=hi {
            let u = self.order[t] as usize;
            self.pos[u] = t as u32;
            for &e in &self.inc[u] {
                if self.estamp[e as usize] != s {
                    self.estamp[e as usize] = s;
                    edges.push(e);
                }
            }
        }
        for &e in &edges {
            let [a, b] = self.ends[e as usize];
            self.dec[e as usize] = self.pos[a as usize].min(self.pos[b as usize]);
        }
        let clip = |a: u32, b: u32| (a.max(lo as u32), b.min(hi as u32 + 1));
        // vertices: the ends of the changed edges
        for &e in &edges {
            for x in self.ends[e as usize] {
                let x = x as usize;
                if self.vstamp[x] == s {
                    continue;
                }
                self.vstamp[x] = s;
                let (f, l) = clip(self.first[x], self.last[x]);
                for t in f..l {
                    self.live[t as usize] -= self.weight[x];
                }
                let (nf, nl) = self.vertex_span(x);
                self.first[x] = nf;
                self.last[x] = nl;
                let (f, l) = clip(nf, nl);
                for t in f..l {
                    self.live[t as usize] += self.weight[x];
                }
            }
        }
        // flags: the changed edges and their partners
        let s2 = s + 1;
        self.stamp = s2;
        let mut flagged = std::mem::take(&mut self.flagged);
        flagged.clear();
        for &e in &edges {
            for &f in std::iter::once(&e).chain(&self.partners[e as usize]) {
                if self.estamp[f as usize] != s2 {
                    self.estamp[f as usize] = s2;
                    flagged.push(f);
                }
            }
        }
        for &f in &flagged {
            let f = f as usize;
            let (a, b) = clip(self.fspan[f].0, self.fspan[f].1);
            for t in a..b {
                self.flags[t as usize] -= 1;
            }
            let span = self.flag_span(f);
            self.fspan[f] = span;
            let (a, b) = clip(span.0, span.1);
            for t in a..b {
                self.flags[t as usize] += 1;
            }
        }
        self.touched = edges;
        self.flagged = flagged;
        let after: f64 = (lo..=hi).map(|t| self.term(t)).sum();
        after - before
    }
}

/// Per vertex, in quarters, roughly `log2` of the states it adds while live: a vertex whose
/// edges are all fixed (`min = max`) has one degree and shares its component with a decided
/// neighbour (1/4); one with an open edge holds a degree in `0..=D` (`D` its largest allowed
/// degree in reach) and a label: `4 · log2(1 + D) / log2(5)`, so a degree-4 vertex weighs 1 as
/// every vertex does unweighted.
pub fn vertex_weights(p: &ConnectedProblem) -> Vec<i32> {
    let mut cap = vec![0u32; p.n];
    let mut open = vec![false; p.n];
    for (e, &(a, b)) in p.edges.iter().enumerate() {
        for x in [a as usize, b as usize] {
            cap[x] += u32::from(p.max[e]);
            open[x] |= p.min[e] < p.max[e];
        }
    }
    (0..p.n)
        .map(|x| {
            if !open[x] {
                return 1;
            }
            let reach = p.allowed[x] & ((2u64 << cap[x].min(31)) - 1) as u32;
            let d = 31 - reach.leading_zeros().min(31);
            (4.0 * f64::from(1 + d).log2() / 5f64.log2())
                .round()
                .max(1.0) as i32
        })
        .collect()
}

/// A small xorshift generator (deterministic per seed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The greedy order from `start`: repeatedly the frontier vertex (a neighbour of a taken
/// vertex) adding the fewest new frontier vertices, ties to the most taken neighbours, then
/// the smallest number; a new component starts at its smallest vertex.
fn greedy(adj: &[Vec<u32>], start: usize) -> Vec<u32> {
    let n = adj.len();
    let mut taken = vec![false; n];
    let mut front = vec![false; n];
    let mut cand: Vec<u32> = vec![start as u32];
    front[start] = true;
    let mut order = Vec::with_capacity(n);
    let mut next_free = 0usize;
    while order.len() < n {
        if cand.is_empty() {
            while taken[next_free] {
                next_free += 1;
            }
            cand.push(next_free as u32);
            front[next_free] = true;
        }
        let mut best = 0;
        let mut best_key = (usize::MAX, usize::MAX, u32::MAX);
        for (i, &v) in cand.iter().enumerate() {
            let (mut add, mut back) = (0, 0);
            for &u in &adj[v as usize] {
                if taken[u as usize] {
                    back += 1;
                } else if !front[u as usize] {
                    add += 1;
                }
            }
            let key = (add, usize::MAX - back, v);
            if key < best_key {
                best_key = key;
                best = i;
            }
        }
        let v = cand.swap_remove(best);
        taken[v as usize] = true;
        order.push(v);
        for &u in &adj[v as usize] {
            if !taken[u as usize] && !front[u as usize] {
                front[u as usize] = true;
                cand.push(u);
            }
        }
    }
    order
}

/// A vertex order of `p` for the spec's `(earlier end, later end)` edge order (see the
/// module doc): the best greedy order over `opts.starts` start vertices, improved by
/// `opts.moves_per_vertex · n` annealing moves.
///
/// Complexity: `O(starts · n · (frontier · degree))` for the greedy part and
/// `O(moves · MAX_SHIFT · degree²)` for the annealing.
pub fn vertex_order(p: &ConnectedProblem, opts: &LayoutOptions) -> Vec<usize> {
    let n = p.n;
    if n == 0 {
        return Vec::new();
    }
    let mut lay = Layout::new(p, opts.flag_weight, opts.weighted);
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &(a, b) in &p.edges {
        adj[a as usize].push(b);
        adj[b as usize].push(a);
    }
    let starts = if opts.starts == 0 || opts.starts >= n {
        n
    } else {
        opts.starts
    };
    let mut best: Option<(f64, Vec<u32>)> = None;
    for k in 0..starts {
        let s = k * n / starts;
        let order = greedy(&adj, s);
        lay.set_order(&order);
        let c = lay.cost();
        if best.as_ref().is_none_or(|b| c < b.0) {
            best = Some((c, order));
        }
    }
    let (mut cost, order) = best.expect("n > 0");
    lay.set_order(&order);
    let moves = opts.moves_per_vertex.saturating_mul(n);
    if n > 1 && moves > 0 {
        let mut rng = Rng(opts.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut best = (cost, lay.order.clone());
        // temperature on log2(cost): from 0.05 down to 0.0005
        for it in 0..moves {
            let temp = 0.05 * 0.01f64.powf(it as f64 / moves as f64);
            let i = rng.below(n);
            let d = 1 + rng.below(MAX_SHIFT);
            let j = if rng.next() & 1 == 0 {
                (i + d).min(n - 1)
            } else {
                i.saturating_sub(d)
            };
            if i == j {
                continue;
            }
            let delta = lay.shift(i, j);
            let new = cost + delta;
            let dlog = (new.max(1.0) / cost.max(1.0)).log2();
            if dlog <= 0.0 || rng.unit() < (-dlog / temp).exp() {
                cost = new;
                if cost < best.0 {
                    best = (cost, lay.order.clone());
                }
            } else {
                lay.shift(j, i);
            }
        }
        lay.set_order(&best.1);
    }
    lay.order.iter().map(|&v| v as usize).collect()
}

/// The edge permutation of a vertex order: edges sorted by `(earlier end, later end)`
/// positions (new edge `i` = old edge `perm[i]`).
pub fn edges_in_vertex_order(p: &ConnectedProblem, order: &[usize]) -> Vec<usize> {
    let mut pos = vec![0usize; p.n];
    for (i, &v) in order.iter().enumerate() {
        pos[v] = i;
    }
    let mut perm: Vec<usize> = (0..p.edges.len()).collect();
    perm.sort_by_key(|&e| {
        let (a, b) = p.edges[e];
        let (x, y) = (pos[a as usize], pos[b as usize]);
        (x.min(y), x.max(y))
    });
    perm
}

/// The cost of `order` for `p` as [`vertex_order`] measures it: `(log2 Σ_t 2^(b_t + λ f_t),
/// max b_t, max f_t)`.
pub fn order_cost(p: &ConnectedProblem, order: &[usize], flag_weight: f64) -> (f64, usize, usize) {
    if p.n == 0 {
        return (0.0, 0, 0);
    }
    let mut lay = Layout::new(p, flag_weight, false);
    let o: Vec<u32> = order.iter().map(|&v| v as u32).collect();
    lay.set_order(&o);
    (
        lay.cost().log2(),
        lay.live.iter().copied().max().unwrap_or(0) as usize / 4,
        lay.flags.iter().copied().max().unwrap_or(0) as usize,
    )
}

/// The terms `2^(b_t + λ f_t)` of `order`'s cost per sweep step (vertex position), as
/// [`vertex_order`] sums them: where along the sweep an order's states lie. A race between
/// orders scales this profile by the states a budgeted run met to predict its total.
pub fn step_costs(p: &ConnectedProblem, order: &[usize], flag_weight: f64) -> Vec<f64> {
    if p.n == 0 {
        return Vec::new();
    }
    let mut lay = Layout::new(p, flag_weight, false);
    let o: Vec<u32> = order.iter().map(|&v| v as u32).collect();
    lay.set_order(&o);
    (0..p.n).map(|t| lay.term(t)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid_problem(rows: usize, cols: usize, crossings: &[(usize, usize)]) -> ConnectedProblem {
        let g = crate::Graph::grid(rows, cols);
        let mut p = ConnectedProblem::simple(rows * cols, g.edges(), &vec![0b110; rows * cols]);
        p.crossings = crossings.to_vec();
        p
    }

    #[test]
    fn incremental_shifts_match_a_fresh_evaluation() {
        for weighted in [false, true] {
            shifts_match(weighted);
        }
    }

    fn shifts_match(weighted: bool) {
        let mut p = grid_problem(5, 6, &[(0, 7), (3, 12), (20, 9), (30, 41)]);
        // some fixed edges and larger degree sets, so that weights differ
        for e in [0, 1, 5, 17] {
            p.min[e] = 1;
        }
        p.allowed[7] = 0b1_1110;
        p.allowed[12] = 0b10;
        let mut lay = Layout::new(&p, 0.7, weighted);
        let start: Vec<u32> = (0..p.n as u32).rev().collect();
        lay.set_order(&start);
        let mut cost = lay.cost();
        let mut rng = Rng(99);
        for _ in 0..2000 {
            let i = rng.below(p.n);
            let j = rng.below(p.n);
            if i == j || i.abs_diff(j) > MAX_SHIFT + 3 {
                continue;
            }
            cost += lay.shift(i, j);
            let (live, flags) = (lay.live.clone(), lay.flags.clone());
            let order = lay.order.clone();
            let mut fresh = Layout::new(&p, 0.7, weighted);
            fresh.set_order(&order);
            assert_eq!(live, fresh.live);
            assert_eq!(flags, fresh.flags);
            assert!((cost - fresh.cost()).abs() <= 1e-6 * cost);
        }
    }

    #[test]
    fn weights_follow_degrees_in_reach_and_fixed_edges() {
        // a path 0-1-2-3: 0-1 fixed; 2 may take degree 4 but reaches 2 at most
        let mut p =
            ConnectedProblem::simple(4, &[(0, 1), (1, 2), (2, 3)], &[0b10, 0b110, 0b1_0110, 0b10]);
        p.min[0] = 1;
        p.max[1] = 2;
        // 0: only a fixed edge (1/4); 1: degree 2 (4·log2 3/log2 5 = 2.73 -> 3);
        // 2: cap 3, degrees {1, 2} in reach (3); 3: degree 1 (4·1/2.32 = 1.72 -> 2)
        assert_eq!(vertex_weights(&p), vec![1, 3, 3, 2]);
    }

    #[test]
    fn a_long_strip_is_swept_along_its_length() {
        // 3 × 20 grid: a good order keeps about 3 vertices live, the column-first numbering
        // would keep 20.
        let p = grid_problem(20, 3, &[]);
        let order = vertex_order(&p, &LayoutOptions::default());
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..p.n).collect::<Vec<_>>());
        let (_, live, _) = order_cost(&p, &order, 0.5);
        assert!(live <= 4, "live {live}");
        let transposed: Vec<usize> = (0..3)
            .flat_map(|c| (0..20).map(move |r| r * 3 + c))
            .collect();
        assert!(order_cost(&p, &transposed, 0.5).1 >= 19);
    }
}
