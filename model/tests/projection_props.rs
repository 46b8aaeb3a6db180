//! Properties of the projection of shardings onto rule factors.
//!
//! Over random meshes, random tensors whose dimensions are products of factors, and
//! random valid shardings (full axes and sub-axes, open or closed), projecting a
//! sharding onto the factors and back gives the sharding again (priorities are not
//! projected), as Shardy's algorithm guarantees for one tensor: every axis either lands
//! on a factor, overflows on a non-minor factor (and is kept), or goes to the
//! minor-most factor; back-projection stops only where the axes ran out. Also: a
//! non-minor factor without overflow is sharded by a divisor of its size.

use autoshard_model::{
    AxisRef, DimMapping, DimSharding, FactorId, Mesh, OpShardingRule, TensorFactorShardings, TensorMapping,
    TensorSharding,
};
use autoshard_model::{axes_size, push_or_merge};
use proptest::prelude::*;

const SIZES: [i64; 6] = [1, 2, 3, 4, 6, 8];

/// A mesh of 1 to 3 axes.
fn mesh() -> impl Strategy<Value = Mesh> {
    prop::collection::vec(prop::sample::select(&SIZES[1..]), 1..4).prop_map(|sizes| {
        Mesh::from_axes(sizes.iter().enumerate().map(|(i, &s)| (["a", "b", "c"][i], s))).expect("valid mesh")
    })
}

/// Per dimension, the sizes of its factors (compound dimensions have no size-1 factor).
fn dims() -> impl Strategy<Value = Vec<Vec<i64>>> {
    let dim = prop_oneof![
        prop::sample::select(&SIZES[..]).prop_map(|s| vec![s]),
        prop::collection::vec(prop::sample::select(&SIZES[1..]), 2..4),
    ];
    prop::collection::vec(dim, 1..4)
}

/// The rule `(mapping)->(mapping)` of a tensor with these factor sizes.
fn rule_for(dims: &[Vec<i64>]) -> OpShardingRule {
    let mut next = 0;
    let mut factor_sizes = Vec::new();
    let mapping = TensorMapping {
        dims: dims
            .iter()
            .map(|sizes| DimMapping {
                factors: sizes
                    .iter()
                    .map(|&s| {
                        factor_sizes.push(s);
                        next += 1;
                        FactorId(next - 1)
                    })
                    .collect(),
            })
            .collect(),
    };
    OpShardingRule { factor_sizes, operands: vec![mapping.clone()], results: vec![mapping], ..Default::default() }
}

/// Cuts every axis into parts, gives each part to a random dimension (or to nobody, or
/// to the replicated list) in a random order, and merges parts that end up adjacent.
fn sharding(mesh: &Mesh, rank: usize, seed: &[u64], closed: &[bool], priority: &[Option<i64>]) -> TensorSharding {
    let mut parts: Vec<AxisRef> = Vec::new();
    let mut rng = seed.iter().copied().cycle();
    let mut draw = move |n: usize| (rng.next().unwrap_or(0) as usize) % n.max(1);
    for axis in mesh.axes() {
        let (name, size) = (&axis.name, axis.size);
        let cuts: Vec<i64> = (2..size).filter(|d| size % d == 0).collect();
        match cuts.get(draw(cuts.len() + 1).wrapping_sub(1)) {
            Some(&first) if size > 1 => {
                parts.push(AxisRef::sub(name, 1, first));
                parts.push(AxisRef::sub(name, first, size / first));
            }
            _ => parts.push(AxisRef::full(name)),
        }
    }
    let mut dims: Vec<Vec<AxisRef>> = vec![Vec::new(); rank];
    let mut replicated = Vec::new();
    for _ in 0..parts.len() {
        let part = parts.remove(draw(parts.len()));
        match draw(rank + 2) {
            d if d < rank => push_or_merge(&mut dims[d], part, mesh),
            d if d == rank => replicated.push(part),
            _ => {}
        }
    }
    replicated.sort_by(|x, y| x.cmp_in_mesh(y, mesh));
    let mut merged: Vec<AxisRef> = Vec::new();
    for axis in replicated {
        push_or_merge(&mut merged, axis, mesh);
    }
    let dims = dims
        .into_iter()
        .enumerate()
        .map(|(d, axes)| {
            let closed = closed[d % closed.len()];
            let priority = if closed && axes.is_empty() { None } else { priority[d % priority.len()] };
            DimSharding { axes, closed, priority, offsets: None }
        })
        .collect();
    TensorSharding { replicated: merged, ..TensorSharding::new("mesh", dims) }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn project_then_back_project_is_identity(
        mesh in mesh(),
        dims in dims(),
        seed in prop::collection::vec(any::<u64>(), 8),
        closed in prop::collection::vec(any::<bool>(), 1..4),
        priority in prop::collection::vec(prop::option::of(0i64..3), 1..4),
    ) {
        let rule = rule_for(&dims);
        let shape: Vec<i64> = dims.iter().map(|d| d.iter().product()).collect();
        let original = sharding(&mesh, dims.len(), &seed, &closed, &priority);
        prop_assume!(original.verify(&mesh, &shape).is_ok());
        let mapping = &rule.operands[0];
        let projected = TensorFactorShardings::project(mapping, Some(&original), &rule.factor_sizes, &mesh, false)
            .expect("projectable");
        for (factor, fs) in &projected.factors {
            if !fs.minor_most && fs.overflow.is_empty() {
                let size = rule.factor_size(*factor);
                let sharded = axes_size(&fs.axes, &mesh);
                prop_assert!(size % sharded == 0, "factor {factor} of size {size} sharded {sharded} ways: {projected}");
            }
        }
        let back = projected.to_sharding(mapping, &rule.factor_sizes, original.mesh.clone(), &mesh);
        let expected = TensorSharding {
            dims: original.dims.iter().map(DimSharding::without_priority).collect(),
            ..original.clone()
        };
        prop_assert_eq!(back, expected, "rule {} projected {}", rule, projected);
    }
}
