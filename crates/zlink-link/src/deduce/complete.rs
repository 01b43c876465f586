//! The completion of a deduction: what probing left open goes to the SAT solver, by way of
//! stricter rules and windows around a first solution when the rules let cells stay empty.

use super::*;

/// The conflicts and models (each a solve after new lazy cuts) the SAT completion may spend
/// before it gives up (and the build counts as without it): a published puzzle needs far fewer
/// (Janko's 35×48 Numberlink about 14 K conflicts; Janko 10×10 Slitherlinks up to 17 models,
/// thomasahle's 50×50 Numberlinks up to 56), a puzzle with many solutions usually finds two
/// quickly, so the budget bounds the hard case: a cover-only 50×50 (U-bends allowed, many
/// solutions) spent about 7 CPU s in 400 models before giving up, about 2 s in 150.
const SAT_BUDGET: (u64, u32) = (100_000, 150);

/// Completes a deduction (`fixed`, what [`deduce`] returned for `p`): what is left open goes
/// to the SAT solver (the `sat` module) within [`SAT_BUDGET`] and `deadline`, then, if it
/// learnt nothing, to the branching (`p.branch`). [`Contradiction`] when there is no
/// solution.
///
/// Not where paths may leave vertices empty (Numberlink without `cover`): there the lazy cuts
/// converge slowly (a 15×15 Janko puzzle under plain rules looks at 2,000 models in 100 K
/// conflicts without a solution; even 40 models and 1 K conflicts cost 1.8 s of CPU, against
/// its 10 s build), and one-hot labels did not find a model either: [`Completed::Open`].
pub(crate) fn complete(
    p: &Problem,
    fixed: &[Option<bool>],
    deadline: Option<std::time::Instant>,
) -> Result<Completed, Contradiction> {
    let mut seed = None;
    if let Some(strict) = p.stricter.as_deref() {
        match by_stricter(p, strict, fixed, deadline) {
            ByStricter::Two(two) => return Ok(Completed::Several(two)),
            ByStricter::One(one) => seed = Some(one),
            ByStricter::Nothing => {}
        }
    }
    Ok(match complete_alone(p, fixed, deadline)? {
        Completed::Open => seed.map_or(Completed::Open, Completed::Found),
        decided => decided,
    })
}

/// [`complete`] without the stricter rules.
fn complete_alone(
    p: &Problem,
    fixed: &[Option<bool>],
    deadline: Option<std::time::Instant>,
) -> Result<Completed, Contradiction> {
    let empties = p.shape == Shape::Paths && p.degrees.iter().any(|&d| d & 1 == 1);
    if empties || fixed.iter().all(Option::is_some) {
        return Ok(Completed::Open);
    }
    let mut s = State::with_fixed(p, fixed)?;
    match sat::complete(&s, SAT_BUDGET, deadline) {
        sat::Completion::None => return Err(Contradiction),
        sat::Completion::One(val) => {
            return Ok(Completed::One(val.iter().map(|&v| v == ON).collect()))
        }
        // two solutions: a bounded branching cannot decide everything either
        sat::Completion::Several(two) => {
            return Ok(Completed::Several(
                two.map(|val| val.iter().map(|&v| v == ON).collect()),
            ))
        }
        sat::Completion::Unknown => {}
    }
    if p.probe {
        s.branch()?;
    }
    Ok(match s.solved() {
        true => Completed::One(s.val.iter().map(|&v| v == ON).collect()),
        false => Completed::Open,
    })
}

/// Graph distances of the windows around each vertex in which [`second_near`] looks for
/// another solution, smallest first.
const WINDOW_RADII: [u32; 2] = [3, 5];

/// The conflicts and models the SAT completion may spend in one window. Models matter more
/// than conflicts: thomasahle 40×20 #31 under `--cover` found its second solution with 100
/// models and not with 20 (conflicts 2 000 or 20 000 alike); radius 8 windows found nothing
/// more on the sample (#16 stays undecided at radii up to 14) and cost 2 CPU s there.
const WINDOW_BUDGET: (u64, u32) = (2_000, 100);

