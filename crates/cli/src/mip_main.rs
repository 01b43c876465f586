//! `zlink-mip`: the same command line as `zlink` ([`zlink_cli`]), always with the MIP solver
//! (HiGHS) linked in. The lean `zlink` (`cargo zlink-static`) runs it for the integer-programming
//! engines; `cargo zlink-static-mip` builds it.

fn main() -> std::process::ExitCode {
    zlink_cli::main()
}
