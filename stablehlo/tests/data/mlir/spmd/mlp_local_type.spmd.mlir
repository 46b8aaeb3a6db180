// Wrong: w1's shard is 16x16, not 16x32.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  return %x : tensor<4x16xf32>
}
