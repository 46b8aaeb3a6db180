//! The constraints of docs/spec.md §5 on values' shardings, resolved before the ILP.
//!
//! Annotations come from inputs, op results, `sharding_constraint`, `reshard`, the
//! in/out shardings of named and manual computations and outputs. Each dimension
//! without a priority is hard; the dimensions of priority `pN` form one preference.
//! Values that must be equal (sharding groups, a named computation's operands and
//! arguments, its body results and results) form components that share one candidate
//! list. Resolution, deterministic:
//! 1. the hard constraints filter each component's candidates; an empty component is
//!    infeasible and explained by the two annotations that conflict;
//! 2. the memory budget is checked with every value at its smallest allowed size
//!    (exact per step; a value's smallest size is a lower bound);
//! 3. preferences in order of priority (p0 first), then of program order, each
//!    tentatively applied and kept unless it empties its component (dropped: conflicts
//!    with the first stronger constraint that excludes it) or breaks the budget
//!    (dropped: the memory budget). A preference is never dropped to save cost.

use crate::error::{Result, SolveError};
use crate::intervals::IntervalSums;
use autoshard_model::DroppedPreference;
use autoshard_model::ir::Annotation;
use autoshard_model::{Bytes, Program, TensorSharding, ValueId};
use std::sync::Arc;

/// The priorities of `a`'s preference dimensions, ascending, deduplicated.
fn levels(a: &Annotation) -> Vec<i64> {
    let mut levels: Vec<i64> = a.sharding.dims.iter().filter_map(|d| d.priority).collect();
    levels.sort_unstable();
    levels.dedup();
    levels
}

/// What the resolution needs to know about the memory budget.
pub struct Budget<'a> {
    /// The budget per device.
    pub limit: Bytes,
    /// Each priced value's inclusive live range in program positions.
    pub live: &'a [(ValueId, usize, usize)],
    /// The bytes one device holds of a value under a sharding.
    pub bytes: &'a dyn Fn(ValueId, &TensorSharding) -> Bytes,
    /// Values that live throughout: inputs the caller keeps (for the message).
    pub parameters: &'a [ValueId],
    /// The name of the op at each position (for the message).
    pub positions: &'a [String],
}

/// Resolved constraints: per component its allowed candidates, and what was dropped.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The component of each value (values without candidates: `None`).
    pub component: Vec<Option<usize>>,
    /// The allowed candidates of each component (components with equal lists may
    /// share one).
    pub allowed: Vec<Arc<Vec<TensorSharding>>>,
    /// The preferences dropped, with reasons.
    pub dropped: Vec<DroppedPreference>,
}

/// Resolves `program`'s `annotations` over components (`component[v]`, with
/// candidate lists `candidates[c]`) and the budget.
pub fn resolve(
    program: &Program,
    component: Vec<Option<usize>>,
    candidates: Vec<Arc<Vec<TensorSharding>>>,
    annotations: &[Annotation],
    budget: Option<&Budget<'_>>,
) -> Result<Resolved> {
    let universe = candidates.clone();
    let mut r = Resolved { component, allowed: candidates, dropped: Vec::new() };
    let mut applied: Vec<Vec<(&Annotation, Option<i64>)>> = vec![Vec::new(); r.allowed.len()];
    for a in annotations {
        let Some(c) = r.component[a.value.index()] else { continue };
        let kept: Vec<TensorSharding> =
            r.allowed[c].iter().filter(|s| s.conforms_to(&a.sharding, None)).cloned().collect();
        if kept.is_empty() {
            let other = applied[c].iter().map(|(o, _)| *o).find(|o| !compatible(&universe[c], (o, None), (a, None)));
            return Err(SolveError::Infeasible(conflict(program, a, other)));
        }
        r.allowed[c] = Arc::new(kept);
        applied[c].push((a, None));
    }
    if let Some(budget) = budget {
        check_budget(&r, budget).map_err(SolveError::Infeasible)?;
    }
    let mut preferences: Vec<(i64, usize, &Annotation)> = annotations
        .iter()
        .enumerate()
        .flat_map(|(i, a)| levels(a).into_iter().map(move |level| (level, i, a)))
        .collect();
    preferences.sort_by_key(|&(level, i, _)| (level, i));
    for (level, _, a) in preferences {
        let Some(c) = r.component[a.value.index()] else { continue };
        let kept: Vec<TensorSharding> =
            r.allowed[c].iter().filter(|s| s.conforms_to(&a.sharding, Some(level))).cloned().collect();
        let reason = if kept.is_empty() {
            let other = applied[c].iter().find(|(o, l)| !compatible(&universe[c], (o, *l), (a, Some(level))));
            Some(match other {
                Some((o, l)) if o.value != a.value => format!(
                    "conflicts with {}, which must be sharded alike (a sharding group or a region tie)",
                    describe(program, o, *l)
                ),
                Some((o, l)) => format!("conflicts with {}", describe(program, o, *l)),
                None => "conflicts with the constraints already on its value".to_string(),
            })
        } else {
            let previous = std::mem::replace(&mut r.allowed[c], Arc::new(kept));
            match budget.map(|b| check_budget(&r, b)) {
                Some(Err(message)) => {
                    r.allowed[c] = previous;
                    Some(format!("conflicts with the memory budget: {message}"))
                }
                _ => None,
            }
        };
        match reason {
            Some(reason) => r.dropped.push(DroppedPreference {
                value: program.value(a.value).name.clone(),
                sharding: a.sharding.clone(),
                reason: format!("p{level} from {}: {reason}", a.describe(program)),
            }),
            None => applied[c].push((a, Some(level))),
        }
    }
    Ok(r)
}

