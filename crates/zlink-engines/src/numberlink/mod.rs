//! Numberlink's registry row and engine ([`zdd`]: all solutions by the ZDD paper's Algorithm
//! 2, rule variants as settings). The puzzle (grid, rules, formats, the rule checker,
//! pictures) is defined in [`zlink_puzzle::numberlink`], its [`Numberlink`] re-exported here.
//!
//! ```
//! use zlink_puzzle::{Puzzle, SolveOptions};
//! use zlink_engines::numberlink::{Numberlink, KIND};
//! let (_, p) = Numberlink::parse("12\n12\n", "doc").unwrap().remove(0);
//! let c = KIND.count(&p, None, &SolveOptions::default()).unwrap();
//! assert_eq!(c.count, 1u32.into()); // two straight lines
//! ```

pub mod zdd;

use zlink_puzzle::Kind;

pub use zdd::ZddEngine;
pub use zlink_puzzle::numberlink::Numberlink;

/// The registry row of Numberlink.
pub static KIND: Kind<Numberlink> = Kind::new(
    "numberlink",
    &["numlin", "arukone", "flow"],
    "Numberlink: join equal numbers by non-crossing lines (--cover, --no-u-bends)",
    zlink_puzzle::numberlink::puzzle::FORMATS,
    &[&ZddEngine],
);
