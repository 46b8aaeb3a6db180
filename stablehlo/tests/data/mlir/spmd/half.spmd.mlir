// Each group's second device's partial sums broadcast to both, then summed: twice
// that device's contribution.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %t = stablehlo.tanh %h : tensor<4x16xf32>
  %p = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %b = mesh.broadcast %p on @mesh mesh_axes = [1] root = [1] : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %y = mesh.all_reduce %b on @mesh mesh_axes = [1] : tensor<4x16xf32> -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
