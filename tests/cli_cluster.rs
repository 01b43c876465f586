//! `zlink count paths|cycles` on several processes (`--processes`, `--hostfile --process`):
//! the same output as one process, and clear errors with a non-zero exit, never a hang.

mod common;

use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use common::{scratch_file, zlink};

/// One run of processes at a time: the runs of tests in parallel took each other's ports (a
/// launcher's free port, found by binding port 0, was taken by another run's connections
/// before its process listened: "Address already in use", a clean-clone CI failure).
static ONE_RUN: Mutex<()> = Mutex::new(());

/// Holds [`ONE_RUN`] for a test (a test that failed while holding it does not poison the rest).
fn one_run() -> MutexGuard<'static, ()> {
    ONE_RUN.lock().unwrap_or_else(|e| e.into_inner())
}

/// Stdout of a successful run.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = zlink(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// The lines but the timing line (`... counted in 0.001 s`), and the JSON without seconds
/// and peak memory (each process has its own).
fn steady(out: &str) -> String {
    if let Ok(mut v) = serde_json::from_str::<serde_json::Value>(out.trim()) {
        let o = v.as_object_mut().unwrap();
        assert!(o.remove("seconds").is_some() && o.remove("peak_memory_bytes").is_some());
        return v.to_string();
    }
    out.lines()
        .filter(|l| !l.contains(" counted in "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn two_and_four_processes_print_what_one_prints() {
    let _run = one_run();
    let one = ok(&["count", "paths", "--grid", "6x6"]);
    let two = ok(&["count", "paths", "--grid", "6x6", "--processes", "2"]);
    assert_eq!(two.lines().last(), Some("1262816"));
    assert_eq!(steady(&two), steady(&one));
    for (what, grid) in [("paths", "7x7"), ("cycles", "6x6")] {
        let one = ok(&["--json", "count", what, "--grid", grid]);
        for (processes, threads) in [("2", "2"), ("4", "1"), ("4", "2")] {
            let many = ok(&[
                "--json",
                "count",
                what,
                "--grid",
                grid,
                "--processes",
                processes,
                "--threads",
                threads,
            ]);
            let shape = format!("{what} {grid} on {processes} x {threads}");
            assert_eq!(steady(&many), steady(&one), "{shape}");
        }
    }
}

#[test]
fn bad_host_files_and_absent_peers_are_errors() {
    let _run = one_run();
    let bad = scratch_file("cluster", "bad-hosts.txt", "127.0.0.1:1\n\nlocalhost\n");
    let (code, out, err) = zlink(&[
        "count",
        "paths",
        "--grid",
        "3x3",
        "--hostfile",
        &bad,
        "--process",
        "0",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("line 3") && err.contains("localhost"), "{err}");
    // process 1 of two whose process 0 never starts: refused connections until the timeout
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let gone = free.local_addr().unwrap();
    let mine = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    drop(free);
    let hosts = scratch_file("cluster", "hosts.txt", &format!("{gone}\n{mine}\n"));
    let started = Instant::now();
    let (code, _, err) = zlink(&[
        "count",
        "paths",
        "--grid",
        "3x3",
        "--hostfile",
        &hosts,
        "--process",
        "1",
        "--connect-timeout",
        "0.5",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("process 0") && err.contains("unreachable"),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_taken_port_is_an_error_for_a_user_and_a_quiet_retry_code_for_the_launcher() {
    let _run = one_run();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let hosts = scratch_file(
        "cluster",
        "taken-hosts.txt",
        &format!("{}\n127.0.0.1:1\n", taken.local_addr().unwrap()),
    );
    let args = [
        "count",
        "paths",
        "--grid",
        "3x3",
        "--hostfile",
        &hosts,
        "--process",
        "0",
    ];
    let (code, out, err) = zlink(&args);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("cannot listen on 127.0.0.1:"), "{err}");
    assert!(err.contains("is another run using the port?"), "{err}");
    // the same process started by `--processes N`: exit 75, nothing printed (the launcher
    // starts the run again on fresh ports; its own test is in zlink-cluster's launch.rs)
    let out = Command::new(env!("CARGO_BIN_EXE_zlink"))
        .args(args)
        .env(zlink_cluster::LAUNCHED, "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(zlink_cluster::PORT_TAKEN));
    assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{out:?}");
    drop(taken);
}

#[test]
fn a_killed_process_stops_the_run_with_an_error() {
    let _run = one_run();
    // 14x14 corner paths take seconds on two processes: long enough to kill one mid-run
    let launcher = Command::new(env!("CARGO_BIN_EXE_zlink"))
        .args([
            "count",
            "paths",
            "--grid",
            "14x14",
            "--processes",
            "2",
            "--threads",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    // the launcher's children: find process 1 by its command line
    let child = loop {
        let found = std::fs::read_dir("/proc").ok().and_then(|d| {
            d.flatten().find_map(|e| {
                let cmd = std::fs::read(e.path().join("cmdline")).ok()?;
                let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
                let ppid: u32 = stat
                    .rsplit(')')
                    .next()?
                    .split_whitespace()
                    .nth(1)?
                    .parse()
                    .ok()?;
                let is_one = cmd.split(|&b| b == 0).any(|a| a == b"--process")
                    && cmd.ends_with(b"--process\x001\x00");
                (ppid == launcher.id() && is_one).then(|| e.file_name())
            })
        });
        if let Some(pid) = found {
            break pid;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "process 1 never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    std::thread::sleep(Duration::from_millis(300));
    let killed = Command::new("kill").arg("-9").arg(&child).status().unwrap();
    assert!(killed.success());
    let out = launcher.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("process 1 was killed"), "{err}");
    assert!(out.stdout.is_empty());
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn log_levels_report_every_process_and_add_up_to_the_states() {
    let _run = one_run();
    let args = [
        "count",
        "cycles",
        "--grid",
        "5x5",
        "--processes",
        "2",
        "--threads",
        "2",
        "--log-levels",
    ];
    let (code, out, err) = zlink(&args);
    assert_eq!(code, 0, "{err}");
    let total: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("states: ")?.split(' ').next()?.parse().ok())
        .unwrap();
    let mut logged = 0;
    for p in 0..2 {
        assert!(err.contains(&format!("process {p} worker")), "{err}");
    }
    for line in err.lines().filter(|l| l.starts_with("process ")) {
        assert!(line.contains("resident") && line.contains("peak"), "{line}");
        let states = line.split(": ").nth(2).unwrap().split(' ').next().unwrap();
        logged += states.parse::<u64>().unwrap();
    }
    assert_eq!(logged, total, "{err}");
}

/// A host file of `n` free localhost ports (bound, read and released), written as `name`.
fn local_hosts(name: &str, n: usize) -> String {
    let free: Vec<_> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let text: String = free
        .iter()
        .map(|l| format!("{}\n", l.local_addr().unwrap()))
        .collect();
    drop(free);
    scratch_file("cluster", name, &text)
}

/// Starts process `i` of the run in `hosts` with `extra` arguments, stderr piped.
fn part(hosts: &str, i: usize, args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_zlink"))
        .args(args)
        .args(["--hostfile", hosts, "--process", &i.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn a_process_out_of_its_budget_stops_every_process_with_exit_3() {
    let _run = one_run();
    let args = ["count", "paths", "--grid", "12x12", "--threads", "2"];
    let tiny = [&args[..], &["--max-memory", "2M"]].concat();
    let (code, out, err) = zlink(&[&tiny[..], &["--processes", "2"]].concat());
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("exceed the budget") && err.contains("raise --max-memory"),
        "{err}"
    );
    // without a launcher: each process of the host file ends with exit 3 by itself
    let hosts = local_hosts("budget-hosts.txt", 2);
    let started = Instant::now();
    let children: Vec<_> = (0..2).map(|i| part(&hosts, i, &tiny)).collect();
    for (i, c) in children.into_iter().enumerate() {
        let out = c.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "process {i}: {err}");
        assert!(out.stdout.is_empty());
        assert!(err.contains("states held at once"), "process {i}: {err}");
    }
    assert!(started.elapsed() < Duration::from_secs(30));
    // a generous budget changes nothing
    let roomy = [&args[..], &["--max-memory", "2G", "--processes", "2"]].concat();
    assert_eq!(
        ok(&roomy).lines().last(),
        Some("182413291514248049241470885236")
    );
}

#[test]
fn a_stopped_process_stops_the_others_after_the_peer_timeout() {
    let _run = one_run();
    let hosts = local_hosts("frozen-hosts.txt", 2);
    // 14x14 corner paths take many seconds on two processes of one worker
    let args = ["count", "paths", "--grid", "14x14", "--threads", "1"];
    let args = [&args[..], &["--peer-timeout", "1.5"]].concat();
    let first = part(&hosts, 0, &args);
    let mut frozen = part(&hosts, 1, &args);
    std::thread::sleep(Duration::from_millis(800));
    let stop = Command::new("kill")
        .args(["-STOP", &frozen.id().to_string()])
        .status()
        .unwrap();
    assert!(stop.success());
    let started = Instant::now();
    let mut first = first;
    // a hang would be the bug: give up (and clean up) after a minute
    let status = loop {
        if let Some(s) = first.try_wait().unwrap() {
            break Some(s);
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = first.kill();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let waited = started.elapsed();
    let _ = frozen.kill(); // SIGKILL ends a stopped process too
    let _ = frozen.wait();
    let out = first.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{err}");
    assert!(
        err.contains("process 1") && err.contains("no heartbeat for 1.5 s"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    assert!(waited < Duration::from_secs(30), "{waited:?}");
}
