//! The IP engines honour the memory budget (issue 19): a model that cannot fit is refused with
//! a budget error before the solver allocates anything, and the same puzzle solves without it.

use zlink_puzzle::{find_kind, SolveError, SolveOptions};

fn first(kind: &str, text: &str) -> Box<dyn zlink_puzzle::Instance> {
    let k = find_kind(zlink_engines::registry::registry(), kind).unwrap();
    k.load(text, "t").unwrap().into_iter().next().unwrap()
}

#[test]
fn ip_engines_refuse_a_model_over_the_budget() {
    let cases = [
        (
            "sudoku",
            "000000008003000400090020060000079000000061200060502070008000500010000020405000003\n",
        ),
        ("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad\n"),
        ("hashi", "2.3\n...\n1.2\n"),
        (
            "battleship",
            "6 6 3 2 1\n1 2 1 3 0 3\n2 0 2 1 1 4\n- - w - - -\n- - - - - -\n- o - o - -\n- - - - - n\n- - - - - -\n- - - - - -\n",
        ),
        ("zebra", "a: x y z\nb: p q r\nx = p\ny @ 2\n"),
    ];
    for (kind, text) in cases {
        let p = first(kind, text);
        let tight = SolveOptions {
            max_memory: Some(4096),
            ..SolveOptions::default()
        };
        match p.solve(Some("ip"), &tight) {
            Err(SolveError::Budget(msg)) => assert!(msg.contains("integer program"), "{msg}"),
            other => panic!("{kind}: expected a budget error, got {other:?}"),
        }
        assert!(
            matches!(p.count(Some("ip"), &tight), Err(SolveError::Budget(_))),
            "{kind}"
        );
        let roomy = SolveOptions {
            max_memory: Some(1 << 30),
            ..SolveOptions::default()
        };
        assert!(p.solve(Some("ip"), &roomy).is_ok(), "{kind}");
    }
}

/// The min-clue IP master grows a row per unavoidable set: the budget is checked at every
/// master solve, not only on the first model.
#[test]
fn minclue_ip_master_honours_the_budget() {
    let p = first("minclue", "1234341221434321\n");
    let tight = SolveOptions {
        max_memory: Some(4096),
        ..SolveOptions::default()
    };
    match p.solve(Some("ip"), &tight) {
        Err(SolveError::Budget(msg)) => assert!(msg.contains("integer program"), "{msg}"),
        other => panic!("expected a budget error, got {other:?}"),
    }
    let roomy = SolveOptions {
        max_memory: Some(1 << 30),
        ..SolveOptions::default()
    };
    assert!(p.solve(Some("ip"), &roomy).is_ok());
}
