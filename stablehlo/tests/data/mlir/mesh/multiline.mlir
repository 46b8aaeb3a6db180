// Ops broken over lines, with comments, as people write them.
module @multiline {
  mesh.mesh @mesh(shape = 4)   // one axis of four devices
  func.func @main(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
    %s = mesh.sharding @mesh
        split_axes = [[0], []]   // rows over the axis
        : !mesh.sharding
    %0 = mesh.shard %x to %s
        : tensor<8x6xf32>
    %1 = stablehlo.exponential %0 : tensor<8x6xf32>
    return %1 : tensor<8x6xf32>
  }
}
