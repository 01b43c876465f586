//! The HiGHS side of [`Model`]: one live HiGHS instance per model, built at the first solve
//! and kept in step with the model's rows and columns, so cut loops and no-good enumeration
//! re-solve without rebuilding it. Only this file (and `raw.rs`) talks to HiGHS; without the
//! `highs` feature `absent.rs` takes its place.

use std::time::Instant;

use highs::{HighsModelStatus, RowProblem};

use zlink_base::Stopped;

use super::{Model, OptionValue, Sense, Solution, SolveStats};
use crate::{raw, IpError};

/// Serializes HiGHS solves across threads (see [`Model::solve`]).
static SOLVE_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The live HiGHS instance and how much of the model it has seen.
pub(super) struct Live {
    highs: highs::Model,
    cols: Vec<highs::Col>,
    synced_rows: usize,
}

impl Live {
    /// Column `index`'s new bounds, in place (a column not synced yet gets them when it is).
    pub(super) fn set_bounds(&mut self, index: usize, lower: f64, upper: f64) {
        if let Some(&c) = self.cols.get(index) {
            self.highs.change_column_bounds(c, lower..=upper);
        }
    }
}

impl Model {
    /// Bring the live HiGHS instance up to date: build it, or append new columns and rows.
    fn sync(&mut self) -> Result<Live, IpError> {
        let Some(mut live) = self.live.take() else {
            let mut p = RowProblem::default();
            let cols: Vec<highs::Col> = self
                .cols
                .iter()
                .map(|c| p.add_column_with_integrality(c.cost, c.lower..=c.upper, c.integer))
                .collect();
            for r in &self.rows {
                p.add_row(
                    r.lower..=r.upper,
                    r.terms.iter().map(|&(v, a)| (cols[v.0], a)),
                );
            }
            let sense = match self.sense {
                Sense::Minimise => highs::Sense::Minimise,
                Sense::Maximise => highs::Sense::Maximise,
            };
            let highs = p
                .try_optimise(sense)
                .map_err(|e| IpError::Solver(format!("loading the model: {e:?}")))?;
            return Ok(Live {
                highs,
                cols,
                synced_rows: self.rows.len(),
            });
        };
        for c in &self.cols[live.cols.len()..] {
            let col = live
                .highs
                .try_add_column_with_integrality(c.cost, c.lower..=c.upper, [], c.integer)
                .map_err(|e| IpError::Solver(format!("adding a column: {e:?}")))?;
            live.cols.push(col);
        }
        for r in &self.rows[live.synced_rows..] {
            let cols = &live.cols;
            live.highs
                .try_add_row(
                    r.lower..=r.upper,
                    r.terms.iter().map(|&(v, a)| (cols[v.0], a)),
                )
                .map_err(|e| IpError::Solver(format!("adding a row: {e:?}")))?;
        }
        live.synced_rows = self.rows.len();
        Ok(live)
    }

    fn apply_params(&self, h: &mut highs::Model) -> Result<(), IpError> {
        let bad = |o: &str| IpError::Solver(format!("HiGHS rejected option `{o}`"));
        // Always set, so a limit removed between solves is removed in HiGHS too.
        let left = self
            .limits
            .time_left()
            .map_or(f64::INFINITY, |d| d.as_secs_f64());
        h.try_set_option("time_limit", left)
            .map_err(|_| bad("time_limit"))?;
        h.try_set_option("mip_rel_gap", self.params.mip_gap.unwrap_or(1e-4))
            .map_err(|_| bad("mip_rel_gap"))?;
        h.try_set_option("mip_abs_gap", self.params.mip_abs_gap.unwrap_or(1e-6))
            .map_err(|_| bad("mip_abs_gap"))?;
        if let Some(t) = self.limits.threads {
            h.try_set_option("threads", i32::try_from(t).unwrap_or(i32::MAX))
                .map_err(|_| bad("threads"))?;
        }
        if let Some(s) = self.params.seed {
            h.try_set_option("random_seed", s)
                .map_err(|_| bad("random_seed"))?;
        }
        for (name, value) in &self.params.highs_options {
            let name = name.as_str();
            match value {
                OptionValue::Bool(b) => h.try_set_option(name, *b),
                OptionValue::Int(i) => h.try_set_option(name, *i),
                OptionValue::Float(f) => h.try_set_option(name, *f),
                OptionValue::Str(v) => h.try_set_option(name, v.as_str()),
            }
            .map_err(|_| bad(name))?;
        }
        Ok(())
    }

    /// The solve itself, after [`Model::solve`]'s checks: sync, apply the parameters, run
    /// HiGHS and read its answer back.
    pub(super) fn solve_live(&mut self, start: Instant) -> Result<Solution, IpError> {
        // HiGHS keeps one task scheduler per process: concurrent solves from several threads
        // (the test harness, callers using rayon) have given solver errors and wrong counts
        // here, so solves are serialized process-wide. One solve still uses HiGHS's threads.
        let _serial = SOLVE_LOCK
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Live {
            mut highs,
            cols,
            synced_rows,
        } = self.sync()?;
        self.apply_params(&mut highs)?;
        let solved = highs
            .try_solve()
            .map_err(|e| IpError::Solver(format!("{e:?}")))?;
        let status = solved.status();
        let has_integers = self.cols.iter().any(|c| c.integer);
        let stats = SolveStats {
            seconds: start.elapsed().as_secs_f64(),
            nodes: raw::int64_info(&solved, c"mip_node_count").unwrap_or(0),
            iterations: solved.simplex_iteration_count().max(0) as u64,
            gap: if has_integers {
                solved.mip_gap()
            } else {
                f64::INFINITY
            },
            rows: self.rows.len(),
            cols: self.cols.len(),
        };
        self.last_stats = Some(stats.clone());
        let has_solution = solved.primal_solution_status() == highs::HighsSolutionStatus::Feasible;
        let solution = Solution {
            values: solved.get_solution().columns().to_vec(),
            objective: solved.objective_value() + self.offset,
            stats,
        };
        self.live = Some(Live {
            highs: solved.into(),
            cols,
            synced_rows,
        });
        match status {
            HighsModelStatus::Optimal | HighsModelStatus::ModelEmpty => Ok(solution),
            HighsModelStatus::Infeasible => Err(IpError::Infeasible),
            HighsModelStatus::Unbounded | HighsModelStatus::UnboundedOrInfeasible => {
                Err(IpError::Unbounded)
            }
            HighsModelStatus::ReachedTimeLimit => Err(IpError::Stopped {
                stopped: Stopped::time(self.limits.time_limit),
                incumbent: has_solution.then(|| Box::new(solution)),
            }),
            other => Err(IpError::Solver(format!(
                "unexpected model status {other:?}"
            ))),
        }
    }
}
