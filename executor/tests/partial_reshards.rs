//! Partial values of every kind on the CPU mesh: over random meshes, shapes and
//! pairs of shardings where the source holds partial values of a random kind along
//! some axes and the target keeps some of them and makes others, the collectives
//! `model::reshard::plan` chooses, followed by the all-reduce of what is left
//! partial, give the tensor back. An average's partial values are each device's
//! block scaled by its group's size where `sharded_to_unreduced` makes them, and
//! the tensor itself on every device where `replicated_to_unreduced` does.

use autoshard_executor::{Tensor, reshard_on_mesh};
use autoshard_model::reshard::plan;
use autoshard_model::{AxisRef, DimSharding, Mesh, Meshes, ReductionKind, TensorSharding};
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// Each axis of `mesh` on a random dimension of a tensor of rank `rank`, left
/// free, or (with `partial`) unreduced.
fn sharding(rng: &mut TestRng, mesh: &Mesh, rank: usize, partial: bool) -> TensorSharding {
    let mut dims = vec![Vec::new(); rank];
    let mut unreduced = Vec::new();
    for axis in mesh.axes() {
        let axis = AxisRef::full(axis.name.clone());
        match (rng.next_u64() % (rank as u64 + 2)) as usize {
            d if d < rank => dims[d].push(axis),
            d if d == rank && partial => unreduced.push(axis),
            _ => {}
        }
    }
    let dims = dims.into_iter().map(DimSharding::closed).collect();
    TensorSharding { unreduced, ..TensorSharding::new("mesh", dims) }
}

fn cases() -> u32 {
    std::env::var("AUTOSHARD_PARTIAL_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(300)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn planned_reshards_of_partial_values_of_every_kind_give_the_tensor_back(seed in any::<[u8; 32]>()) {
        let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
        let axes: Vec<(&str, i64)> =
            [("x", 2), ("y", 3), ("z", 2)].into_iter().filter(|_| !rng.next_u64().is_multiple_of(3)).collect();
        let mesh = Mesh::from_axes(axes).unwrap();
        let rank = 1 + (rng.next_u64() % 2) as usize;
        let shape: Vec<i64> = (0..rank).map(|_| 1 + (rng.next_u64() % 7) as i64).collect();
        let kind = ReductionKind::ALL[(rng.next_u64() % ReductionKind::ALL.len() as u64) as usize];
        let mut from = sharding(&mut rng, &mesh, rank, true);
        from.reduction = kind;
        let mut to = sharding(&mut rng, &mesh, rank, true);
        // The target keeps any of the source's partial axes it leaves free.
        let kept = from.unreduced.iter().filter(|a| !to.dims.iter().any(|d| d.axes.contains(a)));
        to.unreduced.extend(kept.filter(|_| rng.next_u64().is_multiple_of(2)).cloned());
        to.unreduced.sort_by(|a, b| a.cmp_in_mesh(b, &mesh));
        to.unreduced.dedup();
        to.reduction = kind;
        let meshes = Meshes::single("mesh", mesh.clone());
        let collectives = plan(&meshes, &shape, &from, &to)
            .map_err(|e| TestCaseError::fail(format!("{from} -> {to} on {shape:?}: {e}")))?;
        let dims: Vec<usize> = shape.iter().map(|&n| n as usize).collect();
        // Small integers: every kind combines them exactly (an average of three
        // copies of 3x is x).
        let x = Tensor::from_fn(&dims, |i| i.iter().fold(0.0, |acc, &k| acc * 4.0 + k as f32 + 1.0));
        let y = reshard_on_mesh(&mesh, &x, &from, &collectives)
            .map_err(|e| TestCaseError::fail(format!("{from} -> {to} on {shape:?}: {e}")))?;
        let shown: Vec<String> = collectives.iter().map(ToString::to_string).collect();
        prop_assert_eq!(y, x, "{} -> {} on {:?}: {:?}", from, to, shape, shown);
    }
}
