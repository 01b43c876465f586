//! The distributed count against the single-machine pass and published values (OEIS A007764
//! corner paths, A140517 cycles), on 1, 2 and 4 processes of 1 and 2 workers. Two processes run
//! here as two threads of the test, each with its own timely allocators, connected over
//! localhost TCP as separate hosts would be.

use std::net::TcpListener;
use std::thread;

use num_bigint::BigUint;
use zlink_cluster::{count_distributed, Cluster, ClusterError, Wire};
use zlink_frontier::packed::Packed;
use zlink_frontier::specs::mate::Mate;
use zlink_frontier::{count_with_stats, Counted, EdgeOrder, Graph, Limits, Spec};

fn published(seq: &str, n: usize) -> BigUint {
    zlink_testkit::data::published(seq)[n - 1].parse().unwrap()
}

fn paths(n: usize) -> Mate<Packed> {
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
    Mate::<Packed>::st_paths(&g, 0, (n * n - 1) as u32, false).unwrap()
}

fn cycles(n: usize) -> Mate<Packed> {
    let (g, _) = EdgeOrder::Frontier.apply(&Graph::grid(n, n));
    Mate::<Packed>::cycles(&g, false).unwrap()
}

/// `processes` local addresses on free ports.
fn local_hosts(processes: usize) -> Vec<String> {
    let listeners: Vec<TcpListener> = (0..processes)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().to_string())
        .collect()
}

/// Runs every process of a localhost cluster (one thread each); process 0's answer.
fn run<S>(make: impl Fn() -> S, processes: usize, workers: usize) -> Counted
where
    S: Spec + Send + 'static,
    S::State: Wire,
{
    if processes == 1 {
        return count_distributed(make(), &Cluster::local(workers))
            .unwrap()
            .unwrap();
    }
    let hosts = local_hosts(processes);
    let handles: Vec<_> = (0..processes)
        .map(|p| {
            let (spec, cluster) = (make(), Cluster::hosts(hosts.clone(), p, workers));
            thread::spawn(move || count_distributed(spec, &cluster))
        })
        .collect();
    let mut answers: Vec<Option<Counted>> = handles
        .into_iter()
        .map(|h| h.join().unwrap().unwrap())
        .collect();
    assert!(
        answers[1..].iter().all(Option::is_none),
        "only process 0 answers"
    );
    answers.swap_remove(0).unwrap()
}

/// Processes and workers per process.
const SHAPES: [(usize, usize); 6] = [(1, 1), (1, 2), (2, 1), (2, 2), (4, 1), (4, 2)];

#[test]
fn corner_paths_match_a007764_and_the_single_pass() {
    for n in 1..=9 {
        let single = count_with_stats(&paths(n), &Limits::default()).unwrap();
        assert_eq!(single.count, published("A007764", n));
        for (processes, workers) in SHAPES {
            let got = run(|| paths(n), processes, workers);
            let shape = format!("{n}x{n}, {processes} processes x {workers} workers");
            assert_eq!(got.count, single.count, "{shape}");
            // the same states level by level as the single pass
            assert_eq!(got.level_states, single.level_states, "{shape}");
            assert_eq!(got.total_states, single.total_states, "{shape}");
        }
    }
}

#[test]
fn cycles_match_a140517() {
    for n in 1..=7 {
        for (processes, workers) in SHAPES {
            let got = run(|| cycles(n), processes, workers);
            assert_eq!(
                got.count,
                published("A140517", n),
                "{n}x{n} {processes}x{workers}"
            );
        }
    }
}

#[test]
fn counts_past_128_bits_are_exact() {
    // 2^k subsets of k free variables: a spec whose count outgrows a u128 (k = 140: the
    // 192-bit tier; k = 250: the 384-bit one) or 384 bits (k = 400: the BigUint one); a state
    // per level, so that records move between workers
    struct All(u32);
    impl Spec for All {
        type State = u32;
        fn num_levels(&self) -> u32 {
            self.0
        }
        fn root(&self) -> zlink_frontier::Step<u32> {
            zlink_frontier::Step::Node(0, 0)
        }
        fn child(&self, _: &u32, level: u32, _: bool) -> zlink_frontier::Step<u32> {
            if level + 1 == self.0 {
                zlink_frontier::Step::Accept
            } else {
                zlink_frontier::Step::Node(level + 1, level + 1)
            }
        }
    }
    for k in [140, 250, 400] {
        let got = run(|| All(k), 2, 2);
        assert_eq!(got.count, BigUint::from(1u8) << k, "k = {k}");
        assert_eq!(got.max_level_states, 1);
    }
}

#[test]
fn an_absent_peer_or_a_bad_shape_is_an_error() {
    let hosts = local_hosts(2);
    let mut alone = Cluster::hosts(hosts, 1, 1);
    alone.connect_timeout = std::time::Duration::from_millis(300);
    let err = count_distributed(paths(4), &alone).unwrap_err();
    assert!(
        matches!(err, ClusterError::Unreachable { process: 0, .. }),
        "{err}"
    );
    let wrong = Cluster::hosts(local_hosts(2), 2, 1);
    assert!(matches!(
        count_distributed(paths(4), &wrong).unwrap_err(),
        ClusterError::Shape(_)
    ));
}

#[test]
fn a_process_out_of_its_budget_stops_every_process() {
    let hosts = local_hosts(2);
    let handles: Vec<_> = (0..2)
        .map(|p| {
            let cluster = Cluster {
                // process 1 alone holds too little: process 0 must stop too
                max_memory: (p == 1).then_some(200 * zlink_cluster::CLUSTER_BYTES_PER_STATE),
                ..Cluster::hosts(hosts.clone(), p, 2)
            };
            thread::spawn(move || count_distributed(paths(9), &cluster))
        })
        .collect();
    for (p, h) in handles.into_iter().enumerate() {
        match h.join().unwrap() {
            Err(ClusterError::Stopped { process: 1, stop }) => {
                assert!(stop.is_budget() && stop.memory_bound(), "{p}: {stop}");
            }
            other => panic!("process {p}: {other:?}"),
        }
    }
    // a deadline already passed stops a single process too
    let late = Cluster {
        deadline: Some(std::time::Instant::now()),
        ..Cluster::local(2)
    };
    let err = count_distributed(paths(6), &late).unwrap_err();
    assert!(
        matches!(&err, ClusterError::Stopped { process: 0, stop } if stop.is_time()),
        "{err}"
    );
}
