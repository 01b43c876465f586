//! zlink: every solution of a combinatorial puzzle as a zero-suppressed decision diagram
//! (ZDD), and the puzzles that power designs: count, solve, sample and make Slitherlink,
//! Numberlink, Sudoku, Hashiwokakero, Battleship, the circuit board and Zebra.
//!
//! This crate is the front door: it re-exports the workspace's libraries by task and holds no
//! code of its own. Start with the task you have:
//!
//! | task | where |
//! |---|---|
//! | solve, count or sample a puzzle in the formats puzzle people use | [`puzzles`] (one module per puzzle: its `KIND` row and engines), [`SolveOptions`] |
//! | make a puzzle: unique, minimal, graded | [`design`] |
//! | build the paths, cycles or matchings of your own graph as a diagram | [`frontier`] |
//! | the family algebra, exact counts, enumeration, sampling, files | [`zdd`] |
//! | bound a run: memory, nodes, time, threads, progress | [`Limits`], and [`Stopped`] when a bound is met |
//!
//! # Count a Slitherlink from a puzz.link URL
//! ```
//! use zlink::puzzles::slitherlink::{Slitherlink, KIND};
//! use zlink::{Puzzle, SolveOptions};
//!
//! let url = "https://puzz.link/p?slither/5/5/cbcbcddad";
//! let (_, puzzle) = Slitherlink::parse(url, "example").unwrap().remove(0);
//! let counted = KIND.count(&puzzle, None, &SolveOptions::default()).unwrap();
//! assert!(counted.exact);
//! println!("{} loops", counted.count);
//! ```
//!
//! # The family algebra on two diagrams
//! ```
//! use zlink::zdd::Zdd;
//!
//! let mut z = Zdd::new(4);
//! let f = z.from_sets(&[vec![0, 1], vec![2]])?; // {01}, {2}
//! let g = z.power_set(&[2, 3])?; // {}, {2}, {3}, {23}
//! let both = z.intersection(f, g)?;
//! assert_eq!(z.iter(both).collect::<Vec<_>>(), vec![vec![2]]);
//! let either = z.union(f, g)?;
//! assert_eq!(z.count(either), 5u32.into());
//! # Ok::<(), zlink::zdd::BudgetExceeded>(())
//! ```
//!
//! # Paths on your own graph, members back as your edges
//! ```
//! use zlink::frontier::{Graph, Mates};
//! use zlink::Limits;
//!
//! // a square 0-1-2-3 with the diagonal 0-2: the simple paths from 0 to 2
//! let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]).unwrap();
//! let built = Mates::paths(&g, 0, 2).unwrap().build(&Limits::default()).unwrap();
//! assert_eq!(built.count(), 3u32.into());
//! let mut members: Vec<Vec<(u32, u32)>> = built.members().collect();
//! members.sort();
//! assert_eq!(members, [vec![(0, 1), (1, 2)], vec![(0, 2)], vec![(2, 3), (0, 3)]]);
//! ```
//!
//! # Make a puzzle with a seed and limits
//! Every generator is a [`Generator`]: a request, a seed and [`Limits`] in; the puzzle, its
//! unique solution, its grade and the generator's figures out.
//! ```
//! use std::time::Duration;
//! use zlink::design::slitherlink::{Removal, Request};
//! use zlink::{Difficulty, Generator, Limits, Puzzle};
//!
//! let limits = Limits::default().with_time_limit(Duration::from_secs(60));
//! let easy = Request { difficulty: Some(Difficulty::Easy), ..Request::size(8, 8) };
//! let made = Removal.generate(&easy, 7, &limits).unwrap();
//! assert!(made.puzzle.verify(&made.solution).is_ok());
//! println!("{} hints", made.details.hints());
//! ```

pub use zlink_base::{Limits, ProgressHook, Report, Resource, SplitMix64, Stopped};
pub use zlink_puzzle::{
    Counted, Difficulty, Engine, Generated, Generator, ParseError, Puzzle, SolveError,
    SolveOptions, Solved,
};

/// Diagrams: the node store, the family algebra, exact counts, enumeration, uniform sampling,
/// serialization ([`zdd::Zdd`] is the place to start).
pub use zlink_zdd as zdd;

/// Building diagrams level by level from a small spec (Knuth's frontier method): paths,
/// cycles and path matchings on any graph, connected degree-constrained subgraphs, and the
/// combinators to intersect specs.
pub use zlink_frontier as frontier;

/// Every puzzle, one module each: its definition (parsing and writing in every format, the
/// rule checker, pictures), its registry row `KIND` and its engines; [`puzzles::registry`]
/// lists them all.
pub mod puzzles {
    pub use zlink_engines::{
        battleship, circuit, hashi, minclue, numberlink, registry, slitherlink, sudoku, zebra,
    };
}

/// Making puzzles: one random unique, minimal, graded Slitherlink or Numberlink at the sizes
/// magazines publish, every good hint set of a small loop, a given puzzle stripped to minimal
/// hints.
pub mod design {
    pub use zlink_link::design::*;
    /// One random unique minimal graded Slitherlink at any size, or a given one stripped.
    pub mod slitherlink {
        pub use zlink_link::slitherlink::generate::*;
    }
    /// One random unique Numberlink (under Janko's, Flow's or plain rules), graded.
    pub mod numberlink {
        pub use zlink_link::numberlink::publish::*;
    }
}

/// The README's Rust examples, run as doc tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;
