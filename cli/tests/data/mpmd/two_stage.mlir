// A two-stage pipeline after MPMD partitioning, as Shardy's `mpmd` dialect writes
// it: a fragment of the first layer on mesh "m1", its activations transferred to
// "m2", a fragment of the second layer there. `autoshard check` accepts it.
!m1_x = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>, sharding=<@mesh, [{"x"}, {}]>>
!m1_w = !mpmd.mesh_tensor<"m1", tensor<16x16xf32>>
!m1_h = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
!m2_h = !mpmd.mesh_tensor<"m2", tensor<8x16xf32>>
!m2_w = !mpmd.mesh_tensor<"m2", tensor<16x16xf32>>
module @two_stage {
  func.func public @main(%x: !m1_x, %w1: !m1_w, %w2: !m2_w) -> !m2_h attributes {
      topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
    %h = mpmd.fragment<mesh="m1", origin=["layer1"]> (%x, %w1) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      %1 = stablehlo.tanh %0 : tensor<8x16xf32>
      mpmd.return %1 : tensor<8x16xf32>
    } : (!m1_x, !m1_w) -> !m1_h
    %t = mpmd.transfer %h : (!m1_h) -> !m2_h
    %y = mpmd.fragment<mesh="m2", origin=["layer2"]> (%t, %w2) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      mpmd.return %0 : tensor<8x16xf32>
    } : (!m2_h, !m2_w) -> !m2_h
    return %y : !m2_h
  }
}
