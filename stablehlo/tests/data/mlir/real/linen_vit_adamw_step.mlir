module @jit_train_step attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<64xf32> {jax.buffer_donor = true}, %arg1: tensor<32x64xf32> {jax.buffer_donor = true}, %arg2: tensor<32xf32> {jax.buffer_donor = true}, %arg3: tensor<64x32xf32> {jax.buffer_donor = true}, %arg4: tensor<32xf32> {jax.buffer_donor = true}, %arg5: tensor<32xf32> {jax.buffer_donor = true}, %arg6: tensor<32xf32> {jax.buffer_donor = true}, %arg7: tensor<32xf32> {jax.buffer_donor = true}, %arg8: tensor<2x16xf32> {jax.buffer_donor = true}, %arg9: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg10: tensor<32xf32> {jax.buffer_donor = true}, %arg11: tensor<2x16x32xf32> {jax.buffer_donor = true}, %arg12: tensor<2x16xf32> {jax.buffer_donor = true}, %arg13: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg14: tensor<2x16xf32> {jax.buffer_donor = true}, %arg15: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg16: tensor<1x1x32xf32> {jax.buffer_donor = true}, %arg17: tensor<100xf32> {jax.buffer_donor = true}, %arg18: tensor<32x100xf32> {jax.buffer_donor = true}, %arg19: tensor<32xf32> {jax.buffer_donor = true}, %arg20: tensor<32xf32> {jax.buffer_donor = true}, %arg21: tensor<32xf32> {jax.buffer_donor = true}, %arg22: tensor<2x2x3x32xf32> {jax.buffer_donor = true}, %arg23: tensor<1x65x32xf32> {jax.buffer_donor = true}, %arg24: tensor<i32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@empty_mesh, []>}, %arg25: tensor<64xf32> {jax.buffer_donor = true}, %arg26: tensor<32x64xf32> {jax.buffer_donor = true}, %arg27: tensor<32xf32> {jax.buffer_donor = true}, %arg28: tensor<64x32xf32> {jax.buffer_donor = true}, %arg29: tensor<32xf32> {jax.buffer_donor = true}, %arg30: tensor<32xf32> {jax.buffer_donor = true}, %arg31: tensor<32xf32> {jax.buffer_donor = true}, %arg32: tensor<32xf32> {jax.buffer_donor = true}, %arg33: tensor<2x16xf32> {jax.buffer_donor = true}, %arg34: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg35: tensor<32xf32> {jax.buffer_donor = true}, %arg36: tensor<2x16x32xf32> {jax.buffer_donor = true}, %arg37: tensor<2x16xf32> {jax.buffer_donor = true}, %arg38: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg39: tensor<2x16xf32> {jax.buffer_donor = true}, %arg40: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg41: tensor<1x1x32xf32> {jax.buffer_donor = true}, %arg42: tensor<100xf32> {jax.buffer_donor = true}, %arg43: tensor<32x100xf32> {jax.buffer_donor = true}, %arg44: tensor<32xf32> {jax.buffer_donor = true}, %arg45: tensor<32xf32> {jax.buffer_donor = true}, %arg46: tensor<32xf32> {jax.buffer_donor = true}, %arg47: tensor<2x2x3x32xf32> {jax.buffer_donor = true}, %arg48: tensor<1x65x32xf32> {jax.buffer_donor = true}, %arg49: tensor<64xf32> {jax.buffer_donor = true}, %arg50: tensor<32x64xf32> {jax.buffer_donor = true}, %arg51: tensor<32xf32> {jax.buffer_donor = true}, %arg52: tensor<64x32xf32> {jax.buffer_donor = true}, %arg53: tensor<32xf32> {jax.buffer_donor = true}, %arg54: tensor<32xf32> {jax.buffer_donor = true}, %arg55: tensor<32xf32> {jax.buffer_donor = true}, %arg56: tensor<32xf32> {jax.buffer_donor = true}, %arg57: tensor<2x16xf32> {jax.buffer_donor = true}, %arg58: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg59: tensor<32xf32> {jax.buffer_donor = true}, %arg60: tensor<2x16x32xf32> {jax.buffer_donor = true}, %arg61: tensor<2x16xf32> {jax.buffer_donor = true}, %arg62: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg63: tensor<2x16xf32> {jax.buffer_donor = true}, %arg64: tensor<32x2x16xf32> {jax.buffer_donor = true}, %arg65: tensor<1x1x32xf32> {jax.buffer_donor = true}, %arg66: tensor<100xf32> {jax.buffer_donor = true}, %arg67: tensor<32x100xf32> {jax.buffer_donor = true}, %arg68: tensor<32xf32> {jax.buffer_donor = true}, %arg69: tensor<32xf32> {jax.buffer_donor = true}, %arg70: tensor<32xf32> {jax.buffer_donor = true}, %arg71: tensor<2x2x3x32xf32> {jax.buffer_donor = true}, %arg72: tensor<1x65x32xf32> {jax.buffer_donor = true}, %arg73: tensor<8x16x16x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}, {}]>}, %arg74: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}) -> (tensor<64xf32> {jax.result_info = "result[0]['params']['block0']['Dense_0']['bias']"}, tensor<32x64xf32> {jax.result_info = "result[0]['params']['block0']['Dense_0']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['block0']['Dense_1']['bias']"}, tensor<64x32xf32> {jax.result_info = "result[0]['params']['block0']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['block0']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['block0']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['block0']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['block0']['LayerNorm_1']['scale']"}, tensor<2x16xf32> {jax.result_info = "result[0]['params']['block0']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[0]['params']['block0']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['block0']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<2x16x32xf32> {jax.result_info = "result[0]['params']['block0']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<2x16xf32> {jax.result_info = "result[0]['params']['block0']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[0]['params']['block0']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<2x16xf32> {jax.result_info = "result[0]['params']['block0']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[0]['params']['block0']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<1x1x32xf32> {jax.result_info = "result[0]['params']['cls']"}, tensor<100xf32> {jax.result_info = "result[0]['params']['head']['bias']"}, tensor<32x100xf32> {jax.result_info = "result[0]['params']['head']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['norm']['bias']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['norm']['scale']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['patch_embed']['bias']"}, tensor<2x2x3x32xf32> {jax.result_info = "result[0]['params']['patch_embed']['kernel']"}, tensor<1x65x32xf32> {jax.result_info = "result[0]['params']['pos_embedding']"}, tensor<i32> {jax.result_info = "result[1][0].count"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['params']['block0']['Dense_0']['bias']"}, tensor<32x64xf32> {jax.result_info = "result[1][0].mu['params']['block0']['Dense_0']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['block0']['Dense_1']['bias']"}, tensor<64x32xf32> {jax.result_info = "result[1][0].mu['params']['block0']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['block0']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['block0']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['block0']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['block0']['LayerNorm_1']['scale']"}, tensor<2x16xf32> {jax.result_info = "result[1][0].mu['params']['block0']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[1][0].mu['params']['block0']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['block0']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<2x16x32xf32> {jax.result_info = "result[1][0].mu['params']['block0']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<2x16xf32> {jax.result_info = "result[1][0].mu['params']['block0']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[1][0].mu['params']['block0']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<2x16xf32> {jax.result_info = "result[1][0].mu['params']['block0']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[1][0].mu['params']['block0']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<1x1x32xf32> {jax.result_info = "result[1][0].mu['params']['cls']"}, tensor<100xf32> {jax.result_info = "result[1][0].mu['params']['head']['bias']"}, tensor<32x100xf32> {jax.result_info = "result[1][0].mu['params']['head']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['norm']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['norm']['scale']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['patch_embed']['bias']"}, tensor<2x2x3x32xf32> {jax.result_info = "result[1][0].mu['params']['patch_embed']['kernel']"}, tensor<1x65x32xf32> {jax.result_info = "result[1][0].mu['params']['pos_embedding']"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['params']['block0']['Dense_0']['bias']"}, tensor<32x64xf32> {jax.result_info = "result[1][0].nu['params']['block0']['Dense_0']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['block0']['Dense_1']['bias']"}, tensor<64x32xf32> {jax.result_info = "result[1][0].nu['params']['block0']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['block0']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['block0']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['block0']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['block0']['LayerNorm_1']['scale']"}, tensor<2x16xf32> {jax.result_info = "result[1][0].nu['params']['block0']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[1][0].nu['params']['block0']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['block0']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<2x16x32xf32> {jax.result_info = "result[1][0].nu['params']['block0']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<2x16xf32> {jax.result_info = "result[1][0].nu['params']['block0']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[1][0].nu['params']['block0']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<2x16xf32> {jax.result_info = "result[1][0].nu['params']['block0']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x2x16xf32> {jax.result_info = "result[1][0].nu['params']['block0']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<1x1x32xf32> {jax.result_info = "result[1][0].nu['params']['cls']"}, tensor<100xf32> {jax.result_info = "result[1][0].nu['params']['head']['bias']"}, tensor<32x100xf32> {jax.result_info = "result[1][0].nu['params']['head']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['norm']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['norm']['scale']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['patch_embed']['bias']"}, tensor<2x2x3x32xf32> {jax.result_info = "result[1][0].nu['params']['patch_embed']['kernel']"}, tensor<1x65x32xf32> {jax.result_info = "result[1][0].nu['params']['pos_embedding']"}, tensor<f32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.convolution(%arg73, %arg22) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x16x3xf32>, tensor<2x2x3x32xf32>) -> tensor<8x8x8x32xf32>
    %1 = stablehlo.reshape %arg21 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x8x8x32xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x8x8x32xf32>
    %4 = stablehlo.reshape %3 : (tensor<8x8x8x32xf32>) -> tensor<8x64x32xf32>
    %5 = stablehlo.reshape %arg16 : (tensor<1x1x32xf32>) -> tensor<1x1x1x1x1x32xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2, 3, 4, 5] : (tensor<1x1x1x1x1x32xf32>) -> tensor<8x1x1x1x1x32xf32>
    %7 = stablehlo.reshape %6 : (tensor<8x1x1x1x1x32xf32>) -> tensor<8x1x32xf32>
    %8 = stablehlo.concatenate %7, %4, dim = 1 : (tensor<8x1x32xf32>, tensor<8x64x32xf32>) -> tensor<8x65x32xf32>
    %9 = stablehlo.broadcast_in_dim %arg23, dims = [0, 1, 2] : (tensor<1x65x32xf32>) -> tensor<8x65x32xf32>
    %10 = stablehlo.add %8, %9 : tensor<8x65x32xf32>
    %11 = chlo.square %10 : tensor<8x65x32xf32> -> tensor<8x65x32xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x65x32xf32>
    %13 = stablehlo.multiply %12, %10 : tensor<8x65x32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%10 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_1 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x65xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_3 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %19 = stablehlo.divide %17, %18 : tensor<8x65xf32>
    %20 = chlo.square %16 : tensor<8x65xf32> -> tensor<8x65xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %22 = stablehlo.multiply %21, %16 : tensor<8x65xf32>
    %23 = stablehlo.subtract %19, %20 : tensor<8x65xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %25 = stablehlo.maximum %24, %23 : tensor<8x65xf32>
    %26 = stablehlo.compare EQ, %23, %25, FLOAT : (tensor<8x65xf32>, tensor<8x65xf32>) -> tensor<8x65xi1>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %29 = stablehlo.select %26, %27, %28 : tensor<8x65xi1>, tensor<8x65xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %31 = stablehlo.compare EQ, %30, %25, FLOAT : (tensor<8x65xf32>, tensor<8x65xf32>) -> tensor<8x65xi1>
    %cst_9 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %34 = stablehlo.select %31, %32, %33 : tensor<8x65xi1>, tensor<8x65xf32>
    %35 = stablehlo.divide %29, %34 : tensor<8x65xf32>
    %36 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %37 = stablehlo.broadcast_in_dim %25, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %39 = stablehlo.subtract %10, %38 : tensor<8x65x32xf32>
    %cst_11 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %41 = stablehlo.add %37, %40 : tensor<8x65x1xf32>
    %42 = stablehlo.rsqrt %41 : tensor<8x65x1xf32>
    %43 = stablehlo.divide %42, %41 : tensor<8x65x1xf32>
    %cst_12 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %45 = stablehlo.multiply %44, %43 : tensor<8x65x1xf32>
    %46 = stablehlo.reshape %arg5 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %47 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %48 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %49 = stablehlo.multiply %47, %48 : tensor<8x65x32xf32>
    %50 = stablehlo.multiply %39, %49 : tensor<8x65x32xf32>
    %51 = stablehlo.reshape %arg4 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %53 = stablehlo.add %50, %52 : tensor<8x65x32xf32>
    %54 = stablehlo.dot_general %53, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x32xf32>, tensor<32x2x16xf32>) -> tensor<8x65x2x16xf32>
    %55 = stablehlo.reshape %arg12 : (tensor<2x16xf32>) -> tensor<1x1x2x16xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2, 3] : (tensor<1x1x2x16xf32>) -> tensor<8x65x2x16xf32>
    %57 = stablehlo.add %54, %56 : tensor<8x65x2x16xf32>
    %58 = stablehlo.dot_general %53, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x32xf32>, tensor<32x2x16xf32>) -> tensor<8x65x2x16xf32>
    %59 = stablehlo.reshape %arg8 : (tensor<2x16xf32>) -> tensor<1x1x2x16xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2, 3] : (tensor<1x1x2x16xf32>) -> tensor<8x65x2x16xf32>
    %61 = stablehlo.add %58, %60 : tensor<8x65x2x16xf32>
    %62 = stablehlo.dot_general %53, %arg15, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x32xf32>, tensor<32x2x16xf32>) -> tensor<8x65x2x16xf32>
    %63 = stablehlo.reshape %arg14 : (tensor<2x16xf32>) -> tensor<1x1x2x16xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [0, 1, 2, 3] : (tensor<1x1x2x16xf32>) -> tensor<8x65x2x16xf32>
    %65 = stablehlo.add %62, %64 : tensor<8x65x2x16xf32>
    %cst_13 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %66 = stablehlo.sqrt %cst_13 : tensor<f32>
    %67 = stablehlo.convert %66 : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [] : (tensor<f32>) -> tensor<8x65x2x16xf32>
    %69 = stablehlo.divide %57, %68 : tensor<8x65x2x16xf32>
    %70 = stablehlo.dot_general %69, %61, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<8x65x2x16xf32>) -> tensor<8x2x65x65xf32>
    %cst_14 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %71 = stablehlo.reduce(%70 init: %cst_14) applies stablehlo.maximum across dimensions = [3] : (tensor<8x2x65x65xf32>, tensor<f32>) -> tensor<8x2x65xf32>
    %72 = stablehlo.reshape %71 : (tensor<8x2x65xf32>) -> tensor<8x2x65x1xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2, 3] : (tensor<8x2x65x1xf32>) -> tensor<8x2x65x65xf32>
    %74 = stablehlo.compare EQ, %70, %73, FLOAT : (tensor<8x2x65x65xf32>, tensor<8x2x65x65xf32>) -> tensor<8x2x65x65xi1>
    %75 = stablehlo.convert %74 : (tensor<8x2x65x65xi1>) -> tensor<8x2x65x65xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %76 = stablehlo.reduce(%75 init: %cst_15) applies stablehlo.add across dimensions = [3] : (tensor<8x2x65x65xf32>, tensor<f32>) -> tensor<8x2x65xf32>
    %cst_16 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x2x65xf32>
    %78 = stablehlo.maximum %77, %71 : tensor<8x2x65xf32>
    %79 = stablehlo.compare EQ, %71, %78, FLOAT : (tensor<8x2x65xf32>, tensor<8x2x65xf32>) -> tensor<8x2x65xi1>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x2x65xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x2x65xf32>
    %82 = stablehlo.select %79, %80, %81 : tensor<8x2x65xi1>, tensor<8x2x65xf32>
    %cst_19 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<8x2x65xf32>
    %84 = stablehlo.compare EQ, %83, %78, FLOAT : (tensor<8x2x65xf32>, tensor<8x2x65xf32>) -> tensor<8x2x65xi1>
    %cst_20 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x2x65xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8x2x65xf32>
    %87 = stablehlo.select %84, %85, %86 : tensor<8x2x65xi1>, tensor<8x2x65xf32>
    %88 = stablehlo.divide %82, %87 : tensor<8x2x65xf32>
    %89 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2] : (tensor<8x2x65xf32>) -> tensor<8x2x65x1xf32>
    %90 = stablehlo.broadcast_in_dim %89, dims = [0, 1, 2, 3] : (tensor<8x2x65x1xf32>) -> tensor<8x2x65x65xf32>
    %91 = stablehlo.subtract %70, %90 : tensor<8x2x65x65xf32>
    %92 = stablehlo.exponential %91 : tensor<8x2x65x65xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %93 = stablehlo.reduce(%92 init: %cst_22) applies stablehlo.add across dimensions = [3] : (tensor<8x2x65x65xf32>, tensor<f32>) -> tensor<8x2x65xf32>
    %94 = stablehlo.broadcast_in_dim %93, dims = [0, 1, 2] : (tensor<8x2x65xf32>) -> tensor<8x2x65x1xf32>
    %95 = stablehlo.broadcast_in_dim %94, dims = [0, 1, 2, 3] : (tensor<8x2x65x1xf32>) -> tensor<8x2x65x65xf32>
    %96 = stablehlo.divide %92, %95 : tensor<8x2x65x65xf32>
    %97 = stablehlo.multiply %94, %94 : tensor<8x2x65x1xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x2x65x1xf32>
    %99 = stablehlo.divide %98, %97 : tensor<8x2x65x1xf32>
    %100 = stablehlo.dot_general %65, %96, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<8x2x65x65xf32>) -> tensor<8x2x16x65xf32>
    %101 = stablehlo.transpose %100, dims = [0, 3, 1, 2] : (tensor<8x2x16x65xf32>) -> tensor<8x65x2x16xf32>
    %102 = stablehlo.dot_general %101, %arg11, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<2x16x32xf32>) -> tensor<8x65x32xf32>
    %103 = stablehlo.reshape %arg10 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %104 = stablehlo.broadcast_in_dim %103, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %105 = stablehlo.add %102, %104 : tensor<8x65x32xf32>
    %106 = stablehlo.add %10, %105 : tensor<8x65x32xf32>
    %107 = chlo.square %106 : tensor<8x65x32xf32> -> tensor<8x65x32xf32>
    %cst_24 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8x65x32xf32>
    %109 = stablehlo.multiply %108, %106 : tensor<8x65x32xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %110 = stablehlo.reduce(%106 init: %cst_25) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_26 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %112 = stablehlo.divide %110, %111 : tensor<8x65xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %113 = stablehlo.reduce(%107 init: %cst_27) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_28 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %115 = stablehlo.divide %113, %114 : tensor<8x65xf32>
    %116 = chlo.square %112 : tensor<8x65xf32> -> tensor<8x65xf32>
    %cst_29 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %118 = stablehlo.multiply %117, %112 : tensor<8x65xf32>
    %119 = stablehlo.subtract %115, %116 : tensor<8x65xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %121 = stablehlo.maximum %120, %119 : tensor<8x65xf32>
    %122 = stablehlo.compare EQ, %119, %121, FLOAT : (tensor<8x65xf32>, tensor<8x65xf32>) -> tensor<8x65xi1>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %125 = stablehlo.select %122, %123, %124 : tensor<8x65xi1>, tensor<8x65xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %127 = stablehlo.compare EQ, %126, %121, FLOAT : (tensor<8x65xf32>, tensor<8x65xf32>) -> tensor<8x65xi1>
    %cst_34 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %128 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %130 = stablehlo.select %127, %128, %129 : tensor<8x65xi1>, tensor<8x65xf32>
    %131 = stablehlo.divide %125, %130 : tensor<8x65xf32>
    %132 = stablehlo.broadcast_in_dim %112, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %133 = stablehlo.broadcast_in_dim %121, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %134 = stablehlo.broadcast_in_dim %132, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %135 = stablehlo.subtract %106, %134 : tensor<8x65x32xf32>
    %cst_36 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %137 = stablehlo.add %133, %136 : tensor<8x65x1xf32>
    %138 = stablehlo.rsqrt %137 : tensor<8x65x1xf32>
    %139 = stablehlo.divide %138, %137 : tensor<8x65x1xf32>
    %cst_37 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %141 = stablehlo.multiply %140, %139 : tensor<8x65x1xf32>
    %142 = stablehlo.reshape %arg7 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %143 = stablehlo.broadcast_in_dim %138, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %144 = stablehlo.broadcast_in_dim %142, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %145 = stablehlo.multiply %143, %144 : tensor<8x65x32xf32>
    %146 = stablehlo.multiply %135, %145 : tensor<8x65x32xf32>
    %147 = stablehlo.reshape %arg6 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %148 = stablehlo.broadcast_in_dim %147, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %149 = stablehlo.add %146, %148 : tensor<8x65x32xf32>
    %150 = stablehlo.dot_general %149, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x32xf32>, tensor<32x64xf32>) -> tensor<8x65x64xf32>
    %151 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %152 = stablehlo.broadcast_in_dim %151, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x65x64xf32>
    %153 = stablehlo.add %150, %152 : tensor<8x65x64xf32>
    %154 = stablehlo.multiply %153, %153 : tensor<8x65x64xf32>
    %155 = stablehlo.multiply %154, %153 : tensor<8x65x64xf32>
    %156 = stablehlo.multiply %153, %153 : tensor<8x65x64xf32>
    %cst_38 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %157 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %158 = stablehlo.multiply %157, %156 : tensor<8x65x64xf32>
    %cst_39 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %160 = stablehlo.multiply %159, %155 : tensor<8x65x64xf32>
    %161 = stablehlo.add %153, %160 : tensor<8x65x64xf32>
    %cst_40 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %163 = stablehlo.multiply %162, %161 : tensor<8x65x64xf32>
    %164 = stablehlo.tanh %163 : tensor<8x65x64xf32>
    %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %166 = stablehlo.subtract %165, %164 : tensor<8x65x64xf32>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %168 = stablehlo.add %167, %164 : tensor<8x65x64xf32>
    %cst_43 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %170 = stablehlo.multiply %169, %168 : tensor<8x65x64xf32>
    %171 = stablehlo.multiply %153, %170 : tensor<8x65x64xf32>
    %172 = stablehlo.dot_general %171, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x65x64xf32>, tensor<64x32xf32>) -> tensor<8x65x32xf32>
    %173 = stablehlo.reshape %arg2 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %174 = stablehlo.broadcast_in_dim %173, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %175 = stablehlo.add %172, %174 : tensor<8x65x32xf32>
    %176 = stablehlo.add %106, %175 : tensor<8x65x32xf32>
    %177 = chlo.square %176 : tensor<8x65x32xf32> -> tensor<8x65x32xf32>
    %cst_44 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8x65x32xf32>
    %179 = stablehlo.multiply %178, %176 : tensor<8x65x32xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %180 = stablehlo.reduce(%176 init: %cst_45) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_46 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %181 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %182 = stablehlo.divide %180, %181 : tensor<8x65xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %183 = stablehlo.reduce(%177 init: %cst_47) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_48 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %184 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %185 = stablehlo.divide %183, %184 : tensor<8x65xf32>
    %186 = chlo.square %182 : tensor<8x65xf32> -> tensor<8x65xf32>
    %cst_49 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %187 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %188 = stablehlo.multiply %187, %182 : tensor<8x65xf32>
    %189 = stablehlo.subtract %185, %186 : tensor<8x65xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %191 = stablehlo.maximum %190, %189 : tensor<8x65xf32>
    %192 = stablehlo.compare EQ, %189, %191, FLOAT : (tensor<8x65xf32>, tensor<8x65xf32>) -> tensor<8x65xi1>
    %cst_51 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %193 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %195 = stablehlo.select %192, %193, %194 : tensor<8x65xi1>, tensor<8x65xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %197 = stablehlo.compare EQ, %196, %191, FLOAT : (tensor<8x65xf32>, tensor<8x65xf32>) -> tensor<8x65xi1>
    %cst_54 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %200 = stablehlo.select %197, %198, %199 : tensor<8x65xi1>, tensor<8x65xf32>
    %201 = stablehlo.divide %195, %200 : tensor<8x65xf32>
    %202 = stablehlo.broadcast_in_dim %182, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %203 = stablehlo.broadcast_in_dim %191, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %204 = stablehlo.broadcast_in_dim %202, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %205 = stablehlo.subtract %176, %204 : tensor<8x65x32xf32>
    %cst_56 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %207 = stablehlo.add %203, %206 : tensor<8x65x1xf32>
    %208 = stablehlo.rsqrt %207 : tensor<8x65x1xf32>
    %209 = stablehlo.divide %208, %207 : tensor<8x65x1xf32>
    %cst_57 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<8x65x1xf32>
    %211 = stablehlo.multiply %210, %209 : tensor<8x65x1xf32>
    %212 = stablehlo.reshape %arg20 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %213 = stablehlo.broadcast_in_dim %208, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %214 = stablehlo.broadcast_in_dim %212, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %215 = stablehlo.multiply %213, %214 : tensor<8x65x32xf32>
    %216 = stablehlo.multiply %205, %215 : tensor<8x65x32xf32>
    %217 = stablehlo.reshape %arg19 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %218 = stablehlo.broadcast_in_dim %217, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %219 = stablehlo.add %216, %218 : tensor<8x65x32xf32>
    %220 = stablehlo.slice %219 [0:8, 0:1, 0:32] : (tensor<8x65x32xf32>) -> tensor<8x1x32xf32>
    %221 = stablehlo.reshape %220 : (tensor<8x1x32xf32>) -> tensor<8x32xf32>
    %222 = stablehlo.dot_general %221, %arg18, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x100xf32>) -> tensor<8x100xf32>
    %223 = stablehlo.reshape %arg17 : (tensor<100xf32>) -> tensor<1x100xf32>
    %224 = stablehlo.broadcast_in_dim %223, dims = [0, 1] : (tensor<1x100xf32>) -> tensor<8x100xf32>
    %225 = stablehlo.add %222, %224 : tensor<8x100xf32>
    %226 = stablehlo.broadcast_in_dim %arg74, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %227:2 = call @take_along_axis(%225, %226) : (tensor<8x100xf32>, tensor<8x1xi32>) -> (tensor<8x1xf32>, tensor<8x1x1xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %228:2 = call @_take(%227#0, %c) : (tensor<8x1xf32>, tensor<i32>) -> (tensor<8xf32>, tensor<1xi32>)
    %cst_58 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %229 = stablehlo.reduce(%225 init: %cst_58) applies stablehlo.maximum across dimensions = [1] : (tensor<8x100xf32>, tensor<f32>) -> tensor<8xf32>
    %230 = stablehlo.reshape %229 : (tensor<8xf32>) -> tensor<8x1xf32>
    %231 = stablehlo.broadcast_in_dim %230, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x100xf32>
    %232 = stablehlo.compare EQ, %225, %231, FLOAT : (tensor<8x100xf32>, tensor<8x100xf32>) -> tensor<8x100xi1>
    %233 = stablehlo.convert %232 : (tensor<8x100xi1>) -> tensor<8x100xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %234 = stablehlo.reduce(%233 init: %cst_59) applies stablehlo.add across dimensions = [1] : (tensor<8x100xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_60 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %235 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %236 = stablehlo.maximum %235, %229 : tensor<8xf32>
    %237 = stablehlo.compare EQ, %229, %236, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_61 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %238 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %240 = stablehlo.select %237, %238, %239 : tensor<8xi1>, tensor<8xf32>
    %cst_63 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %242 = stablehlo.compare EQ, %241, %236, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_64 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_65 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %244 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %245 = stablehlo.select %242, %243, %244 : tensor<8xi1>, tensor<8xf32>
    %246 = stablehlo.divide %240, %245 : tensor<8xf32>
    %247 = stablehlo.is_finite %236 : (tensor<8xf32>) -> tensor<8xi1>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %248 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %249 = stablehlo.select %247, %236, %248 : tensor<8xi1>, tensor<8xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %250 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %251 = stablehlo.broadcast_in_dim %249, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %252 = stablehlo.broadcast_in_dim %251, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x100xf32>
    %253 = stablehlo.subtract %225, %252 : tensor<8x100xf32>
    %254 = stablehlo.exponential %253 : tensor<8x100xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %255 = stablehlo.reduce(%254 init: %cst_68) applies stablehlo.add across dimensions = [1] : (tensor<8x100xf32>, tensor<f32>) -> tensor<8xf32>
    %256 = stablehlo.sign %255 : tensor<8xf32>
    %257 = stablehlo.abs %255 : tensor<8xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %258 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %259 = stablehlo.compare GE, %255, %258, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %260 = stablehlo.log %257 : tensor<8xf32>
    %261 = stablehlo.add %260, %249 : tensor<8xf32>
    %262 = stablehlo.subtract %261, %228#0 : tensor<8xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %263 = stablehlo.reduce(%262 init: %cst_70) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_71 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %264 = stablehlo.divide %263, %cst_71 : tensor<f32>
    %cst_72 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_73 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %265 = stablehlo.divide %cst_72, %cst_73 : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %265, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %267 = stablehlo.negate %266 : tensor<8xf32>
    %268 = stablehlo.divide %266, %257 : tensor<8xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %269 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %270 = stablehlo.select %259, %269, %268 : tensor<8xi1>, tensor<8xf32>
    %271 = stablehlo.select %259, %268, %269 : tensor<8xi1>, tensor<8xf32>
    %272 = stablehlo.negate %270 : tensor<8xf32>
    %273 = stablehlo.add %271, %272 : tensor<8xf32>
    %274 = stablehlo.broadcast_in_dim %273, dims = [0] : (tensor<8xf32>) -> tensor<8x100xf32>
    %275 = stablehlo.multiply %274, %254 : tensor<8x100xf32>
    %276 = call @_take_0(%228#1, %267) : (tensor<1xi32>, tensor<8xf32>) -> tensor<8x1xf32>
    %277 = call @take_along_axis_1(%227#1, %276) : (tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x100xf32>
    %278 = stablehlo.add %275, %277 : tensor<8x100xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %279 = stablehlo.reduce(%278 init: %cst_75) applies stablehlo.add across dimensions = [0] : (tensor<8x100xf32>, tensor<f32>) -> tensor<100xf32>
    %280 = stablehlo.reshape %279 : (tensor<100xf32>) -> tensor<1x100xf32>
    %281 = stablehlo.reshape %280 : (tensor<1x100xf32>) -> tensor<100xf32>
    %282 = stablehlo.dot_general %278, %221, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x100xf32>, tensor<8x32xf32>) -> tensor<100x32xf32>
    %283 = stablehlo.transpose %282, dims = [1, 0] : (tensor<100x32xf32>) -> tensor<32x100xf32>
    %284 = stablehlo.dot_general %278, %arg18, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x100xf32>, tensor<32x100xf32>) -> tensor<8x32xf32>
    %285 = stablehlo.broadcast_in_dim %284, dims = [0, 2] : (tensor<8x32xf32>) -> tensor<8x1x32xf32>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %286 = stablehlo.pad %285, %cst_76, low = [0, 0, 0], high = [0, 64, 0], interior = [0, 0, 0] : (tensor<8x1x32xf32>, tensor<f32>) -> tensor<8x65x32xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %287 = stablehlo.reduce(%286 init: %cst_77) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<32xf32>
    %288 = stablehlo.reshape %287 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %289 = stablehlo.reshape %288 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %290 = stablehlo.multiply %205, %286 : tensor<8x65x32xf32>
    %291 = stablehlo.multiply %286, %215 : tensor<8x65x32xf32>
    %292 = stablehlo.broadcast_in_dim %208, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %293 = stablehlo.multiply %292, %290 : tensor<8x65x32xf32>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %294 = stablehlo.reduce(%293 init: %cst_78) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<32xf32>
    %295 = stablehlo.reshape %294 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %296 = stablehlo.broadcast_in_dim %212, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %297 = stablehlo.multiply %290, %296 : tensor<8x65x32xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %298 = stablehlo.reduce(%297 init: %cst_79) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %299 = stablehlo.reshape %298 : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %300 = stablehlo.reshape %295 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %301 = stablehlo.multiply %299, %211 : tensor<8x65x1xf32>
    %302 = stablehlo.negate %291 : tensor<8x65x32xf32>
    %cst_80 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %303 = stablehlo.reduce(%302 init: %cst_80) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %304 = stablehlo.reshape %303 : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %cst_81 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %305 = stablehlo.reduce(%301 init: %cst_81) applies stablehlo.add across dimensions = [2] : (tensor<8x65x1xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %306 = stablehlo.reduce(%304 init: %cst_82) applies stablehlo.add across dimensions = [2] : (tensor<8x65x1xf32>, tensor<f32>) -> tensor<8x65xf32>
    %307 = stablehlo.multiply %305, %201 : tensor<8x65xf32>
    %308 = stablehlo.negate %307 : tensor<8x65xf32>
    %309 = stablehlo.multiply %308, %188 : tensor<8x65xf32>
    %310 = stablehlo.add %306, %309 : tensor<8x65xf32>
    %cst_83 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %312 = stablehlo.divide %307, %311 : tensor<8x65xf32>
    %313 = stablehlo.broadcast_in_dim %312, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x32xf32>
    %cst_84 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %314 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %315 = stablehlo.divide %310, %314 : tensor<8x65xf32>
    %316 = stablehlo.broadcast_in_dim %315, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x32xf32>
    %317 = stablehlo.add %291, %316 : tensor<8x65x32xf32>
    %318 = stablehlo.multiply %313, %179 : tensor<8x65x32xf32>
    %319 = stablehlo.add %317, %318 : tensor<8x65x32xf32>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %320 = stablehlo.reduce(%319 init: %cst_85) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<32xf32>
    %321 = stablehlo.reshape %320 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %322 = stablehlo.reshape %321 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %323 = stablehlo.dot_general %319, %171, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x32xf32>, tensor<8x65x64xf32>) -> tensor<32x64xf32>
    %324 = stablehlo.transpose %323, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %325 = stablehlo.dot_general %319, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x32xf32>, tensor<64x32xf32>) -> tensor<8x65x64xf32>
    %326 = stablehlo.multiply %153, %325 : tensor<8x65x64xf32>
    %327 = stablehlo.multiply %325, %170 : tensor<8x65x64xf32>
    %cst_86 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %328 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %329 = stablehlo.multiply %328, %326 : tensor<8x65x64xf32>
    %330 = stablehlo.multiply %329, %166 : tensor<8x65x64xf32>
    %331 = stablehlo.multiply %330, %164 : tensor<8x65x64xf32>
    %332 = stablehlo.add %330, %331 : tensor<8x65x64xf32>
    %cst_87 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %333 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %334 = stablehlo.multiply %333, %332 : tensor<8x65x64xf32>
    %335 = stablehlo.add %327, %334 : tensor<8x65x64xf32>
    %cst_88 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %336 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<8x65x64xf32>
    %337 = stablehlo.multiply %336, %334 : tensor<8x65x64xf32>
    %338 = stablehlo.multiply %337, %158 : tensor<8x65x64xf32>
    %339 = stablehlo.add %335, %338 : tensor<8x65x64xf32>
    %cst_89 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %340 = stablehlo.reduce(%339 init: %cst_89) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x64xf32>, tensor<f32>) -> tensor<64xf32>
    %341 = stablehlo.reshape %340 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %342 = stablehlo.reshape %341 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %343 = stablehlo.dot_general %339, %149, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x64xf32>, tensor<8x65x32xf32>) -> tensor<64x32xf32>
    %344 = stablehlo.transpose %343, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
    %345 = stablehlo.dot_general %339, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x64xf32>, tensor<32x64xf32>) -> tensor<8x65x32xf32>
    %cst_90 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %346 = stablehlo.reduce(%345 init: %cst_90) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<32xf32>
    %347 = stablehlo.reshape %346 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %348 = stablehlo.reshape %347 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %349 = stablehlo.multiply %135, %345 : tensor<8x65x32xf32>
    %350 = stablehlo.multiply %345, %145 : tensor<8x65x32xf32>
    %351 = stablehlo.broadcast_in_dim %138, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %352 = stablehlo.multiply %351, %349 : tensor<8x65x32xf32>
    %cst_91 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %353 = stablehlo.reduce(%352 init: %cst_91) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<32xf32>
    %354 = stablehlo.reshape %353 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %355 = stablehlo.broadcast_in_dim %142, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %356 = stablehlo.multiply %349, %355 : tensor<8x65x32xf32>
    %cst_92 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %357 = stablehlo.reduce(%356 init: %cst_92) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %358 = stablehlo.reshape %357 : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %359 = stablehlo.reshape %354 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %360 = stablehlo.multiply %358, %141 : tensor<8x65x1xf32>
    %361 = stablehlo.negate %350 : tensor<8x65x32xf32>
    %cst_93 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %362 = stablehlo.reduce(%361 init: %cst_93) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %363 = stablehlo.reshape %362 : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %364 = stablehlo.add %319, %350 : tensor<8x65x32xf32>
    %cst_94 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %365 = stablehlo.reduce(%360 init: %cst_94) applies stablehlo.add across dimensions = [2] : (tensor<8x65x1xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_95 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %366 = stablehlo.reduce(%363 init: %cst_95) applies stablehlo.add across dimensions = [2] : (tensor<8x65x1xf32>, tensor<f32>) -> tensor<8x65xf32>
    %367 = stablehlo.multiply %365, %131 : tensor<8x65xf32>
    %368 = stablehlo.negate %367 : tensor<8x65xf32>
    %369 = stablehlo.multiply %368, %118 : tensor<8x65xf32>
    %370 = stablehlo.add %366, %369 : tensor<8x65xf32>
    %cst_96 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %371 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %372 = stablehlo.divide %367, %371 : tensor<8x65xf32>
    %373 = stablehlo.broadcast_in_dim %372, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x32xf32>
    %cst_97 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %374 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %375 = stablehlo.divide %370, %374 : tensor<8x65xf32>
    %376 = stablehlo.broadcast_in_dim %375, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x32xf32>
    %377 = stablehlo.add %364, %376 : tensor<8x65x32xf32>
    %378 = stablehlo.multiply %373, %109 : tensor<8x65x32xf32>
    %379 = stablehlo.add %377, %378 : tensor<8x65x32xf32>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %380 = stablehlo.reduce(%379 init: %cst_98) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<32xf32>
    %381 = stablehlo.reshape %380 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %382 = stablehlo.reshape %381 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %383 = stablehlo.dot_general %379, %101, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x32xf32>, tensor<8x65x2x16xf32>) -> tensor<32x2x16xf32>
    %384 = stablehlo.transpose %383, dims = [1, 2, 0] : (tensor<32x2x16xf32>) -> tensor<2x16x32xf32>
    %385 = stablehlo.dot_general %379, %arg11, contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x65x32xf32>, tensor<2x16x32xf32>) -> tensor<8x65x2x16xf32>
    %386 = stablehlo.transpose %385, dims = [0, 2, 3, 1] : (tensor<8x65x2x16xf32>) -> tensor<8x2x16x65xf32>
    %387 = stablehlo.dot_general %386, %65, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x2x16x65xf32>, tensor<8x65x2x16xf32>) -> tensor<8x2x65x65xf32>
    %388 = stablehlo.dot_general %386, %96, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x2x16x65xf32>, tensor<8x2x65x65xf32>) -> tensor<8x2x16x65xf32>
    %389 = stablehlo.transpose %388, dims = [0, 3, 1, 2] : (tensor<8x2x16x65xf32>) -> tensor<8x65x2x16xf32>
    %390 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2, 3] : (tensor<8x2x65x1xf32>) -> tensor<8x2x65x65xf32>
    %391 = stablehlo.multiply %387, %390 : tensor<8x2x65x65xf32>
    %392 = stablehlo.multiply %391, %92 : tensor<8x2x65x65xf32>
    %cst_99 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %393 = stablehlo.reduce(%392 init: %cst_99) applies stablehlo.add across dimensions = [3] : (tensor<8x2x65x65xf32>, tensor<f32>) -> tensor<8x2x65xf32>
    %394 = stablehlo.reshape %393 : (tensor<8x2x65xf32>) -> tensor<8x2x65x1xf32>
    %395 = stablehlo.negate %394 : tensor<8x2x65x1xf32>
    %396 = stablehlo.broadcast_in_dim %94, dims = [0, 1, 2, 3] : (tensor<8x2x65x1xf32>) -> tensor<8x2x65x65xf32>
    %397 = stablehlo.divide %387, %396 : tensor<8x2x65x65xf32>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %398 = stablehlo.reduce(%395 init: %cst_100) applies stablehlo.add across dimensions = [3] : (tensor<8x2x65x1xf32>, tensor<f32>) -> tensor<8x2x65xf32>
    %399 = stablehlo.broadcast_in_dim %398, dims = [0, 1, 2] : (tensor<8x2x65xf32>) -> tensor<8x2x65x65xf32>
    %400 = stablehlo.add %397, %399 : tensor<8x2x65x65xf32>
    %401 = stablehlo.multiply %400, %92 : tensor<8x2x65x65xf32>
    %402 = stablehlo.dot_general %401, %69, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x2x65x65xf32>, tensor<8x65x2x16xf32>) -> tensor<8x2x65x16xf32>
    %403 = stablehlo.transpose %402, dims = [0, 2, 1, 3] : (tensor<8x2x65x16xf32>) -> tensor<8x65x2x16xf32>
    %404 = stablehlo.dot_general %401, %61, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x2x65x65xf32>, tensor<8x65x2x16xf32>) -> tensor<8x2x65x16xf32>
    %405 = stablehlo.transpose %404, dims = [0, 2, 1, 3] : (tensor<8x2x65x16xf32>) -> tensor<8x65x2x16xf32>
    %406 = stablehlo.broadcast_in_dim %67, dims = [] : (tensor<f32>) -> tensor<8x65x2x16xf32>
    %407 = stablehlo.divide %405, %406 : tensor<8x65x2x16xf32>
    %cst_101 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %408 = stablehlo.reduce(%389 init: %cst_101) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
    %409 = stablehlo.reshape %408 : (tensor<2x16xf32>) -> tensor<1x1x2x16xf32>
    %410 = stablehlo.reshape %409 : (tensor<1x1x2x16xf32>) -> tensor<2x16xf32>
    %411 = stablehlo.dot_general %389, %53, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<8x65x32xf32>) -> tensor<2x16x32xf32>
    %412 = stablehlo.transpose %411, dims = [2, 0, 1] : (tensor<2x16x32xf32>) -> tensor<32x2x16xf32>
    %413 = stablehlo.dot_general %389, %arg15, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<32x2x16xf32>) -> tensor<8x65x32xf32>
    %cst_102 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %414 = stablehlo.reduce(%403 init: %cst_102) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
    %415 = stablehlo.reshape %414 : (tensor<2x16xf32>) -> tensor<1x1x2x16xf32>
    %416 = stablehlo.reshape %415 : (tensor<1x1x2x16xf32>) -> tensor<2x16xf32>
    %417 = stablehlo.dot_general %403, %53, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<8x65x32xf32>) -> tensor<2x16x32xf32>
    %418 = stablehlo.transpose %417, dims = [2, 0, 1] : (tensor<2x16x32xf32>) -> tensor<32x2x16xf32>
    %419 = stablehlo.dot_general %403, %arg9, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<32x2x16xf32>) -> tensor<8x65x32xf32>
    %420 = stablehlo.add %413, %419 : tensor<8x65x32xf32>
    %cst_103 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %421 = stablehlo.reduce(%407 init: %cst_103) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
    %422 = stablehlo.reshape %421 : (tensor<2x16xf32>) -> tensor<1x1x2x16xf32>
    %423 = stablehlo.reshape %422 : (tensor<1x1x2x16xf32>) -> tensor<2x16xf32>
    %424 = stablehlo.dot_general %407, %53, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<8x65x32xf32>) -> tensor<2x16x32xf32>
    %425 = stablehlo.transpose %424, dims = [2, 0, 1] : (tensor<2x16x32xf32>) -> tensor<32x2x16xf32>
    %426 = stablehlo.dot_general %407, %arg13, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x65x2x16xf32>, tensor<32x2x16xf32>) -> tensor<8x65x32xf32>
    %427 = stablehlo.add %420, %426 : tensor<8x65x32xf32>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %428 = stablehlo.reduce(%427 init: %cst_104) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<32xf32>
    %429 = stablehlo.reshape %428 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %430 = stablehlo.reshape %429 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %431 = stablehlo.multiply %39, %427 : tensor<8x65x32xf32>
    %432 = stablehlo.multiply %427, %49 : tensor<8x65x32xf32>
    %433 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<8x65x1xf32>) -> tensor<8x65x32xf32>
    %434 = stablehlo.multiply %433, %431 : tensor<8x65x32xf32>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %435 = stablehlo.reduce(%434 init: %cst_105) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<32xf32>
    %436 = stablehlo.reshape %435 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %437 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<8x65x32xf32>
    %438 = stablehlo.multiply %431, %437 : tensor<8x65x32xf32>
    %cst_106 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %439 = stablehlo.reduce(%438 init: %cst_106) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %440 = stablehlo.reshape %439 : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %441 = stablehlo.reshape %436 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %442 = stablehlo.multiply %440, %45 : tensor<8x65x1xf32>
    %443 = stablehlo.negate %432 : tensor<8x65x32xf32>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %444 = stablehlo.reduce(%443 init: %cst_107) applies stablehlo.add across dimensions = [2] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<8x65xf32>
    %445 = stablehlo.reshape %444 : (tensor<8x65xf32>) -> tensor<8x65x1xf32>
    %446 = stablehlo.add %379, %432 : tensor<8x65x32xf32>
    %cst_108 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %447 = stablehlo.reduce(%442 init: %cst_108) applies stablehlo.add across dimensions = [2] : (tensor<8x65x1xf32>, tensor<f32>) -> tensor<8x65xf32>
    %cst_109 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %448 = stablehlo.reduce(%445 init: %cst_109) applies stablehlo.add across dimensions = [2] : (tensor<8x65x1xf32>, tensor<f32>) -> tensor<8x65xf32>
    %449 = stablehlo.multiply %447, %35 : tensor<8x65xf32>
    %450 = stablehlo.negate %449 : tensor<8x65xf32>
    %451 = stablehlo.multiply %450, %22 : tensor<8x65xf32>
    %452 = stablehlo.add %448, %451 : tensor<8x65xf32>
    %cst_110 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %453 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %454 = stablehlo.divide %449, %453 : tensor<8x65xf32>
    %455 = stablehlo.broadcast_in_dim %454, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x32xf32>
    %cst_111 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %456 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<8x65xf32>
    %457 = stablehlo.divide %452, %456 : tensor<8x65xf32>
    %458 = stablehlo.broadcast_in_dim %457, dims = [0, 1] : (tensor<8x65xf32>) -> tensor<8x65x32xf32>
    %459 = stablehlo.add %446, %458 : tensor<8x65x32xf32>
    %460 = stablehlo.multiply %455, %13 : tensor<8x65x32xf32>
    %461 = stablehlo.add %459, %460 : tensor<8x65x32xf32>
    %cst_112 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %462 = stablehlo.reduce(%461 init: %cst_112) applies stablehlo.add across dimensions = [0] : (tensor<8x65x32xf32>, tensor<f32>) -> tensor<65x32xf32>
    %463 = stablehlo.reshape %462 : (tensor<65x32xf32>) -> tensor<1x65x32xf32>
    %464 = stablehlo.slice %461 [0:8, 0:1, 0:32] : (tensor<8x65x32xf32>) -> tensor<8x1x32xf32>
    %465 = stablehlo.slice %461 [0:8, 1:65, 0:32] : (tensor<8x65x32xf32>) -> tensor<8x64x32xf32>
    %466 = stablehlo.reshape %464 : (tensor<8x1x32xf32>) -> tensor<8x1x1x1x1x32xf32>
    %cst_113 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %467 = stablehlo.reduce(%466 init: %cst_113) applies stablehlo.add across dimensions = [0, 2, 4] : (tensor<8x1x1x1x1x32xf32>, tensor<f32>) -> tensor<1x1x32xf32>
    %468 = stablehlo.reshape %465 : (tensor<8x64x32xf32>) -> tensor<8x8x8x32xf32>
    %cst_114 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %469 = stablehlo.reduce(%468 init: %cst_114) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x8x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %470 = stablehlo.reshape %469 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %471 = stablehlo.reshape %470 : (tensor<1x1x1x32xf32>) -> tensor<32xf32>
    %472 = stablehlo.convolution(%arg73, %468) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x16x3xf32>, tensor<8x8x8x32xf32>) -> tensor<2x2x3x32xf32>
    %cst_115 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %473 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %474 = stablehlo.multiply %473, %342 : tensor<64xf32>
    %cst_116 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %475 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %476 = stablehlo.multiply %475, %arg25 : tensor<64xf32>
    %477 = stablehlo.add %474, %476 : tensor<64xf32>
    %cst_117 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %478 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %479 = stablehlo.multiply %478, %344 : tensor<32x64xf32>
    %cst_118 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %480 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %481 = stablehlo.multiply %480, %arg26 : tensor<32x64xf32>
    %482 = stablehlo.add %479, %481 : tensor<32x64xf32>
    %cst_119 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %483 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %484 = stablehlo.multiply %483, %322 : tensor<32xf32>
    %cst_120 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %485 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %486 = stablehlo.multiply %485, %arg27 : tensor<32xf32>
    %487 = stablehlo.add %484, %486 : tensor<32xf32>
    %cst_121 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %488 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %489 = stablehlo.multiply %488, %324 : tensor<64x32xf32>
    %cst_122 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %490 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %491 = stablehlo.multiply %490, %arg28 : tensor<64x32xf32>
    %492 = stablehlo.add %489, %491 : tensor<64x32xf32>
    %cst_123 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %493 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %494 = stablehlo.multiply %493, %430 : tensor<32xf32>
    %cst_124 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %495 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %496 = stablehlo.multiply %495, %arg29 : tensor<32xf32>
    %497 = stablehlo.add %494, %496 : tensor<32xf32>
    %cst_125 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %498 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %499 = stablehlo.multiply %498, %441 : tensor<32xf32>
    %cst_126 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %500 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %501 = stablehlo.multiply %500, %arg30 : tensor<32xf32>
    %502 = stablehlo.add %499, %501 : tensor<32xf32>
    %cst_127 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %503 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %504 = stablehlo.multiply %503, %348 : tensor<32xf32>
    %cst_128 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %505 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %506 = stablehlo.multiply %505, %arg31 : tensor<32xf32>
    %507 = stablehlo.add %504, %506 : tensor<32xf32>
    %cst_129 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %508 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %509 = stablehlo.multiply %508, %359 : tensor<32xf32>
    %cst_130 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %510 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %511 = stablehlo.multiply %510, %arg32 : tensor<32xf32>
    %512 = stablehlo.add %509, %511 : tensor<32xf32>
    %cst_131 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %513 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %514 = stablehlo.multiply %513, %416 : tensor<2x16xf32>
    %cst_132 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %515 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %516 = stablehlo.multiply %515, %arg33 : tensor<2x16xf32>
    %517 = stablehlo.add %514, %516 : tensor<2x16xf32>
    %cst_133 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %518 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %519 = stablehlo.multiply %518, %418 : tensor<32x2x16xf32>
    %cst_134 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %520 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %521 = stablehlo.multiply %520, %arg34 : tensor<32x2x16xf32>
    %522 = stablehlo.add %519, %521 : tensor<32x2x16xf32>
    %cst_135 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %523 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %524 = stablehlo.multiply %523, %382 : tensor<32xf32>
    %cst_136 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %525 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %526 = stablehlo.multiply %525, %arg35 : tensor<32xf32>
    %527 = stablehlo.add %524, %526 : tensor<32xf32>
    %cst_137 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %528 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %529 = stablehlo.multiply %528, %384 : tensor<2x16x32xf32>
    %cst_138 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %530 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %531 = stablehlo.multiply %530, %arg36 : tensor<2x16x32xf32>
    %532 = stablehlo.add %529, %531 : tensor<2x16x32xf32>
    %cst_139 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %533 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %534 = stablehlo.multiply %533, %423 : tensor<2x16xf32>
    %cst_140 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %535 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %536 = stablehlo.multiply %535, %arg37 : tensor<2x16xf32>
    %537 = stablehlo.add %534, %536 : tensor<2x16xf32>
    %cst_141 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %538 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %539 = stablehlo.multiply %538, %425 : tensor<32x2x16xf32>
    %cst_142 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %540 = stablehlo.broadcast_in_dim %cst_142, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %541 = stablehlo.multiply %540, %arg38 : tensor<32x2x16xf32>
    %542 = stablehlo.add %539, %541 : tensor<32x2x16xf32>
    %cst_143 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %543 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %544 = stablehlo.multiply %543, %410 : tensor<2x16xf32>
    %cst_144 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %545 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %546 = stablehlo.multiply %545, %arg39 : tensor<2x16xf32>
    %547 = stablehlo.add %544, %546 : tensor<2x16xf32>
    %cst_145 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %548 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %549 = stablehlo.multiply %548, %412 : tensor<32x2x16xf32>
    %cst_146 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %550 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %551 = stablehlo.multiply %550, %arg40 : tensor<32x2x16xf32>
    %552 = stablehlo.add %549, %551 : tensor<32x2x16xf32>
    %cst_147 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %553 = stablehlo.broadcast_in_dim %cst_147, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %554 = stablehlo.multiply %553, %467 : tensor<1x1x32xf32>
    %cst_148 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %555 = stablehlo.broadcast_in_dim %cst_148, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %556 = stablehlo.multiply %555, %arg41 : tensor<1x1x32xf32>
    %557 = stablehlo.add %554, %556 : tensor<1x1x32xf32>
    %cst_149 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %558 = stablehlo.broadcast_in_dim %cst_149, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %559 = stablehlo.multiply %558, %281 : tensor<100xf32>
    %cst_150 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %560 = stablehlo.broadcast_in_dim %cst_150, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %561 = stablehlo.multiply %560, %arg42 : tensor<100xf32>
    %562 = stablehlo.add %559, %561 : tensor<100xf32>
    %cst_151 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %563 = stablehlo.broadcast_in_dim %cst_151, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %564 = stablehlo.multiply %563, %283 : tensor<32x100xf32>
    %cst_152 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %565 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %566 = stablehlo.multiply %565, %arg43 : tensor<32x100xf32>
    %567 = stablehlo.add %564, %566 : tensor<32x100xf32>
    %cst_153 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %568 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %569 = stablehlo.multiply %568, %289 : tensor<32xf32>
    %cst_154 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %570 = stablehlo.broadcast_in_dim %cst_154, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %571 = stablehlo.multiply %570, %arg44 : tensor<32xf32>
    %572 = stablehlo.add %569, %571 : tensor<32xf32>
    %cst_155 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %573 = stablehlo.broadcast_in_dim %cst_155, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %574 = stablehlo.multiply %573, %300 : tensor<32xf32>
    %cst_156 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %575 = stablehlo.broadcast_in_dim %cst_156, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %576 = stablehlo.multiply %575, %arg45 : tensor<32xf32>
    %577 = stablehlo.add %574, %576 : tensor<32xf32>
    %cst_157 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %578 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %579 = stablehlo.multiply %578, %471 : tensor<32xf32>
    %cst_158 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %580 = stablehlo.broadcast_in_dim %cst_158, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %581 = stablehlo.multiply %580, %arg46 : tensor<32xf32>
    %582 = stablehlo.add %579, %581 : tensor<32xf32>
    %cst_159 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %583 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %584 = stablehlo.multiply %583, %472 : tensor<2x2x3x32xf32>
    %cst_160 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %585 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %586 = stablehlo.multiply %585, %arg47 : tensor<2x2x3x32xf32>
    %587 = stablehlo.add %584, %586 : tensor<2x2x3x32xf32>
    %cst_161 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %588 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %589 = stablehlo.multiply %588, %463 : tensor<1x65x32xf32>
    %cst_162 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %590 = stablehlo.broadcast_in_dim %cst_162, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %591 = stablehlo.multiply %590, %arg48 : tensor<1x65x32xf32>
    %592 = stablehlo.add %589, %591 : tensor<1x65x32xf32>
    %593 = stablehlo.multiply %342, %342 : tensor<64xf32>
    %cst_163 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %594 = stablehlo.broadcast_in_dim %cst_163, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %595 = stablehlo.multiply %594, %593 : tensor<64xf32>
    %cst_164 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %596 = stablehlo.broadcast_in_dim %cst_164, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %597 = stablehlo.multiply %596, %arg49 : tensor<64xf32>
    %598 = stablehlo.add %595, %597 : tensor<64xf32>
    %599 = stablehlo.multiply %344, %344 : tensor<32x64xf32>
    %cst_165 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %600 = stablehlo.broadcast_in_dim %cst_165, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %601 = stablehlo.multiply %600, %599 : tensor<32x64xf32>
    %cst_166 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %602 = stablehlo.broadcast_in_dim %cst_166, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %603 = stablehlo.multiply %602, %arg50 : tensor<32x64xf32>
    %604 = stablehlo.add %601, %603 : tensor<32x64xf32>
    %605 = stablehlo.multiply %322, %322 : tensor<32xf32>
    %cst_167 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %606 = stablehlo.broadcast_in_dim %cst_167, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %607 = stablehlo.multiply %606, %605 : tensor<32xf32>
    %cst_168 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %608 = stablehlo.broadcast_in_dim %cst_168, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %609 = stablehlo.multiply %608, %arg51 : tensor<32xf32>
    %610 = stablehlo.add %607, %609 : tensor<32xf32>
    %611 = stablehlo.multiply %324, %324 : tensor<64x32xf32>
    %cst_169 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %612 = stablehlo.broadcast_in_dim %cst_169, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %613 = stablehlo.multiply %612, %611 : tensor<64x32xf32>
    %cst_170 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %614 = stablehlo.broadcast_in_dim %cst_170, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %615 = stablehlo.multiply %614, %arg52 : tensor<64x32xf32>
    %616 = stablehlo.add %613, %615 : tensor<64x32xf32>
    %617 = stablehlo.multiply %430, %430 : tensor<32xf32>
    %cst_171 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %618 = stablehlo.broadcast_in_dim %cst_171, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %619 = stablehlo.multiply %618, %617 : tensor<32xf32>
    %cst_172 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %620 = stablehlo.broadcast_in_dim %cst_172, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %621 = stablehlo.multiply %620, %arg53 : tensor<32xf32>
    %622 = stablehlo.add %619, %621 : tensor<32xf32>
    %623 = stablehlo.multiply %441, %441 : tensor<32xf32>
    %cst_173 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %624 = stablehlo.broadcast_in_dim %cst_173, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %625 = stablehlo.multiply %624, %623 : tensor<32xf32>
    %cst_174 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %626 = stablehlo.broadcast_in_dim %cst_174, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %627 = stablehlo.multiply %626, %arg54 : tensor<32xf32>
    %628 = stablehlo.add %625, %627 : tensor<32xf32>
    %629 = stablehlo.multiply %348, %348 : tensor<32xf32>
    %cst_175 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %630 = stablehlo.broadcast_in_dim %cst_175, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %631 = stablehlo.multiply %630, %629 : tensor<32xf32>
    %cst_176 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %632 = stablehlo.broadcast_in_dim %cst_176, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %633 = stablehlo.multiply %632, %arg55 : tensor<32xf32>
    %634 = stablehlo.add %631, %633 : tensor<32xf32>
    %635 = stablehlo.multiply %359, %359 : tensor<32xf32>
    %cst_177 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %636 = stablehlo.broadcast_in_dim %cst_177, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %637 = stablehlo.multiply %636, %635 : tensor<32xf32>
    %cst_178 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %638 = stablehlo.broadcast_in_dim %cst_178, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %639 = stablehlo.multiply %638, %arg56 : tensor<32xf32>
    %640 = stablehlo.add %637, %639 : tensor<32xf32>
    %641 = stablehlo.multiply %416, %416 : tensor<2x16xf32>
    %cst_179 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %642 = stablehlo.broadcast_in_dim %cst_179, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %643 = stablehlo.multiply %642, %641 : tensor<2x16xf32>
    %cst_180 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %644 = stablehlo.broadcast_in_dim %cst_180, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %645 = stablehlo.multiply %644, %arg57 : tensor<2x16xf32>
    %646 = stablehlo.add %643, %645 : tensor<2x16xf32>
    %647 = stablehlo.multiply %418, %418 : tensor<32x2x16xf32>
    %cst_181 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %648 = stablehlo.broadcast_in_dim %cst_181, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %649 = stablehlo.multiply %648, %647 : tensor<32x2x16xf32>
    %cst_182 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %650 = stablehlo.broadcast_in_dim %cst_182, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %651 = stablehlo.multiply %650, %arg58 : tensor<32x2x16xf32>
    %652 = stablehlo.add %649, %651 : tensor<32x2x16xf32>
    %653 = stablehlo.multiply %382, %382 : tensor<32xf32>
    %cst_183 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %654 = stablehlo.broadcast_in_dim %cst_183, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %655 = stablehlo.multiply %654, %653 : tensor<32xf32>
    %cst_184 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %656 = stablehlo.broadcast_in_dim %cst_184, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %657 = stablehlo.multiply %656, %arg59 : tensor<32xf32>
    %658 = stablehlo.add %655, %657 : tensor<32xf32>
    %659 = stablehlo.multiply %384, %384 : tensor<2x16x32xf32>
    %cst_185 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %660 = stablehlo.broadcast_in_dim %cst_185, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %661 = stablehlo.multiply %660, %659 : tensor<2x16x32xf32>
    %cst_186 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %662 = stablehlo.broadcast_in_dim %cst_186, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %663 = stablehlo.multiply %662, %arg60 : tensor<2x16x32xf32>
    %664 = stablehlo.add %661, %663 : tensor<2x16x32xf32>
    %665 = stablehlo.multiply %423, %423 : tensor<2x16xf32>
    %cst_187 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %666 = stablehlo.broadcast_in_dim %cst_187, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %667 = stablehlo.multiply %666, %665 : tensor<2x16xf32>
    %cst_188 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %668 = stablehlo.broadcast_in_dim %cst_188, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %669 = stablehlo.multiply %668, %arg61 : tensor<2x16xf32>
    %670 = stablehlo.add %667, %669 : tensor<2x16xf32>
    %671 = stablehlo.multiply %425, %425 : tensor<32x2x16xf32>
    %cst_189 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %672 = stablehlo.broadcast_in_dim %cst_189, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %673 = stablehlo.multiply %672, %671 : tensor<32x2x16xf32>
    %cst_190 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %674 = stablehlo.broadcast_in_dim %cst_190, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %675 = stablehlo.multiply %674, %arg62 : tensor<32x2x16xf32>
    %676 = stablehlo.add %673, %675 : tensor<32x2x16xf32>
    %677 = stablehlo.multiply %410, %410 : tensor<2x16xf32>
    %cst_191 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %678 = stablehlo.broadcast_in_dim %cst_191, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %679 = stablehlo.multiply %678, %677 : tensor<2x16xf32>
    %cst_192 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %680 = stablehlo.broadcast_in_dim %cst_192, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %681 = stablehlo.multiply %680, %arg63 : tensor<2x16xf32>
    %682 = stablehlo.add %679, %681 : tensor<2x16xf32>
    %683 = stablehlo.multiply %412, %412 : tensor<32x2x16xf32>
    %cst_193 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %684 = stablehlo.broadcast_in_dim %cst_193, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %685 = stablehlo.multiply %684, %683 : tensor<32x2x16xf32>
    %cst_194 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %686 = stablehlo.broadcast_in_dim %cst_194, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %687 = stablehlo.multiply %686, %arg64 : tensor<32x2x16xf32>
    %688 = stablehlo.add %685, %687 : tensor<32x2x16xf32>
    %689 = stablehlo.multiply %467, %467 : tensor<1x1x32xf32>
    %cst_195 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %690 = stablehlo.broadcast_in_dim %cst_195, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %691 = stablehlo.multiply %690, %689 : tensor<1x1x32xf32>
    %cst_196 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %692 = stablehlo.broadcast_in_dim %cst_196, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %693 = stablehlo.multiply %692, %arg65 : tensor<1x1x32xf32>
    %694 = stablehlo.add %691, %693 : tensor<1x1x32xf32>
    %695 = stablehlo.multiply %281, %281 : tensor<100xf32>
    %cst_197 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %696 = stablehlo.broadcast_in_dim %cst_197, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %697 = stablehlo.multiply %696, %695 : tensor<100xf32>
    %cst_198 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %698 = stablehlo.broadcast_in_dim %cst_198, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %699 = stablehlo.multiply %698, %arg66 : tensor<100xf32>
    %700 = stablehlo.add %697, %699 : tensor<100xf32>
    %701 = stablehlo.multiply %283, %283 : tensor<32x100xf32>
    %cst_199 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %702 = stablehlo.broadcast_in_dim %cst_199, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %703 = stablehlo.multiply %702, %701 : tensor<32x100xf32>
    %cst_200 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %704 = stablehlo.broadcast_in_dim %cst_200, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %705 = stablehlo.multiply %704, %arg67 : tensor<32x100xf32>
    %706 = stablehlo.add %703, %705 : tensor<32x100xf32>
    %707 = stablehlo.multiply %289, %289 : tensor<32xf32>
    %cst_201 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %708 = stablehlo.broadcast_in_dim %cst_201, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %709 = stablehlo.multiply %708, %707 : tensor<32xf32>
    %cst_202 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %710 = stablehlo.broadcast_in_dim %cst_202, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %711 = stablehlo.multiply %710, %arg68 : tensor<32xf32>
    %712 = stablehlo.add %709, %711 : tensor<32xf32>
    %713 = stablehlo.multiply %300, %300 : tensor<32xf32>
    %cst_203 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %714 = stablehlo.broadcast_in_dim %cst_203, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %715 = stablehlo.multiply %714, %713 : tensor<32xf32>
    %cst_204 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %716 = stablehlo.broadcast_in_dim %cst_204, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %717 = stablehlo.multiply %716, %arg69 : tensor<32xf32>
    %718 = stablehlo.add %715, %717 : tensor<32xf32>
    %719 = stablehlo.multiply %471, %471 : tensor<32xf32>
    %cst_205 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %720 = stablehlo.broadcast_in_dim %cst_205, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %721 = stablehlo.multiply %720, %719 : tensor<32xf32>
    %cst_206 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %722 = stablehlo.broadcast_in_dim %cst_206, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %723 = stablehlo.multiply %722, %arg70 : tensor<32xf32>
    %724 = stablehlo.add %721, %723 : tensor<32xf32>
    %725 = stablehlo.multiply %472, %472 : tensor<2x2x3x32xf32>
    %cst_207 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %726 = stablehlo.broadcast_in_dim %cst_207, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %727 = stablehlo.multiply %726, %725 : tensor<2x2x3x32xf32>
    %cst_208 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %728 = stablehlo.broadcast_in_dim %cst_208, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %729 = stablehlo.multiply %728, %arg71 : tensor<2x2x3x32xf32>
    %730 = stablehlo.add %727, %729 : tensor<2x2x3x32xf32>
    %731 = stablehlo.multiply %463, %463 : tensor<1x65x32xf32>
    %cst_209 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %732 = stablehlo.broadcast_in_dim %cst_209, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %733 = stablehlo.multiply %732, %731 : tensor<1x65x32xf32>
    %cst_210 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %734 = stablehlo.broadcast_in_dim %cst_210, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %735 = stablehlo.multiply %734, %arg72 : tensor<1x65x32xf32>
    %736 = stablehlo.add %733, %735 : tensor<1x65x32xf32>
    %c_211 = stablehlo.constant dense<2147483647> : tensor<i32>
    %737 = stablehlo.compare LT, %arg24, %c_211, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_212 = stablehlo.constant dense<1> : tensor<i32>
    %738 = stablehlo.add %arg24, %c_212 : tensor<i32>
    %c_213 = stablehlo.constant dense<2147483647> : tensor<i32>
    %739 = call @_where_2(%737, %738, %c_213) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %740 = stablehlo.convert %739 : (tensor<i32>) -> tensor<f32>
    %cst_214 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %741 = stablehlo.convert %739 : (tensor<i32>) -> tensor<f32>
    %742 = stablehlo.power %cst_214, %741 : tensor<f32>
    %cst_215 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %743 = stablehlo.subtract %cst_215, %742 : tensor<f32>
    %744 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %745 = stablehlo.divide %477, %744 : tensor<64xf32>
    %746 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %747 = stablehlo.divide %482, %746 : tensor<32x64xf32>
    %748 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %749 = stablehlo.divide %487, %748 : tensor<32xf32>
    %750 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %751 = stablehlo.divide %492, %750 : tensor<64x32xf32>
    %752 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %753 = stablehlo.divide %497, %752 : tensor<32xf32>
    %754 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %755 = stablehlo.divide %502, %754 : tensor<32xf32>
    %756 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %757 = stablehlo.divide %507, %756 : tensor<32xf32>
    %758 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %759 = stablehlo.divide %512, %758 : tensor<32xf32>
    %760 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %761 = stablehlo.divide %517, %760 : tensor<2x16xf32>
    %762 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %763 = stablehlo.divide %522, %762 : tensor<32x2x16xf32>
    %764 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %765 = stablehlo.divide %527, %764 : tensor<32xf32>
    %766 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %767 = stablehlo.divide %532, %766 : tensor<2x16x32xf32>
    %768 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %769 = stablehlo.divide %537, %768 : tensor<2x16xf32>
    %770 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %771 = stablehlo.divide %542, %770 : tensor<32x2x16xf32>
    %772 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %773 = stablehlo.divide %547, %772 : tensor<2x16xf32>
    %774 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %775 = stablehlo.divide %552, %774 : tensor<32x2x16xf32>
    %776 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %777 = stablehlo.divide %557, %776 : tensor<1x1x32xf32>
    %778 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %779 = stablehlo.divide %562, %778 : tensor<100xf32>
    %780 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %781 = stablehlo.divide %567, %780 : tensor<32x100xf32>
    %782 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %783 = stablehlo.divide %572, %782 : tensor<32xf32>
    %784 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %785 = stablehlo.divide %577, %784 : tensor<32xf32>
    %786 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %787 = stablehlo.divide %582, %786 : tensor<32xf32>
    %788 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %789 = stablehlo.divide %587, %788 : tensor<2x2x3x32xf32>
    %790 = stablehlo.broadcast_in_dim %743, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %791 = stablehlo.divide %592, %790 : tensor<1x65x32xf32>
    %792 = stablehlo.convert %739 : (tensor<i32>) -> tensor<f32>
    %cst_216 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %793 = stablehlo.convert %739 : (tensor<i32>) -> tensor<f32>
    %794 = stablehlo.power %cst_216, %793 : tensor<f32>
    %cst_217 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %795 = stablehlo.subtract %cst_217, %794 : tensor<f32>
    %796 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %797 = stablehlo.divide %598, %796 : tensor<64xf32>
    %798 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %799 = stablehlo.divide %604, %798 : tensor<32x64xf32>
    %800 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %801 = stablehlo.divide %610, %800 : tensor<32xf32>
    %802 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %803 = stablehlo.divide %616, %802 : tensor<64x32xf32>
    %804 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %805 = stablehlo.divide %622, %804 : tensor<32xf32>
    %806 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %807 = stablehlo.divide %628, %806 : tensor<32xf32>
    %808 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %809 = stablehlo.divide %634, %808 : tensor<32xf32>
    %810 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %811 = stablehlo.divide %640, %810 : tensor<32xf32>
    %812 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %813 = stablehlo.divide %646, %812 : tensor<2x16xf32>
    %814 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %815 = stablehlo.divide %652, %814 : tensor<32x2x16xf32>
    %816 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %817 = stablehlo.divide %658, %816 : tensor<32xf32>
    %818 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %819 = stablehlo.divide %664, %818 : tensor<2x16x32xf32>
    %820 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %821 = stablehlo.divide %670, %820 : tensor<2x16xf32>
    %822 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %823 = stablehlo.divide %676, %822 : tensor<32x2x16xf32>
    %824 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %825 = stablehlo.divide %682, %824 : tensor<2x16xf32>
    %826 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %827 = stablehlo.divide %688, %826 : tensor<32x2x16xf32>
    %828 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %829 = stablehlo.divide %694, %828 : tensor<1x1x32xf32>
    %830 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %831 = stablehlo.divide %700, %830 : tensor<100xf32>
    %832 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %833 = stablehlo.divide %706, %832 : tensor<32x100xf32>
    %834 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %835 = stablehlo.divide %712, %834 : tensor<32xf32>
    %836 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %837 = stablehlo.divide %718, %836 : tensor<32xf32>
    %838 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %839 = stablehlo.divide %724, %838 : tensor<32xf32>
    %840 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %841 = stablehlo.divide %730, %840 : tensor<2x2x3x32xf32>
    %842 = stablehlo.broadcast_in_dim %795, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %843 = stablehlo.divide %736, %842 : tensor<1x65x32xf32>
    %cst_218 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %844 = stablehlo.broadcast_in_dim %cst_218, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %845 = stablehlo.add %797, %844 : tensor<64xf32>
    %846 = stablehlo.sqrt %845 : tensor<64xf32>
    %cst_219 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %847 = stablehlo.broadcast_in_dim %cst_219, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %848 = stablehlo.add %846, %847 : tensor<64xf32>
    %849 = stablehlo.divide %745, %848 : tensor<64xf32>
    %cst_220 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %850 = stablehlo.broadcast_in_dim %cst_220, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %851 = stablehlo.add %799, %850 : tensor<32x64xf32>
    %852 = stablehlo.sqrt %851 : tensor<32x64xf32>
    %cst_221 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %853 = stablehlo.broadcast_in_dim %cst_221, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %854 = stablehlo.add %852, %853 : tensor<32x64xf32>
    %855 = stablehlo.divide %747, %854 : tensor<32x64xf32>
    %cst_222 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %856 = stablehlo.broadcast_in_dim %cst_222, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %857 = stablehlo.add %801, %856 : tensor<32xf32>
    %858 = stablehlo.sqrt %857 : tensor<32xf32>
    %cst_223 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %859 = stablehlo.broadcast_in_dim %cst_223, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %860 = stablehlo.add %858, %859 : tensor<32xf32>
    %861 = stablehlo.divide %749, %860 : tensor<32xf32>
    %cst_224 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %862 = stablehlo.broadcast_in_dim %cst_224, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %863 = stablehlo.add %803, %862 : tensor<64x32xf32>
    %864 = stablehlo.sqrt %863 : tensor<64x32xf32>
    %cst_225 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %865 = stablehlo.broadcast_in_dim %cst_225, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %866 = stablehlo.add %864, %865 : tensor<64x32xf32>
    %867 = stablehlo.divide %751, %866 : tensor<64x32xf32>
    %cst_226 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %868 = stablehlo.broadcast_in_dim %cst_226, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %869 = stablehlo.add %805, %868 : tensor<32xf32>
    %870 = stablehlo.sqrt %869 : tensor<32xf32>
    %cst_227 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %871 = stablehlo.broadcast_in_dim %cst_227, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %872 = stablehlo.add %870, %871 : tensor<32xf32>
    %873 = stablehlo.divide %753, %872 : tensor<32xf32>
    %cst_228 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %874 = stablehlo.broadcast_in_dim %cst_228, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %875 = stablehlo.add %807, %874 : tensor<32xf32>
    %876 = stablehlo.sqrt %875 : tensor<32xf32>
    %cst_229 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %877 = stablehlo.broadcast_in_dim %cst_229, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %878 = stablehlo.add %876, %877 : tensor<32xf32>
    %879 = stablehlo.divide %755, %878 : tensor<32xf32>
    %cst_230 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %880 = stablehlo.broadcast_in_dim %cst_230, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %881 = stablehlo.add %809, %880 : tensor<32xf32>
    %882 = stablehlo.sqrt %881 : tensor<32xf32>
    %cst_231 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %883 = stablehlo.broadcast_in_dim %cst_231, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %884 = stablehlo.add %882, %883 : tensor<32xf32>
    %885 = stablehlo.divide %757, %884 : tensor<32xf32>
    %cst_232 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %886 = stablehlo.broadcast_in_dim %cst_232, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %887 = stablehlo.add %811, %886 : tensor<32xf32>
    %888 = stablehlo.sqrt %887 : tensor<32xf32>
    %cst_233 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %889 = stablehlo.broadcast_in_dim %cst_233, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %890 = stablehlo.add %888, %889 : tensor<32xf32>
    %891 = stablehlo.divide %759, %890 : tensor<32xf32>
    %cst_234 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %892 = stablehlo.broadcast_in_dim %cst_234, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %893 = stablehlo.add %813, %892 : tensor<2x16xf32>
    %894 = stablehlo.sqrt %893 : tensor<2x16xf32>
    %cst_235 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %895 = stablehlo.broadcast_in_dim %cst_235, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %896 = stablehlo.add %894, %895 : tensor<2x16xf32>
    %897 = stablehlo.divide %761, %896 : tensor<2x16xf32>
    %cst_236 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %898 = stablehlo.broadcast_in_dim %cst_236, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %899 = stablehlo.add %815, %898 : tensor<32x2x16xf32>
    %900 = stablehlo.sqrt %899 : tensor<32x2x16xf32>
    %cst_237 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %901 = stablehlo.broadcast_in_dim %cst_237, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %902 = stablehlo.add %900, %901 : tensor<32x2x16xf32>
    %903 = stablehlo.divide %763, %902 : tensor<32x2x16xf32>
    %cst_238 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %904 = stablehlo.broadcast_in_dim %cst_238, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %905 = stablehlo.add %817, %904 : tensor<32xf32>
    %906 = stablehlo.sqrt %905 : tensor<32xf32>
    %cst_239 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %907 = stablehlo.broadcast_in_dim %cst_239, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %908 = stablehlo.add %906, %907 : tensor<32xf32>
    %909 = stablehlo.divide %765, %908 : tensor<32xf32>
    %cst_240 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %910 = stablehlo.broadcast_in_dim %cst_240, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %911 = stablehlo.add %819, %910 : tensor<2x16x32xf32>
    %912 = stablehlo.sqrt %911 : tensor<2x16x32xf32>
    %cst_241 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %913 = stablehlo.broadcast_in_dim %cst_241, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %914 = stablehlo.add %912, %913 : tensor<2x16x32xf32>
    %915 = stablehlo.divide %767, %914 : tensor<2x16x32xf32>
    %cst_242 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %916 = stablehlo.broadcast_in_dim %cst_242, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %917 = stablehlo.add %821, %916 : tensor<2x16xf32>
    %918 = stablehlo.sqrt %917 : tensor<2x16xf32>
    %cst_243 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %919 = stablehlo.broadcast_in_dim %cst_243, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %920 = stablehlo.add %918, %919 : tensor<2x16xf32>
    %921 = stablehlo.divide %769, %920 : tensor<2x16xf32>
    %cst_244 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %922 = stablehlo.broadcast_in_dim %cst_244, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %923 = stablehlo.add %823, %922 : tensor<32x2x16xf32>
    %924 = stablehlo.sqrt %923 : tensor<32x2x16xf32>
    %cst_245 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %925 = stablehlo.broadcast_in_dim %cst_245, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %926 = stablehlo.add %924, %925 : tensor<32x2x16xf32>
    %927 = stablehlo.divide %771, %926 : tensor<32x2x16xf32>
    %cst_246 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %928 = stablehlo.broadcast_in_dim %cst_246, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %929 = stablehlo.add %825, %928 : tensor<2x16xf32>
    %930 = stablehlo.sqrt %929 : tensor<2x16xf32>
    %cst_247 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %931 = stablehlo.broadcast_in_dim %cst_247, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %932 = stablehlo.add %930, %931 : tensor<2x16xf32>
    %933 = stablehlo.divide %773, %932 : tensor<2x16xf32>
    %cst_248 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %934 = stablehlo.broadcast_in_dim %cst_248, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %935 = stablehlo.add %827, %934 : tensor<32x2x16xf32>
    %936 = stablehlo.sqrt %935 : tensor<32x2x16xf32>
    %cst_249 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %937 = stablehlo.broadcast_in_dim %cst_249, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %938 = stablehlo.add %936, %937 : tensor<32x2x16xf32>
    %939 = stablehlo.divide %775, %938 : tensor<32x2x16xf32>
    %cst_250 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %940 = stablehlo.broadcast_in_dim %cst_250, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %941 = stablehlo.add %829, %940 : tensor<1x1x32xf32>
    %942 = stablehlo.sqrt %941 : tensor<1x1x32xf32>
    %cst_251 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %943 = stablehlo.broadcast_in_dim %cst_251, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %944 = stablehlo.add %942, %943 : tensor<1x1x32xf32>
    %945 = stablehlo.divide %777, %944 : tensor<1x1x32xf32>
    %cst_252 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %946 = stablehlo.broadcast_in_dim %cst_252, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %947 = stablehlo.add %831, %946 : tensor<100xf32>
    %948 = stablehlo.sqrt %947 : tensor<100xf32>
    %cst_253 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %949 = stablehlo.broadcast_in_dim %cst_253, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %950 = stablehlo.add %948, %949 : tensor<100xf32>
    %951 = stablehlo.divide %779, %950 : tensor<100xf32>
    %cst_254 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %952 = stablehlo.broadcast_in_dim %cst_254, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %953 = stablehlo.add %833, %952 : tensor<32x100xf32>
    %954 = stablehlo.sqrt %953 : tensor<32x100xf32>
    %cst_255 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %955 = stablehlo.broadcast_in_dim %cst_255, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %956 = stablehlo.add %954, %955 : tensor<32x100xf32>
    %957 = stablehlo.divide %781, %956 : tensor<32x100xf32>
    %cst_256 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %958 = stablehlo.broadcast_in_dim %cst_256, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %959 = stablehlo.add %835, %958 : tensor<32xf32>
    %960 = stablehlo.sqrt %959 : tensor<32xf32>
    %cst_257 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %961 = stablehlo.broadcast_in_dim %cst_257, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %962 = stablehlo.add %960, %961 : tensor<32xf32>
    %963 = stablehlo.divide %783, %962 : tensor<32xf32>
    %cst_258 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %964 = stablehlo.broadcast_in_dim %cst_258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %965 = stablehlo.add %837, %964 : tensor<32xf32>
    %966 = stablehlo.sqrt %965 : tensor<32xf32>
    %cst_259 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %967 = stablehlo.broadcast_in_dim %cst_259, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %968 = stablehlo.add %966, %967 : tensor<32xf32>
    %969 = stablehlo.divide %785, %968 : tensor<32xf32>
    %cst_260 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %970 = stablehlo.broadcast_in_dim %cst_260, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %971 = stablehlo.add %839, %970 : tensor<32xf32>
    %972 = stablehlo.sqrt %971 : tensor<32xf32>
    %cst_261 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %973 = stablehlo.broadcast_in_dim %cst_261, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %974 = stablehlo.add %972, %973 : tensor<32xf32>
    %975 = stablehlo.divide %787, %974 : tensor<32xf32>
    %cst_262 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %976 = stablehlo.broadcast_in_dim %cst_262, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %977 = stablehlo.add %841, %976 : tensor<2x2x3x32xf32>
    %978 = stablehlo.sqrt %977 : tensor<2x2x3x32xf32>
    %cst_263 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %979 = stablehlo.broadcast_in_dim %cst_263, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %980 = stablehlo.add %978, %979 : tensor<2x2x3x32xf32>
    %981 = stablehlo.divide %789, %980 : tensor<2x2x3x32xf32>
    %cst_264 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %982 = stablehlo.broadcast_in_dim %cst_264, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %983 = stablehlo.add %843, %982 : tensor<1x65x32xf32>
    %984 = stablehlo.sqrt %983 : tensor<1x65x32xf32>
    %cst_265 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %985 = stablehlo.broadcast_in_dim %cst_265, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %986 = stablehlo.add %984, %985 : tensor<1x65x32xf32>
    %987 = stablehlo.divide %791, %986 : tensor<1x65x32xf32>
    %cst_266 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %988 = stablehlo.broadcast_in_dim %cst_266, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %989 = stablehlo.multiply %988, %arg0 : tensor<64xf32>
    %990 = stablehlo.add %849, %989 : tensor<64xf32>
    %cst_267 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %991 = stablehlo.broadcast_in_dim %cst_267, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %992 = stablehlo.multiply %991, %arg1 : tensor<32x64xf32>
    %993 = stablehlo.add %855, %992 : tensor<32x64xf32>
    %cst_268 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %994 = stablehlo.broadcast_in_dim %cst_268, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %995 = stablehlo.multiply %994, %arg2 : tensor<32xf32>
    %996 = stablehlo.add %861, %995 : tensor<32xf32>
    %cst_269 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %997 = stablehlo.broadcast_in_dim %cst_269, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %998 = stablehlo.multiply %997, %arg3 : tensor<64x32xf32>
    %999 = stablehlo.add %867, %998 : tensor<64x32xf32>
    %cst_270 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1000 = stablehlo.broadcast_in_dim %cst_270, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1001 = stablehlo.multiply %1000, %arg4 : tensor<32xf32>
    %1002 = stablehlo.add %873, %1001 : tensor<32xf32>
    %cst_271 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1003 = stablehlo.broadcast_in_dim %cst_271, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1004 = stablehlo.multiply %1003, %arg5 : tensor<32xf32>
    %1005 = stablehlo.add %879, %1004 : tensor<32xf32>
    %cst_272 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1006 = stablehlo.broadcast_in_dim %cst_272, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1007 = stablehlo.multiply %1006, %arg6 : tensor<32xf32>
    %1008 = stablehlo.add %885, %1007 : tensor<32xf32>
    %cst_273 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1009 = stablehlo.broadcast_in_dim %cst_273, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1010 = stablehlo.multiply %1009, %arg7 : tensor<32xf32>
    %1011 = stablehlo.add %891, %1010 : tensor<32xf32>
    %cst_274 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1012 = stablehlo.broadcast_in_dim %cst_274, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %1013 = stablehlo.multiply %1012, %arg8 : tensor<2x16xf32>
    %1014 = stablehlo.add %897, %1013 : tensor<2x16xf32>
    %cst_275 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1015 = stablehlo.broadcast_in_dim %cst_275, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %1016 = stablehlo.multiply %1015, %arg9 : tensor<32x2x16xf32>
    %1017 = stablehlo.add %903, %1016 : tensor<32x2x16xf32>
    %cst_276 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1018 = stablehlo.broadcast_in_dim %cst_276, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1019 = stablehlo.multiply %1018, %arg10 : tensor<32xf32>
    %1020 = stablehlo.add %909, %1019 : tensor<32xf32>
    %cst_277 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1021 = stablehlo.broadcast_in_dim %cst_277, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %1022 = stablehlo.multiply %1021, %arg11 : tensor<2x16x32xf32>
    %1023 = stablehlo.add %915, %1022 : tensor<2x16x32xf32>
    %cst_278 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1024 = stablehlo.broadcast_in_dim %cst_278, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %1025 = stablehlo.multiply %1024, %arg12 : tensor<2x16xf32>
    %1026 = stablehlo.add %921, %1025 : tensor<2x16xf32>
    %cst_279 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1027 = stablehlo.broadcast_in_dim %cst_279, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %1028 = stablehlo.multiply %1027, %arg13 : tensor<32x2x16xf32>
    %1029 = stablehlo.add %927, %1028 : tensor<32x2x16xf32>
    %cst_280 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1030 = stablehlo.broadcast_in_dim %cst_280, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %1031 = stablehlo.multiply %1030, %arg14 : tensor<2x16xf32>
    %1032 = stablehlo.add %933, %1031 : tensor<2x16xf32>
    %cst_281 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1033 = stablehlo.broadcast_in_dim %cst_281, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %1034 = stablehlo.multiply %1033, %arg15 : tensor<32x2x16xf32>
    %1035 = stablehlo.add %939, %1034 : tensor<32x2x16xf32>
    %cst_282 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1036 = stablehlo.broadcast_in_dim %cst_282, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %1037 = stablehlo.multiply %1036, %arg16 : tensor<1x1x32xf32>
    %1038 = stablehlo.add %945, %1037 : tensor<1x1x32xf32>
    %cst_283 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1039 = stablehlo.broadcast_in_dim %cst_283, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %1040 = stablehlo.multiply %1039, %arg17 : tensor<100xf32>
    %1041 = stablehlo.add %951, %1040 : tensor<100xf32>
    %cst_284 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1042 = stablehlo.broadcast_in_dim %cst_284, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %1043 = stablehlo.multiply %1042, %arg18 : tensor<32x100xf32>
    %1044 = stablehlo.add %957, %1043 : tensor<32x100xf32>
    %cst_285 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1045 = stablehlo.broadcast_in_dim %cst_285, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1046 = stablehlo.multiply %1045, %arg19 : tensor<32xf32>
    %1047 = stablehlo.add %963, %1046 : tensor<32xf32>
    %cst_286 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1048 = stablehlo.broadcast_in_dim %cst_286, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1049 = stablehlo.multiply %1048, %arg20 : tensor<32xf32>
    %1050 = stablehlo.add %969, %1049 : tensor<32xf32>
    %cst_287 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1051 = stablehlo.broadcast_in_dim %cst_287, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1052 = stablehlo.multiply %1051, %arg21 : tensor<32xf32>
    %1053 = stablehlo.add %975, %1052 : tensor<32xf32>
    %cst_288 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1054 = stablehlo.broadcast_in_dim %cst_288, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %1055 = stablehlo.multiply %1054, %arg22 : tensor<2x2x3x32xf32>
    %1056 = stablehlo.add %981, %1055 : tensor<2x2x3x32xf32>
    %cst_289 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %1057 = stablehlo.broadcast_in_dim %cst_289, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %1058 = stablehlo.multiply %1057, %arg23 : tensor<1x65x32xf32>
    %1059 = stablehlo.add %987, %1058 : tensor<1x65x32xf32>
    %cst_290 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1060 = stablehlo.broadcast_in_dim %cst_290, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1061 = stablehlo.multiply %1060, %990 : tensor<64xf32>
    %cst_291 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1062 = stablehlo.broadcast_in_dim %cst_291, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %1063 = stablehlo.multiply %1062, %993 : tensor<32x64xf32>
    %cst_292 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1064 = stablehlo.broadcast_in_dim %cst_292, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1065 = stablehlo.multiply %1064, %996 : tensor<32xf32>
    %cst_293 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1066 = stablehlo.broadcast_in_dim %cst_293, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %1067 = stablehlo.multiply %1066, %999 : tensor<64x32xf32>
    %cst_294 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1068 = stablehlo.broadcast_in_dim %cst_294, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1069 = stablehlo.multiply %1068, %1002 : tensor<32xf32>
    %cst_295 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1070 = stablehlo.broadcast_in_dim %cst_295, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1071 = stablehlo.multiply %1070, %1005 : tensor<32xf32>
    %cst_296 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1072 = stablehlo.broadcast_in_dim %cst_296, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1073 = stablehlo.multiply %1072, %1008 : tensor<32xf32>
    %cst_297 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1074 = stablehlo.broadcast_in_dim %cst_297, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1075 = stablehlo.multiply %1074, %1011 : tensor<32xf32>
    %cst_298 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1076 = stablehlo.broadcast_in_dim %cst_298, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %1077 = stablehlo.multiply %1076, %1014 : tensor<2x16xf32>
    %cst_299 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1078 = stablehlo.broadcast_in_dim %cst_299, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %1079 = stablehlo.multiply %1078, %1017 : tensor<32x2x16xf32>
    %cst_300 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1080 = stablehlo.broadcast_in_dim %cst_300, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1081 = stablehlo.multiply %1080, %1020 : tensor<32xf32>
    %cst_301 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1082 = stablehlo.broadcast_in_dim %cst_301, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %1083 = stablehlo.multiply %1082, %1023 : tensor<2x16x32xf32>
    %cst_302 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1084 = stablehlo.broadcast_in_dim %cst_302, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %1085 = stablehlo.multiply %1084, %1026 : tensor<2x16xf32>
    %cst_303 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1086 = stablehlo.broadcast_in_dim %cst_303, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %1087 = stablehlo.multiply %1086, %1029 : tensor<32x2x16xf32>
    %cst_304 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1088 = stablehlo.broadcast_in_dim %cst_304, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %1089 = stablehlo.multiply %1088, %1032 : tensor<2x16xf32>
    %cst_305 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1090 = stablehlo.broadcast_in_dim %cst_305, dims = [] : (tensor<f32>) -> tensor<32x2x16xf32>
    %1091 = stablehlo.multiply %1090, %1035 : tensor<32x2x16xf32>
    %cst_306 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1092 = stablehlo.broadcast_in_dim %cst_306, dims = [] : (tensor<f32>) -> tensor<1x1x32xf32>
    %1093 = stablehlo.multiply %1092, %1038 : tensor<1x1x32xf32>
    %cst_307 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1094 = stablehlo.broadcast_in_dim %cst_307, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %1095 = stablehlo.multiply %1094, %1041 : tensor<100xf32>
    %cst_308 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1096 = stablehlo.broadcast_in_dim %cst_308, dims = [] : (tensor<f32>) -> tensor<32x100xf32>
    %1097 = stablehlo.multiply %1096, %1044 : tensor<32x100xf32>
    %cst_309 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1098 = stablehlo.broadcast_in_dim %cst_309, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1099 = stablehlo.multiply %1098, %1047 : tensor<32xf32>
    %cst_310 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1100 = stablehlo.broadcast_in_dim %cst_310, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1101 = stablehlo.multiply %1100, %1050 : tensor<32xf32>
    %cst_311 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1102 = stablehlo.broadcast_in_dim %cst_311, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1103 = stablehlo.multiply %1102, %1053 : tensor<32xf32>
    %cst_312 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1104 = stablehlo.broadcast_in_dim %cst_312, dims = [] : (tensor<f32>) -> tensor<2x2x3x32xf32>
    %1105 = stablehlo.multiply %1104, %1056 : tensor<2x2x3x32xf32>
    %cst_313 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1106 = stablehlo.broadcast_in_dim %cst_313, dims = [] : (tensor<f32>) -> tensor<1x65x32xf32>
    %1107 = stablehlo.multiply %1106, %1059 : tensor<1x65x32xf32>
    %1108 = stablehlo.add %arg0, %1061 : tensor<64xf32>
    %1109 = stablehlo.add %arg1, %1063 : tensor<32x64xf32>
    %1110 = stablehlo.add %arg2, %1065 : tensor<32xf32>
    %1111 = stablehlo.add %arg3, %1067 : tensor<64x32xf32>
    %1112 = stablehlo.add %arg4, %1069 : tensor<32xf32>
    %1113 = stablehlo.add %arg5, %1071 : tensor<32xf32>
    %1114 = stablehlo.add %arg6, %1073 : tensor<32xf32>
    %1115 = stablehlo.add %arg7, %1075 : tensor<32xf32>
    %1116 = stablehlo.add %arg8, %1077 : tensor<2x16xf32>
    %1117 = stablehlo.add %arg9, %1079 : tensor<32x2x16xf32>
    %1118 = stablehlo.add %arg10, %1081 : tensor<32xf32>
    %1119 = stablehlo.add %arg11, %1083 : tensor<2x16x32xf32>
    %1120 = stablehlo.add %arg12, %1085 : tensor<2x16xf32>
    %1121 = stablehlo.add %arg13, %1087 : tensor<32x2x16xf32>
    %1122 = stablehlo.add %arg14, %1089 : tensor<2x16xf32>
    %1123 = stablehlo.add %arg15, %1091 : tensor<32x2x16xf32>
    %1124 = stablehlo.add %arg16, %1093 : tensor<1x1x32xf32>
    %1125 = stablehlo.add %arg17, %1095 : tensor<100xf32>
    %1126 = stablehlo.add %arg18, %1097 : tensor<32x100xf32>
    %1127 = stablehlo.add %arg19, %1099 : tensor<32xf32>
    %1128 = stablehlo.add %arg20, %1101 : tensor<32xf32>
    %1129 = stablehlo.add %arg21, %1103 : tensor<32xf32>
    %1130 = stablehlo.add %arg22, %1105 : tensor<2x2x3x32xf32>
    %1131 = stablehlo.add %arg23, %1107 : tensor<1x65x32xf32>
    return %1108, %1109, %1110, %1111, %1112, %1113, %1114, %1115, %1116, %1117, %1118, %1119, %1120, %1121, %1122, %1123, %1124, %1125, %1126, %1127, %1128, %1129, %1130, %1131, %739, %477, %482, %487, %492, %497, %502, %507, %512, %517, %522, %527, %532, %537, %542, %547, %552, %557, %562, %567, %572, %577, %582, %587, %592, %598, %604, %610, %616, %622, %628, %634, %640, %646, %652, %658, %664, %670, %676, %682, %688, %694, %700, %706, %712, %718, %724, %730, %736, %264 : tensor<64xf32>, tensor<32x64xf32>, tensor<32xf32>, tensor<64x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<32xf32>, tensor<2x16x32xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<1x1x32xf32>, tensor<100xf32>, tensor<32x100xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<2x2x3x32xf32>, tensor<1x65x32xf32>, tensor<i32>, tensor<64xf32>, tensor<32x64xf32>, tensor<32xf32>, tensor<64x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<32xf32>, tensor<2x16x32xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<1x1x32xf32>, tensor<100xf32>, tensor<32x100xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<2x2x3x32xf32>, tensor<1x65x32xf32>, tensor<64xf32>, tensor<32x64xf32>, tensor<32xf32>, tensor<64x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<32xf32>, tensor<2x16x32xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<2x16xf32>, tensor<32x2x16xf32>, tensor<1x1x32xf32>, tensor<100xf32>, tensor<32x100xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<2x2x3x32xf32>, tensor<1x65x32xf32>, tensor<f32>
  }
  func.func private @take_along_axis(%arg0: tensor<8x100xf32>, %arg1: tensor<8x1xi32>) -> (tensor<8x1xf32>, tensor<8x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %c_0 = stablehlo.constant dense<100> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x1xi1>, tensor<8x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<8x1xi32>) -> tensor<8x1x1xi32>
    %c_1 = stablehlo.constant dense<99> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x1x1xi32>, tensor<8x1x1xi32>) -> tensor<8x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x1x1xi1>, tensor<i1>) -> tensor<8x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<8x100xf32>, tensor<8x1x1xi32>) -> tensor<8x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<8x1xi1>, tensor<8x1xf32>
    return %15, %5 : tensor<8x1xf32>, tensor<8x1x1xi32>
  }
  func.func private @_take(%arg0: tensor<8x1xf32>, %arg1: tensor<i32>) -> (tensor<8xf32>, tensor<1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = call @_where(%0, %1, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<1xi32>
    %4 = stablehlo.convert %3 : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %7 = stablehlo.compare LE, %4, %c_1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %8 = stablehlo.and %6, %7 : tensor<1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %9 = stablehlo.reduce(%8 init: %c_3) applies stablehlo.and across dimensions = [0] : (tensor<1xi1>, tensor<i1>) -> tensor<i1>
    %10 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 8, 1>}> : (tensor<8x1xf32>, tensor<1xi32>) -> tensor<8xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<8xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %13 = stablehlo.select %11, %10, %12 : tensor<8xi1>, tensor<8xf32>
    return %13, %3 : tensor<8xf32>, tensor<1xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_take_0(%arg0: tensor<1xi32>, %arg1: tensor<8xf32>) -> tensor<8x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x1xf32>, tensor<1xi32>, tensor<8xf32>) -> tensor<8x1xf32>
    return %1 : tensor<8x1xf32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<8x1x1xi32>, %arg1: tensor<8x1xf32>) -> tensor<8x100xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x100xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x100xf32>, tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x100xf32>
    return %1 : tensor<8x100xf32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
