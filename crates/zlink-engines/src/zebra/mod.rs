//! The Zebra puzzle (report chapter 7, Einstein's riddle): `n` houses in a row, `k`
//! attributes (colour, nationality, …) with `n` values each; every house has one value of
//! every attribute and every value is in one house. Clues relate values: same house, an exact
//! house, immediately left or right of, next to, anywhere before or after, and the negation
//! of each.
//!
//! The module is split by job: this file is the definition (the [`Puzzle`] implementation,
//! the clue and solution types and the registry row), [`parse`] reads the text format,
//! [`verify`] is the independent rule checker, [`ip`] is the report's integer program (7.1,
//! clues as linear rows), [`propagate`] the constraint-propagation engine with the report's
//! three search heuristics (Gregor et al.), [`generate`] the seeded maker of unique puzzles
//! and [`render`] draws the solution table as text and SVG.
//!
//! "Left of" and "right of" are *immediately* left or right, as in the report's clue 5 ("the
//! green house is immediately to the right of the ivory house"); `before`/`after` are the
//! "anywhere to the left / right" forms. House 1 is the leftmost.
//!
//! ```
//! use zlink_puzzle::Puzzle;
//! use zlink_engines::zebra::Zebra;
//! let z = &Zebra::parse("pet: cat dog\ndrink: tea milk\ncat = milk\ntea @ 1\n", "f").unwrap()[0].1;
//! assert_eq!((z.houses(), z.attributes().len(), z.clues().len()), (2, 2, 2));
//! ```

pub mod generate;
pub mod ip;
pub mod parse;
pub mod propagate;
pub mod render;
pub mod verify;

use zlink_puzzle::{Kind, ParseError, Puzzle, Violation};

pub use ip::IpEngine;
pub use propagate::{Heuristic, PropagateEngine, PropagateSettings, Propagation};

/// The registry row of the Zebra puzzle.
pub static KIND: Kind<Zebra> = Kind::new(
    "zebra",
    &["einstein", "zebra-puzzle"],
    "Zebra puzzle: give every house one value of each attribute so that all clues hold",
    "attribute lines `name: v1 v2 …` then one clue a line (`a = b`, `a != b`, `a @ 3`, \
     `a !@ 3`, `a next-to b`, `a left-of b`, `a right-of b`, `a before b`, `a after b`, \
     `not` before a word relation negates it), `#` comments, `---` between puzzles",
    &[&PropagateEngine, &IpEngine],
);

/// One value of one attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Item {
    /// Attribute index.
    pub attr: usize,
    /// Value index within the attribute.
    pub value: usize,
}

/// What a clue says about its first item `a`. Right-of and after are stored as left-of and
/// before with the items swapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relation {
    /// `a` and `b` are in the same house (ACC).
    Same(Item),
    /// `a` is in house `p` (0-based) (DLC).
    At(usize),
    /// `a` and `b` are in adjacent houses (ILC).
    Next(Item),
    /// `a` is immediately left of `b`: house(a) + 1 = house(b) (ILC).
    LeftOf(Item),
    /// `a` is somewhere left of `b`: house(a) < house(b) (ILC).
    Before(Item),
}

/// The report's clue categories (Gregor et al.), which the heuristics order by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// Direct location: a value in an exact house.
    Direct,
    /// Attribute connection: two values in the same house.
    Connection,
    /// Indirect location: neighbours, left/right, before/after.
    Indirect,
}

/// One clue: a relation, possibly negated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clue {
    /// The item the relation is about.
    pub a: Item,
    /// The relation.
    pub rel: Relation,
    /// Whether the clue says the relation does *not* hold.
    pub negated: bool,
}

impl Clue {
    /// The report's category of the clue.
    pub fn category(&self) -> Category {
        match self.rel {
            Relation::At(_) => Category::Direct,
            Relation::Same(_) => Category::Connection,
            _ => Category::Indirect,
        }
    }

    /// The items the clue names (one or two).
    pub fn items(&self) -> impl Iterator<Item = Item> {
        let b = match self.rel {
            Relation::At(_) => None,
            Relation::Same(b) | Relation::Next(b) | Relation::LeftOf(b) | Relation::Before(b) => {
                Some(b)
            }
        };
        std::iter::once(self.a).chain(b)
    }
}

