// A program before partitioning, annotated in MLIR's mesh dialect as the seed
// document writes it: a result annotation, one for users, partial sums.
mesh.mesh @mesh0(shape = 2x4)
func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %sharding = mesh.sharding @mesh0 split_axes = [[0]] : !mesh.sharding
  %0 = mesh.shard %arg0 to %sharding : tensor<8x16xf32>
  %sharding1 = mesh.sharding @mesh0 split_axes = [[], [1]] : !mesh.sharding
  %1 = mesh.shard %arg1 to %sharding1 annotate_for_users : tensor<16x32xf32>
  %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %sharding2 = mesh.sharding @mesh0 split_axes = [[0]] partial = sum [1] : !mesh.sharding
  %3 = mesh.shard %2 to %sharding2 : tensor<8x32xf32>
  %4 = stablehlo.tanh %3 : tensor<8x32xf32>
  return %4 : tensor<8x32xf32>
}
