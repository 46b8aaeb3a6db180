module @jit_step attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8xf32> {jax.buffer_donor = true}, %arg1: tensor<2x2x16x8xf32> {jax.buffer_donor = true}, %arg2: tensor<8xf32> {jax.buffer_donor = true}, %arg3: tensor<3x3x3x8xf32> {jax.buffer_donor = true}, %arg4: tensor<16xf32> {jax.buffer_donor = true}, %arg5: tensor<3x3x8x16xf32> {jax.buffer_donor = true}, %arg6: tensor<8xf32> {jax.buffer_donor = true}, %arg7: tensor<3x3x16x8xf32> {jax.buffer_donor = true}, %arg8: tensor<2xf32> {jax.buffer_donor = true}, %arg9: tensor<1x1x8x2xf32> {jax.buffer_donor = true}, %arg10: tensor<i32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@empty_mesh, []>}, %arg11: tensor<8xf32> {jax.buffer_donor = true}, %arg12: tensor<2x2x16x8xf32> {jax.buffer_donor = true}, %arg13: tensor<8xf32> {jax.buffer_donor = true}, %arg14: tensor<3x3x3x8xf32> {jax.buffer_donor = true}, %arg15: tensor<16xf32> {jax.buffer_donor = true}, %arg16: tensor<3x3x8x16xf32> {jax.buffer_donor = true}, %arg17: tensor<8xf32> {jax.buffer_donor = true}, %arg18: tensor<3x3x16x8xf32> {jax.buffer_donor = true}, %arg19: tensor<2xf32> {jax.buffer_donor = true}, %arg20: tensor<1x1x8x2xf32> {jax.buffer_donor = true}, %arg21: tensor<8xf32> {jax.buffer_donor = true}, %arg22: tensor<2x2x16x8xf32> {jax.buffer_donor = true}, %arg23: tensor<8xf32> {jax.buffer_donor = true}, %arg24: tensor<3x3x3x8xf32> {jax.buffer_donor = true}, %arg25: tensor<16xf32> {jax.buffer_donor = true}, %arg26: tensor<3x3x8x16xf32> {jax.buffer_donor = true}, %arg27: tensor<8xf32> {jax.buffer_donor = true}, %arg28: tensor<3x3x16x8xf32> {jax.buffer_donor = true}, %arg29: tensor<2xf32> {jax.buffer_donor = true}, %arg30: tensor<1x1x8x2xf32> {jax.buffer_donor = true}, %arg31: tensor<1x32x32x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data", "model"}, {}, {}]>}, %arg32: tensor<1x32x32x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data", "model"}, {}, {}]>}) -> (tensor<8xf32> {jax.result_info = "result[0]['params']['ConvTranspose_0']['bias']"}, tensor<2x2x16x8xf32> {jax.result_info = "result[0]['params']['ConvTranspose_0']['kernel']"}, tensor<8xf32> {jax.result_info = "result[0]['params']['Conv_0']['bias']"}, tensor<3x3x3x8xf32> {jax.result_info = "result[0]['params']['Conv_0']['kernel']"}, tensor<16xf32> {jax.result_info = "result[0]['params']['Conv_1']['bias']"}, tensor<3x3x8x16xf32> {jax.result_info = "result[0]['params']['Conv_1']['kernel']"}, tensor<8xf32> {jax.result_info = "result[0]['params']['Conv_2']['bias']"}, tensor<3x3x16x8xf32> {jax.result_info = "result[0]['params']['Conv_2']['kernel']"}, tensor<2xf32> {jax.result_info = "result[0]['params']['Conv_3']['bias']"}, tensor<1x1x8x2xf32> {jax.result_info = "result[0]['params']['Conv_3']['kernel']"}, tensor<i32> {jax.result_info = "result[1][0].count"}, tensor<8xf32> {jax.result_info = "result[1][0].mu['params']['ConvTranspose_0']['bias']"}, tensor<2x2x16x8xf32> {jax.result_info = "result[1][0].mu['params']['ConvTranspose_0']['kernel']"}, tensor<8xf32> {jax.result_info = "result[1][0].mu['params']['Conv_0']['bias']"}, tensor<3x3x3x8xf32> {jax.result_info = "result[1][0].mu['params']['Conv_0']['kernel']"}, tensor<16xf32> {jax.result_info = "result[1][0].mu['params']['Conv_1']['bias']"}, tensor<3x3x8x16xf32> {jax.result_info = "result[1][0].mu['params']['Conv_1']['kernel']"}, tensor<8xf32> {jax.result_info = "result[1][0].mu['params']['Conv_2']['bias']"}, tensor<3x3x16x8xf32> {jax.result_info = "result[1][0].mu['params']['Conv_2']['kernel']"}, tensor<2xf32> {jax.result_info = "result[1][0].mu['params']['Conv_3']['bias']"}, tensor<1x1x8x2xf32> {jax.result_info = "result[1][0].mu['params']['Conv_3']['kernel']"}, tensor<8xf32> {jax.result_info = "result[1][0].nu['params']['ConvTranspose_0']['bias']"}, tensor<2x2x16x8xf32> {jax.result_info = "result[1][0].nu['params']['ConvTranspose_0']['kernel']"}, tensor<8xf32> {jax.result_info = "result[1][0].nu['params']['Conv_0']['bias']"}, tensor<3x3x3x8xf32> {jax.result_info = "result[1][0].nu['params']['Conv_0']['kernel']"}, tensor<16xf32> {jax.result_info = "result[1][0].nu['params']['Conv_1']['bias']"}, tensor<3x3x8x16xf32> {jax.result_info = "result[1][0].nu['params']['Conv_1']['kernel']"}, tensor<8xf32> {jax.result_info = "result[1][0].nu['params']['Conv_2']['bias']"}, tensor<3x3x16x8xf32> {jax.result_info = "result[1][0].nu['params']['Conv_2']['kernel']"}, tensor<2xf32> {jax.result_info = "result[1][0].nu['params']['Conv_3']['bias']"}, tensor<1x1x8x2xf32> {jax.result_info = "result[1][0].nu['params']['Conv_3']['kernel']"}, tensor<f32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.convolution(%arg31, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x32x32x8xf32>
    %1 = stablehlo.reshape %arg2 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %3 = stablehlo.add %0, %2 : tensor<1x32x32x8xf32>
    %4 = call @relu(%3) : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x32x32x8xf32>
    %6 = stablehlo.compare GT, %3, %5, FLOAT : (tensor<1x32x32x8xf32>, tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x32x32x8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<f32>
    %9 = "stablehlo.reduce_window"(%4, %8) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg33: tensor<f32>, %arg34: tensor<f32>):
      %365 = stablehlo.maximum %arg33, %arg34 : tensor<f32>
      stablehlo.return %365 : tensor<f32>
    }) : (tensor<1x32x32x8xf32>, tensor<f32>) -> tensor<1x16x16x8xf32>
    %10 = stablehlo.convolution(%9, %arg5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x8xf32>, tensor<3x3x8x16xf32>) -> tensor<1x16x16x16xf32>
    %11 = stablehlo.reshape %arg4 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %13 = stablehlo.add %10, %12 : tensor<1x16x16x16xf32>
    %14 = call @relu_0(%13) : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x16x16x16xf32>
    %16 = stablehlo.compare GT, %13, %15, FLOAT : (tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1x16x16x16xf32>
    %18 = stablehlo.convolution(%14, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<2x2x16x8xf32>) -> tensor<1x32x32x8xf32>
    %19 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %21 = stablehlo.add %18, %20 : tensor<1x32x32x8xf32>
    %22 = stablehlo.concatenate %21, %4, dim = 3 : (tensor<1x32x32x8xf32>, tensor<1x32x32x8xf32>) -> tensor<1x32x32x16xf32>
    %23 = stablehlo.convolution(%22, %arg7) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x16xf32>, tensor<3x3x16x8xf32>) -> tensor<1x32x32x8xf32>
    %24 = stablehlo.reshape %arg6 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %26 = stablehlo.add %23, %25 : tensor<1x32x32x8xf32>
    %27 = call @relu(%26) : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1x32x32x8xf32>
    %29 = stablehlo.compare GT, %26, %28, FLOAT : (tensor<1x32x32x8xf32>, tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xi1>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x32x32x8xf32>
    %31 = stablehlo.convolution(%27, %arg9) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x8xf32>, tensor<1x1x8x2xf32>) -> tensor<1x32x32x2xf32>
    %32 = stablehlo.reshape %arg8 : (tensor<2xf32>) -> tensor<1x1x1x2xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2, 3] : (tensor<1x1x1x2xf32>) -> tensor<1x32x32x2xf32>
    %34 = stablehlo.add %31, %33 : tensor<1x32x32x2xf32>
    %35 = stablehlo.subtract %34, %arg32 : tensor<1x32x32x2xf32>
    %36 = stablehlo.multiply %35, %35 : tensor<1x32x32x2xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<1x32x32x2xf32>
    %38 = stablehlo.multiply %37, %35 : tensor<1x32x32x2xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%36 init: %cst_7) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<1x32x32x2xf32>, tensor<f32>) -> tensor<f32>
    %cst_8 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %40 = stablehlo.divide %39, %cst_8 : tensor<f32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_10 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %41 = stablehlo.divide %cst_9, %cst_10 : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [] : (tensor<f32>) -> tensor<1x32x32x2xf32>
    %43 = stablehlo.multiply %42, %38 : tensor<1x32x32x2xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%43 init: %cst_11) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x32x32x2xf32>, tensor<f32>) -> tensor<1x2xf32>
    %45 = stablehlo.reshape %44 : (tensor<1x2xf32>) -> tensor<1x1x1x2xf32>
    %46 = stablehlo.reshape %45 : (tensor<1x1x1x2xf32>) -> tensor<2xf32>
    %47 = stablehlo.convolution(%27, %43) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x8xf32>, tensor<1x32x32x2xf32>) -> tensor<1x1x8x2xf32>
    %48 = stablehlo.reverse %arg9, dims = [0, 1] : tensor<1x1x8x2xf32>
    %49 = stablehlo.convolution(%43, %48) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x2xf32>, tensor<1x1x8x2xf32>) -> tensor<1x32x32x8xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<1x32x32x8xf32>
    %51 = stablehlo.select %29, %49, %50 : tensor<1x32x32x8xi1>, tensor<1x32x32x8xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_13) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x32x32x8xf32>, tensor<f32>) -> tensor<1x8xf32>
    %53 = stablehlo.reshape %52 : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %54 = stablehlo.reshape %53 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %55 = stablehlo.convolution(%22, %51) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x16xf32>, tensor<1x32x32x8xf32>) -> tensor<3x3x16x8xf32>
    %56 = stablehlo.reverse %arg7, dims = [0, 1] : tensor<3x3x16x8xf32>
    %57 = stablehlo.convolution(%51, %56) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x8xf32>, tensor<3x3x16x8xf32>) -> tensor<1x32x32x16xf32>
    %58 = stablehlo.slice %57 [0:1, 0:32, 0:32, 0:8] : (tensor<1x32x32x16xf32>) -> tensor<1x32x32x8xf32>
    %59 = stablehlo.slice %57 [0:1, 0:32, 0:32, 8:16] : (tensor<1x32x32x16xf32>) -> tensor<1x32x32x8xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%58 init: %cst_14) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x32x32x8xf32>, tensor<f32>) -> tensor<1x8xf32>
    %61 = stablehlo.reshape %60 : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %62 = stablehlo.reshape %61 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %63 = stablehlo.convolution(%14, %58) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<1x32x32x8xf32>) -> tensor<2x2x16x8xf32>
    %64 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<2x2x16x8xf32>
    %65 = stablehlo.convolution(%58, %64) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x8xf32>, tensor<2x2x16x8xf32>) -> tensor<1x16x16x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1x16x16x16xf32>
    %67 = stablehlo.select %16, %65, %66 : tensor<1x16x16x16xi1>, tensor<1x16x16x16xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.reduce(%67 init: %cst_16) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x16x16x16xf32>, tensor<f32>) -> tensor<1x16xf32>
    %69 = stablehlo.reshape %68 : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %70 = stablehlo.reshape %69 : (tensor<1x1x1x16xf32>) -> tensor<16xf32>
    %71 = stablehlo.convolution(%9, %67) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x8xf32>, tensor<1x16x16x16xf32>) -> tensor<3x3x8x16xf32>
    %72 = stablehlo.reverse %arg5, dims = [0, 1] : tensor<3x3x8x16xf32>
    %73 = stablehlo.convolution(%67, %72) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<3x3x8x16xf32>) -> tensor<1x16x16x8xf32>
    %cst_17 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %74 = stablehlo.pad %4, %cst_17, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<1x32x32x8xf32>, tensor<f32>) -> tensor<1x32x32x8xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75 = "stablehlo.select_and_scatter"(%74, %73, %cst_18) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg33: tensor<f32>, %arg34: tensor<f32>):
      %365 = stablehlo.compare GE, %arg33, %arg34, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %365 : tensor<i1>
    }, {
    ^bb0(%arg33: tensor<f32>, %arg34: tensor<f32>):
      %365 = stablehlo.add %arg33, %arg34 : tensor<f32>
      stablehlo.return %365 : tensor<f32>
    }) : (tensor<1x32x32x8xf32>, tensor<1x16x16x8xf32>, tensor<f32>) -> tensor<1x32x32x8xf32>
    %76 = stablehlo.slice %75 [0:1, 0:32, 0:32, 0:8] : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32>
    %77 = stablehlo.add %59, %76 : tensor<1x32x32x8xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<1x32x32x8xf32>
    %79 = stablehlo.select %6, %77, %78 : tensor<1x32x32x8xi1>, tensor<1x32x32x8xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %80 = stablehlo.reduce(%79 init: %cst_20) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x32x32x8xf32>, tensor<f32>) -> tensor<1x8xf32>
    %81 = stablehlo.reshape %80 : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %82 = stablehlo.reshape %81 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %83 = stablehlo.convolution(%arg31, %79) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x3xf32>, tensor<1x32x32x8xf32>) -> tensor<3x3x3x8xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %85 = stablehlo.multiply %84, %62 : tensor<8xf32>
    %cst_22 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %87 = stablehlo.multiply %86, %arg11 : tensor<8xf32>
    %88 = stablehlo.add %85, %87 : tensor<8xf32>
    %cst_23 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %90 = stablehlo.multiply %89, %63 : tensor<2x2x16x8xf32>
    %cst_24 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %92 = stablehlo.multiply %91, %arg12 : tensor<2x2x16x8xf32>
    %93 = stablehlo.add %90, %92 : tensor<2x2x16x8xf32>
    %cst_25 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %95 = stablehlo.multiply %94, %82 : tensor<8xf32>
    %cst_26 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %97 = stablehlo.multiply %96, %arg13 : tensor<8xf32>
    %98 = stablehlo.add %95, %97 : tensor<8xf32>
    %cst_27 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %100 = stablehlo.multiply %99, %83 : tensor<3x3x3x8xf32>
    %cst_28 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %102 = stablehlo.multiply %101, %arg14 : tensor<3x3x3x8xf32>
    %103 = stablehlo.add %100, %102 : tensor<3x3x3x8xf32>
    %cst_29 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %105 = stablehlo.multiply %104, %70 : tensor<16xf32>
    %cst_30 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %107 = stablehlo.multiply %106, %arg15 : tensor<16xf32>
    %108 = stablehlo.add %105, %107 : tensor<16xf32>
    %cst_31 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %110 = stablehlo.multiply %109, %71 : tensor<3x3x8x16xf32>
    %cst_32 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %112 = stablehlo.multiply %111, %arg16 : tensor<3x3x8x16xf32>
    %113 = stablehlo.add %110, %112 : tensor<3x3x8x16xf32>
    %cst_33 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %115 = stablehlo.multiply %114, %54 : tensor<8xf32>
    %cst_34 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %117 = stablehlo.multiply %116, %arg17 : tensor<8xf32>
    %118 = stablehlo.add %115, %117 : tensor<8xf32>
    %cst_35 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %120 = stablehlo.multiply %119, %55 : tensor<3x3x16x8xf32>
    %cst_36 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %122 = stablehlo.multiply %121, %arg18 : tensor<3x3x16x8xf32>
    %123 = stablehlo.add %120, %122 : tensor<3x3x16x8xf32>
    %cst_37 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %125 = stablehlo.multiply %124, %46 : tensor<2xf32>
    %cst_38 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %127 = stablehlo.multiply %126, %arg19 : tensor<2xf32>
    %128 = stablehlo.add %125, %127 : tensor<2xf32>
    %cst_39 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %130 = stablehlo.multiply %129, %47 : tensor<1x1x8x2xf32>
    %cst_40 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %132 = stablehlo.multiply %131, %arg20 : tensor<1x1x8x2xf32>
    %133 = stablehlo.add %130, %132 : tensor<1x1x8x2xf32>
    %134 = stablehlo.multiply %62, %62 : tensor<8xf32>
    %cst_41 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %136 = stablehlo.multiply %135, %134 : tensor<8xf32>
    %cst_42 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %138 = stablehlo.multiply %137, %arg21 : tensor<8xf32>
    %139 = stablehlo.add %136, %138 : tensor<8xf32>
    %140 = stablehlo.multiply %63, %63 : tensor<2x2x16x8xf32>
    %cst_43 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %142 = stablehlo.multiply %141, %140 : tensor<2x2x16x8xf32>
    %cst_44 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %144 = stablehlo.multiply %143, %arg22 : tensor<2x2x16x8xf32>
    %145 = stablehlo.add %142, %144 : tensor<2x2x16x8xf32>
    %146 = stablehlo.multiply %82, %82 : tensor<8xf32>
    %cst_45 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %148 = stablehlo.multiply %147, %146 : tensor<8xf32>
    %cst_46 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %150 = stablehlo.multiply %149, %arg23 : tensor<8xf32>
    %151 = stablehlo.add %148, %150 : tensor<8xf32>
    %152 = stablehlo.multiply %83, %83 : tensor<3x3x3x8xf32>
    %cst_47 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %153 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %154 = stablehlo.multiply %153, %152 : tensor<3x3x3x8xf32>
    %cst_48 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %156 = stablehlo.multiply %155, %arg24 : tensor<3x3x3x8xf32>
    %157 = stablehlo.add %154, %156 : tensor<3x3x3x8xf32>
    %158 = stablehlo.multiply %70, %70 : tensor<16xf32>
    %cst_49 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %160 = stablehlo.multiply %159, %158 : tensor<16xf32>
    %cst_50 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %162 = stablehlo.multiply %161, %arg25 : tensor<16xf32>
    %163 = stablehlo.add %160, %162 : tensor<16xf32>
    %164 = stablehlo.multiply %71, %71 : tensor<3x3x8x16xf32>
    %cst_51 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %166 = stablehlo.multiply %165, %164 : tensor<3x3x8x16xf32>
    %cst_52 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %168 = stablehlo.multiply %167, %arg26 : tensor<3x3x8x16xf32>
    %169 = stablehlo.add %166, %168 : tensor<3x3x8x16xf32>
    %170 = stablehlo.multiply %54, %54 : tensor<8xf32>
    %cst_53 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %171 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %172 = stablehlo.multiply %171, %170 : tensor<8xf32>
    %cst_54 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %174 = stablehlo.multiply %173, %arg27 : tensor<8xf32>
    %175 = stablehlo.add %172, %174 : tensor<8xf32>
    %176 = stablehlo.multiply %55, %55 : tensor<3x3x16x8xf32>
    %cst_55 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %178 = stablehlo.multiply %177, %176 : tensor<3x3x16x8xf32>
    %cst_56 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %180 = stablehlo.multiply %179, %arg28 : tensor<3x3x16x8xf32>
    %181 = stablehlo.add %178, %180 : tensor<3x3x16x8xf32>
    %182 = stablehlo.multiply %46, %46 : tensor<2xf32>
    %cst_57 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %184 = stablehlo.multiply %183, %182 : tensor<2xf32>
    %cst_58 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %186 = stablehlo.multiply %185, %arg29 : tensor<2xf32>
    %187 = stablehlo.add %184, %186 : tensor<2xf32>
    %188 = stablehlo.multiply %47, %47 : tensor<1x1x8x2xf32>
    %cst_59 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %190 = stablehlo.multiply %189, %188 : tensor<1x1x8x2xf32>
    %cst_60 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %192 = stablehlo.multiply %191, %arg30 : tensor<1x1x8x2xf32>
    %193 = stablehlo.add %190, %192 : tensor<1x1x8x2xf32>
    %c = stablehlo.constant dense<2147483647> : tensor<i32>
    %194 = stablehlo.compare LT, %arg10, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_61 = stablehlo.constant dense<1> : tensor<i32>
    %195 = stablehlo.add %arg10, %c_61 : tensor<i32>
    %c_62 = stablehlo.constant dense<2147483647> : tensor<i32>
    %196 = call @_where(%194, %195, %c_62) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %197 = stablehlo.convert %196 : (tensor<i32>) -> tensor<f32>
    %cst_63 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %198 = stablehlo.convert %196 : (tensor<i32>) -> tensor<f32>
    %199 = stablehlo.power %cst_63, %198 : tensor<f32>
    %cst_64 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %200 = stablehlo.subtract %cst_64, %199 : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %202 = stablehlo.divide %88, %201 : tensor<8xf32>
    %203 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %204 = stablehlo.divide %93, %203 : tensor<2x2x16x8xf32>
    %205 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %206 = stablehlo.divide %98, %205 : tensor<8xf32>
    %207 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %208 = stablehlo.divide %103, %207 : tensor<3x3x3x8xf32>
    %209 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %210 = stablehlo.divide %108, %209 : tensor<16xf32>
    %211 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %212 = stablehlo.divide %113, %211 : tensor<3x3x8x16xf32>
    %213 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %214 = stablehlo.divide %118, %213 : tensor<8xf32>
    %215 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %216 = stablehlo.divide %123, %215 : tensor<3x3x16x8xf32>
    %217 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %218 = stablehlo.divide %128, %217 : tensor<2xf32>
    %219 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %220 = stablehlo.divide %133, %219 : tensor<1x1x8x2xf32>
    %221 = stablehlo.convert %196 : (tensor<i32>) -> tensor<f32>
    %cst_65 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %222 = stablehlo.convert %196 : (tensor<i32>) -> tensor<f32>
    %223 = stablehlo.power %cst_65, %222 : tensor<f32>
    %cst_66 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %224 = stablehlo.subtract %cst_66, %223 : tensor<f32>
    %225 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %226 = stablehlo.divide %139, %225 : tensor<8xf32>
    %227 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %228 = stablehlo.divide %145, %227 : tensor<2x2x16x8xf32>
    %229 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %230 = stablehlo.divide %151, %229 : tensor<8xf32>
    %231 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %232 = stablehlo.divide %157, %231 : tensor<3x3x3x8xf32>
    %233 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %234 = stablehlo.divide %163, %233 : tensor<16xf32>
    %235 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %236 = stablehlo.divide %169, %235 : tensor<3x3x8x16xf32>
    %237 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %238 = stablehlo.divide %175, %237 : tensor<8xf32>
    %239 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %240 = stablehlo.divide %181, %239 : tensor<3x3x16x8xf32>
    %241 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %242 = stablehlo.divide %187, %241 : tensor<2xf32>
    %243 = stablehlo.broadcast_in_dim %224, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %244 = stablehlo.divide %193, %243 : tensor<1x1x8x2xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %245 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %246 = stablehlo.add %226, %245 : tensor<8xf32>
    %247 = stablehlo.sqrt %246 : tensor<8xf32>
    %cst_68 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %248 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %249 = stablehlo.add %247, %248 : tensor<8xf32>
    %250 = stablehlo.divide %202, %249 : tensor<8xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %252 = stablehlo.add %228, %251 : tensor<2x2x16x8xf32>
    %253 = stablehlo.sqrt %252 : tensor<2x2x16x8xf32>
    %cst_70 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %254 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %255 = stablehlo.add %253, %254 : tensor<2x2x16x8xf32>
    %256 = stablehlo.divide %204, %255 : tensor<2x2x16x8xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %257 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %258 = stablehlo.add %230, %257 : tensor<8xf32>
    %259 = stablehlo.sqrt %258 : tensor<8xf32>
    %cst_72 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %260 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %261 = stablehlo.add %259, %260 : tensor<8xf32>
    %262 = stablehlo.divide %206, %261 : tensor<8xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %264 = stablehlo.add %232, %263 : tensor<3x3x3x8xf32>
    %265 = stablehlo.sqrt %264 : tensor<3x3x3x8xf32>
    %cst_74 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %267 = stablehlo.add %265, %266 : tensor<3x3x3x8xf32>
    %268 = stablehlo.divide %208, %267 : tensor<3x3x3x8xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %269 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %270 = stablehlo.add %234, %269 : tensor<16xf32>
    %271 = stablehlo.sqrt %270 : tensor<16xf32>
    %cst_76 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %272 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %273 = stablehlo.add %271, %272 : tensor<16xf32>
    %274 = stablehlo.divide %210, %273 : tensor<16xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %275 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %276 = stablehlo.add %236, %275 : tensor<3x3x8x16xf32>
    %277 = stablehlo.sqrt %276 : tensor<3x3x8x16xf32>
    %cst_78 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %278 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %279 = stablehlo.add %277, %278 : tensor<3x3x8x16xf32>
    %280 = stablehlo.divide %212, %279 : tensor<3x3x8x16xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %281 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %282 = stablehlo.add %238, %281 : tensor<8xf32>
    %283 = stablehlo.sqrt %282 : tensor<8xf32>
    %cst_80 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %284 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %285 = stablehlo.add %283, %284 : tensor<8xf32>
    %286 = stablehlo.divide %214, %285 : tensor<8xf32>
    %cst_81 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %287 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %288 = stablehlo.add %240, %287 : tensor<3x3x16x8xf32>
    %289 = stablehlo.sqrt %288 : tensor<3x3x16x8xf32>
    %cst_82 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %290 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %291 = stablehlo.add %289, %290 : tensor<3x3x16x8xf32>
    %292 = stablehlo.divide %216, %291 : tensor<3x3x16x8xf32>
    %cst_83 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %293 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %294 = stablehlo.add %242, %293 : tensor<2xf32>
    %295 = stablehlo.sqrt %294 : tensor<2xf32>
    %cst_84 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %296 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %297 = stablehlo.add %295, %296 : tensor<2xf32>
    %298 = stablehlo.divide %218, %297 : tensor<2xf32>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %300 = stablehlo.add %244, %299 : tensor<1x1x8x2xf32>
    %301 = stablehlo.sqrt %300 : tensor<1x1x8x2xf32>
    %cst_86 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %303 = stablehlo.add %301, %302 : tensor<1x1x8x2xf32>
    %304 = stablehlo.divide %220, %303 : tensor<1x1x8x2xf32>
    %cst_87 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %305 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %306 = stablehlo.multiply %305, %arg0 : tensor<8xf32>
    %307 = stablehlo.add %250, %306 : tensor<8xf32>
    %cst_88 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %308 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %309 = stablehlo.multiply %308, %arg1 : tensor<2x2x16x8xf32>
    %310 = stablehlo.add %256, %309 : tensor<2x2x16x8xf32>
    %cst_89 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %312 = stablehlo.multiply %311, %arg2 : tensor<8xf32>
    %313 = stablehlo.add %262, %312 : tensor<8xf32>
    %cst_90 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %314 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %315 = stablehlo.multiply %314, %arg3 : tensor<3x3x3x8xf32>
    %316 = stablehlo.add %268, %315 : tensor<3x3x3x8xf32>
    %cst_91 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %317 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %318 = stablehlo.multiply %317, %arg4 : tensor<16xf32>
    %319 = stablehlo.add %274, %318 : tensor<16xf32>
    %cst_92 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %320 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %321 = stablehlo.multiply %320, %arg5 : tensor<3x3x8x16xf32>
    %322 = stablehlo.add %280, %321 : tensor<3x3x8x16xf32>
    %cst_93 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %323 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %324 = stablehlo.multiply %323, %arg6 : tensor<8xf32>
    %325 = stablehlo.add %286, %324 : tensor<8xf32>
    %cst_94 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %327 = stablehlo.multiply %326, %arg7 : tensor<3x3x16x8xf32>
    %328 = stablehlo.add %292, %327 : tensor<3x3x16x8xf32>
    %cst_95 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %329 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %330 = stablehlo.multiply %329, %arg8 : tensor<2xf32>
    %331 = stablehlo.add %298, %330 : tensor<2xf32>
    %cst_96 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %332 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %333 = stablehlo.multiply %332, %arg9 : tensor<1x1x8x2xf32>
    %334 = stablehlo.add %304, %333 : tensor<1x1x8x2xf32>
    %cst_97 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %335 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %336 = stablehlo.multiply %335, %307 : tensor<8xf32>
    %cst_98 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %337 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<2x2x16x8xf32>
    %338 = stablehlo.multiply %337, %310 : tensor<2x2x16x8xf32>
    %cst_99 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %339 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %340 = stablehlo.multiply %339, %313 : tensor<8xf32>
    %cst_100 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %341 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %342 = stablehlo.multiply %341, %316 : tensor<3x3x3x8xf32>
    %cst_101 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %343 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %344 = stablehlo.multiply %343, %319 : tensor<16xf32>
    %cst_102 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %345 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %346 = stablehlo.multiply %345, %322 : tensor<3x3x8x16xf32>
    %cst_103 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %347 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %348 = stablehlo.multiply %347, %325 : tensor<8xf32>
    %cst_104 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %349 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<3x3x16x8xf32>
    %350 = stablehlo.multiply %349, %328 : tensor<3x3x16x8xf32>
    %cst_105 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %351 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %352 = stablehlo.multiply %351, %331 : tensor<2xf32>
    %cst_106 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %353 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<1x1x8x2xf32>
    %354 = stablehlo.multiply %353, %334 : tensor<1x1x8x2xf32>
    %355 = stablehlo.add %arg0, %336 : tensor<8xf32>
    %356 = stablehlo.add %arg1, %338 : tensor<2x2x16x8xf32>
    %357 = stablehlo.add %arg2, %340 : tensor<8xf32>
    %358 = stablehlo.add %arg3, %342 : tensor<3x3x3x8xf32>
    %359 = stablehlo.add %arg4, %344 : tensor<16xf32>
    %360 = stablehlo.add %arg5, %346 : tensor<3x3x8x16xf32>
    %361 = stablehlo.add %arg6, %348 : tensor<8xf32>
    %362 = stablehlo.add %arg7, %350 : tensor<3x3x16x8xf32>
    %363 = stablehlo.add %arg8, %352 : tensor<2xf32>
    %364 = stablehlo.add %arg9, %354 : tensor<1x1x8x2xf32>
    return %355, %356, %357, %358, %359, %360, %361, %362, %363, %364, %196, %88, %93, %98, %103, %108, %113, %118, %123, %128, %133, %139, %145, %151, %157, %163, %169, %175, %181, %187, %193, %40 : tensor<8xf32>, tensor<2x2x16x8xf32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<16xf32>, tensor<3x3x8x16xf32>, tensor<8xf32>, tensor<3x3x16x8xf32>, tensor<2xf32>, tensor<1x1x8x2xf32>, tensor<i32>, tensor<8xf32>, tensor<2x2x16x8xf32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<16xf32>, tensor<3x3x8x16xf32>, tensor<8xf32>, tensor<3x3x16x8xf32>, tensor<2xf32>, tensor<1x1x8x2xf32>, tensor<8xf32>, tensor<2x2x16x8xf32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<16xf32>, tensor<3x3x8x16xf32>, tensor<8xf32>, tensor<3x3x16x8xf32>, tensor<2xf32>, tensor<1x1x8x2xf32>, tensor<f32>
  }
  func.func private @relu(%arg0: tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x32x32x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<1x32x32x8xf32>
    return %1 : tensor<1x32x32x8xf32>
  }
  func.func private @relu_0(%arg0: tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x16x16x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<1x16x16x16xf32>
    return %1 : tensor<1x16x16x16xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
