//! Stable-Rust fuzzing of the edge-list reader (issue 19): over arbitrary text and mutations
//! of real edge lists, `Graph::parse_edge_list` never panics, and a graph it accepts has
//! fewer than `MAX_VERTICES` vertices. Run longer with `tools/fuzz.sh`.

use proptest::prelude::*;
use zlink_frontier::graph::MAX_VERTICES;
use zlink_frontier::{Graph, GraphError};

fn parse(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    match Graph::parse_edge_list(&text, "f") {
        Ok(g) => {
            assert!(g.num_vertices() <= MAX_VERTICES);
            if g.num_vertices() < 10_000 {
                let _ = g.degrees();
            }
        }
        Err(GraphError::Parse { line, col, .. } | GraphError::BadEdge { line, col, .. }) => {
            assert!(line >= 1 && col >= 1);
        }
        Err(e) => panic!("unpositioned error {e}"),
    }
}

proptest! {
    #[test]
    fn arbitrary_text(bytes in prop::collection::vec(
        prop::sample::select(b"0123456789 \n#+-x9".to_vec()), 0..120)) {
        parse(&bytes);
    }

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        parse(&bytes);
    }

    #[test]
    fn mutated_edge_lists(ops in prop::collection::vec(
        (any::<usize>(), any::<u8>(), any::<u8>()), 0..8)) {
        let seed = b"0 1\n1 2\n2 3\n3 0\n# square\n0 2\n";
        parse(&zlink_testkit::fuzz::mutate(seed, &ops));
    }
}

#[test]
fn regressions() {
    for input in ["0 1\n1 1000000000\n", "0 1\n+1 2\n", "0 16777216\n"] {
        parse(input.as_bytes());
    }
}

/// A long campaign for `FUZZ_CPU_SECONDS` of CPU (`tools/fuzz.sh --campaign`).
#[test]
#[ignore = "a fuzzing campaign: run by tools/fuzz.sh --campaign"]
fn campaign() {
    use zlink_testkit::fuzz_campaign::{run_and_assert, Target};
    let run = |b: &[u8]| parse(b);
    let targets = [Target {
        name: "graph-edge-list",
        run: &run,
    }];
    run_and_assert(&targets, 1);
}
