//! The registry's dispatch on a toy puzzle (integer roots): solve, verify, render, count, settings.

use super::*;
use crate::engine::{Engine, Settings, SettingsReader};

/// A toy puzzle: find `x` in `0..n` with `x * x == target`.
#[derive(Debug)]
struct Root {
    n: u64,
    target: u64,
}

/// Brute force over `0..n`; setting `skip=K` ignores roots below K.
struct Brute;

#[derive(Default)]
struct Skip(u64);

impl Settings for Skip {
    const KEYS: &'static [(&'static str, &'static str)] = &[("skip", "a number")];
    fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        Ok(Skip(r.number("skip")?.unwrap_or(0)))
    }
}

impl Root {
    fn roots(&self, skip: u64) -> impl Iterator<Item = u64> + '_ {
        (skip..self.n).filter(|x| x * x == self.target)
    }
}

impl Engine<Root> for Brute {
    type Settings = Skip;
    fn name(&self) -> &'static str {
        "brute"
    }
    fn summary(&self) -> &'static str {
        "tries every number"
    }
    fn solve(&self, p: &Root, s: &Skip, _: &SolveOptions) -> Result<Solved<u64>, SolveError> {
        p.roots(s.0)
            .next()
            .map(|x| Solved::new(x, SolveStats::default()))
            .ok_or(SolveError::Infeasible)
    }
    fn count(&self, p: &Root, s: &Skip, _: &SolveOptions) -> Result<Counted, SolveError> {
        Ok(Counted::exact(
            p.roots(s.0).count() as u64,
            SolveStats::default(),
        ))
    }
}

impl Puzzle for Root {
    type Solution = u64;
    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        text.lines()
            .enumerate()
            .map(|(i, l)| {
                let mut it = l.split_whitespace().map(str::parse::<u64>);
                match (it.next(), it.next()) {
                    (Some(Ok(n)), Some(Ok(target))) => Ok((i + 1, Root { n, target })),
                    _ => Err(ParseError::new(source, i + 1, 1, "expected `n target`")),
                }
            })
            .collect()
    }
    fn contradiction(&self) -> Option<String> {
        (self.n == 0).then(|| "no numbers to try".to_string())
    }
    fn verify(&self, s: &u64) -> Result<(), Violation> {
        (s * s == self.target)
            .then_some(())
            .ok_or_else(|| Violation::new("not a root"))
    }
    fn render_text(&self, s: Option<&u64>) -> String {
        s.map_or(format!("{}\n?", self.target), |s| {
            format!("{}\n{s}", self.target)
        })
    }
    fn render_svg(&self, _: Option<&u64>) -> String {
        String::new()
    }
    fn describe(&self) -> String {
        format!("root of {}", self.target)
    }
}

static ROOT: Kind<Root> = Kind::new(
    "root",
    &["sqrt"],
    "square roots",
    "`n target` lines",
    &[&Brute],
)
.with_presets(&[("brute-root", "brute")]);

#[test]
fn registry_dispatch_solves_verifies_and_renders() {
    let registry: [&'static dyn PuzzleKind; 1] = [&ROOT];
    let kind = find_kind(&registry, "SQRT").expect("alias found");
    assert!(find_kind(&registry, "sudoku").is_none());
    // a preset selects the kind and names its engine; the kind's own names name none
    let preset = find_kind(&registry, "Brute-Root").expect("preset found");
    assert_eq!(preset.name(), "root");
    assert_eq!(preset.preset_engine("BRUTE-ROOT"), Some("brute"));
    assert_eq!(kind.preset_engine("sqrt"), None);
    assert_eq!(kind.engines()[0].name, "brute");
    let inst = kind.load("10 49\n10 50\n0 4\n", "f").unwrap();
    assert_eq!(inst[1].label(), "f:2");
    let opts = SolveOptions::default();
    let s = inst[0].solve(None, &opts).unwrap();
    assert_eq!(s.solution.downcast_ref::<u64>(), Some(&7));
    assert!(inst[0].verify(&s.solution).is_ok());
    assert!(inst[1].verify(&s.solution).is_err());
    assert!(inst[0].verify(&AnySolution::new("x")).is_err());
    assert_eq!(inst[0].render_line(Some(&s.solution)), "49/7");
    assert_eq!(
        inst[1].solve(None, &opts).unwrap_err(),
        SolveError::Infeasible
    );
    let e = kind.load("x", "f").err().unwrap();
    assert_eq!(e.to_string(), "f:1:1: expected `n target`");
    // engines by name, settings read by the engine, unknown ones rejected
    assert!(inst[0].solve(Some("BRUTE"), &opts).is_ok());
    assert!(matches!(
        inst[0].solve(Some("ip"), &opts),
        Err(SolveError::BadSetting(m)) if m.contains("engines: brute")
    ));
    let skip = |v: &str| SolveOptions {
        settings: vec![("skip".into(), v.into())],
        ..SolveOptions::default()
    };
    assert_eq!(inst[0].count(None, &skip("8")).unwrap().count, 0u32.into());
    assert!(inst[0].count(None, &skip("x")).is_err());
    // contradicting clues: no solution, a count of 0
    assert!(matches!(
        inst[2].solve(None, &opts),
        Err(SolveError::Contradiction(m)) if m == "no numbers to try"
    ));
    let zero = inst[2].count(None, &opts).unwrap();
    assert!(zero.exact && zero.count == 0u32.into());
}
