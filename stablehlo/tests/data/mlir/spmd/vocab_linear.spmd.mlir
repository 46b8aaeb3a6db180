// The same lookup with the first row from the device's linear index and its shard's
// row count (mesh.shard_shape of the table's sharding), the ids' row from
// tensor.from_elements and tensor.extract, and the shifted ids clamped with
// arith.maxsi into [-1, 8) (an id outside the shard still matches no row).
mesh.mesh @mesh(shape = 4)
func.func @main(%ids: tensor<3xi64>, %table: tensor<2x5xf32>) -> tensor<3x5xf32> {
  %rows = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding
  %me = mesh.process_linear_index on @mesh : index
  %shape:2 = mesh.shard_shape 8x5 %rows %me : index, index
  %n = mesh.mesh_shape @mesh axes = [0] : index
  %first = arith.muli %me, %shape#0 : index
  %last = arith.muli %n, %shape#0 : index
  %f = arith.index_cast %first : index to i64
  %l = arith.index_cast %last : index to i64
  %pair = tensor.from_elements %f, %l : tensor<2xi64>
  %c0 = arith.constant 0 : index
  %f0 = tensor.extract %pair[%c0] : tensor<2xi64>
  %ft = tensor.from_elements %f0 : tensor<i64>
  %fb = stablehlo.broadcast_in_dim %ft, dims = [] : (tensor<i64>) -> tensor<3xi64>
  %local = stablehlo.subtract %ids, %fb : tensor<3xi64>
  %m1 = stablehlo.constant dense<-1> : tensor<3xi64>
  %clamped = stablehlo.maximum %local, %m1 : tensor<3xi64>
  %iota = stablehlo.iota dim = 1 : tensor<3x2xi64>
  %b = stablehlo.broadcast_in_dim %clamped, dims = [0] : (tensor<3xi64>) -> tensor<3x2xi64>
  %eq = stablehlo.compare EQ, %iota, %b : (tensor<3x2xi64>, tensor<3x2xi64>) -> tensor<3x2xi1>
  %oh = stablehlo.convert %eq : (tensor<3x2xi1>) -> tensor<3x2xf32>
  %p = stablehlo.dot_general %oh, %table, contracting_dims = [1] x [0] : (tensor<3x2xf32>, tensor<2x5xf32>) -> tensor<3x5xf32>
  %y = mesh.all_reduce %p on @mesh mesh_axes = [0] : tensor<3x5xf32> -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}
