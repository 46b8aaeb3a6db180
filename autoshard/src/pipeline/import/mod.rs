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
//!   tasks in `@main`'s order;
//! - the microbatch loop the module writes is read as the pipeline's microbatches:
//!   an `mpmd.call` of a function holding fragments (Shardy's microbatching, one
//!   call per microbatch, `call_counter = n` naming microbatch n) is read as its
//!   callee's body with its arguments bound to the call's operands, an `mpmd.for`
//!   as its body once per iteration (iteration n microbatch n's, the carried values
//!   flowing from one iteration to the next); the pipeline, the reference and the
//!   order are those of the module with its calls and loops unrolled in order. That order is priced by the one makespan evaluator
//!   (`simulate_schedule`, whatever the order: no named schedule is forced), with
//!   each stage's tasks costing their fragments' prices and each boundary's hop the
//!   per-microbatch transfers across it, priced as the pipeline solve prices them
//!   (the link's latency and the larger direction's bytes over the smallest mesh's
//!   devices); a transfer that only reshards on one mesh is priced as that reshard's
//!   collectives. The module's data flow must follow from that order (every value a
//!   fragment reads made by a task the evaluator puts before it), else the module is
//!   refused.
//!
//! The work is split by concept: `walk.rs` reads `@main` op by op, `fragments.rs`
//! makes the fragment programs, `reference.rs` the reference, `tasks.rs` the
//! stages, tasks and order, `price.rs` the transfers, hops and memory.

mod fragments;
mod price;
mod reference;
mod tasks;
mod walk;

pub(crate) use fragments::called;

use crate::{Config, Error, Result};
use autoshard_cost::{HardwareSpec, LinkSpec, Preset, Timeline, simulate_schedule};
use autoshard_model::pipeline::{Schedule, StageCost, Task, Topology};
use autoshard_model::{Bytes, Program, ReductionKind, Seconds, TensorSharding, ValueId};
use autoshard_mpmd::{FuncOp, Module, Op, Type};

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
    /// Its place in `@main`'s order (its index among `@main`'s ops, calls and loops
    /// unrolled).
    pub position: usize,
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
    /// Its place in `@main`'s order, calls and loops unrolled.
    pub position: usize,
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
/// Reads the partitioned MPMD module in `source` (named `file` in errors) as a
/// pipeline, priced on `options`' hardware.
pub fn import_mpmd(file: &str, source: &str, options: &ImportOptions) -> Result<ImportedPipeline> {
    let module = crate::check_mpmd(file, source)?;
    Importer::new(file, &module, options)?.import()
}

fn pipeline_error(file: &str, line: u32, message: impl std::fmt::Display) -> Error {
    Error::Pipeline(format!("{file}:{line}: {message}"))
}

/// The module being read: its `@main`, meshes and their hardware.
struct Importer<'m> {
    file: &'m str,
    module: &'m Module,
    main: &'m FuncOp,
    topology: Topology,
    hardware: Vec<HardwareSpec>,
    link: LinkSpec,
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
        let walk = walk::walk(&self)?;
        let reference = self.reference(&walk.text)?;
        let tasks::Tasks { tasks, stages, microbatches, order } =
            tasks::tasks(file, &walk.found, &walk.programs, self.topology.meshes().len())?;
        let price::Priced { transfers, hops } = self.price_transfers(&walk, &tasks, stages.len());
        let costs: Vec<StageCost> = stages.iter().map(|s| s.cost).collect();
        tasks::check_data_flow(file, &walk.found, &tasks, &walk.held, &order, &costs)?;
        let timeline = simulate_schedule(&order, &costs, &hops)
            .map_err(|e| Error::Pipeline(format!("{file}: the module's order cannot run: {e}")))?;
        let schedule = tasks::named_schedule(&order, &stages, microbatches);
        let peak_memory = self.peak_memory(&walk);
        let value = |name: &String| reference::value(file, &reference, name);
        let fragments = walk
            .found
            .iter()
            .zip(&tasks)
            .map(|(f, t)| {
                Ok(ImportedFragment {
                    program: f.program,
                    mesh: f.mesh,
                    task: *t,
                    origins: f.origins.iter().map(|o| o.short().to_string()).collect(),
                    inputs: f.inputs.iter().map(value).collect::<Result<_>>()?,
                    outputs: f.outputs.iter().map(value).collect::<Result<_>>()?,
                    line: f.line,
                    position: f.position as usize,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let reduces = walk
            .reduces
            .iter()
            .map(|r| {
                Ok(ImportedReduce {
                    mesh: r.mesh,
                    kind: r.kind,
                    inputs: r.inputs.iter().map(value).collect::<Result<_>>()?,
                    output: value(&r.output)?,
                    position: r.position,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(ImportedPipeline {
            name: self.module.name.clone().unwrap_or_else(|| "main".into()).trim_start_matches('@').to_string(),
            topology: self.topology.clone(),
            hardware: self.hardware.clone(),
            link: self.link,
            reference,
            programs: walk.programs,
            fragments,
            reduces,
            transfers,
            stages,
            microbatches,
            order,
            schedule,
            hops,
            timeline,
            peak_memory,
        })
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
}

/// Whether `source` is a partitioned MPMD module: an `mpmd` module
/// ([`crate::is_mpmd`]) whose `@main` holds fragments or transfers (or calls and
/// loops whose bodies do), which
/// [`import_mpmd`] reads (a module before partitioning, with named computations, is
/// a program the StableHLO reader reads instead).
pub fn is_partitioned_mpmd(source: &str) -> bool {
    if !crate::is_mpmd(source) {
        return false;
    }
    match autoshard_mpmd::parse_module_with_top_level_ops("module.mlir", source) {
        Ok(module) => {
            module.func("main").and_then(|f| f.body.as_ref()).is_some_and(|b| partitioned_ops(&module, &b.ops, 0))
        }
        Err(_) => ["mpmd.fragment", "mpmd.transfer"].iter().any(|op| source.contains(op)),
    }
}

/// Whether `ops` hold a fragment or a transfer, directly or in the body of an
/// `mpmd.call`'s callee (a `func.call`'s of an MPMD function) or of an `mpmd.for`
/// (`depth` calls deep).
fn partitioned_ops(module: &Module, ops: &[autoshard_mpmd::Operation], depth: usize) -> bool {
    depth < 16
        && ops.iter().any(|o| match &o.op {
            Op::Fragment(_) | Op::FragmentCall(_) | Op::Transfer(_) => true,
            Op::Call(c) => module
                .func(&c.callee)
                .and_then(|f| f.body.as_ref())
                .is_some_and(|b| partitioned_ops(module, &b.ops, depth + 1)),
            Op::FuncCall(c) => module
                .func(&c.callee)
                .filter(|f| walk::is_mpmd_func(f))
                .and_then(|f| f.body.as_ref())
                .is_some_and(|b| partitioned_ops(module, &b.ops, depth + 1)),
            Op::For(f) => partitioned_ops(module, &f.body.ops, depth + 1),
            _ => false,
        })
}
