//! A partitioned MPMD module (Shardy's `mpmd` dialect after MPMD partitioning:
//! fragments on the meshes of a topology, transfers between them) read as a pipeline
//! to price and run: `autoshard cost FILE.mlir` and `autoshard run FILE.mlir`.
//!
//! [`import_mpmd`] reads and verifies the module, then:
//!
//! - every fragment of `@main` (an inline `mpmd.fragment` or an `mpmd.fragment_call`)
//!   becomes a program of its own on its mesh: its body (or callee) as a StableHLO
//!   function read by the StableHLO importer, its arguments and results sharded as
//!   their `!mpmd.mesh_tensor` types say (the `sdy` shardings inside kept), priced
//!   under those shardings on its mesh's hardware (every choice they leave open made
//!   the cheapest local way, as `autoshard cost` prices a program's annotations);
//! - the **reference** is the whole step unpartitioned: every fragment inlined in
//!   `@main`'s order (a `func.call` of its body), transfers as the identity,
//!   `mpmd.reduce`s as the ops they name;
//! - the pipeline is what the module states: a **stage** per mesh and set of origin
//!   names (a fragment whose origins have a transpose count is its **backward**); a
//!   fragment that reads an `mpmd.reduce`'s result (directly, through transfers or
//!   through another such fragment) runs once per step and is its mesh's **update**;
//!   the n-th forward (backward) of a stage is microbatch n's; each mesh runs its
//!   tasks in `@main`'s order. That order is priced by the one makespan evaluator
//!   (`simulate_schedule`, whatever the order: no named schedule is forced), with
//!   each stage's tasks costing their fragments' prices and each boundary's hop the
//!   per-microbatch transfers across it, priced as the pipeline solve prices them
//!   (the link's latency and the larger direction's bytes over the smallest mesh's
//!   devices); a transfer that only reshards on one mesh is priced as that reshard's
//!   collectives. The module's data flow must follow from that order (every value a
//!   fragment reads made by a task the evaluator puts before it), else the module is
//!   refused.

use crate::{Config, Error, Result};
use autoshard_cost::{HardwareSpec, LinkSpec, Preset, Timeline, simulate_schedule};
use autoshard_model::pipeline::{Schedule, StageCost, Task, TaskKind, Topology, waits_for};
use autoshard_model::{Bytes, DType, Meshes, Program, ReductionKind, Seconds, TensorSharding, ValueId};
use autoshard_mpmd::{Attr, DictAttr, FuncOp, Module, Op, Operation, ReturnOp, Type, ValueRef};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

/// The hardware a partitioned module is priced on (a module states its meshes, not
/// their hardware).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ImportOptions {
    /// The hardware preset of every mesh (each mesh's axes get the preset's links).
    pub preset: Preset,
    /// The link between any two meshes; `None`: the preset's slowest link.
    pub link: Option<LinkSpec>,
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions { preset: HardwareSpec::DEFAULT_PRESET, link: None }
    }
}

/// A partitioned MPMD module read as a pipeline: its fragments priced on their
/// meshes, its transfers, the timeline of its order, its reference program.
#[derive(Debug, Clone)]
pub struct ImportedPipeline {
    /// The module's name (`module @name`), or `"main"`.
    pub name: String,
    /// The meshes (`@main`'s `topology`).
    pub topology: Topology,
    /// Each mesh's hardware.
    pub hardware: Vec<HardwareSpec>,
    /// The link between meshes.
    pub link: LinkSpec,
    /// The step unpartitioned: every fragment inlined in `@main`'s order, transfers as
    /// the identity. Its inputs are `@main`'s arguments, its outputs `@main`'s results.
    pub reference: Program,
    /// The distinct fragment programs (a callee called for every microbatch is one).
    pub programs: Vec<FragmentProgram>,
    /// Every fragment of `@main`, in order.
    pub fragments: Vec<ImportedFragment>,
    /// Every `mpmd.reduce` of `@main`, in order.
    pub reduces: Vec<ImportedReduce>,
    /// Every `mpmd.transfer` of `@main`, in order.
    pub transfers: Vec<ImportedTransfer>,
    /// The stages, in order of their first fragment.
    pub stages: Vec<ImportedStage>,
    /// Microbatches per step: the most forwards of a stage.
    pub microbatches: u32,
    /// Each mesh's tasks in the module's order.
    pub order: Vec<Vec<Task>>,
    /// The named schedule whose order every mesh follows, if one does.
    pub schedule: Option<Schedule>,
    /// The delay of one microbatch's transfers across each boundary (after stage `k`).
    pub hops: Vec<Seconds>,
    /// The predicted timeline of a step.
    pub timeline: Timeline,
    /// Each mesh's predicted peak memory per device.
    pub peak_memory: Vec<Bytes>,
}

impl ImportedPipeline {
    /// The predicted step time.
    pub fn step(&self) -> Seconds {
        self.timeline.step
    }

    /// The predicted bubble: the share of the meshes' time within the step spent idle.
    pub fn bubble(&self) -> f64 {
        self.timeline.bubble()
    }

    /// The meshes' names, in the topology's order.
    pub fn mesh_names(&self) -> Vec<String> {
        self.topology.meshes().iter().map(|m| m.name.clone()).collect()
    }
}

