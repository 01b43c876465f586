//! Slitherlink's registry row and engines: the ZDD engine ([`zdd`], the default: all
//! solutions, counted exactly) and the seed's integer program ([`ip`]: the arc model of
//! demand, net flow, one-way, one-in, one-out, with iterative subtour elimination
//! and the four starting-rule cut families). The puzzle (clues, formats, the loop type, the
//! rule checker, pictures) is defined in [`zlink_puzzle::slitherlink`], re-exported here.
//!
//! ```
//! use zlink_engines::slitherlink::{Slitherlink, KIND};
//! use zlink_puzzle::SolveOptions;
//! let p = Slitherlink::parse_plain("4.\n..", "inline").unwrap();
//! assert_eq!(KIND.count(&p, None, &SolveOptions::default()).unwrap().count, 1u32.into());
//! ```

pub mod ip;
pub mod zdd;

pub use ip::{SlitherOptions, SlitherlinkIp};
pub use zlink_puzzle::slitherlink::{
    parse, render, rules, verify, Loop, LoopEdge, LoopEdges, Slitherlink, MAX_CLUE,
};

use zlink_puzzle::Kind;

use crate::ip::IpEngine;

pub use zdd::ZddEngine;

/// The registry row of Slitherlink: the ZDD engine first (the default), then the IP.
pub static KIND: Kind<Slitherlink> = Kind::new(
    "slitherlink",
    &["slither"],
    "Slitherlink: one loop through the dots, numbered cells count its sides",
    zlink_puzzle::slitherlink::FORMATS,
    &[&ZddEngine, &IpEngine(SlitherlinkIp)],
);
