//! The pipeline the module states: a stage per mesh and set of origin names, each
//! fragment's task (forward, backward by its origins' transpose counts, update if it
//! reads a reduce's result; the n-th forward or backward of a stage is microbatch
//! n's, or the microbatch its loop's iteration or call's `call_counter` names), the microbatches, each mesh's order, the stages' costs; the check that the
//! module's data flow follows from that order; and the named schedule it is, if any.

use super::walk::{Found, Held};
use super::{FragmentProgram, ImportedStage, pipeline_error};
use crate::{Error, Result};
use autoshard_model::Seconds;
use autoshard_model::pipeline::{Schedule, StageCost, Task, TaskKind, waits_for};
use std::collections::{BTreeSet, HashMap};

/// The module's tasks.
pub(super) struct Tasks {
    /// Each fragment's task, in `@main`'s order.
    pub tasks: Vec<Task>,
    /// The stages, with their costs.
    pub stages: Vec<ImportedStage>,
    /// Microbatches per step.
    pub microbatches: u32,
    /// Each mesh's tasks in `@main`'s order.
    pub order: Vec<Vec<Task>>,
}

/// Stages as first found: their mesh and origin names, and forwards and backwards
/// seen.
struct FirstStages {
    keys: Vec<(usize, Vec<String>)>,
    seen: Vec<[u32; 2]>,
    tasks: Vec<Task>,
}

/// The tasks of `found` (priced by `programs`) on `meshes` meshes.
pub(super) fn tasks(file: &str, found: &[Found], programs: &[FragmentProgram], meshes: usize) -> Result<Tasks> {
    let FirstStages { keys, seen, mut tasks } = first_stages(found);
    // A stage made only of step-level fragments (a mean's scaling, say) is no
    // stage: its fragments join the update of a stage on their mesh.
    let real: Vec<bool> = seen.iter().map(|k| k[0] + k[1] > 0).collect();
    if !real.iter().any(|r| *r) {
        return Err(Error::Pipeline(format!("{file}: @main has no fragment that runs per microbatch")));
    }
    renumber(file, found, &mut tasks, &keys, &real)?;
    let stage_meshes: Vec<(usize, Vec<String>)> =
        keys.iter().zip(&real).filter(|(_, r)| **r).map(|(k, _)| k.clone()).collect();
    let real_seen: Vec<[u32; 2]> = seen.iter().zip(&real).filter(|(_, r)| **r).map(|(k, _)| *k).collect();
    let microbatches = real_seen.iter().map(|k| k[0].max(k[1])).max().unwrap_or(1).max(1);
    for (s, k) in real_seen.iter().enumerate() {
        if k[0] != microbatches || (k[1] != 0 && k[1] != microbatches) {
            return Err(Error::Pipeline(format!(
                "{file}: stage {s} ({}) has {} forward(s) and {} backward(s), not one of each per microbatch ({microbatches})",
                stage_meshes[s].1.join(", "),
                k[0],
                k[1]
            )));
        }
    }
    // A loop's or call's microbatches number each stage's forwards (backwards) once
    // each, below the count.
    let mut numbered: BTreeSet<Task> = BTreeSet::new();
    for (f, t) in found.iter().zip(&tasks) {
        if t.kind != TaskKind::Update && (t.microbatch >= microbatches || !numbered.insert(*t)) {
            return Err(pipeline_error(
                file,
                f.line,
                format!(
                    "this fragment is {t}, which the module runs twice or beyond its {microbatches} microbatch(es) (numbered by its calls' call_counter)"
                ),
            ));
        }
    }
    let mut order: Vec<Vec<Task>> = vec![Vec::new(); meshes];
    for (f, t) in found.iter().zip(&tasks) {
        let list = &mut order[f.mesh];
        if !(t.kind == TaskKind::Update && list.contains(t)) {
            list.push(*t);
        }
    }
    let stages = stage_costs(&stage_meshes, found, &tasks, programs);
    Ok(Tasks { tasks, stages, microbatches, order })
}

/// Each fragment's stage (by mesh and origin names, in order of first use), kind and
/// microbatch.
fn first_stages(found: &[Found]) -> FirstStages {
    let mut out = FirstStages { keys: Vec::new(), seen: Vec::new(), tasks: Vec::new() };
    for f in found {
        let mut names: Vec<String> = f.origins.iter().map(|o| o.name.clone()).collect();
        names.dedup();
        let key = (f.mesh, names);
        let stage = match out.keys.iter().position(|k| *k == key) {
            Some(s) => s,
            None => {
                out.keys.push(key);
                out.seen.push([0, 0]);
                out.keys.len() - 1
            }
        };
        let backward = f.origins.iter().any(|o| o.transpose_count > 0);
        let kind = if f.step_level {
            TaskKind::Update
        } else if backward {
            TaskKind::Backward
        } else {
            TaskKind::Forward
        };
        // The n-th forward (backward) of a stage is microbatch n's, unless the loop
        // or call it was read in names its microbatch.
        let microbatch = match kind {
            TaskKind::Update => 0,
            TaskKind::Forward | TaskKind::Backward => {
                let nth = post_inc(&mut out.seen[stage][usize::from(kind == TaskKind::Backward)]);
                f.microbatch.unwrap_or(nth)
            }
        };
        out.tasks.push(Task { stage: stage as u32, microbatch, kind });
    }
    out
}

