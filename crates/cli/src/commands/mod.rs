//! One module per subcommand family; `main.rs` only dispatches.

pub mod graph_count;
