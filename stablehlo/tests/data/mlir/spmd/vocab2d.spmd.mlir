// The lookup on a 2x2 mesh, the table's 8 rows split over axis 0 (4 rows each):
// the device's first row is its coordinate on axis 0 (the first of its two
// coordinates, process_multi_index over every axis) times 4.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%ids: tensor<3xi64>, %table: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %idx:2 = mesh.process_multi_index on @mesh : index, index
  %c4 = arith.constant 4 : index
  %first = arith.muli %idx#0, %c4 : index
  %f = arith.index_cast %first : index to i64
  %ft = tensor.from_elements %f : tensor<i64>
  %fb = stablehlo.broadcast_in_dim %ft, dims = [] : (tensor<i64>) -> tensor<3xi64>
  %local = stablehlo.subtract %ids, %fb : tensor<3xi64>
  %iota = stablehlo.iota dim = 1 : tensor<3x4xi64>
  %b = stablehlo.broadcast_in_dim %local, dims = [0] : (tensor<3xi64>) -> tensor<3x4xi64>
  %eq = stablehlo.compare EQ, %iota, %b : (tensor<3x4xi64>, tensor<3x4xi64>) -> tensor<3x4xi1>
  %oh = stablehlo.convert %eq : (tensor<3x4xi1>) -> tensor<3x4xf32>
  %p = stablehlo.dot_general %oh, %table, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %y = mesh.all_reduce %p on @mesh mesh_axes = [0] : tensor<3x5xf32> -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}
