//! Re-planning a partitioned MPMD module: `autoshard solve FILE.mlir`.
//!
//! [`replan_mpmd`] reads the module as [`import_mpmd`](crate::import_mpmd) does (the
//! **before**), turns it back into the pipelined step the pipeline solver takes, and
//! solves that: each fragment's shardings, the transfers' shardings and the schedule
//! (and, with [`ReplanOptions::free_assignment`], which mesh each stage runs on). The
//! plan is written as an MPMD module ([`export_mpmd`](crate::export_mpmd)) and read
//! back (the **after**, priced as the before is). When that module does not predict a
//! shorter step than the given one, the given module is kept (the after is the before):
//! a re-plan never makes the predicted step worse.
//!
//! The step is rebuilt from microbatch 0's fragments and the update fragments:
//!
//! - each of these fragments becomes an `mpmd.named_computation` of one microbatch's
//!   program, its body (an inline fragment's, or its callee's) inlined, labelled by its
//!   stage's units joined with `+` (`"layer0+layer1"`): a stage of the module is one
//!   unit of the chain, so a stage is never split; with its assignment kept, each unit
//!   is pinned to its stage's mesh (the solver's `pipeline.assign`);
//! - every sharding inside the bodies is opened (`{?}` per dimension), so the solver
//!   chooses them all again;
//! - an `mpmd.reduce<add>` of one value per microbatch is an accumulated value (summed
//!   over microbatches), the value microbatch 0 makes standing for it;
//! - the inputs microbatch 0 and 1 read at the same operand of the same task but
//!   differently are the split inputs, split along their first dimension; with one
//!   microbatch, the first input a forward reads (and a value returned per microbatch
//!   is accumulated, the sum of one).
//!
//! A module that does not fit that model (a reduce other than a sum over the
//! microbatches, a value of one microbatch returned while there are several, a task
//! of microbatch 0 reading another microbatch's value) is refused with the reason.

use crate::{Config, Error, ImportOptions, ImportedPipeline, Result};
use autoshard_cost::Pipeline;
use autoshard_model::pipeline::{Accumulation, Chain, MeshId, TaskKind};
use autoshard_model::{DimSharding, Program, ReductionKind, Seconds, TensorSharding, ValueId};
use autoshard_mpmd::{DictAttr, Op, Piece, Type, ValueRef};
use autoshard_solver::pipeline::{PipelineOptions, PipelinePlan};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// How [`replan_mpmd`] re-plans a module.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ReplanOptions {
    /// The hardware the module is priced on, before and after.
    pub import: ImportOptions,
    /// Let the solver choose each stage's mesh (and merge stages) instead of keeping
    /// the module's fragment-to-mesh assignment.
    pub free_assignment: bool,
    /// The solve's time limit in seconds (each SPMD solve gets a tenth, at least a
    /// second, as for a pipelined config); `None`: the default.
    pub time_limit: Option<f64>,
}

/// A partitioned module re-planned.
#[derive(Debug, Clone)]
pub struct Replanned {
    /// The module as given, priced.
    pub before: ImportedPipeline,
    /// The pipelined step rebuilt from it (one microbatch's program, its chain of
    /// units, the module's topology), which the pipeline solver solved.
    pub config: Config,
    /// The solver's plan.
    pub plan: PipelinePlan,
    /// The module written: the plan's, or the given one when the plan's does not
    /// predict a shorter step ([`Replanned::kept`]).
    pub module: String,
    /// The written module read back, priced as the before is.
    pub after: ImportedPipeline,
    /// Whether the given module was kept: the plan's module, read back, predicts a
    /// step no shorter than the given one's.
    pub kept: bool,
    /// The predicted step of the plan's module read back (the after's when not kept).
    pub planned_step: Seconds,
}

