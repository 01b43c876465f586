//! The one list of puzzle kinds: it drives `zlink solve|count|render --kind K`, the `--help`
//! listing and the registry tests. Adding a puzzle = one folder + one row here; adding an
//! engine = one file + one entry in its kind's row.

use zlink_puzzle::PuzzleKind;

/// Every puzzle kind, in `--help` order.
pub fn registry() -> &'static [&'static dyn PuzzleKind] {
    static KINDS: &[&dyn PuzzleKind] = &[
        &crate::sudoku::KIND,
        &crate::minclue::KIND,
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

    /// A preset names its kind's engine (a typo there would make `--kind NAME` fail only when
    /// run), and no name is both a kind and a preset.
    #[test]
    fn presets_select_engines_of_their_kind() {
        for kind in registry() {
            let engines: Vec<&str> = kind.engines().iter().map(|e| e.name).collect();
            for &(name, engine) in kind.presets() {
                assert!(engines.contains(&engine), "{name} -> {engine}");
                let found = find_kind(registry(), name).expect("preset found");
                assert_eq!(found.name(), kind.name());
                assert_eq!(found.preset_engine(name), Some(engine));
                for other in registry() {
                    assert!(!other.name().eq_ignore_ascii_case(name), "{name}");
                    assert!(!other.aliases().iter().any(|a| a.eq_ignore_ascii_case(name)));
                }
            }
        }
        let minimal = find_kind(registry(), "minclue-minimal").expect("minclue-minimal");
        assert_eq!(minimal.name(), "minclue");
        assert_eq!(minimal.preset_engine("minclue-minimal"), Some("greedy"));
    }
}
