//! Pipelines of programs read from StableHLO modules with Shardy's MPMD ops
//! (`program: {module: PATH}`, `pipeline.microbatch_module`): the JAX-written example
//! (`configs/pipeline_jax.yaml`) reads into the chain its named computations make,
//! with the topology its `@main` declares, and the config's mistakes are located.

use autoshard::Config;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs/pipeline_jax.yaml");
const MODULES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs/pipeline_jax");

#[test]
fn the_jax_example_reads_as_a_chain_of_its_named_computations() {
    let config = Config::load(EXAMPLE).unwrap_or_else(|e| panic!("{e}"));
    let pipeline = config.pipeline.as_ref().expect("a pipeline");
    assert_eq!(pipeline.topology.to_string(), r#"#mpmd.topology<<"stage0": <["x"=2]>>, <"stage1": <["x"=2]>>>"#);
    // Forward "blockK" and backward "blockK"(1) are one unit each.
    assert_eq!(pipeline.chain.units, ["block0", "block1", "block2", "block3", "head"]);
    // The activations and labels are split; the weights are not.
    let program = &config.program;
    let split: Vec<&str> =
        pipeline.chain.split.iter().map(|&(i, _)| program.value(program.inputs()[i].value).name.as_str()).collect();
    assert_eq!(split, ["%arg9", "%arg10"]);
    assert_eq!(pipeline.chain.accumulated.len(), 10);
    assert_eq!(pipeline.microbatches, 4);
}

/// The error of the config `yaml` (its modules named by absolute path), which must
/// not read.
fn error_of(yaml: &str) -> String {
    let yaml = yaml.replace("MODULES", MODULES);
    match Config::from_source("modules.yaml", &yaml) {
        Ok(_) => panic!("the config reads, but must not:\n{yaml}"),
        Err(e) => e.to_string(),
    }
}

const HEAD: &str = "name: m\nmesh: {axes: {data: 2, model: 2}}\nprogram: {module: MODULES/step.mlir}\n";

#[test]
fn a_module_program_is_cut_by_a_second_module_not_by_a_size() {
    let by_size = format!("{HEAD}pipeline: {{microbatches: 4, batch: tokens, accumulate: {{loss: mean}}}}\n");
    let message = error_of(&by_size);
    assert!(message.starts_with("modules.yaml:4:29: error: a program read from a module has no sizes"), "{message}");
    let one = format!(
        "{HEAD}pipeline: {{microbatches: 1, microbatch_module: MODULES/step.mlir, accumulate: {{loss: mean}}}}\n"
    );
    assert!(error_of(&one).contains("needs at least 2 microbatches"), "{}", error_of(&one));
    let yaml_program = "name: m\nmesh: {axes: {x: 2}}\nprogram: {inputs: {a: {shape: [4]}}, ops: [], outputs: {a: {}}}\n\
        topology: {meshes: {a: {axes: {x: 1}}, b: {axes: {x: 1}}}}\n\
        pipeline: {microbatches: 2, microbatch_module: x.mlir, accumulate: {a: add}}\n";
    let message = error_of(yaml_program);
    assert!(message.contains("'microbatch_module' is for a program read from a module"), "{message}");
}

#[test]
fn a_missing_module_is_located_at_its_path() {
    let missing = "name: m\nmesh: {axes: {x: 2}}\nprogram: {module: MODULES/nothing.mlir}\n";
    let message = error_of(missing);
    assert!(message.starts_with("modules.yaml:3:19: error: cannot read the module "), "{message}");
    let extra = "name: m\nmesh: {axes: {x: 2}}\nprogram: {module: MODULES/step.mlir, ops: []}\n";
    assert!(error_of(extra).contains("'ops'"), "{}", error_of(extra));
}
