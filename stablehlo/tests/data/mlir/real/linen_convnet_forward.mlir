module @jit_conv_forward attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16xf32>, %arg5: tensor<3x3x3x16xf32>, %arg6: tensor<32xf32>, %arg7: tensor<3x3x16x32xf32>, %arg8: tensor<10xf32>, %arg9: tensor<512x10xf32>, %arg10: tensor<32xf32>, %arg11: tensor<32xf32>, %arg12: tensor<8x16x16x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}, {}]>}) -> (tensor<8x10xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg12, %arg5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x16x3xf32>, tensor<3x3x3x16xf32>) -> tensor<8x16x16x16xf32>
    %1 = stablehlo.reshape %arg4 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x16x16x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x16x16x16xf32>
    %4 = chlo.square %3 : tensor<8x16x16x16xf32> -> tensor<8x16x16x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x16x16x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_0 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %7 = stablehlo.divide %5, %6 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%4 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x16x16x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_2 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %10 = stablehlo.divide %8, %9 : tensor<16xf32>
    %11 = chlo.square %7 : tensor<16xf32> -> tensor<16xf32>
    %12 = stablehlo.subtract %10, %11 : tensor<16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %14 = stablehlo.maximum %13, %12 : tensor<16xf32>
    %cst_4 = stablehlo.constant dense<9.900000e-01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %16 = stablehlo.multiply %15, %arg0 : tensor<16xf32>
    %cst_5 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %18 = stablehlo.multiply %17, %7 : tensor<16xf32>
    %19 = stablehlo.add %16, %18 : tensor<16xf32>
    %cst_6 = stablehlo.constant dense<9.900000e-01> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %21 = stablehlo.multiply %20, %arg1 : tensor<16xf32>
    %cst_7 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %23 = stablehlo.multiply %22, %14 : tensor<16xf32>
    %24 = stablehlo.add %21, %23 : tensor<16xf32>
    %25 = stablehlo.broadcast_in_dim %7, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %26 = stablehlo.broadcast_in_dim %14, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %27 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x16x16x16xf32>
    %28 = stablehlo.subtract %3, %27 : tensor<8x16x16x16xf32>
    %cst_8 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %30 = stablehlo.add %26, %29 : tensor<1x1x1x16xf32>
    %31 = stablehlo.rsqrt %30 : tensor<1x1x1x16xf32>
    %32 = stablehlo.reshape %arg3 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %33 = stablehlo.multiply %31, %32 : tensor<1x1x1x16xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x16x16x16xf32>
    %35 = stablehlo.multiply %28, %34 : tensor<8x16x16x16xf32>
    %36 = stablehlo.reshape %arg2 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<8x16x16x16xf32>
    %38 = stablehlo.add %35, %37 : tensor<8x16x16x16xf32>
    %39 = call @relu(%38) : (tensor<8x16x16x16xf32>) -> tensor<8x16x16x16xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<f32>
    %41 = "stablehlo.reduce_window"(%39, %40) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg13: tensor<f32>, %arg14: tensor<f32>):
      %86 = stablehlo.maximum %arg13, %arg14 : tensor<f32>
      stablehlo.return %86 : tensor<f32>
    }) : (tensor<8x16x16x16xf32>, tensor<f32>) -> tensor<8x8x8x16xf32>
    %42 = stablehlo.convolution(%41, %arg7) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x8x8x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x8x8x32xf32>
    %43 = stablehlo.reshape %arg6 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x8x8x32xf32>
    %45 = stablehlo.add %42, %44 : tensor<8x8x8x32xf32>
    %46 = stablehlo.reshape %45 : (tensor<8x8x8x32xf32>) -> tensor<8x8x8x4x8xf32>
    %47 = chlo.square %46 : tensor<8x8x8x4x8xf32> -> tensor<8x8x8x4x8xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%46 init: %cst_10) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<8x8x8x4x8xf32>, tensor<f32>) -> tensor<8x4xf32>
    %cst_11 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %50 = stablehlo.divide %48, %49 : tensor<8x4xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.reduce(%47 init: %cst_12) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<8x8x8x4x8xf32>, tensor<f32>) -> tensor<8x4xf32>
    %cst_13 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %53 = stablehlo.divide %51, %52 : tensor<8x4xf32>
    %54 = chlo.square %50 : tensor<8x4xf32> -> tensor<8x4xf32>
    %55 = stablehlo.subtract %53, %54 : tensor<8x4xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %57 = stablehlo.maximum %56, %55 : tensor<8x4xf32>
    %58 = stablehlo.broadcast_in_dim %50, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4x8xf32>
    %59 = stablehlo.reshape %58 : (tensor<8x4x8xf32>) -> tensor<8x32xf32>
    %60 = stablehlo.broadcast_in_dim %57, dims = [0, 1] : (tensor<8x4xf32>) -> tensor<8x4x8xf32>
    %61 = stablehlo.reshape %60 : (tensor<8x4x8xf32>) -> tensor<8x32xf32>
    %62 = stablehlo.broadcast_in_dim %59, dims = [0, 3] : (tensor<8x32xf32>) -> tensor<8x1x1x32xf32>
    %63 = stablehlo.broadcast_in_dim %61, dims = [0, 3] : (tensor<8x32xf32>) -> tensor<8x1x1x32xf32>
    %64 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2, 3] : (tensor<8x1x1x32xf32>) -> tensor<8x8x8x32xf32>
    %65 = stablehlo.subtract %45, %64 : tensor<8x8x8x32xf32>
    %cst_15 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x1x1x32xf32>
    %67 = stablehlo.add %63, %66 : tensor<8x1x1x32xf32>
    %68 = stablehlo.rsqrt %67 : tensor<8x1x1x32xf32>
    %69 = stablehlo.reshape %arg11 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x1x1x32xf32>
    %71 = stablehlo.multiply %68, %70 : tensor<8x1x1x32xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2, 3] : (tensor<8x1x1x32xf32>) -> tensor<8x8x8x32xf32>
    %73 = stablehlo.multiply %65, %72 : tensor<8x8x8x32xf32>
    %74 = stablehlo.reshape %arg10 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %75 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x8x8x32xf32>
    %76 = stablehlo.add %73, %75 : tensor<8x8x8x32xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<f32>
    %78 = "stablehlo.reduce_window"(%76, %77) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg13: tensor<f32>, %arg14: tensor<f32>):
      %86 = stablehlo.add %arg13, %arg14 : tensor<f32>
      stablehlo.return %86 : tensor<f32>
    }) : (tensor<8x8x8x32xf32>, tensor<f32>) -> tensor<8x4x4x32xf32>
    %cst_17 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x4x4x32xf32>
    %80 = stablehlo.divide %78, %79 : tensor<8x4x4x32xf32>
    %81 = stablehlo.reshape %80 : (tensor<8x4x4x32xf32>) -> tensor<8x512xf32>
    %82 = stablehlo.dot_general %81, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x512xf32>, tensor<512x10xf32>) -> tensor<8x10xf32>
    %83 = stablehlo.reshape %arg8 : (tensor<10xf32>) -> tensor<1x10xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<8x10xf32>
    %85 = stablehlo.add %82, %84 : tensor<8x10xf32>
    return %85 : tensor<8x10xf32>
  }
  func.func private @relu(%arg0: tensor<8x16x16x16xf32>) -> tensor<8x16x16x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x16x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x16x16x16xf32>
    return %1 : tensor<8x16x16x16xf32>
  }
}
