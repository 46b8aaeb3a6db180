module @jit_moe attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg1: tensor<64x4xf32>, %arg2: tensor<4x64x128xf32>, %arg3: tensor<4x128x64xf32>) -> (tensor<8x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x4xf32>) -> tensor<8x4xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %3 = stablehlo.maximum %2, %1 : tensor<8xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %6 = stablehlo.subtract %0, %5 : tensor<8x4xf32>
    %7 = stablehlo.exponential %6 : tensor<8x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %11 = stablehlo.divide %7, %10 : tensor<8x4xf32>
    %values, %indices = chlo.top_k(%11, k = 2) : tensor<8x4xf32> -> (tensor<8x2xf32>, tensor<8x2xi32>)
    %12 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<4x64x128xf32>) -> tensor<8x4x128xf32>
    %13 = call @relu(%12) : (tensor<8x4x128xf32>) -> tensor<8x4x128xf32>
    %14 = stablehlo.dot_general %arg3, %13, batching_dims = [0] x [1], contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x128x64xf32>, tensor<8x4x128xf32>) -> tensor<4x64x8xf32>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<4x64x8xf32>) -> tensor<8x4x64xf32>
    %16 = stablehlo.broadcast_in_dim %indices, dims = [0, 1] : (tensor<8x2xi32>) -> tensor<8x2x1xi32>
    %17 = call @take_along_axis(%15, %16) : (tensor<8x4x64xf32>, tensor<8x2x1xi32>) -> tensor<8x2x64xf32>
    %18 = stablehlo.broadcast_in_dim %values, dims = [0, 1] : (tensor<8x2xf32>) -> tensor<8x2x1xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<8x2x1xf32>) -> tensor<8x2x64xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<8x2x64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<8x2x64xf32>, tensor<f32>) -> tensor<8x64xf32>
    return %21 : tensor<8x64xf32>
  }
  func.func private @relu(%arg0: tensor<8x4x128xf32>) -> tensor<8x4x128xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4x128xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x4x128xf32>
    return %1 : tensor<8x4x128xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<8x4x64xf32>, %arg1: tensor<8x2x1xi32>) -> tensor<8x2x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x2x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x2x1xi32>, tensor<8x2x1xi32>) -> tensor<8x2x1xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x2x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x2x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x2x1xi1>, tensor<8x2x1xi32>
    %c_1 = stablehlo.constant dense<3> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x2x1xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<8x2x1xi32>, tensor<8x2x1xi32>) -> tensor<8x2x1xi1>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x2x1xi32>
    %9 = stablehlo.compare LE, %4, %8, SIGNED : (tensor<8x2x1xi32>, tensor<8x2x1xi32>) -> tensor<8x2x1xi1>
    %10 = stablehlo.and %6, %9 : tensor<8x2x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %11 = stablehlo.reduce(%10 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x2x1xi1>, tensor<i1>) -> tensor<8x2xi1>
    %12 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 64>}> : (tensor<8x4x64xf32>, tensor<8x2x1xi32>) -> tensor<8x2x64xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<8x2xi1>) -> tensor<8x2x64xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x2x64xf32>
    %15 = stablehlo.select %13, %12, %14 : tensor<8x2x64xi1>, tensor<8x2x64xf32>
    return %15 : tensor<8x2x64xf32>
  }
}
