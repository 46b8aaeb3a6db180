// Megatron's MLP before partitioning: rows of x over axis 0, w1's columns and
// w2's rows over axis 1; y is assembled by rows over axis 0.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %rows = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding
  %cols = mesh.sharding @mesh split_axes = [[], [1]] : !mesh.sharding
  %inner = mesh.sharding @mesh split_axes = [[1]] : !mesh.sharding
  %x0 = mesh.shard %x to %rows : tensor<8x16xf32>
  %w10 = mesh.shard %w1 to %cols : tensor<16x32xf32>
  %w20 = mesh.shard %w2 to %inner : tensor<32x16xf32>
  %h = stablehlo.dot_general %x0, %w10, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %t = stablehlo.tanh %h : tensor<8x32xf32>
  %y = stablehlo.dot_general %t, %w20, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  %y0 = mesh.shard %y to %rows : tensor<8x16xf32>
  return %y0 : tensor<8x16xf32>
}
