// Uneven shards: a 10-row tensor over 4 devices cut at offsets (rows 0, 1-3, 4-5,
// 6-9), its result wanted cut elsewhere, and a second dimension split evenly beside
// an uneven one (its offsets are its equal blocks' bounds).
mesh.mesh @mesh0(shape = 4x2)
func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<6x4xf32>) -> tensor<10x4xf32> {
  %sharding = mesh.sharding @mesh0 split_axes = [[0]] sharded_dims_offsets = [0, 1, 4, 6, 10] : !mesh.sharding
  %0 = mesh.shard %arg0 to %sharding : tensor<10x6xf32>
  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] : (tensor<10x6xf32>, tensor<6x4xf32>) -> tensor<10x4xf32>
  %2 = stablehlo.exponential %1 : tensor<10x4xf32>
  %sharding1 = mesh.sharding @mesh0 split_axes = [[0], [1]] sharded_dims_offsets = [0, 4, 5, 8, 10, 0, 2, 4] : !mesh.sharding
  %3 = mesh.shard %2 to %sharding1 : tensor<10x4xf32>
  return %3 : tensor<10x4xf32>
}
