//! Inputs for the stable-Rust fuzzing property tests (issue 19): a seed corpus of real inputs
//! in every format (from `data/` and `../shared/data/format-test-vectors`, plus small
//! hand-written ones) and a byte-level mutator.
//!
//! Why here: cargo-fuzz needs nightly; instead each parser's crate runs proptest over
//! arbitrary bytes and over [`mutate`]d seeds, and all of them share one corpus and one
//! mutator. `tools/fuzz.sh` runs the same tests with a large `PROPTEST_CASES`.
//!
//! ```
//! let seeds = zlink_testkit::fuzz::seeds();
//! assert!(seeds.len() > 10);
//! let m = zlink_testkit::fuzz::mutate(b"3 3", &[(0, 0, b'7')]);
//! assert_eq!(m, b"7 3");
//! ```

use crate::data;

/// Longest seed kept (longer files are cut), so that each case stays fast.
const MAX_SEED: usize = 3000;

/// Hand-written seeds: one small input per format and puzzle kind.
const HAND: &[&str] = &[
    "3 3\n- 2 -\n1 - 3\n- - 0\n",
    "..3\n2..\n.0.\n",
    "2 2 2\n1 0\n0 1\n",
    "3 3\n2 - 2\n- - -\n2 - 2\n",
    "https://puzz.link/p?slither/5/5/cbcbcddad\nhttps://puzz.link/p?slither/3/3/g\n",
    "https://puzz.link/p?hashi/3/3/1g1\n",
    "https://puzz.link/p?sudoku/4/4/g1k\n",
    "https://puzz.link/p?numlin/3/3/1g2h1g2\n",
    "5x5t0:2b1b2b1b2b3b3b0b3\n",
    "5x5m2:a2b3c\n",
    "1.2.\n..1.\n....\n2...\n",
    "4 4\n1 - - -\n- - 2 -\n- 1 - -\n- - - 2\n",
    "0 1\n1 2\n2 0\n# c\n",
    "3 3\nA.B\n...\nB.A\n\n0 0\n",
    "000000008003000400090020060000079000000061200060502070008000500010000020405000003\n",
    "a: x y z\nb: p q r # c\nx = p\ny !@ 1\nz not next-to q\nr right-of x\n---\nc: u v\nu after v\n",
    "s-o o o\n|     |\no # o-o\n    |\no o-o t\n",
];

/// The seed corpus: hand-written inputs, the format test vectors (each URL / id and each grid
/// column on its own), the Erato examples, a few Hashi `.has` files and Sudoku lines.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = HAND.iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut dirs = vec![data::project_dir()];
    if let Some(d) = data::shared_dir() {
        dirs.push(d);
    }
    for dir in &dirs {
        for name in ["pzprjs_url_vectors.tsv", "tatham_game_ids.tsv"] {
            let p = dir.join("format-test-vectors").join(name);
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let f: Vec<&str> = line.split('\t').collect();
                if let Some(id) = f.get(1) {
                    out.push(id.as_bytes().to_vec());
                }
                if let Some(grid) = f.iter().find(|c| c.contains('/') && !c.contains(':')) {
                    out.push(grid.replace('/', "\n").into_bytes());
                }
            }
        }
    }
    let root = data::project_dir();
    for sub in ["erato-zdd-examples", "cllv-hashi/dataset/100"] {
        if let Ok(rd) = std::fs::read_dir(root.join(sub)) {
            let mut paths: Vec<_> = rd.flatten().map(|e| e.path()).collect();
            paths.sort();
            for p in paths.into_iter().take(8) {
                if let Ok(b) = std::fs::read(p) {
                    out.push(b);
                }
            }
        }
    }
    if let Ok(t) = std::fs::read_to_string(root.join("sudoku-sets/forum_hardest_375.txt")) {
        out.push(
            t.lines()
                .take(3)
                .collect::<Vec<_>>()
                .join("\n")
                .into_bytes(),
        );
    }
    for s in &mut out {
        s.truncate(MAX_SEED);
    }
    out.dedup();
    out
}

/// Interesting bytes to insert: digits, separators, URL and id punctuation, a BOM start,
/// a bare continuation byte.
const SPICE: &[u8] = b"0123456789 \n\t-./?:x#+&=_\xEF\xBB\xBF\x80\xFFazAZ";

/// Applies `ops` to `seed`. Each op `(at, what, byte)` works at position `at % (len + 1)`:
/// `what % 6` = 0 replace a byte, 1 insert a byte, 2 delete a byte, 3 insert a run of nines
/// (huge numbers), 4 duplicate the next 16 bytes, 5 cut the input there.
pub fn mutate(seed: &[u8], ops: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for &(at, what, byte) in ops {
        let i = at % (v.len() + 1);
        let b = if byte & 1 == 0 {
            SPICE[(byte as usize >> 1) % SPICE.len()]
        } else {
            byte
        };
        match what % 6 {
            0 if i < v.len() => v[i] = b,
            0 | 1 => v.insert(i, b),
            2 if i < v.len() => {
                v.remove(i);
            }
            3 => {
                let nines = vec![b'9'; 1 + (byte as usize % 24)];
                v.splice(i..i, nines);
            }
            4 => {
                let end = (i + 16).min(v.len());
                let chunk = v[i..end].to_vec();
                v.splice(i..i, chunk);
            }
            5 => v.truncate(i),
            _ => {}
        }
    }
    v
}

/// The proptest strategy of the fuzz harnesses: a real input of [`seeds`] with up to 7
/// [`mutate`] operations applied.
pub fn mutated_seeds() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    use proptest::prelude::*;
    let seeds = seeds();
    let n = seeds.len();
    (
        0..n,
        prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..8),
    )
        .prop_map(move |(i, ops)| mutate(&seeds[i], &ops))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations() {
        assert_eq!(mutate(b"ab", &[(5, 2, 0)]), b"ab");
        assert_eq!(mutate(b"ab", &[(1, 2, 0)]), b"a");
        assert_eq!(mutate(b"ab", &[(1, 3, 1)]), b"a99b");
        assert_eq!(mutate(b"abc", &[(1, 5, 0)]), b"a");
        assert!(seeds().iter().all(|s| s.len() <= MAX_SEED));
    }
}
