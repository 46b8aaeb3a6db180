//! The memory a run takes, estimated before it runs ([`estimate_memory`]), against
//! what the run holds: bf16 blocks stored in 2 bytes. (Every example config's solved
//! plan at its small sizes is the facade's test, which reads the config language.)

use crate::fixture::Fixture;
use crate::planned;
use autoshard_executor::estimate_memory;
use autoshard_model::ops::DotGeneral;
use autoshard_model::{Bytes, DType, OpKind, Program};

/// Solves `program`, estimates its run and runs it: the estimate and the run.
fn estimate_and_run(program: &Program, name: &str) -> (autoshard_executor::MemoryEstimate, planned::Run) {
    let solved = planned::solve(program).unwrap_or_else(|e| panic!("{name}: {e}"));
    let estimate = estimate_memory(program, &planned::schedule(program, &solved));
    let run = planned::run(program, &solved, 3);
    assert!(run.verification.passed, "{name}: {:?}", run.verification);
    (estimate, run)
}

/// A bf16 program's inputs and their moved copies are held in 2 bytes per element,
/// its computed values in 4, and it still runs exactly as the reference.
#[test]
fn bf16_blocks_take_half_the_bytes_and_still_match_the_reference() {
    // x is split by rows, w replicated; the peak is before the dot, holding both.
    let program = |dtype: DType| {
        let mut p = Fixture::new(r#"<["x"=4]>"#);
        let x = p.input_as("x", &[64, 256], dtype, Some(r#"[{"x"}, {}]"#));
        let w = p.input_as("w", &[256, 8], dtype, Some("[{}, {}]"));
        let dims = DotGeneral { lhs_contracting_dims: vec![1], rhs_contracting_dims: vec![0], ..Default::default() };
        let h = p.op_sharded("h", OpKind::DotGeneral(dims), &[x, w], r#"[{"x"}, {}]"#);
        p.output(h, Some(r#"[{"x"}, {}]"#));
        p.finish()
    };
    let mut held = Vec::new();
    for dtype in [DType::F32, DType::BF16] {
        let (estimate, run) = estimate_and_run(&program(dtype), &dtype.to_string());
        assert_eq!(run.verification.max_abs_error, 0.0, "{dtype}: one device computes each row whole");
        assert_eq!(estimate.device_blocks, run.sharded.peak_bytes, "{dtype}");
        held.push(run.sharded.peak_bytes);
    }
    // x's block (16 x 256) and w (256 x 8) at 4 bytes, then 2.
    assert_eq!(held, [Bytes((16 * 256 + 256 * 8) * 4), Bytes((16 * 256 + 256 * 8) * 2)]);
}
