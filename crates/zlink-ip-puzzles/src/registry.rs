//! The one list of IP-backed puzzle kinds: it drives `zlink solve|count --kind K`, the
//! `--help` listing and the registry tests. Adding a puzzle = one module + one row here.

use zlink_grid::PuzzleKind;

/// Every IP-backed puzzle kind, in `--help` order.
pub fn registry() -> &'static [&'static dyn PuzzleKind] {
    static KINDS: &[&dyn PuzzleKind] = &[
        &crate::sudoku::EXACT_KIND,
        &crate::sudoku::KIND,
        &crate::minclue::MINIMUM_KIND,
        &crate::minclue::MINIMAL_KIND,
        &crate::hashi::kind::HASHI,
        &crate::slitherlink::zdd::SLITHERLINK_ZDD,
        &crate::slitherlink::kind::SLITHERLINK_IP,
    ];
    KINDS
}
