// The mean of the two row halves of x (split over axis 0 of a 2x2 mesh), on
// every device: what an all_reduce of reduction average over axis 0 computes.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %rows = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding
  %x0 = mesh.shard %x to %rows : tensor<8x16xf32>
  %a = stablehlo.slice %x0 [0:4, 0:16] : (tensor<8x16xf32>) -> tensor<4x16xf32>
  %b = stablehlo.slice %x0 [4:8, 0:16] : (tensor<8x16xf32>) -> tensor<4x16xf32>
  %s = stablehlo.add %a, %b : tensor<4x16xf32>
  %two = stablehlo.constant dense<2.0> : tensor<4x16xf32>
  %m = stablehlo.divide %s, %two : tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}
