//! The numbered mate spec ([`Mate::numbered`], Algorithm 2) against the brute-force oracle of
//! zlink-testkit: built families compared exactly and counts, on seeded random grids and random
//! graphs, with and without `cover`, on packed and wide states, in three edge orders.

mod common;
use common::graph;
use num_bigint::BigUint;
use zlink_frontier::lookahead::Lookahead;
use zlink_frontier::packed::Packed;
use zlink_frontier::packed::Slots;
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::specs::SpecError;
use zlink_frontier::{build_zdd, count, EdgeOrder, Graph, Limits, Spec};
use zlink_testkit::graph::SmallGraph;
use zlink_testkit::numbered_paths::{random_pairs, solutions};
use zlink_zdd::{NodeId, Zdd};

/// Members of `f` as edge masks over the original edge numbering, sorted.
fn family(zdd: &Zdd, f: NodeId, perm: &[usize]) -> Vec<u64> {
    fn rec(zdd: &Zdd, f: NodeId, acc: u64, perm: &[usize], out: &mut Vec<u64>) {
        match f {
            NodeId::ZERO => {}
            NodeId::ONE => out.push(acc),
            _ => {
                let v = zdd.var(f) as usize;
                rec(zdd, zdd.lo(f), acc, perm, out);
                rec(zdd, zdd.hi(f), acc | 1 << perm[v], perm, out);
            }
        }
    }
    let mut out = Vec::new();
    rec(zdd, f, 0, perm, &mut out);
    out.sort_unstable();
    out
}

fn check_spec<S: Spec>(spec: &S, perm: &[usize], want: &[u64], what: &str) {
    let mut zdd = Zdd::new(spec.num_levels());
    let f = build_zdd(spec, &mut zdd, &Limits::default()).unwrap();
    assert_eq!(family(&zdd, f, perm), want, "{what}: family");
    assert_eq!(
        count(spec, &Limits::default()).unwrap(),
        BigUint::from(want.len()),
        "{what}: count"
    );
}

fn check_with<M: Slots>(sg: &SmallGraph, pairs: &[(usize, usize)], what: &str) {
    let g0 = graph(sg);
    let p32: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (a as u32, b as u32)).collect();
    for cover in [false, true] {
        let want = solutions(sg, pairs, cover, &[]);
        for order in [EdgeOrder::AsGiven, EdgeOrder::RowMajor, EdgeOrder::Frontier] {
            let (g, perm) = order.apply(&g0);
            let spec = Mate::<M>::numbered(&g, &p32, cover).unwrap();
            let w = format!("{what} pairs {pairs:?} cover {cover} {order:?}");
            check_spec(&spec, &perm, &want, &w);
            check_spec(
                &Lookahead::new(spec),
                &perm,
                &want,
                &format!("{w} lookahead"),
            );
        }
    }
}

fn check(sg: &SmallGraph, pairs: &[(usize, usize)], what: &str) {
    check_with::<Packed>(sg, pairs, what);
    check_with::<zlink_frontier::packed::Wide>(sg, pairs, what);
}

#[test]
fn random_grids() {
    let mut nonzero = 0;
    for seed in 0..160u64 {
        let (r, c) = [(1, 4), (2, 3), (3, 3), (2, 5), (3, 4), (4, 4)][seed as usize % 6];
        let sg = SmallGraph::grid(r, c);
        let k = 1 + (seed as usize / 6) % ((r * c / 2).min(4));
        let pairs = random_pairs(seed, r * c, k);
        check(&sg, &pairs, &format!("grid {r}x{c} seed {seed}"));
        nonzero += usize::from(!solutions(&sg, &pairs, false, &[]).is_empty());
    }
    assert!(nonzero > 40, "too few solvable instances: {nonzero}");
}

#[test]
fn random_graphs() {
    for seed in 0..120u64 {
        let n = 4 + seed as usize % 5;
        let m = (n + seed as usize % 7).min(n * (n - 1) / 2).min(14);
        let sg = SmallGraph::random(seed, n, m);
        let k = 1 + seed as usize % (n / 2).min(3);
        let pairs = random_pairs(seed ^ 0xABCD, n, k);
        check(
            &sg,
            &pairs,
            &format!("random graph n {n} m {m} seed {seed}"),
        );
    }
}

#[test]
fn edge_cases() {
    // No pairs: only the empty set (non-terminals take degree 0 or 2 but can never end).
    let sg = SmallGraph::grid(2, 3);
    check(&sg, &[], "no pairs");
    // Adjacent terminals, whole-grid pairs.
    check(&sg, &[(0, 1), (2, 5), (3, 4)], "three adjacent pairs");
    // A graph without edges.
    let empty = Graph::new(3, &[]).unwrap();
    let s = Mate::<Packed>::numbered(&empty, &[], false).unwrap();
    assert_eq!(count(&s, &Limits::default()).unwrap(), 1u32.into());
    let s = Mate::<Packed>::numbered(&empty, &[], true).unwrap();
    assert_eq!(count(&s, &Limits::default()).unwrap(), 0u32.into());
    let s = Mate::<Packed>::numbered(&empty, &[(0, 1)], false).unwrap();
    assert_eq!(count(&s, &Limits::default()).unwrap(), 0u32.into());
    // An isolated terminal.
    let g = Graph::new(3, &[(0, 1)]).unwrap();
    let s = Mate::<Packed>::numbered(&g, &[(0, 2)], false).unwrap();
    assert_eq!(count(&s, &Limits::default()).unwrap(), 0u32.into());
    // Bad arguments.
    let g = Graph::grid(2, 2);
    assert!(matches!(
        Mate::<Packed>::numbered(&g, &[(0, 0)], false),
        Err(SpecError::BadArgument(_))
    ));
    assert!(matches!(
        Mate::<Packed>::numbered(&g, &[(0, 9)], false),
        Err(SpecError::VertexOutOfRange { vertex: 9, n: 4 })
    ));
    // Codes: END (3) + width + pairs must fit in 32 packed codes; wide takes more.
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(12, 12));
    let many: Vec<(u32, u32)> = (0..20).map(|k| (2 * k, 2 * k + 1)).collect();
    assert!(matches!(
        Mate::<Packed>::numbered(&g, &many, false),
        Err(SpecError::TooWide(_))
    ));
    assert!(Mate::<zlink_frontier::packed::Wide>::numbered(&g, &many, false).is_ok());
}

/// The cover-all parity count rejects at the root: a 3×3 grid has 5 cells of one colour and 4
/// of the other, so a single pair must sit on two cells of the bigger class.
#[test]
fn parity() {
    let g = Graph::grid(3, 3);
    let s = Mate::<Packed>::numbered(&g, &[(0, 1)], true).unwrap();
    assert_eq!(s.root(), zlink_frontier::Step::Reject);
    let s = Mate::<Packed>::numbered(&g, &[(0, 8)], true).unwrap();
    assert_eq!(count(&s, &Limits::default()).unwrap(), 2u32.into());
}
