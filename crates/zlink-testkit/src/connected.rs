//! Brute-force oracle for connected, degree-constrained multigraphs (Hashiwokakero-like
//! families): the reference the frontier spec `specs::connected` is tested against.
//!
//! Why a separate oracle: the frontier spec keeps component labels, degree counters and
//! crossing flags in a compressed per-level state; a bug there silently changes counts. Here
//! every multiplicity assignment is enumerated the dumbest way (mixed-radix counting) and
//! checked directly: degrees against the allowed sets, crossing pairs, acyclicity and
//! connectivity by a plain union-find. Nothing is shared with the spec.
//!
//! The family (the same definition the spec documents): assignments `x_e ∈ min_e..=max_e`
//! with every vertex degree `Σ_{e ∋ v} x_e` in its allowed set, no crossing pair with both
//! edges used (`x > 0`), if `acyclic` no cycle in the multigraph (a doubled edge is a cycle),
//! and the vertices of positive degree forming at most one component (vertices of degree 0
//! stay out; the all-zero assignment is a member when every vertex allows degree 0).
//!
//! Cost: `O(Π (max_e - min_e + 1) · (m + n))`; keep the product below a few million.

/// A small multigraph instance: edges with multiplicity bounds, allowed degree sets, crossing
/// pairs and the acyclicity switch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiInstance {
    /// Number of vertices `0..n`.
    pub n: usize,
    /// The edges `(u, v)`, `u != v`; parallel edges are allowed here (each is its own edge).
    pub edges: Vec<(usize, usize)>,
    /// Least multiplicity of each edge (1 = a given edge).
    pub min: Vec<u8>,
    /// Largest multiplicity of each edge (1 or 2).
    pub max: Vec<u8>,
    /// Allowed degrees of each vertex as a bit mask (bit `d` = degree `d`).
    pub allowed: Vec<u32>,
    /// Pairs of edge indices that may not both be used.
    pub crossings: Vec<(usize, usize)>,
    /// Whether the used multigraph must be a forest.
    pub acyclic: bool,
}

fn find(p: &mut [usize], mut x: usize) -> usize {
    while p[x] != x {
        p[x] = p[p[x]];
        x = p[x];
    }
    x
}

/// Whether assignment `x` (one multiplicity per edge) is a member of the family.
pub fn is_member(inst: &MultiInstance, x: &[u8]) -> bool {
    let mut deg = vec![0u32; inst.n];
    for (i, &(u, v)) in inst.edges.iter().enumerate() {
        if x[i] < inst.min[i] || x[i] > inst.max[i] {
            return false;
        }
        deg[u] += u32::from(x[i]);
        deg[v] += u32::from(x[i]);
    }
    if deg
        .iter()
        .zip(&inst.allowed)
        .any(|(&d, &a)| d >= 32 || a >> d & 1 == 0)
    {
        return false;
    }
    if inst.crossings.iter().any(|&(a, b)| x[a] > 0 && x[b] > 0) {
        return false;
    }
    let mut parent: Vec<usize> = (0..inst.n).collect();
    for (i, &(u, v)) in inst.edges.iter().enumerate() {
        if x[i] == 0 {
            continue;
        }
        if inst.acyclic && x[i] >= 2 {
            return false;
        }
        let (a, b) = (find(&mut parent, u), find(&mut parent, v));
        if a == b {
            if inst.acyclic {
                return false;
            }
        } else {
            parent[a] = b;
        }
    }
    let mut root = None;
    for (v, &d) in deg.iter().enumerate() {
        if d > 0 {
            let r = find(&mut parent, v);
            match root {
                None => root = Some(r),
                Some(q) if q != r => return false,
                Some(_) => {}
            }
        }
    }
    true
}

/// Every member, as multiplicity vectors, in mixed-radix order (edge 0 varies fastest).
pub fn members(inst: &MultiInstance) -> Vec<Vec<u8>> {
    let m = inst.edges.len();
    if (0..m).any(|i| inst.min[i] > inst.max[i]) {
        return Vec::new();
    }
    let mut x: Vec<u8> = inst.min.clone();
    let mut out = Vec::new();
    loop {
        if is_member(inst, &x) {
            out.push(x.clone());
        }
        // Next assignment: increment like an odometer.
        let mut i = 0;
        loop {
            if i == m {
                return out;
            }
            if x[i] < inst.max[i] {
                x[i] += 1;
                break;
            }
            x[i] = inst.min[i];
            i += 1;
        }
    }
}

/// Number of members.
pub fn count(inst: &MultiInstance) -> u64 {
    members(inst).len() as u64
}

/// The workspace's seeded generator, under the short names the instance drawing uses.
struct Rng(zlink_base::SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0.below_u64(n)
    }
}

