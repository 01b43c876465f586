//! The Zebra text format, small enough to write by hand:
//!
//! ```text
//! # the 1962 puzzle, first lines
//! colour: red green ivory yellow blue
//! nationality: Englishman Spaniard Ukrainian Norwegian Japanese
//! Englishman = red          # same house
//! green right-of ivory      # immediately right of
//! milk @ 3                  # in house 3 (house 1 is the leftmost)
//! Norwegian next-to blue
//! ```
//!
//! Attribute lines (`name: values…`, all with the same number of values, which is the number
//! of houses) come first, then one clue a line: `a REL b` with `REL` one of `=` (same house),
//! `!=`, `@ N` (house N), `!@ N`, `next-to`, `left-of`, `right-of` (immediately), `before`,
//! `after` (anywhere); `not` before a relation negates it (`a not next-to b`). Values are
//! single words (write `orange-juice`), unique over all attributes, matched case-insensitively.
//! `#` starts a comment; a line `---` ends one puzzle and starts the next.
//!
//! Sizes are checked as lines are read, before anything grows: at most [`MAX_HOUSES`]
//! houses, [`MAX_ATTRIBUTES`] attributes and [`MAX_CLUES`] clues per puzzle.

use rustc_hash::FxHashMap;
use zlink_puzzle::text::{line_tokens, Token};
use zlink_puzzle::ParseError;

use super::{Attribute, Clue, Item, Relation, Zebra};

/// Most houses (values per attribute) of a puzzle.
pub const MAX_HOUSES: usize = 20;
/// Most attributes of a puzzle.
pub const MAX_ATTRIBUTES: usize = 20;
/// Most clues of a puzzle.
pub const MAX_CLUES: usize = 2000;

/// Relation words, which no value may be called.
const KEYWORDS: &[&str] = &[
    "=", "!=", "@", "!@", "not", "next-to", "left-of", "right-of", "before", "after", "---",
];

/// A puzzle being read.
struct Block<'a> {
    start: usize,
    attributes: Vec<Attribute>,
    clues: Vec<Clue>,
    names: FxHashMap<String, Item>,
    attr_names: FxHashMap<String, usize>,
    source: &'a str,
}

impl<'a> Block<'a> {
    fn new(source: &'a str) -> Self {
        Block {
            start: 0,
            attributes: Vec::new(),
            clues: Vec::new(),
            names: FxHashMap::default(),
            attr_names: FxHashMap::default(),
            source,
        }
    }

    fn err(&self, t: &Token<'_>, msg: impl Into<String>) -> ParseError {
        t.error(self.source, msg)
    }

    fn attribute(&mut self, line: &str, n: usize, colon: usize) -> Result<(), ParseError> {
        let head: Vec<Token<'_>> = line_tokens(&line[..colon], n).collect();
        let at_colon = Token {
            text: ":",
            line: n,
            col: zlink_puzzle::text::col_of(line, colon),
        };
        if !self.clues.is_empty() {
            return Err(self.err(&at_colon, "attribute lines must come before the clues"));
        }
        let name = match head.as_slice() {
            [t] => *t,
            [] => return Err(self.err(&at_colon, "expected an attribute name before `:`")),
            [_, t, ..] => return Err(self.err(t, "an attribute name is one word")),
        };
        if self.attributes.len() >= MAX_ATTRIBUTES {
            return Err(self.err(&name, format!("more than {MAX_ATTRIBUTES} attributes")));
        }
        if self.attr_names.contains_key(&name.text.to_lowercase()) {
            return Err(self.err(&name, format!("attribute `{}` given twice", name.text)));
        }
        let rest = &line[colon + 1..];
        let offset = zlink_puzzle::text::col_of(line, colon + 1) - 1;
        let values: Vec<Token<'_>> = line_tokens(rest, n)
            .map(|t| Token {
                col: t.col + offset,
                ..t
            })
            .take(MAX_HOUSES + 1)
            .collect();
        if values.is_empty() {
            return Err(self.err(&at_colon, "expected the attribute's values after `:`"));
        }
        if values.len() > MAX_HOUSES {
            return Err(self.err(
                &values[MAX_HOUSES],
                format!("more than {MAX_HOUSES} houses"),
            ));
        }
        if let Some(first) = self.attributes.first() {
            if values.len() != first.values.len() {
                return Err(self.err(
                    &name,
                    format!(
                        "attribute `{}` has {} values but `{}` has {} (one per house)",
                        name.text,
                        values.len(),
                        first.name,
                        first.values.len()
                    ),
                ));
            }
        }
        let attr = self.attributes.len();
        for (value, t) in values.iter().enumerate() {
            let key = t.text.to_lowercase();
            if KEYWORDS.contains(&key.as_str()) || t.text.contains(':') {
                return Err(self.err(t, format!("`{}` cannot be a value name", t.text)));
            }
            if self.names.insert(key, Item { attr, value }).is_some() {
                return Err(self.err(t, format!("value `{}` given twice", t.text)));
            }
        }
        self.attr_names.insert(name.text.to_lowercase(), attr);
        self.attributes.push(Attribute {
            name: name.text.to_string(),
            values: values.iter().map(|t| t.text.to_string()).collect(),
        });
        Ok(())
    }

