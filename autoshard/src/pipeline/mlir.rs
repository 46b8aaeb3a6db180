//! A pipeline plan as an MPMD module (`solve --format mlir` of a pipelined config),
//! and the plan read back from one.
//!
//! The module has one private function per fragment (a stage's forward, backward or
//! update: the fragment's StableHLO with its plan's Shardy shardings, as
//! `export_stablehlo` writes a program, and the `mesh_shape` of its mesh) and a
//! `@main` with the topology that unrolls the step in the schedule's order: an
//! `mpmd.fragment_call` per task, origins naming the stage's units (a backward's
//! with transpose count 1), an `mpmd.transfer` wherever a value moves to another
//! mesh or sharding, an `mpmd.reduce<add>` summing each accumulated value over the
//! microbatches (a mean then scales it in a fragment of its own), the split inputs
//! as one argument per microbatch. Every value between fragments is a
//! `!mpmd.mesh_tensor` with its sharding. The module is built as an
//! `autoshard_mpmd::Module` with that crate's builder (the fragments' functions read
//! from their StableHLO by `fragment_functions`), checked by its verifier and printed
//! by its printer.

use crate::{Config, Error};
use autoshard_model::ir::ValueDef;
use autoshard_model::pipeline::{Accumulation, Schedule, TaskKind};
use autoshard_model::{Program, ReductionKind, TensorSharding, ValueId};
use autoshard_mpmd::{
    Attr, FuncBuilder, FuncOp, Module, Op, Reduction, Type, Typed, UserOrigin, ValueRef, Verify, parse_module,
};
use autoshard_solver::pipeline::PipelinePlan;
use std::collections::BTreeMap;

const KINDS: [TaskKind; 3] = [TaskKind::Forward, TaskKind::Backward, TaskKind::Update];

fn kind_name(kind: TaskKind) -> &'static str {
    match kind {
        TaskKind::Forward => "forward",
        TaskKind::Backward => "backward",
        TaskKind::Update => "update",
    }
}

/// A fragment's functions (the one a call calls first, then its named computations'),
/// and the shardings of its arguments and results by value, as exported.
struct Function {
    funcs: Vec<FuncOp>,
    args: Vec<(ValueId, TensorSharding)>,
    results: Vec<(ValueId, TensorSharding)>,
}

impl Function {
    /// The name a call calls.
    fn name(&self) -> &str {
        self.funcs.first().map_or("", |f| f.name.as_str())
    }
}

/// `plan` for `config` as an MPMD module.
pub fn export_mpmd(config: &Config, plan: &PipelinePlan) -> Result<String, Error> {
    let module = mpmd_module(config, plan)?;
    module.verify().map_err(|e| Error::Pipeline(format!("the MPMD module does not verify: {e}")))?;
    Ok(module.to_string())
}

/// `plan` for `config` as an MPMD module, built: `@main`, then each fragment's functions.
fn mpmd_module(config: &Config, plan: &PipelinePlan) -> Result<Module, Error> {
    let pipeline = pipeline_of(config)?;
    let mut functions: BTreeMap<(usize, usize), Function> = BTreeMap::new();
    for stage in &plan.stages {
        let mesh = &pipeline.topology.mesh(stage.mesh).mesh;
        for (i, fragment) in stage.solved.fragments.iter().enumerate() {
            let Some((fragment, solution)) = fragment else { continue };
            let name = format!("stage{}_{}", stage.index, kind_name(KINDS[i]));
            let exported = autoshard_stablehlo::export(&fragment.program, &solution.plan)?;
            let funcs = autoshard_mpmd::fragment_functions(&name, mesh, &exported)
                .map_err(|e| Error::Pipeline(format!("fragment {name}: {e}")))?;
            let Some(entry) = funcs.first() else { continue };
            let by_value = |list: &[ValueId], attrs: Vec<Option<TensorSharding>>| {
                let p = &pipeline.microbatch;
                list.iter().zip(attrs).map(|(&v, s)| (v, s.unwrap_or_else(|| replicated(p, v)))).collect::<Vec<_>>()
            };
            let args = by_value(&fragment.inputs, entry.args.iter().map(|a| sharding(&a.attrs)).collect());
            let results = by_value(&fragment.outputs, entry.results.iter().map(|r| sharding(&r.attrs)).collect());
            functions.insert((stage.index, i), Function { funcs, args, results });
        }
    }
    let main = Main::new(pipeline, plan, &functions).build()?;
    let funcs = std::iter::once(main).chain(functions.into_values().flat_map(|f| f.funcs)).collect();
    Ok(Module { funcs, ..Module::default() })
}

