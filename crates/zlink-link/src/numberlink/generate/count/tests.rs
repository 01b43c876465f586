//! The count pass against brute force and its own invariants.

use super::*;
use crate::numberlink::generate::grid_graph;

fn by_pairs(rows: usize, cols: usize, lookahead: Option<u64>, mirror: bool) -> Vec<BigUint> {
    let g = grid_graph(rows, cols, false).unwrap();
    let syms = if mirror {
        crate::numberlink::generate::grid_symmetries(rows, cols)
    } else {
        Vec::new()
    };
    count_with(&g, None, &syms, &Limits::default(), lookahead)
        .unwrap()
        .by_pairs
}

#[test]
fn look_ahead_and_mirrors_change_states_not_counts() {
    for (r, c) in [(3, 4), (4, 4), (3, 5)] {
        let plain = by_pairs(r, c, Some(0), false);
        assert_eq!(by_pairs(r, c, None, false), plain, "{r}x{c}");
        assert_eq!(by_pairs(r, c, None, true), plain, "{r}x{c}");
        // a table that fills up answers "may complete" from then on
        assert_eq!(by_pairs(r, c, Some(4000), true), plain, "{r}x{c}");
    }
    let g = grid_graph(4, 4, false).unwrap();
    let lim = Limits::default();
    let off = count_with(&g, None, &[], &lim, Some(0)).unwrap();
    let on = count_with(&g, None, &[], &lim, None).unwrap();
    assert!(on.peak_states * 2 < off.peak_states, "{on:?} {off:?}");
}

#[test]
fn mirrors_apply_where_the_rest_of_the_grid_is_symmetric() {
    // 3×4 swept by rows of 3: after the last edge of a row the frontier is the next row
    let g = grid_graph(4, 3, false).unwrap();
    let plan = FrontierPlan::new(&g).unwrap();
    let syms = crate::numberlink::generate::grid_symmetries(4, 3);
    let at: Vec<usize> = level_symmetries(&g, &plan, &syms)
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|_| i))
        .collect();
    // rows end at levels 4, 9, 14 (5 edges a row); the last level has no frontier left
    assert_eq!(at, vec![4, 9, 14, 16]);
}

#[test]
fn a_path_counts_its_compositions_into_parts_of_two_or_more() {
    // on a path every placement of disjoint segments solves uniquely; covering = the
    // segments tile it: C(n - k - 1, k - 1) with k pairs
    let binom = |n: u64, k: u64| -> BigUint {
        (0..k).fold(BigUint::from(1u32), |a, i| a * (n - i) / (i + 1))
    };
    let n = 150u64;
    let got = count_good(
        &grid_graph(1, n as usize, false).unwrap(),
        None,
        &[],
        &Limits::default(),
    )
    .unwrap();
    let want: Vec<BigUint> = (0..=n / 2)
        .map(|k| {
            if k == 0 {
                0u32.into()
            } else {
                binom(n - k - 1, k - 1)
            }
        })
        .collect();
    assert_eq!(got.by_pairs, want);
    // past 2^128 a count stops cleanly
    let opts = crate::numberlink::generate::CountOptions::default();
    let big = crate::numberlink::generate::count_grid(1, 400, &opts, &Limits::default());
    assert!(matches!(big, Err(GenError::Capacity(m)) if m.contains("2^128")));
}

#[test]
fn budgets_stop_the_count() {
    let g = grid_graph(4, 4, false).unwrap();
    let tiny = Limits::default().with_memory(20_000);
    assert!(matches!(
        count_good(&g, None, &[], &tiny),
        Err(GenError::Stopped(s)) if s.memory_bound()
    ));
    let quick = Limits::default().with_time_limit(std::time::Duration::ZERO);
    assert!(matches!(
        count_good(&g, None, &[], &quick),
        Err(GenError::Stopped(s)) if s.is_time()
    ));
}
