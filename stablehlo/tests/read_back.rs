//! Whether a module exported for a plan reads back as the plan. Shared by the
//! read-back checks here (`golden.rs`: JAX modules) and the facade's export goldens,
//! which include this file (`autoshard/tests/exported_modules.rs`: configs); it uses
//! the model and the executor's verdict alone, each caller its own way of reading,
//! pricing and running a module.

use autoshard_executor::Verification;
use autoshard_model::{Plan, Program, TensorSharding, ValueId};

/// Every failure of an exported module (written for `program` and `plan`) to read
/// back as the same plan: `again` (the module read back, or why it does not read)
/// must carry the plan's shardings on its arguments and results (`program_of` gives
/// its program), and for programs small enough `run` (the read-back module priced
/// under its own annotations and run on the CPU mesh, or why it does not run) must
/// match the reference.
pub fn failures<L>(
    program: &Program,
    plan: &Plan,
    again: Result<L, String>,
    program_of: impl Fn(&L) -> &Program,
    run: impl FnOnce(&L) -> Result<Verification, String>,
) -> Vec<String> {
    let again = match again {
        Ok(again) => again,
        Err(e) => return vec![format!("the exported module does not read back: {e}")],
    };
    let read = program_of(&again);
    let mut failures: Vec<String> = boundary_mismatch(program, plan, read).into_iter().collect();
    let elements: u64 = read.values().iter().map(|v| v.ty.num_elements()).sum();
    if elements < 4_000_000 {
        match run(&again) {
            Ok(verification) if verification.passed => {}
            Ok(verification) => failures.push(format!("the read-back module's sharded run differs: {verification:?}")),
            Err(e) => failures.push(format!("the read-back module does not run: {e}")),
        }
    }
    failures
}

/// Why `read` (the program of the module written for `program` and `plan`, read
/// back) does not carry `plan`'s shardings on its arguments and results; `None` when
/// it does.
fn boundary_mismatch(program: &Program, plan: &Plan, read: &Program) -> Option<String> {
    let planned: Vec<(String, Option<String>)> = (program.inputs().iter().map(|i| i.value))
        .chain(program.outputs().iter().map(|o| o.value))
        .map(|v| {
            let value = program.value(v);
            (value.ty.to_string(), plan.value(&value.name).map(|s| s.stripped().to_string()))
        })
        .collect();
    let stated =
        |v: ValueId, s: Option<&TensorSharding>| (read.value(v).ty.to_string(), s.map(|s| s.stripped().to_string()));
    let ins = read.inputs().iter().map(|i| stated(i.value, i.sharding.as_ref()));
    let outs = read.outputs().iter().map(|o| stated(o.value, o.sharding.as_ref()));
    let read: Vec<(String, Option<String>)> = ins.chain(outs).collect();
    (read != planned).then(|| format!("arguments and results read back as {read:?}, the plan has {planned:?}"))
}