/// Solutions of `p` found by way of `strict` (a problem whose solutions are all solutions
/// of `p`): the SAT completion of `strict` (with `p`'s deduction `fixed`) gives two, or gives
/// one and [`second_near`] finds another of `p` near it, or one alone (the caller completes
/// `p` itself, and keeps it as a solution if it learns nothing more).
///
/// Why: a puzzle with astronomically many solutions under loose rules (thomasahle's 40×20
/// Numberlinks under `--cover` alone: every model of the lazy cuts holds dozens of cycles and
/// mixed paths, and with labels in the CNF no model came in 3 M conflicts) is solved in a
/// second under the strict rules it was made for, and a solution that is not unique under
/// the loose ones almost always has a local re-routing.
fn by_stricter(
    p: &Problem,
    strict: &Problem,
    fixed: &[Option<bool>],
    deadline: Option<std::time::Instant>,
) -> ByStricter {
    let mut s = State::new(strict);
    for (e, f) in fixed.iter().enumerate() {
        if let Some(on) = *f {
            if s.val[e] == UNK && s.set(e as u32, on).is_err() {
                return ByStricter::Nothing;
            }
        }
    }
    if s.propagate(true).is_err() {
        return ByStricter::Nothing;
    }
    let bools = |val: &[u8]| val.iter().map(|&v| v == ON).collect::<Vec<bool>>();
    let first = match sat::complete(&s, SAT_BUDGET, deadline) {
        sat::Completion::Several([a, b]) => return ByStricter::Two([bools(&a), bools(&b)]),
        sat::Completion::One(a) => bools(&a),
        _ => return ByStricter::Nothing,
    };
    match second_near(p, fixed, &first, deadline) {
        Some(second) => ByStricter::Two([first, second]),
        None => ByStricter::One(first),
    }
}

/// What [`by_stricter`] found: two solutions of the problem, one, or none.
enum ByStricter {
    Two([Vec<bool>; 2]),
    One(Vec<bool>),
    Nothing,
}

/// Another solution of `p` than `first` (one of its solutions), looked for in the windows of
/// [`WINDOW_RADII`] around each vertex in turn: the edges outside the window keep their
/// value in `first` (and deduction's `fixed` theirs), and the SAT completion looks for two
/// solutions of what is left (`first` is one). `None` if no window holds one, or at the
/// deadline.
///
/// Time: `O(n (n + m))` plus a small SAT problem per window.
fn second_near(
    p: &Problem,
    fixed: &[Option<bool>],
    first: &[bool],
    deadline: Option<std::time::Instant>,
) -> Option<Vec<bool>> {
    let adj = window::adjacency(p);
    let mut dist = vec![u32::MAX; p.n];
    for (radius, centre) in WINDOW_RADII
        .iter()
        .flat_map(|&r| (0..p.n).map(move |c| (r, c)))
    {
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return None;
        }
        let seen = window::ball(&adj, centre, radius, &mut dist);
        let inside = |x: u32| dist[x as usize] != u32::MAX;
        let mut s = State::new(p);
        let mut ok = true;
        for (e, &(u, v)) in p.edges.iter().enumerate() {
            if fixed[e].is_none() && inside(u) && inside(v) {
                continue;
            }
            if s.val[e] == UNK && s.set(e as u32, fixed[e].unwrap_or(first[e])).is_err() {
                ok = false;
                break;
            }
        }
        for &x in &seen {
            dist[x as usize] = u32::MAX;
        }
        if !ok || s.propagate(true).is_err() || s.solved() {
            continue;
        }
        if let sat::Completion::Several(two) = sat::complete(&s, WINDOW_BUDGET, deadline) {
            let other = two
                .into_iter()
                .map(|val| val.iter().map(|&v| v == ON).collect::<Vec<bool>>())
                .find(|b| b.as_slice() != first)?;
            return Some(other);
        }
    }
    None
}
