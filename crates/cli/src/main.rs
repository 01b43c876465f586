//! `zlink`: the command line ([`zlink_cli`]). Built with the `mip` feature (the default) it holds
//! every engine; `cargo zlink-static` builds it without the MIP solver, which makes it start
//! faster, and it then runs `zlink-mip` (found beside it) for the integer-programming engines.

fn main() -> std::process::ExitCode {
    zlink_cli::main()
}
