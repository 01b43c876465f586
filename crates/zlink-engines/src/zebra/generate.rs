//! A seeded maker of Zebra puzzles with a unique solution: draw a random solution table, add
//! random clues that are true of it until the propagation engine finds exactly one solution,
//! then drop every clue whose removal keeps the solution unique (in a random order), so no
//! clue left is redundant. Same seed, same puzzle (the project's one RNG, `SplitMix64`).
//!
//! Attributes are called `a`, `b`, … and their values `a1`, `a2`, …; three clues in four are
//! positive (same house, house N, next to, immediately left of, before), the rest negations.
//!
//! [`ZebraMaker`] is the maker as a [`Generator<Zebra>`]:
//!
//! ```
//! use zlink_base::Limits;
//! use zlink_engines::zebra::generate::{Size, ZebraMaker};
//! use zlink_puzzle::{Generator, Puzzle};
//! let size = Size { houses: 5, attributes: 5 };
//! let made = ZebraMaker.generate(&size, 1, &Limits::default()).unwrap();
//! assert!(made.puzzle.verify(&made.solution).is_ok());
//! ```

use std::time::Instant;

use zlink_base::{Limits, SplitMix64};
use zlink_puzzle::{Generated, Generator, SolveError, SolveOptions, SolveStats};

use super::parse::{MAX_ATTRIBUTES, MAX_CLUES, MAX_HOUSES};
use super::propagate::{search, Heuristic, PropagateSettings};
use super::{Attribute, Clue, Item, Relation, Table, Zebra};

/// Whether clue `c` holds in the table whose value positions are `pos`.
fn holds(pos: &[Vec<usize>], c: &Clue) -> bool {
    let at = |i: Item| pos[i.attr][i.value];
    let p = at(c.a);
    let r = match c.rel {
        Relation::Same(b) => p == at(b),
        Relation::At(h) => p == h,
        Relation::Next(b) => p.abs_diff(at(b)) == 1,
        Relation::LeftOf(b) => p + 1 == at(b),
        Relation::Before(b) => p < at(b),
    };
    r != c.negated
}

fn below(rng: &mut SplitMix64, n: usize) -> usize {
    rng.below_u64(n as u64) as usize
}

/// A random clue true of `t` (`pos` its value positions).
fn random_clue(rng: &mut SplitMix64, t: &Table, pos: &[Vec<usize>]) -> Clue {
    let (k, n) = (t.houses.len(), t.houses[0].len());
    let a = Item {
        attr: below(rng, k),
        value: below(rng, n),
    };
    let p = pos[a.attr][a.value];
    let other_attr = |rng: &mut SplitMix64| {
        if k == 1 {
            a.attr
        } else {
            (a.attr + 1 + below(rng, k - 1)) % k
        }
    };
    let positive = below(rng, 4) != 0;
    let kind = below(rng, 5);
    let attr = other_attr(rng);
    // the value of `attr` in house `h`
    let in_house = |h: usize| Item {
        attr,
        value: t.houses[attr][h],
    };
    let rel = if positive {
        match kind {
            0 if attr != a.attr => Relation::Same(in_house(p)),
            1 => Relation::At(p),
            2 => {
                let hs: Vec<usize> = [p.wrapping_sub(1), p + 1]
                    .into_iter()
                    .filter(|&h| h < n)
                    .collect();
                if hs.is_empty() {
                    Relation::At(p)
                } else {
                    Relation::Next(in_house(hs[below(rng, hs.len())]))
                }
            }
            3 if p + 1 < n => Relation::LeftOf(in_house(p + 1)),
            4 if p + 1 < n => Relation::Before(in_house(p + 1 + below(rng, n - p - 1))),
            _ => Relation::At(p),
        }
    } else {
        let b = Item {
            attr,
            value: below(rng, n),
        };
        match kind {
            0 => Relation::Same(b),
            1 => Relation::At(below(rng, n)),
            2 => Relation::Next(b),
            3 => Relation::LeftOf(b),
            _ => Relation::Before(b),
        }
    };
    let mut c = Clue {
        a,
        rel,
        negated: false,
    };
    c.negated = !holds(
        pos,
        &Clue {
            negated: false,
            ..c
        },
    );
    c
}

