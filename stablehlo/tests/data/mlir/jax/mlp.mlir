module @jit_mlp attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<256x1024xf32>, %arg2: tensor<1024x256xf32>) -> (tensor<8x256xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x256xf32>, tensor<256x1024xf32>) -> tensor<8x1024xf32>
    %1 = call @relu(%0) : (tensor<8x1024xf32>) -> tensor<8x1024xf32>
    %2 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024xf32>, tensor<1024x256xf32>) -> tensor<8x256xf32>
    return %2 : tensor<8x256xf32>
  }
  func.func private @relu(%arg0: tensor<8x1024xf32>) -> tensor<8x1024xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x1024xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x1024xf32>
    return %1 : tensor<8x1024xf32>
  }
}
