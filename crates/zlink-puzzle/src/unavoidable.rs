//! Shrinking an unavoidable set to an inclusion-minimal one, for every "fewest clues" search.
//!
//! Why shared: a clue set makes a solution unique iff it hits every *unavoidable set* (the
//! cells where another solution differs, for Sudoku; the cells whose count another loop
//! changes, for Slitherlink hint design), and both searches shrink each set a solver hands
//! them by the same deletion filter; only the solver call differs.
//!
//! The row generation around it is shared too ([`generate_rows`]): a [`Master`] proposes a
//! clue set hitting every row (unavoidable set) known so far, an [`Oracle`] says whether it
//! makes the solution unique or hands back other solutions' differences, each is shrunk to a
//! new row, and the master takes the rows and proposes again, until it says the search is
//! over. Slitherlink's minimum hint sets (a ZDD of the sets of `k` cells as master,
//! `zlink_link::design::minimum`) and minimum-clue Sudoku's IP master
//! (`zlink_engines::minclue::search`) are the two implementations. Minimum-clue Sudoku's
//! default master, the bitmask depth-first search of `minclue::hitting`, is not a master of
//! this loop: it learns rows at the leaves of one enumeration (every row joins the unhit
//! lists of all the depths above the leaf, and the enumeration goes on where it was), which
//! a propose-and-restart master would redo from the root after every row, with millions of
//! microsecond checks; it shares the oracle side (its checker's differences, shrunk).

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

/// The master problem of a row generation: clue sets hitting every row it was given.
pub trait Master {
    /// What stops the search.
    type Error;
    /// A clue set (cell indices) hitting every row added so far, or `None` when the master's
    /// search is over (its result is its own).
    ///
    /// # Errors
    /// The master's failures (a budget, the time).
    fn propose(&mut self) -> Result<Option<Vec<usize>>, Self::Error>;
    /// The oracle found that `clues` (the last proposal) make the solution unique; whether
    /// the search is over.
    ///
    /// # Errors
    /// The master's failures.
    fn unique(&mut self, clues: Vec<usize>, round: &Round) -> Result<bool, Self::Error>;
    /// The rows (unavoidable sets, shrunk, non-empty) the oracle found against the last
    /// proposal, in the order it found them; whether the search is over.
    ///
    /// # Errors
    /// The master's failures.
    fn add_rows(&mut self, rows: Vec<Vec<usize>>, round: &Round) -> Result<bool, Self::Error>;
}

/// The oracle of a row generation: the solver that checks a clue set.
pub trait Oracle {
    /// What stops the search.
    type Error;
    /// Where other solutions differ from the one the clues should fix, given clues at the
    /// cells `clues` (each a set of cells, empty only if a solution agrees everywhere); none
    /// when the clues make it unique.
    ///
    /// # Errors
    /// The solver's failures (a budget, the time).
    fn others(&mut self, clues: &[usize]) -> Result<Vec<Vec<usize>>, Self::Error>;
    /// An inclusion-minimal unavoidable set inside `set` (one of [`Oracle::others`]), usually
    /// by [`shrink`] with the solver.
    ///
    /// # Errors
    /// The solver's failures.
    fn shrink(&mut self, set: Vec<usize>) -> Result<Vec<usize>, Self::Error>;
    /// Solver calls so far.
    fn checks(&self) -> u64;
}

/// Figures of one round's oracle work (the check and the shrinking).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Round {
    /// Seconds in the oracle.
    pub seconds: f64,
    /// Solver calls.
    pub checks: u64,
}

/// How a row generation ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The master said the search is over (its result is its own).
    Done,
    /// Another solution agrees on every cell: no clue set makes the solution unique.
    Hopeless,
}

