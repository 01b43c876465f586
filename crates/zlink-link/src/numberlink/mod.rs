//! Numberlink as a ZDD: every solution of a pair placement, counted or built as a reduced
//! diagram (the ZDD paper's Algorithm 2, with Remark 7's cover-all variant).
//!
//! Why: a ZDD holds all solutions at once, so uniqueness is a count and any solution can be
//! listed; the same engine then measures rule variants (empty cells allowed or not, U-bends
//! allowed or not) on the published corpora.
//!
//! The family is assembled from generic parts, like [`crate::slitherlink`]:
//! * the numbered mate spec ([`Mate::numbered`]): vertex-disjoint paths joining the terminal
//!   pairs, optionally covering every vertex;
//! * for the no-U-bend rule, at most two of the four edges of every 2×2 block ([`AtMost`]),
//!   combined with [`Intersection`];
//! * edges that the clues force (the crate's `deduce` module: degree, path and group rules,
//!   then probing): forced-off edges leave the graph, forced-on edges are checked by a thin
//!   wrapper ([`Forced`]).
//!
//! Grid cells are vertices `r * cols + c`; their edges are ordered by [`sweep_order`] (row by
//! row when `cols <= rows`, else column by column), a frontier of `min(R, C) + 1` cells. States
//! are [`Packed`] when `END + width + pairs` codes fit in 5 bits, wide otherwise
//! ([`zlink_frontier::packed::Inline`] up to 64 slots).
//!
//! ```
//! use zlink_puzzle::numberlink::{formats::parse_compact, render, Rules};
//! use zlink_link::numberlink::NumberlinkZdd;
//! let p = parse_compact("1.2\n...\n1.2\n", "in").unwrap();
//! // Empty cells allowed: 1 down the left column or through the middle one, 2 likewise
//! // on the right, as long as the two lines do not meet.
//! let z = NumberlinkZdd::new(&p, Rules::PLAIN).unwrap();
//! assert_eq!(z.count(&Default::default()).unwrap(), 7u32.into());
//! // Every cell filled, no U-bends: impossible.
//! let z = NumberlinkZdd::new(&p, Rules::JANKO).unwrap();
//! assert_eq!(z.count(&Default::default()).unwrap(), 0u32.into());
//! let p = parse_compact("12\n..\n12\n", "in").unwrap();
//! let z = NumberlinkZdd::new(&p, Rules::JANKO).unwrap();
//! let sol = z.links(2, &Default::default()).unwrap();
//! assert_eq!(sol.len(), 1);
//! assert_eq!(render::text(&p, Some(&sol[0])), "12\n││\n12\n");
//! //! ```

mod at_most;
pub mod generate;
pub mod publish;
mod setup;

pub use at_most::AtMost;
use setup::u_bend_groups;
pub use setup::{sweep_order, sweep_order_by};

use num_bigint::BigUint;
use zlink_frontier::combinators::{Forced, Intersection};
use zlink_frontier::packed::{Packed, Slots};
use zlink_frontier::run::{RunError, SpecFamily};
use zlink_frontier::specs::{mate::Mate, SpecError};
use zlink_frontier::Limits;
use zlink_frontier::{EdgeOrder, FrontierPlan, Graph, GraphError, Level, Spec, Vertex};
use zlink_puzzle::numberlink::{Links, NumberlinkGrid, Rules};
use zlink_puzzle::Coord;

use crate::deduce;
use crate::engine::{LinkFamily, LinkZdd};
use crate::settle::Settler;

/// The states (count) or nodes (build) of the first, budgeted run after probing at the
/// [`Deduction::Sat`] level (module `settle`): below it the frontier run costs less than the
/// SAT completion it saves. Measured on the Janko corpus: #572 (25×40) counts in 892 K
/// states (0.09 s) where the completion takes 0.2 s; #190 (35×48) would need half a billion
/// states and the completion settles it in 0.36 s.
pub const ATTEMPT_STATES: u64 = 1_000_000;

