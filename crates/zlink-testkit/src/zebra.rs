//! Zebra oracle: the number of solutions by brute force over every permutation of every
//! attribute (`(n!)^k` tables, so 3-4 houses and 2-3 attributes), each clue read straight
//! from the house numbers. It shares nothing with the engines (no domains, no model, no
//! normalised clues: right-of and after are evaluated as written).
//!
//! Also a seeded maker of small random instances and their text in the Zebra format, so
//! tests go through the parser too.

use zlink_base::SplitMix64;

/// A relation as written in the text format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rel {
    /// `=`: same house.
    Same,
    /// `@`: in house `b.1 + 1`.
    At,
    /// `next-to`.
    Next,
    /// `left-of`: immediately left.
    Left,
    /// `right-of`: immediately right.
    Right,
    /// `before`: anywhere left.
    Before,
    /// `after`: anywhere right.
    After,
}

/// One clue: item `a` (attribute, value), the relation, item `b` (for `At`, `b.1` is the
/// 0-based house), negated or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clue {
    /// `(attribute, value)`.
    pub a: (usize, usize),
    /// The relation.
    pub rel: Rel,
    /// `(attribute, value)`, or `(0, house)` for `At`.
    pub b: (usize, usize),
    /// Whether the relation must not hold.
    pub negated: bool,
}

/// A small instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// Houses (values per attribute).
    pub houses: usize,
    /// Attributes.
    pub attributes: usize,
    /// Clues.
    pub clues: Vec<Clue>,
}

fn holds(c: &Clue, pos: &[Vec<usize>]) -> bool {
    let pa = pos[c.a.0][c.a.1] as i64;
    let pb = || pos[c.b.0][c.b.1] as i64;
    let r = match c.rel {
        Rel::Same => pa == pb(),
        Rel::At => pa == c.b.1 as i64,
        Rel::Next => (pa - pb()).abs() == 1,
        Rel::Left => pa + 1 == pb(),
        Rel::Right => pa == pb() + 1,
        Rel::Before => pa < pb(),
        Rel::After => pa > pb(),
    };
    r != c.negated
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// The number of solutions: tables (`pos[attribute][value]` = house) that satisfy every clue.
pub fn count(p: &Instance) -> u64 {
    assert!(
        p.houses <= 5 && p.attributes <= 4,
        "oracle instances are small"
    );
    let perms = permutations(p.houses);
    let mut pos = vec![Vec::new(); p.attributes];
    let mut found = 0;
    fn rec(
        p: &Instance,
        perms: &[Vec<usize>],
        pos: &mut Vec<Vec<usize>>,
        a: usize,
        found: &mut u64,
    ) {
        if a == p.attributes {
            if p.clues.iter().all(|c| holds(c, pos)) {
                *found += 1;
            }
            return;
        }
        for q in perms {
            pos[a] = q.clone();
            rec(p, perms, pos, a + 1, found);
        }
    }
    rec(p, &perms, &mut pos, 0, &mut found);
    found
}

/// A random instance with `houses` houses, `attributes` attributes and `clues` random clues
/// (any relation, either sign, items anywhere, so many instances have no solution).
pub fn random_instance(
    rng: &mut SplitMix64,
    houses: usize,
    attributes: usize,
    clues: usize,
) -> Instance {
    let below = |rng: &mut SplitMix64, n: usize| rng.below_u64(n as u64) as usize;
    let rels = [
        Rel::Same,
        Rel::At,
        Rel::Next,
        Rel::Left,
        Rel::Right,
        Rel::Before,
        Rel::After,
    ];
    let clues = (0..clues)
        .map(|_| {
            let rel = rels[below(rng, rels.len())];
            let a = (below(rng, attributes), below(rng, houses));
            let b = if rel == Rel::At {
                (0, below(rng, houses))
            } else {
                (below(rng, attributes), below(rng, houses))
            };
            Clue {
                a,
                rel,
                b,
                negated: below(rng, 3) == 0,
            }
        })
        .collect();
    Instance {
        houses,
        attributes,
        clues,
    }
}

/// The instance in the Zebra text format: attribute `i` is `a{i}` with values `v{i}x{j}`
/// (1-based `j`), negations written as `!=`, `!@` or `not`.
pub fn to_text(p: &Instance) -> String {
    let name = |(a, v): (usize, usize)| format!("v{a}x{}", v + 1);
    let mut out = String::from("# made by zlink_testkit::zebra\n");
    for a in 0..p.attributes {
        let values: Vec<String> = (0..p.houses).map(|v| name((a, v))).collect();
        out.push_str(&format!("a{a}: {}\n", values.join(" ")));
    }
    for c in &p.clues {
        let not = if c.negated { "not " } else { "" };
        let line = match c.rel {
            Rel::Same => format!(
                "{} {} {}",
                name(c.a),
                if c.negated { "!=" } else { "=" },
                name(c.b)
            ),
            Rel::At => format!(
                "{} {} {}",
                name(c.a),
                if c.negated { "!@" } else { "@" },
                c.b.1 + 1
            ),
            Rel::Next => format!("{} {not}next-to {}", name(c.a), name(c.b)),
            Rel::Left => format!("{} {not}left-of {}", name(c.a), name(c.b)),
            Rel::Right => format!("{} {not}right-of {}", name(c.a), name(c.b)),
            Rel::Before => format!("{} {not}before {}", name(c.a), name(c.b)),
            Rel::After => format!("{} {not}after {}", name(c.a), name(c.b)),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_small_cases_by_hand() {
        let free = Instance {
            houses: 3,
            attributes: 2,
            clues: Vec::new(),
        };
        assert_eq!(count(&free), 36);
        let mut one = free.clone();
        one.clues.push(Clue {
            a: (0, 0),
            rel: Rel::At,
            b: (0, 2),
            negated: false,
        });
        assert_eq!(count(&one), 12);
        one.clues.push(Clue {
            a: (0, 0),
            rel: Rel::Right,
            b: (1, 1),
            negated: false,
        });
        assert_eq!(count(&one), 4); // v1x2 in house 2, then 2 ways for the rest of each
        one.clues.push(Clue {
            a: (1, 1),
            rel: Rel::After,
            b: (0, 0),
            negated: false,
        });
        assert_eq!(count(&one), 0);
        assert!(to_text(&one).contains("v1x2 after v0x1"));
    }
}
