//! The MLIR reader never panics: the JAX-lowered modules, Shardy's registry test and
//! mesh-dialect programs (annotated, and partitioned read against their global
//! program), with random bytes replaced, inserted or deleted, and random text, always
//! come back as a program or a located error.

use crate::end_to_end::{self, Loaded};
use proptest::prelude::*;
use std::sync::LazyLock;

/// The inputs the edits start from, read once.
static SOURCES: LazyLock<Vec<String>> = LazyLock::new(|| {
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("fixture {p}: {e}"));
    vec![
        read("tests/data/mlir/jax/mlp.mlir"),
        read("tests/data/mlir/jax/transformer_block.mlir"),
        read("tests/data/mlir/shardy/op_sharding_rule_registry.mlir").chars().take(6000).collect(),
        read("tests/data/mlir/mesh/annotated.mlir"),
        read("tests/data/mlir/spmd/mlp_rooted.spmd.mlir"),
    ]
});

/// The global program the partitioned one (the last source) is read against.
static GLOBAL: LazyLock<Loaded> = LazyLock::new(|| {
    let source = std::fs::read_to_string("tests/data/mlir/spmd/mlp.global.mlir").expect("the global program");
    Loaded::from_mlir("mlp.global.mlir", &source).expect("the global program reads")
});

/// The bytes edits insert: MLIR's punctuation, digits and letters.
const ALPHABET: &[u8] = b"%@#<>()[]{}:=,x\"-0123456789 \nabcfistensor.";

/// `source` with `edits` applied: (position, kind, byte).
fn mutate(source: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes = source.as_bytes().to_vec();
    for &(at, kind, b) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        let b = ALPHABET[usize::from(b) % ALPHABET.len()];
        match kind % 3 {
            0 => bytes[at] = b,
            1 => bytes.insert(at, b),
            _ => {
                bytes.remove(at);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn mutated_modules_never_panic(which in 0usize..5, edits in prop::collection::vec((0usize..100_000, 0u8..3, 0u8..43), 1..6)) {
        let source = mutate(&SOURCES[which], &edits);
        let _ = autoshard_stablehlo::functions("m.mlir", &source);
        let _ = autoshard_stablehlo::import_spmd("m.mlir", &source, &GLOBAL.program);
        // A mutant that still reads is priced and exported; the export must read back.
        if let Ok(config) = Loaded::from_mlir("m.mlir", &source)
            && let Ok(plan) = end_to_end::price(&config)
            && let Ok(module) = autoshard_stablehlo::export(&config.program, &plan.plan)
        {
            prop_assert!(Loaded::from_mlir("exported.mlir", &module).is_ok(), "{source}\n{module}");
        }
    }

    #[test]
    fn random_text_never_panics(source in "[%@#<>()\\[\\]{}:=,x\"a-z0-9 \n.-]{0,200}") {
        let _ = Loaded::from_mlir("m.mlir", &source);
        let _ = autoshard_stablehlo::import_spmd("m.mlir", &source, &GLOBAL.program);
    }
}
