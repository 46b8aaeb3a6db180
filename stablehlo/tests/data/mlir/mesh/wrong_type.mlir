mesh.mesh @mesh(shape = 2x4)
func.func @main(%x: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %s = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding
  %0 = mesh.shard %x to %s : tensor<8x8xf32>
  return %0 : tensor<16x8xf32>
}
