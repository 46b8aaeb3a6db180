// mesh.shard_shape of 8 rows cut unevenly over 4 devices: shards of 1, 3, 2 and 2
// rows, which depend on the device; the program's static types cannot follow that.
mesh.mesh @mesh(shape = 4)
func.func @main(%ids: tensor<3xi64>, %table: tensor<2x5xf32>) -> tensor<3x5xf32> {
  %rows = mesh.sharding @mesh split_axes = [[0]] sharded_dims_offsets = [0, 1, 4, 6, 8] : !mesh.sharding
  %me = mesh.process_linear_index on @mesh : index
  %shape:2 = mesh.shard_shape 8x5 %rows %me : index, index
  %p = stablehlo.constant dense<0.0> : tensor<3x5xf32>
  return %p : tensor<3x5xf32>
}
