//! Same answers, and the same node ids, with 1 and 2 rayon threads. The grids are big enough
//! that levels take the parallel (sharded) paths of the builder and the counter. Budgets stop
//! both engines.

mod common;

use common::{pool, AllSubsets};
use zlink_frontier::specs::mate::MateSpec;
use zlink_frontier::{build, count_with_stats, BuildError, CountError, EdgeOrder, Graph, Options};

fn corner_paths(n: usize) -> MateSpec {
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
    MateSpec::st_paths(&g, 0, (n * n - 1) as u32, false).unwrap()
}

#[test]
fn builder_node_ids_do_not_depend_on_threads() {
    let spec = corner_paths(11);
    let one = pool(1).install(|| build(&spec, &Options::default()).unwrap());
    let two = pool(2).install(|| build(&spec, &Options::default()).unwrap());
    assert!(
        one.max_level_nodes >= 1 << 12,
        "the sharded path must run: {}",
        one.max_level_nodes
    );
    assert_eq!(one.nodes, two.nodes);
    assert_eq!(one.unreduced.root(), two.unreduced.root());
    assert_eq!(one.unreduced, two.unreduced);
}

#[test]
fn counts_do_not_depend_on_threads() {
    let spec = corner_paths(12);
    let one = pool(1).install(|| count_with_stats(&spec, &Options::default()).unwrap());
    let two = pool(2).install(|| count_with_stats(&spec, &Options::default()).unwrap());
    assert!(
        one.max_level_states >= 1 << 13,
        "levels must be expanded in parallel chunks: {}",
        one.max_level_states
    );
    assert_eq!(one, two);
    // OEIS A007764(12)
    assert_eq!(one.count, "182413291514248049241470885236".parse().unwrap());
}

#[test]
fn sharded_merges_do_not_depend_on_threads() {
    // 2^17 states per level: merged in several shards.
    let spec = AllSubsets {
        levels: 150,
        bits: 17,
    };
    let one = pool(1).install(|| count_with_stats(&spec, &Options::default()).unwrap());
    let two = pool(2).install(|| count_with_stats(&spec, &Options::default()).unwrap());
    assert_eq!(one.max_level_states, 1 << 17);
    assert_eq!(one, two);
    // 2^150 also takes the counts past u64 and u128 (into 256 bits) on the wide levels.
    assert_eq!(one.count, num_bigint::BigUint::from(1u8) << 150u32);
}

#[test]
fn budgets_stop_both_engines() {
    let spec = corner_paths(6);
    let opts = Options {
        max_nodes: Some(100),
        ..Options::default()
    };
    let BuildError::Builder(e) = build(&spec, &opts).unwrap_err() else {
        panic!("not the builder's budget")
    };
    assert!(e.nodes > 100 && e.max_nodes == 100);
    match count_with_stats(&spec, &opts).unwrap_err() {
        CountError::Nodes(e) => assert!(e.nodes > 100 && e.max_nodes == 100),
        e => panic!("unexpected {e}"),
    }
    let all = count_with_stats(&spec, &Options::default()).unwrap();
    let opts = Options {
        max_nodes: Some(all.total_states),
        ..Options::default()
    };
    assert_eq!(count_with_stats(&spec, &opts).unwrap().count, all.count);
}

#[test]
fn the_held_states_budget_bounds_a_count() {
    let spec = corner_paths(7);
    let all = count_with_stats(&spec, &Options::default()).unwrap();
    // Some level holds more than the widest merged level (its raw children wait too).
    let tight = Options {
        max_held_states: Some(all.max_level_states as u64),
        ..Options::default()
    };
    match count_with_stats(&spec, &tight).unwrap_err() {
        CountError::Held { max, held, .. } => {
            assert_eq!(max, all.max_level_states as u64);
            assert!(held > max);
        }
        e => panic!("unexpected {e}"),
    }
    assert!(count_with_stats(&spec, &tight)
        .unwrap_err()
        .to_string()
        .contains("states held at once"));
    // Enough room for the widest level and its children: the same count.
    let roomy = Options {
        max_held_states: Some(4 * all.max_level_states as u64),
        ..Options::default()
    };
    assert_eq!(count_with_stats(&spec, &roomy).unwrap().count, all.count);
}
