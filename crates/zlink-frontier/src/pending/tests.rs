//! Tests of the pending levels: shards, scatters (spilled buckets too) and work items.

use super::*;

#[test]
fn shard_bits_grow_with_the_level() {
    assert_eq!(shard_bits(10), 0);
    assert_eq!(shard_bits(PAR_THRESHOLD), 0);
    assert_eq!(shard_bits(SHARD_STATES), 1);
    assert_eq!(shard_bits(4 * SHARD_STATES), 3);
    assert_eq!(shard_bits(usize::MAX / 4), MAX_SHARD_BITS);
}

/// Items land in their level and shard in arrival order, and the counts follow.
#[test]
fn scatter_and_absorb_keep_order_per_shard() {
    let bits_of = |j: Level| if j == 2 { 2 } else { 0 };
    let mut p: Pending<u64> = Pending::new(5);
    for chunk in [0u64..50, 50..100] {
        let mut s = Scatter::new(1, 50);
        for x in chunk {
            s.push(if x % 3 == 0 { 4 } else { 2 }, x, |x| x, &bits_of);
        }
        p.absorb(s, &bits_of);
    }
    assert_eq!(p.items(), 100);
    let far = p.take(4).unwrap();
    assert_eq!(far.bits, 0);
    let want: Vec<u64> = (0..100).filter(|x| x % 3 == 0).collect();
    assert_eq!(far.shards[0].concat(), want);
    let near = p.take(2).unwrap();
    assert_eq!(near.shards.len(), 4);
    for (k, shard) in near.shards.iter().enumerate() {
        let got = shard.concat();
        assert!(got.windows(2).all(|w| w[0] < w[1]), "arrival order");
        assert!(got.iter().all(|x| shard_of(x, 4) == k && x % 3 != 0));
    }
    assert_eq!(near.len(), 100 - want.len());
    assert_eq!(p.items(), 0);
}

/// Buckets that fill are set aside as parts, not grown: many items from chunks with small
/// buckets land in order in their level and shard, each once, over several parts.
#[test]
fn full_buckets_spill_in_order() {
    let bits_of = |j: Level| if j == 2 { 2 } else { 0 };
    let mut p: Pending<u64, true> = Pending::new(7);
    for chunk in [0u64..3000, 3000..3001, 3001..9000] {
        let mut s = Scatter::new(1, 1); // next-level buckets of 8 items
        for x in chunk {
            s.push(2 + (x % 7 / 3) as Level * 2, x, |x| x, &bits_of);
        }
        p.absorb(s, &bits_of);
    }
    assert_eq!(p.items(), 9000);
    for (j, of_j) in [(2, 0), (4, 1), (6, 2)] {
        let raw = p.take(j).unwrap();
        assert!(
            raw.shards.iter().all(|parts| parts.len() > 2),
            "level {j}: spilled parts"
        );
        for (k, shard) in raw.shards.iter().enumerate() {
            let got = shard.concat();
            let want: Vec<u64> = (0..9000)
                .filter(|x| x % 7 / 3 == of_j && shard_of(x, raw.shards.len()) == k)
                .collect();
            assert_eq!(got, want, "level {j}, shard {k}");
        }
    }
}

/// Work items group small parts and split big ones, covering every state once in order.
#[test]
fn work_items_cover_the_parts_in_order() {
    let parts: Vec<Vec<u32>> = [3usize, 0, 10, 1, 7]
        .iter()
        .scan(0u32, |next, &n| {
            let p: Vec<u32> = (*next..*next + n as u32).collect();
            *next += n as u32;
            Some(p)
        })
        .collect();
    for chunk in [1, 4, 5, 100] {
        let items = work_items(&parts, chunk);
        let flat: Vec<u32> = items
            .iter()
            .flatten()
            .flat_map(|&(p, a, b)| parts[p][a..b].to_vec())
            .collect();
        assert_eq!(flat, (0..21).collect::<Vec<u32>>(), "chunk {chunk}");
        for item in &items[..items.len() - 1] {
            assert_eq!(item.iter().map(|&(_, a, b)| b - a).sum::<usize>(), chunk);
        }
    }
}