/// Whether `z` has exactly one solution, by the propagation engine (fewest houses first)
/// under `opts`.
fn unique(z: &Zebra, opts: &SolveOptions) -> Result<bool, SolveError> {
    let set = PropagateSettings {
        heuristic: Heuristic::FirstFail,
        ..PropagateSettings::default()
    };
    Ok(search(z, &set, 2, opts)?.found == 1)
}

/// A random Zebra puzzle with `houses` houses and `attributes` attributes whose unique
/// solution is the returned table, made from `seed`.
///
/// # Errors
/// Sizes out of range ([`SolveError::BadSetting`]), or the options' time limit or budget.
pub fn generate(
    houses: usize,
    attributes: usize,
    seed: u64,
    opts: &SolveOptions,
) -> Result<(Zebra, Table), SolveError> {
    if !(1..=MAX_HOUSES).contains(&houses) || !(1..=MAX_ATTRIBUTES).contains(&attributes) {
        return Err(SolveError::BadSetting(format!(
            "a Zebra puzzle has 1..={MAX_HOUSES} houses and 1..={MAX_ATTRIBUTES} attributes"
        )));
    }

    let mut rng = SplitMix64::new(seed);
    let attrs: Vec<Attribute> = (0..attributes)
        .map(|a| {
            let name = ((b'a' + a as u8) as char).to_string();
            Attribute {
                values: (1..=houses).map(|v| format!("{name}{v}")).collect(),
                name,
            }
        })
        .collect();
    let houses_of: Vec<Vec<usize>> = (0..attributes)
        .map(|_| {
            let mut p: Vec<usize> = (0..houses).collect();
            for i in (1..houses).rev() {
                p.swap(i, below(&mut rng, i + 1));
            }
            p
        })
        .collect();
    let table = Table { houses: houses_of };
    let pos = table.positions();
    let mut clues: Vec<Clue> = Vec::new();
    loop {
        let z = Zebra::new(attrs.clone(), clues.clone());
        // every check stops by the one deadline of the options
        if unique(&z, opts)? {
            break;
        }
        if clues.len() >= MAX_CLUES {
            return Err(SolveError::solver(format!(
                "no unique puzzle within {MAX_CLUES} clues"
            )));
        }
        let c = random_clue(&mut rng, &table, &pos);
        if !clues.contains(&c) {
            clues.push(c);
        }
    }
    // drop redundant clues, in a random order
    let mut order: Vec<usize> = (0..clues.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, below(&mut rng, i + 1));
    }
    let mut keep = vec![true; clues.len()];
    for i in order {
        keep[i] = false;
        let trial: Vec<Clue> = clues
            .iter()
            .zip(&keep)
            .filter(|p| *p.1)
            .map(|p| *p.0)
            .collect();
        if !unique(&Zebra::new(attrs.clone(), trial), opts)? {
            keep[i] = true;
        }
    }
    let clues = clues
        .into_iter()
        .zip(keep)
        .filter(|p| p.1)
        .map(|p| p.0)
        .collect();
    Ok((Zebra::new(attrs, clues), table))
}

/// The size of a Zebra puzzle to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Houses (values per attribute).
    pub houses: usize,
    /// Attributes.
    pub attributes: usize,
}

/// [`generate`] as a [`Generator<Zebra>`]: the solution is the table the puzzle was made from.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZebraMaker;

impl Generator<Zebra> for ZebraMaker {
    type Request = Size;
    type Details = ();

    fn name(&self) -> &'static str {
        "zebra"
    }

    fn generate(
        &self,
        size: &Size,
        seed: u64,
        limits: &Limits,
    ) -> Result<Generated<Zebra>, SolveError> {
        let started = Instant::now();
        let opts = SolveOptions {
            limits: limits.clone(),
            ..SolveOptions::default()
        };
        let (z, table) = generate(size.houses, size.attributes, seed, &opts)?;
        let stats = SolveStats {
            counters: vec![("clues", z.clues().len() as u64)],
            ..SolveStats::timed(started.elapsed().as_secs_f64())
        };
        Ok(Generated::new(z, table, stats))
    }
}