/// An attribute: its name and its values (as many as there are houses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    /// The name (`colour`).
    pub name: String,
    /// The values (`red green …`).
    pub values: Vec<String>,
}

/// A solution: `houses[a][h]` is the value of attribute `a` in house `h` (0-based).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Table {
    /// Per attribute, the value index of each house.
    pub houses: Vec<Vec<usize>>,
}

impl Table {
    /// The house of every value: `positions()[a][v]`. Assumes each row is a permutation.
    pub fn positions(&self) -> Vec<Vec<usize>> {
        self.houses
            .iter()
            .map(|row| {
                let mut pos = vec![0; row.len()];
                for (h, &v) in row.iter().enumerate() {
                    if let Some(p) = pos.get_mut(v) {
                        *p = h;
                    }
                }
                pos
            })
            .collect()
    }
}

/// A Zebra puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zebra {
    attributes: Vec<Attribute>,
    clues: Vec<Clue>,
}

impl Zebra {
    /// A puzzle; every attribute must have the same number (≥ 1) of values and the clues'
    /// items and houses must be in range (the parser checks this; [`Zebra::check`] too).
    pub fn new(attributes: Vec<Attribute>, clues: Vec<Clue>) -> Self {
        let z = Self { attributes, clues };
        debug_assert_eq!(z.check(), Ok(()));
        z
    }

    /// Whether the attributes and clues fit together (same number of values everywhere,
    /// items and houses in range).
    ///
    /// # Errors
    /// What is out of range.
    pub fn check(&self) -> Result<(), String> {
        let n = self.houses();
        if self.attributes.is_empty() || n == 0 {
            return Err("a puzzle needs an attribute with a value".into());
        }
        if let Some(a) = self.attributes.iter().find(|a| a.values.len() != n) {
            return Err(format!(
                "attribute `{}` has {} values, not {n}",
                a.name,
                a.values.len()
            ));
        }
        let ok = |i: Item| i.attr < self.attributes.len() && i.value < n;
        for c in &self.clues {
            if !c.items().all(ok) || matches!(c.rel, Relation::At(p) if p >= n) {
                return Err("a clue is out of range".into());
            }
        }
        Ok(())
    }

    /// Number of houses (values per attribute).
    pub fn houses(&self) -> usize {
        self.attributes.first().map_or(0, |a| a.values.len())
    }

    /// The attributes.
    pub fn attributes(&self) -> &[Attribute] {
        &self.attributes
    }

    /// The clues, in input order.
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    /// The name of an item's value.
    pub fn name(&self, i: Item) -> &str {
        &self.attributes[i.attr].values[i.value]
    }

    /// The clue in the text format (`a left-of b`, `a !@ 3`, …).
    pub fn clue_text(&self, c: &Clue) -> String {
        let a = self.name(c.a);
        let not = if c.negated { "not " } else { "" };
        match c.rel {
            Relation::Same(b) => {
                format!(
                    "{a} {} {}",
                    if c.negated { "!=" } else { "=" },
                    self.name(b)
                )
            }
            Relation::At(p) => format!("{a} {} {}", if c.negated { "!@" } else { "@" }, p + 1),
            Relation::Next(b) => format!("{a} {not}next-to {}", self.name(b)),
            Relation::LeftOf(b) => format!("{a} {not}left-of {}", self.name(b)),
            Relation::Before(b) => format!("{a} {not}before {}", self.name(b)),
        }
    }

    /// The puzzle in the text format ([`parse`] reads it back).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for a in &self.attributes {
            out.push_str(&format!("{}: {}\n", a.name, a.values.join(" ")));
        }
        for c in &self.clues {
            out.push_str(&self.clue_text(c));
            out.push('\n');
        }
        out
    }
}

impl Puzzle for Zebra {
    type Solution = Table;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        parse::parse(text, source)
    }

    fn verify(&self, solution: &Table) -> Result<(), Violation> {
        verify::verify(self, solution)
    }

    fn render_text(&self, solution: Option<&Table>) -> String {
        render::text(self, solution)
    }

    fn render_svg(&self, solution: Option<&Table>) -> String {
        render::svg(self, solution)
    }

    fn describe(&self) -> String {
        format!(
            "Zebra puzzle, {} houses, {} attributes, {} clues",
            self.houses(),
            self.attributes.len(),
            self.clues.len()
        )
    }
}