/// One distinct fragment program: a fragment's body as a program on its mesh, with
/// the shardings the module gives it, priced.
#[derive(Debug, Clone)]
pub struct FragmentProgram {
    /// Its name: the callee of an `mpmd.fragment_call`, or `fragment_L` for an inline
    /// fragment at line `L`.
    pub name: String,
    /// Its mesh (the topology's index).
    pub mesh: usize,
    /// The program, its mesh and its mesh's hardware.
    pub config: Config,
    /// Its price under the module's shardings.
    pub solution: crate::Solution,
}

/// One fragment of `@main`: a task of the pipeline.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedFragment {
    /// Its program ([`ImportedPipeline::programs`]).
    pub program: usize,
    /// Its mesh.
    pub mesh: usize,
    /// The task: stage, microbatch (0 for an update) and kind.
    pub task: Task,
    /// The origins it names, as written (`"layer0"(1)`).
    pub origins: Vec<String>,
    /// The reference program's values it reads, in operand order.
    pub inputs: Vec<ValueId>,
    /// The reference program's values it makes, in result order.
    pub outputs: Vec<ValueId>,
    /// Its line in the module.
    pub line: u32,
}

/// An `mpmd.reduce` of `@main`.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedReduce {
    /// Its mesh.
    pub mesh: usize,
    /// The reduction (`None`: `reduce<none>`, the identity).
    pub kind: Option<ReductionKind>,
    /// The reference program's values it reduces.
    pub inputs: Vec<ValueId>,
    /// The reference program's value it makes.
    pub output: ValueId,
}

/// An `mpmd.transfer` of `@main`, priced.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedTransfer {
    /// The value's name in the reference program.
    pub value: String,
    /// The mesh it leaves.
    pub from: usize,
    /// The mesh it arrives on.
    pub to: usize,
    /// Its sharding on either side.
    pub shardings: [Option<TensorSharding>; 2],
    /// The global tensor's bytes.
    pub bytes: Bytes,
    /// Its predicted time.
    pub time: Seconds,
    /// The tasks that make and read it (the first reader), if fragments do.
    pub between: [Option<Task>; 2],
}

/// A stage as the module states it.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedStage {
    /// Its mesh.
    pub mesh: usize,
    /// Its units: the origin names of its fragments.
    pub units: Vec<String>,
    /// What its tasks cost: the mean of its forwards' and of its backwards' prices,
    /// and its update fragments' together.
    pub cost: StageCost,
}

/// What `@main` holds under one of its SSA names.
#[derive(Debug, Clone)]
struct Held {
    /// The reference program's value name.
    name: String,
    /// Its mesh and sharding.
    mesh: Option<usize>,
    sharding: Option<TensorSharding>,
    /// Its type.
    tensor: autoshard_mpmd::TensorType,
    /// The fragment that made it, if any, and whether it derives from a reduce.
    fragment: Option<usize>,
    from_reduce: bool,
    /// Its position in `@main` (`-1`: an argument).
    defined: i64,
}

/// Reads the partitioned MPMD module in `source` (named `file` in errors) as a
/// pipeline, priced on `options`' hardware.
pub fn import_mpmd(file: &str, source: &str, options: &ImportOptions) -> Result<ImportedPipeline> {
    let module = crate::check_mpmd(file, source)?;
    Importer::new(file, &module, options)?.import()
}

fn pipeline_error(file: &str, line: u32, message: impl std::fmt::Display) -> Error {
    Error::Pipeline(format!("{file}:{line}: {message}"))
}

struct Importer<'m> {
    file: &'m str,
    module: &'m Module,
    main: &'m FuncOp,
    topology: Topology,
    hardware: Vec<HardwareSpec>,
    link: LinkSpec,
}

/// A fragment of `@main` before its stage is known.
struct Found {
    program: usize,
    mesh: usize,
    origins: Vec<autoshard_mpmd::UserOrigin>,
    inputs: Vec<String>,
    outputs: Vec<String>,
    line: u32,
    position: i64,
    step_level: bool,
}

impl<'m> Importer<'m> {
    fn new(file: &'m str, module: &'m Module, options: &ImportOptions) -> Result<Self> {
        let main = module.func("main").ok_or_else(|| Error::Pipeline(format!("{file}: the module has no @main")))?;
        let topology = autoshard_mpmd::FuncTopology::topology(main)
            .cloned()
            .ok_or_else(|| Error::Pipeline(format!("{file}: @main has no topology attribute")))?;
        let hardware: Vec<HardwareSpec> =
            topology.meshes().iter().map(|m| HardwareSpec::from_preset(options.preset, &m.mesh)).collect();
        let link = match options.link {
            Some(link) => link,
            None => {
                let links = hardware.iter().map(HardwareSpec::slowest_link);
                links
                    .reduce(|a, b| LinkSpec {
                        bandwidth: autoshard_model::BytesPerSecond(a.bandwidth.0.min(b.bandwidth.0)),
                        latency: Seconds(a.latency.0.max(b.latency.0)),
                    })
                    .ok_or_else(|| Error::Pipeline(format!("{file}: the topology has no mesh")))?
            }
        };
        Ok(Importer { file, module, main, topology, hardware, link })
    }