/// The count attempt also stops once it holds more than `ATTEMPT_STATES / ATTEMPT_HELD_DIVISOR`
/// states at once (30 K: #572, widest level 5,319 states, holds less; the 50×50 thomasahle
/// puzzles stop early: 6.5 s CPU for the 11 against 7.3 s with a 100 K cap).
pub const ATTEMPT_HELD_DIVISOR: u64 = 33;

/// No attempt on a frontier wider than this after probing: the numbered states grow about
/// exponentially with the width, and every puzzle of the corpora whose attempt finished had a
/// frontier of at most 26 cells (Janko #572), while the 50×50 thomasahle puzzles (45-51 cells)
/// and Janko #190 (36) overflow it.
pub const ATTEMPT_MAX_WIDTH: usize = 32;

/// Edges (indices) of which at most the bound may be on lines (a no-U-bend square's four).
type Group = (Vec<usize>, u32);

/// A solution as its line edges.
type EdgeList = Vec<(Vertex, Vertex)>;

/// Why a Numberlink engine could not be set up.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Error {
    /// The frontier is too wide, or an argument is out of range.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The graph is malformed.
    #[error(transparent)]
    Graph(#[from] GraphError),
}

/// What the spec is made of, for any state type: the graph left after deduction, its
/// terminal pairs, the at-most groups and the edges fixed on.
#[derive(Clone, Debug)]
struct Parts {
    graph: Graph,
    pairs: Vec<(Vertex, Vertex)>,
    cover: bool,
    at_most: AtMost,
    fixed: Vec<Option<bool>>,
}

#[derive(Clone, Debug)]
enum Engine {
    Family(Box<Parts>),
    /// Deduction found a contradiction: no solution.
    Empty,
}

/// How much deduction fixes edges before the build (each level keeps every solution; the
/// brute-force tests count with each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Deduction {
    /// None: the plain numbered mate spec (the paper's Algorithm 2).
    Off,
    /// Degree, path, label and group rules to a fixpoint, then probing (one level of
    /// lookahead per undecided edge).
    Probe,
    /// As `Probe`, with a domain of path labels per vertex and the global reach rule (which
    /// pair may pass through each cell; the `deduce::labels` module). It decides more edges
    /// on some generated 40×20 puzzles but none on the Janko corpus, and costs about a fifth
    /// more setup time, so it is not the default.
    Labels,
    /// The default. As `Probe`, then a count or build under [`ATTEMPT_STATES`]; if that
    /// overflows, what is left is completed by a SAT solver (`deduce::sat`): no solution or
    /// one decides every edge, two (or a completion that gave up) leave the full build to
    /// count. Only under `cover` (without it the completion converges slowly and is skipped:
    /// as `Probe`).
    #[default]
    Sat,
}

impl From<bool> for Deduction {
    /// `true`: the default deduction; `false`: none.
    fn from(on: bool) -> Deduction {
        if on {
            Deduction::default()
        } else {
            Deduction::Off
        }
    }
}

/// How an engine was set up: frontier, state representation, deduction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SetupStats {
    /// Maximum frontier width of the edge order (0 if deduction proved there is no solution).
    pub width: usize,
    /// Whether states are packed words (else wide byte arrays).
    pub packed: bool,
    /// Edges deduction fixed on.
    pub fixed_on: usize,
    /// Edges deduction fixed off (removed from the graph).
    pub fixed_off: usize,
    /// Whether deduction proved that there is no solution.
    pub contradiction: bool,
    /// States (or nodes) the first, budgeted count or build may make before the completion
    /// runs (0: no completion at this level, or nothing left to settle).
    pub attempt_budget: u64,
}

/// The Numberlink ZDD engine for one instance (a grid, or any graph with terminal pairs): the
/// shared link engine over [`NumberlinkFamily`].
///
/// Variables (ZDD levels) are the edges that deduction left open or fixed on, in the
/// engine's order; [`NumberlinkZdd::edge`] names a level's edge.
pub type NumberlinkZdd = LinkZdd<NumberlinkFamily>;

