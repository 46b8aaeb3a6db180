// two_stage.mlir broken: the transfer moves the activations (8x16 on "m1") to a
// tensor of another shape (16x8 on "m2"), which Shardy's verifier refuses.
// `autoshard check` exits 2 with its message at the transfer's line and column.
!m1_x = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>, sharding=<@mesh, [{"x"}, {}]>>
!m1_w = !mpmd.mesh_tensor<"m1", tensor<16x16xf32>>
!m1_h = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
!m2_h = !mpmd.mesh_tensor<"m2", tensor<16x8xf32>>
!m2_w = !mpmd.mesh_tensor<"m2", tensor<8x16xf32>>
module @two_stage {
  func.func public @main(%x: !m1_x, %w1: !m1_w, %w2: !m2_w) -> !m2_h attributes {
      topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
    %h = mpmd.fragment<mesh="m1", origin=["layer1"]> (%x, %w1) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      %1 = stablehlo.tanh %0 : tensor<8x16xf32>
      mpmd.return %1 : tensor<8x16xf32>
    } : (!m1_x, !m1_w) -> !m1_h
    // expected-error@+1 {{cannot perform transfer between given types !mpmd.mesh_tensor<"m1", tensor<8x16xf32>> and !mpmd.mesh_tensor<"m2", tensor<16x8xf32>>: global tensor types are different}}
    %t = mpmd.transfer %h : (!m1_h) -> !m2_h
    %y = mpmd.fragment<mesh="m2", origin=["layer2"]> (%t, %w2) (%a: tensor<16x8xf32>, %b: tensor<8x16xf32>) {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      %1 = stablehlo.slice %0 [0:16, 0:8] : (tensor<16x16xf32>) -> tensor<16x8xf32>
      mpmd.return %1 : tensor<16x8xf32>
    } : (!m2_h, !m2_w) -> !m2_h
    return %y : !m2_h
  }
}
