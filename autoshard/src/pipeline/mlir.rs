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
//! `!mpmd.mesh_tensor` with its sharding. The text is checked by the `mpmd`
//! crate's verifier before it is returned.

use crate::{Config, Error};
use autoshard_model::ir::ValueDef;
use autoshard_model::pipeline::{Accumulation, Schedule, TaskKind};
use autoshard_model::{Program, TensorSharding, ValueId};
use autoshard_mpmd::{Attr, FuncOp, Module, Op, Verify, parse_module};
use autoshard_solver::pipeline::PipelinePlan;
use std::collections::BTreeMap;
use std::fmt::Write as _;

const KINDS: [TaskKind; 3] = [TaskKind::Forward, TaskKind::Backward, TaskKind::Update];

fn kind_name(kind: TaskKind) -> &'static str {
    match kind {
        TaskKind::Forward => "forward",
        TaskKind::Backward => "backward",
        TaskKind::Update => "update",
    }
}

/// A fragment function: its name, mesh, and the shardings of its arguments and
/// results by value name, as exported.
struct Function {
    name: String,
    text: String,
    args: Vec<(ValueId, TensorSharding)>,
    results: Vec<(ValueId, TensorSharding)>,
}

/// `plan` for `config` as an MPMD module.
pub fn export_mpmd(config: &Config, plan: &PipelinePlan) -> Result<String, Error> {
    let pipeline = pipeline_of(config)?;
    let mut functions: BTreeMap<(usize, usize), Function> = BTreeMap::new();
    for stage in &plan.stages {
        let mesh = &pipeline.topology.mesh(stage.mesh).mesh;
        for (i, fragment) in stage.solved.fragments.iter().enumerate() {
            let Some((fragment, solution)) = fragment else { continue };
            let name = format!("stage{}_{}", stage.index, kind_name(KINDS[i]));
            let exported = autoshard_stablehlo::export(&fragment.program, &solution.plan)?;
            let text = as_function(&exported, &name, &format!("#sdy.mesh<{}>", mesh_axes(mesh)))?;
            let func = single_function(&name, &text)?;
            let by_name = |p: &Program, list: &[ValueId], attrs: Vec<Option<TensorSharding>>| {
                list.iter().zip(attrs).map(|(&v, s)| (v, s.unwrap_or_else(|| replicated(p, v)))).collect::<Vec<_>>()
            };
            let args =
                by_name(&pipeline.microbatch, &fragment.inputs, func.args.iter().map(|a| sharding(&a.attrs)).collect());
            let results = by_name(
                &pipeline.microbatch,
                &fragment.outputs,
                func.results.iter().map(|r| sharding(&r.attrs)).collect(),
            );
            functions.insert((stage.index, i), Function { name, text, args, results });
        }
    }
    let main = Main::new(pipeline, plan, &functions).build()?;
    let mut text = format!("module @{} {{\n", symbol(&config.name));
    text += &main;
    for f in functions.values() {
        text += &f.text;
    }
    text += "}\n";
    let module = parse_module("exported.mlir", &text)
        .map_err(|e| Error::Pipeline(format!("the MPMD module does not read back: {e}")))?;
    module.verify().map_err(|e| Error::Pipeline(format!("the MPMD module does not verify: {e}")))?;
    Ok(module.to_string())
}

fn pipeline_of(config: &Config) -> Result<&autoshard_solver::pipeline::Pipeline, Error> {
    config
        .pipeline
        .as_ref()
        .ok_or_else(|| Error::Pipeline(format!("{}: the config has no pipeline: section", config.name)))
}

fn symbol(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
}

fn mesh_axes(mesh: &autoshard_model::Mesh) -> String {
    let text = mesh.to_string();
    text.trim_start_matches('<').trim_end_matches('>').to_string()
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

/// The `func.func` of an exported StableHLO module renamed `@name`, private, with
/// the `mesh_shape` attribute, and without the module around it.
fn as_function(exported: &str, name: &str, mesh_shape: &str) -> Result<String, Error> {
    let lines: Vec<&str> = exported.lines().collect();
    let start = lines.iter().position(|l| l.trim_start().starts_with("func.func"));
    let end = lines.iter().rposition(|l| l.trim() == "}");
    let (Some(start), Some(end)) = (start, end) else {
        return Err(Error::Pipeline(format!("fragment {name}: the exported module has no function")));
    };
    let mut out = String::new();
    for (i, line) in lines[start..end].iter().enumerate() {
        let mut line = line.to_string();
        if i == 0 {
            line = line.replacen("func.func public @main", &format!("func.func private @{name}"), 1);
            let Some(open) = line.rfind(" {") else {
                return Err(Error::Pipeline(format!("fragment {name}: unexpected function header")));
            };
            line.insert_str(open, &format!(" attributes {{mesh_shape = {mesh_shape}}}"));
        }
        let _ = writeln!(out, "{line}");
    }
    // The named computations' functions, made unique to this fragment.
    let callees: Vec<String> = out
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("func.func private @"))
        .filter_map(|rest| rest.split_once('(').map(|(callee, _)| callee.to_string()))
        .filter(|callee| callee != name)
        .collect();
    for callee in callees {
        out = out.replace(&format!("@{callee}("), &format!("@{name}__{callee}("));
    }
    Ok(out)
}

