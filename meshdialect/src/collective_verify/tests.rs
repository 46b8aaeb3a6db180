//! The collective forms of upstream MLIR's `mlir/test/Dialect/Mesh/ops.mlir` (valid:
//! they read, print back the same and verify) and the collective cases of its
//! `invalid.mlir` (refused with its message), written in the seed's syntax.

use super::*;

fn meshes() -> Vec<MeshOp> {
    [
        "mesh.mesh @mesh0(shape = 2x2x4)",
        "mesh.mesh @mesh1(shape = 4x?)",
        "mesh.mesh @mesh3(shape = ?x?)",
        "mesh.mesh @mesh4(shape = 3)",
        "mesh.mesh @one(shape = 1)",
        "mesh.mesh @one_two(shape = 1x2)",
        "mesh.mesh @dyn_one(shape = ?x1)",
        "mesh.mesh @one_one(shape = 1x1)",
        "mesh.mesh @three_dyn(shape = 3x?)",
        "mesh.mesh @two_four(shape = 2x4)",
    ]
    .iter()
    .map(|m| m.parse().unwrap())
    .collect()
}

#[test]
fn valid_collectives_read_print_back_and_verify() {
    let cases = [
        "%0 = mesh.all_reduce %arg0 on @mesh0 mesh_axes = [1, 0] reduction = <max> : tensor<3x4xf32> -> tensor<3x4xf64>",
        "%0 = mesh.all_gather %arg0 on @mesh0 mesh_axes = [2] gather_axis = 1 : tensor<3x4xf32> -> tensor<3x16xf32>",
        "%0 = mesh.all_gather %arg0 on @mesh0 mesh_axes = [2] gather_axis = 1 : tensor<?x?xf32> -> tensor<?x?xf32>",
        "%0 = mesh.all_gather %arg0 on @mesh3 mesh_axes = [1] gather_axis = 1 : tensor<5x6xf32> -> tensor<5x?xf32>",
        "%0 = mesh.all_slice %arg0 on @mesh0 mesh_axes = [2] slice_axis = 1 : tensor<3x4xf32> -> tensor<3x1xf32>",
        "%0 = mesh.all_slice %arg0 on @mesh3 mesh_axes = [0, 1] slice_axis = 0 : tensor<?xf32> -> tensor<?xf32>",
        "%0 = mesh.all_to_all %arg0 on @mesh4 split_axis = 1 concat_axis = 0 : tensor<3x6xi8> -> tensor<3x6xi8>",
        "%0 = mesh.all_to_all %arg0 on @mesh4 split_axis = 0 concat_axis = 0 : tensor<3xi8> -> tensor<3xi8>",
        "%0 = mesh.all_to_all %arg0 on @mesh0 mesh_axes = [0, 1] split_axis = 0 concat_axis = 1 : tensor<2x3xi8> -> tensor<?x12xi8>",
        "%0 = mesh.broadcast %arg0 on @mesh0 mesh_axes = [0, 2] root = [0, 1] : (tensor<3x6xi8>) -> tensor<3x6xi8>",
        "%0 = mesh.gather %arg0 on @mesh0 mesh_axes = [0, 2] gather_axis = 0 root = [0, 1] : (tensor<3x6xi8>) -> tensor<24x6xi8>",
        "%0 = mesh.recv %arg0 on @mesh0 mesh_axes = [0, 2] source = [0, 1] : (tensor<2xi8>) -> tensor<2xi8>",
        "%0 = mesh.recv %arg0 on @mesh0 mesh_axes = [0, 2] : (tensor<2xi8>) -> tensor<2xi8>",
        "%0 = mesh.reduce %arg0 on @mesh0 mesh_axes = [0, 2] root = [0, 1] : (tensor<2xi8>) -> tensor<2xi16>",
        "%0 = mesh.reduce_scatter %arg0 on @mesh0 mesh_axes = [2] reduction = <max> scatter_axis = 1 : tensor<3x4xf32> -> tensor<3x1xf64>",
        "%0 = mesh.reduce_scatter %arg0 on @mesh3 mesh_axes = [0, 1] scatter_axis = 0 : tensor<?xf32> -> tensor<?xf64>",
        "%0 = mesh.scatter %arg0 on @mesh0 mesh_axes = [2] scatter_axis = 1 root = [1] : (tensor<3x4xf32>) -> tensor<3x1xf32>",
        "%0 = mesh.send %arg0 on @mesh0 mesh_axes = [0, 2] destination = [0, 1] : (tensor<2xi8>) -> tensor<2xi8>",
        "%0 = mesh.shift %arg0 on @mesh0 mesh_axes = [0, 2] shift_axis = 2 offset = -2 rotate : tensor<2xi8> -> tensor<2xi8>",
    ];
    let meshes = meshes();
    for text in cases {
        let op: Collective = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(op.to_string(), text);
        op.verify(&meshes).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    // Upstream prints a reduction bare, and the default `sum` not at all.
    let bare: Collective =
        "%0 = mesh.all_reduce %arg0 on @mesh0 reduction = sum : tensor<3xf32> -> tensor<3xf32>".parse().unwrap();
    assert_eq!(bare.to_string(), "%0 = mesh.all_reduce %arg0 on @mesh0 : tensor<3xf32> -> tensor<3xf32>");
}

/// `(op text, message)`: the collective cases of invalid.mlir.
const INVALID: &[(&str, &str)] = &[
    (
        "mesh.all_reduce %arg0 on @this_mesh_symbol_does_not_exist : tensor<4xf32> -> tensor<4xf64>",
        "Undefined required mesh symbol \"this_mesh_symbol_does_not_exist\".",
    ),
    (
        "mesh.all_reduce %arg0 on @two_four mesh_axes = [2] : tensor<4xf32> -> tensor<4xf64>",
        "0-based mesh axis index 2 is out of bounds. The referenced mesh \"two_four\" is of rank 2.",
    ),
    (
        "mesh.all_reduce %arg0 on @two_four mesh_axes = [0, 1, 0] : tensor<4xf32> -> tensor<4xf64>",
        "Mesh axes contains duplicate elements.",
    ),
    (
        "mesh.all_reduce %arg0 on @two_four mesh_axes = [0] : tensor<4xf32> -> tensor<5xf64>",
        "'mesh.all_reduce' op requires the same shape for all operands and results",
    ),
    (
        "mesh.all_gather %arg0 on @two_four mesh_axes = [2, 2] gather_axis = 0 : tensor<4xf32> -> tensor<4xf32>",
        "0-based mesh axis index 2 is out of bounds",
    ),
    (
        "mesh.all_gather %arg0 on @mesh0 mesh_axes = [2, 2] gather_axis = 0 : tensor<4xf32> -> tensor<4xf32>",
        "Mesh axes contains duplicate elements.",
    ),
    (
        "mesh.all_gather %arg0 on @one mesh_axes = [0] gather_axis = 0 : tensor<3x4xf32> -> tensor<3x5xf32>",
        "Dimension size mismatch for result axis 1. Expected 4, but got 5.",
    ),
    (
        "mesh.all_gather %arg0 on @one_two mesh_axes = [1] gather_axis = 1 : tensor<3x4xf32> -> tensor<3x5xf32>",
        "Dimension size mismatch for result axis 1. Expected 8, but got 5.",
    ),
    (
        "mesh.all_gather %arg0 on @one mesh_axes = [0] gather_axis = 0 : tensor<?xf32> -> tensor<3xf32>",
        "Dimension size mismatch for result axis 0. Expected dynamic, but got 3.",
    ),
    (
        "mesh.all_gather %arg0 on @one mesh_axes = [0] gather_axis = 1 : tensor<3xf32> -> tensor<3xf32>",
        "Gather axis 1 is out of bounds [0, 1).",
    ),
    (
        "mesh.all_gather %arg0 on @one mesh_axes = [0] gather_axis = -1 : tensor<3xf32> -> tensor<3xf32>",
        "Gather axis -1 is out of bounds [0, 1).",
    ),
    (
        "mesh.all_slice %arg0 on @mesh4 mesh_axes = [0, 0] slice_axis = 0 : tensor<3xf32> -> tensor<3xf32>",
        "Mesh axes contains duplicate elements.",
    ),
    (
        "mesh.all_slice %arg0 on @mesh4 mesh_axes = [0] slice_axis = 0 : tensor<?xf32> -> tensor<2xf32>",
        "Dimension size mismatch for result axis 0. Expected dynamic, but got 2.",
    ),
    (
        "mesh.all_slice %arg0 on @mesh4 mesh_axes = [0] slice_axis = 0 : tensor<3xf32> -> tensor<2xf32>",
        "Dimension size mismatch for result axis 0. Expected 1, but got 2.",
    ),
    (
        "mesh.all_slice %arg0 on @mesh4 mesh_axes = [0] slice_axis = 0 : tensor<4xf32> -> tensor<1xf32>",
        "Operand dimension size 4 is not divisible by collective device group size 3 for tensor axis 0.",
    ),
    (
        "mesh.all_to_all %arg0 on @mesh4 mesh_axes = [0, 0] split_axis = 0 concat_axis = 0 : tensor<3xi8> -> tensor<3xi8>",
        "Mesh axes contains duplicate elements.",
    ),
    (
        "mesh.all_to_all %arg0 on @dyn_one mesh_axes = [0] split_axis = 0 concat_axis = 1 : tensor<3x6xi8> -> tensor<3x6xi8>",
        "Dimension size mismatch for result axis 1. Expected dynamic, but got 6.",
    ),
    (
        "mesh.all_to_all %arg0 on @one_one mesh_axes = [0] split_axis = 0 concat_axis = 1 : tensor<?x6xi8> -> tensor<3x?xi8>",
        "Dimension size mismatch for result axis 0. Expected dynamic, but got 3.",
    ),
    (
        "mesh.all_to_all %arg0 on @mesh4 mesh_axes = [0] split_axis = 0 concat_axis = 1 : tensor<3x2xi8> -> tensor<1x7xi8>",
        "Dimension size mismatch for result axis 1. Expected 6, but got 7.",
    ),
    (
        "mesh.all_to_all %arg0 on @mesh4 mesh_axes = [0] split_axis = 0 concat_axis = 1 : tensor<3x2xi8> -> tensor<2x6xi8>",
        "Dimension size mismatch for result axis 0. Expected 1, but got 2.",
    ),
    (
        "mesh.broadcast %arg0 on @three_dyn mesh_axes = [0] root = [3] : (tensor<2xi8>) -> tensor<2xi8>",
        "Out of bounds coordinate 0 for in-group device \"root\". Got 3, but expected value in the range [0, 2].",
    ),
    (
        "mesh.broadcast %arg0 on @three_dyn mesh_axes = [0] root = [2, 2] : (tensor<2xi8>) -> tensor<2xi8>",
        "In-group device \"root\" has unexpected multi-index size 2. Expected 1.",
    ),
    (
        "mesh.broadcast %arg0 on @three_dyn mesh_axes = [0] root = [0] : (tensor<2xi8>) -> tensor<2xi16>",
        "'mesh.broadcast' op failed to verify that all of {input, result} have same element type",
    ),
    (
        "mesh.gather %arg0 on @three_dyn mesh_axes = [0] gather_axis = 0 root = [0] : (tensor<2xf32>) -> tensor<6xi8>",
        "'mesh.gather' op failed to verify that all of {input, result} have same element type",
    ),
    (
        "mesh.gather %arg0 on @one_two mesh_axes = [1] gather_axis = 1 root = [0] : (tensor<3x4xf32>) -> tensor<3x5xf32>",
        "Dimension size mismatch for result axis 1. Expected 8, but got 5.",
    ),
    (
        "mesh.gather %arg0 on @three_dyn mesh_axes = [0] gather_axis = 0 root = [3] : (tensor<2xf32>) -> tensor<6xf32>",
        "Out of bounds coordinate 0 for in-group device \"root\". Got 3",
    ),
    (
        "mesh.recv %arg0 on @three_dyn mesh_axes = [0] source = [3] : (tensor<2xi8>) -> tensor<2xi8>",
        "Out of bounds coordinate 0 for in-group device \"source\". Got 3",
    ),
    (
        "mesh.recv %arg0 on @three_dyn mesh_axes = [0] source = [2, 2] : (tensor<2xi8>) -> tensor<2xi8>",
        "In-group device \"source\" has unexpected multi-index size 2. Expected 1.",
    ),
    (
        "mesh.recv %arg0 on @three_dyn mesh_axes = [0] source = [0] : (tensor<2xi8>) -> tensor<2xi16>",
        "'mesh.recv' op failed to verify that all of {input, result} have same element type",
    ),
    (
        "mesh.reduce %arg0 on @three_dyn mesh_axes = [0] root = [3] : (tensor<2xi8>) -> tensor<2xi8>",
        "Out of bounds coordinate 0 for in-group device \"root\". Got 3",
    ),
    (
        "mesh.reduce %arg0 on @three_dyn mesh_axes = [0] root = [0] : (tensor<2xi8>) -> tensor<3xi16>",
        "'mesh.reduce' op failed to verify that all of {input, result} have same shape",
    ),
    (
        "mesh.reduce_scatter %arg0 on @mesh4 mesh_axes = [0] scatter_axis = 0 : tensor<4xf32> -> tensor<1xf64>",
        "Operand dimension size 4 is not divisible by collective device group size 3 for tensor axis 0.",
    ),
    (
        "mesh.reduce_scatter %arg0 on @mesh4 mesh_axes = [0] scatter_axis = 0 : tensor<3xf32> -> tensor<2xf64>",
        "Dimension size mismatch for result axis 0. Expected 1, but got 2.",
    ),
    (
        "mesh.scatter %arg0 on @mesh4 mesh_axes = [0] scatter_axis = 0 root = [0] : (tensor<4xf32>) -> tensor<1xf32>",
        "Operand dimension size 4 is not divisible by collective device group size 3 for tensor axis 0.",
    ),
    (
        "mesh.scatter %arg0 on @three_dyn mesh_axes = [0] scatter_axis = 0 root = [3] : (tensor<3xf32>) -> tensor<1xf32>",
        "Out of bounds coordinate 0 for in-group device \"root\". Got 3",
    ),
    (
        "mesh.send %arg0 on @three_dyn mesh_axes = [0] destination = [3] : (tensor<2xi8>) -> tensor<2xi8>",
        "Out of bounds coordinate 0 for in-group device \"destination\". Got 3",
    ),
    (
        "mesh.send %arg0 on @three_dyn mesh_axes = [0] destination = [0] : (tensor<2xi8>) -> tensor<2xi16>",
        "'mesh.send' op failed to verify that all of {input, result} have same element type",
    ),
    (
        "mesh.shift %arg0 on @mesh0 mesh_axes = [0, 1, 0] shift_axis = 0 offset = 2 : tensor<4xi8> -> tensor<4xi8>",
        "Mesh axes contains duplicate elements.",
    ),
    (
        "mesh.shift %arg0 on @mesh0 mesh_axes = [0] shift_axis = 0 offset = 2 : tensor<4xi8> -> tensor<5xi8>",
        "'mesh.shift' op requires the same shape for all operands and results",
    ),
    (
        "mesh.shift %arg0 on @mesh0 mesh_axes = [0] shift_axis = 1 offset = 2 : tensor<4xi8> -> tensor<4xi8>",
        "Invalid shift axis 1. It must be one of the grouping mesh axes.",
    ),
    (
        "mesh.all_gather %arg0 on @this_mesh_symbol_does_not_exist gather_axis = 0 : tensor<4xf32> -> tensor<4xf32>",
        "Undefined required mesh symbol \"this_mesh_symbol_does_not_exist\".",
    ),
    (
        "mesh.all_to_all %arg0 on @nowhere split_axis = 1 concat_axis = 0 : tensor<3x6xi8> -> tensor<3x6xi8>",
        "Undefined required mesh symbol \"nowhere\".",
    ),
    (
        "mesh.all_to_all %arg0 on @one_one mesh_axes = [1] split_axis = 0 concat_axis = 1 : tensor<3x?xi8> -> tensor<?x3xi8>",
        "Dimension size mismatch for result axis 1. Expected dynamic, but got 3.",
    ),
    (
        "mesh.gather %arg0 on @one mesh_axes = [0] gather_axis = 0 root = [0] : (tensor<3x4xf32>) -> tensor<3x5xf32>",
        "Dimension size mismatch for result axis 1. Expected 4, but got 5.",
    ),
    (
        "mesh.gather %arg0 on @one gather_axis = 0 root = [] : (tensor<?xf32>) -> tensor<3xf32>",
        "Dimension size mismatch for result axis 0. Expected dynamic, but got 3.",
    ),
    (
        "mesh.gather %arg0 on @one mesh_axes = [0] gather_axis = 1 root = [0] : (tensor<3xf32>) -> tensor<3xf32>",
        "Gather axis 1 is out of bounds [0, 1).",
    ),
    (
        "mesh.gather %arg0 on @one mesh_axes = [0] gather_axis = -1 root = [0] : (tensor<3xf32>) -> tensor<3xf32>",
        "Gather axis -1 is out of bounds [0, 1).",
    ),
    (
        "mesh.gather %arg0 on @three_dyn mesh_axes = [0] gather_axis = 0 root = [2, 2] : (tensor<2xi8>) -> tensor<2xi8>",
        "In-group device \"root\" has unexpected multi-index size 2. Expected 1.",
    ),
    (
        "mesh.reduce %arg0 on @three_dyn mesh_axes = [0] root = [2, 2] : (tensor<2xi8>) -> tensor<2xi8>",
        "In-group device \"root\" has unexpected multi-index size 2. Expected 1.",
    ),
    (
        "mesh.reduce_scatter %arg0 on @mesh4 mesh_axes = [0, 0] scatter_axis = 0 : tensor<?xf32> -> tensor<?xf64>",
        "Mesh axes contains duplicate elements.",
    ),
    (
        "mesh.reduce_scatter %arg0 on @mesh4 scatter_axis = 0 : tensor<?xf32> -> tensor<2xf64>",
        "Dimension size mismatch for result axis 0. Expected dynamic, but got 2.",
    ),
    (
        "mesh.scatter %arg0 on @mesh4 mesh_axes = [0, 0] scatter_axis = 0 root = [0, 0] : (tensor<?xf32>) -> tensor<?xf32>",
        "Mesh axes contains duplicate elements.",
    ),
    (
        "mesh.scatter %arg0 on @mesh4 scatter_axis = 0 root = [] : (tensor<?xf32>) -> tensor<2xf32>",
        "Dimension size mismatch for result axis 0. Expected dynamic, but got 2.",
    ),
    (
        "mesh.scatter %arg0 on @mesh4 mesh_axes = [0] scatter_axis = 0 root = [1] : (tensor<3xf32>) -> tensor<2xf32>",
        "Dimension size mismatch for result axis 0. Expected 1, but got 2.",
    ),
    (
        "mesh.scatter %arg0 on @three_dyn mesh_axes = [0] scatter_axis = 0 root = [2, 2] : (tensor<3xi8>) -> tensor<1xi8>",
        "In-group device \"root\" has unexpected multi-index size 2. Expected 1.",
    ),
    (
        "mesh.send %arg0 on @three_dyn mesh_axes = [0] destination = [2, 2] : (tensor<2xi8>) -> tensor<2xi8>",
        "In-group device \"destination\" has unexpected multi-index size 2. Expected 1.",
    ),
    (
        "mesh.shift %arg0 on @nowhere shift_axis = 0 offset = -2 : tensor<4xi8> -> tensor<4xi8>",
        "Undefined required mesh symbol \"nowhere\".",
    ),
    (
        "mesh.shift %arg0 on @two_four mesh_axes = [2] shift_axis = 2 offset = -2 : tensor<4xi8> -> tensor<4xi8>",
        "0-based mesh axis index 2 is out of bounds. The referenced mesh \"two_four\" is of rank 2.",
    ),
];

#[test]
fn invalid_collectives_are_refused_with_mlirs_messages() {
    let meshes = meshes();
    for (text, message) in INVALID {
        let op: Collective = format!("%0 = {text}").parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let error = op.verify(&meshes).expect_err(text).to_string();
        assert!(error.contains(message), "{text}:\n  got      {error}\n  expected {message}");
    }
}

#[test]
fn dynamic_in_group_devices_are_refused_with_a_reason() {
    let text =
        "%0 = mesh.broadcast %arg0 on @mesh0 mesh_axes = [0] root = [%r] : (tensor<2xi8>, index) -> tensor<2xi8>";
    let error = text.parse::<Collective>().unwrap_err().to_string();
    assert!(error.contains("in-group devices given as SSA values are not supported"), "{error}");
}
