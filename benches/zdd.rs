//! Benchmarks of the ZDD engine (divan, wall-clock): node creation, binary operations on
//! families of 10^5–10^6 nodes, counting. Prints the store's bytes per node first.
//!
//! Run with `cargo bench --bench zdd`.

use divan::Bencher;
use zlink_zdd::{NodeId, Var, Zdd};

fn main() {
    report_memory();
    divan::main();
}

/// The family of all `k`-subsets of `vars`, built bottom-up with `node` (about
/// `k × (|vars| − k + 1)` nodes).
fn exactly_k(z: &mut Zdd, vars: &[Var], k: usize) -> NodeId {
    let mut f = vec![NodeId::ZERO; k + 1];
    f[0] = NodeId::ONE;
    for &v in vars.iter().rev() {
        for j in (1..=k).rev() {
            f[j] = z.node(v, f[j], f[j - 1]).expect("no budget");
        }
    }
    f[k]
}

/// `count` random sets of `size` elements over `0..n` (xorshift, fixed seed).
fn random_sets(n: u32, size: usize, count: usize, seed: u64) -> Vec<Vec<Var>> {
    let mut rng = zlink_base::SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            (0..size)
                .map(|_| rng.below_u64(u64::from(n)) as Var)
                .collect()
        })
        .collect()
}

fn report_memory() {
    let mut z = Zdd::new(2000);
    let vars: Vec<Var> = (0..2000).collect();
    let f = exactly_k(&mut z, &vars, 500);
    let sets = random_sets(1000, 20, 20_000, 7);
    let g = z.from_sets(&sets).expect("no budget");
    let per_node = |z: &Zdd, what: &str| {
        let (n, bytes) = (z.node_count(), z.memory_bytes());
        eprintln!(
            "{what}: {n} nodes, {bytes} bytes of node records + unique tables (allocated), \
             {:.1} bytes/node",
            bytes as f64 / n as f64
        );
    };
    per_node(&z, "store as grown (with dead intermediate nodes)");
    let mut roots = [f, g];
    z.retain(&mut roots);
    per_node(&z, "store after retain (exact-size tables)");
    let (z2, f2, g2) = two_k_subsets();
    let (z3, f3, g3) = two_random_families();
    eprintln!(
        "family sizes: k-subsets {} / {}, random {} / {} nodes",
        z2.size(f2),
        z2.size(g2),
        z3.size(f3),
        z3.size(g3)
    );
    let mut z4 = z3.clone();
    let u = z4.union(f3, g3).expect("no budget");
    eprintln!("random union result: {} nodes", z4.size(u));
    let (mut z5, f5, g5) = k_subsets_by_parity();
    let j = z5.join(f5, g5).expect("no budget");
    eprintln!(
        "join k-subsets: inputs {} / {}, result {} nodes",
        z5.size(f5),
        z5.size(g5),
        z5.size(j)
    );
    let (mut z6, f6, g6) = small_random_families();
    let j = z6.join(f6, g6).expect("no budget");
    eprintln!(
        "join random: inputs {} / {}, result {} nodes",
        z6.size(f6),
        z6.size(g6),
        z6.size(j)
    );
}

/// Node creation: the 500-subsets of 2,000 variables, 750,000 nodes.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn node_creation_750k(bencher: Bencher) {
    let vars: Vec<Var> = (0..2000).collect();
    bencher.bench_local(|| {
        let mut z = Zdd::new(2000);
        let f = exactly_k(&mut z, &vars, 500);
        divan::black_box((f, z.node_count()))
    });
}

/// Two structured families of ~2×10^5 nodes each: 200- and 201-subsets of 1,200 variables.
fn two_k_subsets() -> (Zdd, NodeId, NodeId) {
    let mut z = Zdd::new(1200);
    let vars: Vec<Var> = (0..1200).collect();
    let f = exactly_k(&mut z, &vars, 200);
    let evens: Vec<Var> = (0..1200).step_by(2).collect();
    let g = exactly_k(&mut z, &evens, 100);
    let g = z.union(f, g).expect("no budget");
    (z, f, g)
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn union_k_subsets(bencher: Bencher) {
    let (z, f, _) = two_k_subsets();
    let mut z = z;
    let vars: Vec<Var> = (0..1200).collect();
    let g = exactly_k(&mut z, &vars, 201);
    bencher
        .with_inputs(|| z.clone())
        .bench_local_values(|mut z| z.union(f, g).map(|r| z.size(r)));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn intersection_k_subsets(bencher: Bencher) {
    let (z, f, g) = two_k_subsets();
    bencher
        .with_inputs(|| z.clone())
        .bench_local_values(|mut z| z.intersection(f, g).map(|r| z.size(r)));
}

/// Random families: 20,000 sets of 20 elements over 1,000 variables (~3.5×10^5 nodes each).
fn two_random_families() -> (Zdd, NodeId, NodeId) {
    let mut z = Zdd::new(1000);
    let f = z
        .from_sets(&random_sets(1000, 20, 20_000, 1))
        .expect("no budget");
    let g = z
        .from_sets(&random_sets(1000, 20, 20_000, 2))
        .expect("no budget");
    (z, f, g)
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn union_random(bencher: Bencher) {
    let (z, f, g) = two_random_families();
    bencher
        .with_inputs(|| z.clone())
        .bench_local_values(|mut z| z.union(f, g).map(|r| z.size(r)));
}

/// The 20-subsets of the 300 even variables and the 20-subsets of the 300 odd ones.
fn k_subsets_by_parity() -> (Zdd, NodeId, NodeId) {
    let mut z = Zdd::new(600);
    let evens: Vec<Var> = (0..600).step_by(2).collect();
    let odds: Vec<Var> = (1..600).step_by(2).collect();
    let f = exactly_k(&mut z, &evens, 20);
    let g = exactly_k(&mut z, &odds, 20);
    (z, f, g)
}

/// Join of the two parity families (result: 20 even and 20 odd variables, ~2×10^5 nodes).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn join_k_subsets(bencher: Bencher) {
    let (z, f, g) = k_subsets_by_parity();
    bencher
        .with_inputs(|| z.clone())
        .bench_local_values(|mut z| z.join(f, g).map(|r| z.size(r)));
}

/// Two random families of 300 sets of 10 elements over 1,000 variables.
fn small_random_families() -> (Zdd, NodeId, NodeId) {
    let mut z = Zdd::new(1000);
    let f = z
        .from_sets(&random_sets(1000, 10, 300, 3))
        .expect("no budget");
    let g = z
        .from_sets(&random_sets(1000, 10, 300, 4))
        .expect("no budget");
    (z, f, g)
}

/// Join of two random families of 300 sets each (90,000 pairs, ~10^6 result nodes).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn join_random(bencher: Bencher) {
    let (z, f, g) = small_random_families();
    bencher
        .with_inputs(|| z.clone())
        .bench_local_values(|mut z| z.join(f, g).map(|r| z.size(r)));
}

/// Counting with a big-integer result: the 500-subsets of 2,000 variables (C(2000,500) ≈ 2^1500).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn count_big(bencher: Bencher) {
    let mut z = Zdd::new(2000);
    let vars: Vec<Var> = (0..2000).collect();
    let f = exactly_k(&mut z, &vars, 500);
    bencher.bench_local(|| z.count(f));
}

/// Counting within u128: a random family of 20,000 sets (~3.5×10^5 nodes).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn count_u128(bencher: Bencher) {
    let (z, f, _) = two_random_families();
    bencher.bench_local(|| z.count(f));
}
