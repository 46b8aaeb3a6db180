//! Halo exchange against the whole tensor: every device's result is the window of
//! the whole tensor around its core, and what lies off the tensor's edges keeps the
//! destination's values.

use super::*;
use proptest::prelude::*;

/// One case: the mesh, the tensor split over it, the halos.
#[derive(Debug, Clone)]
struct Case {
    mesh: Vec<i64>,
    /// Per tensor dimension, the mesh axes splitting it.
    split_axes: Vec<Vec<i64>>,
    /// Per tensor dimension, the core size.
    core: Vec<i64>,
    source_halo: Vec<(i64, i64)>,
    destination_halo: Vec<(i64, i64)>,
}

fn case() -> impl Strategy<Value = Case> {
    // A 1-D mesh splitting one dimension, or a 2-D mesh splitting two (or one over both axes).
    let meshes = prop_oneof![
        (1i64..5).prop_map(|n| (vec![n], vec![vec![0], vec![]])),
        (1i64..4, 1i64..4).prop_map(|(a, b)| (vec![a, b], vec![vec![0], vec![1]])),
        (1i64..3, 1i64..3).prop_map(|(a, b)| (vec![a, b], vec![vec![], vec![1, 0]])),
    ];
    (meshes, prop::collection::vec(1i64..5, 2))
        .prop_flat_map(|((mesh, split_axes), core)| {
            let halo = |limit: &Vec<i64>| {
                let c = limit.clone();
                prop::collection::vec((0i64..3, 0i64..3), 2)
                    .prop_map(move |h| h.iter().zip(&c).map(|(&(l, r), &n)| (l.min(n), r.min(n))).collect::<Vec<_>>())
            };
            (Just(mesh), Just(split_axes), Just(core.clone()), halo(&core), halo(&core))
        })
        .prop_map(|(mesh, split_axes, core, source_halo, destination_halo)| Case {
            mesh,
            split_axes,
            core,
            source_halo,
            destination_halo,
        })
}

fn run_case(case: &Case) -> std::result::Result<(), TestCaseError> {
    let split: Vec<usize> = (0..2).filter(|&d| !case.split_axes[d].is_empty()).collect();
    let shards = |d: usize| case.split_axes[d].iter().map(|&a| case.mesh[a as usize]).product::<i64>();
    let whole: Vec<i64> = (0..2).map(|d| case.core[d] * shards(d)).collect();
    let value = |g: &[i64]| (g[0] * 1000 + g[1]) as f64;
    let halo_of = |h: &[(i64, i64)], d: usize| if split.contains(&d) { h[d] } else { (0, 0) };
    let buffer =
        |h: &[(i64, i64)]| -> Vec<i64> { (0..2).map(|d| case.core[d] + halo_of(h, d).0 + halo_of(h, d).1).collect() };
    let mesh = MeshOp { name: "m".into(), shape: case.mesh.iter().map(|&n| crate::mesh_op::Dim::Static(n)).collect() };
    let devices = case.mesh.iter().product::<i64>() as usize;
    // Device d's shard index along each dimension.
    let shard_index = |device: usize, d: usize| {
        let c = coordinates(device as i64, &case.mesh);
        case.split_axes[d].iter().fold(0, |i, &a| i * case.mesh[a as usize] + c[a as usize])
    };
    let fill = |device: usize, h: &[(i64, i64)], outside: f64| {
        let shape = buffer(h);
        let mut data = Vec::new();
        for i in 0..shape[0] {
            for j in 0..shape[1] {
                let g: Vec<i64> =
                    (0..2).map(|d| shard_index(device, d) * case.core[d] + [i, j][d] - halo_of(h, d).0).collect();
                let inside_core = (0..2).all(|d| {
                    let p = [i, j][d] - halo_of(h, d).0;
                    (0..case.core[d]).contains(&p)
                });
                data.push(if inside_core { value(&g) } else { outside });
            }
        }
        LocalTensor::new(shape, data)
    };
    let sources: Vec<LocalTensor> = (0..devices).map(|d| fill(d, &case.source_halo, -7.0)).collect();
    let destinations: Vec<LocalTensor> = (0..devices).map(|d| fill(d, &case.destination_halo, -1.0)).collect();
    let flat = |h: &[(i64, i64)]| split.iter().flat_map(|&d| [h[d].0, h[d].1]).collect::<Vec<i64>>();
    let ty = |h: &[(i64, i64)]| crate::types::TensorType {
        shape: buffer(h).into_iter().map(crate::mesh_op::Dim::Static).collect(),
        element: "f32".into(),
    };
    let op = UpdateHalo {
        result: "r".into(),
        source: "s".into(),
        destination: "d".into(),
        mesh: "m".into(),
        split_axes: case.split_axes.clone(),
        source_halo_sizes: flat(&case.source_halo),
        destination_halo_sizes: flat(&case.destination_halo),
        source_type: ty(&case.source_halo),
        result_type: ty(&case.destination_halo),
    };
    let out = run_update_halo(&op, &mesh, &sources, &destinations).map_err(|e| TestCaseError::fail(e.to_string()))?;
    for (device, got) in out.iter().enumerate() {
        let shape = buffer(&case.destination_halo);
        for i in 0..shape[0] {
            for j in 0..shape[1] {
                let g: Vec<i64> = (0..2)
                    .map(|d| shard_index(device, d) * case.core[d] + [i, j][d] - halo_of(&case.destination_halo, d).0)
                    .collect();
                let on_tensor = (0..2).all(|d| (0..whole[d]).contains(&g[d]));
                let want = if on_tensor { value(&g) } else { -1.0 };
                let at = (i * shape[1] + j) as usize;
                prop_assert_eq!(got.data[at], want, "device {} at ({}, {}) of {:?}", device, i, j, case);
            }
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn halos_hold_the_neighbours_data(case in case()) {
        run_case(&case)?;
    }
}

/// A 1-D example by hand: four shards of 4, halos of 1 before and 2 after.
#[test]
fn a_row_of_four_shards() {
    let mesh: MeshOp = "mesh.mesh @m(shape = 4)".parse().unwrap();
    let op: UpdateHalo = "%r = mesh.update_halo %s into %d on @m split_axes = [[0]] destination_halo_sizes = [1, 2] \
                          : tensor<4xf32> -> tensor<7xf32>"
        .parse()
        .unwrap();
    let sources: Vec<LocalTensor> =
        (0..4).map(|d| LocalTensor::new(vec![4], (0..4).map(|i| f64::from(d * 4 + i)).collect())).collect();
    let destinations = vec![LocalTensor::new(vec![7], vec![0.0; 7]); 4];
    let out = run_update_halo(&op, &mesh, &sources, &destinations).unwrap();
    assert_eq!(out[0].data, [0., 0., 1., 2., 3., 4., 5.]);
    assert_eq!(out[1].data, [3., 4., 5., 6., 7., 8., 9.]);
    assert_eq!(out[3].data, [11., 12., 13., 14., 15., 0., 0.]);
}
