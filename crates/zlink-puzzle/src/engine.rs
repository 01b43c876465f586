//! How a puzzle is solved: the [`Engine`] trait (one way to solve and count one puzzle kind,
//! with typed settings) and the one settings reader every engine uses.
//!
//! An engine is a unit struct implementing `Engine<P>` in its own file next to the puzzle
//! (`zdd.rs`, `ip.rs`, `exact.rs`). Its settings are a typed value read from the
//! `--set key=value` pairs by [`Settings::read`]; unknown keys are rejected in one place,
//! with the list of known ones.
//!
//! ```
//! use zlink_puzzle::engine::{Settings, SettingsReader};
//! use zlink_puzzle::SolveError;
//! #[derive(Default, Debug, PartialEq)]
//! struct Cuts { on: bool }
//! impl Settings for Cuts {
//!     const KEYS: &'static [(&'static str, &'static str)] = &[("cuts", "on|off (default off)")];
//!     fn read(r: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
//!         Ok(Cuts { on: r.flag("cuts")?.unwrap_or(false) })
//!     }
//! }
//! let pairs = vec![("cuts".to_string(), "on".to_string())];
//! assert_eq!(Cuts::parse("demo", &pairs).unwrap(), Cuts { on: true });
//! let bad = vec![("depth".to_string(), "3".to_string())];
//! assert!(Cuts::parse("demo", &bad).unwrap_err().to_string().contains("known: cuts"));
//! ```

use std::str::FromStr;

use crate::puzzle::{Counted, Puzzle, Sampled, SolveOptions, Solved};
use crate::SolveError;

/// One way to solve and count a puzzle kind.
pub trait Engine<P: Puzzle>: Sync + 'static {
    /// The engine's settings, read from `--set key=value` pairs.
    type Settings: Settings;

    /// The name used with `--engine` (`zdd`, `ip`, `exact`, …).
    fn name(&self) -> &'static str;

    /// One line for `--help`.
    fn summary(&self) -> &'static str;

    /// Whether [`Engine::count`] enumerates solutions one at a time (so
    /// [`SolveOptions::limit`] applies and a stopped count is a lower bound).
    fn enumerates(&self) -> bool {
        false
    }

    /// Whether a run with `settings` solves integer programs, so needs a build with the MIP
    /// solver (the lean `zlink` binary hands such runs to `zlink-mip`). Default: no.
    fn needs_mip(&self, _settings: &Self::Settings) -> bool {
        false
    }

    /// One solution. Engines that can tell cheaply set [`Solved::more`].
    ///
    /// # Errors
    /// [`SolveError::Infeasible`] when there is none; a time limit, budget or solver failure.
    fn solve(
        &self,
        puzzle: &P,
        settings: &Self::Settings,
        opts: &SolveOptions,
    ) -> Result<Solved<P::Solution>, SolveError>;

    /// The number of solutions: exact, or (enumerating engines stopped at
    /// [`SolveOptions::limit`]) a lower bound marked as such.
    ///
    /// # Errors
    /// A time limit, budget or solver failure (no solution is a count of 0, not an error).
    fn count(
        &self,
        puzzle: &P,
        settings: &Self::Settings,
        opts: &SolveOptions,
    ) -> Result<Counted, SolveError>;

    /// Whether [`Engine::sample`] works: the engine holds every solution at once (a ZDD), so
    /// it can draw among them uniformly. Default: no.
    fn samples(&self) -> bool {
        false
    }

    /// `k` solutions drawn uniformly at random, with replacement, from all solutions; the
    /// same `seed` gives the same draws. Only engines whose [`Engine::samples`] is true.
    ///
    /// # Errors
    /// [`SolveError::Unsupported`] by default; else as [`Engine::solve`], except that no
    /// solution is an empty draw, not an error.
    fn sample(
        &self,
        _puzzle: &P,
        _settings: &Self::Settings,
        _k: usize,
        _seed: u64,
        _opts: &SolveOptions,
    ) -> Result<Sampled<P::Solution>, SolveError> {
        Err(SolveError::Unsupported {
            operation: "sample",
            kind: self.name(),
        })
    }
}