impl Replanned {
    /// Per stage of the written module: its units (the before's stage's units joined
    /// with `+`), its mesh before (if a stage of the module had those units) and
    /// after, and how many of its forward fragment's argument and result shardings
    /// differ from the module's, of how many.
    pub fn stage_changes(&self) -> Vec<StageChange> {
        self.after
            .stages
            .iter()
            .enumerate()
            .map(|(k, stage)| {
                let units = stage.units.join("+");
                let before = self.before.stages.iter().position(|s| s.units.join("+") == units);
                let after = forward_program(&self.after, k).map(shardings).unwrap_or_default();
                let old = before.and_then(|b| forward_program(&self.before, b)).map(shardings).unwrap_or_default();
                let same = after.iter().zip(&old).filter(|(a, b)| a == b).count();
                StageChange {
                    units,
                    mesh_before: before.map(|b| self.before.stages[b].mesh),
                    mesh_after: stage.mesh,
                    shardings_changed: after.len().max(old.len()) - same,
                    shardings: after.len(),
                }
            })
            .collect()
    }
}

/// What changed in one stage ([`Replanned::stage_changes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageChange {
    /// Its units, joined with `+`.
    pub units: String,
    /// The module's mesh for them, if a stage of the module had exactly these units.
    pub mesh_before: Option<usize>,
    /// The written module's mesh.
    pub mesh_after: usize,
    /// Its forward fragment's argument and result shardings that changed.
    pub shardings_changed: usize,
    /// Its forward fragment's arguments and results.
    pub shardings: usize,
}

/// The program of stage `k`'s first forward fragment.
fn forward_program(p: &ImportedPipeline, k: usize) -> Option<&Program> {
    let f = p.fragments.iter().find(|f| f.task.stage as usize == k && f.task.kind == TaskKind::Forward)?;
    p.programs.get(f.program).map(|p| &p.config.program)
}

/// A fragment program's argument and result shardings, as text.
fn shardings(program: &Program) -> Vec<String> {
    let show = |s: &Option<autoshard_model::TensorSharding>| s.as_ref().map_or_else(String::new, |s| s.to_string());
    program
        .inputs()
        .iter()
        .map(|i| show(&i.sharding))
        .chain(program.outputs().iter().map(|o| show(&o.sharding)))
        .collect()
}

/// Re-plans the partitioned MPMD module in `source` (named `file` in errors): see the
/// module docs. The solve keeps the module's microbatch count.
pub fn replan_mpmd(file: &str, source: &str, options: &ReplanOptions) -> Result<Replanned> {
    let before = crate::import_mpmd(file, source, &options.import)?;
    let module = crate::check_mpmd(file, source)?;
    let step = Step::build(file, &module, &before)?;
    let mut config = step.config(file, &before, options.free_assignment)?;
    if let Some(limit) = options.time_limit {
        config.solver.set_time_limit(limit).map_err(|e| Error::Pipeline(format!("{file}: the time limit: {e}")))?;
    }
    let pipeline = config.pipeline.as_ref().ok_or_else(|| Error::Pipeline(format!("{file}: no pipeline")))?;
    let mut solve = PipelineOptions::new(config.solver);
    solve.compare_spmd = false;
    let plan = autoshard_solver::pipeline::solve_pipeline(pipeline, &config.program, &config.hardware, solve)?;
    let written = crate::export_mpmd(&config, &plan)?;
    let read = ImportOptions { preset: options.import.preset, link: Some(before.link) };
    let after = crate::import_mpmd(&format!("{file} (re-planned)"), &written, &read)?;
    let planned_step = after.step();
    if planned_step.0 >= before.step().0 {
        let after = before.clone();
        return Ok(Replanned { before, config, plan, module: source.to_string(), after, kept: true, planned_step });
    }
    Ok(Replanned { before, config, plan, module: written, after, kept: false, planned_step })
}

/// One microbatch's step rebuilt from the module.
struct Step {
    /// The microbatch program's module text.
    microbatch: String,
    /// The full step's module text (its split inputs `factor` times larger).
    full: String,
    factor: u32,
    /// The accumulated values' names in the microbatch program.
    accumulated: Vec<String>,
    /// The units in chain order, with their meshes.
    units: Vec<(String, usize)>,
}

