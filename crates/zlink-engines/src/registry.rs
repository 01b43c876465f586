//! The one list of puzzle kinds: it drives `zlink solve|count|render --kind K`, the `--help`
//! listing and the registry tests. Adding a puzzle = one folder + one row here; adding an
//! engine = one file + one entry in its kind's row.

use zlink_puzzle::PuzzleKind;

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

#[cfg(test)]
mod tests {
    use zlink_puzzle::find_kind;

    use super::registry;

    fn needs(kind: &str, engine: Option<&str>, counting: bool, settings: &[(&str, &str)]) -> bool {
        let settings: Vec<(String, String)> = settings
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect();
        find_kind(registry(), kind)
            .expect("registered kind")
            .needs_mip(engine, counting, &settings)
    }

    /// What the lean CLI hands to `zlink-mip`: every engine called `ip` (an IP engine added
    /// without `needs_mip` fails here), and nothing else by default.
    #[test]
    fn exactly_the_integer_programs_need_the_mip_solver() {
        for kind in registry() {
            for engine in kind.engines() {
                for counting in [false, true] {
                    assert_eq!(
                        kind.needs_mip(Some(engine.name), counting, &[]),
                        engine.name == "ip",
                        "{} --engine {} (counting: {counting})",
                        kind.name(),
                        engine.name
                    );
                }
            }
        }
        // defaults: Hashi and the circuit board solve by IP and count by ZDD
        for kind in ["hashi", "circuit"] {
            assert!(needs(kind, None, false, &[]), "{kind} solve");
            assert!(!needs(kind, None, true, &[]), "{kind} count");
        }
        for kind in ["sudoku", "slitherlink", "numberlink", "zebra", "minclue"] {
            assert!(!needs(kind, None, false, &[]), "{kind} solve");
            assert!(!needs(kind, None, true, &[]), "{kind} count");
        }
        assert!(needs("battleship", None, false, &[]));
        // a setting can decide it; unknown engines and bad settings are the run's to report
        assert!(needs("minclue", Some("rowgen"), false, &[("master", "ip")]));
        assert!(!needs(
            "minclue",
            Some("rowgen"),
            false,
            &[("master", "search")]
        ));
        assert!(!needs("minclue", Some("rowgen"), false, &[("master", "x")]));
        assert!(!needs("sudoku", Some("nope"), false, &[]));
        // aliases and case as `--kind` and `--engine` take them
        assert!(needs("SUDOKU", Some("IP"), true, &[]));
    }
}