/// What Numberlink adds to the link engine: the numbered paths' parts left after deduction
/// (or none: a contradiction), and the edge of each level.
#[derive(Clone, Debug)]
pub struct NumberlinkFamily {
    /// `(rows, cols)` for a grid instance.
    grid: Option<(usize, usize)>,
    /// `edges[level]`: the edge of that level (vertex ids of the input).
    edges: Vec<(Vertex, Vertex)>,
    spec: Engine,
    stats: SetupStats,
}

impl LinkZdd<NumberlinkFamily> {
    /// The engine for a grid puzzle under `rules`, with deduction.
    ///
    /// # Errors
    /// [`Error::Spec`] if the frontier (about `min(R, C)` cells) is too wide for wide states.
    ///
    /// Complexity: `O(R C)` setup plus the deduction's fixpoint.
    pub fn new(puzzle: &NumberlinkGrid, rules: Rules) -> Result<NumberlinkZdd, Error> {
        Self::new_with(puzzle, rules, true)
    }

    /// As [`NumberlinkZdd::new`], with the deduction chosen (a [`Deduction`], or `true` / `false`
    /// for the default or none).
    ///
    /// # Errors
    /// As [`NumberlinkZdd::new`].
    pub fn new_with(
        puzzle: &NumberlinkGrid,
        rules: Rules,
        deduce: impl Into<Deduction>,
    ) -> Result<NumberlinkZdd, Error> {
        Self::new_until(puzzle, rules, deduce, None)
    }

    /// As [`NumberlinkZdd::new_with`], probing stopping at `deadline` (then it decides no
    /// more; the count or build takes its own time limit).
    ///
    /// # Errors
    /// As [`NumberlinkZdd::new`].
    pub fn new_until(
        puzzle: &NumberlinkGrid,
        rules: Rules,
        deduce: impl Into<Deduction>,
        deadline: Option<std::time::Instant>,
    ) -> Result<NumberlinkZdd, Error> {
        let deduce = deduce.into();
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        if !puzzle.unpaired().is_empty() {
            // a number on one cell or on three: no line can meet it
            let mut z = NumberlinkZdd::contradiction();
            z.family.grid = Some((rows, cols));
            return Ok(z);
        }
        let edges = sweep_order(rows, cols);
        // the no-U-bend groups: the rules', or else the stricter rules' of the completion
        let u_groups = u_bend_groups(rows, cols, &edges);
        let (groups, strict) = match rules.no_u_bends {
            true => (u_groups, Vec::new()),
            false => (Vec::new(), u_groups),
        };
        let id = |c: Coord| (c.row * cols + c.col) as Vertex;
        let pairs: Vec<(Vertex, Vertex)> = puzzle
            .pairs()
            .iter()
            .map(|&(_, a, b)| (id(a), id(b)))
            .collect();
        // the other sweep, as a permutation of `edges`: after deduction the narrower is used
        let index: std::collections::HashMap<(Vertex, Vertex), usize> =
            edges.iter().enumerate().map(|(i, &e)| (e, i)).collect();
        let other: Vec<usize> = sweep_order_by(rows, cols, cols > rows)
            .iter()
            .map(|&(u, v)| index.get(&(u, v)).or(index.get(&(v, u))).copied())
            .collect::<Option<_>>()
            .expect("both sweeps list the grid's edges");
        let orders = [(0..edges.len()).collect(), other];
        let mut z = Self::assemble(
            rows * cols,
            edges,
            &pairs,
            rules.cover,
            (&groups, &strict),
            (deduce, deadline),
            &orders,
        )?;
        z.family.grid = Some((rows, cols));
        Ok(z)
    }

