// The partial sums over axis 1 reduced, then each device's half of the columns
// kept (all_slice) and the halves gathered back: the same result as mlp, which
// holds only if each device keeps its own block.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %t = stablehlo.tanh %h : tensor<4x16xf32>
  %p = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %r = mesh.all_reduce %p on @mesh mesh_axes = [1] : tensor<4x16xf32> -> tensor<4x16xf32>
  %s = mesh.all_slice %r on @mesh mesh_axes = [1] slice_axis = 1 : tensor<4x16xf32> -> tensor<4x8xf32>
  %y = mesh.all_gather %s on @mesh mesh_axes = [1] gather_axis = 1 : tensor<4x8xf32> -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
