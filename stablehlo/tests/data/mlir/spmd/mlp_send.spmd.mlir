// The partial sums sent to the group's second device: every device runs the send
// with the same destination, so the transfer is defined on that device alone.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %t = stablehlo.tanh %h : tensor<4x16xf32>
  %p = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %s = mesh.send %p on @mesh mesh_axes = [1] destination = [1] : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %y = mesh.all_reduce %s on @mesh mesh_axes = [1] : tensor<4x16xf32> -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