fn single_function(name: &str, text: &str) -> Result<FuncOp, Error> {
    let module = parse_module(name, text).map_err(|e| Error::Pipeline(format!("fragment {name}: {e}")))?;
    module.funcs.into_iter().next().ok_or_else(|| Error::Pipeline(format!("fragment {name}: no function")))
}

/// A value as `@main` holds it: its mesh, its sharding and its SSA name.
type Held = (usize, TensorSharding, String);

/// The `@main` being written.
struct Main<'a> {
    pipeline: &'a autoshard_solver::pipeline::Pipeline,
    plan: &'a PipelinePlan,
    functions: &'a BTreeMap<(usize, usize), Function>,
    args: Vec<String>,
    body: String,
    next: usize,
    /// Each value as it is held: (value, microbatch or step) → [(mesh, sharding, ssa)].
    held: BTreeMap<(ValueId, Option<u32>), Vec<Held>>,
}

impl<'a> Main<'a> {
    fn new(
        pipeline: &'a autoshard_solver::pipeline::Pipeline,
        plan: &'a PipelinePlan,
        functions: &'a BTreeMap<(usize, usize), Function>,
    ) -> Self {
        Main { pipeline, plan, functions, args: Vec::new(), body: String::new(), next: 0, held: BTreeMap::new() }
    }

