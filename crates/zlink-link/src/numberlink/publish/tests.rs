//! Unit tests of the generator's parts: layouts stay covers by induced paths, the windows'
//! search finds only solutions.

use super::check::Candidate;
use super::layout::{Layout, MIN_CELLS};
use super::repair::{differing, split};
use super::*;
use zlink_base::SplitMix64;
use zlink_puzzle::numberlink::verify;

#[test]
fn layouts_are_covers_by_induced_paths() {
    for &(r, c, k) in &[
        (4usize, 4usize, 3usize),
        (7, 9, 6),
        (10, 10, 8),
        (20, 40, 22),
    ] {
        let mut rng = SplitMix64::new(r as u64);
        for _ in 0..4 {
            let mut l = Layout::singletons(r, c, MIN_CELLS);
            let reached = l.shrink_to(k, &mut rng);
            assert!(l.is_valid(if l.is_finished() { MIN_CELLS } else { 1 }));
            if reached {
                assert!(l.len() <= k && l.is_finished());
                let (p, s) = l.puzzle();
                assert_eq!(p.pairs().len(), l.len());
                assert!(verify(&p, &s, Rules::JANKO).is_ok());
            }
        }
    }
    // paths given by hand: a cover, and not a cover
    let l = Layout::from_paths(2, 3, MIN_CELLS, vec![vec![0, 1, 2], vec![3, 4, 5]]).unwrap();
    assert!(l.is_valid(MIN_CELLS));
    assert!(Layout::from_paths(2, 3, MIN_CELLS, vec![vec![0, 1, 2], vec![3, 4]]).is_none());
    // a path touching itself is no layout
    let u = Layout::from_paths(2, 3, MIN_CELLS, vec![vec![0, 3, 4, 1, 2, 5]]).unwrap();
    assert!(!u.is_valid(MIN_CELLS));
}

#[test]
fn windows_find_solutions_and_splits_remove_them() {
    let mut rng = SplitMix64::new(9);
    let mut found = 0;
    for _ in 0..30 {
        let mut l = Layout::singletons(8, 8, MIN_CELLS);
        if !l.shrink_to(4, &mut rng) {
            continue;
        }
        let (p, s) = l.puzzle();
        let rules = RuleSet::Cover.rules();
        let c = Candidate::new(&p, &s, rules, true, None);
        let Some((_, other)) = c.near(3, 0, None) else {
            continue;
        };
        found += 1;
        assert!(verify(&p, &other, rules).is_ok());
        assert_ne!(other, s);
        // a split where the two differ: the other is no solution of the new puzzle
        let diff = differing(&l, &other);
        assert!(!diff.is_empty());
        if split(&mut l, &other, &diff, MIN_CELLS) {
            let (q, t) = l.puzzle();
            assert!(verify(&q, &t, rules).is_ok());
            assert!(verify(&q, &other, rules).is_err());
        }
    }
    assert!(
        found > 5,
        "windows found another solution {found} times in 30"
    );
}