/// True if some candidate meets both constraints (an annotation at a level).
fn compatible(
    candidates: &[TensorSharding],
    (a, la): (&Annotation, Option<i64>),
    (b, lb): (&Annotation, Option<i64>),
) -> bool {
    candidates.iter().any(|s| s.conforms_to(&a.sharding, la) && s.conforms_to(&b.sharding, lb))
}

fn describe(program: &Program, a: &Annotation, level: Option<i64>) -> String {
    let strength = level.map_or("hard".to_string(), |l| format!("p{l}"));
    format!("{} ({strength}) from {} on \"{}\"", a.sharding, a.describe(program), program.value(a.value).name)
}

fn conflict(program: &Program, a: &Annotation, other: Option<&Annotation>) -> String {
    let name = |v: ValueId| &program.value(v).name;
    let (value, source) = (name(a.value), a.describe(program));
    match other {
        Some(o) if o.value != a.value => format!(
            "\"{}\" and \"{value}\" must be sharded alike, but \"{}\" is constrained to {} by {} and \"{value}\" to {} by {source}",
            name(o.value),
            name(o.value),
            o.sharding,
            o.describe(program),
            a.sharding,
        ),
        Some(o) => {
            format!(
                "\"{value}\" is constrained to {} by {} and to {} by {source}",
                o.sharding,
                o.describe(program),
                a.sharding
            )
        }
        None => format!("no candidate sharding of \"{value}\" satisfies {} from {source}", a.sharding),
    }
}

/// Checks that every value at its smallest allowed size fits the budget at every
/// position; the message names the first position that does not.
fn check_budget(r: &Resolved, budget: &Budget<'_>) -> Result<(), String> {
    let horizon = budget.live.iter().map(|&(_, _, to)| to + 1).max().unwrap_or(0);
    // Each live range adds its value's smallest size from its start to its end.
    let mut need = IntervalSums::new(horizon);
    let mut parameter = vec![false; r.component.len()];
    budget.parameters.iter().for_each(|v| parameter[v.index()] = true);
    let mut parameters = 0u64;
    for &(value, from, to) in budget.live {
        let Some(c) = r.component[value.index()] else { continue };
        let smallest = r.allowed[c].iter().map(|s| (budget.bytes)(value, s).0).min().unwrap_or(0);
        need.add((from, to + 1), smallest);
        if parameter[value.index()] {
            parameters = parameters.saturating_add(smallest);
        }
    }
    let Some((at, worst)) = need.sums().enumerate().find(|&(_, n)| n > budget.limit.0) else { return Ok(()) };
    let at_op = budget.positions.get(at).map_or("the end".to_string(), |n| format!("op \"{n}\""));
    let kept = match parameters {
        0 => String::new(),
        bytes => format!(" (parameters alone need {})", Bytes(bytes)),
    };
    Err(format!(
        "at {at_op} the live values need at least {} per device{kept}; the budget is {}",
        Bytes(worst),
        budget.limit
    ))
}