fn pipeline_of(config: &Config) -> Result<&autoshard_solver::pipeline::Pipeline, Error> {
    config
        .pipeline
        .as_ref()
        .ok_or_else(|| Error::Pipeline(format!("{}: the config has no pipeline: section", config.name)))
}

fn replicated(program: &Program, v: ValueId) -> TensorSharding {
    let rank = program.value(v).ty.rank();
    TensorSharding::replicated("mesh", rank)
}

fn sharding(attrs: &autoshard_mpmd::DictAttr) -> Option<TensorSharding> {
    match attrs.get("sdy.sharding")? {
        Attr::Other(text) => text.parse().ok(),
        _ => None,
    }
}

/// A value as `@main` holds it: its mesh, its sharding and its SSA value.
type Held = (usize, TensorSharding, ValueRef);

/// The `@main` being built.
struct Main<'a> {
    pipeline: &'a autoshard_solver::pipeline::Pipeline,
    plan: &'a PipelinePlan,
    functions: &'a BTreeMap<(usize, usize), Function>,
    func: FuncBuilder,
    /// Each value as it is held: (value, microbatch or step) → [(mesh, sharding, ssa)].
    held: BTreeMap<(ValueId, Option<u32>), Vec<Held>>,
}

impl<'a> Main<'a> {
    fn new(
        pipeline: &'a autoshard_solver::pipeline::Pipeline,
        plan: &'a PipelinePlan,
        functions: &'a BTreeMap<(usize, usize), Function>,
    ) -> Self {
        let func = FuncBuilder::new("main", pipeline.topology.clone()).visibility("public");
        Main { pipeline, plan, functions, func, held: BTreeMap::new() }
    }