/// Row generation: `master` proposes, `oracle` checks and its differences are shrunk into
/// new rows for `master`, until `master` says the search is over or a difference shrinks to
/// nothing (then no clue set can be unique).
///
/// # Errors
/// Whatever the master or the oracle returns.
pub fn generate_rows<E, M, O>(master: &mut M, oracle: &mut O) -> Result<Ended, E>
where
    M: Master<Error = E>,
    O: Oracle<Error = E>,
{
    while let Some(clues) = master.propose()? {
        let started = std::time::Instant::now();
        let checks = oracle.checks();
        let others = oracle.others(&clues)?;
        let figures = |oracle: &O| Round {
            seconds: started.elapsed().as_secs_f64(),
            checks: oracle.checks() - checks,
        };
        if others.is_empty() {
            if master.unique(clues, &figures(oracle))? {
                return Ok(Ended::Done);
            }
            continue;
        }
        let mut rows = Vec::with_capacity(others.len());
        for d in others {
            let row = oracle.shrink(d)?;
            if row.is_empty() {
                return Ok(Ended::Hopeless);
            }
            rows.push(row);
        }
        if master.add_rows(rows, &figures(oracle))? {
            return Ok(Ended::Done);
        }
    }
    Ok(Ended::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// An oracle that knows a family of unavoidable sets (and counts its checks).
    struct Family(Vec<Vec<usize>>, u64);
    impl Oracle for Family {
        type Error = ();
        fn others(&mut self, clues: &[usize]) -> Result<Vec<Vec<usize>>, ()> {
            self.1 += 1;
            Ok(self
                .0
                .iter()
                .filter(|s| !s.iter().any(|c| clues.contains(c)))
                .take(2)
                .map(|s| (0..12).filter(|c| s.contains(c) || c % 5 == 4).collect())
                .collect())
        }
        fn shrink(&mut self, set: Vec<usize>) -> Result<Vec<usize>, ()> {
            let fam = self.0.clone();
            shrink(set, 0, |free| {
                self.1 += 1;
                Ok(fam
                    .iter()
                    .find(|s| s.iter().all(|c| free.contains(c)))
                    .cloned())
            })
        }
        fn checks(&self) -> u64 {
            self.1
        }
    }
    /// A master that proposes the smallest hitting sets of its rows, by size, in order.
    struct Sizes {
        rows: Vec<Vec<usize>>,
        found: Option<Vec<usize>>,
        rounds: usize,
    }
    impl Master for Sizes {
        type Error = ();
        fn propose(&mut self) -> Result<Option<Vec<usize>>, ()> {
            let hits = |m: u32| self.rows.iter().all(|r| r.iter().any(|&c| m >> c & 1 == 1));
            let mut all: Vec<u32> = (0..1u32 << 12).filter(|&m| hits(m)).collect();
            all.sort_by_key(|m| (m.count_ones(), *m));
            Ok(all
                .first()
                .map(|&m| (0..12).filter(|c| m >> c & 1 == 1).collect()))
        }
        fn unique(&mut self, clues: Vec<usize>, round: &Round) -> Result<bool, ()> {
            assert_eq!(round.checks, 1, "one check, no shrinking");
            self.found = Some(clues);
            Ok(true)
        }
        fn add_rows(&mut self, rows: Vec<Vec<usize>>, round: &Round) -> Result<bool, ()> {
            assert!(round.checks > rows.len() as u64);
            self.rounds += 1;
            for r in rows {
                assert!(!self.rows.contains(&r), "a hit row came back: {r:?}");
                self.rows.push(r);
            }
            Ok(false)
        }
    }

    /// The loop against a brute force: the oracle knows a family of unavoidable sets, the
    /// master proposes the smallest hitting sets of the rows it has, by size, in order; the
    /// first unique proposal is a minimum hitting set of the whole family.
    #[test]
    fn row_generation_finds_a_minimum_hitting_set() {
        let family = vec![
            vec![0, 1],
            vec![1, 2, 3],
            vec![5, 6],
            vec![6, 7, 8],
            vec![10, 11],
        ];
        let mut oracle = Family(family.clone(), 0);
        let mut master = Sizes {
            rows: Vec::new(),
            found: None,
            rounds: 0,
        };
        assert_eq!(generate_rows(&mut master, &mut oracle), Ok(Ended::Done));
        let found = master.found.unwrap();
        assert!(family.iter().all(|s| s.iter().any(|c| found.contains(c))));
        // {1, 6, 10 or 11} is a minimum: the sets {0,1}, {5,6}, {10,11} are disjoint
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(master.rounds >= 2);
        // a difference that shrinks to nothing ends it: no clue set is unique
        let mut hopeless = Family(vec![Vec::new()], 0);
        let mut master = Sizes {
            rows: Vec::new(),
            found: None,
            rounds: 0,
        };
        assert_eq!(
            generate_rows(&mut master, &mut hopeless),
            Ok(Ended::Hopeless)
        );
        assert_eq!(master.found, None);
    }
}
