// The same MLP with the reduction split in two: a reduce_scatter over axis 1 on
// the columns, then an all_gather of them; and a shift round the ring and back.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %t = stablehlo.tanh %h : tensor<4x16xf32>
  %p = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %s = mesh.reduce_scatter %p on @mesh mesh_axes = [1] scatter_axis = 1 : tensor<4x16xf32> -> tensor<4x8xf32>
  %a = mesh.shift %s on @mesh mesh_axes = [1] shift_axis = 1 offset = 1 rotate : tensor<4x8xf32> -> tensor<4x8xf32>
  %b = mesh.shift %a on @mesh mesh_axes = [1] shift_axis = 1 offset = -1 rotate : tensor<4x8xf32> -> tensor<4x8xf32>
  %y = mesh.all_gather %b on @mesh mesh_axes = [1] gather_axis = 1 : tensor<4x8xf32> -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