    fn mesh_name(&self, mesh: usize) -> &'a str {
        &self.pipeline.topology.meshes()[mesh].name
    }

    fn ty(&self, v: ValueId, mesh: usize, sharding: &TensorSharding) -> Type {
        let ty = &self.pipeline.microbatch.value(v).ty;
        autoshard_mpmd::mesh_tensor(self.mesh_name(mesh), ty, Some(sharding.clone()))
    }

    fn build(mut self) -> Result<FuncOp, Error> {
        let mut tasks: Vec<_> = self.plan.timeline.tasks.clone();
        tasks.sort_by(|a, b| {
            (a.task.kind == TaskKind::Update, a.start.0)
                .partial_cmp(&(b.task.kind == TaskKind::Update, b.start.0))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let mut reduced = false;
        for t in &tasks {
            if t.task.kind == TaskKind::Update && !reduced {
                self.accumulate()?;
                reduced = true;
            }
            self.call(t.task.stage as usize, t.task.kind, t.task.microbatch)?;
        }
        if !reduced {
            self.accumulate()?;
        }
        self.finish()
    }

    /// The SSA value of `v` (of microbatch `mb`, or the step's) on `mesh` as
    /// `sharding`, transferring it there if it is held elsewhere or otherwise.
    fn operand(&mut self, v: ValueId, mb: Option<u32>, mesh: usize, sharding: &TensorSharding) -> Result<Typed, Error> {
        let program = &self.pipeline.microbatch;
        let split = &self.pipeline.chain.split;
        let key = match program.value(v).def {
            ValueDef::Input(i) if split.iter().any(|(k, _)| *k == i) => (v, mb),
            ValueDef::Input(_) => (v, None),
            _ if self.pipeline.chain.accumulation(v).is_some() || mb.is_none() => (v, None),
            _ => (v, mb),
        };
        self.operand_at(key, mesh, sharding)
    }

    /// [`Main::operand`] of the value held under `key`: an argument of `@main` for an
    /// input not held yet.
    fn operand_at(
        &mut self,
        key: (ValueId, Option<u32>),
        mesh: usize,
        sharding: &TensorSharding,
    ) -> Result<Typed, Error> {
        let (v, program) = (key.0, &self.pipeline.microbatch);
        let ty = self.ty(v, mesh, sharding);
        let held = self.held.get(&key).map(Vec::as_slice).unwrap_or_default();
        if let Some((_, _, value)) = held.iter().find(|(m, s, _)| *m == mesh && s == sharding) {
            return Ok((value.clone(), ty));
        }
        let value = match held.first().cloned() {
            Some((from_mesh, from_sharding, from)) => {
                let from_ty = self.ty(v, from_mesh, &from_sharding);
                self.func.transfer((from, from_ty), ty.clone())
            }
            None if matches!(program.value(v).def, ValueDef::Input(_)) => {
                let name = super::identifier(&program.value(v).name);
                let microbatch = key.1.map_or(String::new(), |m| format!("_mb{m}"));
                self.func.named_arg(&format!("{name}{microbatch}_{}", self.mesh_name(mesh)), ty.clone())
            }
            None => {
                let name = &program.value(v).name;
                return Err(Error::Pipeline(format!("value \"{name}\" is used before it is produced")));
            }
        };
        self.held.entry(key).or_default().push((mesh, sharding.clone(), value.clone()));
        Ok((value, ty))
    }

    /// The call of stage `stage`'s `kind` fragment for microbatch `mb`, if it has one.
    fn call(&mut self, stage: usize, kind: TaskKind, mb: u32) -> Result<(), Error> {
        let slot = KINDS.iter().position(|k| *k == kind).unwrap_or(0);
        let Some(f) = self.functions.get(&(stage, slot)) else { return Ok(()) };
        let stage_plan = &self.plan.stages[stage];
        let mesh = stage_plan.mesh.index();
        let mb_key = (kind != TaskKind::Update).then_some(mb);
        let operands: Vec<Typed> =
            f.args.iter().map(|(v, s)| self.operand(*v, mb_key, mesh, s)).collect::<Result<_, _>>()?;
        let result_types = f.results.iter().map(|(v, s)| self.ty(*v, mesh, s)).collect();
        let units = &self.pipeline.chain.units[stage_plan.first..stage_plan.end];
        let transposed = i64::from(kind == TaskKind::Backward);
        let origins = units.iter().map(|u| UserOrigin { name: u.clone(), transpose_count: transposed }).collect();
        let results = self.func.fragment_call(self.mesh_name(mesh), origins, f.name(), &operands, result_types);
        for ((v, s), value) in f.results.iter().zip(results) {
            self.held.entry((*v, mb_key)).or_default().push((mesh, s.clone(), value));
        }
        Ok(())
    }

    /// Sums each accumulated value over the microbatches where it was produced.
    fn accumulate(&mut self) -> Result<(), Error> {
        let m = self.plan.microbatches;
        for &(v, how) in &self.pipeline.chain.accumulated {
            let Some((mesh, sharding, _)) = self.held.get(&(v, Some(0))).and_then(|h| h.first()).cloned() else {
                continue;
            };
            let parts: Vec<Typed> =
                (0..m).map(|mb| self.operand_at((v, Some(mb)), mesh, &sharding)).collect::<Result<_, _>>()?;
            let ty = self.ty(v, mesh, &sharding);
            let sum = self.func.reduce(Reduction(Some(ReductionKind::Sum)), &parts, ty.clone());
            let total = match how {
                Accumulation::Add => sum,
                Accumulation::Mean => self.scale(v, mesh, (sum, ty), m)?,
            };
            self.held.entry((v, None)).or_default().push((mesh, sharding, total));
        }
        Ok(())
    }

    /// `value` (of `v`) divided by `m` in a fragment of its own on `mesh`.
    fn scale(&mut self, v: ValueId, mesh: usize, value: Typed, m: u32) -> Result<ValueRef, Error> {
        let ty = value.1.clone();
        let (local, name) = (&self.pipeline.microbatch.value(v).ty, &self.pipeline.microbatch.value(v).name);
        let origins = vec![UserOrigin::new(name.clone())];
        let scale = format!(" dense<{:e}> : {local}", 1.0 / f64::from(m));
        let signature = format!(" : {local}");
        let local = Type::Tensor(autoshard_mpmd::TensorType::from(local));
        let mesh = self.mesh_name(mesh);
        let mean = self.func.fragment_with_args(mesh, origins, &[value], &["acc"], vec![ty], |body, acc| {
            let scale = body.named_op("scale", "stablehlo.constant", &[], &scale, local.clone());
            let mean = body.named_op("mean", "stablehlo.multiply", &[acc[0].clone(), scale], &signature, local.clone());
            vec![(mean, local)]
        });
        mean.into_iter().next().ok_or_else(|| Error::Pipeline(format!("the mean of \"{name}\" has no result")))
    }

    /// Ends `@main` returning the program's outputs.
    fn finish(mut self) -> Result<FuncOp, Error> {
        let program = &self.pipeline.microbatch;
        let mut returned = Vec::new();
        for output in program.outputs() {
            let v = output.value;
            let Some((mesh, sharding, _)) = self.held.get(&(v, None)).and_then(|h| h.first()).cloned() else {
                return Err(Error::Pipeline(format!(
                    "output \"{}\" is not produced by the plan",
                    program.value(v).name
                )));
            };
            returned.push(self.operand(v, None, mesh, &sharding)?);
        }
        Ok(self.func.finish(returned))
    }
}

/// A pipeline plan as an MPMD module states it.
#[derive(Debug, Clone, PartialEq)]
pub struct PipelineModule {
    /// The schedule whose order the calls on every mesh follow, if one does.
    pub schedule: Option<Schedule>,
    /// Forward calls per stage.
    pub microbatches: u32,
    /// The stages, in order of their first call: mesh name, unit labels and the
    /// shardings of the values its fragments take, by name.
    pub stages: Vec<ModuleStage>,
}

/// One stage as an MPMD module states it.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleStage {
    /// The mesh.
    pub mesh: String,
    /// The units (the fragment's origins).
    pub units: Vec<String>,
    /// Shardings of the values its fragments take (their arguments), by the name the
    /// module gives them (`autoshard::stablehlo::ssa_name` of the value's name): every
    /// value that flows between fragments is some fragment's argument.
    pub shardings: BTreeMap<String, TensorSharding>,
}

