//! `solve --format mlir` of configs, golden: configs with every op the constructs
//! example lacks (`tests/data/export/`) and every config of `configs/` (goldens in
//! `tests/data/export/configs/`). Each exported module must read back with the plan's
//! argument and result shardings and, priced under its own constraints, run on the
//! CPU mesh matching the reference; the same plan in MLIR's `mesh` dialect (where it
//! has a form) must read back as the plan too. (The StableHLO reader's and writers'
//! own tests, on modules, are `stablehlo`'s.)

use crate::read_back;
use autoshard::model::{OpKind, Program, TensorSharding};

/// Every failure of `exported` (the module `solve --format mlir` wrote for `config`
/// and `plan`) to read back as the same plan ([`read_back::failures`]).
fn read_back_failures(config: &autoshard::Config, plan: &autoshard::model::Plan, exported: &str) -> Vec<String> {
    let again = autoshard::Config::from_mlir("exported.mlir", exported).map_err(|e| e.to_string());
    read_back::failures(
        &config.program,
        plan,
        again,
        |again| &again.program,
        |again| {
            let priced = autoshard::price(again, None).map_err(|e| e.to_string())?;
            Ok(autoshard::run(again, &priced, 3).map_err(|e| e.to_string())?.verification)
        },
    )
}

/// A sharding as the mesh dialect states it (axes by index), which the program's
/// axis names do not change.
fn stated(program: &Program, sharding: &TensorSharding, shape: &[i64]) -> String {
    match autoshard_mesh::mesh_sharding(program.mesh_name(), program.mesh(), sharding, shape) {
        Ok(s) => s.to_string(),
        Err(e) => format!("no mesh-dialect form: {e}"),
    }
}

/// Why `exported` (a plan in the mesh dialect) does not read back as `plan`: its
/// arguments' and results' shardings are compared, by axis index.
fn mesh_read_back_failures(config: &autoshard::Config, plan: &autoshard::model::Plan, exported: &str) -> Vec<String> {
    let again = match autoshard::Config::from_mlir("exported.mlir", exported) {
        Ok(c) => c,
        Err(e) => return vec![format!("the mesh-dialect module does not read back: {e}")],
    };
    let (old, new) = (&config.program, &again.program);
    // The read-back program holds each argument's and result's sharding as the
    // constraint on it: the first op reading an argument, the op a result comes from.
    let constraint = |v: autoshard::model::ValueId, reader: bool| -> Option<String> {
        let op = if reader {
            new.ops().iter().find(|op| op.operands.first() == Some(&v))
        } else {
            new.ops().iter().find(|op| op.results.contains(&v))
        }?;
        match &op.kind {
            OpKind::ShardingConstraint(s) => Some(stated(new, s, &new.value(v).ty.shape)),
            _ => None,
        }
    };
    let read: Vec<Option<String>> = (new.inputs().iter().map(|i| constraint(i.value, true)))
        .chain(new.outputs().iter().map(|o| constraint(o.value, false)))
        .collect();
    let planned: Vec<Option<String>> = (old.inputs().iter().map(|i| (i.value, None)))
        .chain(old.outputs().iter().map(|o| (o.value, Some(o))))
        .map(|(v, output)| {
            let held = plan.value(&old.value(v).name)?;
            let end = output.and_then(|o| o.target(held)).unwrap_or_else(|| held.clone());
            Some(stated(old, &end, &old.value(v).ty.shape))
        })
        .collect();
    if read != planned {
        return vec![format!("arguments and results read back as {read:?}, the plan has {planned:?}")];
    }
    Vec::new()
}

/// `solve --format mlir` of a config: the module (golden) and its read-back failures.
fn export_case(path: &std::path::Path) -> (String, Vec<String>) {
    let shown = path.display().to_string();
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{shown}: {e}"));
    let config = autoshard::Config::from_source(&shown, &source).unwrap_or_else(|e| panic!("{e}"));
    let solved = autoshard::solve(&config).unwrap_or_else(|e| panic!("{shown}: {e}"));
    let plan = &solved.plan;
    match autoshard::stablehlo::export(&config.program, plan) {
        Ok(module) => {
            let mut failures = read_back_failures(&config, plan, &module);
            // The same plan in the mesh dialect (where it has a form) reads back too.
            match autoshard::stablehlo::export_mesh(&config.program, plan) {
                Ok(mesh) => failures.extend(mesh_read_back_failures(&config, plan, &mesh)),
                Err(e) if e.to_string().contains("no form in the mesh dialect") => {}
                Err(e) => failures.push(format!("no mesh-dialect form: {e}")),
            }
            (module, failures)
        }
        Err(e) => (String::new(), vec![format!("no StableHLO form: {e}")]),
    }
}

#[test]
fn exported_modules_read_back_as_the_plan() {
    autoshard_testkit::run_files(autoshard_testkit::data!("export"), "yaml", export_case);
    autoshard_testkit::run_files_with_goldens(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../configs"),
        "yaml",
        autoshard_testkit::data!("export/configs"),
        export_case,
    );
}
