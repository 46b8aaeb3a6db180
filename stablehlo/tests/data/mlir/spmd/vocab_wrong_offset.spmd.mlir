// A mis-partitioned lookup: each device takes its first row to be its index times
// 3, not 2, so rows are looked up in the wrong shard; the run says so.
mesh.mesh @mesh(shape = 4)
func.func @main(%ids: tensor<3xi64>, %table: tensor<2x5xf32>) -> tensor<3x5xf32> {
  %idx = mesh.process_multi_index on @mesh axes = [0] : index
  %c2 = arith.constant 3 : index
  %first = arith.muli %idx, %c2 : index
  %f = arith.index_cast %first : index to i64
  %ft = tensor.from_elements %f : tensor<i64>
  %fb = stablehlo.broadcast_in_dim %ft, dims = [] : (tensor<i64>) -> tensor<3xi64>
  %local = stablehlo.subtract %ids, %fb : tensor<3xi64>
  %iota = stablehlo.iota dim = 1 : tensor<3x2xi64>
  %b = stablehlo.broadcast_in_dim %local, dims = [0] : (tensor<3xi64>) -> tensor<3x2xi64>
  %eq = stablehlo.compare EQ, %iota, %b : (tensor<3x2xi64>, tensor<3x2xi64>) -> tensor<3x2xi1>
  %oh = stablehlo.convert %eq : (tensor<3x2xi1>) -> tensor<3x2xf32>
  %p = stablehlo.dot_general %oh, %table, contracting_dims = [1] x [0] : (tensor<3x2xf32>, tensor<2x5xf32>) -> tensor<3x5xf32>
  %y = mesh.all_reduce %p on @mesh mesh_axes = [0] : tensor<3x5xf32> -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}
