// Twice the second half of the MLP's second contraction: what the devices of
// mlp's layout holding w2's second rows (axis 1 at 1) contribute, doubled.
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
  %t2 = stablehlo.slice %t [0:8, 16:32] : (tensor<8x32xf32>) -> tensor<8x16xf32>
  %w22 = stablehlo.slice %w20 [16:32, 0:16] : (tensor<32x16xf32>) -> tensor<16x16xf32>
  %y = stablehlo.dot_general %t2, %w22, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  %y2 = stablehlo.add %y, %y : tensor<8x16xf32>
  %y0 = mesh.shard %y2 to %rows : tensor<8x16xf32>
  return %y0 : tensor<8x16xf32>
}
