module @jit_train_step attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<2x64xf32> {jax.buffer_donor = true}, %arg1: tensor<2x256x64xf32> {jax.buffer_donor = true}, %arg2: tensor<2x256xf32> {jax.buffer_donor = true}, %arg3: tensor<2x64x256xf32> {jax.buffer_donor = true}, %arg4: tensor<2x64xf32> {jax.buffer_donor = true}, %arg5: tensor<2x64xf32> {jax.buffer_donor = true}, %arg6: tensor<2x64xf32> {jax.buffer_donor = true}, %arg7: tensor<2x64xf32> {jax.buffer_donor = true}, %arg8: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg9: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg10: tensor<2x64xf32> {jax.buffer_donor = true}, %arg11: tensor<2x4x16x64xf32> {jax.buffer_donor = true}, %arg12: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg13: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg14: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg15: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg16: tensor<i32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@empty_mesh, []>}, %arg17: tensor<2x64xf32> {jax.buffer_donor = true}, %arg18: tensor<2x256x64xf32> {jax.buffer_donor = true}, %arg19: tensor<2x256xf32> {jax.buffer_donor = true}, %arg20: tensor<2x64x256xf32> {jax.buffer_donor = true}, %arg21: tensor<2x64xf32> {jax.buffer_donor = true}, %arg22: tensor<2x64xf32> {jax.buffer_donor = true}, %arg23: tensor<2x64xf32> {jax.buffer_donor = true}, %arg24: tensor<2x64xf32> {jax.buffer_donor = true}, %arg25: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg26: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg27: tensor<2x64xf32> {jax.buffer_donor = true}, %arg28: tensor<2x4x16x64xf32> {jax.buffer_donor = true}, %arg29: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg30: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg31: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg32: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg33: tensor<2x64xf32> {jax.buffer_donor = true}, %arg34: tensor<2x256x64xf32> {jax.buffer_donor = true}, %arg35: tensor<2x256xf32> {jax.buffer_donor = true}, %arg36: tensor<2x64x256xf32> {jax.buffer_donor = true}, %arg37: tensor<2x64xf32> {jax.buffer_donor = true}, %arg38: tensor<2x64xf32> {jax.buffer_donor = true}, %arg39: tensor<2x64xf32> {jax.buffer_donor = true}, %arg40: tensor<2x64xf32> {jax.buffer_donor = true}, %arg41: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg42: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg43: tensor<2x64xf32> {jax.buffer_donor = true}, %arg44: tensor<2x4x16x64xf32> {jax.buffer_donor = true}, %arg45: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg46: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg47: tensor<2x4x16xf32> {jax.buffer_donor = true}, %arg48: tensor<2x64x4x16xf32> {jax.buffer_donor = true}, %arg49: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}, %arg50: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) -> (tensor<2x64xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['Dense_0']['bias']"}, tensor<2x256x64xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['Dense_0']['kernel']"}, tensor<2x256xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['Dense_1']['bias']"}, tensor<2x64x256xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['Dense_1']['kernel']"}, tensor<2x64xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['LayerNorm_0']['bias']"}, tensor<2x64xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['LayerNorm_0']['scale']"}, tensor<2x64xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['LayerNorm_1']['bias']"}, tensor<2x64xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['LayerNorm_1']['scale']"}, tensor<2x4x16xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['SelfAttention_0']['key']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['SelfAttention_0']['key']['kernel']"}, tensor<2x64xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['SelfAttention_0']['out']['bias']"}, tensor<2x4x16x64xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['SelfAttention_0']['out']['kernel']"}, tensor<2x4x16xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['SelfAttention_0']['query']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['SelfAttention_0']['query']['kernel']"}, tensor<2x4x16xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['SelfAttention_0']['value']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[0]['params']['ScanLinenBlock_0']['SelfAttention_0']['value']['kernel']"}, tensor<i32> {jax.result_info = "result[1][0].count"}, tensor<2x64xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['Dense_0']['bias']"}, tensor<2x256x64xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['Dense_0']['kernel']"}, tensor<2x256xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['Dense_1']['bias']"}, tensor<2x64x256xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['Dense_1']['kernel']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['LayerNorm_0']['bias']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['LayerNorm_0']['scale']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['LayerNorm_1']['bias']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['LayerNorm_1']['scale']"}, tensor<2x4x16xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['SelfAttention_0']['key']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['SelfAttention_0']['key']['kernel']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['SelfAttention_0']['out']['bias']"}, tensor<2x4x16x64xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['SelfAttention_0']['out']['kernel']"}, tensor<2x4x16xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['SelfAttention_0']['query']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['SelfAttention_0']['query']['kernel']"}, tensor<2x4x16xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['SelfAttention_0']['value']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[1][0].mu['params']['ScanLinenBlock_0']['SelfAttention_0']['value']['kernel']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['Dense_0']['bias']"}, tensor<2x256x64xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['Dense_0']['kernel']"}, tensor<2x256xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['Dense_1']['bias']"}, tensor<2x64x256xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['Dense_1']['kernel']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['LayerNorm_0']['bias']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['LayerNorm_0']['scale']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['LayerNorm_1']['bias']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['LayerNorm_1']['scale']"}, tensor<2x4x16xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['SelfAttention_0']['key']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['SelfAttention_0']['key']['kernel']"}, tensor<2x64xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['SelfAttention_0']['out']['bias']"}, tensor<2x4x16x64xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['SelfAttention_0']['out']['kernel']"}, tensor<2x4x16xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['SelfAttention_0']['query']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['SelfAttention_0']['query']['kernel']"}, tensor<2x4x16xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['SelfAttention_0']['value']['bias']"}, tensor<2x64x4x16xf32> {jax.result_info = "result[1][0].nu['params']['ScanLinenBlock_0']['SelfAttention_0']['value']['kernel']"}, tensor<f32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %0 = stablehlo.sqrt %cst : tensor<f32>
    %1 = stablehlo.convert %0 : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_4 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %6 = stablehlo.sqrt %cst_4 : tensor<f32>
    %7 = stablehlo.convert %6 : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x8x16x64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x8x16x1xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x1x1x64xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x8x16x1xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x8x16x64xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x8x16x64xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x8x16x64xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x8x16x4x16xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x8x16x4x16xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x8x4x16x16xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x8x4x16x1xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x8x4x16x1xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<2x8x4x16x16xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x8x16x4x16xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<2x8x16x4x16xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<2x8x16x64xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<2x8x16x1xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<2x1x1x64xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<2x8x16x1xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<2x8x16x64xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<2x8x16x64xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<2x8x16x64xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<2x8x16x256xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<2x8x16x256xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<2x8x16x256xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<2x8x16x256xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<2x8x16x256xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<2x8x16x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %44:59 = stablehlo.while(%iterArg = %arg0, %iterArg_199 = %arg1, %iterArg_200 = %arg2, %iterArg_201 = %arg3, %iterArg_202 = %arg4, %iterArg_203 = %arg5, %iterArg_204 = %arg6, %iterArg_205 = %arg7, %iterArg_206 = %arg8, %iterArg_207 = %arg9, %iterArg_208 = %arg10, %iterArg_209 = %arg11, %iterArg_210 = %arg12, %iterArg_211 = %arg13, %iterArg_212 = %arg14, %iterArg_213 = %arg15, %iterArg_214 = %7, %iterArg_215 = %3, %iterArg_216 = %2, %iterArg_217 = %5, %iterArg_218 = %4, %iterArg_219 = %9, %iterArg_220 = %8, %iterArg_221 = %11, %iterArg_222 = %10, %iterArg_223 = %c, %iterArg_224 = %arg49, %iterArg_225 = %12, %iterArg_226 = %13, %iterArg_227 = %14, %iterArg_228 = %15, %iterArg_229 = %16, %iterArg_230 = %17, %iterArg_231 = %18, %iterArg_232 = %19, %iterArg_233 = %20, %iterArg_234 = %21, %iterArg_235 = %22, %iterArg_236 = %23, %iterArg_237 = %24, %iterArg_238 = %25, %iterArg_239 = %26, %iterArg_240 = %27, %iterArg_241 = %28, %iterArg_242 = %29, %iterArg_243 = %30, %iterArg_244 = %31, %iterArg_245 = %32, %iterArg_246 = %33, %iterArg_247 = %34, %iterArg_248 = %35, %iterArg_249 = %36, %iterArg_250 = %37, %iterArg_251 = %38, %iterArg_252 = %39, %iterArg_253 = %40, %iterArg_254 = %41, %iterArg_255 = %42, %iterArg_256 = %43) : tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<f32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<i32>, tensor<8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16x1xf32>, tensor<2x1x1x64xf32>, tensor<2x8x16x1xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x4x16x16xf32>, tensor<2x8x4x16x1xf32>, tensor<2x8x4x16x1xf32>, tensor<2x8x4x16x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16x1xf32>, tensor<2x1x1x64xf32>, tensor<2x8x16x1xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>
    cond {
      %c_257 = stablehlo.constant dense<2> : tensor<i32>
      %515 = stablehlo.compare LT, %iterArg_223, %c_257, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %515 : tensor<i1>
    } do {
      %515 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_223) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %516 = func.call @dynamic_index_in_dim_0(%iterArg_199, %iterArg_223) : (tensor<2x256x64xf32>, tensor<i32>) -> tensor<256x64xf32>
      %517 = func.call @dynamic_index_in_dim_1(%iterArg_200, %iterArg_223) : (tensor<2x256xf32>, tensor<i32>) -> tensor<256xf32>
      %518 = func.call @dynamic_index_in_dim_2(%iterArg_201, %iterArg_223) : (tensor<2x64x256xf32>, tensor<i32>) -> tensor<64x256xf32>
      %519 = func.call @dynamic_index_in_dim(%iterArg_202, %iterArg_223) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %520 = func.call @dynamic_index_in_dim(%iterArg_203, %iterArg_223) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %521 = func.call @dynamic_index_in_dim(%iterArg_204, %iterArg_223) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %522 = func.call @dynamic_index_in_dim(%iterArg_205, %iterArg_223) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %523 = func.call @dynamic_index_in_dim_3(%iterArg_206, %iterArg_223) : (tensor<2x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>
      %524 = func.call @dynamic_index_in_dim_4(%iterArg_207, %iterArg_223) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %525 = func.call @dynamic_index_in_dim(%iterArg_208, %iterArg_223) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %526 = func.call @dynamic_index_in_dim_5(%iterArg_209, %iterArg_223) : (tensor<2x4x16x64xf32>, tensor<i32>) -> tensor<4x16x64xf32>
      %527 = func.call @dynamic_index_in_dim_3(%iterArg_210, %iterArg_223) : (tensor<2x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>
      %528 = func.call @dynamic_index_in_dim_4(%iterArg_211, %iterArg_223) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %529 = func.call @dynamic_index_in_dim_3(%iterArg_212, %iterArg_223) : (tensor<2x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>
      %530 = func.call @dynamic_index_in_dim_4(%iterArg_213, %iterArg_223) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %531:33 = func.call @closed_call(%iterArg_214, %iterArg_215, %iterArg_216, %iterArg_217, %iterArg_218, %iterArg_219, %iterArg_220, %iterArg_221, %iterArg_222, %iterArg_224, %515, %516, %517, %518, %519, %520, %521, %522, %523, %524, %525, %526, %527, %528, %529, %530) : (tensor<f32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>) -> (tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x1xf32>, tensor<1x1x64xf32>, tensor<8x16x1xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>, tensor<8x4x16x1xf32>, tensor<8x4x16x1xf32>, tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<8x16x64xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x1xf32>, tensor<1x1x64xf32>, tensor<8x16x1xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>)
      %532 = func.call @dynamic_update_index_in_dim(%iterArg_225, %531#1, %iterArg_223) : (tensor<2x8x16x64xf32>, tensor<8x16x64xf32>, tensor<i32>) -> tensor<2x8x16x64xf32>
      %533 = func.call @dynamic_update_index_in_dim_6(%iterArg_226, %531#2, %iterArg_223) : (tensor<2x8x16xf32>, tensor<8x16xf32>, tensor<i32>) -> tensor<2x8x16xf32>
      %534 = func.call @dynamic_update_index_in_dim_6(%iterArg_227, %531#3, %iterArg_223) : (tensor<2x8x16xf32>, tensor<8x16xf32>, tensor<i32>) -> tensor<2x8x16xf32>
      %535 = func.call @dynamic_update_index_in_dim_7(%iterArg_228, %531#4, %iterArg_223) : (tensor<2x8x16x1xf32>, tensor<8x16x1xf32>, tensor<i32>) -> tensor<2x8x16x1xf32>
      %536 = func.call @dynamic_update_index_in_dim_8(%iterArg_229, %531#5, %iterArg_223) : (tensor<2x1x1x64xf32>, tensor<1x1x64xf32>, tensor<i32>) -> tensor<2x1x1x64xf32>
      %537 = func.call @dynamic_update_index_in_dim_7(%iterArg_230, %531#6, %iterArg_223) : (tensor<2x8x16x1xf32>, tensor<8x16x1xf32>, tensor<i32>) -> tensor<2x8x16x1xf32>
      %538 = func.call @dynamic_update_index_in_dim(%iterArg_231, %531#7, %iterArg_223) : (tensor<2x8x16x64xf32>, tensor<8x16x64xf32>, tensor<i32>) -> tensor<2x8x16x64xf32>
      %539 = func.call @dynamic_update_index_in_dim(%iterArg_232, %531#8, %iterArg_223) : (tensor<2x8x16x64xf32>, tensor<8x16x64xf32>, tensor<i32>) -> tensor<2x8x16x64xf32>
      %540 = func.call @dynamic_update_index_in_dim(%iterArg_233, %531#9, %iterArg_223) : (tensor<2x8x16x64xf32>, tensor<8x16x64xf32>, tensor<i32>) -> tensor<2x8x16x64xf32>
      %541 = func.call @dynamic_update_index_in_dim_9(%iterArg_234, %531#10, %iterArg_223) : (tensor<2x8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<i32>) -> tensor<2x8x16x4x16xf32>
      %542 = func.call @dynamic_update_index_in_dim_9(%iterArg_235, %531#11, %iterArg_223) : (tensor<2x8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<i32>) -> tensor<2x8x16x4x16xf32>
      %543 = func.call @dynamic_update_index_in_dim_10(%iterArg_236, %531#12, %iterArg_223) : (tensor<2x8x4x16x16xf32>, tensor<8x4x16x16xf32>, tensor<i32>) -> tensor<2x8x4x16x16xf32>
      %544 = func.call @dynamic_update_index_in_dim_11(%iterArg_237, %531#13, %iterArg_223) : (tensor<2x8x4x16x1xf32>, tensor<8x4x16x1xf32>, tensor<i32>) -> tensor<2x8x4x16x1xf32>
      %545 = func.call @dynamic_update_index_in_dim_11(%iterArg_238, %531#14, %iterArg_223) : (tensor<2x8x4x16x1xf32>, tensor<8x4x16x1xf32>, tensor<i32>) -> tensor<2x8x4x16x1xf32>
      %546 = func.call @dynamic_update_index_in_dim_10(%iterArg_239, %531#15, %iterArg_223) : (tensor<2x8x4x16x16xf32>, tensor<8x4x16x16xf32>, tensor<i32>) -> tensor<2x8x4x16x16xf32>
      %547 = func.call @dynamic_update_index_in_dim_9(%iterArg_240, %531#16, %iterArg_223) : (tensor<2x8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<i32>) -> tensor<2x8x16x4x16xf32>
      %548 = func.call @dynamic_update_index_in_dim_9(%iterArg_241, %531#17, %iterArg_223) : (tensor<2x8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<i32>) -> tensor<2x8x16x4x16xf32>
      %549 = func.call @dynamic_update_index_in_dim(%iterArg_242, %531#18, %iterArg_223) : (tensor<2x8x16x64xf32>, tensor<8x16x64xf32>, tensor<i32>) -> tensor<2x8x16x64xf32>
      %550 = func.call @dynamic_update_index_in_dim_6(%iterArg_243, %531#19, %iterArg_223) : (tensor<2x8x16xf32>, tensor<8x16xf32>, tensor<i32>) -> tensor<2x8x16xf32>
      %551 = func.call @dynamic_update_index_in_dim_6(%iterArg_244, %531#20, %iterArg_223) : (tensor<2x8x16xf32>, tensor<8x16xf32>, tensor<i32>) -> tensor<2x8x16xf32>
      %552 = func.call @dynamic_update_index_in_dim_7(%iterArg_245, %531#21, %iterArg_223) : (tensor<2x8x16x1xf32>, tensor<8x16x1xf32>, tensor<i32>) -> tensor<2x8x16x1xf32>
      %553 = func.call @dynamic_update_index_in_dim_8(%iterArg_246, %531#22, %iterArg_223) : (tensor<2x1x1x64xf32>, tensor<1x1x64xf32>, tensor<i32>) -> tensor<2x1x1x64xf32>
      %554 = func.call @dynamic_update_index_in_dim_7(%iterArg_247, %531#23, %iterArg_223) : (tensor<2x8x16x1xf32>, tensor<8x16x1xf32>, tensor<i32>) -> tensor<2x8x16x1xf32>
      %555 = func.call @dynamic_update_index_in_dim(%iterArg_248, %531#24, %iterArg_223) : (tensor<2x8x16x64xf32>, tensor<8x16x64xf32>, tensor<i32>) -> tensor<2x8x16x64xf32>
      %556 = func.call @dynamic_update_index_in_dim(%iterArg_249, %531#25, %iterArg_223) : (tensor<2x8x16x64xf32>, tensor<8x16x64xf32>, tensor<i32>) -> tensor<2x8x16x64xf32>
      %557 = func.call @dynamic_update_index_in_dim(%iterArg_250, %531#26, %iterArg_223) : (tensor<2x8x16x64xf32>, tensor<8x16x64xf32>, tensor<i32>) -> tensor<2x8x16x64xf32>
      %558 = func.call @dynamic_update_index_in_dim_12(%iterArg_251, %531#27, %iterArg_223) : (tensor<2x8x16x256xf32>, tensor<8x16x256xf32>, tensor<i32>) -> tensor<2x8x16x256xf32>
      %559 = func.call @dynamic_update_index_in_dim_12(%iterArg_252, %531#28, %iterArg_223) : (tensor<2x8x16x256xf32>, tensor<8x16x256xf32>, tensor<i32>) -> tensor<2x8x16x256xf32>
      %560 = func.call @dynamic_update_index_in_dim_12(%iterArg_253, %531#29, %iterArg_223) : (tensor<2x8x16x256xf32>, tensor<8x16x256xf32>, tensor<i32>) -> tensor<2x8x16x256xf32>
      %561 = func.call @dynamic_update_index_in_dim_12(%iterArg_254, %531#30, %iterArg_223) : (tensor<2x8x16x256xf32>, tensor<8x16x256xf32>, tensor<i32>) -> tensor<2x8x16x256xf32>
      %562 = func.call @dynamic_update_index_in_dim_12(%iterArg_255, %531#31, %iterArg_223) : (tensor<2x8x16x256xf32>, tensor<8x16x256xf32>, tensor<i32>) -> tensor<2x8x16x256xf32>
      %563 = func.call @dynamic_update_index_in_dim_12(%iterArg_256, %531#32, %iterArg_223) : (tensor<2x8x16x256xf32>, tensor<8x16x256xf32>, tensor<i32>) -> tensor<2x8x16x256xf32>
      %c_257 = stablehlo.constant dense<1> : tensor<i32>
      %564 = stablehlo.add %iterArg_223, %c_257 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_199, %iterArg_200, %iterArg_201, %iterArg_202, %iterArg_203, %iterArg_204, %iterArg_205, %iterArg_206, %iterArg_207, %iterArg_208, %iterArg_209, %iterArg_210, %iterArg_211, %iterArg_212, %iterArg_213, %iterArg_214, %iterArg_215, %iterArg_216, %iterArg_217, %iterArg_218, %iterArg_219, %iterArg_220, %iterArg_221, %iterArg_222, %564, %531#0, %532, %533, %534, %535, %536, %537, %538, %539, %540, %541, %542, %543, %544, %545, %546, %547, %548, %549, %550, %551, %552, %553, %554, %555, %556, %557, %558, %559, %560, %561, %562, %563 : tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<f32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<i32>, tensor<8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16x1xf32>, tensor<2x1x1x64xf32>, tensor<2x8x16x1xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x4x16x16xf32>, tensor<2x8x4x16x1xf32>, tensor<2x8x4x16x1xf32>, tensor<2x8x4x16x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16x1xf32>, tensor<2x1x1x64xf32>, tensor<2x8x16x1xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>
    }
    %45 = stablehlo.subtract %44#26, %arg50 : tensor<8x16x64xf32>
    %46 = stablehlo.multiply %45, %45 : tensor<8x16x64xf32>
    %cst_41 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %48 = stablehlo.multiply %47, %45 : tensor<8x16x64xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%46 init: %cst_42) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<f32>
    %cst_43 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %50 = stablehlo.divide %49, %cst_43 : tensor<f32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %cst_45 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_46 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %52 = stablehlo.divide %cst_45, %cst_46 : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %54 = stablehlo.multiply %53, %48 : tensor<8x16x64xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %c_63 = stablehlo.constant dense<0> : tensor<i32>
    %71:57 = stablehlo.while(%iterArg = %44#27, %iterArg_199 = %44#28, %iterArg_200 = %44#29, %iterArg_201 = %44#30, %iterArg_202 = %44#31, %iterArg_203 = %44#32, %iterArg_204 = %44#33, %iterArg_205 = %44#34, %iterArg_206 = %arg13, %iterArg_207 = %44#35, %iterArg_208 = %arg9, %iterArg_209 = %arg15, %iterArg_210 = %44#36, %iterArg_211 = %44#37, %iterArg_212 = %44#38, %iterArg_213 = %44#39, %iterArg_214 = %44#40, %iterArg_215 = %44#41, %iterArg_216 = %44#42, %iterArg_217 = %arg11, %iterArg_218 = %44#43, %iterArg_219 = %44#44, %iterArg_220 = %44#45, %iterArg_221 = %44#46, %iterArg_222 = %44#47, %iterArg_223 = %44#48, %iterArg_224 = %44#49, %iterArg_225 = %44#50, %iterArg_226 = %44#51, %iterArg_227 = %arg3, %iterArg_228 = %44#52, %iterArg_229 = %44#53, %iterArg_230 = %44#54, %iterArg_231 = %44#55, %iterArg_232 = %44#56, %iterArg_233 = %44#57, %iterArg_234 = %arg1, %iterArg_235 = %44#58, %iterArg_236 = %7, %iterArg_237 = %c_63, %iterArg_238 = %54, %iterArg_239 = %55, %iterArg_240 = %56, %iterArg_241 = %57, %iterArg_242 = %58, %iterArg_243 = %59, %iterArg_244 = %60, %iterArg_245 = %61, %iterArg_246 = %62, %iterArg_247 = %63, %iterArg_248 = %64, %iterArg_249 = %65, %iterArg_250 = %66, %iterArg_251 = %67, %iterArg_252 = %68, %iterArg_253 = %69, %iterArg_254 = %70) : tensor<2x8x16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16x1xf32>, tensor<2x1x1x64xf32>, tensor<2x8x16x1xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x64x4x16xf32>, tensor<2x8x16x64xf32>, tensor<2x64x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x4x16x16xf32>, tensor<2x8x4x16x1xf32>, tensor<2x8x4x16x1xf32>, tensor<2x8x4x16x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x4x16x64xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16x1xf32>, tensor<2x1x1x64xf32>, tensor<2x8x16x1xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x64x256xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x256x64xf32>, tensor<2x8x16x256xf32>, tensor<f32>, tensor<i32>, tensor<8x16x64xf32>, tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>
    cond {
      %c_255 = stablehlo.constant dense<2> : tensor<i32>
      %515 = stablehlo.compare LT, %iterArg_237, %c_255, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %515 : tensor<i1>
    } do {
      %c_255 = stablehlo.constant dense<2> : tensor<i32>
      %515 = stablehlo.subtract %c_255, %iterArg_237 : tensor<i32>
      %c_256 = stablehlo.constant dense<1> : tensor<i32>
      %516 = stablehlo.subtract %515, %c_256 : tensor<i32>
      %517 = func.call @dynamic_index_in_dim_13(%iterArg, %516) : (tensor<2x8x16x64xf32>, tensor<i32>) -> tensor<8x16x64xf32>
      %518 = func.call @dynamic_index_in_dim_14(%iterArg_199, %516) : (tensor<2x8x16xf32>, tensor<i32>) -> tensor<8x16xf32>
      %519 = func.call @dynamic_index_in_dim_14(%iterArg_200, %516) : (tensor<2x8x16xf32>, tensor<i32>) -> tensor<8x16xf32>
      %520 = func.call @dynamic_index_in_dim_15(%iterArg_201, %516) : (tensor<2x8x16x1xf32>, tensor<i32>) -> tensor<8x16x1xf32>
      %521 = func.call @dynamic_index_in_dim_16(%iterArg_202, %516) : (tensor<2x1x1x64xf32>, tensor<i32>) -> tensor<1x1x64xf32>
      %522 = func.call @dynamic_index_in_dim_15(%iterArg_203, %516) : (tensor<2x8x16x1xf32>, tensor<i32>) -> tensor<8x16x1xf32>
      %523 = func.call @dynamic_index_in_dim_13(%iterArg_204, %516) : (tensor<2x8x16x64xf32>, tensor<i32>) -> tensor<8x16x64xf32>
      %524 = func.call @dynamic_index_in_dim_13(%iterArg_205, %516) : (tensor<2x8x16x64xf32>, tensor<i32>) -> tensor<8x16x64xf32>
      %525 = func.call @dynamic_index_in_dim_4(%iterArg_206, %516) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %526 = func.call @dynamic_index_in_dim_13(%iterArg_207, %516) : (tensor<2x8x16x64xf32>, tensor<i32>) -> tensor<8x16x64xf32>
      %527 = func.call @dynamic_index_in_dim_4(%iterArg_208, %516) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %528 = func.call @dynamic_index_in_dim_4(%iterArg_209, %516) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %529 = func.call @dynamic_index_in_dim_17(%iterArg_210, %516) : (tensor<2x8x16x4x16xf32>, tensor<i32>) -> tensor<8x16x4x16xf32>
      %530 = func.call @dynamic_index_in_dim_17(%iterArg_211, %516) : (tensor<2x8x16x4x16xf32>, tensor<i32>) -> tensor<8x16x4x16xf32>
      %531 = func.call @dynamic_index_in_dim_18(%iterArg_212, %516) : (tensor<2x8x4x16x16xf32>, tensor<i32>) -> tensor<8x4x16x16xf32>
      %532 = func.call @dynamic_index_in_dim_19(%iterArg_213, %516) : (tensor<2x8x4x16x1xf32>, tensor<i32>) -> tensor<8x4x16x1xf32>
      %533 = func.call @dynamic_index_in_dim_19(%iterArg_214, %516) : (tensor<2x8x4x16x1xf32>, tensor<i32>) -> tensor<8x4x16x1xf32>
      %534 = func.call @dynamic_index_in_dim_18(%iterArg_215, %516) : (tensor<2x8x4x16x16xf32>, tensor<i32>) -> tensor<8x4x16x16xf32>
      %535 = func.call @dynamic_index_in_dim_17(%iterArg_216, %516) : (tensor<2x8x16x4x16xf32>, tensor<i32>) -> tensor<8x16x4x16xf32>
      %536 = func.call @dynamic_index_in_dim_5(%iterArg_217, %516) : (tensor<2x4x16x64xf32>, tensor<i32>) -> tensor<4x16x64xf32>
      %537 = func.call @dynamic_index_in_dim_17(%iterArg_218, %516) : (tensor<2x8x16x4x16xf32>, tensor<i32>) -> tensor<8x16x4x16xf32>
      %538 = func.call @dynamic_index_in_dim_13(%iterArg_219, %516) : (tensor<2x8x16x64xf32>, tensor<i32>) -> tensor<8x16x64xf32>
      %539 = func.call @dynamic_index_in_dim_14(%iterArg_220, %516) : (tensor<2x8x16xf32>, tensor<i32>) -> tensor<8x16xf32>
      %540 = func.call @dynamic_index_in_dim_14(%iterArg_221, %516) : (tensor<2x8x16xf32>, tensor<i32>) -> tensor<8x16xf32>
      %541 = func.call @dynamic_index_in_dim_15(%iterArg_222, %516) : (tensor<2x8x16x1xf32>, tensor<i32>) -> tensor<8x16x1xf32>
      %542 = func.call @dynamic_index_in_dim_16(%iterArg_223, %516) : (tensor<2x1x1x64xf32>, tensor<i32>) -> tensor<1x1x64xf32>
      %543 = func.call @dynamic_index_in_dim_15(%iterArg_224, %516) : (tensor<2x8x16x1xf32>, tensor<i32>) -> tensor<8x16x1xf32>
      %544 = func.call @dynamic_index_in_dim_13(%iterArg_225, %516) : (tensor<2x8x16x64xf32>, tensor<i32>) -> tensor<8x16x64xf32>
      %545 = func.call @dynamic_index_in_dim_13(%iterArg_226, %516) : (tensor<2x8x16x64xf32>, tensor<i32>) -> tensor<8x16x64xf32>
      %546 = func.call @dynamic_index_in_dim_2(%iterArg_227, %516) : (tensor<2x64x256xf32>, tensor<i32>) -> tensor<64x256xf32>
      %547 = func.call @dynamic_index_in_dim_13(%iterArg_228, %516) : (tensor<2x8x16x64xf32>, tensor<i32>) -> tensor<8x16x64xf32>
      %548 = func.call @dynamic_index_in_dim_20(%iterArg_229, %516) : (tensor<2x8x16x256xf32>, tensor<i32>) -> tensor<8x16x256xf32>
      %549 = func.call @dynamic_index_in_dim_20(%iterArg_230, %516) : (tensor<2x8x16x256xf32>, tensor<i32>) -> tensor<8x16x256xf32>
      %550 = func.call @dynamic_index_in_dim_20(%iterArg_231, %516) : (tensor<2x8x16x256xf32>, tensor<i32>) -> tensor<8x16x256xf32>
      %551 = func.call @dynamic_index_in_dim_20(%iterArg_232, %516) : (tensor<2x8x16x256xf32>, tensor<i32>) -> tensor<8x16x256xf32>
      %552 = func.call @dynamic_index_in_dim_20(%iterArg_233, %516) : (tensor<2x8x16x256xf32>, tensor<i32>) -> tensor<8x16x256xf32>
      %553 = func.call @dynamic_index_in_dim_0(%iterArg_234, %516) : (tensor<2x256x64xf32>, tensor<i32>) -> tensor<256x64xf32>
      %554 = func.call @dynamic_index_in_dim_20(%iterArg_235, %516) : (tensor<2x8x16x256xf32>, tensor<i32>) -> tensor<8x16x256xf32>
      %555:17 = func.call @closed_call_21(%iterArg_236, %iterArg_238, %517, %518, %519, %520, %521, %522, %523, %524, %525, %526, %527, %528, %529, %530, %531, %532, %533, %534, %535, %536, %537, %538, %539, %540, %541, %542, %543, %544, %545, %546, %547, %548, %549, %550, %551, %552, %553, %554) : (tensor<f32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x1xf32>, tensor<1x1x64xf32>, tensor<8x16x1xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<64x4x16xf32>, tensor<8x16x64xf32>, tensor<64x4x16xf32>, tensor<64x4x16xf32>, tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>, tensor<8x4x16x1xf32>, tensor<8x4x16x1xf32>, tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>, tensor<4x16x64xf32>, tensor<8x16x4x16xf32>, tensor<8x16x64xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x1xf32>, tensor<1x1x64xf32>, tensor<8x16x1xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<64x256xf32>, tensor<8x16x64xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<256x64xf32>, tensor<8x16x256xf32>) -> (tensor<8x16x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>)
      %556 = func.call @dynamic_update_index_in_dim_22(%iterArg_239, %555#1, %516) : (tensor<2x64xf32>, tensor<64xf32>, tensor<i32>) -> tensor<2x64xf32>
      %557 = func.call @dynamic_update_index_in_dim_23(%iterArg_240, %555#2, %516) : (tensor<2x256x64xf32>, tensor<256x64xf32>, tensor<i32>) -> tensor<2x256x64xf32>
      %558 = func.call @dynamic_update_index_in_dim_24(%iterArg_241, %555#3, %516) : (tensor<2x256xf32>, tensor<256xf32>, tensor<i32>) -> tensor<2x256xf32>
      %559 = func.call @dynamic_update_index_in_dim_25(%iterArg_242, %555#4, %516) : (tensor<2x64x256xf32>, tensor<64x256xf32>, tensor<i32>) -> tensor<2x64x256xf32>
      %560 = func.call @dynamic_update_index_in_dim_22(%iterArg_243, %555#5, %516) : (tensor<2x64xf32>, tensor<64xf32>, tensor<i32>) -> tensor<2x64xf32>
      %561 = func.call @dynamic_update_index_in_dim_22(%iterArg_244, %555#6, %516) : (tensor<2x64xf32>, tensor<64xf32>, tensor<i32>) -> tensor<2x64xf32>
      %562 = func.call @dynamic_update_index_in_dim_22(%iterArg_245, %555#7, %516) : (tensor<2x64xf32>, tensor<64xf32>, tensor<i32>) -> tensor<2x64xf32>
      %563 = func.call @dynamic_update_index_in_dim_22(%iterArg_246, %555#8, %516) : (tensor<2x64xf32>, tensor<64xf32>, tensor<i32>) -> tensor<2x64xf32>
      %564 = func.call @dynamic_update_index_in_dim_26(%iterArg_247, %555#9, %516) : (tensor<2x4x16xf32>, tensor<4x16xf32>, tensor<i32>) -> tensor<2x4x16xf32>
      %565 = func.call @dynamic_update_index_in_dim_27(%iterArg_248, %555#10, %516) : (tensor<2x64x4x16xf32>, tensor<64x4x16xf32>, tensor<i32>) -> tensor<2x64x4x16xf32>
      %566 = func.call @dynamic_update_index_in_dim_22(%iterArg_249, %555#11, %516) : (tensor<2x64xf32>, tensor<64xf32>, tensor<i32>) -> tensor<2x64xf32>
      %567 = func.call @dynamic_update_index_in_dim_28(%iterArg_250, %555#12, %516) : (tensor<2x4x16x64xf32>, tensor<4x16x64xf32>, tensor<i32>) -> tensor<2x4x16x64xf32>
      %568 = func.call @dynamic_update_index_in_dim_26(%iterArg_251, %555#13, %516) : (tensor<2x4x16xf32>, tensor<4x16xf32>, tensor<i32>) -> tensor<2x4x16xf32>
      %569 = func.call @dynamic_update_index_in_dim_27(%iterArg_252, %555#14, %516) : (tensor<2x64x4x16xf32>, tensor<64x4x16xf32>, tensor<i32>) -> tensor<2x64x4x16xf32>
      %570 = func.call @dynamic_update_index_in_dim_26(%iterArg_253, %555#15, %516) : (tensor<2x4x16xf32>, tensor<4x16xf32>, tensor<i32>) -> tensor<2x4x16xf32>
      %571 = func.call @dynamic_update_index_in_dim_27(%iterArg_254, %555#16, %516) : (tensor<2x64x4x16xf32>, tensor<64x4x16xf32>, tensor<i32>) -> tensor<2x64x4x16xf32>
      %c_257 = stablehlo.constant dense<1> : tensor<i32>
      %572 = stablehlo.add %iterArg_237, %c_257 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_199, %iterArg_200, %iterArg_201, %iterArg_202, %iterArg_203, %iterArg_204, %iterArg_205, %iterArg_206, %iterArg_207, %iterArg_208, %iterArg_209, %iterArg_210, %iterArg_211, %iterArg_212, %iterArg_213, %iterArg_214, %iterArg_215, %iterArg_216, %iterArg_217, %iterArg_218, %iterArg_219, %iterArg_220, %iterArg_221, %iterArg_222, %iterArg_223, %iterArg_224, %iterArg_225, %iterArg_226, %iterArg_227, %iterArg_228, %iterArg_229, %iterArg_230, %iterArg_231, %iterArg_232, %iterArg_233, %iterArg_234, %iterArg_235, %iterArg_236, %572, %555#0, %556, %557, %558, %559, %560, %561, %562, %563, %564, %565, %566, %567, %568, %569, %570, %571 : tensor<2x8x16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16x1xf32>, tensor<2x1x1x64xf32>, tensor<2x8x16x1xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x64x4x16xf32>, tensor<2x8x16x64xf32>, tensor<2x64x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x4x16x16xf32>, tensor<2x8x4x16x1xf32>, tensor<2x8x4x16x1xf32>, tensor<2x8x4x16x16xf32>, tensor<2x8x16x4x16xf32>, tensor<2x4x16x64xf32>, tensor<2x8x16x4x16xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16xf32>, tensor<2x8x16xf32>, tensor<2x8x16x1xf32>, tensor<2x1x1x64xf32>, tensor<2x8x16x1xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x64x256xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x8x16x256xf32>, tensor<2x256x64xf32>, tensor<2x8x16x256xf32>, tensor<f32>, tensor<i32>, tensor<8x16x64xf32>, tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>
    }
    %cst_64 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %73 = stablehlo.multiply %72, %71#41 : tensor<2x64xf32>
    %cst_65 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %75 = stablehlo.multiply %74, %arg17 : tensor<2x64xf32>
    %76 = stablehlo.add %73, %75 : tensor<2x64xf32>
    %cst_66 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %78 = stablehlo.multiply %77, %71#42 : tensor<2x256x64xf32>
    %cst_67 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %80 = stablehlo.multiply %79, %arg18 : tensor<2x256x64xf32>
    %81 = stablehlo.add %78, %80 : tensor<2x256x64xf32>
    %cst_68 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %83 = stablehlo.multiply %82, %71#43 : tensor<2x256xf32>
    %cst_69 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %85 = stablehlo.multiply %84, %arg19 : tensor<2x256xf32>
    %86 = stablehlo.add %83, %85 : tensor<2x256xf32>
    %cst_70 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %88 = stablehlo.multiply %87, %71#44 : tensor<2x64x256xf32>
    %cst_71 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %90 = stablehlo.multiply %89, %arg20 : tensor<2x64x256xf32>
    %91 = stablehlo.add %88, %90 : tensor<2x64x256xf32>
    %cst_72 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %93 = stablehlo.multiply %92, %71#45 : tensor<2x64xf32>
    %cst_73 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %95 = stablehlo.multiply %94, %arg21 : tensor<2x64xf32>
    %96 = stablehlo.add %93, %95 : tensor<2x64xf32>
    %cst_74 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %98 = stablehlo.multiply %97, %71#46 : tensor<2x64xf32>
    %cst_75 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %100 = stablehlo.multiply %99, %arg22 : tensor<2x64xf32>
    %101 = stablehlo.add %98, %100 : tensor<2x64xf32>
    %cst_76 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %103 = stablehlo.multiply %102, %71#47 : tensor<2x64xf32>
    %cst_77 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %105 = stablehlo.multiply %104, %arg23 : tensor<2x64xf32>
    %106 = stablehlo.add %103, %105 : tensor<2x64xf32>
    %cst_78 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %108 = stablehlo.multiply %107, %71#48 : tensor<2x64xf32>
    %cst_79 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %110 = stablehlo.multiply %109, %arg24 : tensor<2x64xf32>
    %111 = stablehlo.add %108, %110 : tensor<2x64xf32>
    %cst_80 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %113 = stablehlo.multiply %112, %71#49 : tensor<2x4x16xf32>
    %cst_81 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %115 = stablehlo.multiply %114, %arg25 : tensor<2x4x16xf32>
    %116 = stablehlo.add %113, %115 : tensor<2x4x16xf32>
    %cst_82 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %118 = stablehlo.multiply %117, %71#50 : tensor<2x64x4x16xf32>
    %cst_83 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %120 = stablehlo.multiply %119, %arg26 : tensor<2x64x4x16xf32>
    %121 = stablehlo.add %118, %120 : tensor<2x64x4x16xf32>
    %cst_84 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %123 = stablehlo.multiply %122, %71#51 : tensor<2x64xf32>
    %cst_85 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %125 = stablehlo.multiply %124, %arg27 : tensor<2x64xf32>
    %126 = stablehlo.add %123, %125 : tensor<2x64xf32>
    %cst_86 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %128 = stablehlo.multiply %127, %71#52 : tensor<2x4x16x64xf32>
    %cst_87 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %130 = stablehlo.multiply %129, %arg28 : tensor<2x4x16x64xf32>
    %131 = stablehlo.add %128, %130 : tensor<2x4x16x64xf32>
    %cst_88 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %133 = stablehlo.multiply %132, %71#53 : tensor<2x4x16xf32>
    %cst_89 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %135 = stablehlo.multiply %134, %arg29 : tensor<2x4x16xf32>
    %136 = stablehlo.add %133, %135 : tensor<2x4x16xf32>
    %cst_90 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %138 = stablehlo.multiply %137, %71#54 : tensor<2x64x4x16xf32>
    %cst_91 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %140 = stablehlo.multiply %139, %arg30 : tensor<2x64x4x16xf32>
    %141 = stablehlo.add %138, %140 : tensor<2x64x4x16xf32>
    %cst_92 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %143 = stablehlo.multiply %142, %71#55 : tensor<2x4x16xf32>
    %cst_93 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %145 = stablehlo.multiply %144, %arg31 : tensor<2x4x16xf32>
    %146 = stablehlo.add %143, %145 : tensor<2x4x16xf32>
    %cst_94 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %148 = stablehlo.multiply %147, %71#56 : tensor<2x64x4x16xf32>
    %cst_95 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %150 = stablehlo.multiply %149, %arg32 : tensor<2x64x4x16xf32>
    %151 = stablehlo.add %148, %150 : tensor<2x64x4x16xf32>
    %152 = stablehlo.multiply %71#41, %71#41 : tensor<2x64xf32>
    %cst_96 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %153 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %154 = stablehlo.multiply %153, %152 : tensor<2x64xf32>
    %cst_97 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %156 = stablehlo.multiply %155, %arg33 : tensor<2x64xf32>
    %157 = stablehlo.add %154, %156 : tensor<2x64xf32>
    %158 = stablehlo.multiply %71#42, %71#42 : tensor<2x256x64xf32>
    %cst_98 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %160 = stablehlo.multiply %159, %158 : tensor<2x256x64xf32>
    %cst_99 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %162 = stablehlo.multiply %161, %arg34 : tensor<2x256x64xf32>
    %163 = stablehlo.add %160, %162 : tensor<2x256x64xf32>
    %164 = stablehlo.multiply %71#43, %71#43 : tensor<2x256xf32>
    %cst_100 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %166 = stablehlo.multiply %165, %164 : tensor<2x256xf32>
    %cst_101 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %168 = stablehlo.multiply %167, %arg35 : tensor<2x256xf32>
    %169 = stablehlo.add %166, %168 : tensor<2x256xf32>
    %170 = stablehlo.multiply %71#44, %71#44 : tensor<2x64x256xf32>
    %cst_102 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %171 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %172 = stablehlo.multiply %171, %170 : tensor<2x64x256xf32>
    %cst_103 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %174 = stablehlo.multiply %173, %arg36 : tensor<2x64x256xf32>
    %175 = stablehlo.add %172, %174 : tensor<2x64x256xf32>
    %176 = stablehlo.multiply %71#45, %71#45 : tensor<2x64xf32>
    %cst_104 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %178 = stablehlo.multiply %177, %176 : tensor<2x64xf32>
    %cst_105 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %180 = stablehlo.multiply %179, %arg37 : tensor<2x64xf32>
    %181 = stablehlo.add %178, %180 : tensor<2x64xf32>
    %182 = stablehlo.multiply %71#46, %71#46 : tensor<2x64xf32>
    %cst_106 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %184 = stablehlo.multiply %183, %182 : tensor<2x64xf32>
    %cst_107 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %186 = stablehlo.multiply %185, %arg38 : tensor<2x64xf32>
    %187 = stablehlo.add %184, %186 : tensor<2x64xf32>
    %188 = stablehlo.multiply %71#47, %71#47 : tensor<2x64xf32>
    %cst_108 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %190 = stablehlo.multiply %189, %188 : tensor<2x64xf32>
    %cst_109 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %192 = stablehlo.multiply %191, %arg39 : tensor<2x64xf32>
    %193 = stablehlo.add %190, %192 : tensor<2x64xf32>
    %194 = stablehlo.multiply %71#48, %71#48 : tensor<2x64xf32>
    %cst_110 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %195 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %196 = stablehlo.multiply %195, %194 : tensor<2x64xf32>
    %cst_111 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %197 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %198 = stablehlo.multiply %197, %arg40 : tensor<2x64xf32>
    %199 = stablehlo.add %196, %198 : tensor<2x64xf32>
    %200 = stablehlo.multiply %71#49, %71#49 : tensor<2x4x16xf32>
    %cst_112 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %202 = stablehlo.multiply %201, %200 : tensor<2x4x16xf32>
    %cst_113 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %204 = stablehlo.multiply %203, %arg41 : tensor<2x4x16xf32>
    %205 = stablehlo.add %202, %204 : tensor<2x4x16xf32>
    %206 = stablehlo.multiply %71#50, %71#50 : tensor<2x64x4x16xf32>
    %cst_114 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %207 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %208 = stablehlo.multiply %207, %206 : tensor<2x64x4x16xf32>
    %cst_115 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %210 = stablehlo.multiply %209, %arg42 : tensor<2x64x4x16xf32>
    %211 = stablehlo.add %208, %210 : tensor<2x64x4x16xf32>
    %212 = stablehlo.multiply %71#51, %71#51 : tensor<2x64xf32>
    %cst_116 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %213 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %214 = stablehlo.multiply %213, %212 : tensor<2x64xf32>
    %cst_117 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %215 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %216 = stablehlo.multiply %215, %arg43 : tensor<2x64xf32>
    %217 = stablehlo.add %214, %216 : tensor<2x64xf32>
    %218 = stablehlo.multiply %71#52, %71#52 : tensor<2x4x16x64xf32>
    %cst_118 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %220 = stablehlo.multiply %219, %218 : tensor<2x4x16x64xf32>
    %cst_119 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %222 = stablehlo.multiply %221, %arg44 : tensor<2x4x16x64xf32>
    %223 = stablehlo.add %220, %222 : tensor<2x4x16x64xf32>
    %224 = stablehlo.multiply %71#53, %71#53 : tensor<2x4x16xf32>
    %cst_120 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %225 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %226 = stablehlo.multiply %225, %224 : tensor<2x4x16xf32>
    %cst_121 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %228 = stablehlo.multiply %227, %arg45 : tensor<2x4x16xf32>
    %229 = stablehlo.add %226, %228 : tensor<2x4x16xf32>
    %230 = stablehlo.multiply %71#54, %71#54 : tensor<2x64x4x16xf32>
    %cst_122 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %232 = stablehlo.multiply %231, %230 : tensor<2x64x4x16xf32>
    %cst_123 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %233 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %234 = stablehlo.multiply %233, %arg46 : tensor<2x64x4x16xf32>
    %235 = stablehlo.add %232, %234 : tensor<2x64x4x16xf32>
    %236 = stablehlo.multiply %71#55, %71#55 : tensor<2x4x16xf32>
    %cst_124 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %237 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %238 = stablehlo.multiply %237, %236 : tensor<2x4x16xf32>
    %cst_125 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %240 = stablehlo.multiply %239, %arg47 : tensor<2x4x16xf32>
    %241 = stablehlo.add %238, %240 : tensor<2x4x16xf32>
    %242 = stablehlo.multiply %71#56, %71#56 : tensor<2x64x4x16xf32>
    %cst_126 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %244 = stablehlo.multiply %243, %242 : tensor<2x64x4x16xf32>
    %cst_127 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %245 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %246 = stablehlo.multiply %245, %arg48 : tensor<2x64x4x16xf32>
    %247 = stablehlo.add %244, %246 : tensor<2x64x4x16xf32>
    %c_128 = stablehlo.constant dense<2147483647> : tensor<i32>
    %248 = stablehlo.compare LT, %arg16, %c_128, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_129 = stablehlo.constant dense<1> : tensor<i32>
    %249 = stablehlo.add %arg16, %c_129 : tensor<i32>
    %c_130 = stablehlo.constant dense<2147483647> : tensor<i32>
    %250 = call @_where(%248, %249, %c_130) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %251 = stablehlo.convert %250 : (tensor<i32>) -> tensor<f32>
    %cst_131 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %252 = stablehlo.convert %250 : (tensor<i32>) -> tensor<f32>
    %253 = stablehlo.power %cst_131, %252 : tensor<f32>
    %cst_132 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %254 = stablehlo.subtract %cst_132, %253 : tensor<f32>
    %255 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %256 = stablehlo.divide %76, %255 : tensor<2x64xf32>
    %257 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %258 = stablehlo.divide %81, %257 : tensor<2x256x64xf32>
    %259 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %260 = stablehlo.divide %86, %259 : tensor<2x256xf32>
    %261 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %262 = stablehlo.divide %91, %261 : tensor<2x64x256xf32>
    %263 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %264 = stablehlo.divide %96, %263 : tensor<2x64xf32>
    %265 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %266 = stablehlo.divide %101, %265 : tensor<2x64xf32>
    %267 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %268 = stablehlo.divide %106, %267 : tensor<2x64xf32>
    %269 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %270 = stablehlo.divide %111, %269 : tensor<2x64xf32>
    %271 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %272 = stablehlo.divide %116, %271 : tensor<2x4x16xf32>
    %273 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %274 = stablehlo.divide %121, %273 : tensor<2x64x4x16xf32>
    %275 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %276 = stablehlo.divide %126, %275 : tensor<2x64xf32>
    %277 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %278 = stablehlo.divide %131, %277 : tensor<2x4x16x64xf32>
    %279 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %280 = stablehlo.divide %136, %279 : tensor<2x4x16xf32>
    %281 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %282 = stablehlo.divide %141, %281 : tensor<2x64x4x16xf32>
    %283 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %284 = stablehlo.divide %146, %283 : tensor<2x4x16xf32>
    %285 = stablehlo.broadcast_in_dim %254, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %286 = stablehlo.divide %151, %285 : tensor<2x64x4x16xf32>
    %287 = stablehlo.convert %250 : (tensor<i32>) -> tensor<f32>
    %cst_133 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %288 = stablehlo.convert %250 : (tensor<i32>) -> tensor<f32>
    %289 = stablehlo.power %cst_133, %288 : tensor<f32>
    %cst_134 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %290 = stablehlo.subtract %cst_134, %289 : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %292 = stablehlo.divide %157, %291 : tensor<2x64xf32>
    %293 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %294 = stablehlo.divide %163, %293 : tensor<2x256x64xf32>
    %295 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %296 = stablehlo.divide %169, %295 : tensor<2x256xf32>
    %297 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %298 = stablehlo.divide %175, %297 : tensor<2x64x256xf32>
    %299 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %300 = stablehlo.divide %181, %299 : tensor<2x64xf32>
    %301 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %302 = stablehlo.divide %187, %301 : tensor<2x64xf32>
    %303 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %304 = stablehlo.divide %193, %303 : tensor<2x64xf32>
    %305 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %306 = stablehlo.divide %199, %305 : tensor<2x64xf32>
    %307 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %308 = stablehlo.divide %205, %307 : tensor<2x4x16xf32>
    %309 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %310 = stablehlo.divide %211, %309 : tensor<2x64x4x16xf32>
    %311 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %312 = stablehlo.divide %217, %311 : tensor<2x64xf32>
    %313 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %314 = stablehlo.divide %223, %313 : tensor<2x4x16x64xf32>
    %315 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %316 = stablehlo.divide %229, %315 : tensor<2x4x16xf32>
    %317 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %318 = stablehlo.divide %235, %317 : tensor<2x64x4x16xf32>
    %319 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %320 = stablehlo.divide %241, %319 : tensor<2x4x16xf32>
    %321 = stablehlo.broadcast_in_dim %290, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %322 = stablehlo.divide %247, %321 : tensor<2x64x4x16xf32>
    %cst_135 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %323 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %324 = stablehlo.add %292, %323 : tensor<2x64xf32>
    %325 = stablehlo.sqrt %324 : tensor<2x64xf32>
    %cst_136 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %327 = stablehlo.add %325, %326 : tensor<2x64xf32>
    %328 = stablehlo.divide %256, %327 : tensor<2x64xf32>
    %cst_137 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %329 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %330 = stablehlo.add %294, %329 : tensor<2x256x64xf32>
    %331 = stablehlo.sqrt %330 : tensor<2x256x64xf32>
    %cst_138 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %332 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %333 = stablehlo.add %331, %332 : tensor<2x256x64xf32>
    %334 = stablehlo.divide %258, %333 : tensor<2x256x64xf32>
    %cst_139 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %335 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %336 = stablehlo.add %296, %335 : tensor<2x256xf32>
    %337 = stablehlo.sqrt %336 : tensor<2x256xf32>
    %cst_140 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %339 = stablehlo.add %337, %338 : tensor<2x256xf32>
    %340 = stablehlo.divide %260, %339 : tensor<2x256xf32>
    %cst_141 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %341 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %342 = stablehlo.add %298, %341 : tensor<2x64x256xf32>
    %343 = stablehlo.sqrt %342 : tensor<2x64x256xf32>
    %cst_142 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %344 = stablehlo.broadcast_in_dim %cst_142, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %345 = stablehlo.add %343, %344 : tensor<2x64x256xf32>
    %346 = stablehlo.divide %262, %345 : tensor<2x64x256xf32>
    %cst_143 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %347 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %348 = stablehlo.add %300, %347 : tensor<2x64xf32>
    %349 = stablehlo.sqrt %348 : tensor<2x64xf32>
    %cst_144 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %350 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %351 = stablehlo.add %349, %350 : tensor<2x64xf32>
    %352 = stablehlo.divide %264, %351 : tensor<2x64xf32>
    %cst_145 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %353 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %354 = stablehlo.add %302, %353 : tensor<2x64xf32>
    %355 = stablehlo.sqrt %354 : tensor<2x64xf32>
    %cst_146 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %356 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %357 = stablehlo.add %355, %356 : tensor<2x64xf32>
    %358 = stablehlo.divide %266, %357 : tensor<2x64xf32>
    %cst_147 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %359 = stablehlo.broadcast_in_dim %cst_147, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %360 = stablehlo.add %304, %359 : tensor<2x64xf32>
    %361 = stablehlo.sqrt %360 : tensor<2x64xf32>
    %cst_148 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %362 = stablehlo.broadcast_in_dim %cst_148, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %363 = stablehlo.add %361, %362 : tensor<2x64xf32>
    %364 = stablehlo.divide %268, %363 : tensor<2x64xf32>
    %cst_149 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %365 = stablehlo.broadcast_in_dim %cst_149, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %366 = stablehlo.add %306, %365 : tensor<2x64xf32>
    %367 = stablehlo.sqrt %366 : tensor<2x64xf32>
    %cst_150 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %368 = stablehlo.broadcast_in_dim %cst_150, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %369 = stablehlo.add %367, %368 : tensor<2x64xf32>
    %370 = stablehlo.divide %270, %369 : tensor<2x64xf32>
    %cst_151 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %371 = stablehlo.broadcast_in_dim %cst_151, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %372 = stablehlo.add %308, %371 : tensor<2x4x16xf32>
    %373 = stablehlo.sqrt %372 : tensor<2x4x16xf32>
    %cst_152 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %374 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %375 = stablehlo.add %373, %374 : tensor<2x4x16xf32>
    %376 = stablehlo.divide %272, %375 : tensor<2x4x16xf32>
    %cst_153 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %377 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %378 = stablehlo.add %310, %377 : tensor<2x64x4x16xf32>
    %379 = stablehlo.sqrt %378 : tensor<2x64x4x16xf32>
    %cst_154 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %380 = stablehlo.broadcast_in_dim %cst_154, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %381 = stablehlo.add %379, %380 : tensor<2x64x4x16xf32>
    %382 = stablehlo.divide %274, %381 : tensor<2x64x4x16xf32>
    %cst_155 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %383 = stablehlo.broadcast_in_dim %cst_155, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %384 = stablehlo.add %312, %383 : tensor<2x64xf32>
    %385 = stablehlo.sqrt %384 : tensor<2x64xf32>
    %cst_156 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %386 = stablehlo.broadcast_in_dim %cst_156, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %387 = stablehlo.add %385, %386 : tensor<2x64xf32>
    %388 = stablehlo.divide %276, %387 : tensor<2x64xf32>
    %cst_157 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %389 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %390 = stablehlo.add %314, %389 : tensor<2x4x16x64xf32>
    %391 = stablehlo.sqrt %390 : tensor<2x4x16x64xf32>
    %cst_158 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %392 = stablehlo.broadcast_in_dim %cst_158, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %393 = stablehlo.add %391, %392 : tensor<2x4x16x64xf32>
    %394 = stablehlo.divide %278, %393 : tensor<2x4x16x64xf32>
    %cst_159 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %395 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %396 = stablehlo.add %316, %395 : tensor<2x4x16xf32>
    %397 = stablehlo.sqrt %396 : tensor<2x4x16xf32>
    %cst_160 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %398 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %399 = stablehlo.add %397, %398 : tensor<2x4x16xf32>
    %400 = stablehlo.divide %280, %399 : tensor<2x4x16xf32>
    %cst_161 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %401 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %402 = stablehlo.add %318, %401 : tensor<2x64x4x16xf32>
    %403 = stablehlo.sqrt %402 : tensor<2x64x4x16xf32>
    %cst_162 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %404 = stablehlo.broadcast_in_dim %cst_162, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %405 = stablehlo.add %403, %404 : tensor<2x64x4x16xf32>
    %406 = stablehlo.divide %282, %405 : tensor<2x64x4x16xf32>
    %cst_163 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %407 = stablehlo.broadcast_in_dim %cst_163, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %408 = stablehlo.add %320, %407 : tensor<2x4x16xf32>
    %409 = stablehlo.sqrt %408 : tensor<2x4x16xf32>
    %cst_164 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %410 = stablehlo.broadcast_in_dim %cst_164, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %411 = stablehlo.add %409, %410 : tensor<2x4x16xf32>
    %412 = stablehlo.divide %284, %411 : tensor<2x4x16xf32>
    %cst_165 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %413 = stablehlo.broadcast_in_dim %cst_165, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %414 = stablehlo.add %322, %413 : tensor<2x64x4x16xf32>
    %415 = stablehlo.sqrt %414 : tensor<2x64x4x16xf32>
    %cst_166 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %416 = stablehlo.broadcast_in_dim %cst_166, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %417 = stablehlo.add %415, %416 : tensor<2x64x4x16xf32>
    %418 = stablehlo.divide %286, %417 : tensor<2x64x4x16xf32>
    %cst_167 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %419 = stablehlo.broadcast_in_dim %cst_167, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %420 = stablehlo.multiply %419, %arg0 : tensor<2x64xf32>
    %421 = stablehlo.add %328, %420 : tensor<2x64xf32>
    %cst_168 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %422 = stablehlo.broadcast_in_dim %cst_168, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %423 = stablehlo.multiply %422, %arg1 : tensor<2x256x64xf32>
    %424 = stablehlo.add %334, %423 : tensor<2x256x64xf32>
    %cst_169 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %425 = stablehlo.broadcast_in_dim %cst_169, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %426 = stablehlo.multiply %425, %arg2 : tensor<2x256xf32>
    %427 = stablehlo.add %340, %426 : tensor<2x256xf32>
    %cst_170 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %428 = stablehlo.broadcast_in_dim %cst_170, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %429 = stablehlo.multiply %428, %arg3 : tensor<2x64x256xf32>
    %430 = stablehlo.add %346, %429 : tensor<2x64x256xf32>
    %cst_171 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %431 = stablehlo.broadcast_in_dim %cst_171, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %432 = stablehlo.multiply %431, %arg4 : tensor<2x64xf32>
    %433 = stablehlo.add %352, %432 : tensor<2x64xf32>
    %cst_172 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %434 = stablehlo.broadcast_in_dim %cst_172, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %435 = stablehlo.multiply %434, %arg5 : tensor<2x64xf32>
    %436 = stablehlo.add %358, %435 : tensor<2x64xf32>
    %cst_173 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %437 = stablehlo.broadcast_in_dim %cst_173, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %438 = stablehlo.multiply %437, %arg6 : tensor<2x64xf32>
    %439 = stablehlo.add %364, %438 : tensor<2x64xf32>
    %cst_174 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %440 = stablehlo.broadcast_in_dim %cst_174, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %441 = stablehlo.multiply %440, %arg7 : tensor<2x64xf32>
    %442 = stablehlo.add %370, %441 : tensor<2x64xf32>
    %cst_175 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %443 = stablehlo.broadcast_in_dim %cst_175, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %444 = stablehlo.multiply %443, %arg8 : tensor<2x4x16xf32>
    %445 = stablehlo.add %376, %444 : tensor<2x4x16xf32>
    %cst_176 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %446 = stablehlo.broadcast_in_dim %cst_176, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %447 = stablehlo.multiply %446, %arg9 : tensor<2x64x4x16xf32>
    %448 = stablehlo.add %382, %447 : tensor<2x64x4x16xf32>
    %cst_177 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %449 = stablehlo.broadcast_in_dim %cst_177, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %450 = stablehlo.multiply %449, %arg10 : tensor<2x64xf32>
    %451 = stablehlo.add %388, %450 : tensor<2x64xf32>
    %cst_178 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %452 = stablehlo.broadcast_in_dim %cst_178, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %453 = stablehlo.multiply %452, %arg11 : tensor<2x4x16x64xf32>
    %454 = stablehlo.add %394, %453 : tensor<2x4x16x64xf32>
    %cst_179 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %455 = stablehlo.broadcast_in_dim %cst_179, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %456 = stablehlo.multiply %455, %arg12 : tensor<2x4x16xf32>
    %457 = stablehlo.add %400, %456 : tensor<2x4x16xf32>
    %cst_180 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %458 = stablehlo.broadcast_in_dim %cst_180, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %459 = stablehlo.multiply %458, %arg13 : tensor<2x64x4x16xf32>
    %460 = stablehlo.add %406, %459 : tensor<2x64x4x16xf32>
    %cst_181 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %461 = stablehlo.broadcast_in_dim %cst_181, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %462 = stablehlo.multiply %461, %arg14 : tensor<2x4x16xf32>
    %463 = stablehlo.add %412, %462 : tensor<2x4x16xf32>
    %cst_182 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %464 = stablehlo.broadcast_in_dim %cst_182, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %465 = stablehlo.multiply %464, %arg15 : tensor<2x64x4x16xf32>
    %466 = stablehlo.add %418, %465 : tensor<2x64x4x16xf32>
    %cst_183 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %467 = stablehlo.broadcast_in_dim %cst_183, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %468 = stablehlo.multiply %467, %421 : tensor<2x64xf32>
    %cst_184 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %469 = stablehlo.broadcast_in_dim %cst_184, dims = [] : (tensor<f32>) -> tensor<2x256x64xf32>
    %470 = stablehlo.multiply %469, %424 : tensor<2x256x64xf32>
    %cst_185 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %471 = stablehlo.broadcast_in_dim %cst_185, dims = [] : (tensor<f32>) -> tensor<2x256xf32>
    %472 = stablehlo.multiply %471, %427 : tensor<2x256xf32>
    %cst_186 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %473 = stablehlo.broadcast_in_dim %cst_186, dims = [] : (tensor<f32>) -> tensor<2x64x256xf32>
    %474 = stablehlo.multiply %473, %430 : tensor<2x64x256xf32>
    %cst_187 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %475 = stablehlo.broadcast_in_dim %cst_187, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %476 = stablehlo.multiply %475, %433 : tensor<2x64xf32>
    %cst_188 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %477 = stablehlo.broadcast_in_dim %cst_188, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %478 = stablehlo.multiply %477, %436 : tensor<2x64xf32>
    %cst_189 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %479 = stablehlo.broadcast_in_dim %cst_189, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %480 = stablehlo.multiply %479, %439 : tensor<2x64xf32>
    %cst_190 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %481 = stablehlo.broadcast_in_dim %cst_190, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %482 = stablehlo.multiply %481, %442 : tensor<2x64xf32>
    %cst_191 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %483 = stablehlo.broadcast_in_dim %cst_191, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %484 = stablehlo.multiply %483, %445 : tensor<2x4x16xf32>
    %cst_192 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %485 = stablehlo.broadcast_in_dim %cst_192, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %486 = stablehlo.multiply %485, %448 : tensor<2x64x4x16xf32>
    %cst_193 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %487 = stablehlo.broadcast_in_dim %cst_193, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
    %488 = stablehlo.multiply %487, %451 : tensor<2x64xf32>
    %cst_194 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %489 = stablehlo.broadcast_in_dim %cst_194, dims = [] : (tensor<f32>) -> tensor<2x4x16x64xf32>
    %490 = stablehlo.multiply %489, %454 : tensor<2x4x16x64xf32>
    %cst_195 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %491 = stablehlo.broadcast_in_dim %cst_195, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %492 = stablehlo.multiply %491, %457 : tensor<2x4x16xf32>
    %cst_196 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %493 = stablehlo.broadcast_in_dim %cst_196, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %494 = stablehlo.multiply %493, %460 : tensor<2x64x4x16xf32>
    %cst_197 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %495 = stablehlo.broadcast_in_dim %cst_197, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %496 = stablehlo.multiply %495, %463 : tensor<2x4x16xf32>
    %cst_198 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %497 = stablehlo.broadcast_in_dim %cst_198, dims = [] : (tensor<f32>) -> tensor<2x64x4x16xf32>
    %498 = stablehlo.multiply %497, %466 : tensor<2x64x4x16xf32>
    %499 = stablehlo.add %arg0, %468 : tensor<2x64xf32>
    %500 = stablehlo.add %arg1, %470 : tensor<2x256x64xf32>
    %501 = stablehlo.add %arg2, %472 : tensor<2x256xf32>
    %502 = stablehlo.add %arg3, %474 : tensor<2x64x256xf32>
    %503 = stablehlo.add %arg4, %476 : tensor<2x64xf32>
    %504 = stablehlo.add %arg5, %478 : tensor<2x64xf32>
    %505 = stablehlo.add %arg6, %480 : tensor<2x64xf32>
    %506 = stablehlo.add %arg7, %482 : tensor<2x64xf32>
    %507 = stablehlo.add %arg8, %484 : tensor<2x4x16xf32>
    %508 = stablehlo.add %arg9, %486 : tensor<2x64x4x16xf32>
    %509 = stablehlo.add %arg10, %488 : tensor<2x64xf32>
    %510 = stablehlo.add %arg11, %490 : tensor<2x4x16x64xf32>
    %511 = stablehlo.add %arg12, %492 : tensor<2x4x16xf32>
    %512 = stablehlo.add %arg13, %494 : tensor<2x64x4x16xf32>
    %513 = stablehlo.add %arg14, %496 : tensor<2x4x16xf32>
    %514 = stablehlo.add %arg15, %498 : tensor<2x64x4x16xf32>
    return %499, %500, %501, %502, %503, %504, %505, %506, %507, %508, %509, %510, %511, %512, %513, %514, %250, %76, %81, %86, %91, %96, %101, %106, %111, %116, %121, %126, %131, %136, %141, %146, %151, %157, %163, %169, %175, %181, %187, %193, %199, %205, %211, %217, %223, %229, %235, %241, %247, %50 : tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<i32>, tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<f32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<2x64xf32>, %arg1: tensor<i32>) -> tensor<64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 64] : (tensor<2x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x64xf32>) -> tensor<64xf32>
    return %1 : tensor<64xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<2x256x64xf32>, %arg1: tensor<i32>) -> tensor<256x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 256, 64] : (tensor<2x256x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x256x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x256x64xf32>) -> tensor<256x64xf32>
    return %1 : tensor<256x64xf32>
  }
  func.func private @dynamic_index_in_dim_1(%arg0: tensor<2x256xf32>, %arg1: tensor<i32>) -> tensor<256xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 256] : (tensor<2x256xf32>, tensor<i32>, tensor<i32>) -> tensor<1x256xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x256xf32>) -> tensor<256xf32>
    return %1 : tensor<256xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<2x64x256xf32>, %arg1: tensor<i32>) -> tensor<64x256xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 64, 256] : (tensor<2x64x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x256xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x64x256xf32>) -> tensor<64x256xf32>
    return %1 : tensor<64x256xf32>
  }
  func.func private @dynamic_index_in_dim_3(%arg0: tensor<2x4x16xf32>, %arg1: tensor<i32>) -> tensor<4x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4, 16] : (tensor<2x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4x16xf32>) -> tensor<4x16xf32>
    return %1 : tensor<4x16xf32>
  }
  func.func private @dynamic_index_in_dim_4(%arg0: tensor<2x64x4x16xf32>, %arg1: tensor<i32>) -> tensor<64x4x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 64, 4, 16] : (tensor<2x64x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x4x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x64x4x16xf32>) -> tensor<64x4x16xf32>
    return %1 : tensor<64x4x16xf32>
  }
  func.func private @dynamic_index_in_dim_5(%arg0: tensor<2x4x16x64xf32>, %arg1: tensor<i32>) -> tensor<4x16x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 4, 16, 64] : (tensor<2x4x16x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4x16x64xf32>) -> tensor<4x16x64xf32>
    return %1 : tensor<4x16x64xf32>
  }
  func.func private @closed_call(%arg0: tensor<f32>, %arg1: tensor<8x16xf32>, %arg2: tensor<8x16xf32>, %arg3: tensor<8x16xf32>, %arg4: tensor<8x16xf32>, %arg5: tensor<8x16xf32>, %arg6: tensor<8x16xf32>, %arg7: tensor<8x16xf32>, %arg8: tensor<8x16xf32>, %arg9: tensor<8x16x64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<256x64xf32>, %arg12: tensor<256xf32>, %arg13: tensor<64x256xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>, %arg17: tensor<64xf32>, %arg18: tensor<4x16xf32>, %arg19: tensor<64x4x16xf32>, %arg20: tensor<64xf32>, %arg21: tensor<4x16x64xf32>, %arg22: tensor<4x16xf32>, %arg23: tensor<64x4x16xf32>, %arg24: tensor<4x16xf32>, %arg25: tensor<64x4x16xf32>) -> (tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x1xf32>, tensor<1x1x64xf32>, tensor<8x16x1xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>, tensor<8x4x16x1xf32>, tensor<8x4x16x1xf32>, tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<8x16x64xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x1xf32>, tensor<1x1x64xf32>, tensor<8x16x1xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>) {
    %0 = chlo.square %arg9 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %2 = stablehlo.multiply %1, %arg9 : tensor<8x16x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%arg9 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %5 = stablehlo.divide %3, %4 : tensor<8x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%0 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %8 = stablehlo.divide %6, %7 : tensor<8x16xf32>
    %9 = chlo.square %5 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %11 = stablehlo.multiply %10, %5 : tensor<8x16xf32>
    %12 = stablehlo.subtract %8, %9 : tensor<8x16xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %14 = stablehlo.maximum %13, %12 : tensor<8x16xf32>
    %15 = stablehlo.compare EQ, %12, %14, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %16 = stablehlo.select %15, %arg2, %arg1 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %18 = stablehlo.compare EQ, %17, %14, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %19 = stablehlo.select %18, %arg4, %arg3 : tensor<8x16xi1>, tensor<8x16xf32>
    %20 = stablehlo.divide %16, %19 : tensor<8x16xf32>
    %21 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %22 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %23 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %24 = stablehlo.subtract %arg9, %23 : tensor<8x16x64xf32>
    %cst_7 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %26 = stablehlo.add %22, %25 : tensor<8x16x1xf32>
    %27 = stablehlo.rsqrt %26 : tensor<8x16x1xf32>
    %28 = stablehlo.divide %27, %26 : tensor<8x16x1xf32>
    %cst_8 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %30 = stablehlo.multiply %29, %28 : tensor<8x16x1xf32>
    %31 = stablehlo.reshape %arg15 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %32 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %33 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %34 = stablehlo.multiply %32, %33 : tensor<8x16x64xf32>
    %35 = stablehlo.multiply %24, %34 : tensor<8x16x64xf32>
    %36 = stablehlo.reshape %arg14 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %38 = stablehlo.add %35, %37 : tensor<8x16x64xf32>
    %39 = stablehlo.dot_general %38, %arg23, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %40 = stablehlo.reshape %arg22 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %42 = stablehlo.add %39, %41 : tensor<8x16x4x16xf32>
    %43 = stablehlo.dot_general %38, %arg19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %44 = stablehlo.reshape %arg18 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %46 = stablehlo.add %43, %45 : tensor<8x16x4x16xf32>
    %47 = stablehlo.dot_general %38, %arg25, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %48 = stablehlo.reshape %arg24 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %50 = stablehlo.add %47, %49 : tensor<8x16x4x16xf32>
    %51 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %52 = stablehlo.divide %42, %51 : tensor<8x16x4x16xf32>
    %53 = stablehlo.dot_general %52, %46, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %54 = stablehlo.reduce(%53 init: %cst_9) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %56 = stablehlo.maximum %55, %54 : tensor<8x4x16xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %59 = stablehlo.subtract %53, %58 : tensor<8x4x16x16xf32>
    %60 = stablehlo.exponential %59 : tensor<8x4x16x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %61 = stablehlo.reduce(%60 init: %cst_11) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %64 = stablehlo.divide %60, %63 : tensor<8x4x16x16xf32>
    %65 = stablehlo.multiply %62, %62 : tensor<8x4x16x1xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x4x16x1xf32>
    %67 = stablehlo.divide %66, %65 : tensor<8x4x16x1xf32>
    %68 = stablehlo.dot_general %50, %64, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %69 = stablehlo.transpose %68, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %70 = stablehlo.dot_general %69, %arg21, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<4x16x64xf32>) -> tensor<8x16x64xf32>
    %71 = stablehlo.reshape %arg20 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %73 = stablehlo.add %70, %72 : tensor<8x16x64xf32>
    %74 = stablehlo.add %arg9, %73 : tensor<8x16x64xf32>
    %75 = chlo.square %74 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_13 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %77 = stablehlo.multiply %76, %74 : tensor<8x16x64xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.reduce(%74 init: %cst_14) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_15 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %80 = stablehlo.divide %78, %79 : tensor<8x16xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%75 init: %cst_16) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_17 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %83 = stablehlo.divide %81, %82 : tensor<8x16xf32>
    %84 = chlo.square %80 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_18 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %86 = stablehlo.multiply %85, %80 : tensor<8x16xf32>
    %87 = stablehlo.subtract %83, %84 : tensor<8x16xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %89 = stablehlo.maximum %88, %87 : tensor<8x16xf32>
    %90 = stablehlo.compare EQ, %87, %89, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %91 = stablehlo.select %90, %arg6, %arg5 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %93 = stablehlo.compare EQ, %92, %89, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %94 = stablehlo.select %93, %arg8, %arg7 : tensor<8x16xi1>, tensor<8x16xf32>
    %95 = stablehlo.divide %91, %94 : tensor<8x16xf32>
    %96 = stablehlo.broadcast_in_dim %80, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %97 = stablehlo.broadcast_in_dim %89, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %98 = stablehlo.broadcast_in_dim %96, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %99 = stablehlo.subtract %74, %98 : tensor<8x16x64xf32>
    %cst_21 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %101 = stablehlo.add %97, %100 : tensor<8x16x1xf32>
    %102 = stablehlo.rsqrt %101 : tensor<8x16x1xf32>
    %103 = stablehlo.divide %102, %101 : tensor<8x16x1xf32>
    %cst_22 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %105 = stablehlo.multiply %104, %103 : tensor<8x16x1xf32>
    %106 = stablehlo.reshape %arg17 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %107 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %108 = stablehlo.broadcast_in_dim %106, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %109 = stablehlo.multiply %107, %108 : tensor<8x16x64xf32>
    %110 = stablehlo.multiply %99, %109 : tensor<8x16x64xf32>
    %111 = stablehlo.reshape %arg16 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %112 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %113 = stablehlo.add %110, %112 : tensor<8x16x64xf32>
    %114 = stablehlo.dot_general %113, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %115 = stablehlo.reshape %arg12 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %116 = stablehlo.broadcast_in_dim %115, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %117 = stablehlo.add %114, %116 : tensor<8x16x256xf32>
    %118 = stablehlo.multiply %117, %117 : tensor<8x16x256xf32>
    %119 = stablehlo.multiply %118, %117 : tensor<8x16x256xf32>
    %120 = stablehlo.multiply %117, %117 : tensor<8x16x256xf32>
    %cst_23 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %122 = stablehlo.multiply %121, %120 : tensor<8x16x256xf32>
    %cst_24 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %124 = stablehlo.multiply %123, %119 : tensor<8x16x256xf32>
    %125 = stablehlo.add %117, %124 : tensor<8x16x256xf32>
    %cst_25 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %127 = stablehlo.multiply %126, %125 : tensor<8x16x256xf32>
    %128 = stablehlo.tanh %127 : tensor<8x16x256xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %130 = stablehlo.subtract %129, %128 : tensor<8x16x256xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %132 = stablehlo.add %131, %128 : tensor<8x16x256xf32>
    %cst_28 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %134 = stablehlo.multiply %133, %132 : tensor<8x16x256xf32>
    %135 = stablehlo.multiply %117, %134 : tensor<8x16x256xf32>
    %136 = stablehlo.dot_general %135, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %137 = stablehlo.reshape %arg10 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %138 = stablehlo.broadcast_in_dim %137, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %139 = stablehlo.add %136, %138 : tensor<8x16x64xf32>
    %140 = stablehlo.add %74, %139 : tensor<8x16x64xf32>
    return %140, %2, %11, %20, %30, %31, %27, %34, %24, %38, %46, %52, %60, %62, %67, %64, %50, %69, %77, %86, %95, %105, %106, %102, %109, %99, %113, %122, %128, %130, %134, %117, %135 : tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x1xf32>, tensor<1x1x64xf32>, tensor<8x16x1xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>, tensor<8x4x16x1xf32>, tensor<8x4x16x1xf32>, tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>, tensor<8x16x64xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16x1xf32>, tensor<1x1x64xf32>, tensor<8x16x1xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x64xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>, tensor<8x16x256xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<2x8x16x64xf32>, %arg1: tensor<8x16x64xf32>, %arg2: tensor<i32>) -> tensor<2x8x16x64xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<8x16x64xf32>) -> tensor<1x8x16x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<2x8x16x64xf32>, tensor<1x8x16x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16x64xf32>
    return %1 : tensor<2x8x16x64xf32>
  }
  func.func private @dynamic_update_index_in_dim_6(%arg0: tensor<2x8x16xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<i32>) -> tensor<2x8x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<8x16xf32>) -> tensor<1x8x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<2x8x16xf32>, tensor<1x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16xf32>
    return %1 : tensor<2x8x16xf32>
  }
  func.func private @dynamic_update_index_in_dim_7(%arg0: tensor<2x8x16x1xf32>, %arg1: tensor<8x16x1xf32>, %arg2: tensor<i32>) -> tensor<2x8x16x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<8x16x1xf32>) -> tensor<1x8x16x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<2x8x16x1xf32>, tensor<1x8x16x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16x1xf32>
    return %1 : tensor<2x8x16x1xf32>
  }
  func.func private @dynamic_update_index_in_dim_8(%arg0: tensor<2x1x1x64xf32>, %arg1: tensor<1x1x64xf32>, %arg2: tensor<i32>) -> tensor<2x1x1x64xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<1x1x64xf32>) -> tensor<1x1x1x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<2x1x1x64xf32>, tensor<1x1x1x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x1x1x64xf32>
    return %1 : tensor<2x1x1x64xf32>
  }
  func.func private @dynamic_update_index_in_dim_9(%arg0: tensor<2x8x16x4x16xf32>, %arg1: tensor<8x16x4x16xf32>, %arg2: tensor<i32>) -> tensor<2x8x16x4x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3, 4] : (tensor<8x16x4x16xf32>) -> tensor<1x8x16x4x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1, %c_2 : (tensor<2x8x16x4x16xf32>, tensor<1x8x16x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16x4x16xf32>
    return %1 : tensor<2x8x16x4x16xf32>
  }
  func.func private @dynamic_update_index_in_dim_10(%arg0: tensor<2x8x4x16x16xf32>, %arg1: tensor<8x4x16x16xf32>, %arg2: tensor<i32>) -> tensor<2x8x4x16x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3, 4] : (tensor<8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1, %c_2 : (tensor<2x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x4x16x16xf32>
    return %1 : tensor<2x8x4x16x16xf32>
  }
  func.func private @dynamic_update_index_in_dim_11(%arg0: tensor<2x8x4x16x1xf32>, %arg1: tensor<8x4x16x1xf32>, %arg2: tensor<i32>) -> tensor<2x8x4x16x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3, 4] : (tensor<8x4x16x1xf32>) -> tensor<1x8x4x16x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1, %c_2 : (tensor<2x8x4x16x1xf32>, tensor<1x8x4x16x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x4x16x1xf32>
    return %1 : tensor<2x8x4x16x1xf32>
  }
  func.func private @dynamic_update_index_in_dim_12(%arg0: tensor<2x8x16x256xf32>, %arg1: tensor<8x16x256xf32>, %arg2: tensor<i32>) -> tensor<2x8x16x256xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<8x16x256xf32>) -> tensor<1x8x16x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<2x8x16x256xf32>, tensor<1x8x16x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x8x16x256xf32>
    return %1 : tensor<2x8x16x256xf32>
  }
  func.func private @dynamic_index_in_dim_13(%arg0: tensor<2x8x16x64xf32>, %arg1: tensor<i32>) -> tensor<8x16x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 8, 16, 64] : (tensor<2x8x16x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x16x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x16x64xf32>) -> tensor<8x16x64xf32>
    return %1 : tensor<8x16x64xf32>
  }
  func.func private @dynamic_index_in_dim_14(%arg0: tensor<2x8x16xf32>, %arg1: tensor<i32>) -> tensor<8x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 8, 16] : (tensor<2x8x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x16xf32>) -> tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  }
  func.func private @dynamic_index_in_dim_15(%arg0: tensor<2x8x16x1xf32>, %arg1: tensor<i32>) -> tensor<8x16x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 8, 16, 1] : (tensor<2x8x16x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x16x1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x16x1xf32>) -> tensor<8x16x1xf32>
    return %1 : tensor<8x16x1xf32>
  }
  func.func private @dynamic_index_in_dim_16(%arg0: tensor<2x1x1x64xf32>, %arg1: tensor<i32>) -> tensor<1x1x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 1, 1, 64] : (tensor<2x1x1x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x1x1x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x1x1x64xf32>) -> tensor<1x1x64xf32>
    return %1 : tensor<1x1x64xf32>
  }
  func.func private @dynamic_index_in_dim_17(%arg0: tensor<2x8x16x4x16xf32>, %arg1: tensor<i32>) -> tensor<8x16x4x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, %c_2, sizes = [1, 8, 16, 4, 16] : (tensor<2x8x16x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x16x4x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x16x4x16xf32>) -> tensor<8x16x4x16xf32>
    return %1 : tensor<8x16x4x16xf32>
  }
  func.func private @dynamic_index_in_dim_18(%arg0: tensor<2x8x4x16x16xf32>, %arg1: tensor<i32>) -> tensor<8x4x16x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, %c_2, sizes = [1, 8, 4, 16, 16] : (tensor<2x8x4x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x4x16x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    return %1 : tensor<8x4x16x16xf32>
  }
  func.func private @dynamic_index_in_dim_19(%arg0: tensor<2x8x4x16x1xf32>, %arg1: tensor<i32>) -> tensor<8x4x16x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, %c_2, sizes = [1, 8, 4, 16, 1] : (tensor<2x8x4x16x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x4x16x1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x4x16x1xf32>) -> tensor<8x4x16x1xf32>
    return %1 : tensor<8x4x16x1xf32>
  }
  func.func private @dynamic_index_in_dim_20(%arg0: tensor<2x8x16x256xf32>, %arg1: tensor<i32>) -> tensor<8x16x256xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, %c_1, sizes = [1, 8, 16, 256] : (tensor<2x8x16x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x16x256xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x16x256xf32>) -> tensor<8x16x256xf32>
    return %1 : tensor<8x16x256xf32>
  }
  func.func private @closed_call_21(%arg0: tensor<f32>, %arg1: tensor<8x16x64xf32>, %arg2: tensor<8x16x64xf32>, %arg3: tensor<8x16xf32>, %arg4: tensor<8x16xf32>, %arg5: tensor<8x16x1xf32>, %arg6: tensor<1x1x64xf32>, %arg7: tensor<8x16x1xf32>, %arg8: tensor<8x16x64xf32>, %arg9: tensor<8x16x64xf32>, %arg10: tensor<64x4x16xf32>, %arg11: tensor<8x16x64xf32>, %arg12: tensor<64x4x16xf32>, %arg13: tensor<64x4x16xf32>, %arg14: tensor<8x16x4x16xf32>, %arg15: tensor<8x16x4x16xf32>, %arg16: tensor<8x4x16x16xf32>, %arg17: tensor<8x4x16x1xf32>, %arg18: tensor<8x4x16x1xf32>, %arg19: tensor<8x4x16x16xf32>, %arg20: tensor<8x16x4x16xf32>, %arg21: tensor<4x16x64xf32>, %arg22: tensor<8x16x4x16xf32>, %arg23: tensor<8x16x64xf32>, %arg24: tensor<8x16xf32>, %arg25: tensor<8x16xf32>, %arg26: tensor<8x16x1xf32>, %arg27: tensor<1x1x64xf32>, %arg28: tensor<8x16x1xf32>, %arg29: tensor<8x16x64xf32>, %arg30: tensor<8x16x64xf32>, %arg31: tensor<64x256xf32>, %arg32: tensor<8x16x64xf32>, %arg33: tensor<8x16x256xf32>, %arg34: tensor<8x16x256xf32>, %arg35: tensor<8x16x256xf32>, %arg36: tensor<8x16x256xf32>, %arg37: tensor<8x16x256xf32>, %arg38: tensor<256x64xf32>, %arg39: tensor<8x16x256xf32>) -> (tensor<8x16x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %1 = stablehlo.reshape %0 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %3 = stablehlo.dot_general %arg1, %arg39, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %4 = stablehlo.transpose %3, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %5 = stablehlo.dot_general %arg1, %arg38, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %6 = stablehlo.multiply %arg37, %5 : tensor<8x16x256xf32>
    %7 = stablehlo.multiply %5, %arg36 : tensor<8x16x256xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %9 = stablehlo.multiply %8, %6 : tensor<8x16x256xf32>
    %10 = stablehlo.multiply %9, %arg35 : tensor<8x16x256xf32>
    %11 = stablehlo.multiply %10, %arg34 : tensor<8x16x256xf32>
    %12 = stablehlo.add %10, %11 : tensor<8x16x256xf32>
    %cst_1 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %14 = stablehlo.multiply %13, %12 : tensor<8x16x256xf32>
    %15 = stablehlo.add %7, %14 : tensor<8x16x256xf32>
    %cst_2 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %17 = stablehlo.multiply %16, %14 : tensor<8x16x256xf32>
    %18 = stablehlo.multiply %17, %arg33 : tensor<8x16x256xf32>
    %19 = stablehlo.add %15, %18 : tensor<8x16x256xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.reduce(%19 init: %cst_3) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %21 = stablehlo.reshape %20 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %22 = stablehlo.reshape %21 : (tensor<1x1x256xf32>) -> tensor<256xf32>
    %23 = stablehlo.dot_general %19, %arg32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %24 = stablehlo.transpose %23, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %25 = stablehlo.dot_general %19, %arg31, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.reduce(%25 init: %cst_4) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %27 = stablehlo.reshape %26 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %28 = stablehlo.reshape %27 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %29 = stablehlo.multiply %arg30, %25 : tensor<8x16x64xf32>
    %30 = stablehlo.multiply %25, %arg29 : tensor<8x16x64xf32>
    %31 = stablehlo.broadcast_in_dim %arg28, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %32 = stablehlo.multiply %31, %29 : tensor<8x16x64xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_5) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %34 = stablehlo.reshape %33 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %35 = stablehlo.broadcast_in_dim %arg27, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %36 = stablehlo.multiply %29, %35 : tensor<8x16x64xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.reduce(%36 init: %cst_6) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %38 = stablehlo.reshape %37 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %39 = stablehlo.reshape %34 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %40 = stablehlo.multiply %38, %arg26 : tensor<8x16x1xf32>
    %41 = stablehlo.negate %30 : tensor<8x16x64xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_7) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %43 = stablehlo.reshape %42 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %44 = stablehlo.add %arg1, %30 : tensor<8x16x64xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.reduce(%40 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%43 init: %cst_9) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %47 = stablehlo.multiply %45, %arg25 : tensor<8x16xf32>
    %48 = stablehlo.negate %47 : tensor<8x16xf32>
    %49 = stablehlo.multiply %48, %arg24 : tensor<8x16xf32>
    %50 = stablehlo.add %46, %49 : tensor<8x16xf32>
    %cst_10 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %52 = stablehlo.divide %47, %51 : tensor<8x16xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_11 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %55 = stablehlo.divide %50, %54 : tensor<8x16xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %57 = stablehlo.add %44, %56 : tensor<8x16x64xf32>
    %58 = stablehlo.multiply %53, %arg23 : tensor<8x16x64xf32>
    %59 = stablehlo.add %57, %58 : tensor<8x16x64xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%59 init: %cst_12) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %61 = stablehlo.reshape %60 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %62 = stablehlo.reshape %61 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %63 = stablehlo.dot_general %59, %arg22, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x4x16xf32>) -> tensor<64x4x16xf32>
    %64 = stablehlo.transpose %63, dims = [1, 2, 0] : (tensor<64x4x16xf32>) -> tensor<4x16x64xf32>
    %65 = stablehlo.dot_general %59, %arg21, contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<4x16x64xf32>) -> tensor<8x16x4x16xf32>
    %66 = stablehlo.transpose %65, dims = [0, 2, 3, 1] : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %67 = stablehlo.dot_general %66, %arg20, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %68 = stablehlo.dot_general %66, %arg19, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %69 = stablehlo.transpose %68, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %70 = stablehlo.broadcast_in_dim %arg18, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %71 = stablehlo.multiply %67, %70 : tensor<8x4x16x16xf32>
    %72 = stablehlo.multiply %71, %arg16 : tensor<8x4x16x16xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73 = stablehlo.reduce(%72 init: %cst_13) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %74 = stablehlo.reshape %73 : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %75 = stablehlo.negate %74 : tensor<8x4x16x1xf32>
    %76 = stablehlo.broadcast_in_dim %arg17, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %77 = stablehlo.divide %67, %76 : tensor<8x4x16x16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.reduce(%75 init: %cst_14) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %79 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x16xf32>
    %80 = stablehlo.add %77, %79 : tensor<8x4x16x16xf32>
    %81 = stablehlo.multiply %80, %arg16 : tensor<8x4x16x16xf32>
    %82 = stablehlo.dot_general %81, %arg15, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %83 = stablehlo.transpose %82, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %84 = stablehlo.dot_general %81, %arg14, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %85 = stablehlo.transpose %84, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %86 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %87 = stablehlo.divide %85, %86 : tensor<8x16x4x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %88 = stablehlo.reduce(%69 init: %cst_15) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %89 = stablehlo.reshape %88 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %90 = stablehlo.reshape %89 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %91 = stablehlo.dot_general %69, %arg11, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %92 = stablehlo.transpose %91, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %93 = stablehlo.dot_general %69, %arg13, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %94 = stablehlo.reduce(%83 init: %cst_16) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %95 = stablehlo.reshape %94 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %96 = stablehlo.reshape %95 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %97 = stablehlo.dot_general %83, %arg11, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %98 = stablehlo.transpose %97, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %99 = stablehlo.dot_general %83, %arg12, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %100 = stablehlo.add %93, %99 : tensor<8x16x64xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %101 = stablehlo.reduce(%87 init: %cst_17) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %102 = stablehlo.reshape %101 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %103 = stablehlo.reshape %102 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %104 = stablehlo.dot_general %87, %arg11, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %105 = stablehlo.transpose %104, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %106 = stablehlo.dot_general %87, %arg10, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %107 = stablehlo.add %100, %106 : tensor<8x16x64xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.reduce(%107 init: %cst_18) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %109 = stablehlo.reshape %108 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %110 = stablehlo.reshape %109 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %111 = stablehlo.multiply %arg9, %107 : tensor<8x16x64xf32>
    %112 = stablehlo.multiply %107, %arg8 : tensor<8x16x64xf32>
    %113 = stablehlo.broadcast_in_dim %arg7, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %114 = stablehlo.multiply %113, %111 : tensor<8x16x64xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %115 = stablehlo.reduce(%114 init: %cst_19) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %116 = stablehlo.reshape %115 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %117 = stablehlo.broadcast_in_dim %arg6, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %118 = stablehlo.multiply %111, %117 : tensor<8x16x64xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.reduce(%118 init: %cst_20) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %120 = stablehlo.reshape %119 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %121 = stablehlo.reshape %116 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %122 = stablehlo.multiply %120, %arg5 : tensor<8x16x1xf32>
    %123 = stablehlo.negate %112 : tensor<8x16x64xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %124 = stablehlo.reduce(%123 init: %cst_21) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %125 = stablehlo.reshape %124 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %126 = stablehlo.add %59, %112 : tensor<8x16x64xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %127 = stablehlo.reduce(%122 init: %cst_22) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %128 = stablehlo.reduce(%125 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16xf32>
    %129 = stablehlo.multiply %127, %arg4 : tensor<8x16xf32>
    %130 = stablehlo.negate %129 : tensor<8x16xf32>
    %131 = stablehlo.multiply %130, %arg3 : tensor<8x16xf32>
    %132 = stablehlo.add %128, %131 : tensor<8x16xf32>
    %cst_24 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %134 = stablehlo.divide %129, %133 : tensor<8x16xf32>
    %135 = stablehlo.broadcast_in_dim %134, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_25 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %137 = stablehlo.divide %132, %136 : tensor<8x16xf32>
    %138 = stablehlo.broadcast_in_dim %137, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %139 = stablehlo.add %126, %138 : tensor<8x16x64xf32>
    %140 = stablehlo.multiply %135, %arg2 : tensor<8x16x64xf32>
    %141 = stablehlo.add %139, %140 : tensor<8x16x64xf32>
    return %141, %2, %4, %22, %24, %110, %121, %28, %39, %96, %98, %62, %64, %103, %105, %90, %92 : tensor<8x16x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>
  }
  func.func private @dynamic_update_index_in_dim_22(%arg0: tensor<2x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<i32>) -> tensor<2x64xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<2x64xf32>, tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<2x64xf32>
    return %1 : tensor<2x64xf32>
  }
  func.func private @dynamic_update_index_in_dim_23(%arg0: tensor<2x256x64xf32>, %arg1: tensor<256x64xf32>, %arg2: tensor<i32>) -> tensor<2x256x64xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<256x64xf32>) -> tensor<1x256x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<2x256x64xf32>, tensor<1x256x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x256x64xf32>
    return %1 : tensor<2x256x64xf32>
  }
  func.func private @dynamic_update_index_in_dim_24(%arg0: tensor<2x256xf32>, %arg1: tensor<256xf32>, %arg2: tensor<i32>) -> tensor<2x256xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<256xf32>) -> tensor<1x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<2x256xf32>, tensor<1x256xf32>, tensor<i32>, tensor<i32>) -> tensor<2x256xf32>
    return %1 : tensor<2x256xf32>
  }
  func.func private @dynamic_update_index_in_dim_25(%arg0: tensor<2x64x256xf32>, %arg1: tensor<64x256xf32>, %arg2: tensor<i32>) -> tensor<2x64x256xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<64x256xf32>) -> tensor<1x64x256xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<2x64x256xf32>, tensor<1x64x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x64x256xf32>
    return %1 : tensor<2x64x256xf32>
  }
  func.func private @dynamic_update_index_in_dim_26(%arg0: tensor<2x4x16xf32>, %arg1: tensor<4x16xf32>, %arg2: tensor<i32>) -> tensor<2x4x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4x16xf32>) -> tensor<1x4x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<2x4x16xf32>, tensor<1x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x16xf32>
    return %1 : tensor<2x4x16xf32>
  }
  func.func private @dynamic_update_index_in_dim_27(%arg0: tensor<2x64x4x16xf32>, %arg1: tensor<64x4x16xf32>, %arg2: tensor<i32>) -> tensor<2x64x4x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<64x4x16xf32>) -> tensor<1x64x4x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<2x64x4x16xf32>, tensor<1x64x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x64x4x16xf32>
    return %1 : tensor<2x64x4x16xf32>
  }
  func.func private @dynamic_update_index_in_dim_28(%arg0: tensor<2x4x16x64xf32>, %arg1: tensor<4x16x64xf32>, %arg2: tensor<i32>) -> tensor<2x4x16x64xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<4x16x64xf32>) -> tensor<1x4x16x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0, %c_1 : (tensor<2x4x16x64xf32>, tensor<1x4x16x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x16x64xf32>
    return %1 : tensor<2x4x16x64xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
