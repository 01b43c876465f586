//! Wide frontier states ([`Mate<Wide>`], and [`Inline`] up to its capacity): graphs whose edge order is wider than the packed
//! states hold, checked against the depth-first oracles of zlink-testkit and against the
//! packed spec on a narrow order of the same graph; and on small graphs, wide and packed
//! against the brute-force oracle.

mod common;
use common::graph;
use num_bigint::BigUint;
use proptest::prelude::*;
use zlink_frontier::packed::{Inline, MAX_INLINE_WIDTH, MAX_WIDTH};
use zlink_frontier::packed::{Packed, Wide};
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::specs::SpecError;
use zlink_frontier::{build_zdd, count, frontier_widths, EdgeOrder, Graph, Limits, Spec};
use zlink_testkit::graph::{self as oracle, SmallGraph};
use zlink_zdd::Zdd;

fn width(g: &Graph) -> usize {
    frontier_widths(g).into_iter().max().unwrap_or(0)
}

fn cnt<S: Spec>(spec: &S) -> BigUint {
    count(spec, &Limits::default()).unwrap()
}

/// A fan with chords, in a wide order: hub `0` joined to leaves `1..=k` (these spokes come
/// first, so all `k + 1` vertices are on the frontier at once), then the rim path
/// `1-2-…-k`, then `chords` random chords between leaves at most 8 apart. Wide but with few
/// states (the hub has degree at most 2), so the depth-first oracles stay fast.
fn fan(seed: u64, k: usize, chords: usize) -> SmallGraph {
    let mut edges: Vec<(usize, usize)> = (1..=k).map(|v| (0, v)).collect();
    edges.extend((1..k).map(|v| (v, v + 1)));
    let mut rng = zlink_base::SplitMix64::new(seed);
    while edges.len() < 2 * k - 1 + chords {
        let (a, b) = (
            1 + rng.below_u64(k as u64) as usize,
            1 + rng.below_u64(k as u64) as usize,
        );
        let e = (a.min(b), a.max(b));
        if a != b && a.abs_diff(b) <= 8 && !edges.contains(&e) {
            edges.push(e);
        }
    }
    SmallGraph { n: k + 1, edges }
}

/// The same fan in a narrow order: edges by their larger endpoint (the hub is 0), so leaves
/// enter and leave the frontier along the rim.
fn narrow_fan(sg: &SmallGraph) -> Graph {
    let mut edges: Vec<(u32, u32)> = sg
        .edges
        .iter()
        .map(|&(u, v)| (u.min(v) as u32, u.max(v) as u32))
        .collect();
    edges.sort_by_key(|&(u, v)| (v, u));
    Graph::new(sg.n, &edges).unwrap()
}

/// The packed spec refuses a wide order; the wide spec on it agrees with the DFS oracles and
/// with the packed spec on a narrow order of the same graph.
fn check_wide(sg: &SmallGraph, s: u32, t: u32) {
    let wide = graph(sg);
    assert!(width(&wide) > MAX_WIDTH, "the test order must be wide");
    assert!(matches!(
        Mate::<Packed>::cycles(&wide, false),
        Err(SpecError::TooWide(_))
    ));
    let narrow = narrow_fan(sg);
    assert!(width(&narrow) <= MAX_WIDTH);
    let paths = cnt(&Mate::<Wide>::st_paths(&wide, s, t, false).unwrap());
    assert_eq!(
        paths,
        BigUint::from(oracle::count_st_paths_dfs(sg, s as usize, t as usize))
    );
    assert_eq!(
        paths,
        cnt(&Mate::<Packed>::st_paths(&narrow, s, t, false).unwrap())
    );
    let cycles = cnt(&Mate::<Wide>::cycles(&wide, false).unwrap());
    assert_eq!(cycles, BigUint::from(oracle::count_cycles_dfs(sg)));
    // inline states hold the same codes without the heap, up to their capacity
    match Mate::<Inline>::cycles(&wide, false) {
        Ok(spec) => {
            assert!(width(&wide) <= MAX_INLINE_WIDTH);
            assert_eq!(cnt(&spec), cycles);
            assert_eq!(
                cnt(&Mate::<Inline>::st_paths(&wide, s, t, false).unwrap()),
                paths
            );
        }
        Err(e) => assert!(
            width(&wide) > MAX_INLINE_WIDTH && matches!(e, SpecError::TooWide(_)),
            "{e:?}"
        ),
    }
    assert_eq!(
        cycles,
        cnt(&Mate::<Packed>::cycles(&narrow, false).unwrap())
    );
    assert_eq!(
        cnt(&Mate::<Wide>::st_paths(&wide, s, t, true).unwrap()),
        cnt(&Mate::<Packed>::st_paths(&narrow, s, t, true).unwrap())
    );
    assert_eq!(
        cnt(&Mate::<Wide>::cycles(&wide, true).unwrap()),
        cnt(&Mate::<Packed>::cycles(&narrow, true).unwrap())
    );
}

