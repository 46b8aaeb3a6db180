// Refused: all_slice keeps each device's own block, which needs its index in the
// group; not run yet.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %s = mesh.all_slice %x on @mesh mesh_axes = [1] slice_axis = 1 : tensor<4x16xf32> -> tensor<4x8xf32>
  %y = mesh.all_gather %s on @mesh mesh_axes = [1] gather_axis = 1 : tensor<4x8xf32> -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
