// A global program whose argument and result are cut into uneven shards (rows 0,
// 1-3, 4-5, 6-9): each device's shard has its own type, so no SPMD function takes it.
mesh.mesh @mesh(shape = 4)
func.func @main(%x: tensor<10x4xf32>) -> tensor<10x4xf32> {
  %s = mesh.sharding @mesh split_axes = [[0]] sharded_dims_offsets = [0, 1, 4, 6, 10] : !mesh.sharding
  %x0 = mesh.shard %x to %s : tensor<10x4xf32>
  %y = stablehlo.tanh %x0 : tensor<10x4xf32>
  %y0 = mesh.shard %y to %s : tensor<10x4xf32>
  return %y0 : tensor<10x4xf32>
}
