//! Fragments: a set of top-level ops of a program cut out as a program of its own,
//! on a stage's mesh — what one mesh runs for one task of a pipeline (the
//! `mpmd.fragment` of the dialect).
//!
//! A fragment's inputs are the values its ops read and do not define (program
//! inputs keep their `parameter` flag; values of other fragments are activations),
//! in order of first use; its outputs are the values its ops define that anything
//! outside reads (another top-level op, or the program's outputs), in definition
//! order. Values keep their names, so a plan of one program applies to another by
//! name. Annotations are not copied: they are the whole program's, on its mesh.

use crate::dim_sharding::DimSharding;
use crate::error::Result;
use crate::ir::{Body, InputSpec, OpId, OpSpec, Program, ProgramBuilder, ValueDef, ValueId};
use crate::mesh::Mesh;
use crate::sharding::TensorSharding;
use std::collections::{BTreeMap, BTreeSet};

/// A fragment and where its values come from in the source program.
#[derive(Debug, Clone, PartialEq)]
pub struct Fragment {
    /// The fragment as a program.
    pub program: Program,
    /// The source value of each input, in input order.
    pub inputs: Vec<ValueId>,
    /// The source value of each output, in output order.
    pub outputs: Vec<ValueId>,
}

impl Fragment {
    /// Cuts the top-level ops `ops` (in program order) of `program` out as the program
    /// `name` on `mesh`. `keep` values are outputs even if nothing outside reads them.
    pub fn cut(program: &Program, name: &str, mesh: &Mesh, ops: &[OpId], keep: &[ValueId]) -> Result<Fragment> {
        Fragment::cut_whole(program, name, mesh, ops, keep, &[])
    }

    /// [`Fragment::cut`], with the values `whole` annotated open and without partial
    /// sums (`[{?}, ...]`): where the program is cut later, they pass whole.
    pub fn cut_whole(
        program: &Program,
        name: &str,
        mesh: &Mesh,
        ops: &[OpId],
        keep: &[ValueId],
        whole: &[ValueId],
    ) -> Result<Fragment> {
        let inside: BTreeSet<OpId> = ops.iter().copied().collect();
        let mut builder = ProgramBuilder::new(name, "mesh", mesh.clone());
        let mut map: BTreeMap<ValueId, ValueId> = BTreeMap::new();
        let mut inputs = Vec::new();
        for &op in ops {
            for &v in &program.op(op).operands {
                if map.contains_key(&v) || defined_by(program, v).is_some_and(|p| inside.contains(&p)) {
                    continue;
                }
                let value = program.value(v);
                let parameter = match value.def {
                    ValueDef::Input(i) => program.inputs()[i].parameter,
                    _ => false,
                };
                let spec = InputSpec {
                    name: value.name.clone(),
                    ty: value.ty.clone(),
                    parameter,
                    sharding: None,
                    loc: value.loc.clone(),
                };
                map.insert(v, builder.add_input(spec)?);
                inputs.push(v);
            }
            copy_op(&mut builder, program, op, &mut map, whole)?;
        }
        let outside = outside_reads(program, &inside);
        let mut outputs = Vec::new();
        for &op in ops {
            for &r in &program.op(op).results {
                if outside.contains(&r) || keep.contains(&r) {
                    builder.add_output(map[&r], None, None)?;
                    outputs.push(r);
                }
            }
        }
        Ok(Fragment { program: builder.finish()?, inputs, outputs })
    }
}

fn defined_by(program: &Program, v: ValueId) -> Option<OpId> {
    match program.value(v).def {
        ValueDef::OpResult { op, .. } => Some(op),
        _ => None,
    }
}

/// The values read outside `inside`: by other top-level ops, or as outputs.
fn outside_reads(program: &Program, inside: &BTreeSet<OpId>) -> BTreeSet<ValueId> {
    let mut out: BTreeSet<ValueId> = program.outputs().iter().map(|o| o.value).collect();
    for &op in program.top_level() {
        if !inside.contains(&op) {
            out.extend(program.op(op).operands.iter().copied());
        }
    }
    out
}

/// Copies `op` (with its regions) into `builder`, mapping operands through `map`
/// and recording its results (and its bodies' values) there.
pub(crate) fn copy_op(
    builder: &mut ProgramBuilder,
    program: &Program,
    op: OpId,
    map: &mut BTreeMap<ValueId, ValueId>,
    whole: &[ValueId],
) -> Result<()> {
    let o = program.op(op);
    let open = |r: ValueId| {
        let rank = program.value(r).ty.rank();
        let dims = vec![DimSharding::open(Vec::new()); rank];
        whole.contains(&r).then(|| TensorSharding::new("mesh", dims))
    };
    let result_shardings: Vec<Option<TensorSharding>> = o.results.iter().map(|&r| open(r)).collect();
    let spec = OpSpec {
        result_names: o.results.iter().map(|&r| program.value(r).name.clone()).collect(),
        kind: o.kind.clone(),
        operands: o.operands.iter().map(|v| map[v]).collect(),
        result_shardings: if result_shardings.iter().any(Option::is_some) { result_shardings } else { vec![] },
        loc: o.loc.clone(),
    };
    let results = if o.regions.is_empty() {
        builder.add_op(spec)?
    } else {
        let names = |body: &Body| body.args.iter().map(|&a| program.value(a).name.clone()).collect::<Vec<_>>();
        let mut args = builder.begin_region(spec, names(&o.regions[0]))?;
        for (i, body) in o.regions.iter().enumerate() {
            map.extend(body.args.iter().copied().zip(args.iter().copied()));
            for &inner in &body.ops {
                copy_op(builder, program, inner, map, whole)?;
            }
            let results: Vec<ValueId> = body.results.iter().map(|v| map[v]).collect();
            match o.regions.get(i + 1) {
                Some(next) => args = builder.next_region(results, names(next))?,
                None => args = builder.end_region(results)?,
            }
        }
        args
    };
    map.extend(o.results.iter().copied().zip(results));
    Ok(())
}
