//! The one list of puzzle kinds: it drives `zlink solve|count|render --kind K`, the `--help`
//! listing and the registry tests. Adding a puzzle = one folder + one row here; adding an
//! engine = one file + one entry in its kind's row.

use zlink_grid::PuzzleKind;

/// Every puzzle kind, in `--help` order.
pub fn registry() -> &'static [&'static dyn PuzzleKind] {
    static KINDS: &[&dyn PuzzleKind] = &[
        &crate::sudoku::KIND,
        &crate::minclue::MINIMUM_KIND,
        &crate::minclue::MINIMAL_KIND,
        &crate::hashi::KIND,
        &crate::slitherlink::KIND,
        &crate::numberlink::KIND,
        &crate::battleship::KIND,
        &crate::zebra::KIND,
        &crate::circuit::KIND,
    ];
    KINDS
}