    /// The engine for terminal pairs on any graph (edges reordered by
    /// [`EdgeOrder::Frontier`]); `groups` are `(edge indices of g, bound)`: at most `bound`
    /// of those edges on lines (the grid's no-U-bend rule is such a family).
    ///
    /// # Errors
    /// [`Error::Spec`] for a vertex out of range or used twice, or a too wide frontier.
    pub fn on_graph(
        g: &Graph,
        pairs: &[(Vertex, Vertex)],
        cover: bool,
        groups: &[(Vec<usize>, u32)],
        deduce: impl Into<Deduction>,
    ) -> Result<NumberlinkZdd, Error> {
        let deduce = deduce.into();
        let (h, perm) = EdgeOrder::Frontier.apply(g);
        let mut new_index = vec![0usize; perm.len()];
        for (i, &old) in perm.iter().enumerate() {
            new_index[old] = i;
        }
        let mut gs = Vec::with_capacity(groups.len());
        for (es, bound) in groups {
            let mut v = Vec::with_capacity(es.len());
            for &e in es {
                let Some(&i) = new_index.get(e) else {
                    return Err(SpecError::BadArgument(format!("no edge {e}")).into());
                };
                v.push(i);
            }
            v.sort_unstable();
            v.dedup();
            gs.push((v, *bound));
        }
        let m = h.edges().len();
        Self::assemble(
            g.num_vertices(),
            h.edges().to_vec(),
            pairs,
            cover,
            (&gs, &[]),
            (deduce, None),
            &[(0..m).collect()],
        )
    }

    fn assemble(
        n: usize,
        edges: Vec<(Vertex, Vertex)>,
        pairs: &[(Vertex, Vertex)],
        cover: bool,
        (groups, strict): (&[Group], &[Group]),
        (deduce, deadline): (Deduction, Option<std::time::Instant>),
        orders: &[Vec<usize>],
    ) -> Result<NumberlinkZdd, Error> {
        let number = setup::terminal_numbers(n, pairs)?;
        let mut stats = SetupStats::default();
        let (fixed, completion) = match deduce {
            Deduction::Off => (vec![None; edges.len()], None),
            _ => {
                let problem = setup::problem(&edges, &number, cover, groups, (deduce, deadline));
                match setup::deduced(problem, &number, cover, strict, deduce) {
                    Ok(found) => found,
                    Err(deduce::Contradiction) => return Ok(NumberlinkZdd::contradiction()),
                }
            }
        };
        let order = setup::narrowest(n, &edges, &fixed, orders);
        let mut level_of = vec![None; edges.len()];
        let mut kept = Vec::with_capacity(edges.len());
        let mut kept_fixed = Vec::with_capacity(edges.len());
        for &i in order {
            match fixed[i] {
                Some(false) => stats.fixed_off += 1,
                f => {
                    stats.fixed_on += usize::from(f == Some(true));
                    level_of[i] = Some(kept.len() as Level);
                    kept.push(edges[i]);
                    kept_fixed.push(f);
                }
            }
        }
        let level_groups = setup::open_groups(groups, &fixed, &level_of);
        let g = Graph::new(n, &kept)?;
        stats.width = FrontierPlan::new(&g).map_err(SpecError::from)?.width();
        let at_most = AtMost::new(kept.len() as Level, &level_groups)?;
        // packed words hold the numbered codes of narrow frontiers with few pairs
        stats.packed = match Mate::<Packed>::numbered(&g, pairs, cover) {
            Ok(_) => true,
            Err(SpecError::TooWide(_)) => false,
            Err(e) => return Err(e.into()),
        };
        let settler = if fixed.iter().all(Option::is_some) {
            Settler::deduced()
        } else {
            let settler = Settler::new(
                completion,
                fixed,
                level_of,
                (ATTEMPT_STATES, ATTEMPT_HELD_DIVISOR, ATTEMPT_MAX_WIDTH),
            );
            stats.attempt_budget = settler.attempt_budget(stats.width);
            settler
        };
        let spec = Engine::Family(Box::new(Parts {
            graph: g,
            pairs: pairs.to_vec(),
            cover,
            at_most,
            fixed: kept_fixed,
        }));
        let family = NumberlinkFamily {
            grid: None,
            edges: kept,
            spec,
            stats,
        };
        Ok(LinkZdd::from_parts(family, settler))
    }

    /// The engine of a puzzle without solution (a contradiction found before the build).
    fn contradiction() -> NumberlinkZdd {
        let family = NumberlinkFamily {
            grid: None,
            edges: Vec::new(),
            spec: Engine::Empty,
            stats: SetupStats {
                contradiction: true,
                ..SetupStats::default()
            },
        };
        LinkZdd::from_parts(family, Settler::deduced())
    }