impl Step {
    fn build(file: &str, module: &autoshard_mpmd::Module, p: &ImportedPipeline) -> Result<Step> {
        let err = |m: String| Error::Pipeline(format!("{file}: cannot re-plan: {m}"));
        let main = module.func("main").ok_or_else(|| err("no @main".into()))?;
        let ops = main.body.as_ref().map(|b| b.ops.as_slice()).unwrap_or_default();
        let reference = &p.reference;
        let chosen: Vec<&crate::ImportedFragment> =
            p.fragments.iter().filter(|f| f.task.kind == TaskKind::Update || f.task.microbatch == 0).collect();
        // Values as the microbatch program's main names them.
        let mut text: HashMap<ValueId, String> = HashMap::new();
        let mut accumulated: BTreeSet<ValueId> = BTreeSet::new();
        let made_by_mb0: BTreeSet<ValueId> =
            chosen.iter().filter(|f| f.task.kind != TaskKind::Update).flat_map(|f| f.outputs.iter().copied()).collect();
        let mut alias: HashMap<ValueId, ValueId> = HashMap::new();
        for r in &p.reduces {
            let ok = matches!((r.kind, r.inputs.len()), (Some(ReductionKind::Sum), _) | (None, 1))
                && r.inputs.len() == p.microbatches as usize;
            let first = r.inputs.iter().find(|v| made_by_mb0.contains(v));
            match first {
                Some(&v) if ok => {
                    alias.insert(r.output, v);
                    accumulated.insert(v);
                }
                _ => {
                    return Err(err(format!(
                        "an mpmd.reduce (op {} of @main) is not a sum of one value per microbatch",
                        r.position
                    )));
                }
            }
        }
        let resolve = |v: ValueId| alias.get(&v).copied().unwrap_or(v);
        // The inputs read, in the reference's order.
        let mut read: BTreeSet<ValueId> = chosen.iter().flat_map(|f| f.inputs.iter().map(|&v| resolve(v))).collect();
        read.extend(reference.outputs().iter().map(|o| resolve(o.value)));
        let inputs: Vec<ValueId> = reference.inputs().iter().map(|i| i.value).filter(|v| read.contains(v)).collect();
        let split = split_inputs(p, &inputs);
        if split.is_empty() {
            return Err(err("no input differs between microbatches (no split input found)".into()));
        }
        let mut names: BTreeSet<String> = BTreeSet::new();
        let mut args = Vec::new();
        let mut full_args = Vec::new();
        for &v in &inputs {
            let value = reference.value(v);
            let raw = value.name.trim_start_matches('%');
            let clean = raw.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && raw.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
            let name =
                if clean && names.insert(raw.to_string()) { raw.to_string() } else { format!("in{}", v.index()) };
            let mut ty = value.ty.clone();
            args.push(format!("%{name}: {ty}"));
            if split.contains(&v)
                && let Some(d) = ty.shape.first_mut()
            {
                *d *= i64::from(p.microbatches.max(2));
            }
            full_args.push(format!("%{name}: {ty}"));
            text.insert(v, format!("%{name}"));
        }
        let mut body = String::new();
        let mut funcs: BTreeSet<String> = BTreeSet::new();
        let mut units: Vec<(String, usize)> = Vec::new();
        for f in &chosen {
            let stage = p.stages.get(f.task.stage as usize).ok_or_else(|| err("a fragment of no stage".into()))?;
            let label = stage.units.join("+");
            if !units.iter().any(|(u, _)| *u == label) {
                units.push((label.clone(), stage.mesh));
            }
            let op = ops.get(f.position).ok_or_else(|| err(format!("no op {} in @main", f.position)))?;
            let (mut block, result_types) = match &op.op {
                Op::Fragment(frag) => (frag.body.clone(), frag.result_types.clone()),
                Op::FragmentCall(call) => {
                    let callee = module
                        .func(&call.callee)
                        .ok_or_else(|| err(format!("line {}: no function @{}", f.line, call.callee)))?;
                    let mut block = callee.body.clone().unwrap_or_default();
                    block.args = callee
                        .args
                        .iter()
                        .map(|a| autoshard_mpmd::BlockArg {
                            name: a.name.clone(),
                            ty: a.ty.clone(),
                            loc: a.loc.clone(),
                        })
                        .collect();
                    (block, call.result_types.clone())
                }
                _ => return Err(err(format!("line {}: not a fragment", f.line))),
            };
            let mut operands = Vec::new();
            let mut operand_types = Vec::new();
            for &v in &f.inputs {
                let v = resolve(v);
                let t = text.get(&v).ok_or_else(|| {
                    err(format!(
                        "the fragment at line {} reads {}, which microbatch 0's tasks do not make",
                        f.line,
                        reference.value(v).name
                    ))
                })?;
                operands.push(t.clone());
                operand_types.push(reference.value(v).ty.to_string());
            }
            let results: Vec<String> = f.outputs.iter().map(|v| format!("%v{}", v.index())).collect();
            let types: Vec<String> = result_types.iter().map(global).collect();
            let block_args: Vec<String> =
                block.args.iter().map(|a| format!("%{}: {}", a.name, global(&a.ty))).collect();
            let lhs = if results.is_empty() { String::new() } else { format!("{} = ", results.join(", ")) };
            let _ = writeln!(
                body,
                "    {lhs}mpmd.named_computation<\"{label}\"> ({}) ({}) {{",
                operands.join(", "),
                block_args.join(", ")
            );
            strip_constraints(&mut block);
            for o in &block.ops {
                let mut o = o.clone();
                if let Op::FuncReturn(r) = &o.op {
                    o.op = Op::Return(r.clone());
                }
                let _ = writeln!(body, "      {o}");
            }
            let _ = writeln!(body, "    }} : ({}) -> ({})", operand_types.join(", "), types.join(", "));
            for (v, r) in f.outputs.iter().zip(results) {
                text.insert(*v, r);
            }
            funcs.extend(called(module, &block));
        }
        // Outputs: a value of one microbatch is accumulated when there is one.
        let mut outputs = Vec::new();
        let mut output_types = Vec::new();
        for o in reference.outputs() {
            let v = resolve(o.value);
            let t = text.get(&v).ok_or_else(|| err(format!("the output {} is not made", reference.value(v).name)))?;
            if made_by_mb0.contains(&v) && !accumulated.contains(&v) {
                if p.microbatches > 1 {
                    return Err(err(format!(
                        "@main returns {}, a value of one microbatch of {}: only sums over the microbatches (mpmd.reduce) are a step's",
                        reference.value(o.value).name,
                        p.microbatches
                    )));
                }
                accumulated.insert(v);
            }
            outputs.push(t.clone());
            output_types.push(reference.value(v).ty.to_string());
        }
        let mut private = String::new();
        for name in &funcs {
            if let Some(f) = module.func(name) {
                let mut f = f.clone();
                f.visibility = Some("private".into());
                f.attrs = DictAttr::new();
                if let Some(b) = &mut f.body {
                    strip_constraints(b);
                }
                for a in &mut f.args {
                    a.attrs = DictAttr::new();
                }
                for r in &mut f.results {
                    r.attrs = DictAttr::new();
                }
                let _ = writeln!(private, "{f}");
            }
        }
        let first = p.topology.meshes().first().map(|m| m.mesh.to_string()).unwrap_or_else(|| "<[]>".into());
        let sig =
            |args: &[String]| format!("  func.func @main({}) -> ({}) {{\n", args.join(", "), output_types.join(", "));
        let main_text = format!(
            "{}{body}    return {} : {}\n  }}\n{private}",
            sig(&args),
            outputs.join(", "),
            output_types.join(", ")
        );
        let opened = open_shardings(&main_text);
        let mut meshes: BTreeSet<String> = mesh_names(&opened);
        meshes.insert("mesh".into());
        let decls: String = meshes.iter().map(|m| format!("  sdy.mesh @{m} = {first}\n")).collect();
        let microbatch = format!("module @{} {{\n{decls}{opened}}}\n", super::identifier(&p.name));
        // The full step needs only its inputs: it returns the first.
        let (first_name, first_type) = full_args
            .first()
            .and_then(|a| a.split_once(": "))
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .unwrap_or_default();
        let full = format!(
            "module @{}_full {{\n  func.func @main({}) -> ({first_type}) {{\n    return {first_name} : {first_type}\n  }}\n}}\n",
            super::identifier(&p.name),
            full_args.join(", "),
        );
        let accumulated = accumulated.iter().filter_map(|v| text.get(v)).cloned().collect();
        Ok(Step { microbatch, full, factor: p.microbatches.max(2), accumulated, units })
    }