    fn mesh_index(&self, name: &str, line: u32) -> Result<usize> {
        self.topology
            .find(name)
            .map(|m| m.index())
            .ok_or_else(|| pipeline_error(self.file, line, format!("no mesh named \"{name}\" in the topology")))
    }

    fn import(self) -> Result<ImportedPipeline> {
        let file = self.file;
        let body = self.main.body.as_ref().ok_or_else(|| Error::Pipeline(format!("{file}: @main has no body")))?;
        let mut held: HashMap<String, Held> = HashMap::new();
        let mut main_text = String::new();
        let mut outlined = String::new();
        let mut args = Vec::new();
        for a in &self.main.args {
            let (tensor, mesh, sharding) = self.split_type(&a.ty, a.loc.line)?;
            let name = format!("arg_{}", a.name.trim_start_matches('%'));
            args.push(format!("%{name}: {tensor}"));
            let entry = Held { name, mesh, sharding, tensor, fragment: None, from_reduce: false, defined: -1 };
            held.insert(format!("%{}", a.name.trim_start_matches('%')), entry);
        }
        let mut programs: Vec<FragmentProgram> = Vec::new();
        let mut program_keys: HashMap<String, usize> = HashMap::new();
        let mut found: Vec<Found> = Vec::new();
        let mut reduces: Vec<(usize, Option<ReductionKind>, Vec<String>, String)> = Vec::new();
        let mut transfers: Vec<(String, String)> = Vec::new();
        let mut last_use: HashMap<String, i64> = HashMap::new();
        let mut returned: Vec<String> = Vec::new();
        for (position, operation) in body.ops.iter().enumerate() {
            // A returned value lives to the end of the step.
            let returns = matches!(operation.op, Op::FuncReturn(_) | Op::Return(_));
            let position = if returns { i64::MAX } else { position as i64 };
            let line = operation.loc.line;
            let results: Vec<ValueRef> =
                operation.results.iter().flat_map(|g| g.values().collect::<Vec<_>>()).collect();
            let lookup = |v: &ValueRef, held: &HashMap<String, Held>| -> Result<Held> {
                held.get(&v.to_string()).cloned().ok_or_else(|| {
                    pipeline_error(file, line, format!("{v} is not a value of @main this import follows"))
                })
            };
            let mut uses = |v: &ValueRef| {
                last_use.insert(v.to_string(), position);
            };
            match &operation.op {
                Op::Fragment(_) | Op::FragmentCall(_) => {
                    let (mesh_name, origins, operands, operand_types, result_types) = match &operation.op {
                        Op::Fragment(f) => (&f.mesh_name, &f.origins, &f.operands, &f.operand_types, &f.result_types),
                        Op::FragmentCall(f) => {
                            (&f.mesh_name, &f.origins, &f.operands, &f.operand_types, &f.result_types)
                        }
                        _ => unreachable!("matched above"),
                    };
                    let mesh = self.mesh_index(mesh_name, line)?;
                    let inputs: Vec<Held> = operands.iter().map(|v| lookup(v, &held)).collect::<Result<_>>()?;
                    operands.iter().for_each(&mut uses);
                    let index = found.len();
                    let (callee, key, name) = match &operation.op {
                        Op::Fragment(f) => {
                            let callee = format!("__fragment_{index}");
                            outlined += &self.outline(&callee, f)?;
                            (
                                callee,
                                format!("{mesh}|{}", Operation::new(Vec::new(), operation.op.clone())),
                                format!("fragment_{line}"),
                            )
                        }
                        Op::FragmentCall(f) => {
                            let types: Vec<String> =
                                operand_types.iter().chain(result_types).map(|t| t.to_string()).collect();
                            (f.callee.clone(), format!("{mesh}|{}|{}", f.callee, types.join(",")), f.callee.clone())
                        }
                        _ => unreachable!("matched above"),
                    };
                    let program = match program_keys.get(&key) {
                        Some(&p) => p,
                        None => {
                            let p = programs.len();
                            programs.push(self.fragment_program(&name, mesh, &operation.op, line)?);
                            program_keys.insert(key, p);
                            p
                        }
                    };
                    let step_level = inputs.iter().any(|h| h.from_reduce);
                    let group = format!("f{index}");
                    let count = results.len();
                    let lhs = if count == 0 {
                        String::new()
                    } else if count == 1 {
                        format!("%{group} = ")
                    } else {
                        format!("%{group}:{count} = ")
                    };
                    let tensors: Vec<String> = result_types
                        .iter()
                        .map(|t| self.split_type(t, line).map(|s| s.0.to_string()))
                        .collect::<Result<_>>()?;
                    let operand_tensors: Vec<String> = inputs.iter().map(|h| h.tensor.to_string()).collect();
                    let _ = writeln!(
                        main_text,
                        "    {lhs}call @{callee}({}) : ({}) -> ({})",
                        inputs.iter().map(|h| format!("%{}", h.name)).collect::<Vec<_>>().join(", "),
                        operand_tensors.join(", "),
                        tensors.join(", ")
                    );
                    let mut outputs = Vec::new();
                    for (k, (r, ty)) in results.iter().zip(result_types).enumerate() {
                        let (tensor, rmesh, sharding) = self.split_type(ty, line)?;
                        let name = if count == 1 { group.clone() } else { format!("{group}#{k}") };
                        outputs.push(name.clone());
                        let entry = Held {
                            name,
                            mesh: rmesh.or(Some(mesh)),
                            sharding,
                            tensor,
                            fragment: Some(index),
                            from_reduce: step_level,
                            defined: position,
                        };
                        held.insert(r.to_string(), entry);
                    }
                    found.push(Found {
                        program,
                        mesh,
                        origins: origins.clone(),
                        inputs: inputs.iter().map(|h| h.name.clone()).collect(),
                        outputs,
                        line,
                        position,
                        step_level,
                    });
                }
                Op::Transfer(t) => {
                    let source = lookup(&t.operand, &held)?;
                    uses(&t.operand);
                    let (tensor, mesh, sharding) = self.split_type(&t.result_type, line)?;
                    let r = results.first().ok_or_else(|| pipeline_error(file, line, "a transfer without a result"))?;
                    transfers.push((r.to_string(), t.operand.to_string()));
                    let entry = Held { mesh, sharding, tensor, defined: position, ..source };
                    held.insert(r.to_string(), entry);
                }
                Op::Reduce(r) => {
                    let inputs: Vec<Held> = r.operands.iter().map(|v| lookup(v, &held)).collect::<Result<_>>()?;
                    r.operands.iter().for_each(&mut uses);
                    let (tensor, mesh, sharding) = self.split_type(&r.result_type, line)?;
                    let mesh = mesh.ok_or_else(|| pipeline_error(file, line, "a reduce off the meshes"))?;
                    let out = format!("r{position}");
                    let kind = r.kind.0;
                    let op = match kind {
                        None if inputs.len() == 1 => None,
                        Some(ReductionKind::Sum) => Some("add"),
                        Some(ReductionKind::Product) => Some("multiply"),
                        Some(ReductionKind::Max) => Some("maximum"),
                        Some(ReductionKind::Min) => Some("minimum"),
                        other => {
                            return Err(pipeline_error(
                                file,
                                line,
                                format!("mpmd.reduce of {other:?} is not supported"),
                            ));
                        }
                    };
                    let mut acc = format!("%{}", inputs[0].name);
                    for (i, h) in inputs.iter().enumerate().skip(1) {
                        let next = if i + 1 == inputs.len() { format!("%{out}") } else { format!("%{out}_{i}") };
                        let _ = writeln!(
                            main_text,
                            "    {next} = stablehlo.{} {acc}, %{} : {tensor}",
                            op.unwrap_or("add"),
                            h.name
                        );
                        acc = next;
                    }
                    if inputs.len() == 1 {
                        let _ = writeln!(main_text, "    %{out} = stablehlo.reshape {acc} : ({tensor}) -> {tensor}");
                    }
                    reduces.push((mesh, kind, inputs.iter().map(|h| h.name.clone()).collect(), out.clone()));
                    let r0 = results.first().ok_or_else(|| pipeline_error(file, line, "a reduce without a result"))?;
                    let entry = Held {
                        name: out,
                        mesh: Some(mesh),
                        sharding,
                        tensor,
                        fragment: None,
                        from_reduce: true,
                        defined: position,
                    };
                    held.insert(r0.to_string(), entry);
                }
                Op::FuncReturn(ret) | Op::Return(ret) => {
                    for v in &ret.operands {
                        let h = lookup(v, &held)?;
                        uses(v);
                        returned.push(h.name.clone());
                    }
                    let names: Vec<String> = ret
                        .operands
                        .iter()
                        .map(|v| lookup(v, &held).map(|h| format!("%{}", h.name)))
                        .collect::<Result<_>>()?;
                    let types: Vec<String> = ret
                        .operands
                        .iter()
                        .map(|v| lookup(v, &held).map(|h| h.tensor.to_string()))
                        .collect::<Result<_>>()?;
                    let _ = writeln!(main_text, "    return {} : {}", names.join(", "), types.join(", "));
                }
                other => {
                    return Err(pipeline_error(
                        file,
                        line,
                        format!(
                            "`{}` in @main: a partitioned module's @main holds fragments, transfers and reduces",
                            other.name()
                        ),
                    ));
                }
            }
        }
        let results: Vec<String> = {
            let mut out = Vec::new();
            for r in &self.main.results {
                out.push(self.split_type(&r.ty, self.main.loc.line)?.0.to_string());
            }
            out
        };
        let mut reference_text = String::new();
        let _ = writeln!(reference_text, "module @reference {{");
        reference_text += &self.sdy_meshes();
        let _ = writeln!(reference_text, "  func.func @main({}) -> ({}) {{", args.join(", "), results.join(", "));
        reference_text += &main_text;
        reference_text += "  }\n";
        reference_text += &outlined;
        for f in &self.module.funcs {
            if f.name != "main" {
                reference_text += &plain_func(f, &f.name).to_string();
                reference_text += "\n";
            }
        }
        reference_text += "}\n";
        let reference = autoshard_stablehlo::import(file, &reference_text)
            .map_err(|e| {
                Error::Pipeline(format!("{file}: the module's fragments inlined do not read as a program: {e}"))
            })?
            .program;
        let value = |name: &str| -> Result<ValueId> {
            reference
                .value_named(&reference_name(name))
                .ok_or_else(|| Error::Pipeline(format!("{file}: value %{name} is not in the reference program")))
        };
        // Stages, tasks and microbatches.
        let mut stage_keys: Vec<(usize, Vec<String>)> = Vec::new();
        let mut kinds_seen: Vec<[u32; 2]> = Vec::new();
        let mut tasks: Vec<Task> = Vec::new();
        for f in &found {
            let mut names: Vec<String> = f.origins.iter().map(|o| o.name.clone()).collect();
            names.dedup();
            let key = (f.mesh, names);
            let stage = match stage_keys.iter().position(|k| *k == key) {
                Some(s) => s,
                None => {
                    stage_keys.push(key);
                    kinds_seen.push([0, 0]);
                    stage_keys.len() - 1
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
            let microbatch = match kind {
                TaskKind::Update => 0,
                TaskKind::Forward => post_inc(&mut kinds_seen[stage][0]),
                TaskKind::Backward => post_inc(&mut kinds_seen[stage][1]),
            };
            tasks.push(Task { stage: stage as u32, microbatch, kind });
        }
        // A stage made only of step-level fragments (a mean's scaling, say) is no
        // stage: its fragments join the update of a stage on their mesh (the one whose
        // update follows them on the mesh, else the mesh's last stage).
        let real: Vec<bool> = (0..stage_keys.len()).map(|s| kinds_seen[s][0] + kinds_seen[s][1] > 0).collect();
        if !real.iter().any(|r| *r) {
            return Err(Error::Pipeline(format!("{file}: @main has no fragment that runs per microbatch")));
        }
        let renumber: Vec<Option<u32>> = real.iter().scan(0u32, |n, r| Some(r.then(|| post_inc(n)))).collect();
        for i in 0..tasks.len() {
            let s = tasks[i].stage as usize;
            if let Some(n) = renumber[s] {
                tasks[i].stage = n;
                continue;
            }
            let mesh = found[i].mesh;
            let after = (i + 1..tasks.len()).find(|&j| {
                found[j].mesh == mesh
                    && tasks[j].kind == TaskKind::Update
                    && renumber[tasks[j].stage as usize].is_some()
            });
            let target = match after {
                Some(j) => renumber[tasks[j].stage as usize],
                None => {
                    (0..stage_keys.len()).rev().find(|&s| real[s] && stage_keys[s].0 == mesh).and_then(|s| renumber[s])
                }
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
        let stage_meshes: Vec<(usize, Vec<String>)> =
            stage_keys.iter().zip(&real).filter(|(_, r)| **r).map(|(k, _)| k.clone()).collect();
        let microbatches =
            kinds_seen.iter().zip(&real).filter(|(_, r)| **r).map(|(k, _)| k[0].max(k[1])).max().unwrap_or(1).max(1);
        for (s, (k, _)) in kinds_seen.iter().zip(&real).filter(|(_, r)| **r).enumerate() {
            if k[0] != microbatches || (k[1] != 0 && k[1] != microbatches) {
                return Err(Error::Pipeline(format!(
                    "{file}: stage {s} ({}) has {} forward(s) and {} backward(s), not one of each per microbatch ({microbatches})",
                    stage_meshes[s].1.join(", "),
                    k[0],
                    k[1]
                )));
            }
        }
        // Per-mesh order, stage costs.
        let meshes = self.topology.meshes().len();
        let mut order: Vec<Vec<Task>> = vec![Vec::new(); meshes];
        for (f, t) in found.iter().zip(&tasks) {
            let list = &mut order[f.mesh];
            if !(t.kind == TaskKind::Update && list.contains(t)) {
                list.push(*t);
            }
        }
        let mut stages: Vec<ImportedStage> = stage_meshes
            .iter()
            .map(|(mesh, units)| ImportedStage { mesh: *mesh, units: units.clone(), cost: StageCost::default() })
            .collect();
        let mut sums: Vec<[(f64, u32); 3]> = vec![[(0.0, 0); 3]; stages.len()];
        for (f, t) in found.iter().zip(&tasks) {
            let cost = programs[f.program].solution.plan.objective.total_s.0;
            let slot = &mut sums[t.stage as usize][kind_slot(t.kind)];
            slot.0 += cost;
            slot.1 += 1;
        }
        for (stage, s) in stages.iter_mut().zip(&sums) {
            let mean = |(total, n): (f64, u32)| Seconds(if n == 0 { 0.0 } else { total / f64::from(n) });
            stage.cost = StageCost { forward: mean(s[0]), backward: mean(s[1]), update: Seconds(s[2].0) };
        }
        // Transfers and hops.
        let min_devices = self.topology.meshes().iter().map(|m| m.mesh.total_size()).min().unwrap_or(1).max(1);
        let task_of = |name: &Held| name.fragment.map(|i| tasks[i]);
        let mut imported_transfers = Vec::new();
        let mut crossing: BTreeMap<(usize, usize, u32), u64> = BTreeMap::new();
        for (result, operand) in &transfers {
            let (Some(to), Some(from)) = (held.get(result), held.get(operand)) else { continue };
            let (Some(from_mesh), Some(to_mesh)) = (from.mesh, to.mesh) else { continue };
            let dtype: DType = from.tensor.element.parse().unwrap_or(DType::F32);
            let dims = from.tensor.dims();
            let bytes = Bytes(dims.iter().fold(dtype.size_bytes(), |a, d| a.saturating_mul((*d).max(0) as u64)));
            let time = if from_mesh == to_mesh {
                self.reshard_time(to_mesh, &dims, dtype, from.sharding.as_ref(), to.sharding.as_ref())
            } else if bytes.0 == 0 {
                Seconds(0.0)
            } else {
                Seconds(self.link.latency.0 + bytes.0 as f64 / min_devices as f64 / self.link.bandwidth.0)
            };
            let reader = found
                .iter()
                .enumerate()
                .find(|(_, f)| f.position > to.defined && f.inputs.contains(&to.name))
                .map(|(i, _)| tasks[i]);
            let maker = task_of(from);
            if let (Some(a), Some(b)) = (maker, reader)
                && a.kind != TaskKind::Update
                && b.kind != TaskKind::Update
                && a.stage != b.stage
            {
                let (lo, hi) = (a.stage.min(b.stage) as usize, a.stage.max(b.stage) as usize);
                let direction = usize::from(a.stage > b.stage);
                for k in lo..hi {
                    *crossing.entry((k, direction, a.microbatch)).or_default() += bytes.0;
                }
            }
            imported_transfers.push(ImportedTransfer {
                value: from.name.clone(),
                from: from_mesh,
                to: to_mesh,
                shardings: [from.sharding.clone(), to.sharding.clone()],
                bytes,
                time,
                between: [maker, reader],
            });
        }
        let boundaries = stages.len().saturating_sub(1);
        let hops: Vec<Seconds> = (0..boundaries)
            .map(|k| {
                let worst =
                    crossing.iter().filter(|((b, _, _), _)| *b == k).map(|(_, bytes)| *bytes).max().unwrap_or(0);
                if worst == 0 {
                    Seconds(0.0)
                } else {
                    Seconds(self.link.latency.0 + worst as f64 / min_devices as f64 / self.link.bandwidth.0)
                }
            })
            .collect();
        let costs: Vec<StageCost> = stages.iter().map(|s| s.cost).collect();
        self.check_data_flow(&found, &tasks, &held, &order, &costs)?;
        let timeline = simulate_schedule(&order, &costs, &hops)
            .map_err(|e| Error::Pipeline(format!("{file}: the module's order cannot run: {e}")))?;
        let schedule = named_schedule(&order, &stages, microbatches);
        // Per-mesh peak memory: each fragment's own peak plus what the mesh holds
        // across it (values of @main on the mesh made before it and read after it).
        let mut peak_memory = vec![Bytes(0); meshes];
        for f in &found {
            let own = programs[f.program].solution.plan.objective.peak_memory_bytes.0;
            let mut resident = 0u64;
            for (ssa, h) in &held {
                if h.mesh != Some(f.mesh) || h.defined >= f.position || f.inputs.contains(&h.name) {
                    continue;
                }
                if last_use.get(ssa).copied().unwrap_or(-1) > f.position {
                    resident = resident.saturating_add(self.local_bytes(f.mesh, &h.tensor, h.sharding.as_ref()));
                }
            }
            peak_memory[f.mesh] = Bytes(peak_memory[f.mesh].0.max(own.saturating_add(resident)));
        }
        let fragments = found
            .iter()
            .zip(&tasks)
            .map(|(f, t)| {
                Ok(ImportedFragment {
                    program: f.program,
                    mesh: f.mesh,
                    task: *t,
                    origins: f.origins.iter().map(|o| o.short().to_string()).collect(),
                    inputs: f.inputs.iter().map(|n| value(n)).collect::<Result<_>>()?,
                    outputs: f.outputs.iter().map(|n| value(n)).collect::<Result<_>>()?,
                    line: f.line,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let reduces = reduces
            .into_iter()
            .map(|(mesh, kind, inputs, out)| {
                Ok(ImportedReduce {
                    mesh,
                    kind,
                    inputs: inputs.iter().map(|n| value(n)).collect::<Result<_>>()?,
                    output: value(&out)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let _ = returned;
        Ok(ImportedPipeline {
            name: self.module.name.clone().unwrap_or_else(|| "main".into()).trim_start_matches('@').to_string(),
            topology: self.topology.clone(),
            hardware: self.hardware.clone(),
            link: self.link,
            reference,
            programs,
            fragments,
            reduces,
            transfers: imported_transfers,
            stages,
            microbatches,
            order,
            schedule,
            hops,
            timeline,
            peak_memory,
        })
    }

    /// Refuses a module whose data flow the evaluator's order does not imply: every
    /// fragment must read only values made by tasks the task graph puts before it.
    fn check_data_flow(
        &self,
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
                        self.file,
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

    /// `ty` as its global tensor type, its mesh and its sharding.
    fn split_type(
        &self,
        ty: &Type,
        line: u32,
    ) -> Result<(autoshard_mpmd::TensorType, Option<usize>, Option<TensorSharding>)> {
        match ty {
            Type::MeshTensor(m) => {
                Ok((m.tensor.clone(), Some(self.mesh_index(&m.mesh_name, line)?), m.sharding.clone()))
            }
            Type::Tensor(t) => Ok((t.clone(), None, None)),
            Type::Other(text) => Err(pipeline_error(self.file, line, format!("unsupported type {text}"))),
        }
    }

    /// The `sdy.mesh` declarations a program on the meshes needs: each sharding's
    /// mesh name bound to the topology's first mesh (the reference ignores shardings).
    fn sdy_meshes(&self) -> String {
        let first = self.topology.meshes().first().map(|m| m.mesh.to_string()).unwrap_or_else(|| "<[]>".into());
        format!("  sdy.mesh @mesh = {first}\n")
    }

    /// An inline fragment's body as a private function `@name` of global types.
    fn outline(&self, name: &str, f: &autoshard_mpmd::FragmentOp) -> Result<String> {
        let line = f.body.ops.first().map_or(0, |o| o.loc.line);
        let mut func = FuncOp {
            name: name.to_string(),
            visibility: Some("private".into()),
            args: Vec::new(),
            results: Vec::new(),
            attrs: DictAttr::new(),
            body: Some(returning(&f.body)),
            loc: Default::default(),
        };
        for a in &f.body.args {
            func.args.push(autoshard_mpmd::FuncArg::new(a.name.clone(), a.ty.clone(), DictAttr::new()));
        }
        for t in &f.result_types {
            let tensor = self.split_type(t, line)?.0;
            func.results.push(autoshard_mpmd::FuncResult::new(Type::Tensor(tensor), DictAttr::new()));
        }
        Ok(format!("{func}\n"))
    }

    /// A fragment's program on its mesh: its body as `@main`, sharded as its
    /// operands' and results' mesh tensor types say, priced on the mesh's hardware.
    fn fragment_program(&self, name: &str, mesh: usize, op: &Op, line: u32) -> Result<FragmentProgram> {
        let (main, operand_types, result_types, mut funcs) = match op {
            Op::Fragment(f) => {
                let mut main = FuncOp {
                    name: "main".into(),
                    visibility: None,
                    args: f
                        .body
                        .args
                        .iter()
                        .map(|a| autoshard_mpmd::FuncArg::new(a.name.clone(), a.ty.clone(), DictAttr::new()))
                        .collect(),
                    results: Vec::new(),
                    attrs: DictAttr::new(),
                    body: Some(returning(&f.body)),
                    loc: Default::default(),
                };
                for t in &f.result_types {
                    let tensor = self.split_type(t, line)?.0;
                    main.results.push(autoshard_mpmd::FuncResult::new(Type::Tensor(tensor), DictAttr::new()));
                }
                (main, &f.operand_types, &f.result_types, Vec::new())
            }
            Op::FragmentCall(f) => {
                let callee = self
                    .module
                    .func(&f.callee)
                    .ok_or_else(|| pipeline_error(self.file, line, format!("no function @{} to call", f.callee)))?;
                (plain_func(callee, "main"), &f.operand_types, &f.result_types, self.called_by(callee))
            }
            _ => return Err(pipeline_error(self.file, line, "not a fragment")),
        };
        let mut main = main;
        for (arg, ty) in main.args.iter_mut().zip(operand_types) {
            if let Type::MeshTensor(m) = ty
                && let Some(s) = &m.sharding
            {
                arg.attrs.set("sdy.sharding", Attr::Other(s.to_string()));
            }
        }
        for (result, ty) in main.results.iter_mut().zip(result_types) {
            if let Type::MeshTensor(m) = ty
                && let Some(s) = &m.sharding
            {
                result.attrs.set("sdy.sharding", Attr::Other(s.to_string()));
            }
        }
        let named = &self.topology.meshes()[mesh];
        let mut names: BTreeSet<String> = BTreeSet::from(["mesh".to_string()]);
        for ty in operand_types.iter().chain(result_types) {
            if let Type::MeshTensor(m) = ty
                && let Some(n) = m.sharding.as_ref().and_then(|s| s.mesh_name())
            {
                names.insert(n.to_string());
            }
        }
        let mut text = format!("module @{} {{\n", name.replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "_"));
        for n in &names {
            let _ = writeln!(text, "  sdy.mesh @{n} = {}", named.mesh);
        }
        let _ = writeln!(text, "{main}");
        funcs.sort_by(|a, b| a.name.cmp(&b.name));
        for f in funcs {
            let _ = writeln!(text, "{}", plain_func(f, &f.name));
        }
        text += "}\n";
        let mut config = Config::from_mlir(&format!("{}:{line}", self.file), &text).map_err(|e| {
            pipeline_error(self.file, line, format!("the fragment's body does not read as a program: {e}"))
        })?;
        config.name = name.to_string();
        config.hardware = self.hardware[mesh].clone();
        let solution = crate::price(&config, None)
            .map_err(|e| pipeline_error(self.file, line, format!("the fragment cannot be priced: {e}")))?;
        Ok(FragmentProgram { name: name.to_string(), mesh, config, solution })
    }

    /// The module's functions `func` calls, directly or not.
    fn called_by(&self, func: &FuncOp) -> Vec<&'m FuncOp> {
        let mut out: Vec<&FuncOp> = Vec::new();
        let mut queue = vec![func.to_string()];
        while let Some(text) = queue.pop() {
            for f in &self.module.funcs {
                if f.name == "main" || f.name == func.name || out.iter().any(|o| o.name == f.name) {
                    continue;
                }
                if mentions(&text, &f.name) {
                    out.push(f);
                    queue.push(f.to_string());
                }
            }
        }
        out
    }

    fn mesh_of(&self, mesh: usize) -> Meshes {
        Meshes::single("mesh", self.topology.meshes()[mesh].mesh.clone())
    }

    fn local_bytes(&self, mesh: usize, tensor: &autoshard_mpmd::TensorType, sharding: Option<&TensorSharding>) -> u64 {
        let dtype: DType = tensor.element.parse().unwrap_or(DType::F32);
        let dims = tensor.dims();
        let meshes = self.mesh_with(mesh, sharding);
        let global = dims.iter().fold(dtype.size_bytes(), |a, d| a.saturating_mul((*d).max(0) as u64));
        match sharding {
            Some(s) => {
                autoshard_cost::Tensor { meshes: &meshes, shape: &dims, dtype }.local_bytes(s).map_or(global, |b| b.0)
            }
            None => global,
        }
    }

    fn mesh_with(&self, mesh: usize, sharding: Option<&TensorSharding>) -> Meshes {
        let mut meshes = self.mesh_of(mesh);
        if let Some(name) = sharding.and_then(|s| s.mesh_name()) {
            meshes.insert(name, self.topology.meshes()[mesh].mesh.clone());
        }
        meshes
    }

    /// A reshard on one mesh: its cheapest collectives' time.
    fn reshard_time(
        &self,
        mesh: usize,
        dims: &[i64],
        dtype: DType,
        from: Option<&TensorSharding>,
        to: Option<&TensorSharding>,
    ) -> Seconds {
        let (Some(from), Some(to)) = (from, to) else { return Seconds(0.0) };
        if from == to {
            return Seconds(0.0);
        }
        let meshes = self.mesh_with(mesh, Some(from));
        let meshes = match to.mesh_name() {
            Some(n) if meshes.get(n).is_none() => {
                let mut m = meshes;
                m.insert(n, self.topology.meshes()[mesh].mesh.clone());
                m
            }
            _ => meshes,
        };
        let tensor = autoshard_cost::Tensor { meshes: &meshes, shape: dims, dtype };
        autoshard_cost::cheapest_plan(tensor, from, to, &self.hardware[mesh])
            .map_or(Seconds(0.0), |plan| autoshard_cost::total_time(&plan))
    }
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

/// The reference program's name of the value `%name` of the generated `@main`.
fn reference_name(name: &str) -> String {
    format!("%{name}")
}

/// Whether `text` names the symbol `@name` (not a longer one).
fn mentions(text: &str, name: &str) -> bool {
    let needle = format!("@{name}");
    text.match_indices(&needle).any(|(at, _)| {
        text[at + needle.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
    })
}

/// `f` renamed `name`, public, without the `mesh_shape` attribute: a function of a
/// StableHLO module.
fn plain_func(f: &FuncOp, name: &str) -> FuncOp {
    let mut out = f.clone();
    out.name = name.to_string();
    if name == "main" {
        out.visibility = None;
    }
    let mut attrs = DictAttr::new();
    for (k, v) in f.attrs.entries() {
        if k != "mesh_shape" {
            attrs.set(k.clone(), v.clone());
        }
    }
    out.attrs = attrs;
    out
}

/// A fragment's body with its `mpmd.return` as `return`.
fn returning(body: &autoshard_mpmd::Block) -> autoshard_mpmd::Block {
    let mut out = body.clone();
    for op in &mut out.ops {
        if let Op::Return(r) = &op.op {
            op.op = Op::FuncReturn(ReturnOp {
                operands: r.operands.clone(),
                attrs: r.attrs.clone(),
                types: r.types.clone(),
            });
        }
    }
    out
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
fn named_schedule(order: &[Vec<Task>], stages: &[ImportedStage], microbatches: u32) -> Option<Schedule> {
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

/// Whether `source` is a partitioned MPMD module: an `mpmd` module
/// ([`crate::is_mpmd`]) whose `@main` holds fragments or transfers, which
/// [`import_mpmd`] reads (a module before partitioning, with named computations, is
/// a program the StableHLO reader reads instead).
pub fn is_partitioned_mpmd(source: &str) -> bool {
    if !crate::is_mpmd(source) {
        return false;
    }
    match autoshard_mpmd::parse_module_with_top_level_ops("module.mlir", source) {
        Ok(module) => module.func("main").and_then(|f| f.body.as_ref()).is_some_and(|b| {
            b.ops.iter().any(|o| matches!(o.op, Op::Fragment(_) | Op::FragmentCall(_) | Op::Transfer(_)))
        }),
        Err(_) => ["mpmd.fragment", "mpmd.transfer"].iter().any(|op| source.contains(op)),
    }
}
