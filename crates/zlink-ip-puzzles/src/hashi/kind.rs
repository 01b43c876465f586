//! Hashi as a registered puzzle kind: the [`Puzzle`] implementation and its registry row.
//!
//! Kind-specific setting (`zlink … --set model=flow|bfs|lazy`): the formulation, default `lazy`.

use super::{model, render, verify, Bridges, Hashi, HashiModel, HashiOptions};
use zlink_grid::puzzle::Kind;
use zlink_grid::{Counted, ParseError, Puzzle, SolveError, SolveOptions, Solved, Violation};

/// The registry row of Hashi.
pub static HASHI: Kind<Hashi> = Kind::new(
    "hashi",
    &["hashiwokakero", "bridges", "hashikake"],
    "Hashiwokakero (bridges): integer programs with flow, BFS or lazy connectivity (--set model=…)",
    "CLLV .has files, compact grids (. ? 1-8), Janko blocks, Tatham Bridges ids, puzz.link hashi URLs \
     (one id or URL per line allowed)",
)
.with_engine("ip");

impl HashiOptions {
    /// Reads the kind-specific settings (`model`).
    ///
    /// # Errors
    /// An unknown key or value, as [`SolveError::BadSetting`].
    pub fn from_settings(opts: &SolveOptions) -> Result<Self, SolveError> {
        let mut o = Self::default();
        for (k, v) in &opts.settings {
            match k.as_str() {
                "model" => o.model = v.parse::<HashiModel>().map_err(SolveError::BadSetting)?,
                _ => {
                    return Err(SolveError::BadSetting(format!(
                        "hashi has no setting `{k}` (known: model)"
                    )))
                }
            }
        }
        Ok(o)
    }
}

impl Puzzle for Hashi {
    type Solution = Bridges;

    fn parse(text: &str, source: &str) -> Result<Vec<(usize, Self)>, ParseError> {
        crate::one_per_line_or_whole(text, source, Hashi::parse_any)
    }

    fn solve(&self, opts: &SolveOptions) -> Result<Solved<Bridges>, SolveError> {
        model::solve(self, &HashiOptions::from_settings(opts)?, opts)
    }

    fn count(&self, limit: u64, opts: &SolveOptions) -> Result<Counted, SolveError> {
        model::count(self, limit, &HashiOptions::from_settings(opts)?, opts)
    }

    fn verify(&self, solution: &Bridges) -> Result<(), Violation> {
        verify::verify(self, solution)
    }

    fn render_text(&self, solution: Option<&Bridges>) -> String {
        match solution {
            Some(s) => render::text(self, Some(s), render::Charset::Unicode),
            None => render::compact(self),
        }
    }

    fn render_svg(&self, solution: Option<&Bridges>) -> String {
        render::svg(self, solution)
    }

    fn describe(&self) -> String {
        format!(
            "{}×{} Hashi, {} islands",
            self.rows(),
            self.cols(),
            self.islands().len()
        )
    }
}
