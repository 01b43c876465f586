//! A thin modelling layer over HiGHS: variables, constraints, cut loops, no-good cuts.