/// An engine's typed settings.
pub trait Settings: Sized {
    /// Known keys with their values and defaults, for `--help` and error messages.
    const KEYS: &'static [(&'static str, &'static str)];

    /// Read the settings; the reader rejects keys not taken here.
    ///
    /// # Errors
    /// A bad value, as [`SolveError::BadSetting`].
    fn read(reader: &mut SettingsReader<'_>) -> Result<Self, SolveError>;

    /// Read `pairs` for the engine called `owner` (in messages), rejecting unknown keys.
    ///
    /// # Errors
    /// An unknown key or a bad value, as [`SolveError::BadSetting`].
    fn parse(owner: &str, pairs: &[(String, String)]) -> Result<Self, SolveError> {
        let mut reader = SettingsReader::new(owner, pairs, Self::KEYS);
        let settings = Self::read(&mut reader)?;
        reader.finish()?;
        Ok(settings)
    }
}

/// No settings: any key is an error.
impl Settings for () {
    const KEYS: &'static [(&'static str, &'static str)] = &[];
    fn read(_: &mut SettingsReader<'_>) -> Result<Self, SolveError> {
        Ok(())
    }
}

/// Reads `key=value` pairs once each; what is left unread at [`SettingsReader::finish`] is an
/// unknown key. A later pair for the same key wins.
#[derive(Debug)]
pub struct SettingsReader<'a> {
    owner: &'a str,
    pairs: &'a [(String, String)],
    keys: &'static [(&'static str, &'static str)],
    read: Vec<bool>,
}

impl<'a> SettingsReader<'a> {
    /// A reader of `pairs` for `owner`, whose known keys are `keys`.
    pub fn new(
        owner: &'a str,
        pairs: &'a [(String, String)],
        keys: &'static [(&'static str, &'static str)],
    ) -> Self {
        Self {
            owner,
            pairs,
            keys,
            read: vec![false; pairs.len()],
        }
    }

    /// The last value given for `key`, marking every pair of that key as read.
    pub fn raw(&mut self, key: &str) -> Option<&'a str> {
        let mut last = None;
        for (i, (k, v)) in self.pairs.iter().enumerate() {
            if k == key {
                self.read[i] = true;
                last = Some(v.as_str());
            }
        }
        last
    }

    fn bad(&self, key: &str, value: &str, expected: &str) -> SolveError {
        SolveError::BadSetting(format!(
            "{}: {key} must be {expected}, found `{value}`",
            self.owner
        ))
    }

    /// One of `choices` (`(name, value)`), case-insensitive.
    ///
    /// # Errors
    /// A value that is none of the names.
    pub fn choice<T: Copy>(
        &mut self,
        key: &str,
        choices: &[(&str, T)],
    ) -> Result<Option<T>, SolveError> {
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        choices
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(v))
            .map(|&(_, t)| Some(t))
            .ok_or_else(|| {
                let names: Vec<&str> = choices.iter().map(|c| c.0).collect();
                self.bad(key, v, &names.join(" or "))
            })
    }

    /// `on|off` (also `yes|no`, `true|false`).
    ///
    /// # Errors
    /// Any other value.
    pub fn flag(&mut self, key: &str) -> Result<Option<bool>, SolveError> {
        self.choice(
            key,
            &[
                ("on", true),
                ("off", false),
                ("yes", true),
                ("no", false),
                ("true", true),
                ("false", false),
            ],
        )
    }

    /// A number (any [`FromStr`] type).
    ///
    /// # Errors
    /// A value that does not parse.
    pub fn number<T: FromStr>(&mut self, key: &str) -> Result<Option<T>, SolveError> {
        let Some(v) = self.raw(key) else {
            return Ok(None);
        };
        v.parse()
            .map(Some)
            .map_err(|_| self.bad(key, v, "a number"))
    }

    /// Rejects the first pair no `read` call took.
    ///
    /// # Errors
    /// [`SolveError::BadSetting`] naming the key and the known ones.
    pub fn finish(self) -> Result<(), SolveError> {
        match self.read.iter().position(|r| !r) {
            None => Ok(()),
            Some(i) => {
                let known: Vec<&str> = self.keys.iter().map(|k| k.0).collect();
                Err(SolveError::BadSetting(format!(
                    "{} has no setting `{}` (known: {})",
                    self.owner,
                    self.pairs[i].0,
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )))
            }
        }
    }
}

