//! One module per subcommand family; `main.rs` only dispatches.

pub mod count;
pub mod graph_count;
pub mod puzzle;