    /// The pipelined config of the step on the module's topology.
    fn config(&self, file: &str, p: &ImportedPipeline, free: bool) -> Result<Config> {
        let bad = |what: &str, e: &dyn std::fmt::Display| {
            Error::Pipeline(format!("{file}: cannot re-plan: the rebuilt {what} does not read: {e}"))
        };
        let mut config = Config::from_mlir(&format!("{file} (one microbatch)"), &self.microbatch)
            .map_err(|e| bad("microbatch step", &e))?;
        let full = autoshard_stablehlo::import(&format!("{file} (full step)"), &self.full)
            .map_err(|e| bad("full step", &e))?
            .program;
        let accumulate: Vec<(String, Accumulation)> =
            self.accumulated.iter().map(|n| (n.clone(), Accumulation::Add)).collect();
        let chain = Chain::analyse(&full, &config.program, self.factor, &accumulate)
            .map_err(|e| Error::Pipeline(format!("{file}: cannot re-plan: {e}")))?;
        let assign: Vec<(String, MeshId)> = match free {
            true => Vec::new(),
            false => self
                .units
                .iter()
                .filter_map(|(label, mesh)| {
                    let name = &p.topology.meshes().get(*mesh)?.name;
                    Some((label.clone(), p.topology.find(name)?))
                })
                .collect(),
        };
        config.name = p.name.clone();
        if let Some(h) = p.hardware.first() {
            config.hardware = h.clone();
        }
        config.pipeline = Some(Pipeline {
            topology: p.topology.clone(),
            hardware: p.hardware.clone(),
            link: p.link,
            microbatches: p.microbatches,
            schedule: None,
            rounds: 2,
            assign,
            microbatch: config.program.clone(),
            chain,
        });
        Ok(config)
    }
}

