//! Uneven shards on the CPU mesh: over random meshes, shapes and pairs of shardings
//! with random offsets (any cut, empty blocks included), the collectives
//! `model::reshard::plan` chooses move every element to the device the target cut
//! puts it on — the tensor assembled from the final blocks is the tensor itself.

use autoshard_executor::{Tensor, reshard_on_mesh};
use autoshard_model::reshard::plan;
use autoshard_model::{AxisRef, DimSharding, Mesh, Meshes, TensorSharding};
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// Random offsets for `shards` blocks of a dimension of `size`: sorted cut points.
fn offsets(rng: &mut TestRng, size: i64, shards: i64) -> Vec<i64> {
    let mut cuts: Vec<i64> = (1..shards).map(|_| (rng.next_u64() % (size as u64 + 1)) as i64).collect();
    cuts.sort_unstable();
    std::iter::once(0).chain(cuts).chain(std::iter::once(size)).collect()
}

/// A sharding of `shape` over the axes of `mesh`, each axis on a random dimension
/// or none, each split dimension cut at random offsets half of the time.
fn sharding(rng: &mut TestRng, mesh: &Mesh, shape: &[i64]) -> TensorSharding {
    let mut dims = vec![Vec::new(); shape.len()];
    for axis in mesh.axes() {
        let d = (rng.next_u64() % (shape.len() as u64 + 1)) as usize;
        if d < shape.len() {
            dims[d].push(AxisRef::full(axis.name.clone()));
        }
    }
    let dims = dims
        .into_iter()
        .zip(shape)
        .map(|(axes, &size)| {
            let dim = DimSharding::closed(axes);
            let shards = dim.sharded_size(mesh);
            let cut = !dim.axes.is_empty() && rng.next_u64().is_multiple_of(2);
            dim.with_offsets(cut.then(|| offsets(rng, size, shards)))
        })
        .collect();
    TensorSharding::new("mesh", dims)
}

fn cases() -> u32 {
    std::env::var("AUTOSHARD_UNEVEN_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(300)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn planned_reshards_between_any_cuts_keep_every_element(seed in any::<[u8; 32]>()) {
        let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
        let axes: Vec<(&str, i64)> =
            [("x", 2), ("y", 3), ("z", 2)].into_iter().filter(|_| !rng.next_u64().is_multiple_of(3)).collect();
        let mesh = Mesh::from_axes(axes).unwrap();
        let rank = 1 + (rng.next_u64() % 2) as usize;
        let shape: Vec<i64> = (0..rank).map(|_| 1 + (rng.next_u64() % 9) as i64).collect();
        let (from, to) = (sharding(&mut rng, &mesh, &shape), sharding(&mut rng, &mesh, &shape));
        let meshes = Meshes::single("mesh", mesh.clone());
        let collectives = plan(&meshes, &shape, &from, &to)
            .map_err(|e| TestCaseError::fail(format!("{from} -> {to} on {shape:?}: {e}")))?;
        let dims: Vec<usize> = shape.iter().map(|&n| n as usize).collect();
        let x = Tensor::from_fn(&dims, |i| i.iter().fold(0.0, |acc, &k| acc * 10.0 + k as f32 + 1.0));
        let y = reshard_on_mesh(&mesh, &x, &from, &collectives)
            .map_err(|e| TestCaseError::fail(format!("{from} -> {to} on {shape:?}: {e}")))?;
        let shown: Vec<String> = collectives.iter().map(ToString::to_string).collect();
        prop_assert_eq!(y, x, "{} -> {} on {:?}: {:?}", from, to, shape, shown);
    }
}