/// Numbers the real stages in order; a fragment of a stage that is not real joins
/// the update of a stage on its mesh (the one whose update follows it on the mesh,
/// else the mesh's last stage).
fn renumber(
    file: &str,
    found: &[Found],
    tasks: &mut [Task],
    keys: &[(usize, Vec<String>)],
    real: &[bool],
) -> Result<()> {
    let renumber: Vec<Option<u32>> = real.iter().scan(0u32, |n, r| Some(r.then(|| post_inc(n)))).collect();
    for i in 0..tasks.len() {
        let s = tasks[i].stage as usize;
        if let Some(n) = renumber[s] {
            tasks[i].stage = n;
            continue;
        }
        let mesh = found[i].mesh;
        let after = (i + 1..tasks.len()).find(|&j| {
            found[j].mesh == mesh && tasks[j].kind == TaskKind::Update && renumber[tasks[j].stage as usize].is_some()
        });
        let target = match after {
            Some(j) => renumber[tasks[j].stage as usize],
            None => (0..keys.len()).rev().find(|&s| real[s] && keys[s].0 == mesh).and_then(|s| renumber[s]),
        };
        let Some(target) = target else {
            return Err(pipeline_error(
                file,
                found[i].line,
                "a fragment that runs once per step on a mesh that runs no stage",
            ));
        };
        tasks[i] = Task { stage: target, microbatch: 0, kind: TaskKind::Update };
    }
    Ok(())
}

/// The stages with their costs: the mean of their forwards' and of their
/// backwards' prices, their update fragments' together.
fn stage_costs(
    stage_meshes: &[(usize, Vec<String>)],
    found: &[Found],
    tasks: &[Task],
    programs: &[FragmentProgram],
) -> Vec<ImportedStage> {
    let mut sums: Vec<[(f64, u32); 3]> = vec![[(0.0, 0); 3]; stage_meshes.len()];
    for (f, t) in found.iter().zip(tasks) {
        let cost = programs[f.program].solution.plan.objective.total_s.0;
        let slot = &mut sums[t.stage as usize][kind_slot(t.kind)];
        slot.0 += cost;
        slot.1 += 1;
    }
    let mean = |(total, n): (f64, u32)| Seconds(if n == 0 { 0.0 } else { total / f64::from(n) });
    stage_meshes
        .iter()
        .zip(&sums)
        .map(|((mesh, units), s)| ImportedStage {
            mesh: *mesh,
            units: units.clone(),
            cost: StageCost { forward: mean(s[0]), backward: mean(s[1]), update: Seconds(s[2].0) },
        })
        .collect()
}

/// Refuses a module whose data flow the evaluator's order does not imply: every
/// fragment must read only values made by tasks the task graph puts before it.
pub(super) fn check_data_flow(
    file: &str,
    found: &[Found],
    tasks: &[Task],
    held: &HashMap<String, Held>,
    order: &[Vec<Task>],
    costs: &[StageCost],
) -> Result<()> {
    let stages = costs.len() as u32;
    let mut before: HashMap<Task, Vec<Task>> = HashMap::new();
    for list in order {
        for (i, t) in list.iter().enumerate() {
            let mut preds: Vec<Task> = list.get(i.wrapping_sub(1)).copied().into_iter().collect();
            preds.extend(waits_for(t, stages, |k| costs[k as usize].has_no_backward()).map(|(p, _)| p));
            before.insert(*t, preds);
        }
    }
    let by_name: HashMap<&str, &Held> = held.values().map(|h| (h.name.as_str(), h)).collect();
    let mut ancestors: HashMap<Task, BTreeSet<Task>> = HashMap::new();
    for (f, t) in found.iter().zip(tasks) {
        for input in &f.inputs {
            let Some(maker) = by_name.get(input.as_str()).and_then(|h| h.fragment).map(|i| tasks[i]) else {
                continue;
            };
            if maker == *t || maker.kind == TaskKind::Update && t.kind == TaskKind::Update {
                continue;
            }
            let reach = reachable(*t, &before, &mut ancestors);
            if !reach.contains(&maker) {
                return Err(pipeline_error(
                    file,
                    f.line,
                    format!(
                        "this fragment ({t}) reads %{input}, made by {maker}, which the pipeline's order does not run before it"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Every task `task` waits for, directly or not, in the graph of `before`.
fn reachable<'a>(
    task: Task,
    before: &HashMap<Task, Vec<Task>>,
    memo: &'a mut HashMap<Task, BTreeSet<Task>>,
) -> &'a BTreeSet<Task> {
    memo.entry(task).or_insert_with(|| {
        // Iterative depth-first search.
        let mut seen: BTreeSet<Task> = BTreeSet::new();
        let mut stack: Vec<Task> = before.get(&task).cloned().unwrap_or_default();
        while let Some(t) = stack.pop() {
            if seen.insert(t) {
                stack.extend(before.get(&t).into_iter().flatten().copied());
            }
        }
        seen
    })
}

/// The first of GPipe, 1F1B and circular whose per-mesh order `order` is.
pub(super) fn named_schedule(order: &[Vec<Task>], stages: &[ImportedStage], microbatches: u32) -> Option<Schedule> {
    let used: Vec<&Vec<Task>> = order.iter().filter(|l| !l.is_empty()).collect();
    let meshes = used.len() as u32;
    if meshes == 0 {
        return None;
    }
    let rounds = (stages.len() as u32 / meshes).max(1);
    let present: BTreeSet<Task> = order.iter().flatten().copied().collect();
    Schedule::ALL.into_iter().find(|s| {
        let expected = s.order(meshes, microbatches, rounds);
        expected.len() == used.len()
            && expected.iter().zip(&used).all(|(want, got)| {
                let want: Vec<Task> = want.iter().filter(|t| present.contains(t)).copied().collect();
                want == **got
            })
    })
}

fn post_inc(n: &mut u32) -> u32 {
    *n += 1;
    *n - 1
}

fn kind_slot(kind: TaskKind) -> usize {
    match kind {
        TaskKind::Forward => 0,
        TaskKind::Backward => 1,
        TaskKind::Update => 2,
    }
}
