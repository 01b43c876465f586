//! Counts the solutions of the Janko Slitherlinks of one size with a state budget, one line per
//! puzzle (count, widest level, total states, seconds) and a summary:
//!
//! `cargo run --release -p zlink-link --example janko_sizes -- 20x36 [max puzzles] [max states]`

use std::time::Instant;
use zlink_frontier::Limits;
use zlink_link::SlitherZdd;

#[path = "../benches/common/janko.rs"]
mod janko;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size = args
        .get(1)
        .map_or("10 10".to_string(), |s| s.replace('x', " "));
    let max: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let opts = Limits {
        max_nodes: args.get(3).and_then(|s| s.parse().ok()),
        ..Limits::default()
    };
    let all = Instant::now();
    let (mut tried, mut counted) = (0, 0);
    for (key, clues) in janko::puzzles(&size).into_iter().take(max) {
        tried += 1;
        let t = Instant::now();
        match SlitherZdd::new(&clues).map(|s| s.count_with_stats(&opts)) {
            Ok(Ok(st)) => {
                counted += 1;
                println!(
                    "{key}: count {} widest {} states {} in {:.3}s",
                    st.count,
                    st.max_level_states,
                    st.total_states,
                    t.elapsed().as_secs_f64()
                );
            }
            Ok(Err(e)) => println!("{key}: {e} ({:.1}s)", t.elapsed().as_secs_f64()),
            Err(e) => println!("{key}: {e}"),
        }
    }
    println!(
        "{counted}/{tried} counted in {:.2}s",
        all.elapsed().as_secs_f64()
    );
}