/// Reads the stages, their shardings and the schedule back from an MPMD module
/// `export_mpmd` wrote.
pub fn read_mpmd(source: &str) -> Result<PipelineModule, Error> {
    let module: Module = parse_module("module.mlir", source).map_err(|e| Error::Pipeline(e.to_string()))?;
    module.verify().map_err(|e| Error::Pipeline(e.to_string()))?;
    let main = module.func("main").ok_or_else(|| Error::Pipeline("the module has no @main".into()))?;
    let mut stages: Vec<ModuleStage> = Vec::new();
    let mut calls: BTreeMap<String, Vec<(usize, TaskKind)>> = BTreeMap::new();
    let mut forwards = BTreeMap::<usize, u32>::new();
    for op in main.body.iter().flat_map(|b| &b.ops) {
        let Op::FragmentCall(call) = &op.op else { continue };
        let units: Vec<String> = call.origins.iter().map(|o| o.name.clone()).collect();
        let kind = if call.callee.ends_with("_backward") {
            TaskKind::Backward
        } else if call.callee.ends_with("_update") {
            TaskKind::Update
        } else {
            TaskKind::Forward
        };
        let index = match stages.iter().position(|s| s.units == units && s.mesh == call.mesh_name) {
            Some(i) => i,
            None => {
                stages.push(ModuleStage { mesh: call.mesh_name.clone(), units, shardings: BTreeMap::new() });
                stages.len() - 1
            }
        };
        if let Some(callee) = module.func(&call.callee) {
            for a in &callee.args {
                if let Some(s) = sharding(&a.attrs) {
                    stages[index].shardings.insert(a.name.clone(), s);
                }
            }
        }
        if kind == TaskKind::Forward {
            *forwards.entry(index).or_default() += 1;
        }
        calls.entry(call.mesh_name.clone()).or_default().push((index, kind));
    }
    let microbatches = forwards.values().copied().max().unwrap_or(0);
    let schedule = Schedule::ALL.into_iter().find(|s| follows(*s, &stages, &calls, microbatches));
    Ok(PipelineModule { schedule, microbatches, stages })
}

/// Whether every mesh's calls come in `schedule`'s order (stages numbered by their
/// first call, the first stages' meshes numbering the meshes).
fn follows(
    schedule: Schedule,
    stages: &[ModuleStage],
    calls: &BTreeMap<String, Vec<(usize, TaskKind)>>,
    m: u32,
) -> bool {
    let mut meshes: Vec<&String> = Vec::new();
    for s in stages {
        if !meshes.contains(&&s.mesh) {
            meshes.push(&s.mesh);
        }
    }
    let present: Vec<(usize, TaskKind)> = calls.values().flatten().copied().collect();
    let rounds = (stages.len() / meshes.len().max(1)).max(1) as u32;
    let order = schedule.order(meshes.len() as u32, m, rounds);
    meshes.iter().zip(&order).all(|(mesh, tasks)| {
        let expected: Vec<(usize, TaskKind)> =
            tasks.iter().map(|t| (t.stage as usize, t.kind)).filter(|t| present.contains(t)).collect();
        calls.get(*mesh).is_some_and(|got| *got == expected)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The module the builder makes is the one its text reads back to: the printer's
    /// text is the whole of it (with the means' fragments and named computations of
    /// the JAX example).
    #[test]
    fn the_built_module_reads_back_equal() {
        for name in ["pipeline_jax", "pipeline_uneven"] {
            let path = format!("{}/../configs/{name}.yaml", env!("CARGO_MANIFEST_DIR"));
            let source = std::fs::read_to_string(&path).unwrap();
            let config = Config::from_source_at_ci_sizes(&path, &source).unwrap();
            let plan = crate::solve_pipeline(&config).unwrap();
            let module = mpmd_module(&config, &plan).unwrap();
            module.verify().unwrap();
            assert_eq!(parse_module(name, &module.to_string()).unwrap(), module, "{name}");
        }
    }
}
