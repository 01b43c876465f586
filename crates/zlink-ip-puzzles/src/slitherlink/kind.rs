//! Slitherlink (integer-programming engine) as a registered puzzle kind.
//!
//! Kind-specific setting (`zlink … --set cuts=on|off`): the starting-rule cuts, default on.

use super::{model, render, verify, Loop, SlitherOptions, Slitherlink};
use zlink_grid::puzzle::Kind;
use zlink_grid::{Counted, ParseError, Puzzle, SolveError, SolveOptions, Solved, Violation};

/// The registry row of the Slitherlink IP engine.
pub static SLITHERLINK_IP: Kind<Slitherlink> = Kind::new(
    "slitherlink",
    &["slither"],
    "Slitherlink by the arc integer program with subtour elimination (--set cuts=on|off)",
    "puzz.link slither URLs, Tatham Loopy square ids (t0), Janko blocks, plain grids (. 0-4) \
     (one id or URL per line allowed)",
)
.with_engine("ip");

impl SlitherOptions {
    /// Reads the kind-specific settings (`cuts`).
    ///
    /// # Errors
    /// An unknown key or value, as [`SolveError::BadSetting`].
    pub fn from_settings(opts: &SolveOptions) -> Result<Self, SolveError> {
        let mut o = Self::default();
        for (k, v) in &opts.settings {
            match (k.as_str(), v.as_str()) {
                ("cuts", "on" | "true" | "yes") => o.cuts = true,
                ("cuts", "off" | "false" | "no") => o.cuts = false,
                ("cuts", _) => {
                    return Err(SolveError::BadSetting(format!(
                        "cuts must be on or off, found `{v}`"
                    )))
                }
                _ => {
                    return Err(SolveError::BadSetting(format!(
                        "slitherlink (ip) has no setting `{k}` (known: cuts)"
                    )))
                }
            }
        }
        Ok(o)
    }
}

impl Puzzle for Slitherlink {
    type Solution = Loop;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        crate::one_per_line_or_whole(text, source, Slitherlink::parse_any)
    }

    fn solve(&self, opts: &SolveOptions) -> Result<Solved<Loop>, SolveError> {
        model::solve(self, &SlitherOptions::from_settings(opts)?, opts)
    }

    fn count(&self, limit: u64, opts: &SolveOptions) -> Result<Counted, SolveError> {
        model::count(self, limit, &SlitherOptions::from_settings(opts)?, opts)
    }

    fn verify(&self, solution: &Loop) -> Result<(), Violation> {
        verify::verify(self, solution)
    }

    fn render_text(&self, solution: Option<&Loop>) -> String {
        match solution {
            Some(l) => render::text(self, Some(l)),
            None => render::plain(self),
        }
    }

    fn render_svg(&self, solution: Option<&Loop>) -> String {
        render::svg(self, solution)
    }

    fn describe(&self) -> String {
        let clues = self.clues().cells().iter().filter(|c| c.is_some()).count();
        format!("{}×{} Slitherlink, {clues} clues", self.rows(), self.cols())
    }
}
