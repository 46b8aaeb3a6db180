// Halos have no Shardy form yet (issue 30: halo exchange as a strategy).
mesh.mesh @mesh(shape = 4)
func.func @main(%x: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %s = mesh.sharding @mesh split_axes = [[0]] halo_sizes = [1, 1] : !mesh.sharding
  %0 = mesh.shard %x to %s : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