    fn mesh_name(&self, mesh: usize) -> &'a str {
        &self.pipeline.topology.meshes()[mesh].name
    }

    fn ty(&self, v: ValueId, mesh: usize, sharding: &TensorSharding) -> String {
        let ty = &self.pipeline.microbatch.value(v).ty;
        format!("!mpmd.mesh_tensor<\"{}\", {ty}, sharding={}>", self.mesh_name(mesh), sharding.stripped())
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%{}", self.next - 1)
    }

    fn build(mut self) -> Result<String, Error> {
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
    fn operand(
        &mut self,
        v: ValueId,
        mb: Option<u32>,
        mesh: usize,
        sharding: &TensorSharding,
    ) -> Result<String, Error> {
        let program = &self.pipeline.microbatch;
        let split = self.pipeline.chain.split.clone();
        let key = match program.value(v).def {
            ValueDef::Input(i) if split.iter().any(|(k, _)| *k == i) => (v, mb),
            ValueDef::Input(_) => (v, None),
            _ if self.pipeline.chain.accumulation(v).is_some() || mb.is_none() => (v, None),
            _ => (v, mb),
        };
        self.operand_at(key, mesh, sharding)
    }

    /// [`Main::operand`] of the value held under `key`.
    fn operand_at(
        &mut self,
        key: (ValueId, Option<u32>),
        mesh: usize,
        sharding: &TensorSharding,
    ) -> Result<String, Error> {
        let (v, program) = (key.0, &self.pipeline.microbatch);
        if let Some(held) = self.held.get(&key)
            && let Some((_, _, ssa)) = held.iter().find(|(m, s, _)| *m == mesh && s == sharding)
        {
            return Ok(ssa.clone());
        }
        let ty = self.ty(v, mesh, sharding);
        let Some((from_mesh, from_sharding, from)) = self.held.get(&key).and_then(|h| h.first()).cloned() else {
            if matches!(program.value(v).def, ValueDef::Input(_)) {
                let name = format!(
                    "%{}{}",
                    program.value(v).name.replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "_"),
                    key.1.map_or(String::new(), |m| format!("_mb{m}"))
                );
                let name = format!("{name}_{}", self.mesh_name(mesh));
                self.args.push(format!("{name}: {ty}"));
                self.held.entry(key).or_default().push((mesh, sharding.clone(), name.clone()));
                return Ok(name);
            }
            return Err(Error::Pipeline(format!("value \"{}\" is used before it is produced", program.value(v).name)));
        };
        let ssa = self.fresh();
        let from_ty = self.ty(v, from_mesh, &from_sharding);
        let _ = writeln!(self.body, "    {ssa} = mpmd.transfer {from} : ({from_ty}) -> {ty}");
        self.held.entry(key).or_default().push((mesh, sharding.clone(), ssa.clone()));
        Ok(ssa)
    }

    fn call(&mut self, stage: usize, kind: TaskKind, mb: u32) -> Result<(), Error> {
        let slot = KINDS.iter().position(|k| *k == kind).unwrap_or(0);
        let Some(f) = self.functions.get(&(stage, slot)) else { return Ok(()) };
        let stage_plan = &self.plan.stages[stage];
        let mesh = stage_plan.mesh.index();
        let mb_key = (kind != TaskKind::Update).then_some(mb);
        let mut operands = Vec::new();
        let mut types = Vec::new();
        for (v, s) in &f.args {
            operands.push(self.operand(*v, mb_key, mesh, s)?);
            types.push(self.ty(*v, mesh, s));
        }
        let result_types: Vec<String> = f.results.iter().map(|(v, s)| self.ty(*v, mesh, s)).collect();
        let units = &self.pipeline.chain.units[stage_plan.first..stage_plan.end];
        let suffix = if kind == TaskKind::Backward { "(1)" } else { "" };
        let origins: Vec<String> = units.iter().map(|u| format!("\"{u}\"{suffix}")).collect();
        let ssa = self.fresh();
        let lhs = match f.results.len() {
            0 => String::new(),
            1 => format!("{ssa} = "),
            n => format!("{ssa}:{n} = "),
        };
        let results = match result_types.len() {
            1 => result_types[0].clone(),
            _ => format!("({})", result_types.join(", ")),
        };
        let _ = writeln!(
            self.body,
            "    {lhs}mpmd.fragment_call<mesh=\"{}\", origin=[{}]> @{}({}) : ({}) -> {results}",
            self.mesh_name(mesh),
            origins.join(", "),
            f.name,
            operands.join(", "),
            types.join(", ")
        );
        for (i, (v, s)) in f.results.iter().enumerate() {
            let name = if f.results.len() == 1 { ssa.clone() } else { format!("{ssa}#{i}") };
            self.held.entry((*v, mb_key)).or_default().push((mesh, s.clone(), name));
        }
        Ok(())
    }

    /// Sums each accumulated value over the microbatches where it was produced.
    fn accumulate(&mut self) -> Result<(), Error> {
        let accumulated = self.pipeline.chain.accumulated.clone();
        let m = self.plan.microbatches;
        for (v, how) in accumulated {
            let Some((mesh, sharding, _)) = self.held.get(&(v, Some(0))).and_then(|h| h.first()).cloned() else {
                continue;
            };
            let parts: Vec<String> =
                (0..m).map(|mb| self.operand_at((v, Some(mb)), mesh, &sharding)).collect::<Result<_, _>>()?;
            let ty = self.ty(v, mesh, &sharding);
            let ssa = self.fresh();
            let types = vec![ty.clone(); parts.len()].join(", ");
            let _ = writeln!(self.body, "    {ssa} = mpmd.reduce<add> {} : ({types}) -> {ty}", parts.join(", "));
            let total = match how {
                Accumulation::Add => ssa,
                Accumulation::Mean => self.scale(v, mesh, &sharding, &ssa, m)?,
            };
            self.held.entry((v, None)).or_default().push((mesh, sharding, total));
        }
        Ok(())
    }

    /// `value` divided by `m` in a fragment of its own on `mesh`.
    fn scale(
        &mut self,
        v: ValueId,
        mesh: usize,
        sharding: &TensorSharding,
        value: &str,
        m: u32,
    ) -> Result<String, Error> {
        let ty = self.ty(v, mesh, sharding);
        let local = self.pipeline.microbatch.value(v).ty.clone();
        let ssa = self.fresh();
        let name = &self.pipeline.microbatch.value(v).name;
        let _ = writeln!(
            self.body,
            "    {ssa} = mpmd.fragment<mesh=\"{}\", origin=[\"{name}\"]> ({value}) (%acc: {local}) {{\n      %scale = stablehlo.constant dense<{:e}> : {local}\n      %mean = stablehlo.multiply %acc, %scale : {local}\n      mpmd.return %mean : {local}\n    }} : ({ty}) -> {ty}",
            self.mesh_name(mesh),
            1.0 / f64::from(m)
        );
        Ok(ssa)
    }

    fn finish(mut self) -> Result<String, Error> {
        let program = &self.pipeline.microbatch;
        let mut returned = Vec::new();
        let mut types = Vec::new();
        for output in program.outputs() {
            let v = output.value;
            let Some((mesh, sharding, _)) = self.held.get(&(v, None)).and_then(|h| h.first()).cloned() else {
                return Err(Error::Pipeline(format!(
                    "output \"{}\" is not produced by the plan",
                    program.value(v).name
                )));
            };
            returned.push(self.operand(v, None, mesh, &sharding)?);
            types.push(self.ty(v, mesh, &sharding));
        }
        let topology = &self.pipeline.topology;
        let mut text = format!(
            "  func.func public @main({}) -> ({}) attributes {{topology = {topology}}} {{\n",
            self.args.join(", "),
            types.join(", ")
        );
        text += &self.body;
        let _ = writeln!(text, "    return {} : {}\n  }}", returned.join(", "), types.join(", "));
        Ok(text)
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
