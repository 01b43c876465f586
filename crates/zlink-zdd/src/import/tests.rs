//! The raw form against its row lists and the reduction against a direct count.

use super::*;
use crate::NodeId;
use num_bigint::BigUint;

/// Random rows: `width(v)` nodes in row `v`, children terminals or nodes of any later row
/// (often the next, sometimes far below), root in row `root_row` (seeded `SplitMix64`).
fn random_rows(levels: u32, seed: u64, root_row: u32) -> (RawRef, Vec<Vec<[RawRef; 2]>>) {
    let mut rng = zlink_base::SplitMix64::new(seed);
    let mut rnd = move |m: u64| rng.below_u64(m);
    let widths: Vec<u32> = (0..levels).map(|_| 1 + rnd(12) as u32).collect();
    let mut rows = Vec::new();
    for v in 0..levels {
        let child = |rnd: &mut dyn FnMut(u64) -> u64| match rnd(10) {
            0 => RawRef::ZERO,
            1 => RawRef::ONE,
            k if v + 1 < levels => {
                let to = if k == 9 {
                    v + 1 + rnd(u64::from(levels - v - 1)) as u32
                } else {
                    v + 1
                };
                RawRef::node(to, rnd(u64::from(widths[to as usize])) as u32)
            }
            _ => RawRef::ONE,
        };
        let row = (0..widths[v as usize])
            .map(|_| [child(&mut rnd), child(&mut rnd)])
            .collect();
        rows.push(row);
    }
    (RawRef::node(root_row, 0), rows)
}

/// The number of 1-paths from `root`, straight from the rows (no reduction).
fn rows_count(root: RawRef, rows: &[Vec<[RawRef; 2]>]) -> BigUint {
    let mut vals: Vec<Vec<BigUint>> = rows
        .iter()
        .map(|r| vec![BigUint::default(); r.len()])
        .collect();
    let val = |vals: &[Vec<BigUint>], r: RawRef| match r.as_node() {
        None => BigUint::from(u8::from(r == RawRef::ONE)),
        Some((v, i)) => vals[v as usize][i as usize].clone(),
    };
    for v in (0..rows.len()).rev() {
        for i in 0..rows[v].len() {
            let [lo, hi] = rows[v][i];
            vals[v][i] = val(&vals, lo) + val(&vals, hi);
        }
    }
    val(&vals, root)
}

/// Across many (tiny, under test) chunks: the compact form keeps every link, and importing
/// it, fresh or into a used store, counts what the raw rows count.
#[test]
fn chunked_rows_round_trip_and_import_exactly() {
    for seed in 1..40u64 {
        let levels = 2 + (seed as u32 * 7) % 150;
        let root_row = (seed as u32) % 3 % levels;
        let (root, rows) = random_rows(levels, seed, root_row);
        let d = Unreduced::from_rows(root, &rows).unwrap();
        assert!(d.chunks.len() > 1 || d.num_nodes() <= CHUNK);
        assert_eq!(d.to_rows(), (root, rows.clone()));
        assert_eq!(d.root(), root);
        let want = rows_count(root, &rows);
        let mut fresh = crate::Zdd::new(0);
        let f = fresh.import(d.clone()).unwrap();
        assert_eq!(fresh.count(f), want, "seed {seed}");
        let mut used = crate::Zdd::new(0);
        let other = used.power_set(&[0, 2, 5]).unwrap();
        let g = used.import(d).unwrap();
        assert_eq!(used.count(g), want, "seed {seed}");
        assert_eq!(used.size(g), fresh.size(f), "both imports are reduced");
        assert_eq!(used.count(other), BigUint::from(8u32));
    }
}

/// The rows reachable from `root`, renumbered (what a top-down builder produces).
fn reachable_rows(root: RawRef, rows: &[Vec<[RawRef; 2]>]) -> (RawRef, Vec<Vec<[RawRef; 2]>>) {
    let mut new_id: Vec<Vec<Option<u32>>> = rows.iter().map(|r| vec![None; r.len()]).collect();
    let mut kept: Vec<Vec<u32>> = vec![Vec::new(); rows.len()];
    let mark = |r: RawRef, new_id: &mut Vec<Vec<Option<u32>>>, kept: &mut Vec<Vec<u32>>| {
        if let Some((v, i)) = r.as_node() {
            let slot = &mut new_id[v as usize][i as usize];
            if slot.is_none() {
                *slot = Some(kept[v as usize].len() as u32);
                kept[v as usize].push(i);
            }
        }
    };
    mark(root, &mut new_id, &mut kept);
    for v in 0..rows.len() {
        let mut k = 0;
        while k < kept[v].len() {
            let [lo, hi] = rows[v][kept[v][k] as usize];
            mark(lo, &mut new_id, &mut kept);
            mark(hi, &mut new_id, &mut kept);
            k += 1;
        }
    }
    let map = |r: RawRef| match r.as_node() {
        None => r,
        Some((v, i)) => RawRef::node(v, new_id[v as usize][i as usize].unwrap()),
    };
    let out = (0..rows.len())
        .map(|v| {
            kept[v]
                .iter()
                .map(|&i| rows[v][i as usize].map(map))
                .collect()
        })
        .collect();
    (map(root), out)
}

