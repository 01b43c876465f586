//! Published counts (OEIS) for grid graphs, in count-only mode and through the builder.

use num_bigint::BigUint;
use zlink_frontier::packed::Packed;
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{build, count, EdgeOrder, Graph, Limits};
use zlink_zdd::import::{RawRef, Unreduced};

/// Number of 1-paths of an unreduced diagram, bottom-up (independent of zlink-zdd).
fn count_unreduced(u: &Unreduced) -> BigUint {
    let (root, rows) = u.to_rows();
    let mut vals: Vec<Vec<BigUint>> = rows
        .iter()
        .map(|r| vec![BigUint::default(); r.len()])
        .collect();
    let val = |vals: &Vec<Vec<BigUint>>, r: RawRef| -> BigUint {
        match r.as_node() {
            None => BigUint::from(u8::from(r == RawRef::ONE)),
            Some((v, i)) => vals[v as usize][i as usize].clone(),
        }
    };
    for v in (0..rows.len()).rev() {
        for i in 0..rows[v].len() {
            let [lo, hi] = rows[v][i];
            vals[v][i] = val(&vals, lo) + val(&vals, hi);
        }
    }
    val(&vals, root)
}

fn big(s: &str) -> BigUint {
    s.parse().unwrap()
}

/// A published sequence (data/counts/oeis.tsv).
fn oeis(seq: &str) -> Vec<String> {
    zlink_testkit::data::published(seq)
}

fn corner_paths(n: usize, order: EdgeOrder) -> Mate<Packed> {
    let (g, _) = order.apply(&Graph::grid(n, n));
    Mate::<Packed>::st_paths(&g, 0, (n * n - 1) as u32, false).unwrap()
}

#[test]
fn a007764_corner_paths_count_only() {
    for (i, want) in oeis("A007764").iter().enumerate().take(10) {
        let n = i + 1;
        for order in [EdgeOrder::RowMajor, EdgeOrder::Frontier] {
            assert_eq!(
                count(&corner_paths(n, order), &Limits::default()).unwrap(),
                big(want),
                "{n}x{n} {order:?}"
            );
        }
    }
}

#[test]
fn a007764_11x11_count_only() {
    assert_eq!(
        count(&corner_paths(11, EdgeOrder::Frontier), &Limits::default()).unwrap(),
        big(&oeis("A007764")[10])
    );
}

#[test]
fn a007764_built() {
    for (i, want) in oeis("A007764").iter().enumerate().take(7) {
        let b = build(
            &corner_paths(i + 1, EdgeOrder::Frontier),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(count_unreduced(&b.unreduced), big(want), "{0}x{0}", i + 1);
    }
}

#[test]
fn a140517_cycles() {
    for (i, want) in oeis("A140517").iter().enumerate() {
        let n = i + 1;
        let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
        let spec = Mate::<Packed>::cycles(&g, false).unwrap();
        assert_eq!(
            count(&spec, &Limits::default()).unwrap(),
            big(want),
            "{n}x{n}"
        );
        if n <= 6 {
            let b = build(&spec, &Limits::default()).unwrap();
            assert_eq!(count_unreduced(&b.unreduced), big(want), "{n}x{n} built");
        }
    }
}

#[test]
fn a003763_hamiltonian_cycles() {
    for (i, want) in oeis("A003763").iter().enumerate() {
        let n = 2 * (i + 1);
        let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
        let spec = Mate::<Packed>::cycles(&g, true).unwrap();
        assert_eq!(
            count(&spec, &Limits::default()).unwrap(),
            big(want),
            "{n}x{n}"
        );
    }
    // Odd grids have no Hamiltonian cycle (bipartite with an odd number of vertices).
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(5, 5));
    assert_eq!(
        count(
            &Mate::<Packed>::cycles(&g, true).unwrap(),
            &Limits::default()
        )
        .unwrap(),
        BigUint::default()
    );
}