/// A seeded random instance: `n` vertices, `m` distinct vertex pairs as edges (no parallel
/// edges; the spec's graphs are simple), multiplicity bounds drawn with `p_double` percent
/// of edges allowing 2 and a few given edges (some forced to 2), random allowed degree sets (biased towards
/// small degrees and often containing 1..=3), up to `crossings` random crossing pairs.
///
/// # Panics
/// If `m > n(n-1)/2`.
pub fn random_instance(
    seed: u64,
    n: usize,
    m: usize,
    p_double: u64,
    crossings: usize,
    acyclic: bool,
) -> MultiInstance {
    assert!(m <= n * n.saturating_sub(1) / 2, "too many edges");
    let mut rng = Rng(zlink_base::SplitMix64::new(seed));
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    for i in (1..pairs.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        pairs.swap(i, j);
    }
    pairs.truncate(m);
    let mut edges = pairs;
    for e in &mut edges {
        if rng.below(2) == 0 {
            *e = (e.1, e.0);
        }
    }
    let max: Vec<u8> = (0..m)
        .map(|_| if rng.below(100) < p_double { 2 } else { 1 })
        .collect();
    let min: Vec<u8> = max
        .iter()
        .map(|&mx| match rng.below(100) {
            0..=7 => 1,
            8..=11 => mx, // a forced double on double edges
            _ => 0,
        })
        .collect();
    let allowed: Vec<u32> = (0..n)
        .map(|_| match rng.below(6) {
            0 => 1 << (1 + rng.below(4)),        // exact degree 1..=4
            1 => 0b1010,                         // {1, 3}
            2 => 0b1111,                         // 0..=3
            3 => (rng.next() as u32) & 0b1_1111, // anything up to 4
            4 => 1 << rng.below(3),              // exact 0..=2
            _ => (rng.next() as u32 | 1) & 0xFF, // includes 0
        })
        .collect();
    let mut cross = Vec::new();
    if m >= 2 {
        for _ in 0..crossings {
            let a = rng.below(m as u64) as usize;
            let b = rng.below(m as u64) as usize;
            if a != b {
                cross.push((a, b));
            }
        }
    }
    MultiInstance {
        n,
        edges,
        min,
        max,
        allowed,
        crossings: cross,
        acyclic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inst(n: usize, edges: &[(usize, usize)], max: u8, allowed: u32) -> MultiInstance {
        MultiInstance {
            n,
            edges: edges.to_vec(),
            min: vec![0; edges.len()],
            max: vec![max; edges.len()],
            allowed: vec![allowed; n],
            crossings: Vec::new(),
            acyclic: false,
        }
    }

    #[test]
    fn hand_counts() {
        // Triangle, every vertex degree exactly 2, simple edges: only the triangle.
        assert_eq!(count(&inst(3, &[(0, 1), (1, 2), (0, 2)], 1, 0b100)), 1);
        // A single edge with up to 2 copies, both ends degree 2: the double bridge.
        assert_eq!(count(&inst(2, &[(0, 1)], 2, 0b100)), 1);
        // Path of 3 vertices, degrees {0, 1, 2}: any non-empty subset connected, plus empty.
        // Subsets with copies 0..=2 each: degrees allowed up to 2 means middle has total <= 2.
        // (0,0) (1,0) (2,0) (0,1) (0,2) (1,1): all connected = 6.
        assert_eq!(count(&inst(3, &[(0, 1), (1, 2)], 2, 0b111)), 6);
        // Two disjoint edges, degree 1 everywhere: disconnected, no member.
        assert_eq!(count(&inst(4, &[(0, 1), (2, 3)], 1, 0b10)), 0);
        // Acyclic triangle with degrees {1, 2}: the three 2-edge paths.
        let mut t = inst(3, &[(0, 1), (1, 2), (0, 2)], 1, 0b110);
        t.acyclic = true;
        assert_eq!(count(&t), 3);
        // Crossing: 4-cycle with the two "diagonals" (0,1) and (2,3) crossing.
        let mut c = inst(
            4,
            &[(0, 2), (2, 1), (1, 3), (3, 0), (0, 1), (2, 3)],
            1,
            0b100,
        );
        c.crossings = vec![(4, 5)];
        // 2-regular connected on 4 vertices: the 3 Hamiltonian cycles of K4; two of them use
        // both (0,1) and (2,3), so 1 remains.
        assert_eq!(count(&c), 1);
    }

    #[test]
    fn random_instances_are_reproducible() {
        assert_eq!(
            random_instance(7, 6, 8, 30, 3, false),
            random_instance(7, 6, 8, 30, 3, false)
        );
    }
}
