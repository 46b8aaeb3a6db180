// A two-stage pipeline whose microbatch loop is written as Shardy writes a
// microbatched step: `@main` calls `@microbatch` (the fragments and transfers of one
// microbatch's forward and backward) once per microbatch, `call_counter` naming the
// microbatch, the accumulated gradients carried from one call to the next; then the
// first layer's update. `microbatch_unrolled.mlir` is the same step unrolled by hand.
!m1_x = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>, sharding=<@mesh, [{"x"}, {}]>>
!m1_w = !mpmd.mesh_tensor<"m1", tensor<16x16xf32>>
!m1_h = !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
!m2_h = !mpmd.mesh_tensor<"m2", tensor<8x16xf32>>
!m2_w = !mpmd.mesh_tensor<"m2", tensor<16x16xf32>>
module @microbatch_calls {
  func.func public @main(%x: !m1_x, %w1: !m1_w, %w2: !m2_w, %g1: !m1_w, %g2: !m2_w) -> (!m1_w, !m2_w) attributes {
      topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
    %0:2 = mpmd.call @microbatch(%x, %w1, %w2, %g1, %g2) {call_counter = 0 : ui32} : (!m1_x, !m1_w, !m2_w, !m1_w, !m2_w) -> (!m1_w, !m2_w)
    %1:2 = mpmd.call @microbatch(%x, %w1, %w2, %0#0, %0#1) {call_counter = 1 : ui32} : (!m1_x, !m1_w, !m2_w, !m1_w, !m2_w) -> (!m1_w, !m2_w)
    %r = mpmd.reduce<none> %1#0 : (!m1_w) -> !m1_w
    %w = mpmd.fragment<mesh="m1", origin=["update"]> (%w1, %r) (%a: tensor<16x16xf32>, %g: tensor<16x16xf32>) {
      %0 = stablehlo.subtract %a, %g : tensor<16x16xf32>
      mpmd.return %0 : tensor<16x16xf32>
    } : (!m1_w, !m1_w) -> !m1_w
    return %w, %1#1 : !m1_w, !m2_w
  }

  func.func private @microbatch(%x: !m1_x, %w1: !m1_w, %w2: !m2_w, %g1: !m1_w, %g2: !m2_w) -> (!m1_w, !m2_w) attributes {
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
    %b:2 = mpmd.fragment<mesh="m2", origin=["layer2"(1)]> (%t, %y, %w2, %g2) (%a: tensor<8x16xf32>, %y: tensor<8x16xf32>, %b: tensor<16x16xf32>, %g: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %y, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      %1 = stablehlo.add %g, %0 : tensor<16x16xf32>
      %2 = stablehlo.dot_general %y, %b, contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      mpmd.return %1, %2 : tensor<16x16xf32>, tensor<8x16xf32>
    } : (!m2_h, !m2_h, !m2_w, !m2_w) -> (!m2_w, !m2_h)
    %d = mpmd.transfer %b#1 : (!m2_h) -> !m1_h
    %a = mpmd.fragment<mesh="m1", origin=["layer1"(1)]> (%x, %d, %g1) (%a: tensor<8x16xf32>, %d: tensor<8x16xf32>, %g: tensor<16x16xf32>) {
      %0 = stablehlo.dot_general %a, %d, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      %1 = stablehlo.add %g, %0 : tensor<16x16xf32>
      mpmd.return %1 : tensor<16x16xf32>
    } : (!m1_x, !m1_h, !m1_w) -> !m1_w
    return %a, %b#0 : !m1_w, !m2_w
  }
}
