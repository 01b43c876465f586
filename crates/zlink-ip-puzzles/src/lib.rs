//! Integer-programming puzzle models, one module per puzzle.
