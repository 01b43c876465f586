//! `zlink solve|count|render --kind battleship`: both models, both formats, JSON statistics,
//! SVG, exit codes and positioned errors.

mod common;

use common::zlink;

const SIX: &str = "6 6 3 2 1\n1 2 1 3 0 3\n2 0 2 1 1 4\n- - w - - -\n- - - - - -\n- o - o - -\n- - - - - n\n- - - - - -\n- - - - - -\n";
const SOLVED: &str = "6 6 3 2 1\n1 2 1 3 0 3\n2 0 2 1 1 4\nx x w e x x\nx x x x x x\nx o x o x x\nx x x x x n\nx x x x x m\nw e x o x s\n";

fn file(name: &str, text: &str) -> String {
    let p = std::env::temp_dir().join(format!(
        "zlink-cli-battleship-{}-{name}",
        std::process::id()
    ));
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn both_models_solve_and_count_a_janko_block() {
    let f = file("six.txt", SIX);
    for model in ["grid", "cell"] {
        let m = format!("model={model}");
        let (code, out, err) = zlink(&["solve", "--kind", "battleship", "--set", &m, &f]);
        assert_eq!((code, out.as_str()), (0, SOLVED), "{model}: {err}");
        let (code, out, _) = zlink(&["count", "--kind", "battleship", "--set", &m, &f]);
        assert_eq!((code, out.trim()), (0, "1"), "{model}");
    }
    let (code, out, _) = zlink(&["solve", "--kind", "battleship", "--json", &f]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["stats"]["counters"]["solver_calls"].as_u64() >= Some(1));
    let svg = format!("{f}.svg");
    let (code, _, err) = zlink(&["solve", "--kind", "battleship", "--svg", &svg, &f]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}

#[test]
fn csplib_facts_and_contradictions() {
    let f = file(
        "c.pl",
        "% two facts\nproblem(1, [2:1,1:1], [2,0,1], [1,1,1], [c@[3,3]]).\nproblem(2, [1:2], [1,1], [1,1], []).\n",
    );
    let (code, out, err) = zlink(&["count", "--kind", "battleship", &f]);
    // the second puzzle: two submarines on 2×2 always touch (a count of 0 is an answer)
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out.split_whitespace().collect::<Vec<_>>(),
        ["1", "0"],
        "{err}"
    );
    let (code, _, err) = zlink(&["solve", "--kind", "battleship", "--set", "model=cell", &f]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(":3"), "{err}");
    let bad = file("bad.pl", "problem(1, [1:1], [1], [1], [z@[1,1]]).\n");
    let (code, _, err) = zlink(&["solve", "--kind", "battleship", &bad]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.pl:1:30:"), "{err}");
    let (code, _, err) = zlink(&["solve", "--kind", "battleship", "--set", "model=x", &bad]);
    assert_eq!(code, 2, "{err}");
}