    /// The edge of variable `level` (`None` if out of range).
    pub fn edge(&self, level: Level) -> Option<(Vertex, Vertex)> {
        self.family.edges.get(level as usize).copied()
    }

    /// Up to `limit` solutions of a grid instance as per-cell line pictures (empty for an
    /// engine made by [`NumberlinkZdd::on_graph`]).
    ///
    /// # Errors
    /// As [`NumberlinkZdd::build`].
    pub fn links(&self, limit: usize, limits: &Limits) -> Result<Vec<Links>, RunError> {
        let (found, undecided) = self.links_found(limit, limits)?;
        undecided.map_or(Ok(found), Err)
    }

    /// As [`NumberlinkZdd::links`], as [`NumberlinkZdd::solutions_found`] is to
    /// [`NumberlinkZdd::solutions`].
    ///
    /// # Errors
    /// As [`NumberlinkZdd::build`], when no solution is known.
    pub fn links_found(
        &self,
        limit: usize,
        limits: &Limits,
    ) -> Result<(Vec<Links>, Option<RunError>), RunError> {
        if self.family.grid.is_none() {
            return Ok((Vec::new(), None));
        }
        let (found, undecided) = self.solutions_found(limit, limits)?;
        let links = found.iter().filter_map(|es| self.links_of(es)).collect();
        Ok((links, undecided))
    }

    /// [`NumberlinkZdd::sample`] as per-cell line pictures (none for an engine made by
    /// [`NumberlinkZdd::on_graph`]).
    ///
    /// # Errors
    /// As [`NumberlinkZdd::build`].
    pub fn sample_links(
        &self,
        k: usize,
        seed: u64,
        limits: &Limits,
    ) -> Result<(Vec<Links>, BigUint), RunError> {
        let (drawn, count) = self.sample(k, seed, limits)?;
        let links = drawn.iter().filter_map(|es| self.links_of(es)).collect();
        Ok((links, count))
    }

    /// The line picture of an edge list of a grid instance (`None` on a graph).
    pub fn links_of(&self, es: &[(Vertex, Vertex)]) -> Option<Links> {
        let (rows, cols) = self.family.grid?;
        let cell = |v: Vertex| Coord::new(v as usize / cols, v as usize % cols);
        let mut l = Links::new(rows, cols);
        for &(u, v) in es {
            l.set(cell(u), cell(v), true);
        }
        Some(l)
    }
}

impl SpecFamily for NumberlinkFamily {
    fn width(&self) -> usize {
        self.stats.width
    }

    fn wide(&self) -> bool {
        !self.stats.packed
    }

    /// Numbered path matchings ∩ the at-most groups, with deduction's fixed edges.
    fn spec<M: Slots>(&self) -> Result<impl Spec, SpecError> {
        let Engine::Family(p) = &self.spec else {
            return Err(SpecError::BadArgument(
                "deduction proved there is no solution".into(),
            ));
        };
        Ok(Forced::new(
            Intersection::new(
                Mate::<M>::numbered(&p.graph, &p.pairs, p.cover)?,
                &p.at_most,
            ),
            p.fixed.clone(),
        ))
    }
}

impl LinkFamily for NumberlinkFamily {
    type Solution = EdgeList;
    type Stats = SetupStats;

    fn setup_stats(&self) -> SetupStats {
        self.stats
    }

    fn note_attempt_budget(&mut self, budget: u64) {
        self.stats.attempt_budget = budget;
    }

    /// No solution after a contradiction; otherwise the family is built (even with every
    /// edge decided: the at-most groups and the numbered paths check it).
    fn deduced(&self) -> Option<bool> {
        matches!(self.spec, Engine::Empty).then_some(false)
    }

    fn num_vars(&self) -> u32 {
        self.edges.len() as u32
    }

    /// The edges of the member's levels.
    fn solution(&self, member: &[Level]) -> EdgeList {
        member
            .iter()
            .filter_map(|&l| self.edges.get(l as usize).copied())
            .collect()
    }
}