    fn item(&self, t: &Token<'_>) -> Result<Item, ParseError> {
        self.names
            .get(&t.text.to_lowercase())
            .copied()
            .ok_or_else(|| self.err(t, format!("unknown value `{}`", t.text)))
    }

    fn clue(&mut self, toks: &[Token<'_>], end: Token<'_>) -> Result<(), ParseError> {
        if self.attributes.is_empty() {
            return Err(self.err(&toks[0], "expected an attribute line `name: values…` first"));
        }
        if self.clues.len() >= MAX_CLUES {
            return Err(self.err(&toks[0], format!("more than {MAX_CLUES} clues")));
        }
        let a = self.item(&toks[0])?;
        let mut i = 1;
        let negated_word = toks
            .get(i)
            .is_some_and(|t| t.text.eq_ignore_ascii_case("not"));
        if negated_word {
            i += 1;
        }
        let Some(rel) = toks.get(i) else {
            return Err(self.err(
                &end,
                "expected a relation (=, !=, @, !@, next-to, left-of, right-of, before, after)",
            ));
        };
        let Some(b) = toks.get(i + 1) else {
            return Err(self.err(&end, "expected a value or house after the relation"));
        };
        if let Some(extra) = toks.get(i + 2) {
            return Err(self.err(extra, "expected the end of the clue (one clue a line)"));
        }
        let word = rel.text.to_lowercase();
        let (negated, word) = match word.as_str() {
            "!=" | "!@" if negated_word => {
                return Err(self.err(rel, "`not` with a negated relation"))
            }
            "!=" => (true, "="),
            "!@" => (true, "@"),
            w => (negated_word, w),
        };
        let clue = match word {
            "@" | "at" => {
                let n = self.attributes[0].values.len();
                let p = zlink_puzzle::text::parse_uint::<usize>(b.text)
                    .filter(|p| (1..=n).contains(p))
                    .ok_or_else(|| self.err(b, format!("expected a house number 1..{n}")))?;
                Clue { a, rel: Relation::At(p - 1), negated }
            }
            "=" | "same" => Clue { a, rel: Relation::Same(self.item(b)?), negated },
            "next-to" => Clue { a, rel: Relation::Next(self.item(b)?), negated },
            "left-of" => Clue { a, rel: Relation::LeftOf(self.item(b)?), negated },
            "right-of" => Clue { a: self.item(b)?, rel: Relation::LeftOf(a), negated },
            "before" => Clue { a, rel: Relation::Before(self.item(b)?), negated },
            "after" => Clue { a: self.item(b)?, rel: Relation::Before(a), negated },
            _ => {
                return Err(self.err(
                    rel,
                    format!(
                        "unknown relation `{}` (=, !=, @, !@, next-to, left-of, right-of, before, after)",
                        rel.text
                    ),
                ))
            }
        };
        self.clues.push(clue);
        Ok(())
    }
}

/// Every puzzle of `text`, each with the line it starts on.
///
/// # Errors
/// The first malformed line, positioned.
pub fn parse(text: &str, source: &str) -> Result<Vec<(usize, Zebra)>, ParseError> {
    let mut out = Vec::new();
    let mut block = Block::new(source);
    let mut last_line = 1;
    let finish = |b: Block<'_>, out: &mut Vec<(usize, Zebra)>, at: usize| {
        if b.attributes.is_empty() {
            return Err(ParseError::new(
                source,
                at,
                1,
                "expected a puzzle: attribute lines `name: values…`, then clues",
            ));
        }
        out.push((b.start, Zebra::new(b.attributes, b.clues)));
        Ok(())
    };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        last_line = n;
        let line = raw.find('#').map_or(raw, |c| &raw[..c]);
        let toks: Vec<Token<'_>> = line_tokens(line, n).take(8).collect();
        let Some(first) = toks.first() else {
            continue;
        };
        if toks.len() == 1 && first.text == "---" {
            finish(
                std::mem::replace(&mut block, Block::new(source)),
                &mut out,
                n,
            )?;
            continue;
        }
        if block.start == 0 {
            block.start = n;
        }
        match line.find(':') {
            Some(colon) => block.attribute(line, n, colon)?,
            None => {
                let end = Token {
                    text: "",
                    line: n,
                    col: line.trim_end().chars().count() + 1,
                };
                block.clue(&toks, end)?;
            }
        }
    }
    if block.start != 0 || out.is_empty() {
        finish(block, &mut out, last_line)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, usize, String) {
        let e = parse(text, "f").unwrap_err();
        (e.line, e.col, e.message)
    }

    #[test]
    fn reads_clues_of_every_kind() {
        let t = "# c\na: x y z\nb: p q r # trailing\nx = p\nx != q\ny @ 2\nz !@ 1\n\
                 x next-to r\nx not next-to z\nx left-of q\nq right-of x\nx before z\nz after x\n";
        let z = &parse(t, "f").unwrap()[0];
        assert_eq!(z.0, 2);
        let z = &z.1;
        assert_eq!(z.houses(), 3);
        assert_eq!(z.clues().len(), 10);
        let x = Item { attr: 0, value: 0 };
        let q = Item { attr: 1, value: 1 };
        assert_eq!(
            z.clues()[6],
            Clue {
                a: x,
                rel: Relation::LeftOf(q),
                negated: false
            }
        );
        assert_eq!(z.clues()[7], z.clues()[6]);
        assert_eq!(
            z.clues()[3],
            Clue {
                a: Item { attr: 0, value: 2 },
                rel: Relation::At(0),
                negated: true
            }
        );
        // the text form reads back to the same puzzle
        assert_eq!(&parse(&z.to_text(), "g").unwrap()[0].1, z);
    }

    #[test]
    fn several_puzzles_and_positioned_errors() {
        let two = parse("a: x y\nx @ 1\n---\n\nb: p\n", "f").unwrap();
        assert_eq!(two.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 5]);
        assert_eq!(err("").0, 1);
        assert_eq!(err("a: x y\nb: p\n").0, 2);
        assert_eq!(err("a: x y\nx = w\n"), (2, 5, "unknown value `w`".into()));
        assert_eq!(err("a: x y\nx @ 3\n").1, 5);
        assert_eq!(err("a: x y\nx near y\n").1, 3);
        assert_eq!(err("a: x y\nx =\n").1, 4);
        assert_eq!(err("a: x y\nx = y y\n").1, 7);
        assert_eq!(err("a: x y\nb: x z\n").1, 4);
        assert_eq!(err("a: x y\nx = y\nb: p q\n").0, 3);
        assert_eq!(err("x = y\n").0, 1);
        assert_eq!(err("a: x not\n").1, 6);
        assert_eq!(err(" : x\n").1, 2);
        let many = format!(
            "a: {}\n",
            (0..=MAX_HOUSES)
                .map(|i| format!("v{i}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert!(err(&many).2.contains("houses"));
    }
}
