// The two-stage pipeline of `microbatch_calls.mlir` and `microbatch_for.mlir` with
// its microbatch loop unrolled by hand: each microbatch's forward and backward of
// both layers, the gradients accumulated from one microbatch to the next, then an
// update of the first layer's weights by the accumulated gradient.
!m1_x = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>, sharding=<@mesh, [{"x"}, {}]>>
!m1_w = !mpmd.mesh_tensor<"m1", tensor<16x16xf32>>
!m1_h = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
!m2_h = !mpmd.mesh_tensor<"m2", tensor<8x16xf32>>
!m2_w = !mpmd.mesh_tensor<"m2", tensor<16x16xf32>>
module @microbatch_unrolled {
  func.func public @main(%x: !m1_x, %w1: !m1_w, %w2: !m2_w, %g1: !m1_w, %g2: !m2_w) -> (!m1_w, !m2_w) attributes {
      topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
    // Microbatch 0.
    %h0 = mpmd.fragment<mesh="m1", origin=["layer1"]> (%x, %w1) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      %1 = stablehlo.tanh %0 : tensor<8x16xf32>
      mpmd.return %1 : tensor<8x16xf32>
    } : (!m1_x, !m1_w) -> !m1_h
    %t0 = mpmd.transfer %h0 : (!m1_h) -> !m2_h
    %y0 = mpmd.fragment<mesh="m2", origin=["layer2"]> (%t0, %w2) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      mpmd.return %0 : tensor<8x16xf32>
    } : (!m2_h, !m2_w) -> !m2_h
    %b0:2 = mpmd.fragment<mesh="m2", origin=["layer2"(1)]> (%t0, %y0, %w2, %g2) (%a: tensor<8x16xf32>, %y: tensor<8x16xf32>, %b: tensor<16x16xf32>, %g: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %y, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      %1 = stablehlo.add %g, %0 : tensor<16x16xf32>
      %2 = stablehlo.dot_general %y, %b, contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      mpmd.return %1, %2 : tensor<16x16xf32>, tensor<8x16xf32>
    } : (!m2_h, !m2_h, !m2_w, !m2_w) -> (!m2_w, !m2_h)
    %d0 = mpmd.transfer %b0#1 : (!m2_h) -> !m1_h
    %a0 = mpmd.fragment<mesh="m1", origin=["layer1"(1)]> (%x, %d0, %g1) (%a: tensor<8x16xf32>, %d: tensor<8x16xf32>, %g: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %d, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      %1 = stablehlo.add %g, %0 : tensor<16x16xf32>
      mpmd.return %1 : tensor<16x16xf32>
    } : (!m1_x, !m1_h, !m1_w) -> !m1_w
    // Microbatch 1.
    %h1 = mpmd.fragment<mesh="m1", origin=["layer1"]> (%x, %w1) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      %1 = stablehlo.tanh %0 : tensor<8x16xf32>
      mpmd.return %1 : tensor<8x16xf32>
    } : (!m1_x, !m1_w) -> !m1_h
    %t1 = mpmd.transfer %h1 : (!m1_h) -> !m2_h
    %y1 = mpmd.fragment<mesh="m2", origin=["layer2"]> (%t1, %w2) (%a: tensor<8x16xf32>, %b: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      mpmd.return %0 : tensor<8x16xf32>
    } : (!m2_h, !m2_w) -> !m2_h
    %b1:2 = mpmd.fragment<mesh="m2", origin=["layer2"(1)]> (%t1, %y1, %w2, %b0#0) (%a: tensor<8x16xf32>, %y: tensor<8x16xf32>, %b: tensor<16x16xf32>, %g: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %y, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      %1 = stablehlo.add %g, %0 : tensor<16x16xf32>
      %2 = stablehlo.dot_general %y, %b, contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      mpmd.return %1, %2 : tensor<16x16xf32>, tensor<8x16xf32>
    } : (!m2_h, !m2_h, !m2_w, !m2_w) -> (!m2_w, !m2_h)
    %d1 = mpmd.transfer %b1#1 : (!m2_h) -> !m1_h
    %a1 = mpmd.fragment<mesh="m1", origin=["layer1"(1)]> (%x, %d1, %a0) (%a: tensor<8x16xf32>, %d: tensor<8x16xf32>, %g: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %d, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      %1 = stablehlo.add %g, %0 : tensor<16x16xf32>
      mpmd.return %1 : tensor<16x16xf32>
    } : (!m1_x, !m1_h, !m1_w) -> !m1_w
    // The update, once per step.
    %r = mpmd.reduce<none> %a1 : (!m1_w) -> !m1_w
    %w = mpmd.fragment<mesh="m1", origin=["update"]> (%w1, %r) (%a: tensor<16x16xf32>, %g: tensor<16x16xf32>) {
      %0 = stablehlo.subtract %a, %g : tensor<16x16xf32>
      mpmd.return %0 : tensor<16x16xf32>
    } : (!m1_w, !m1_w) -> !m1_w
    return %w, %b1#0 : !m1_w, !m2_w
  }
}
