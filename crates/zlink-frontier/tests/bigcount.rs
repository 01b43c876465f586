//! Counts beyond `u128` and beyond 256 bits (the switches to wider counts), specs that skip
//! levels (merging pending levels), on 1 and 2 threads, against closed forms.

mod common;

use common::{pool, AllSubsets};
use num_bigint::BigUint;
use zlink_frontier::{build_zdd, count, count_with_stats, Level, Limits, Spec, Step};

/// Sets with no two consecutive variables: taking `l` jumps to `l + 2` (so `l + 1` is 0).
/// |family| = Fibonacci(n + 2).
struct NoTwoAdjacent(Level);

impl Spec for NoTwoAdjacent {
    type State = ();
    fn num_levels(&self) -> Level {
        self.0
    }
    fn root(&self) -> Step<()> {
        Step::Node(0, ())
    }
    fn child(&self, _: &(), level: Level, take: bool) -> Step<()> {
        let next = level + 1 + u32::from(take);
        if next >= self.0 {
            Step::Accept
        } else {
            Step::Node(next, ())
        }
    }
}

fn fibonacci(n: usize) -> BigUint {
    let (mut a, mut b) = (BigUint::from(0u8), BigUint::from(1u8));
    for _ in 0..n {
        let c = &a + &b;
        a = b;
        b = c;
    }
    a
}

#[test]
fn skipping_levels_past_u128() {
    for n in [1, 2, 3, 10, 250, 400] {
        let want = fibonacci(n as usize + 2);
        assert_eq!(
            count(&NoTwoAdjacent(n), &Limits::default()).unwrap(),
            want,
            "n = {n}"
        );
        let mut zdd = zlink_zdd::Zdd::new(n);
        let f = build_zdd(&NoTwoAdjacent(n), &mut zdd, &Limits::default()).unwrap();
        assert_eq!(zdd.count(f), want, "n = {n} built");
    }
}

#[test]
fn wide_levels_past_u128_on_one_and_two_threads() {
    let want = BigUint::from(1u8) << 300u32; // past u128 and past 256 bits
    let wide = AllSubsets {
        levels: 300,
        bits: 14,
    };
    let one = pool(1).install(|| count_with_stats(&wide, &Limits::default()).unwrap());
    let two = pool(2).install(|| count_with_stats(&wide, &Limits::default()).unwrap());
    assert!(one.max_level_states >= 1 << 13, "the sharded path must run");
    assert_eq!(one.count, want);
    assert_eq!(one, two);
}