/// `block` without its `sdy.sharding_constraint`s (each use of one's result reads
/// its operand instead): the solver chooses every sharding again.
fn strip_constraints(block: &mut autoshard_mpmd::Block) {
    let mut renamed: HashMap<String, ValueRef> = HashMap::new();
    let mut kept = Vec::new();
    for mut op in std::mem::take(&mut block.ops) {
        rename(&mut op.op, &renamed);
        if let Op::Generic(g) = &op.op
            && g.name.trim_matches('"') == "sdy.sharding_constraint"
            && let [group] = op.results.as_slice()
            && group.count == 1
            && let Some(v) = g.uses().next()
        {
            renamed.insert(group.name.clone(), v.clone());
            continue;
        }
        kept.push(op);
    }
    block.ops = kept;
}

/// `op` reading `renamed`'s values instead of their keys (in its regions too).
fn rename(op: &mut Op, renamed: &HashMap<String, ValueRef>) {
    if renamed.is_empty() {
        return;
    }
    let fix = |v: &mut ValueRef| {
        if v.index.is_none()
            && let Some(to) = renamed.get(&v.name)
        {
            *v = to.clone();
        }
    };
    match op {
        Op::Generic(g) => {
            for piece in &mut g.pieces {
                match piece {
                    Piece::Use(v) => fix(v),
                    Piece::Region(blocks) => {
                        for o in blocks.iter_mut().flat_map(|b| b.ops.iter_mut()) {
                            rename(&mut o.op, renamed);
                        }
                    }
                    _ => {}
                }
            }
        }
        Op::Return(r) | Op::FuncReturn(r) => r.operands.iter_mut().for_each(fix),
        Op::FuncCall(c) => c.operands.iter_mut().for_each(fix),
        _ => {}
    }
}

