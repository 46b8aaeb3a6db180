//! The seed document's worked examples (`../shared/seeds/003_*`), each run and
//! compared with the seed's result. Two of the seed's examples are wrong as printed
//! and are run as they must be meant: `reduce_scatter`'s numbers are a sum (its text
//! says max) on 2x2 blocks, and `shift` takes its operand (`%0`).

use super::*;

fn t(rows: &[&[f64]]) -> LocalTensor {
    let shape = vec![rows.len() as i64, rows[0].len() as i64];
    LocalTensor::new(shape, rows.iter().flat_map(|r| r.iter().copied()).collect())
}

fn v(values: &[f64]) -> LocalTensor {
    LocalTensor::new(vec![values.len() as i64], values.to_vec())
}

fn run_text(mesh: &str, op: &str, inputs: Vec<Option<LocalTensor>>) -> Vec<Option<LocalTensor>> {
    let mesh: MeshOp = mesh.parse().unwrap();
    let op: Collective = op.parse().unwrap_or_else(|e| panic!("{op}: {e}"));
    run_collective(&op, &mesh, &inputs).unwrap_or_else(|e| panic!("{op}: {e}"))
}

/// The 2x2 blocks the seed's all_gather, gather and reduce_scatter start from.
fn blocks() -> Vec<Option<LocalTensor>> {
    vec![
        Some(t(&[&[1., 2.], &[3., 4.]])),
        Some(t(&[&[5., 6.], &[7., 8.]])),
        Some(t(&[&[9., 10.], &[11., 12.]])),
        Some(t(&[&[13., 14.], &[15., 16.]])),
    ]
}

#[test]
fn all_gather_and_all_slice() {
    let gathered = run_text(
        "mesh.mesh @mesh0(shape = 2x2)",
        "%1 = mesh.all_gather %0 on @mesh0 mesh_axes = [1] gather_axis = 1 : tensor<2x2xi8> -> tensor<2x4xi8>",
        blocks(),
    );
    let top = t(&[&[1., 2., 5., 6.], &[3., 4., 7., 8.]]);
    let bottom = t(&[&[9., 10., 13., 14.], &[11., 12., 15., 16.]]);
    assert_eq!(gathered, [Some(top.clone()), Some(top), Some(bottom.clone()), Some(bottom)]);
    let sliced = run_text(
        "mesh.mesh @mesh0(shape = 2x2)",
        "%1 = mesh.all_slice %0 on @mesh0 mesh_axes = [1] slice_axis = 1 : tensor<2x4xi8> -> tensor<2x2xi8>",
        gathered,
    );
    assert_eq!(sliced, blocks());
}

#[test]
fn all_to_all() {
    let out = run_text(
        "mesh.mesh @mesh0(shape = 3)",
        "%1 = mesh.all_to_all %0 on @mesh0 mesh_axes = [0] split_axis = 0 concat_axis = 0 : tensor<3x2xi8> -> tensor<3x2xi8>",
        vec![
            Some(t(&[&[11., 12.], &[13., 14.], &[15., 16.]])),
            Some(t(&[&[21., 22.], &[23., 24.], &[25., 26.]])),
            Some(t(&[&[31., 32.], &[33., 34.], &[35., 36.]])),
        ],
    );
    assert_eq!(
        out,
        [
            Some(t(&[&[11., 12.], &[21., 22.], &[31., 32.]])),
            Some(t(&[&[13., 14.], &[23., 24.], &[33., 34.]])),
            Some(t(&[&[15., 16.], &[25., 26.], &[35., 36.]])),
        ]
    );
}

