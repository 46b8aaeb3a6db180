mesh.mesh @mesh(shape = 2x?)
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}
