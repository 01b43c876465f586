//! Same answers, and the same node ids, with 1 and 2 rayon threads. The grids are big enough
//! that levels take the parallel (sharded) paths of the builder and the counter. Budgets stop
//! both engines.

mod common;

use common::{pool, AllSubsets};
use zlink_base::Resource;
use zlink_frontier::packed::Packed;
use zlink_frontier::run::COUNT_BYTES_PER_STATE;
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{build, count_with_stats, EdgeOrder, Graph, Limits, Stopped};

fn corner_paths(n: usize) -> Mate<Packed> {
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
    Mate::<Packed>::st_paths(&g, 0, (n * n - 1) as u32, false).unwrap()
}

#[test]
fn builder_node_ids_do_not_depend_on_threads() {
    let spec = corner_paths(11);
    let one = pool(1).install(|| build(&spec, &Limits::default()).unwrap());
    let two = pool(2).install(|| build(&spec, &Limits::default()).unwrap());
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
    let one = pool(1).install(|| count_with_stats(&spec, &Limits::default()).unwrap());
    let two = pool(2).install(|| count_with_stats(&spec, &Limits::default()).unwrap());
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
    let one = pool(1).install(|| count_with_stats(&spec, &Limits::default()).unwrap());
    let two = pool(2).install(|| count_with_stats(&spec, &Limits::default()).unwrap());
    assert_eq!(one.max_level_states, 1 << 17);
    assert_eq!(one, two);
    // 2^150 also takes the counts past u64 and u128 (into 256 bits) on the wide levels.
    assert_eq!(one.count, num_bigint::BigUint::from(1u8) << 150u32);
}

#[test]
fn budgets_stop_both_engines() {
    let spec = corner_paths(6);
    let limits = Limits::default().with_nodes(100);
    let nodes_over = |e: Stopped| match e {
        Stopped::Budget {
            resource: Resource::Nodes,
            used,
            limit,
            from_memory: None,
            ..
        } => assert!(used > 100 && limit == 100),
        e => panic!("unexpected {e}"),
    };
    nodes_over(build(&spec, &limits).unwrap_err());
    nodes_over(count_with_stats(&spec, &limits).unwrap_err());
    let all = count_with_stats(&spec, &Limits::default()).unwrap();
    let limits = Limits::default().with_nodes(all.total_states);
    assert_eq!(count_with_stats(&spec, &limits).unwrap().count, all.count);
}

#[test]
fn the_held_states_budget_bounds_a_count() {
    let spec = corner_paths(7);
    let all = count_with_stats(&spec, &Limits::default()).unwrap();
    let held = |states: u64| Limits::default().with_memory(states * COUNT_BYTES_PER_STATE);
    // Some level holds more than the widest merged level (its raw children wait too).
    let tight = held(all.max_level_states as u64);
    let e = count_with_stats(&spec, &tight).unwrap_err();
    match &e {
        Stopped::Budget {
            resource: Resource::HeldStates,
            used,
            limit,
            from_memory: Some(m),
            ..
        } => {
            assert_eq!(*limit, all.max_level_states as u64);
            assert!(used > limit);
            assert_eq!(m.bytes_each, COUNT_BYTES_PER_STATE);
        }
        e => panic!("unexpected {e}"),
    }
    assert!(e.memory_bound());
    assert!(e.to_string().contains("states held at once"));
    // Enough room for the widest level and its children: the same count.
    let roomy = held(4 * all.max_level_states as u64);
    assert_eq!(count_with_stats(&spec, &roomy).unwrap().count, all.count);
}
