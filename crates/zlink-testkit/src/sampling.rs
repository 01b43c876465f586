//! A check that draws are uniform over a known solution set, shared by the sampling tests of
//! every engine that samples (Hashi, the circuit board).
//!
//! Why a fixed bound instead of a statistical test: with a fixed seed the draws are
//! deterministic, so the bound only has to be far outside chance (a uniform sampler gives each
//! of `n` solutions about `k ± 3√k` hits out of `k·n` draws) and well inside what a biased one
//! gives (a solution never drawn, or drawn twice as often as it should).

use std::fmt::Debug;

/// Asserts that `draws` (`k` per member of `all`) hold only members of `all`, each between
/// `0.4·k` and `2·k` times. `what` names the instance in the failure message.
///
/// # Panics
/// On a draw outside `all` or a count outside the bounds.
pub fn assert_uniform<T: PartialEq + Debug>(draws: &[T], all: &[T], k: usize, what: &str) {
    assert_eq!(draws.len(), k * all.len(), "{what}: number of draws");
    let mut hits = vec![0usize; all.len()];
    for d in draws {
        let i = all
            .iter()
            .position(|s| s == d)
            .unwrap_or_else(|| panic!("{what}: the draw {d:?} is not a solution"));
        hits[i] += 1;
    }
    let (lo, hi) = (k * 2 / 5, 2 * k);
    assert!(
        hits.iter().all(|&n| (lo..=hi).contains(&n)),
        "{what}: hits {hits:?}, expected about {k} each"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_even_draws_and_rejects_bias() {
        let all = [1, 2, 3];
        let even: Vec<i32> = (0..30).map(|i| all[i % 3]).collect();
        assert_uniform(&even, &all, 10, "even");
        let skewed: Vec<i32> = (0..30).map(|i| if i < 25 { 1 } else { 2 }).collect();
        let r = std::panic::catch_unwind(|| assert_uniform(&skewed, &all, 10, "skewed"));
        assert!(r.is_err());
        let r = std::panic::catch_unwind(|| assert_uniform(&[4; 3], &all, 1, "stranger"));
        assert!(r.is_err());
    }
}
