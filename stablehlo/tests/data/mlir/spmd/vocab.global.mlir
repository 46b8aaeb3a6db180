// The embedding lookup of 3 token ids in an 8-row table: one-hot rows times the
// table, the table split by rows over 4 devices.
mesh.mesh @mesh(shape = 4)
func.func @main(%ids: tensor<3xi64>, %table: tensor<8x5xf32>) -> tensor<3x5xf32> {
  %rows = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding
  %t = mesh.shard %table to %rows : tensor<8x5xf32>
  %iota = stablehlo.iota dim = 1 : tensor<3x8xi64>
  %b = stablehlo.broadcast_in_dim %ids, dims = [0] : (tensor<3xi64>) -> tensor<3x8xi64>
  %eq = stablehlo.compare EQ, %iota, %b : (tensor<3x8xi64>, tensor<3x8xi64>) -> tensor<3x8xi1>
  %oh = stablehlo.convert %eq : (tensor<3x8xi1>) -> tensor<3x8xf32>
  %y = stablehlo.dot_general %oh, %t, contracting_dims = [1] x [0] : (tensor<3x8xf32>, tensor<8x5xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}
