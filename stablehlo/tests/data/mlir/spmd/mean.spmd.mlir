// Each device's row half averaged with the other half's over axis 0.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %m = mesh.all_reduce %x on @mesh mesh_axes = [0] reduction = average : tensor<4x16xf32> -> tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}
