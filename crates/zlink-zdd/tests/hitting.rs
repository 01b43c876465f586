//! Property tests of the hitting-set operations (`min_union`, `hitting_sets`, `up_minimal`)
//! against the explicit-set oracle of zlink-testkit.

use proptest::prelude::*;
use zlink_testkit::family::{self as fam, Family};
use zlink_zdd::{NodeId, Zdd};

fn build(z: &mut Zdd, f: &[u32]) -> NodeId {
    let sets: Vec<Vec<u32>> = f.iter().map(|&a| fam::vars(a)).collect();
    z.from_sets(&sets).unwrap()
}

fn members(z: &Zdd, f: NodeId) -> Family {
    fam::normalize(z.iter(f).map(|s| fam::mask(&s)).collect())
}

fn families() -> impl Strategy<Value = (u32, Family, Family)> {
    (1u32..=8).prop_flat_map(|n| {
        let set = 0u32..(1 << n);
        (
            proptest::collection::vec(set.clone(), 0..20),
            proptest::collection::vec(set, 0..20),
        )
            .prop_map(move |(f, g)| (n, fam::normalize(f), fam::normalize(g)))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn hitting_operations_match_the_oracle((n, f, g) in families()) {
        let mut z = Zdd::new(n);
        let (zf, zg) = (build(&mut z, &f), build(&mut z, &g));
        let (mf, mg) = (z.minimal(zf).unwrap(), z.minimal(zg).unwrap());
        let mu = z.min_union(mf, mg).unwrap();
        prop_assert_eq!(
            members(&z, mu),
            fam::minimal(&fam::union(&fam::minimal(&f), &fam::minimal(&g)))
        );
        let hit = z.hitting_sets(zf).unwrap();
        let want_min = fam::minimal_hitting_sets(&f, n);
        prop_assert_eq!(members(&z, hit), fam::up_closure(&want_min, n));
        let hit_min = z.up_minimal(hit).unwrap();
        prop_assert_eq!(members(&z, hit_min), want_min.clone());
        let up = z.up_closure(zg).unwrap();
        let up_min = z.up_minimal(up).unwrap();
        prop_assert_eq!(members(&z, up_min), fam::minimal(&g));
    }
}
