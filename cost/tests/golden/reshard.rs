//! Golden cases for the reshard planner (`tests/data/reshard/`). File-wide `mesh NAME
//! <...>` lines declare meshes; a case gives `shape`, `from` and `to` (and optionally
//! `dtype`); `=>` lines are the plan autoshard uses (`autoshard reshard`, priced on the
//! H100 preset). Every sequence must check in the symbolic simulator. A case with
//! `shardy:` lines (Shardy's own collectives, `none` for none) is a conformance case:
//! Shardy's sequence must check too; Shardy's algorithm alone is compared with it
//! (the test asserts the exact-match rate); and when the plan autoshard uses differs
//! the case must say why (`differs:`) and that plan must cost no more than Shardy's.
//! A case with `expect-error` must fail with a message containing it.

use autoshard_cost::{HardwareSpec, Preset, Tensor, cheapest_plan, price, total_time};
use autoshard_executor::Tensor as ExecTensor;
use autoshard_executor::reshard_on_mesh;
use autoshard_model::ir::parse_shape;
use autoshard_model::reshard::{Collective, plan};
use autoshard_model::{DType, Mesh, Meshes, TensorSharding, TensorType};
use autoshard_testkit::{Case, Outcome};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Conformance cases seen; those where Shardy's algorithm alone
/// (`model::reshard::plan`) gives Shardy's exact sequence; those where the plan
/// autoshard uses (the cheaper of that and gather-then-slice) does.
pub static CONFORMANCE: AtomicUsize = AtomicUsize::new(0);
pub static ALGORITHM_EXACT: AtomicUsize = AtomicUsize::new(0);
pub static DEFAULT_EXACT: AtomicUsize = AtomicUsize::new(0);
/// Cases whose plans ran on real data on the CPU mesh (every case on one mesh).
pub static EXECUTED: AtomicUsize = AtomicUsize::new(0);

/// Runs `collectives` on random data of `shape` held as `from` on `mesh` and checks
/// that they leave the same tensor (all-reducing whatever they leave partial).
fn execute(
    mesh: &Mesh,
    shape: &[i64],
    dtype: DType,
    from: &TensorSharding,
    collectives: &[Collective],
    what: &str,
) -> Result<(), String> {
    let x = ExecTensor::random(&TensorType::new(shape.to_vec(), dtype), 7);
    let y = reshard_on_mesh(mesh, &x, from, collectives).map_err(|e| format!("{what} fails on the CPU mesh: {e}"))?;
    match x.max_abs_diff(&y) {
        0.0 => Ok(()),
        d => Err(format!("{what} changes the data on the CPU mesh (max difference {d})")),
    }
}

fn meshes(globals: &[(String, String)]) -> Result<Meshes, String> {
    let mut meshes = Meshes::default();
    for (key, value) in globals.iter().filter(|(k, _)| k == "mesh") {
        let (name, text) = value.split_once(' ').ok_or_else(|| format!("bad {key} line: {value}"))?;
        meshes.insert(name, text.parse().map_err(|e| format!("mesh {name}: {e}"))?);
    }
    Ok(meshes)
}

fn sharding(case: &Case, key: &str) -> Result<TensorSharding, String> {
    let text = case.get(key).ok_or_else(|| format!("missing {key}"))?;
    text.parse().map_err(|e| format!("{key} {text}: {e}"))
}

pub fn run_case(case: &Case, globals: &[(String, String)]) -> Outcome {
    let mut outcome = Outcome::default();
    if let Err(failure) = check_case(case, globals, &mut outcome) {
        outcome.failures.push(failure);
    }
    outcome
}

fn check_case(case: &Case, globals: &[(String, String)], outcome: &mut Outcome) -> Result<(), String> {
    let meshes = meshes(globals)?;
    let shape = parse_shape(case.get("shape").ok_or("missing shape")?).map_err(|e| e.to_string())?;
    let (from, to) = (sharding(case, "from")?, sharding(case, "to")?);
    let dtype: DType = case.get("dtype").unwrap_or("f32").parse().map_err(|e| format!("dtype: {e}"))?;
    let shardy_mode = match (plan(&meshes, &shape, &from, &to), case.get("expect-error")) {
        (Ok(planned), None) => planned,
        (Ok(_), Some(expected)) => return Err(format!("planned, but should fail with {expected:?}")),
        (Err(e), Some(expected)) if e.to_string().contains(expected) => {
            outcome.outputs.push(format!("error: {e}"));
            return Ok(());
        }
        (Err(e), _) => return Err(format!("cannot plan: {e}")),
    };
    let mesh = meshes.resolve(&from).map_err(|e| e.to_string())?;
    let hardware = HardwareSpec::from_preset(Preset::H100Sxm, mesh);
    let tensor = Tensor { meshes: &meshes, shape: &shape, dtype };
    let check = |what: &str, collectives: &[Collective]| {
        price(tensor, &from, collectives, &to, &hardware).map_err(|e| format!("{what} does not check: {e}"))
    };
    check("Shardy's algorithm's sequence", &shardy_mode)?;
    let ours = cheapest_plan(tensor, &from, &to, &hardware).map_err(|e| format!("cannot plan: {e}"))?;
    let lines: Vec<String> = ours.iter().map(|p| p.collective.to_string()).collect();
    let out_mesh = meshes.resolve(&to).map_err(|e| e.to_string())?;
    let one_mesh = from.mesh == to.mesh && !mesh.is_maximal() && out_mesh == mesh;
    if one_mesh {
        let collectives: Vec<Collective> = ours.iter().map(|p| p.collective.clone()).collect();
        execute(mesh, &shape, dtype, &from, &collectives, "the plan")?;
        EXECUTED.fetch_add(1, Ordering::Relaxed);
    }
    outcome.outputs = if lines.is_empty() { vec!["(no collectives)".into()] } else { lines.clone() };
    if case.get("shardy").is_none() {
        return Ok(());
    }
    CONFORMANCE.fetch_add(1, Ordering::Relaxed);
    let shardy: Vec<&str> = case.all("shardy").into_iter().filter(|l| *l != "none").collect();
    let theirs: Vec<Collective> =
        shardy.iter().map(|l| l.parse().map_err(|e| format!("bad shardy: line {l}: {e}"))).collect::<Result<_, _>>()?;
    let their_price = check("Shardy's sequence", &theirs)?;
    if one_mesh {
        execute(mesh, &shape, dtype, &from, &theirs, "Shardy's sequence")?;
    }
    let algorithm: Vec<String> = shardy_mode.iter().map(ToString::to_string).collect();
    if algorithm == shardy {
        ALGORITHM_EXACT.fetch_add(1, Ordering::Relaxed);
    } else {
        outcome.outputs.push("algorithm differs from Shardy's:".into());
        outcome.outputs.extend(algorithm.iter().map(|l| format!("  {l}")));
    }
    if lines == shardy {
        DEFAULT_EXACT.fetch_add(1, Ordering::Relaxed);
        return match case.get("differs") {
            Some(_) => Err("marked `differs:` but matches Shardy".into()),
            None => Ok(()),
        };
    }
    let (ours, theirs) = (total_time(&ours), total_time(&their_price));
    outcome.outputs.push(format!("cost: {ours} (Shardy's sequence: {theirs})"));
    if case.get("differs").is_none() {
        return Err(format!("differs from Shardy's {shardy:#?} without a `differs:` reason"));
    }
    if ours.0 > theirs.0 * (1.0 + 1e-9) {
        return Err(format!("costs {ours}, more than Shardy's {theirs}"));
    }
    Ok(())
}
