module @jit_transformer_block attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x32x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}, %arg1: tensor<128x4x32xf32>, %arg2: tensor<128x4x32xf32>, %arg3: tensor<128x4x32xf32>, %arg4: tensor<4x32x128xf32>, %arg5: tensor<128x512xf32>, %arg6: tensor<512x128xf32>) -> (tensor<4x32x128xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x32x128xf32>, tensor<f32>) -> tensor<4x32xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x32xf32>) -> tensor<4x32x1xf32>
    %cst_0 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x32x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x32x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x32x1xf32>) -> tensor<4x32x128xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x32x128xf32>
    %6 = chlo.square %5 : tensor<4x32x128xf32> -> tensor<4x32x128xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<4x32x128xf32>, tensor<f32>) -> tensor<4x32xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<4x32xf32>) -> tensor<4x32x1xf32>
    %cst_2 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x32x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<4x32x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x32x1xf32>) -> tensor<4x32x128xf32>
    %12 = stablehlo.subtract %arg0, %11 : tensor<4x32x128xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x32x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<4x32x1xf32>
    %15 = stablehlo.sqrt %14 : tensor<4x32x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<4x32x1xf32>) -> tensor<4x32x128xf32>
    %17 = stablehlo.divide %12, %16 : tensor<4x32x128xf32>
    %18 = stablehlo.dot_general %arg1, %17, contracting_dims = [0] x [2], precision = [DEFAULT, DEFAULT] : (tensor<128x4x32xf32>, tensor<4x32x128xf32>) -> tensor<4x32x4x32xf32>
    %19 = stablehlo.transpose %18, dims = [2, 0, 3, 1] : (tensor<4x32x4x32xf32>) -> tensor<4x4x32x32xf32>
    %20 = stablehlo.dot_general %arg2, %17, contracting_dims = [0] x [2], precision = [DEFAULT, DEFAULT] : (tensor<128x4x32xf32>, tensor<4x32x128xf32>) -> tensor<4x32x4x32xf32>
    %21 = stablehlo.transpose %20, dims = [2, 0, 3, 1] : (tensor<4x32x4x32xf32>) -> tensor<4x4x32x32xf32>
    %22 = stablehlo.dot_general %arg3, %17, contracting_dims = [0] x [2], precision = [DEFAULT, DEFAULT] : (tensor<128x4x32xf32>, tensor<4x32x128xf32>) -> tensor<4x32x4x32xf32>
    %23 = stablehlo.transpose %22, dims = [2, 0, 3, 1] : (tensor<4x32x4x32xf32>) -> tensor<4x4x32x32xf32>
    %24 = stablehlo.dot_general %19, %21, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %cst_4 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %25 = stablehlo.sqrt %cst_4 : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<f32>) -> tensor<4x4x32x32xf32>
    %27 = stablehlo.divide %24, %26 : tensor<4x4x32x32xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %28 = stablehlo.reduce(%27 init: %cst_5) applies stablehlo.maximum across dimensions = [3] : (tensor<4x4x32x32xf32>, tensor<f32>) -> tensor<4x4x32xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x4x32xf32>
    %30 = stablehlo.maximum %29, %28 : tensor<4x4x32xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2] : (tensor<4x4x32xf32>) -> tensor<4x4x32x1xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<4x4x32x1xf32>) -> tensor<4x4x32x32xf32>
    %33 = stablehlo.subtract %27, %32 : tensor<4x4x32x32xf32>
    %34 = stablehlo.exponential %33 : tensor<4x4x32x32xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_7) applies stablehlo.add across dimensions = [3] : (tensor<4x4x32x32xf32>, tensor<f32>) -> tensor<4x4x32xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<4x4x32xf32>) -> tensor<4x4x32x1xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2, 3] : (tensor<4x4x32x1xf32>) -> tensor<4x4x32x32xf32>
    %38 = stablehlo.divide %34, %37 : tensor<4x4x32x32xf32>
    %39 = stablehlo.dot_general %38, %23, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x4x32x32xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %40 = stablehlo.dot_general %39, %arg4, contracting_dims = [1, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x4x32x32xf32>, tensor<4x32x128xf32>) -> tensor<4x32x128xf32>
    %41 = stablehlo.add %arg0, %40 : tensor<4x32x128xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<4x32x128xf32>, tensor<f32>) -> tensor<4x32xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1] : (tensor<4x32xf32>) -> tensor<4x32x1xf32>
    %cst_9 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x32x1xf32>
    %45 = stablehlo.divide %43, %44 : tensor<4x32x1xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<4x32x1xf32>) -> tensor<4x32x128xf32>
    %47 = stablehlo.subtract %41, %46 : tensor<4x32x128xf32>
    %48 = chlo.square %47 : tensor<4x32x128xf32> -> tensor<4x32x128xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<4x32x128xf32>, tensor<f32>) -> tensor<4x32xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1] : (tensor<4x32xf32>) -> tensor<4x32x1xf32>
    %cst_11 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x32x1xf32>
    %52 = stablehlo.divide %50, %51 : tensor<4x32x1xf32>
    %53 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<4x32x1xf32>) -> tensor<4x32x128xf32>
    %54 = stablehlo.subtract %41, %53 : tensor<4x32x128xf32>
    %cst_12 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4x32x1xf32>
    %56 = stablehlo.add %52, %55 : tensor<4x32x1xf32>
    %57 = stablehlo.sqrt %56 : tensor<4x32x1xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2] : (tensor<4x32x1xf32>) -> tensor<4x32x128xf32>
    %59 = stablehlo.divide %54, %58 : tensor<4x32x128xf32>
    %60 = stablehlo.dot_general %59, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32x128xf32>, tensor<128x512xf32>) -> tensor<4x32x512xf32>
    %61 = stablehlo.multiply %60, %60 : tensor<4x32x512xf32>
    %62 = stablehlo.multiply %61, %60 : tensor<4x32x512xf32>
    %cst_13 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4x32x512xf32>
    %64 = stablehlo.multiply %63, %62 : tensor<4x32x512xf32>
    %65 = stablehlo.add %60, %64 : tensor<4x32x512xf32>
    %cst_14 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x32x512xf32>
    %67 = stablehlo.multiply %66, %65 : tensor<4x32x512xf32>
    %68 = stablehlo.tanh %67 : tensor<4x32x512xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x32x512xf32>
    %70 = stablehlo.add %69, %68 : tensor<4x32x512xf32>
    %cst_16 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x32x512xf32>
    %72 = stablehlo.multiply %71, %70 : tensor<4x32x512xf32>
    %73 = stablehlo.multiply %60, %72 : tensor<4x32x512xf32>
    %74 = stablehlo.dot_general %73, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32x512xf32>, tensor<512x128xf32>) -> tensor<4x32x128xf32>
    %75 = stablehlo.add %41, %74 : tensor<4x32x128xf32>
    return %75 : tensor<4x32x128xf32>
  }
}
