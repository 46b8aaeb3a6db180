// The MLP with rooted collectives: the partial sums reduced onto the second device
// of each group and broadcast from it; gathered onto the first and broadcast again;
// then scattered from the first by columns and gathered back.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %t = stablehlo.tanh %h : tensor<4x16xf32>
  %p = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %r = mesh.reduce %p on @mesh mesh_axes = [1] root = [1] : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %y = mesh.broadcast %r on @mesh mesh_axes = [1] root = [1] : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %s = mesh.reduce_scatter %p on @mesh mesh_axes = [1] scatter_axis = 1 : tensor<4x16xf32> -> tensor<4x8xf32>
  %g = mesh.gather %s on @mesh mesh_axes = [1] gather_axis = 1 root = [0] : (tensor<4x8xf32>) -> tensor<4x16xf32>
  %z = mesh.broadcast %g on @mesh mesh_axes = [1] root = [0] : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %c = mesh.scatter %z on @mesh mesh_axes = [1] scatter_axis = 1 root = [0] : (tensor<4x16xf32>) -> tensor<4x8xf32>
  %w = mesh.all_gather %c on @mesh mesh_axes = [1] gather_axis = 1 : tensor<4x8xf32> -> tensor<4x16xf32>
  %sum = stablehlo.add %y, %w : tensor<4x16xf32>
  %half = stablehlo.constant dense<5.000000e-01> : tensor<4x16xf32>
  %out = stablehlo.multiply %sum, %half : tensor<4x16xf32>
  return %out : tensor<4x16xf32>
}
