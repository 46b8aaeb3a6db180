module @jit_token_shift_mix attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x128x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}, {}]>}, %arg1: tensor<64xf32>, %arg2: tensor<64x64xf32>) -> (tensor<8x128x64xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = call @_pad(%arg0, %c) : (tensor<8x128x64xf32>, tensor<i32>) -> tensor<8x129x64xf32>
    %1 = stablehlo.slice %0 [0:8, 0:128, 0:64] : (tensor<8x129x64xf32>) -> tensor<8x128x64xf32>
    %2 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x128x64xf32>
    %4 = stablehlo.multiply %arg0, %3 : tensor<8x128x64xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %6 = stablehlo.subtract %5, %arg1 : tensor<64xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x128x64xf32>
    %9 = stablehlo.multiply %1, %8 : tensor<8x128x64xf32>
    %10 = stablehlo.add %4, %9 : tensor<8x128x64xf32>
    %11 = stablehlo.dot_general %10, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x128x64xf32>, tensor<64x64xf32>) -> tensor<8x128x64xf32>
    return %11 : tensor<8x128x64xf32>
  }
  func.func private @_pad(%arg0: tensor<8x128x64xf32>, %arg1: tensor<i32>) -> tensor<8x129x64xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0, 1, 0], high = [0, 0, 0], interior = [0, 0, 0] : (tensor<8x128x64xf32>, tensor<f32>) -> tensor<8x129x64xf32>
    return %1 : tensor<8x129x64xf32>
  }
}
