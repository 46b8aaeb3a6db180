// Refused: a rooted collective is not run yet.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %b = mesh.broadcast %x on @mesh mesh_axes = [0] root = [0] : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return %b : tensor<4x16xf32>
}
