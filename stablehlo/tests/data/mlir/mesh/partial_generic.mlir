// A value held as `generic` partial values: the seed does not allow the kind in a
// shard attribute (nothing says how the values combine), so the module is refused.
mesh.mesh @mesh(shape = 2)
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = mesh.sharding @mesh split_axes = [[]] partial = generic [0] : !mesh.sharding
  %0 = mesh.shard %x to %s : tensor<4xf32>
  return %0 : tensor<4xf32>
}