#[test]
fn broadcast_gather_and_scatter() {
    let broadcast = run_text(
        "mesh.mesh @mesh0(shape = 2x2)",
        "%1 = mesh.broadcast %0 on @mesh0 mesh_axes = [0] root = [0] : (tensor<2xi8>) -> tensor<2xi8>",
        vec![Some(v(&[1., 2.])), Some(v(&[3., 4.])), None, None],
    );
    assert_eq!(broadcast, [Some(v(&[1., 2.])), Some(v(&[3., 4.])), Some(v(&[1., 2.])), Some(v(&[3., 4.]))]);
    let gathered = run_text(
        "mesh.mesh @mesh0(shape = 2x2)",
        "%1 = mesh.gather %0 on @mesh0 mesh_axes = [1] gather_axis = 1 root = [1] : (tensor<2x2xi8>) -> tensor<2x4xi8>",
        blocks(),
    );
    let top = t(&[&[1., 2., 5., 6.], &[3., 4., 7., 8.]]);
    let bottom = t(&[&[9., 10., 13., 14.], &[11., 12., 15., 16.]]);
    assert_eq!(gathered, [None, Some(top), None, Some(bottom)]);
    let scattered = run_text(
        "mesh.mesh @mesh0(shape = 2x2)",
        "%1 = mesh.scatter %0 on @mesh0 mesh_axes = [0] scatter_axis = 0 root = [1] : (tensor<2x2xi8>) -> tensor<1x2xi8>",
        vec![None, None, Some(t(&[&[1., 2.], &[3., 4.]])), Some(t(&[&[5., 6.], &[7., 8.]]))],
    );
    // Devices (0, 0), (0, 1), (1, 0), (1, 1).
    assert_eq!(scattered, [Some(t(&[&[1., 2.]])), Some(t(&[&[5., 6.]])), Some(t(&[&[3., 4.]])), Some(t(&[&[7., 8.]]))]);
}

#[test]
fn reduce_scatter_sums_as_the_seeds_numbers_do() {
    let out = run_text(
        "mesh.mesh @mesh0(shape = 2x2)",
        "%1 = mesh.reduce_scatter %0 on @mesh0 mesh_axes = [1] scatter_axis = 0 : tensor<2x2xf32> -> tensor<1x2xf32>",
        blocks(),
    );
    let want = [[6., 8.], [10., 12.], [22., 24.], [26., 28.]];
    assert_eq!(out, want.map(|r| Some(t(&[&r]))));
}

#[test]
fn shift_rotates_along_its_axis() {
    let out = run_text(
        "mesh.mesh @mesh0(shape = 2x4)",
        "%1 = mesh.shift %0 on @mesh0 mesh_axes = [1] shift_axis = 1 offset = 2 rotate : tensor<1xi8> -> tensor<1xi8>",
        (1..=8).map(|x| Some(v(&[f64::from(x)]))).collect(),
    );
    let want = [3., 4., 1., 2., 7., 8., 5., 6.];
    assert_eq!(out, want.map(|x| Some(v(&[x]))));
    // Without rotate, the first devices of each row get nothing.
    let out = run_text(
        "mesh.mesh @mesh0(shape = 1x4)",
        "%1 = mesh.shift %0 on @mesh0 mesh_axes = [1] shift_axis = 1 offset = 1 : tensor<1xi8> -> tensor<1xi8>",
        (1..=4).map(|x| Some(v(&[f64::from(x)]))).collect(),
    );
    assert_eq!(out, [None, Some(v(&[1.])), Some(v(&[2.])), Some(v(&[3.]))]);
}

#[test]
fn reductions_of_every_kind_but_generic() {
    let mesh = "mesh.mesh @m(shape = 3)";
    let inputs = || vec![Some(v(&[1., 6.])), Some(v(&[2., 5.])), Some(v(&[4., 3.]))];
    let cases = [
        ("sum", [7., 14.]),
        ("max", [4., 6.]),
        ("min", [1., 3.]),
        ("product", [8., 90.]),
        ("average", [7. / 3., 14. / 3.]),
        ("bitwise_and", [0., 0.]),
        ("bitwise_or", [7., 7.]),
        ("bitwise_xor", [7., 0.]),
    ];
    for (kind, want) in cases {
        let op = format!(
            "%1 = mesh.all_reduce %0 on @m mesh_axes = [0] reduction = <{kind}> : tensor<2xf32> -> tensor<2xf32>"
        );
        assert_eq!(run_text(mesh, &op, inputs()), vec![Some(v(&want)); 3], "{kind}");
    }
    let op: Collective =
        "%1 = mesh.all_reduce %0 on @m mesh_axes = [0] reduction = <generic> : tensor<2xf32> -> tensor<2xf32>"
            .parse()
            .unwrap();
    let error = run_collective(&op, &mesh.parse().unwrap(), &inputs()).unwrap_err().to_string();
    assert!(error.contains("no fixed meaning"), "{error}");
}