#[test]
fn fans_in_wide_orders() {
    let sg = fan(1, 30, 0);
    assert_eq!(width(&graph(&sg)), 31);
    check_wide(&sg, 0, 30);
    check_wide(&sg, 1, 30);
    // past the inline capacity only boxed states hold it
    let big = fan(1, 70, 0);
    assert!(width(&graph(&big)) > MAX_INLINE_WIDTH);
    check_wide(&big, 0, 70);
    // A cycle of the plain fan is the hub and a rim segment of at least 2 leaves: C(30, 2).
    assert_eq!(
        cnt(&Mate::<Wide>::cycles(&graph(&sg), false).unwrap()),
        BigUint::from(435u32)
    );
    // Path matchings against the packed spec (too many for the oracles' subset enumeration).
    let (wide, narrow) = (graph(&sg), narrow_fan(&sg));
    assert_eq!(
        cnt(&Mate::<Wide>::path_matchings(&wide).unwrap()),
        cnt(&Mate::<Packed>::path_matchings(&narrow).unwrap())
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Random chords on a 27-leaf fan (width 28), random terminals.
    #[test]
    fn wide_random_graphs(seed in any::<u64>(), chords in 0usize..5, st in any::<(u8, u8)>()) {
        let sg = fan(seed, 27, chords);
        check_wide(&sg, u32::from(st.0) % 28, u32::from(st.1) % 28);
    }

    /// On small graphs, in every order, the wide spec builds exactly the oracle's families.
    #[test]
    fn wide_matches_the_oracle_on_small_graphs(seed in any::<u64>(), n in 2usize..8, extra in 0usize..8, st in any::<(u8, u8)>()) {
        let m = (n + extra).min(n * (n - 1) / 2).min(14);
        let sg = SmallGraph::random(seed, n, m);
        let (s, t) = (usize::from(st.0) % n, usize::from(st.1) % n);
        for order in [EdgeOrder::AsGiven, EdgeOrder::Frontier] {
            let (g, perm) = order.apply(&graph(&sg));
            let (s32, t32) = (s as u32, t as u32);
            let cases: [(Mate<Wide>, Vec<u64>); 4] = [
                (Mate::<Wide>::path_matchings(&g).unwrap(), oracle::path_matchings(&sg)),
                (Mate::<Wide>::st_paths(&g, s32, t32, false).unwrap(), oracle::st_paths(&sg, s, t)),
                (Mate::<Wide>::st_paths(&g, s32, t32, true).unwrap(), oracle::hamiltonian_st_paths(&sg, s, t)),
                (Mate::<Wide>::cycles(&g, false).unwrap(), oracle::cycles(&sg)),
            ];
            for (spec, want) in cases {
                let mut zdd = Zdd::new(spec.num_levels());
                let f = build_zdd(&spec, &mut zdd, &Limits::default()).unwrap();
                let mut got: Vec<u64> = zdd
                    .iter(f)
                    .map(|set| set.iter().fold(0u64, |acc, &v| acc | 1 << perm[v as usize]))
                    .collect();
                got.sort_unstable();
                prop_assert_eq!(&got, &want);
                prop_assert_eq!(cnt(&spec), BigUint::from(want.len()));
            }
        }
    }
}
