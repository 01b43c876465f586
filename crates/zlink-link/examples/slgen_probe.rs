//! Scratch measurement of the generator (not part of the product).
use zlink_link::slitherlink::generate::{generate, Difficulty, Options, Order};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let n: usize = a[1].parse().unwrap();
    let seeds: u64 = a[2].parse().unwrap();
    let level = match a.get(3).map(String::as_str) {
        Some("easy") => Some(Difficulty::Easy),
        Some("medium") => Some(Difficulty::Medium),
        Some("hard") => Some(Difficulty::Hard),
        _ => None,
    };
    let order = match a.get(4).map(String::as_str) {
        Some("random") => Order::RANDOM,
        Some(r) if r.contains(',') => {
            let v: Vec<u8> = r.split(',').map(|x| x.parse().unwrap()).collect();
            Order {
                rank: [v[0], v[1], v[2], v[3], v[4]],
            }
        }
        _ => Order::TWOS_FIRST,
    };
    for seed in 1..=seeds {
        let o = Options {
            seed,
            difficulty: level,
            order,
            ..Default::default()
        };
        let g = generate(n, n, &o).unwrap();
        println!(
            "{n}x{n} seed {seed}: hints {} ({:.1}%) grade {:?} {:.3}s {:?}",
            g.hints(),
            100.0 * g.hints() as f64 / (n * n) as f64,
            g.grade,
            g.stats.seconds,
            g.stats
        );
    }
}
