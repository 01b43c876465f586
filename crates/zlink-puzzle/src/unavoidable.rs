//! Shrinking an unavoidable set to an inclusion-minimal one, for every "fewest clues" search.
//!
//! Why shared: a clue set makes a solution unique iff it hits every *unavoidable set* (the
//! cells where another solution differs, for Sudoku; the cells whose count another loop
//! changes, for Slitherlink hint design), and both searches shrink each set a solver hands
//! them by the same deletion filter; only the solver call differs.

/// An inclusion-minimal unavoidable set inside `set` (itself one). `other(free)` asks the
/// solver for another solution that differs only on cells of `free` (every other cell given)
/// and returns where it differs (a subset of `free`), or `None`.
///
/// A cell stays only if no other solution changes a subset of the set without it; otherwise
/// the set shrinks to that solution's, cells already known to be needed kept at the front
/// (they stay needed: fewer free cells allow fewer solutions). Sets above `chunked_above`
/// cells first try dropping halves, quarters, ... (a solver's first other solution often
/// differs on far more cells than a minimal set holds). The result is sorted; it is empty
/// only if `other` returns an empty difference (another solution agreeing everywhere).
///
/// # Errors
/// Whatever `other` returns.
pub fn shrink<E>(
    set: Vec<usize>,
    chunked_above: usize,
    mut other: impl FnMut(&[usize]) -> Result<Option<Vec<usize>>, E>,
) -> Result<Vec<usize>, E> {
    let mut cur = set;
    let mut chunk = cur.len() / 2;
    while chunk > 1 && cur.len() > chunked_above {
        let mut i = 0;
        while i < cur.len() {
            let end = (i + chunk).min(cur.len());
            let free: Vec<usize> = cur[..i].iter().chain(&cur[end..]).copied().collect();
            if free.is_empty() {
                i = end;
                continue;
            }
            match other(&free)? {
                Some(d) if d.is_empty() => return Ok(d),
                Some(d) => {
                    cur = d;
                    chunk = chunk.min(cur.len() / 2);
                    i = 0;
                }
                None => i = end,
            }
        }
        chunk /= 2;
    }
    // cells cur[..k] are needed
    let mut k = 0;
    while k < cur.len() {
        let free: Vec<usize> = cur
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &i)| i)
            .collect();
        match other(&free)? {
            Some(d) if d.is_empty() => return Ok(d),
            Some(d) => {
                let (needed, rest): (Vec<usize>, Vec<usize>) =
                    d.into_iter().partition(|i| cur[..k].contains(i));
                k = needed.len();
                cur = needed.into_iter().chain(rest).collect();
            }
            None => k += 1,
        }
    }
    cur.sort_unstable();
    Ok(cur)
}

#[cfg(test)]
mod tests {
    use super::shrink;

    /// Against a family of unavoidable sets given outright: the result is one of its minimal
    /// members inside the start set, whatever the chunking.
    #[test]
    fn finds_a_minimal_member_inside_the_set() {
        let family: Vec<Vec<usize>> = vec![
            vec![
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
            ],
            vec![2, 5, 9, 14],
            vec![5, 9],
            vec![1, 2, 3],
            vec![17, 18, 19],
            vec![3, 17],
        ];
        let other = |free: &[usize]| -> Result<Option<Vec<usize>>, ()> {
            Ok(family
                .iter()
                .find(|s| s.iter().all(|c| free.contains(c)))
                .cloned())
        };
        for chunked_above in [0, 4, 100] {
            let got = shrink(family[0].clone(), chunked_above, other).unwrap();
            assert!(family.contains(&got), "{got:?}");
            // minimal: no other member inside it
            assert!(!family
                .iter()
                .any(|s| s != &got && s.iter().all(|c| got.contains(c))));
            let got = shrink(vec![1, 2, 3, 17], chunked_above, other).unwrap();
            assert!(got == vec![1, 2, 3] || got == vec![3, 17], "{got:?}");
        }
        // an empty difference ends the shrinking at once
        let empty = |_: &[usize]| -> Result<Option<Vec<usize>>, ()> { Ok(Some(Vec::new())) };
        assert_eq!(shrink(vec![1, 2], 0, empty), Ok(Vec::new()));
    }
}