/// The tensor type of `ty` (a mesh tensor's global type).
fn global(ty: &Type) -> String {
    match ty {
        Type::MeshTensor(m) => m.tensor.to_string(),
        other => other.to_string(),
    }
}

/// The split inputs among `inputs`: those microbatch 0 and 1 read at the same operand
/// of the same task but differently; with one microbatch, the first input its first
/// forward reads that has a dimension.
fn split_inputs(p: &ImportedPipeline, inputs: &[ValueId]) -> BTreeSet<ValueId> {
    let mut split = BTreeSet::new();
    let has_dims = |v: &ValueId| !p.reference.value(*v).ty.shape.is_empty();
    if p.microbatches < 2 {
        let first = p.fragments.iter().find(|f| f.task.kind == TaskKind::Forward);
        if let Some(v) = first.and_then(|f| f.inputs.iter().find(|v| inputs.contains(v) && has_dims(v))) {
            split.insert(*v);
        }
        return split;
    }
    for f in p.fragments.iter().filter(|f| f.task.microbatch == 0 && f.task.kind != TaskKind::Update) {
        let next = p
            .fragments
            .iter()
            .find(|g| g.task.microbatch == 1 && g.task.stage == f.task.stage && g.task.kind == f.task.kind);
        let Some(g) = next else { continue };
        for (a, b) in f.inputs.iter().zip(&g.inputs) {
            if a != b && inputs.contains(a) && has_dims(a) {
                split.insert(*a);
            }
        }
    }
    split
}

/// The module's functions `block` calls, directly or not.
fn called(module: &autoshard_mpmd::Module, block: &autoshard_mpmd::Block) -> BTreeSet<String> {
    let roots = block.ops.iter().map(|o| o.to_string()).collect();
    super::import::called(module, roots, "main").into_iter().map(|f| f.name.clone()).collect()
}

/// The shardings written in `text` (`<@mesh, [...]>`, bare or after `#sdy.sharding`,
/// alone or in a list), each with its byte range, read by the model's sharding form.
fn shardings_in(text: &str) -> Vec<(std::ops::Range<usize>, TensorSharding)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("<@").map(|i| from + i) {
        let span = autoshard_mlir::balanced_len(&text[at..]).ok().map(|len| at..at + len);
        match span.and_then(|r| text[r.clone()].parse::<TensorSharding>().ok().map(|s| (r, s))) {
            Some((range, sharding)) => {
                from = range.end;
                out.push((range, sharding));
            }
            None => from = at + 2,
        }
    }
    out
}

/// The mesh names the shardings in `text` use.
fn mesh_names(text: &str) -> BTreeSet<String> {
    shardings_in(text).into_iter().filter_map(|(_, s)| s.mesh_name().map(str::to_string)).collect()
}

/// `text` with every sharding open on every dimension (`<@mesh, [{"x"}, {}]>` becomes
/// `<@mesh, [{?}, {?}]>`; its replicated and unreduced axes dropped).
fn open_shardings(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (range, s) in shardings_in(text) {
        let open = TensorSharding {
            mesh: s.mesh,
            ..TensorSharding::new("", vec![DimSharding::open(Vec::new()); s.dims.len()])
        };
        let _ = write!(out, "{}{}", &text[last..range.start], open.stripped());
        last = range.end;
    }
    out.push_str(&text[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shardings_open_and_name_their_meshes() {
        let text = r#"%a = sdy.sharding_constraint %b <@mesh, [{"x"}, {}]> : t {x = #sdy.sharding<@m2, [{"x", "y"}], replicated={"z"}>}"#;
        assert_eq!(
            open_shardings(text),
            r#"%a = sdy.sharding_constraint %b <@mesh, [{?}, {?}]> : t {x = #sdy.sharding<@m2, [{?}]>}"#
        );
        assert_eq!(mesh_names(text), BTreeSet::from(["mesh".to_string(), "m2".to_string()]));
    }
}