/// The object-safe face of an [`Engine`] as its puzzle's registry row holds it: settings are
/// read from the options on every call.
pub trait DynEngine<P: Puzzle>: Sync {
    /// [`Engine::name`].
    fn name(&self) -> &'static str;
    /// [`Engine::summary`].
    fn summary(&self) -> &'static str;
    /// [`Engine::enumerates`].
    fn enumerates(&self) -> bool;
    /// [`Engine::needs_mip`] with the settings read from `pairs` (unreadable settings: no, and
    /// the run reports them).
    fn needs_mip(&self, pairs: &[(String, String)]) -> bool;
    /// [`Settings::KEYS`] of the engine's settings.
    fn settings_keys(&self) -> &'static [(&'static str, &'static str)];
    /// [`Engine::solve`] with the settings read from `opts` (`owner` names the engine in
    /// settings errors).
    ///
    /// # Errors
    /// As [`Engine::solve`], or a bad setting.
    fn solve(
        &self,
        puzzle: &P,
        owner: &str,
        opts: &SolveOptions,
    ) -> Result<Solved<P::Solution>, SolveError>;
    /// [`Engine::count`] with the settings read from `opts`.
    ///
    /// # Errors
    /// As [`Engine::count`], or a bad setting.
    fn count(&self, puzzle: &P, owner: &str, opts: &SolveOptions) -> Result<Counted, SolveError>;
    /// [`Engine::samples`].
    fn samples(&self) -> bool;
    /// [`Engine::sample`] with the settings read from `opts`.
    ///
    /// # Errors
    /// As [`Engine::sample`], or a bad setting.
    fn sample(
        &self,
        puzzle: &P,
        owner: &str,
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<P::Solution>, SolveError>;
}

impl<P: Puzzle, E: Engine<P>> DynEngine<P> for E {
    fn name(&self) -> &'static str {
        Engine::name(self)
    }
    fn summary(&self) -> &'static str {
        Engine::summary(self)
    }
    fn enumerates(&self) -> bool {
        Engine::enumerates(self)
    }
    fn needs_mip(&self, pairs: &[(String, String)]) -> bool {
        E::Settings::parse("", pairs).is_ok_and(|s| Engine::needs_mip(self, &s))
    }
    fn settings_keys(&self) -> &'static [(&'static str, &'static str)] {
        E::Settings::KEYS
    }
    fn solve(
        &self,
        puzzle: &P,
        owner: &str,
        opts: &SolveOptions,
    ) -> Result<Solved<P::Solution>, SolveError> {
        let s = E::Settings::parse(owner, &opts.settings)?;
        Engine::solve(self, puzzle, &s, opts)
    }
    fn count(&self, puzzle: &P, owner: &str, opts: &SolveOptions) -> Result<Counted, SolveError> {
        let s = E::Settings::parse(owner, &opts.settings)?;
        Engine::count(self, puzzle, &s, opts)
    }
    fn samples(&self) -> bool {
        Engine::samples(self)
    }
    fn sample(
        &self,
        puzzle: &P,
        owner: &str,
        k: usize,
        seed: u64,
        opts: &SolveOptions,
    ) -> Result<Sampled<P::Solution>, SolveError> {
        let s = E::Settings::parse(owner, &opts.settings)?;
        Engine::sample(self, puzzle, &s, k, seed, opts)
    }
}
