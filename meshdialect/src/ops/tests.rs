//! The forms of upstream MLIR's `ops.mlir` for these ops (in the seed's syntax),
//! the cases of its `invalid.mlir` for the mesh queries, and what the queries yield.

use super::*;

#[test]
fn the_forms_round_trip() {
    let shard: Shard = "%0 = mesh.shard %arg0 to %s : tensor<4x8xf32>".parse().unwrap();
    assert!(!shard.annotate_for_users);
    let users = "%1 = mesh.shard %0 to %s1 annotate_for_users : tensor<4x8xf32>";
    assert_eq!(users.parse::<Shard>().unwrap().to_string(), users);
    for text in
        ["%shp:2 = mesh.shard_shape 8x? %s %c3 : index, index", "%shp:2 = mesh.shard_shape 8x4 %s %c3 : index, index"]
    {
        assert_eq!(text.parse::<ShardShapeOp>().unwrap().to_string(), text);
    }
    for text in [
        "%0:2 = mesh.mesh_shape @mesh0 axes = [0, 1] : index, index",
        "%0:3 = mesh.mesh_shape @mesh0 : index, index, index",
        "%0:2 = mesh.process_multi_index on @mesh0 axes = [0, 1] : index, index",
        "%0 = mesh.process_linear_index on @mesh0 : index",
    ] {
        assert_eq!(text.parse::<MeshQuery>().unwrap().to_string(), text);
    }
    // `axes = []` means every axis and is left out when printed.
    let empty: MeshQuery = "%0:3 = mesh.mesh_shape @mesh0 axes = [] : index, index, index".parse().unwrap();
    assert_eq!(empty.to_string(), "%0:3 = mesh.mesh_shape @mesh0 : index, index, index");
    let halo = "%r = mesh.update_halo %src into %dst on @mesh0 split_axes = [[0], [1]] source_halo_sizes = [1, 2, 2, 1] \
                destination_halo_sizes = [2, 2, 2, 2] : tensor<7x7xf32> -> tensor<8x8xf32>";
    assert_eq!(halo.parse::<UpdateHalo>().unwrap().to_string(), halo);
}

/// invalid.mlir's mesh_shape and process index cases, with its messages.
#[test]
fn invalid_queries_are_refused_with_mlirs_messages() {
    let meshes: Vec<MeshOp> = ["mesh.mesh @mesh0(shape = 2x4)", "mesh.mesh @mesh1(shape = 1x2x3)"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let cases = [
        (
            "mesh.mesh_shape @mesh0 axes = [0, 2] : index, index",
            "0-based mesh axis index 2 is out of bounds. The referenced mesh \"mesh0\" is of rank 2.",
        ),
        ("mesh.mesh_shape @mesh0 axes = [0, 2, 0] : index, index, index", "0-based mesh axis index 2 is out of bounds"),
        ("mesh.mesh_shape @mesh1 axes = [0, 2, 0] : index, index, index", "Mesh axes contains duplicate elements."),
        ("mesh.mesh_shape @mesh0 axes = [0] : index, index", "Unexpected number of results 2. Expected 1."),
        ("mesh.mesh_shape @mesh1 : index, index", "Unexpected number of results 2. Expected 3."),
        (
            "mesh.mesh_shape @this_mesh_symbol_does_not_exist : index",
            "Undefined required mesh symbol \"this_mesh_symbol_does_not_exist\".",
        ),
        (
            "mesh.process_multi_index on @mesh0 axes = [0, 2] : index, index",
            "0-based mesh axis index 2 is out of bounds",
        ),
        (
            "mesh.process_multi_index on @mesh1 axes = [0, 2, 0] : index, index, index",
            "Mesh axes contains duplicate elements.",
        ),
        (
            "mesh.process_multi_index on @mesh1 : index, index",
            "'mesh.process_multi_index' op Unexpected number of results 2. Expected 3.",
        ),
        ("mesh.process_multi_index on @mesh0 axes = [0] : index, index", "Unexpected number of results 2. Expected 1."),
        (
            "mesh.process_multi_index on @this_mesh_symbol_does_not_exist : index",
            "Undefined required mesh symbol \"this_mesh_symbol_does_not_exist\".",
        ),
        ("mesh.process_linear_index on @this_mesh_symbol_does_not_exist : index", "Undefined required mesh symbol"),
    ];
    for (text, message) in cases {
        let count = text.matches("index").count() - text.matches("_index").count();
        let head = if count == 1 { "%0 = ".to_string() } else { format!("%0:{count} = ") };
        let query: MeshQuery = format!("{head}{text}").parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let error = query.verify(&meshes).expect_err(text).to_string();
        assert!(error.contains(message), "{text}: {error}");
    }
}

/// The seed's example: on a 10x20x30 mesh, device (1, 2, 3) is linear index 663.
#[test]
fn queries_yield_the_meshes_facts() {
    let mesh: MeshOp = "mesh.mesh @m(shape = 10x20x30)".parse().unwrap();
    let multi: MeshQuery = "%0:3 = mesh.process_multi_index on @m : index, index, index".parse().unwrap();
    assert_eq!(multi.evaluate(&mesh, 663).unwrap(), [1, 2, 3]);
    let two: MeshQuery = "%0:2 = mesh.process_multi_index on @m axes = [2, 0] : index, index".parse().unwrap();
    assert_eq!(two.evaluate(&mesh, 663).unwrap(), [3, 1]);
    let linear: MeshQuery = "%0 = mesh.process_linear_index on @m : index".parse().unwrap();
    assert_eq!(linear.evaluate(&mesh, 663).unwrap(), [663]);
    let shape: MeshQuery = "%0:2 = mesh.mesh_shape @m axes = [1, 2] : index, index".parse().unwrap();
    assert_eq!(shape.evaluate(&mesh, 0).unwrap(), [20, 30]);
}