/// An import into a fresh store claims that its root reaches every node exactly when a
/// reachability sweep finds so; a builder-like diagram (every raw node reachable) always
/// gets the claim.
#[test]
fn a_fresh_import_knows_when_its_root_reaches_everything() {
    let (mut claimed, mut unclaimed, mut noted) = (0, 0, 0);
    for seed in 1..60u64 {
        let levels = 2 + (seed as u32 * 5) % 90;
        let (root, rows) = random_rows(levels, seed, 0);
        let (r2, pruned) = reachable_rows(root, &rows);
        for (root, rows, builder_like) in [(root, rows, false), (r2, pruned, true)] {
            let mut zdd = crate::Zdd::new(0);
            let f = zdd
                .import(Unreduced::from_rows(root, &rows).unwrap())
                .unwrap();
            let claim = zdd.closed.get();
            zdd.closed = Default::default();
            // every node of the store (terminals aside), not only those below the root:
            // nodes made after the root (rows above it) are never reached from it
            let swept = crate::topo::Topo::new(&zdd, &[f]).len() + 2 == zdd.nodes.len();
            assert_eq!(claim == f.0 && f.0 >= 2, swept && f.0 >= 2, "seed {seed}");
            if builder_like && f.0 >= 2 {
                assert_eq!(claim, f.0, "seed {seed}: every raw node was reachable");
            }
            // the layout noted on the way is the count's own pass's, for a closed root only
            match &zdd.layout {
                Some((r, layout)) => {
                    assert_eq!((*r, claim), (f.0, f.0), "seed {seed}");
                    assert_eq!(Some(layout), zdd.level_runs(f.0).as_ref(), "seed {seed}");
                    noted += 1;
                }
                None => assert!(claim != f.0 || f.0 < 2, "seed {seed}"),
            }
            if claim == f.0 {
                claimed += 1;
            } else {
                unclaimed += 1;
            }
            assert_eq!(zdd.count(f), rows_count(root, &rows), "seed {seed}");
            // a compaction renumbers the nodes: the noted layout goes
            let mut roots = [f];
            zdd.retain(&mut roots);
            assert!(zdd.layout.is_none());
            assert_eq!(zdd.count(roots[0]), rows_count(root, &rows), "seed {seed}");
        }
    }
    assert!(claimed > 20 && unclaimed > 5, "{claimed} / {unclaimed}");
    assert!(noted > 20, "{noted}");
}

/// Children set by number land where the same children set by `(row, index)` do.
#[test]
fn numbered_and_indexed_children_agree() {
    let (root, rows) = random_rows(60, 7, 0);
    let mut by_index = Unreduced::new();
    let mut by_number = Unreduced::new();
    for r in &rows {
        by_index.push_row(r.len()).unwrap();
        by_number.push_row(r.len()).unwrap();
    }
    for (v, r) in rows.iter().enumerate() {
        for (i, &[lo, hi]) in r.iter().enumerate() {
            for (b, child) in [(false, lo), (true, hi)] {
                by_index.set_child(v as u32, i as u32, b, child);
                match child.as_node() {
                    Some((cv, ci)) => by_number.set_child_numbered(
                        v as u32,
                        by_number.row_start(v as u32) + i as u32,
                        b,
                        by_number.row_start(cv) + ci,
                    ),
                    None => by_number.set_child(v as u32, i as u32, b, child),
                }
            }
        }
    }
    by_index.set_root(root);
    by_number.set_root(root);
    assert_eq!(by_index, by_number);
    assert_eq!(by_number.to_rows(), (root, rows));
}

#[test]
fn push_row_refuses_too_many_nodes() {
    let empty = Unreduced::default();
    assert_eq!(
        (empty.num_rows(), empty.num_nodes(), empty.root()),
        (0, 0, RawRef::ZERO)
    );
    assert_eq!(crate::Zdd::new(0).import(empty), Ok(NodeId::ZERO));
    let mut d = Unreduced::new();
    d.push_row(5).unwrap();
    assert_eq!(d.push_row(Unreduced::MAX_NODES), Err(TooManyRawNodes));
    assert_eq!((d.num_rows(), d.num_nodes()), (1, 5));
}
