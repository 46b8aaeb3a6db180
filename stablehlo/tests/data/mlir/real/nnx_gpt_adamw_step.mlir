module @jit_train_step attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x16xf32> {jax.buffer_donor = true}, %arg1: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg2: tensor<64xf32> {jax.buffer_donor = true}, %arg3: tensor<4x16x64xf32> {jax.buffer_donor = true}, %arg4: tensor<4x16xf32> {jax.buffer_donor = true}, %arg5: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg6: tensor<4x16xf32> {jax.buffer_donor = true}, %arg7: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg8: tensor<64xf32> {jax.buffer_donor = true}, %arg9: tensor<256x64xf32> {jax.buffer_donor = true}, %arg10: tensor<64xf32> {jax.buffer_donor = true}, %arg11: tensor<64xf32> {jax.buffer_donor = true}, %arg12: tensor<64xf32> {jax.buffer_donor = true}, %arg13: tensor<64xf32> {jax.buffer_donor = true}, %arg14: tensor<256xf32> {jax.buffer_donor = true}, %arg15: tensor<64x256xf32> {jax.buffer_donor = true}, %arg16: tensor<4x16xf32> {jax.buffer_donor = true}, %arg17: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg18: tensor<64xf32> {jax.buffer_donor = true}, %arg19: tensor<4x16x64xf32> {jax.buffer_donor = true}, %arg20: tensor<4x16xf32> {jax.buffer_donor = true}, %arg21: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg22: tensor<4x16xf32> {jax.buffer_donor = true}, %arg23: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg24: tensor<64xf32> {jax.buffer_donor = true}, %arg25: tensor<256x64xf32> {jax.buffer_donor = true}, %arg26: tensor<64xf32> {jax.buffer_donor = true}, %arg27: tensor<64xf32> {jax.buffer_donor = true}, %arg28: tensor<64xf32> {jax.buffer_donor = true}, %arg29: tensor<64xf32> {jax.buffer_donor = true}, %arg30: tensor<256xf32> {jax.buffer_donor = true}, %arg31: tensor<64x256xf32> {jax.buffer_donor = true}, %arg32: tensor<256x64xf32> {jax.buffer_donor = true}, %arg33: tensor<64xf32> {jax.buffer_donor = true}, %arg34: tensor<64xf32> {jax.buffer_donor = true}, %arg35: tensor<i32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@empty_mesh, []>}, %arg36: tensor<4x16xf32> {jax.buffer_donor = true}, %arg37: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg38: tensor<64xf32> {jax.buffer_donor = true}, %arg39: tensor<4x16x64xf32> {jax.buffer_donor = true}, %arg40: tensor<4x16xf32> {jax.buffer_donor = true}, %arg41: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg42: tensor<4x16xf32> {jax.buffer_donor = true}, %arg43: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg44: tensor<64xf32> {jax.buffer_donor = true}, %arg45: tensor<256x64xf32> {jax.buffer_donor = true}, %arg46: tensor<64xf32> {jax.buffer_donor = true}, %arg47: tensor<64xf32> {jax.buffer_donor = true}, %arg48: tensor<64xf32> {jax.buffer_donor = true}, %arg49: tensor<64xf32> {jax.buffer_donor = true}, %arg50: tensor<256xf32> {jax.buffer_donor = true}, %arg51: tensor<64x256xf32> {jax.buffer_donor = true}, %arg52: tensor<4x16xf32> {jax.buffer_donor = true}, %arg53: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg54: tensor<64xf32> {jax.buffer_donor = true}, %arg55: tensor<4x16x64xf32> {jax.buffer_donor = true}, %arg56: tensor<4x16xf32> {jax.buffer_donor = true}, %arg57: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg58: tensor<4x16xf32> {jax.buffer_donor = true}, %arg59: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg60: tensor<64xf32> {jax.buffer_donor = true}, %arg61: tensor<256x64xf32> {jax.buffer_donor = true}, %arg62: tensor<64xf32> {jax.buffer_donor = true}, %arg63: tensor<64xf32> {jax.buffer_donor = true}, %arg64: tensor<64xf32> {jax.buffer_donor = true}, %arg65: tensor<64xf32> {jax.buffer_donor = true}, %arg66: tensor<256xf32> {jax.buffer_donor = true}, %arg67: tensor<64x256xf32> {jax.buffer_donor = true}, %arg68: tensor<256x64xf32> {jax.buffer_donor = true}, %arg69: tensor<64xf32> {jax.buffer_donor = true}, %arg70: tensor<64xf32> {jax.buffer_donor = true}, %arg71: tensor<4x16xf32> {jax.buffer_donor = true}, %arg72: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg73: tensor<64xf32> {jax.buffer_donor = true}, %arg74: tensor<4x16x64xf32> {jax.buffer_donor = true}, %arg75: tensor<4x16xf32> {jax.buffer_donor = true}, %arg76: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg77: tensor<4x16xf32> {jax.buffer_donor = true}, %arg78: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg79: tensor<64xf32> {jax.buffer_donor = true}, %arg80: tensor<256x64xf32> {jax.buffer_donor = true}, %arg81: tensor<64xf32> {jax.buffer_donor = true}, %arg82: tensor<64xf32> {jax.buffer_donor = true}, %arg83: tensor<64xf32> {jax.buffer_donor = true}, %arg84: tensor<64xf32> {jax.buffer_donor = true}, %arg85: tensor<256xf32> {jax.buffer_donor = true}, %arg86: tensor<64x256xf32> {jax.buffer_donor = true}, %arg87: tensor<4x16xf32> {jax.buffer_donor = true}, %arg88: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg89: tensor<64xf32> {jax.buffer_donor = true}, %arg90: tensor<4x16x64xf32> {jax.buffer_donor = true}, %arg91: tensor<4x16xf32> {jax.buffer_donor = true}, %arg92: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg93: tensor<4x16xf32> {jax.buffer_donor = true}, %arg94: tensor<64x4x16xf32> {jax.buffer_donor = true}, %arg95: tensor<64xf32> {jax.buffer_donor = true}, %arg96: tensor<256x64xf32> {jax.buffer_donor = true}, %arg97: tensor<64xf32> {jax.buffer_donor = true}, %arg98: tensor<64xf32> {jax.buffer_donor = true}, %arg99: tensor<64xf32> {jax.buffer_donor = true}, %arg100: tensor<64xf32> {jax.buffer_donor = true}, %arg101: tensor<256xf32> {jax.buffer_donor = true}, %arg102: tensor<64x256xf32> {jax.buffer_donor = true}, %arg103: tensor<256x64xf32> {jax.buffer_donor = true}, %arg104: tensor<64xf32> {jax.buffer_donor = true}, %arg105: tensor<64xf32> {jax.buffer_donor = true}, %arg106: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg107: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<4x16xf32> {jax.result_info = "result[0]['blocks'][0]['attn']['key']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[0]['blocks'][0]['attn']['key']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][0]['attn']['out']['bias'].value"}, tensor<4x16x64xf32> {jax.result_info = "result[0]['blocks'][0]['attn']['out']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[0]['blocks'][0]['attn']['query']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[0]['blocks'][0]['attn']['query']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[0]['blocks'][0]['attn']['value']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[0]['blocks'][0]['attn']['value']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][0]['down']['bias'].value"}, tensor<256x64xf32> {jax.result_info = "result[0]['blocks'][0]['down']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][0]['ln1']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][0]['ln1']['scale'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][0]['ln2']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][0]['ln2']['scale'].value"}, tensor<256xf32> {jax.result_info = "result[0]['blocks'][0]['up']['bias'].value"}, tensor<64x256xf32> {jax.result_info = "result[0]['blocks'][0]['up']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[0]['blocks'][1]['attn']['key']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[0]['blocks'][1]['attn']['key']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][1]['attn']['out']['bias'].value"}, tensor<4x16x64xf32> {jax.result_info = "result[0]['blocks'][1]['attn']['out']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[0]['blocks'][1]['attn']['query']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[0]['blocks'][1]['attn']['query']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[0]['blocks'][1]['attn']['value']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[0]['blocks'][1]['attn']['value']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][1]['down']['bias'].value"}, tensor<256x64xf32> {jax.result_info = "result[0]['blocks'][1]['down']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][1]['ln1']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][1]['ln1']['scale'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][1]['ln2']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[0]['blocks'][1]['ln2']['scale'].value"}, tensor<256xf32> {jax.result_info = "result[0]['blocks'][1]['up']['bias'].value"}, tensor<64x256xf32> {jax.result_info = "result[0]['blocks'][1]['up']['kernel'].value"}, tensor<256x64xf32> {jax.result_info = "result[0]['embed']['embedding'].value"}, tensor<64xf32> {jax.result_info = "result[0]['ln']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[0]['ln']['scale'].value"}, tensor<i32> {jax.result_info = "result[1][0].count"}, tensor<4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['attn']['key']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['attn']['key']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['attn']['out']['bias'].value"}, tensor<4x16x64xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['attn']['out']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['attn']['query']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['attn']['query']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['attn']['value']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['attn']['value']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['down']['bias'].value"}, tensor<256x64xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['down']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['ln1']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['ln1']['scale'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['ln2']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['ln2']['scale'].value"}, tensor<256xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['up']['bias'].value"}, tensor<64x256xf32> {jax.result_info = "result[1][0].mu['blocks'][0]['up']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['attn']['key']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['attn']['key']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['attn']['out']['bias'].value"}, tensor<4x16x64xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['attn']['out']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['attn']['query']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['attn']['query']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['attn']['value']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['attn']['value']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['down']['bias'].value"}, tensor<256x64xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['down']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['ln1']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['ln1']['scale'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['ln2']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['ln2']['scale'].value"}, tensor<256xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['up']['bias'].value"}, tensor<64x256xf32> {jax.result_info = "result[1][0].mu['blocks'][1]['up']['kernel'].value"}, tensor<256x64xf32> {jax.result_info = "result[1][0].mu['embed']['embedding'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['ln']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].mu['ln']['scale'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['attn']['key']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['attn']['key']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['attn']['out']['bias'].value"}, tensor<4x16x64xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['attn']['out']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['attn']['query']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['attn']['query']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['attn']['value']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['attn']['value']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['down']['bias'].value"}, tensor<256x64xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['down']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['ln1']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['ln1']['scale'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['ln2']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['ln2']['scale'].value"}, tensor<256xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['up']['bias'].value"}, tensor<64x256xf32> {jax.result_info = "result[1][0].nu['blocks'][0]['up']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['attn']['key']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['attn']['key']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['attn']['out']['bias'].value"}, tensor<4x16x64xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['attn']['out']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['attn']['query']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['attn']['query']['kernel'].value"}, tensor<4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['attn']['value']['bias'].value"}, tensor<64x4x16xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['attn']['value']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['down']['bias'].value"}, tensor<256x64xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['down']['kernel'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['ln1']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['ln1']['scale'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['ln2']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['ln2']['scale'].value"}, tensor<256xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['up']['bias'].value"}, tensor<64x256xf32> {jax.result_info = "result[1][0].nu['blocks'][1]['up']['kernel'].value"}, tensor<256x64xf32> {jax.result_info = "result[1][0].nu['embed']['embedding'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['ln']['bias'].value"}, tensor<64xf32> {jax.result_info = "result[1][0].nu['ln']['scale'].value"}, tensor<f32> {jax.result_info = "result[2]"}) {
    %0:2 = call @_take(%arg32, %arg106) : (tensor<256x64xf32>, tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>)
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %2 = stablehlo.iota dim = 0 : tensor<16xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<16xi32>) -> tensor<8x16xi32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 2] : (tensor<8x16xi32>) -> tensor<8x1x16xi32>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<8x16x1xi32>) -> tensor<8x16x16xi32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<8x1x16xi32>) -> tensor<8x16x16xi32>
    %8 = stablehlo.compare GE, %6, %7, SIGNED : (tensor<8x16x16xi32>, tensor<8x16x16xi32>) -> tensor<8x16x16xi1>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 2, 3] : (tensor<8x16x16xi1>) -> tensor<8x1x16x16xi1>
    %10 = stablehlo.convert %9 : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xf32>
    %11 = chlo.square %0#0 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %13 = stablehlo.multiply %12, %0#0 : tensor<8x16x64xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%0#0 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_2 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%11 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %19 = stablehlo.divide %17, %18 : tensor<8x16xf32>
    %20 = chlo.square %16 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %22 = stablehlo.multiply %21, %16 : tensor<8x16xf32>
    %23 = stablehlo.subtract %19, %20 : tensor<8x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %25 = stablehlo.maximum %24, %23 : tensor<8x16xf32>
    %26 = stablehlo.compare EQ, %23, %25, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %29 = stablehlo.select %26, %27, %28 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %31 = stablehlo.compare EQ, %30, %25, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_10 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %34 = stablehlo.select %31, %32, %33 : tensor<8x16xi1>, tensor<8x16xf32>
    %35 = stablehlo.divide %29, %34 : tensor<8x16xf32>
    %36 = stablehlo.reshape %16 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %37 = stablehlo.reshape %25 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %39 = stablehlo.subtract %0#0, %38 : tensor<8x16x64xf32>
    %cst_12 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %41 = stablehlo.add %37, %40 : tensor<8x16x1xf32>
    %42 = stablehlo.rsqrt %41 : tensor<8x16x1xf32>
    %43 = stablehlo.divide %42, %41 : tensor<8x16x1xf32>
    %cst_13 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %45 = stablehlo.multiply %44, %43 : tensor<8x16x1xf32>
    %46 = stablehlo.reshape %arg11 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %47 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %48 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %49 = stablehlo.multiply %47, %48 : tensor<8x16x64xf32>
    %50 = stablehlo.multiply %39, %49 : tensor<8x16x64xf32>
    %51 = stablehlo.reshape %arg10 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %53 = stablehlo.add %50, %52 : tensor<8x16x64xf32>
    %54 = stablehlo.dot_general %53, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %55 = stablehlo.reshape %arg4 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %57 = stablehlo.add %54, %56 : tensor<8x16x4x16xf32>
    %58 = stablehlo.dot_general %53, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %59 = stablehlo.reshape %arg0 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %61 = stablehlo.add %58, %60 : tensor<8x16x4x16xf32>
    %62 = stablehlo.dot_general %53, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %63 = stablehlo.reshape %arg6 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %65 = stablehlo.add %62, %64 : tensor<8x16x4x16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %67 = stablehlo.compare NE, %10, %66, FLOAT : (tensor<8x1x16x16xf32>, tensor<8x1x16x16xf32>) -> tensor<8x1x16x16xi1>
    %68 = stablehlo.convert %67 : tensor<8x1x16x16xi1>
    %69 = stablehlo.reshape %57 : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %70 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 3, 4] : (tensor<8x1x16x16xi1>) -> tensor<8x1x1x16x16xi1>
    %71 = stablehlo.dot_general %69, %61, batching_dims = [0, 2] x [0, 2], contracting_dims = [4] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %cst_15 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x4x16x1x16xf32>
    %73 = stablehlo.multiply %71, %72 : tensor<8x4x16x1x16xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %74 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<8x4x16x16xi1>
    %75 = stablehlo.broadcast_in_dim %74, dims = [1, 2, 3, 4] : (tensor<8x4x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %76 = stablehlo.transpose %70, dims = [2, 0, 1, 3, 4] : (tensor<8x1x1x16x16xi1>) -> tensor<1x8x1x16x16xi1>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2, 3, 4] : (tensor<1x8x1x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %78 = stablehlo.and %75, %77 : tensor<1x8x4x16x16xi1>
    %cst_16 = stablehlo.constant dense<-2.38197633E+38> : tensor<f32>
    %79:2 = call @_where_0(%78, %73, %cst_16) : (tensor<1x8x4x16x16xi1>, tensor<8x4x16x1x16xf32>, tensor<f32>) -> (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>)
    %cst_17 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %80 = stablehlo.reduce(%79#0 init: %cst_17) applies stablehlo.maximum across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %81 = stablehlo.reshape %80 : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %83 = stablehlo.compare EQ, %79#0, %82, FLOAT : (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xi1>
    %84 = stablehlo.convert %83 : (tensor<1x8x4x16x16xi1>) -> tensor<1x8x4x16x16xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %85 = stablehlo.reduce(%84 init: %cst_18) applies stablehlo.add across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %cst_19 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %87 = stablehlo.maximum %86, %80 : tensor<1x8x4x16xf32>
    %88 = stablehlo.compare EQ, %80, %87, FLOAT : (tensor<1x8x4x16xf32>, tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xi1>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %91 = stablehlo.select %88, %89, %90 : tensor<1x8x4x16xi1>, tensor<1x8x4x16xf32>
    %cst_22 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %93 = stablehlo.compare EQ, %92, %87, FLOAT : (tensor<1x8x4x16xf32>, tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xi1>
    %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %96 = stablehlo.select %93, %94, %95 : tensor<1x8x4x16xi1>, tensor<1x8x4x16xf32>
    %97 = stablehlo.divide %91, %96 : tensor<1x8x4x16xf32>
    %98 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %99 = stablehlo.broadcast_in_dim %98, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %100 = stablehlo.subtract %79#0, %99 : tensor<1x8x4x16x16xf32>
    %101 = stablehlo.exponential %100 : tensor<1x8x4x16x16xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %102 = stablehlo.reduce(%101 init: %cst_25) applies stablehlo.add across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %104 = stablehlo.broadcast_in_dim %103, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %105 = stablehlo.divide %101, %104 : tensor<1x8x4x16x16xf32>
    %106 = stablehlo.multiply %103, %103 : tensor<1x8x4x16x1xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<1x8x4x16x1xf32>
    %108 = stablehlo.divide %107, %106 : tensor<1x8x4x16x1xf32>
    %109 = stablehlo.dot_general %65, %105, batching_dims = [0, 2] x [1, 2], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    %110 = stablehlo.transpose %109, dims = [3, 0, 4, 1, 2] : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x16x4x16xf32>
    %111 = stablehlo.transpose %110, dims = [1, 2, 3, 0, 4] : (tensor<1x8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %112 = stablehlo.reshape %111 : (tensor<8x16x4x1x16xf32>) -> tensor<8x16x4x16xf32>
    %113 = stablehlo.dot_general %112, %arg3, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<4x16x64xf32>) -> tensor<8x16x64xf32>
    %114 = stablehlo.reshape %arg2 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %115 = stablehlo.broadcast_in_dim %114, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %116 = stablehlo.add %113, %115 : tensor<8x16x64xf32>
    %117 = stablehlo.add %0#0, %116 : tensor<8x16x64xf32>
    %118 = chlo.square %117 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_27 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %120 = stablehlo.multiply %119, %117 : tensor<8x16x64xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %121 = stablehlo.reduce(%117 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_29 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %123 = stablehlo.divide %121, %122 : tensor<8x16xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %124 = stablehlo.reduce(%118 init: %cst_30) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_31 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %126 = stablehlo.divide %124, %125 : tensor<8x16xf32>
    %127 = chlo.square %123 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_32 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %128 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %129 = stablehlo.multiply %128, %123 : tensor<8x16xf32>
    %130 = stablehlo.subtract %126, %127 : tensor<8x16xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %132 = stablehlo.maximum %131, %130 : tensor<8x16xf32>
    %133 = stablehlo.compare EQ, %130, %132, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %136 = stablehlo.select %133, %134, %135 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %138 = stablehlo.compare EQ, %137, %132, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_37 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %141 = stablehlo.select %138, %139, %140 : tensor<8x16xi1>, tensor<8x16xf32>
    %142 = stablehlo.divide %136, %141 : tensor<8x16xf32>
    %143 = stablehlo.reshape %123 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %144 = stablehlo.reshape %132 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %145 = stablehlo.broadcast_in_dim %143, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %146 = stablehlo.subtract %117, %145 : tensor<8x16x64xf32>
    %cst_39 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %148 = stablehlo.add %144, %147 : tensor<8x16x1xf32>
    %149 = stablehlo.rsqrt %148 : tensor<8x16x1xf32>
    %150 = stablehlo.divide %149, %148 : tensor<8x16x1xf32>
    %cst_40 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %151 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %152 = stablehlo.multiply %151, %150 : tensor<8x16x1xf32>
    %153 = stablehlo.reshape %arg13 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %154 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %155 = stablehlo.broadcast_in_dim %153, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %156 = stablehlo.multiply %154, %155 : tensor<8x16x64xf32>
    %157 = stablehlo.multiply %146, %156 : tensor<8x16x64xf32>
    %158 = stablehlo.reshape %arg12 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %160 = stablehlo.add %157, %159 : tensor<8x16x64xf32>
    %161 = stablehlo.dot_general %160, %arg15, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %162 = stablehlo.reshape %arg14 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %163 = stablehlo.broadcast_in_dim %162, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %164 = stablehlo.add %161, %163 : tensor<8x16x256xf32>
    %165 = stablehlo.multiply %164, %164 : tensor<8x16x256xf32>
    %166 = stablehlo.multiply %165, %164 : tensor<8x16x256xf32>
    %167 = stablehlo.multiply %164, %164 : tensor<8x16x256xf32>
    %cst_41 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %168 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %169 = stablehlo.multiply %168, %167 : tensor<8x16x256xf32>
    %cst_42 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %170 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %171 = stablehlo.multiply %170, %166 : tensor<8x16x256xf32>
    %172 = stablehlo.add %164, %171 : tensor<8x16x256xf32>
    %cst_43 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %174 = stablehlo.multiply %173, %172 : tensor<8x16x256xf32>
    %175 = stablehlo.tanh %174 : tensor<8x16x256xf32>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %176 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %177 = stablehlo.subtract %176, %175 : tensor<8x16x256xf32>
    %cst_45 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %179 = stablehlo.add %178, %175 : tensor<8x16x256xf32>
    %cst_46 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %180 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %181 = stablehlo.multiply %180, %179 : tensor<8x16x256xf32>
    %182 = stablehlo.multiply %164, %181 : tensor<8x16x256xf32>
    %183 = stablehlo.dot_general %182, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %184 = stablehlo.reshape %arg8 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %185 = stablehlo.broadcast_in_dim %184, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %186 = stablehlo.add %183, %185 : tensor<8x16x64xf32>
    %187 = stablehlo.add %117, %186 : tensor<8x16x64xf32>
    %cst_47 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %188 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %189 = stablehlo.iota dim = 0 : tensor<16xi32>
    %190 = stablehlo.broadcast_in_dim %189, dims = [1] : (tensor<16xi32>) -> tensor<8x16xi32>
    %191 = stablehlo.broadcast_in_dim %190, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %192 = stablehlo.broadcast_in_dim %190, dims = [0, 2] : (tensor<8x16xi32>) -> tensor<8x1x16xi32>
    %193 = stablehlo.broadcast_in_dim %191, dims = [0, 1, 2] : (tensor<8x16x1xi32>) -> tensor<8x16x16xi32>
    %194 = stablehlo.broadcast_in_dim %192, dims = [0, 1, 2] : (tensor<8x1x16xi32>) -> tensor<8x16x16xi32>
    %195 = stablehlo.compare GE, %193, %194, SIGNED : (tensor<8x16x16xi32>, tensor<8x16x16xi32>) -> tensor<8x16x16xi1>
    %196 = stablehlo.broadcast_in_dim %195, dims = [0, 2, 3] : (tensor<8x16x16xi1>) -> tensor<8x1x16x16xi1>
    %197 = stablehlo.convert %196 : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xf32>
    %198 = chlo.square %187 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_48 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %200 = stablehlo.multiply %199, %187 : tensor<8x16x64xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %201 = stablehlo.reduce(%187 init: %cst_49) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_50 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %202 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %203 = stablehlo.divide %201, %202 : tensor<8x16xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %204 = stablehlo.reduce(%198 init: %cst_51) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_52 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %205 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %206 = stablehlo.divide %204, %205 : tensor<8x16xf32>
    %207 = chlo.square %203 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_53 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %208 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %209 = stablehlo.multiply %208, %203 : tensor<8x16xf32>
    %210 = stablehlo.subtract %206, %207 : tensor<8x16xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %212 = stablehlo.maximum %211, %210 : tensor<8x16xf32>
    %213 = stablehlo.compare EQ, %210, %212, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %214 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %215 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %216 = stablehlo.select %213, %214, %215 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %217 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %218 = stablehlo.compare EQ, %217, %212, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_58 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_59 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %220 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %221 = stablehlo.select %218, %219, %220 : tensor<8x16xi1>, tensor<8x16xf32>
    %222 = stablehlo.divide %216, %221 : tensor<8x16xf32>
    %223 = stablehlo.reshape %203 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %224 = stablehlo.reshape %212 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %225 = stablehlo.broadcast_in_dim %223, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %226 = stablehlo.subtract %187, %225 : tensor<8x16x64xf32>
    %cst_60 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %228 = stablehlo.add %224, %227 : tensor<8x16x1xf32>
    %229 = stablehlo.rsqrt %228 : tensor<8x16x1xf32>
    %230 = stablehlo.divide %229, %228 : tensor<8x16x1xf32>
    %cst_61 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %232 = stablehlo.multiply %231, %230 : tensor<8x16x1xf32>
    %233 = stablehlo.reshape %arg27 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %234 = stablehlo.broadcast_in_dim %229, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %235 = stablehlo.broadcast_in_dim %233, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %236 = stablehlo.multiply %234, %235 : tensor<8x16x64xf32>
    %237 = stablehlo.multiply %226, %236 : tensor<8x16x64xf32>
    %238 = stablehlo.reshape %arg26 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %239 = stablehlo.broadcast_in_dim %238, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %240 = stablehlo.add %237, %239 : tensor<8x16x64xf32>
    %241 = stablehlo.dot_general %240, %arg21, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %242 = stablehlo.reshape %arg20 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %243 = stablehlo.broadcast_in_dim %242, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %244 = stablehlo.add %241, %243 : tensor<8x16x4x16xf32>
    %245 = stablehlo.dot_general %240, %arg17, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %246 = stablehlo.reshape %arg16 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %247 = stablehlo.broadcast_in_dim %246, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %248 = stablehlo.add %245, %247 : tensor<8x16x4x16xf32>
    %249 = stablehlo.dot_general %240, %arg23, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %250 = stablehlo.reshape %arg22 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %251 = stablehlo.broadcast_in_dim %250, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %252 = stablehlo.add %249, %251 : tensor<8x16x4x16xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %253 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %254 = stablehlo.compare NE, %197, %253, FLOAT : (tensor<8x1x16x16xf32>, tensor<8x1x16x16xf32>) -> tensor<8x1x16x16xi1>
    %255 = stablehlo.convert %254 : tensor<8x1x16x16xi1>
    %256 = stablehlo.reshape %244 : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %257 = stablehlo.broadcast_in_dim %255, dims = [0, 1, 3, 4] : (tensor<8x1x16x16xi1>) -> tensor<8x1x1x16x16xi1>
    %258 = stablehlo.dot_general %256, %248, batching_dims = [0, 2] x [0, 2], contracting_dims = [4] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %cst_63 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<8x4x16x1x16xf32>
    %260 = stablehlo.multiply %258, %259 : tensor<8x4x16x1x16xf32>
    %c_64 = stablehlo.constant dense<true> : tensor<i1>
    %261 = stablehlo.broadcast_in_dim %c_64, dims = [] : (tensor<i1>) -> tensor<8x4x16x16xi1>
    %262 = stablehlo.broadcast_in_dim %261, dims = [1, 2, 3, 4] : (tensor<8x4x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %263 = stablehlo.transpose %257, dims = [2, 0, 1, 3, 4] : (tensor<8x1x1x16x16xi1>) -> tensor<1x8x1x16x16xi1>
    %264 = stablehlo.broadcast_in_dim %263, dims = [0, 1, 2, 3, 4] : (tensor<1x8x1x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %265 = stablehlo.and %262, %264 : tensor<1x8x4x16x16xi1>
    %cst_65 = stablehlo.constant dense<-2.38197633E+38> : tensor<f32>
    %266:2 = call @_where_0(%265, %260, %cst_65) : (tensor<1x8x4x16x16xi1>, tensor<8x4x16x1x16xf32>, tensor<f32>) -> (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>)
    %cst_66 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %267 = stablehlo.reduce(%266#0 init: %cst_66) applies stablehlo.maximum across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %268 = stablehlo.reshape %267 : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %269 = stablehlo.broadcast_in_dim %268, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %270 = stablehlo.compare EQ, %266#0, %269, FLOAT : (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xi1>
    %271 = stablehlo.convert %270 : (tensor<1x8x4x16x16xi1>) -> tensor<1x8x4x16x16xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %272 = stablehlo.reduce(%271 init: %cst_67) applies stablehlo.add across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %cst_68 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %273 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %274 = stablehlo.maximum %273, %267 : tensor<1x8x4x16xf32>
    %275 = stablehlo.compare EQ, %267, %274, FLOAT : (tensor<1x8x4x16xf32>, tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xi1>
    %cst_69 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %276 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %277 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %278 = stablehlo.select %275, %276, %277 : tensor<1x8x4x16xi1>, tensor<1x8x4x16xf32>
    %cst_71 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %280 = stablehlo.compare EQ, %279, %274, FLOAT : (tensor<1x8x4x16xf32>, tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xi1>
    %cst_72 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %281 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %cst_73 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %282 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %283 = stablehlo.select %280, %281, %282 : tensor<1x8x4x16xi1>, tensor<1x8x4x16xf32>
    %284 = stablehlo.divide %278, %283 : tensor<1x8x4x16xf32>
    %285 = stablehlo.broadcast_in_dim %274, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %286 = stablehlo.broadcast_in_dim %285, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %287 = stablehlo.subtract %266#0, %286 : tensor<1x8x4x16x16xf32>
    %288 = stablehlo.exponential %287 : tensor<1x8x4x16x16xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %289 = stablehlo.reduce(%288 init: %cst_74) applies stablehlo.add across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %290 = stablehlo.broadcast_in_dim %289, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %291 = stablehlo.broadcast_in_dim %290, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %292 = stablehlo.divide %288, %291 : tensor<1x8x4x16x16xf32>
    %293 = stablehlo.multiply %290, %290 : tensor<1x8x4x16x1xf32>
    %cst_75 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %294 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<1x8x4x16x1xf32>
    %295 = stablehlo.divide %294, %293 : tensor<1x8x4x16x1xf32>
    %296 = stablehlo.dot_general %252, %292, batching_dims = [0, 2] x [1, 2], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    %297 = stablehlo.transpose %296, dims = [3, 0, 4, 1, 2] : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x16x4x16xf32>
    %298 = stablehlo.transpose %297, dims = [1, 2, 3, 0, 4] : (tensor<1x8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %299 = stablehlo.reshape %298 : (tensor<8x16x4x1x16xf32>) -> tensor<8x16x4x16xf32>
    %300 = stablehlo.dot_general %299, %arg19, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<4x16x64xf32>) -> tensor<8x16x64xf32>
    %301 = stablehlo.reshape %arg18 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %302 = stablehlo.broadcast_in_dim %301, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %303 = stablehlo.add %300, %302 : tensor<8x16x64xf32>
    %304 = stablehlo.add %187, %303 : tensor<8x16x64xf32>
    %305 = chlo.square %304 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_76 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %306 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %307 = stablehlo.multiply %306, %304 : tensor<8x16x64xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %308 = stablehlo.reduce(%304 init: %cst_77) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_78 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %309 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %310 = stablehlo.divide %308, %309 : tensor<8x16xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %311 = stablehlo.reduce(%305 init: %cst_79) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_80 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %312 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %313 = stablehlo.divide %311, %312 : tensor<8x16xf32>
    %314 = chlo.square %310 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_81 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %316 = stablehlo.multiply %315, %310 : tensor<8x16xf32>
    %317 = stablehlo.subtract %313, %314 : tensor<8x16xf32>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %318 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %319 = stablehlo.maximum %318, %317 : tensor<8x16xf32>
    %320 = stablehlo.compare EQ, %317, %319, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_83 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %321 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_84 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %322 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %323 = stablehlo.select %320, %321, %322 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %324 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %325 = stablehlo.compare EQ, %324, %319, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_86 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_87 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %327 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %328 = stablehlo.select %325, %326, %327 : tensor<8x16xi1>, tensor<8x16xf32>
    %329 = stablehlo.divide %323, %328 : tensor<8x16xf32>
    %330 = stablehlo.reshape %310 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %331 = stablehlo.reshape %319 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %332 = stablehlo.broadcast_in_dim %330, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %333 = stablehlo.subtract %304, %332 : tensor<8x16x64xf32>
    %cst_88 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %334 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %335 = stablehlo.add %331, %334 : tensor<8x16x1xf32>
    %336 = stablehlo.rsqrt %335 : tensor<8x16x1xf32>
    %337 = stablehlo.divide %336, %335 : tensor<8x16x1xf32>
    %cst_89 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %339 = stablehlo.multiply %338, %337 : tensor<8x16x1xf32>
    %340 = stablehlo.reshape %arg29 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %341 = stablehlo.broadcast_in_dim %336, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %342 = stablehlo.broadcast_in_dim %340, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %343 = stablehlo.multiply %341, %342 : tensor<8x16x64xf32>
    %344 = stablehlo.multiply %333, %343 : tensor<8x16x64xf32>
    %345 = stablehlo.reshape %arg28 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %346 = stablehlo.broadcast_in_dim %345, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %347 = stablehlo.add %344, %346 : tensor<8x16x64xf32>
    %348 = stablehlo.dot_general %347, %arg31, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %349 = stablehlo.reshape %arg30 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %350 = stablehlo.broadcast_in_dim %349, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %351 = stablehlo.add %348, %350 : tensor<8x16x256xf32>
    %352 = stablehlo.multiply %351, %351 : tensor<8x16x256xf32>
    %353 = stablehlo.multiply %352, %351 : tensor<8x16x256xf32>
    %354 = stablehlo.multiply %351, %351 : tensor<8x16x256xf32>
    %cst_90 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %355 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %356 = stablehlo.multiply %355, %354 : tensor<8x16x256xf32>
    %cst_91 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %357 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %358 = stablehlo.multiply %357, %353 : tensor<8x16x256xf32>
    %359 = stablehlo.add %351, %358 : tensor<8x16x256xf32>
    %cst_92 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %360 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %361 = stablehlo.multiply %360, %359 : tensor<8x16x256xf32>
    %362 = stablehlo.tanh %361 : tensor<8x16x256xf32>
    %cst_93 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %363 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %364 = stablehlo.subtract %363, %362 : tensor<8x16x256xf32>
    %cst_94 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %365 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %366 = stablehlo.add %365, %362 : tensor<8x16x256xf32>
    %cst_95 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %367 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %368 = stablehlo.multiply %367, %366 : tensor<8x16x256xf32>
    %369 = stablehlo.multiply %351, %368 : tensor<8x16x256xf32>
    %370 = stablehlo.dot_general %369, %arg25, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %371 = stablehlo.reshape %arg24 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %372 = stablehlo.broadcast_in_dim %371, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %373 = stablehlo.add %370, %372 : tensor<8x16x64xf32>
    %374 = stablehlo.add %304, %373 : tensor<8x16x64xf32>
    %375 = chlo.square %374 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_96 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %376 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %377 = stablehlo.multiply %376, %374 : tensor<8x16x64xf32>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %378 = stablehlo.reduce(%374 init: %cst_97) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_98 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %379 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %380 = stablehlo.divide %378, %379 : tensor<8x16xf32>
    %cst_99 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %381 = stablehlo.reduce(%375 init: %cst_99) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_100 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %382 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %383 = stablehlo.divide %381, %382 : tensor<8x16xf32>
    %384 = chlo.square %380 : tensor<8x16xf32> -> tensor<8x16xf32>
    %cst_101 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %385 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %386 = stablehlo.multiply %385, %380 : tensor<8x16xf32>
    %387 = stablehlo.subtract %383, %384 : tensor<8x16xf32>
    %cst_102 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %388 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %389 = stablehlo.maximum %388, %387 : tensor<8x16xf32>
    %390 = stablehlo.compare EQ, %387, %389, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_103 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %391 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %392 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %393 = stablehlo.select %390, %391, %392 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %394 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %395 = stablehlo.compare EQ, %394, %389, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_106 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %396 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_107 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %397 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %398 = stablehlo.select %395, %396, %397 : tensor<8x16xi1>, tensor<8x16xf32>
    %399 = stablehlo.divide %393, %398 : tensor<8x16xf32>
    %400 = stablehlo.reshape %380 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %401 = stablehlo.reshape %389 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %402 = stablehlo.broadcast_in_dim %400, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %403 = stablehlo.subtract %374, %402 : tensor<8x16x64xf32>
    %cst_108 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %404 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %405 = stablehlo.add %401, %404 : tensor<8x16x1xf32>
    %406 = stablehlo.rsqrt %405 : tensor<8x16x1xf32>
    %407 = stablehlo.divide %406, %405 : tensor<8x16x1xf32>
    %cst_109 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %408 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %409 = stablehlo.multiply %408, %407 : tensor<8x16x1xf32>
    %410 = stablehlo.reshape %arg34 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %411 = stablehlo.broadcast_in_dim %406, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %412 = stablehlo.broadcast_in_dim %410, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %413 = stablehlo.multiply %411, %412 : tensor<8x16x64xf32>
    %414 = stablehlo.multiply %403, %413 : tensor<8x16x64xf32>
    %415 = stablehlo.reshape %arg33 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %416 = stablehlo.broadcast_in_dim %415, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %417 = stablehlo.add %414, %416 : tensor<8x16x64xf32>
    %418 = stablehlo.transpose %arg32, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %419 = stablehlo.dot_general %417, %418, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %420 = stablehlo.broadcast_in_dim %arg107, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %421:2 = call @take_along_axis(%419, %420) : (tensor<8x16x256xf32>, tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>)
    %c_110 = stablehlo.constant dense<0> : tensor<i32>
    %422:2 = call @_take_1(%421#0, %c_110) : (tensor<8x16x1xf32>, tensor<i32>) -> (tensor<8x16xf32>, tensor<1xi32>)
    %cst_111 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %423 = stablehlo.reduce(%419 init: %cst_111) applies stablehlo.maximum across dimensions = [2] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<8x16xf32>
    %424 = stablehlo.reshape %423 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %425 = stablehlo.broadcast_in_dim %424, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x256xf32>
    %426 = stablehlo.compare EQ, %419, %425, FLOAT : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xi1>
    %427 = stablehlo.convert %426 : (tensor<8x16x256xi1>) -> tensor<8x16x256xf32>
    %cst_112 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %428 = stablehlo.reduce(%427 init: %cst_112) applies stablehlo.add across dimensions = [2] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_113 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %429 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %430 = stablehlo.maximum %429, %423 : tensor<8x16xf32>
    %431 = stablehlo.compare EQ, %423, %430, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_114 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %432 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_115 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %433 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %434 = stablehlo.select %431, %432, %433 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_116 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %435 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %436 = stablehlo.compare EQ, %435, %430, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_117 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %437 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_118 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %438 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %439 = stablehlo.select %436, %437, %438 : tensor<8x16xi1>, tensor<8x16xf32>
    %440 = stablehlo.divide %434, %439 : tensor<8x16xf32>
    %441 = stablehlo.is_finite %430 : (tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_119 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %442 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %443 = stablehlo.select %441, %430, %442 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_120 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %444 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %445 = stablehlo.broadcast_in_dim %443, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %446 = stablehlo.broadcast_in_dim %445, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x256xf32>
    %447 = stablehlo.subtract %419, %446 : tensor<8x16x256xf32>
    %448 = stablehlo.exponential %447 : tensor<8x16x256xf32>
    %cst_121 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %449 = stablehlo.reduce(%448 init: %cst_121) applies stablehlo.add across dimensions = [2] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<8x16xf32>
    %450 = stablehlo.sign %449 : tensor<8x16xf32>
    %451 = stablehlo.abs %449 : tensor<8x16xf32>
    %cst_122 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %452 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %453 = stablehlo.compare GE, %449, %452, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %454 = stablehlo.log %451 : tensor<8x16xf32>
    %455 = stablehlo.add %454, %443 : tensor<8x16xf32>
    %456 = stablehlo.subtract %455, %422#0 : tensor<8x16xf32>
    %cst_123 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %457 = stablehlo.reduce(%456 init: %cst_123) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<f32>
    %cst_124 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %458 = stablehlo.divide %457, %cst_124 : tensor<f32>
    %cst_125 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_126 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %459 = stablehlo.divide %cst_125, %cst_126 : tensor<f32>
    %460 = stablehlo.broadcast_in_dim %459, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %461 = stablehlo.negate %460 : tensor<8x16xf32>
    %462 = stablehlo.divide %460, %451 : tensor<8x16xf32>
    %cst_127 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %463 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %464 = stablehlo.select %453, %463, %462 : tensor<8x16xi1>, tensor<8x16xf32>
    %465 = stablehlo.select %453, %462, %463 : tensor<8x16xi1>, tensor<8x16xf32>
    %466 = stablehlo.negate %464 : tensor<8x16xf32>
    %467 = stablehlo.add %465, %466 : tensor<8x16xf32>
    %468 = stablehlo.broadcast_in_dim %467, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x256xf32>
    %469 = stablehlo.multiply %468, %448 : tensor<8x16x256xf32>
    %470 = call @_take_3(%422#1, %461) : (tensor<1xi32>, tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %471 = call @take_along_axis_4(%421#1, %470) : (tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x256xf32>
    %472 = stablehlo.add %469, %471 : tensor<8x16x256xf32>
    %473 = stablehlo.dot_general %472, %417, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %474 = stablehlo.transpose %473, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %475 = stablehlo.dot_general %472, %418, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %476 = stablehlo.transpose %474, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %477 = stablehlo.reduce(%475 init: %cst_128) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %478 = stablehlo.reshape %477 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %479 = stablehlo.reshape %478 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %480 = stablehlo.multiply %403, %475 : tensor<8x16x64xf32>
    %481 = stablehlo.multiply %475, %413 : tensor<8x16x64xf32>
    %482 = stablehlo.broadcast_in_dim %406, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %483 = stablehlo.multiply %482, %480 : tensor<8x16x64xf32>
    %cst_129 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %484 = stablehlo.reduce(%483 init: %cst_129) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %485 = stablehlo.reshape %484 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %486 = stablehlo.broadcast_in_dim %410, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %487 = stablehlo.multiply %480, %486 : tensor<8x16x64xf32>
    %cst_130 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %488 = stablehlo.reduce(%487 init: %cst_130) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %489 = stablehlo.reshape %488 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %490 = stablehlo.reshape %485 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %491 = stablehlo.multiply %489, %409 : tensor<8x16x1xf32>
    %492 = stablehlo.negate %481 : tensor<8x16x64xf32>
    %cst_131 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %493 = stablehlo.reduce(%492 init: %cst_131) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %494 = stablehlo.reshape %493 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %495 = stablehlo.reshape %491 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %496 = stablehlo.reshape %494 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %497 = stablehlo.multiply %495, %399 : tensor<8x16xf32>
    %498 = stablehlo.negate %497 : tensor<8x16xf32>
    %499 = stablehlo.multiply %498, %386 : tensor<8x16xf32>
    %500 = stablehlo.add %496, %499 : tensor<8x16xf32>
    %cst_132 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %501 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %502 = stablehlo.divide %497, %501 : tensor<8x16xf32>
    %503 = stablehlo.broadcast_in_dim %502, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_133 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %504 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %505 = stablehlo.divide %500, %504 : tensor<8x16xf32>
    %506 = stablehlo.broadcast_in_dim %505, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %507 = stablehlo.add %481, %506 : tensor<8x16x64xf32>
    %508 = stablehlo.multiply %503, %377 : tensor<8x16x64xf32>
    %509 = stablehlo.add %507, %508 : tensor<8x16x64xf32>
    %cst_134 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %510 = stablehlo.reduce(%509 init: %cst_134) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %511 = stablehlo.reshape %510 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %512 = stablehlo.reshape %511 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %513 = stablehlo.dot_general %509, %369, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %514 = stablehlo.transpose %513, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %515 = stablehlo.dot_general %509, %arg25, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %516 = stablehlo.multiply %351, %515 : tensor<8x16x256xf32>
    %517 = stablehlo.multiply %515, %368 : tensor<8x16x256xf32>
    %cst_135 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %518 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %519 = stablehlo.multiply %518, %516 : tensor<8x16x256xf32>
    %520 = stablehlo.multiply %519, %364 : tensor<8x16x256xf32>
    %521 = stablehlo.multiply %520, %362 : tensor<8x16x256xf32>
    %522 = stablehlo.add %520, %521 : tensor<8x16x256xf32>
    %cst_136 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %523 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %524 = stablehlo.multiply %523, %522 : tensor<8x16x256xf32>
    %525 = stablehlo.add %517, %524 : tensor<8x16x256xf32>
    %cst_137 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %526 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %527 = stablehlo.multiply %526, %524 : tensor<8x16x256xf32>
    %528 = stablehlo.multiply %527, %356 : tensor<8x16x256xf32>
    %529 = stablehlo.add %525, %528 : tensor<8x16x256xf32>
    %cst_138 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %530 = stablehlo.reduce(%529 init: %cst_138) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %531 = stablehlo.reshape %530 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %532 = stablehlo.reshape %531 : (tensor<1x1x256xf32>) -> tensor<256xf32>
    %533 = stablehlo.dot_general %529, %347, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %534 = stablehlo.transpose %533, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %535 = stablehlo.dot_general %529, %arg31, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %cst_139 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %536 = stablehlo.reduce(%535 init: %cst_139) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %537 = stablehlo.reshape %536 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %538 = stablehlo.reshape %537 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %539 = stablehlo.multiply %333, %535 : tensor<8x16x64xf32>
    %540 = stablehlo.multiply %535, %343 : tensor<8x16x64xf32>
    %541 = stablehlo.broadcast_in_dim %336, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %542 = stablehlo.multiply %541, %539 : tensor<8x16x64xf32>
    %cst_140 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %543 = stablehlo.reduce(%542 init: %cst_140) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %544 = stablehlo.reshape %543 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %545 = stablehlo.broadcast_in_dim %340, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %546 = stablehlo.multiply %539, %545 : tensor<8x16x64xf32>
    %cst_141 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %547 = stablehlo.reduce(%546 init: %cst_141) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %548 = stablehlo.reshape %547 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %549 = stablehlo.reshape %544 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %550 = stablehlo.multiply %548, %339 : tensor<8x16x1xf32>
    %551 = stablehlo.negate %540 : tensor<8x16x64xf32>
    %cst_142 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %552 = stablehlo.reduce(%551 init: %cst_142) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %553 = stablehlo.reshape %552 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %554 = stablehlo.add %509, %540 : tensor<8x16x64xf32>
    %555 = stablehlo.reshape %550 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %556 = stablehlo.reshape %553 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %557 = stablehlo.multiply %555, %329 : tensor<8x16xf32>
    %558 = stablehlo.negate %557 : tensor<8x16xf32>
    %559 = stablehlo.multiply %558, %316 : tensor<8x16xf32>
    %560 = stablehlo.add %556, %559 : tensor<8x16xf32>
    %cst_143 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %561 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %562 = stablehlo.divide %557, %561 : tensor<8x16xf32>
    %563 = stablehlo.broadcast_in_dim %562, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_144 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %564 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %565 = stablehlo.divide %560, %564 : tensor<8x16xf32>
    %566 = stablehlo.broadcast_in_dim %565, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %567 = stablehlo.add %554, %566 : tensor<8x16x64xf32>
    %568 = stablehlo.multiply %563, %307 : tensor<8x16x64xf32>
    %569 = stablehlo.add %567, %568 : tensor<8x16x64xf32>
    %cst_145 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %570 = stablehlo.reduce(%569 init: %cst_145) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %571 = stablehlo.reshape %570 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %572 = stablehlo.reshape %571 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %573 = stablehlo.dot_general %569, %299, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x4x16xf32>) -> tensor<64x4x16xf32>
    %574 = stablehlo.transpose %573, dims = [1, 2, 0] : (tensor<64x4x16xf32>) -> tensor<4x16x64xf32>
    %575 = stablehlo.dot_general %569, %arg19, contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<4x16x64xf32>) -> tensor<8x16x4x16xf32>
    %576 = stablehlo.reshape %575 : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %577 = stablehlo.transpose %576, dims = [3, 0, 1, 2, 4] : (tensor<8x16x4x1x16xf32>) -> tensor<1x8x16x4x16xf32>
    %578 = stablehlo.transpose %577, dims = [1, 3, 4, 0, 2] : (tensor<1x8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %579 = stablehlo.dot_general %578, %252, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x1x16x16xf32>
    %580 = stablehlo.transpose %579, dims = [2, 0, 1, 3, 4] : (tensor<8x4x1x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %581 = stablehlo.dot_general %578, %292, batching_dims = [0, 1] x [1, 2], contracting_dims = [3, 4] x [0, 3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x1x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %582 = stablehlo.transpose %581, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %583 = stablehlo.broadcast_in_dim %295, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %584 = stablehlo.multiply %580, %583 : tensor<1x8x4x16x16xf32>
    %585 = stablehlo.multiply %584, %288 : tensor<1x8x4x16x16xf32>
    %cst_146 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %586 = stablehlo.reduce(%585 init: %cst_146) applies stablehlo.add across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %587 = stablehlo.reshape %586 : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %588 = stablehlo.negate %587 : tensor<1x8x4x16x1xf32>
    %589 = stablehlo.broadcast_in_dim %290, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %590 = stablehlo.divide %580, %589 : tensor<1x8x4x16x16xf32>
    %cst_147 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %591 = stablehlo.reduce(%588 init: %cst_147) applies stablehlo.add across dimensions = [0, 4] : (tensor<1x8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %592 = stablehlo.broadcast_in_dim %591, dims = [1, 2, 3] : (tensor<8x4x16xf32>) -> tensor<1x8x4x16xf32>
    %593 = stablehlo.broadcast_in_dim %592, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x16xf32>
    %594 = stablehlo.add %590, %593 : tensor<1x8x4x16x16xf32>
    %595 = stablehlo.multiply %594, %288 : tensor<1x8x4x16x16xf32>
    %596 = call @_where_5(%265, %266#1, %595) : (tensor<1x8x4x16x16xi1>, tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    %cst_148 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %597 = stablehlo.broadcast_in_dim %cst_148, dims = [] : (tensor<f32>) -> tensor<8x4x16x1x16xf32>
    %598 = stablehlo.multiply %596, %597 : tensor<8x4x16x1x16xf32>
    %599 = stablehlo.dot_general %598, %256, batching_dims = [0, 1] x [0, 2], contracting_dims = [2, 3] x [1, 3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x1x16xf32>, tensor<8x16x4x1x16xf32>) -> tensor<8x4x16x16xf32>
    %600 = stablehlo.transpose %599, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %601 = stablehlo.dot_general %598, %248, batching_dims = [0, 1] x [0, 2], contracting_dims = [4] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %602 = stablehlo.transpose %601, dims = [0, 2, 1, 3, 4] : (tensor<8x4x16x1x16xf32>) -> tensor<8x16x4x1x16xf32>
    %603 = stablehlo.reshape %602 : (tensor<8x16x4x1x16xf32>) -> tensor<8x16x4x16xf32>
    %cst_149 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %604 = stablehlo.reduce(%582 init: %cst_149) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %605 = stablehlo.reshape %604 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %606 = stablehlo.reshape %605 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %607 = stablehlo.dot_general %582, %240, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %608 = stablehlo.transpose %607, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %609 = stablehlo.dot_general %582, %arg23, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %cst_150 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %610 = stablehlo.reduce(%600 init: %cst_150) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %611 = stablehlo.reshape %610 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %612 = stablehlo.reshape %611 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %613 = stablehlo.dot_general %600, %240, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %614 = stablehlo.transpose %613, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %615 = stablehlo.dot_general %600, %arg17, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %616 = stablehlo.add %609, %615 : tensor<8x16x64xf32>
    %cst_151 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %617 = stablehlo.reduce(%603 init: %cst_151) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %618 = stablehlo.reshape %617 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %619 = stablehlo.reshape %618 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %620 = stablehlo.dot_general %603, %240, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %621 = stablehlo.transpose %620, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %622 = stablehlo.dot_general %603, %arg21, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %623 = stablehlo.add %616, %622 : tensor<8x16x64xf32>
    %cst_152 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %624 = stablehlo.reduce(%623 init: %cst_152) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %625 = stablehlo.reshape %624 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %626 = stablehlo.reshape %625 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %627 = stablehlo.multiply %226, %623 : tensor<8x16x64xf32>
    %628 = stablehlo.multiply %623, %236 : tensor<8x16x64xf32>
    %629 = stablehlo.broadcast_in_dim %229, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %630 = stablehlo.multiply %629, %627 : tensor<8x16x64xf32>
    %cst_153 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %631 = stablehlo.reduce(%630 init: %cst_153) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %632 = stablehlo.reshape %631 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %633 = stablehlo.broadcast_in_dim %233, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %634 = stablehlo.multiply %627, %633 : tensor<8x16x64xf32>
    %cst_154 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %635 = stablehlo.reduce(%634 init: %cst_154) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %636 = stablehlo.reshape %635 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %637 = stablehlo.reshape %632 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %638 = stablehlo.multiply %636, %232 : tensor<8x16x1xf32>
    %639 = stablehlo.negate %628 : tensor<8x16x64xf32>
    %cst_155 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %640 = stablehlo.reduce(%639 init: %cst_155) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %641 = stablehlo.reshape %640 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %642 = stablehlo.add %569, %628 : tensor<8x16x64xf32>
    %643 = stablehlo.reshape %638 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %644 = stablehlo.reshape %641 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %645 = stablehlo.multiply %643, %222 : tensor<8x16xf32>
    %646 = stablehlo.negate %645 : tensor<8x16xf32>
    %647 = stablehlo.multiply %646, %209 : tensor<8x16xf32>
    %648 = stablehlo.add %644, %647 : tensor<8x16xf32>
    %cst_156 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %649 = stablehlo.broadcast_in_dim %cst_156, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %650 = stablehlo.divide %645, %649 : tensor<8x16xf32>
    %651 = stablehlo.broadcast_in_dim %650, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_157 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %652 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %653 = stablehlo.divide %648, %652 : tensor<8x16xf32>
    %654 = stablehlo.broadcast_in_dim %653, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %655 = stablehlo.add %642, %654 : tensor<8x16x64xf32>
    %656 = stablehlo.multiply %651, %200 : tensor<8x16x64xf32>
    %657 = stablehlo.add %655, %656 : tensor<8x16x64xf32>
    %cst_158 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %658 = stablehlo.reduce(%657 init: %cst_158) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %659 = stablehlo.reshape %658 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %660 = stablehlo.reshape %659 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %661 = stablehlo.dot_general %657, %182, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x256xf32>) -> tensor<64x256xf32>
    %662 = stablehlo.transpose %661, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %663 = stablehlo.dot_general %657, %arg9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<256x64xf32>) -> tensor<8x16x256xf32>
    %664 = stablehlo.multiply %164, %663 : tensor<8x16x256xf32>
    %665 = stablehlo.multiply %663, %181 : tensor<8x16x256xf32>
    %cst_159 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %666 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %667 = stablehlo.multiply %666, %664 : tensor<8x16x256xf32>
    %668 = stablehlo.multiply %667, %177 : tensor<8x16x256xf32>
    %669 = stablehlo.multiply %668, %175 : tensor<8x16x256xf32>
    %670 = stablehlo.add %668, %669 : tensor<8x16x256xf32>
    %cst_160 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %671 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %672 = stablehlo.multiply %671, %670 : tensor<8x16x256xf32>
    %673 = stablehlo.add %665, %672 : tensor<8x16x256xf32>
    %cst_161 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %674 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %675 = stablehlo.multiply %674, %672 : tensor<8x16x256xf32>
    %676 = stablehlo.multiply %675, %169 : tensor<8x16x256xf32>
    %677 = stablehlo.add %673, %676 : tensor<8x16x256xf32>
    %cst_162 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %678 = stablehlo.reduce(%677 init: %cst_162) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<256xf32>
    %679 = stablehlo.reshape %678 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %680 = stablehlo.reshape %679 : (tensor<1x1x256xf32>) -> tensor<256xf32>
    %681 = stablehlo.dot_general %677, %160, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %682 = stablehlo.transpose %681, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %683 = stablehlo.dot_general %677, %arg15, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %cst_163 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %684 = stablehlo.reduce(%683 init: %cst_163) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %685 = stablehlo.reshape %684 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %686 = stablehlo.reshape %685 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %687 = stablehlo.multiply %146, %683 : tensor<8x16x64xf32>
    %688 = stablehlo.multiply %683, %156 : tensor<8x16x64xf32>
    %689 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %690 = stablehlo.multiply %689, %687 : tensor<8x16x64xf32>
    %cst_164 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %691 = stablehlo.reduce(%690 init: %cst_164) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %692 = stablehlo.reshape %691 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %693 = stablehlo.broadcast_in_dim %153, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %694 = stablehlo.multiply %687, %693 : tensor<8x16x64xf32>
    %cst_165 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %695 = stablehlo.reduce(%694 init: %cst_165) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %696 = stablehlo.reshape %695 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %697 = stablehlo.reshape %692 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %698 = stablehlo.multiply %696, %152 : tensor<8x16x1xf32>
    %699 = stablehlo.negate %688 : tensor<8x16x64xf32>
    %cst_166 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %700 = stablehlo.reduce(%699 init: %cst_166) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %701 = stablehlo.reshape %700 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %702 = stablehlo.add %657, %688 : tensor<8x16x64xf32>
    %703 = stablehlo.reshape %698 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %704 = stablehlo.reshape %701 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %705 = stablehlo.multiply %703, %142 : tensor<8x16xf32>
    %706 = stablehlo.negate %705 : tensor<8x16xf32>
    %707 = stablehlo.multiply %706, %129 : tensor<8x16xf32>
    %708 = stablehlo.add %704, %707 : tensor<8x16xf32>
    %cst_167 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %709 = stablehlo.broadcast_in_dim %cst_167, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %710 = stablehlo.divide %705, %709 : tensor<8x16xf32>
    %711 = stablehlo.broadcast_in_dim %710, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_168 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %712 = stablehlo.broadcast_in_dim %cst_168, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %713 = stablehlo.divide %708, %712 : tensor<8x16xf32>
    %714 = stablehlo.broadcast_in_dim %713, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %715 = stablehlo.add %702, %714 : tensor<8x16x64xf32>
    %716 = stablehlo.multiply %711, %120 : tensor<8x16x64xf32>
    %717 = stablehlo.add %715, %716 : tensor<8x16x64xf32>
    %cst_169 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %718 = stablehlo.reduce(%717 init: %cst_169) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %719 = stablehlo.reshape %718 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %720 = stablehlo.reshape %719 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %721 = stablehlo.dot_general %717, %112, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x4x16xf32>) -> tensor<64x4x16xf32>
    %722 = stablehlo.transpose %721, dims = [1, 2, 0] : (tensor<64x4x16xf32>) -> tensor<4x16x64xf32>
    %723 = stablehlo.dot_general %717, %arg3, contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<4x16x64xf32>) -> tensor<8x16x4x16xf32>
    %724 = stablehlo.reshape %723 : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %725 = stablehlo.transpose %724, dims = [3, 0, 1, 2, 4] : (tensor<8x16x4x1x16xf32>) -> tensor<1x8x16x4x16xf32>
    %726 = stablehlo.transpose %725, dims = [1, 3, 4, 0, 2] : (tensor<1x8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %727 = stablehlo.dot_general %726, %65, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x1x16x16xf32>
    %728 = stablehlo.transpose %727, dims = [2, 0, 1, 3, 4] : (tensor<8x4x1x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %729 = stablehlo.dot_general %726, %105, batching_dims = [0, 1] x [1, 2], contracting_dims = [3, 4] x [0, 3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x1x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %730 = stablehlo.transpose %729, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %731 = stablehlo.broadcast_in_dim %108, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %732 = stablehlo.multiply %728, %731 : tensor<1x8x4x16x16xf32>
    %733 = stablehlo.multiply %732, %101 : tensor<1x8x4x16x16xf32>
    %cst_170 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %734 = stablehlo.reduce(%733 init: %cst_170) applies stablehlo.add across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %735 = stablehlo.reshape %734 : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %736 = stablehlo.negate %735 : tensor<1x8x4x16x1xf32>
    %737 = stablehlo.broadcast_in_dim %103, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %738 = stablehlo.divide %728, %737 : tensor<1x8x4x16x16xf32>
    %cst_171 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %739 = stablehlo.reduce(%736 init: %cst_171) applies stablehlo.add across dimensions = [0, 4] : (tensor<1x8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %740 = stablehlo.broadcast_in_dim %739, dims = [1, 2, 3] : (tensor<8x4x16xf32>) -> tensor<1x8x4x16xf32>
    %741 = stablehlo.broadcast_in_dim %740, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x16xf32>
    %742 = stablehlo.add %738, %741 : tensor<1x8x4x16x16xf32>
    %743 = stablehlo.multiply %742, %101 : tensor<1x8x4x16x16xf32>
    %744 = call @_where_5(%78, %79#1, %743) : (tensor<1x8x4x16x16xi1>, tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    %cst_172 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %745 = stablehlo.broadcast_in_dim %cst_172, dims = [] : (tensor<f32>) -> tensor<8x4x16x1x16xf32>
    %746 = stablehlo.multiply %744, %745 : tensor<8x4x16x1x16xf32>
    %747 = stablehlo.dot_general %746, %69, batching_dims = [0, 1] x [0, 2], contracting_dims = [2, 3] x [1, 3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x1x16xf32>, tensor<8x16x4x1x16xf32>) -> tensor<8x4x16x16xf32>
    %748 = stablehlo.transpose %747, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %749 = stablehlo.dot_general %746, %61, batching_dims = [0, 1] x [0, 2], contracting_dims = [4] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %750 = stablehlo.transpose %749, dims = [0, 2, 1, 3, 4] : (tensor<8x4x16x1x16xf32>) -> tensor<8x16x4x1x16xf32>
    %751 = stablehlo.reshape %750 : (tensor<8x16x4x1x16xf32>) -> tensor<8x16x4x16xf32>
    %cst_173 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %752 = stablehlo.reduce(%730 init: %cst_173) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %753 = stablehlo.reshape %752 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %754 = stablehlo.reshape %753 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %755 = stablehlo.dot_general %730, %53, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %756 = stablehlo.transpose %755, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %757 = stablehlo.dot_general %730, %arg7, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %cst_174 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %758 = stablehlo.reduce(%748 init: %cst_174) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %759 = stablehlo.reshape %758 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %760 = stablehlo.reshape %759 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %761 = stablehlo.dot_general %748, %53, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %762 = stablehlo.transpose %761, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %763 = stablehlo.dot_general %748, %arg1, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %764 = stablehlo.add %757, %763 : tensor<8x16x64xf32>
    %cst_175 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %765 = stablehlo.reduce(%751 init: %cst_175) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %766 = stablehlo.reshape %765 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %767 = stablehlo.reshape %766 : (tensor<1x1x4x16xf32>) -> tensor<4x16xf32>
    %768 = stablehlo.dot_general %751, %53, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x64xf32>) -> tensor<4x16x64xf32>
    %769 = stablehlo.transpose %768, dims = [2, 0, 1] : (tensor<4x16x64xf32>) -> tensor<64x4x16xf32>
    %770 = stablehlo.dot_general %751, %arg5, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
    %771 = stablehlo.add %764, %770 : tensor<8x16x64xf32>
    %cst_176 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %772 = stablehlo.reduce(%771 init: %cst_176) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %773 = stablehlo.reshape %772 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %774 = stablehlo.reshape %773 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %775 = stablehlo.multiply %39, %771 : tensor<8x16x64xf32>
    %776 = stablehlo.multiply %771, %49 : tensor<8x16x64xf32>
    %777 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %778 = stablehlo.multiply %777, %775 : tensor<8x16x64xf32>
    %cst_177 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %779 = stablehlo.reduce(%778 init: %cst_177) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<64xf32>
    %780 = stablehlo.reshape %779 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %781 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %782 = stablehlo.multiply %775, %781 : tensor<8x16x64xf32>
    %cst_178 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %783 = stablehlo.reduce(%782 init: %cst_178) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %784 = stablehlo.reshape %783 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %785 = stablehlo.reshape %780 : (tensor<1x1x64xf32>) -> tensor<64xf32>
    %786 = stablehlo.multiply %784, %45 : tensor<8x16x1xf32>
    %787 = stablehlo.negate %776 : tensor<8x16x64xf32>
    %cst_179 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %788 = stablehlo.reduce(%787 init: %cst_179) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %789 = stablehlo.reshape %788 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %790 = stablehlo.add %717, %776 : tensor<8x16x64xf32>
    %791 = stablehlo.reshape %786 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %792 = stablehlo.reshape %789 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
    %793 = stablehlo.multiply %791, %35 : tensor<8x16xf32>
    %794 = stablehlo.negate %793 : tensor<8x16xf32>
    %795 = stablehlo.multiply %794, %22 : tensor<8x16xf32>
    %796 = stablehlo.add %792, %795 : tensor<8x16xf32>
    %cst_180 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %797 = stablehlo.broadcast_in_dim %cst_180, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %798 = stablehlo.divide %793, %797 : tensor<8x16xf32>
    %799 = stablehlo.broadcast_in_dim %798, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %cst_181 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %800 = stablehlo.broadcast_in_dim %cst_181, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %801 = stablehlo.divide %796, %800 : tensor<8x16xf32>
    %802 = stablehlo.broadcast_in_dim %801, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x64xf32>
    %803 = stablehlo.add %790, %802 : tensor<8x16x64xf32>
    %804 = stablehlo.multiply %799, %13 : tensor<8x16x64xf32>
    %805 = stablehlo.add %803, %804 : tensor<8x16x64xf32>
    %806 = call @_take_6(%0#1, %805) : (tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %807 = stablehlo.add %476, %806 : tensor<256x64xf32>
    %cst_182 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %808 = stablehlo.broadcast_in_dim %cst_182, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %809 = stablehlo.multiply %808, %760 : tensor<4x16xf32>
    %cst_183 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %810 = stablehlo.broadcast_in_dim %cst_183, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %811 = stablehlo.multiply %810, %arg36 : tensor<4x16xf32>
    %812 = stablehlo.add %809, %811 : tensor<4x16xf32>
    %cst_184 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %813 = stablehlo.broadcast_in_dim %cst_184, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %814 = stablehlo.multiply %813, %762 : tensor<64x4x16xf32>
    %cst_185 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %815 = stablehlo.broadcast_in_dim %cst_185, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %816 = stablehlo.multiply %815, %arg37 : tensor<64x4x16xf32>
    %817 = stablehlo.add %814, %816 : tensor<64x4x16xf32>
    %cst_186 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %818 = stablehlo.broadcast_in_dim %cst_186, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %819 = stablehlo.multiply %818, %720 : tensor<64xf32>
    %cst_187 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %820 = stablehlo.broadcast_in_dim %cst_187, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %821 = stablehlo.multiply %820, %arg38 : tensor<64xf32>
    %822 = stablehlo.add %819, %821 : tensor<64xf32>
    %cst_188 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %823 = stablehlo.broadcast_in_dim %cst_188, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %824 = stablehlo.multiply %823, %722 : tensor<4x16x64xf32>
    %cst_189 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %825 = stablehlo.broadcast_in_dim %cst_189, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %826 = stablehlo.multiply %825, %arg39 : tensor<4x16x64xf32>
    %827 = stablehlo.add %824, %826 : tensor<4x16x64xf32>
    %cst_190 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %828 = stablehlo.broadcast_in_dim %cst_190, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %829 = stablehlo.multiply %828, %767 : tensor<4x16xf32>
    %cst_191 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %830 = stablehlo.broadcast_in_dim %cst_191, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %831 = stablehlo.multiply %830, %arg40 : tensor<4x16xf32>
    %832 = stablehlo.add %829, %831 : tensor<4x16xf32>
    %cst_192 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %833 = stablehlo.broadcast_in_dim %cst_192, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %834 = stablehlo.multiply %833, %769 : tensor<64x4x16xf32>
    %cst_193 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %835 = stablehlo.broadcast_in_dim %cst_193, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %836 = stablehlo.multiply %835, %arg41 : tensor<64x4x16xf32>
    %837 = stablehlo.add %834, %836 : tensor<64x4x16xf32>
    %cst_194 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %838 = stablehlo.broadcast_in_dim %cst_194, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %839 = stablehlo.multiply %838, %754 : tensor<4x16xf32>
    %cst_195 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %840 = stablehlo.broadcast_in_dim %cst_195, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %841 = stablehlo.multiply %840, %arg42 : tensor<4x16xf32>
    %842 = stablehlo.add %839, %841 : tensor<4x16xf32>
    %cst_196 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %843 = stablehlo.broadcast_in_dim %cst_196, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %844 = stablehlo.multiply %843, %756 : tensor<64x4x16xf32>
    %cst_197 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %845 = stablehlo.broadcast_in_dim %cst_197, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %846 = stablehlo.multiply %845, %arg43 : tensor<64x4x16xf32>
    %847 = stablehlo.add %844, %846 : tensor<64x4x16xf32>
    %cst_198 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %848 = stablehlo.broadcast_in_dim %cst_198, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %849 = stablehlo.multiply %848, %660 : tensor<64xf32>
    %cst_199 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %850 = stablehlo.broadcast_in_dim %cst_199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %851 = stablehlo.multiply %850, %arg44 : tensor<64xf32>
    %852 = stablehlo.add %849, %851 : tensor<64xf32>
    %cst_200 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %853 = stablehlo.broadcast_in_dim %cst_200, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %854 = stablehlo.multiply %853, %662 : tensor<256x64xf32>
    %cst_201 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %855 = stablehlo.broadcast_in_dim %cst_201, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %856 = stablehlo.multiply %855, %arg45 : tensor<256x64xf32>
    %857 = stablehlo.add %854, %856 : tensor<256x64xf32>
    %cst_202 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %858 = stablehlo.broadcast_in_dim %cst_202, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %859 = stablehlo.multiply %858, %774 : tensor<64xf32>
    %cst_203 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %860 = stablehlo.broadcast_in_dim %cst_203, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %861 = stablehlo.multiply %860, %arg46 : tensor<64xf32>
    %862 = stablehlo.add %859, %861 : tensor<64xf32>
    %cst_204 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %863 = stablehlo.broadcast_in_dim %cst_204, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %864 = stablehlo.multiply %863, %785 : tensor<64xf32>
    %cst_205 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %865 = stablehlo.broadcast_in_dim %cst_205, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %866 = stablehlo.multiply %865, %arg47 : tensor<64xf32>
    %867 = stablehlo.add %864, %866 : tensor<64xf32>
    %cst_206 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %868 = stablehlo.broadcast_in_dim %cst_206, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %869 = stablehlo.multiply %868, %686 : tensor<64xf32>
    %cst_207 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %870 = stablehlo.broadcast_in_dim %cst_207, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %871 = stablehlo.multiply %870, %arg48 : tensor<64xf32>
    %872 = stablehlo.add %869, %871 : tensor<64xf32>
    %cst_208 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %873 = stablehlo.broadcast_in_dim %cst_208, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %874 = stablehlo.multiply %873, %697 : tensor<64xf32>
    %cst_209 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %875 = stablehlo.broadcast_in_dim %cst_209, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %876 = stablehlo.multiply %875, %arg49 : tensor<64xf32>
    %877 = stablehlo.add %874, %876 : tensor<64xf32>
    %cst_210 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %878 = stablehlo.broadcast_in_dim %cst_210, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %879 = stablehlo.multiply %878, %680 : tensor<256xf32>
    %cst_211 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %880 = stablehlo.broadcast_in_dim %cst_211, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %881 = stablehlo.multiply %880, %arg50 : tensor<256xf32>
    %882 = stablehlo.add %879, %881 : tensor<256xf32>
    %cst_212 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %883 = stablehlo.broadcast_in_dim %cst_212, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %884 = stablehlo.multiply %883, %682 : tensor<64x256xf32>
    %cst_213 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %885 = stablehlo.broadcast_in_dim %cst_213, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %886 = stablehlo.multiply %885, %arg51 : tensor<64x256xf32>
    %887 = stablehlo.add %884, %886 : tensor<64x256xf32>
    %cst_214 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %888 = stablehlo.broadcast_in_dim %cst_214, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %889 = stablehlo.multiply %888, %612 : tensor<4x16xf32>
    %cst_215 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %890 = stablehlo.broadcast_in_dim %cst_215, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %891 = stablehlo.multiply %890, %arg52 : tensor<4x16xf32>
    %892 = stablehlo.add %889, %891 : tensor<4x16xf32>
    %cst_216 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %893 = stablehlo.broadcast_in_dim %cst_216, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %894 = stablehlo.multiply %893, %614 : tensor<64x4x16xf32>
    %cst_217 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %895 = stablehlo.broadcast_in_dim %cst_217, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %896 = stablehlo.multiply %895, %arg53 : tensor<64x4x16xf32>
    %897 = stablehlo.add %894, %896 : tensor<64x4x16xf32>
    %cst_218 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %898 = stablehlo.broadcast_in_dim %cst_218, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %899 = stablehlo.multiply %898, %572 : tensor<64xf32>
    %cst_219 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %900 = stablehlo.broadcast_in_dim %cst_219, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %901 = stablehlo.multiply %900, %arg54 : tensor<64xf32>
    %902 = stablehlo.add %899, %901 : tensor<64xf32>
    %cst_220 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %903 = stablehlo.broadcast_in_dim %cst_220, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %904 = stablehlo.multiply %903, %574 : tensor<4x16x64xf32>
    %cst_221 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %905 = stablehlo.broadcast_in_dim %cst_221, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %906 = stablehlo.multiply %905, %arg55 : tensor<4x16x64xf32>
    %907 = stablehlo.add %904, %906 : tensor<4x16x64xf32>
    %cst_222 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %908 = stablehlo.broadcast_in_dim %cst_222, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %909 = stablehlo.multiply %908, %619 : tensor<4x16xf32>
    %cst_223 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %910 = stablehlo.broadcast_in_dim %cst_223, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %911 = stablehlo.multiply %910, %arg56 : tensor<4x16xf32>
    %912 = stablehlo.add %909, %911 : tensor<4x16xf32>
    %cst_224 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %913 = stablehlo.broadcast_in_dim %cst_224, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %914 = stablehlo.multiply %913, %621 : tensor<64x4x16xf32>
    %cst_225 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %915 = stablehlo.broadcast_in_dim %cst_225, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %916 = stablehlo.multiply %915, %arg57 : tensor<64x4x16xf32>
    %917 = stablehlo.add %914, %916 : tensor<64x4x16xf32>
    %cst_226 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %918 = stablehlo.broadcast_in_dim %cst_226, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %919 = stablehlo.multiply %918, %606 : tensor<4x16xf32>
    %cst_227 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %920 = stablehlo.broadcast_in_dim %cst_227, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %921 = stablehlo.multiply %920, %arg58 : tensor<4x16xf32>
    %922 = stablehlo.add %919, %921 : tensor<4x16xf32>
    %cst_228 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %923 = stablehlo.broadcast_in_dim %cst_228, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %924 = stablehlo.multiply %923, %608 : tensor<64x4x16xf32>
    %cst_229 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %925 = stablehlo.broadcast_in_dim %cst_229, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %926 = stablehlo.multiply %925, %arg59 : tensor<64x4x16xf32>
    %927 = stablehlo.add %924, %926 : tensor<64x4x16xf32>
    %cst_230 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %928 = stablehlo.broadcast_in_dim %cst_230, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %929 = stablehlo.multiply %928, %512 : tensor<64xf32>
    %cst_231 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %930 = stablehlo.broadcast_in_dim %cst_231, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %931 = stablehlo.multiply %930, %arg60 : tensor<64xf32>
    %932 = stablehlo.add %929, %931 : tensor<64xf32>
    %cst_232 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %933 = stablehlo.broadcast_in_dim %cst_232, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %934 = stablehlo.multiply %933, %514 : tensor<256x64xf32>
    %cst_233 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %935 = stablehlo.broadcast_in_dim %cst_233, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %936 = stablehlo.multiply %935, %arg61 : tensor<256x64xf32>
    %937 = stablehlo.add %934, %936 : tensor<256x64xf32>
    %cst_234 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %938 = stablehlo.broadcast_in_dim %cst_234, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %939 = stablehlo.multiply %938, %626 : tensor<64xf32>
    %cst_235 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %940 = stablehlo.broadcast_in_dim %cst_235, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %941 = stablehlo.multiply %940, %arg62 : tensor<64xf32>
    %942 = stablehlo.add %939, %941 : tensor<64xf32>
    %cst_236 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %943 = stablehlo.broadcast_in_dim %cst_236, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %944 = stablehlo.multiply %943, %637 : tensor<64xf32>
    %cst_237 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %945 = stablehlo.broadcast_in_dim %cst_237, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %946 = stablehlo.multiply %945, %arg63 : tensor<64xf32>
    %947 = stablehlo.add %944, %946 : tensor<64xf32>
    %cst_238 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %948 = stablehlo.broadcast_in_dim %cst_238, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %949 = stablehlo.multiply %948, %538 : tensor<64xf32>
    %cst_239 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %950 = stablehlo.broadcast_in_dim %cst_239, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %951 = stablehlo.multiply %950, %arg64 : tensor<64xf32>
    %952 = stablehlo.add %949, %951 : tensor<64xf32>
    %cst_240 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %953 = stablehlo.broadcast_in_dim %cst_240, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %954 = stablehlo.multiply %953, %549 : tensor<64xf32>
    %cst_241 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %955 = stablehlo.broadcast_in_dim %cst_241, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %956 = stablehlo.multiply %955, %arg65 : tensor<64xf32>
    %957 = stablehlo.add %954, %956 : tensor<64xf32>
    %cst_242 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %958 = stablehlo.broadcast_in_dim %cst_242, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %959 = stablehlo.multiply %958, %532 : tensor<256xf32>
    %cst_243 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %960 = stablehlo.broadcast_in_dim %cst_243, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %961 = stablehlo.multiply %960, %arg66 : tensor<256xf32>
    %962 = stablehlo.add %959, %961 : tensor<256xf32>
    %cst_244 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %963 = stablehlo.broadcast_in_dim %cst_244, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %964 = stablehlo.multiply %963, %534 : tensor<64x256xf32>
    %cst_245 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %965 = stablehlo.broadcast_in_dim %cst_245, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %966 = stablehlo.multiply %965, %arg67 : tensor<64x256xf32>
    %967 = stablehlo.add %964, %966 : tensor<64x256xf32>
    %cst_246 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %968 = stablehlo.broadcast_in_dim %cst_246, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %969 = stablehlo.multiply %968, %807 : tensor<256x64xf32>
    %cst_247 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %970 = stablehlo.broadcast_in_dim %cst_247, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %971 = stablehlo.multiply %970, %arg68 : tensor<256x64xf32>
    %972 = stablehlo.add %969, %971 : tensor<256x64xf32>
    %cst_248 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %973 = stablehlo.broadcast_in_dim %cst_248, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %974 = stablehlo.multiply %973, %479 : tensor<64xf32>
    %cst_249 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %975 = stablehlo.broadcast_in_dim %cst_249, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %976 = stablehlo.multiply %975, %arg69 : tensor<64xf32>
    %977 = stablehlo.add %974, %976 : tensor<64xf32>
    %cst_250 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %978 = stablehlo.broadcast_in_dim %cst_250, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %979 = stablehlo.multiply %978, %490 : tensor<64xf32>
    %cst_251 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %980 = stablehlo.broadcast_in_dim %cst_251, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %981 = stablehlo.multiply %980, %arg70 : tensor<64xf32>
    %982 = stablehlo.add %979, %981 : tensor<64xf32>
    %983 = stablehlo.multiply %760, %760 : tensor<4x16xf32>
    %cst_252 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %984 = stablehlo.broadcast_in_dim %cst_252, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %985 = stablehlo.multiply %984, %983 : tensor<4x16xf32>
    %cst_253 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %986 = stablehlo.broadcast_in_dim %cst_253, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %987 = stablehlo.multiply %986, %arg71 : tensor<4x16xf32>
    %988 = stablehlo.add %985, %987 : tensor<4x16xf32>
    %989 = stablehlo.multiply %762, %762 : tensor<64x4x16xf32>
    %cst_254 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %990 = stablehlo.broadcast_in_dim %cst_254, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %991 = stablehlo.multiply %990, %989 : tensor<64x4x16xf32>
    %cst_255 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %992 = stablehlo.broadcast_in_dim %cst_255, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %993 = stablehlo.multiply %992, %arg72 : tensor<64x4x16xf32>
    %994 = stablehlo.add %991, %993 : tensor<64x4x16xf32>
    %995 = stablehlo.multiply %720, %720 : tensor<64xf32>
    %cst_256 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %996 = stablehlo.broadcast_in_dim %cst_256, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %997 = stablehlo.multiply %996, %995 : tensor<64xf32>
    %cst_257 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %998 = stablehlo.broadcast_in_dim %cst_257, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %999 = stablehlo.multiply %998, %arg73 : tensor<64xf32>
    %1000 = stablehlo.add %997, %999 : tensor<64xf32>
    %1001 = stablehlo.multiply %722, %722 : tensor<4x16x64xf32>
    %cst_258 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1002 = stablehlo.broadcast_in_dim %cst_258, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1003 = stablehlo.multiply %1002, %1001 : tensor<4x16x64xf32>
    %cst_259 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1004 = stablehlo.broadcast_in_dim %cst_259, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1005 = stablehlo.multiply %1004, %arg74 : tensor<4x16x64xf32>
    %1006 = stablehlo.add %1003, %1005 : tensor<4x16x64xf32>
    %1007 = stablehlo.multiply %767, %767 : tensor<4x16xf32>
    %cst_260 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1008 = stablehlo.broadcast_in_dim %cst_260, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1009 = stablehlo.multiply %1008, %1007 : tensor<4x16xf32>
    %cst_261 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1010 = stablehlo.broadcast_in_dim %cst_261, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1011 = stablehlo.multiply %1010, %arg75 : tensor<4x16xf32>
    %1012 = stablehlo.add %1009, %1011 : tensor<4x16xf32>
    %1013 = stablehlo.multiply %769, %769 : tensor<64x4x16xf32>
    %cst_262 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1014 = stablehlo.broadcast_in_dim %cst_262, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1015 = stablehlo.multiply %1014, %1013 : tensor<64x4x16xf32>
    %cst_263 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1016 = stablehlo.broadcast_in_dim %cst_263, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1017 = stablehlo.multiply %1016, %arg76 : tensor<64x4x16xf32>
    %1018 = stablehlo.add %1015, %1017 : tensor<64x4x16xf32>
    %1019 = stablehlo.multiply %754, %754 : tensor<4x16xf32>
    %cst_264 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1020 = stablehlo.broadcast_in_dim %cst_264, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1021 = stablehlo.multiply %1020, %1019 : tensor<4x16xf32>
    %cst_265 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1022 = stablehlo.broadcast_in_dim %cst_265, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1023 = stablehlo.multiply %1022, %arg77 : tensor<4x16xf32>
    %1024 = stablehlo.add %1021, %1023 : tensor<4x16xf32>
    %1025 = stablehlo.multiply %756, %756 : tensor<64x4x16xf32>
    %cst_266 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1026 = stablehlo.broadcast_in_dim %cst_266, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1027 = stablehlo.multiply %1026, %1025 : tensor<64x4x16xf32>
    %cst_267 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1028 = stablehlo.broadcast_in_dim %cst_267, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1029 = stablehlo.multiply %1028, %arg78 : tensor<64x4x16xf32>
    %1030 = stablehlo.add %1027, %1029 : tensor<64x4x16xf32>
    %1031 = stablehlo.multiply %660, %660 : tensor<64xf32>
    %cst_268 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1032 = stablehlo.broadcast_in_dim %cst_268, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1033 = stablehlo.multiply %1032, %1031 : tensor<64xf32>
    %cst_269 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1034 = stablehlo.broadcast_in_dim %cst_269, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1035 = stablehlo.multiply %1034, %arg79 : tensor<64xf32>
    %1036 = stablehlo.add %1033, %1035 : tensor<64xf32>
    %1037 = stablehlo.multiply %662, %662 : tensor<256x64xf32>
    %cst_270 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1038 = stablehlo.broadcast_in_dim %cst_270, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1039 = stablehlo.multiply %1038, %1037 : tensor<256x64xf32>
    %cst_271 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1040 = stablehlo.broadcast_in_dim %cst_271, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1041 = stablehlo.multiply %1040, %arg80 : tensor<256x64xf32>
    %1042 = stablehlo.add %1039, %1041 : tensor<256x64xf32>
    %1043 = stablehlo.multiply %774, %774 : tensor<64xf32>
    %cst_272 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1044 = stablehlo.broadcast_in_dim %cst_272, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1045 = stablehlo.multiply %1044, %1043 : tensor<64xf32>
    %cst_273 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1046 = stablehlo.broadcast_in_dim %cst_273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1047 = stablehlo.multiply %1046, %arg81 : tensor<64xf32>
    %1048 = stablehlo.add %1045, %1047 : tensor<64xf32>
    %1049 = stablehlo.multiply %785, %785 : tensor<64xf32>
    %cst_274 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1050 = stablehlo.broadcast_in_dim %cst_274, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1051 = stablehlo.multiply %1050, %1049 : tensor<64xf32>
    %cst_275 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1052 = stablehlo.broadcast_in_dim %cst_275, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1053 = stablehlo.multiply %1052, %arg82 : tensor<64xf32>
    %1054 = stablehlo.add %1051, %1053 : tensor<64xf32>
    %1055 = stablehlo.multiply %686, %686 : tensor<64xf32>
    %cst_276 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1056 = stablehlo.broadcast_in_dim %cst_276, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1057 = stablehlo.multiply %1056, %1055 : tensor<64xf32>
    %cst_277 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1058 = stablehlo.broadcast_in_dim %cst_277, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1059 = stablehlo.multiply %1058, %arg83 : tensor<64xf32>
    %1060 = stablehlo.add %1057, %1059 : tensor<64xf32>
    %1061 = stablehlo.multiply %697, %697 : tensor<64xf32>
    %cst_278 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1062 = stablehlo.broadcast_in_dim %cst_278, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1063 = stablehlo.multiply %1062, %1061 : tensor<64xf32>
    %cst_279 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1064 = stablehlo.broadcast_in_dim %cst_279, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1065 = stablehlo.multiply %1064, %arg84 : tensor<64xf32>
    %1066 = stablehlo.add %1063, %1065 : tensor<64xf32>
    %1067 = stablehlo.multiply %680, %680 : tensor<256xf32>
    %cst_280 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1068 = stablehlo.broadcast_in_dim %cst_280, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1069 = stablehlo.multiply %1068, %1067 : tensor<256xf32>
    %cst_281 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1070 = stablehlo.broadcast_in_dim %cst_281, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1071 = stablehlo.multiply %1070, %arg85 : tensor<256xf32>
    %1072 = stablehlo.add %1069, %1071 : tensor<256xf32>
    %1073 = stablehlo.multiply %682, %682 : tensor<64x256xf32>
    %cst_282 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1074 = stablehlo.broadcast_in_dim %cst_282, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1075 = stablehlo.multiply %1074, %1073 : tensor<64x256xf32>
    %cst_283 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1076 = stablehlo.broadcast_in_dim %cst_283, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1077 = stablehlo.multiply %1076, %arg86 : tensor<64x256xf32>
    %1078 = stablehlo.add %1075, %1077 : tensor<64x256xf32>
    %1079 = stablehlo.multiply %612, %612 : tensor<4x16xf32>
    %cst_284 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1080 = stablehlo.broadcast_in_dim %cst_284, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1081 = stablehlo.multiply %1080, %1079 : tensor<4x16xf32>
    %cst_285 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1082 = stablehlo.broadcast_in_dim %cst_285, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1083 = stablehlo.multiply %1082, %arg87 : tensor<4x16xf32>
    %1084 = stablehlo.add %1081, %1083 : tensor<4x16xf32>
    %1085 = stablehlo.multiply %614, %614 : tensor<64x4x16xf32>
    %cst_286 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1086 = stablehlo.broadcast_in_dim %cst_286, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1087 = stablehlo.multiply %1086, %1085 : tensor<64x4x16xf32>
    %cst_287 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1088 = stablehlo.broadcast_in_dim %cst_287, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1089 = stablehlo.multiply %1088, %arg88 : tensor<64x4x16xf32>
    %1090 = stablehlo.add %1087, %1089 : tensor<64x4x16xf32>
    %1091 = stablehlo.multiply %572, %572 : tensor<64xf32>
    %cst_288 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1092 = stablehlo.broadcast_in_dim %cst_288, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1093 = stablehlo.multiply %1092, %1091 : tensor<64xf32>
    %cst_289 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1094 = stablehlo.broadcast_in_dim %cst_289, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1095 = stablehlo.multiply %1094, %arg89 : tensor<64xf32>
    %1096 = stablehlo.add %1093, %1095 : tensor<64xf32>
    %1097 = stablehlo.multiply %574, %574 : tensor<4x16x64xf32>
    %cst_290 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1098 = stablehlo.broadcast_in_dim %cst_290, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1099 = stablehlo.multiply %1098, %1097 : tensor<4x16x64xf32>
    %cst_291 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1100 = stablehlo.broadcast_in_dim %cst_291, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1101 = stablehlo.multiply %1100, %arg90 : tensor<4x16x64xf32>
    %1102 = stablehlo.add %1099, %1101 : tensor<4x16x64xf32>
    %1103 = stablehlo.multiply %619, %619 : tensor<4x16xf32>
    %cst_292 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1104 = stablehlo.broadcast_in_dim %cst_292, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1105 = stablehlo.multiply %1104, %1103 : tensor<4x16xf32>
    %cst_293 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1106 = stablehlo.broadcast_in_dim %cst_293, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1107 = stablehlo.multiply %1106, %arg91 : tensor<4x16xf32>
    %1108 = stablehlo.add %1105, %1107 : tensor<4x16xf32>
    %1109 = stablehlo.multiply %621, %621 : tensor<64x4x16xf32>
    %cst_294 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1110 = stablehlo.broadcast_in_dim %cst_294, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1111 = stablehlo.multiply %1110, %1109 : tensor<64x4x16xf32>
    %cst_295 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1112 = stablehlo.broadcast_in_dim %cst_295, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1113 = stablehlo.multiply %1112, %arg92 : tensor<64x4x16xf32>
    %1114 = stablehlo.add %1111, %1113 : tensor<64x4x16xf32>
    %1115 = stablehlo.multiply %606, %606 : tensor<4x16xf32>
    %cst_296 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1116 = stablehlo.broadcast_in_dim %cst_296, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1117 = stablehlo.multiply %1116, %1115 : tensor<4x16xf32>
    %cst_297 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1118 = stablehlo.broadcast_in_dim %cst_297, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1119 = stablehlo.multiply %1118, %arg93 : tensor<4x16xf32>
    %1120 = stablehlo.add %1117, %1119 : tensor<4x16xf32>
    %1121 = stablehlo.multiply %608, %608 : tensor<64x4x16xf32>
    %cst_298 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1122 = stablehlo.broadcast_in_dim %cst_298, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1123 = stablehlo.multiply %1122, %1121 : tensor<64x4x16xf32>
    %cst_299 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1124 = stablehlo.broadcast_in_dim %cst_299, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1125 = stablehlo.multiply %1124, %arg94 : tensor<64x4x16xf32>
    %1126 = stablehlo.add %1123, %1125 : tensor<64x4x16xf32>
    %1127 = stablehlo.multiply %512, %512 : tensor<64xf32>
    %cst_300 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1128 = stablehlo.broadcast_in_dim %cst_300, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1129 = stablehlo.multiply %1128, %1127 : tensor<64xf32>
    %cst_301 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1130 = stablehlo.broadcast_in_dim %cst_301, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1131 = stablehlo.multiply %1130, %arg95 : tensor<64xf32>
    %1132 = stablehlo.add %1129, %1131 : tensor<64xf32>
    %1133 = stablehlo.multiply %514, %514 : tensor<256x64xf32>
    %cst_302 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1134 = stablehlo.broadcast_in_dim %cst_302, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1135 = stablehlo.multiply %1134, %1133 : tensor<256x64xf32>
    %cst_303 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1136 = stablehlo.broadcast_in_dim %cst_303, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1137 = stablehlo.multiply %1136, %arg96 : tensor<256x64xf32>
    %1138 = stablehlo.add %1135, %1137 : tensor<256x64xf32>
    %1139 = stablehlo.multiply %626, %626 : tensor<64xf32>
    %cst_304 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1140 = stablehlo.broadcast_in_dim %cst_304, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1141 = stablehlo.multiply %1140, %1139 : tensor<64xf32>
    %cst_305 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1142 = stablehlo.broadcast_in_dim %cst_305, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1143 = stablehlo.multiply %1142, %arg97 : tensor<64xf32>
    %1144 = stablehlo.add %1141, %1143 : tensor<64xf32>
    %1145 = stablehlo.multiply %637, %637 : tensor<64xf32>
    %cst_306 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1146 = stablehlo.broadcast_in_dim %cst_306, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1147 = stablehlo.multiply %1146, %1145 : tensor<64xf32>
    %cst_307 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1148 = stablehlo.broadcast_in_dim %cst_307, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1149 = stablehlo.multiply %1148, %arg98 : tensor<64xf32>
    %1150 = stablehlo.add %1147, %1149 : tensor<64xf32>
    %1151 = stablehlo.multiply %538, %538 : tensor<64xf32>
    %cst_308 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1152 = stablehlo.broadcast_in_dim %cst_308, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1153 = stablehlo.multiply %1152, %1151 : tensor<64xf32>
    %cst_309 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1154 = stablehlo.broadcast_in_dim %cst_309, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1155 = stablehlo.multiply %1154, %arg99 : tensor<64xf32>
    %1156 = stablehlo.add %1153, %1155 : tensor<64xf32>
    %1157 = stablehlo.multiply %549, %549 : tensor<64xf32>
    %cst_310 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1158 = stablehlo.broadcast_in_dim %cst_310, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1159 = stablehlo.multiply %1158, %1157 : tensor<64xf32>
    %cst_311 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1160 = stablehlo.broadcast_in_dim %cst_311, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1161 = stablehlo.multiply %1160, %arg100 : tensor<64xf32>
    %1162 = stablehlo.add %1159, %1161 : tensor<64xf32>
    %1163 = stablehlo.multiply %532, %532 : tensor<256xf32>
    %cst_312 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1164 = stablehlo.broadcast_in_dim %cst_312, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1165 = stablehlo.multiply %1164, %1163 : tensor<256xf32>
    %cst_313 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1166 = stablehlo.broadcast_in_dim %cst_313, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1167 = stablehlo.multiply %1166, %arg101 : tensor<256xf32>
    %1168 = stablehlo.add %1165, %1167 : tensor<256xf32>
    %1169 = stablehlo.multiply %534, %534 : tensor<64x256xf32>
    %cst_314 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1170 = stablehlo.broadcast_in_dim %cst_314, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1171 = stablehlo.multiply %1170, %1169 : tensor<64x256xf32>
    %cst_315 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1172 = stablehlo.broadcast_in_dim %cst_315, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1173 = stablehlo.multiply %1172, %arg102 : tensor<64x256xf32>
    %1174 = stablehlo.add %1171, %1173 : tensor<64x256xf32>
    %1175 = stablehlo.multiply %807, %807 : tensor<256x64xf32>
    %cst_316 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1176 = stablehlo.broadcast_in_dim %cst_316, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1177 = stablehlo.multiply %1176, %1175 : tensor<256x64xf32>
    %cst_317 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1178 = stablehlo.broadcast_in_dim %cst_317, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1179 = stablehlo.multiply %1178, %arg103 : tensor<256x64xf32>
    %1180 = stablehlo.add %1177, %1179 : tensor<256x64xf32>
    %1181 = stablehlo.multiply %479, %479 : tensor<64xf32>
    %cst_318 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1182 = stablehlo.broadcast_in_dim %cst_318, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1183 = stablehlo.multiply %1182, %1181 : tensor<64xf32>
    %cst_319 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1184 = stablehlo.broadcast_in_dim %cst_319, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1185 = stablehlo.multiply %1184, %arg104 : tensor<64xf32>
    %1186 = stablehlo.add %1183, %1185 : tensor<64xf32>
    %1187 = stablehlo.multiply %490, %490 : tensor<64xf32>
    %cst_320 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1188 = stablehlo.broadcast_in_dim %cst_320, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1189 = stablehlo.multiply %1188, %1187 : tensor<64xf32>
    %cst_321 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1190 = stablehlo.broadcast_in_dim %cst_321, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1191 = stablehlo.multiply %1190, %arg105 : tensor<64xf32>
    %1192 = stablehlo.add %1189, %1191 : tensor<64xf32>
    %c_322 = stablehlo.constant dense<2147483647> : tensor<i32>
    %1193 = stablehlo.compare LT, %arg35, %c_322, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_323 = stablehlo.constant dense<1> : tensor<i32>
    %1194 = stablehlo.add %arg35, %c_323 : tensor<i32>
    %c_324 = stablehlo.constant dense<2147483647> : tensor<i32>
    %1195 = call @_where_7(%1193, %1194, %c_324) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %1196 = stablehlo.convert %1195 : (tensor<i32>) -> tensor<f32>
    %cst_325 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %1197 = stablehlo.convert %1195 : (tensor<i32>) -> tensor<f32>
    %1198 = stablehlo.power %cst_325, %1197 : tensor<f32>
    %cst_326 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1199 = stablehlo.subtract %cst_326, %1198 : tensor<f32>
    %1200 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1201 = stablehlo.divide %812, %1200 : tensor<4x16xf32>
    %1202 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1203 = stablehlo.divide %817, %1202 : tensor<64x4x16xf32>
    %1204 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1205 = stablehlo.divide %822, %1204 : tensor<64xf32>
    %1206 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1207 = stablehlo.divide %827, %1206 : tensor<4x16x64xf32>
    %1208 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1209 = stablehlo.divide %832, %1208 : tensor<4x16xf32>
    %1210 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1211 = stablehlo.divide %837, %1210 : tensor<64x4x16xf32>
    %1212 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1213 = stablehlo.divide %842, %1212 : tensor<4x16xf32>
    %1214 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1215 = stablehlo.divide %847, %1214 : tensor<64x4x16xf32>
    %1216 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1217 = stablehlo.divide %852, %1216 : tensor<64xf32>
    %1218 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1219 = stablehlo.divide %857, %1218 : tensor<256x64xf32>
    %1220 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1221 = stablehlo.divide %862, %1220 : tensor<64xf32>
    %1222 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1223 = stablehlo.divide %867, %1222 : tensor<64xf32>
    %1224 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1225 = stablehlo.divide %872, %1224 : tensor<64xf32>
    %1226 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1227 = stablehlo.divide %877, %1226 : tensor<64xf32>
    %1228 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1229 = stablehlo.divide %882, %1228 : tensor<256xf32>
    %1230 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1231 = stablehlo.divide %887, %1230 : tensor<64x256xf32>
    %1232 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1233 = stablehlo.divide %892, %1232 : tensor<4x16xf32>
    %1234 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1235 = stablehlo.divide %897, %1234 : tensor<64x4x16xf32>
    %1236 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1237 = stablehlo.divide %902, %1236 : tensor<64xf32>
    %1238 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1239 = stablehlo.divide %907, %1238 : tensor<4x16x64xf32>
    %1240 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1241 = stablehlo.divide %912, %1240 : tensor<4x16xf32>
    %1242 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1243 = stablehlo.divide %917, %1242 : tensor<64x4x16xf32>
    %1244 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1245 = stablehlo.divide %922, %1244 : tensor<4x16xf32>
    %1246 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1247 = stablehlo.divide %927, %1246 : tensor<64x4x16xf32>
    %1248 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1249 = stablehlo.divide %932, %1248 : tensor<64xf32>
    %1250 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1251 = stablehlo.divide %937, %1250 : tensor<256x64xf32>
    %1252 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1253 = stablehlo.divide %942, %1252 : tensor<64xf32>
    %1254 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1255 = stablehlo.divide %947, %1254 : tensor<64xf32>
    %1256 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1257 = stablehlo.divide %952, %1256 : tensor<64xf32>
    %1258 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1259 = stablehlo.divide %957, %1258 : tensor<64xf32>
    %1260 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1261 = stablehlo.divide %962, %1260 : tensor<256xf32>
    %1262 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1263 = stablehlo.divide %967, %1262 : tensor<64x256xf32>
    %1264 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1265 = stablehlo.divide %972, %1264 : tensor<256x64xf32>
    %1266 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1267 = stablehlo.divide %977, %1266 : tensor<64xf32>
    %1268 = stablehlo.broadcast_in_dim %1199, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1269 = stablehlo.divide %982, %1268 : tensor<64xf32>
    %1270 = stablehlo.convert %1195 : (tensor<i32>) -> tensor<f32>
    %cst_327 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1271 = stablehlo.convert %1195 : (tensor<i32>) -> tensor<f32>
    %1272 = stablehlo.power %cst_327, %1271 : tensor<f32>
    %cst_328 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1273 = stablehlo.subtract %cst_328, %1272 : tensor<f32>
    %1274 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1275 = stablehlo.divide %988, %1274 : tensor<4x16xf32>
    %1276 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1277 = stablehlo.divide %994, %1276 : tensor<64x4x16xf32>
    %1278 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1279 = stablehlo.divide %1000, %1278 : tensor<64xf32>
    %1280 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1281 = stablehlo.divide %1006, %1280 : tensor<4x16x64xf32>
    %1282 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1283 = stablehlo.divide %1012, %1282 : tensor<4x16xf32>
    %1284 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1285 = stablehlo.divide %1018, %1284 : tensor<64x4x16xf32>
    %1286 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1287 = stablehlo.divide %1024, %1286 : tensor<4x16xf32>
    %1288 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1289 = stablehlo.divide %1030, %1288 : tensor<64x4x16xf32>
    %1290 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1291 = stablehlo.divide %1036, %1290 : tensor<64xf32>
    %1292 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1293 = stablehlo.divide %1042, %1292 : tensor<256x64xf32>
    %1294 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1295 = stablehlo.divide %1048, %1294 : tensor<64xf32>
    %1296 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1297 = stablehlo.divide %1054, %1296 : tensor<64xf32>
    %1298 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1299 = stablehlo.divide %1060, %1298 : tensor<64xf32>
    %1300 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1301 = stablehlo.divide %1066, %1300 : tensor<64xf32>
    %1302 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1303 = stablehlo.divide %1072, %1302 : tensor<256xf32>
    %1304 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1305 = stablehlo.divide %1078, %1304 : tensor<64x256xf32>
    %1306 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1307 = stablehlo.divide %1084, %1306 : tensor<4x16xf32>
    %1308 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1309 = stablehlo.divide %1090, %1308 : tensor<64x4x16xf32>
    %1310 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1311 = stablehlo.divide %1096, %1310 : tensor<64xf32>
    %1312 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1313 = stablehlo.divide %1102, %1312 : tensor<4x16x64xf32>
    %1314 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1315 = stablehlo.divide %1108, %1314 : tensor<4x16xf32>
    %1316 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1317 = stablehlo.divide %1114, %1316 : tensor<64x4x16xf32>
    %1318 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1319 = stablehlo.divide %1120, %1318 : tensor<4x16xf32>
    %1320 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1321 = stablehlo.divide %1126, %1320 : tensor<64x4x16xf32>
    %1322 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1323 = stablehlo.divide %1132, %1322 : tensor<64xf32>
    %1324 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1325 = stablehlo.divide %1138, %1324 : tensor<256x64xf32>
    %1326 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1327 = stablehlo.divide %1144, %1326 : tensor<64xf32>
    %1328 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1329 = stablehlo.divide %1150, %1328 : tensor<64xf32>
    %1330 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1331 = stablehlo.divide %1156, %1330 : tensor<64xf32>
    %1332 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1333 = stablehlo.divide %1162, %1332 : tensor<64xf32>
    %1334 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1335 = stablehlo.divide %1168, %1334 : tensor<256xf32>
    %1336 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1337 = stablehlo.divide %1174, %1336 : tensor<64x256xf32>
    %1338 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1339 = stablehlo.divide %1180, %1338 : tensor<256x64xf32>
    %1340 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1341 = stablehlo.divide %1186, %1340 : tensor<64xf32>
    %1342 = stablehlo.broadcast_in_dim %1273, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1343 = stablehlo.divide %1192, %1342 : tensor<64xf32>
    %cst_329 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1344 = stablehlo.broadcast_in_dim %cst_329, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1345 = stablehlo.add %1275, %1344 : tensor<4x16xf32>
    %1346 = stablehlo.sqrt %1345 : tensor<4x16xf32>
    %cst_330 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1347 = stablehlo.broadcast_in_dim %cst_330, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1348 = stablehlo.add %1346, %1347 : tensor<4x16xf32>
    %1349 = stablehlo.divide %1201, %1348 : tensor<4x16xf32>
    %cst_331 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1350 = stablehlo.broadcast_in_dim %cst_331, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1351 = stablehlo.add %1277, %1350 : tensor<64x4x16xf32>
    %1352 = stablehlo.sqrt %1351 : tensor<64x4x16xf32>
    %cst_332 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1353 = stablehlo.broadcast_in_dim %cst_332, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1354 = stablehlo.add %1352, %1353 : tensor<64x4x16xf32>
    %1355 = stablehlo.divide %1203, %1354 : tensor<64x4x16xf32>
    %cst_333 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1356 = stablehlo.broadcast_in_dim %cst_333, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1357 = stablehlo.add %1279, %1356 : tensor<64xf32>
    %1358 = stablehlo.sqrt %1357 : tensor<64xf32>
    %cst_334 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1359 = stablehlo.broadcast_in_dim %cst_334, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1360 = stablehlo.add %1358, %1359 : tensor<64xf32>
    %1361 = stablehlo.divide %1205, %1360 : tensor<64xf32>
    %cst_335 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1362 = stablehlo.broadcast_in_dim %cst_335, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1363 = stablehlo.add %1281, %1362 : tensor<4x16x64xf32>
    %1364 = stablehlo.sqrt %1363 : tensor<4x16x64xf32>
    %cst_336 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1365 = stablehlo.broadcast_in_dim %cst_336, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1366 = stablehlo.add %1364, %1365 : tensor<4x16x64xf32>
    %1367 = stablehlo.divide %1207, %1366 : tensor<4x16x64xf32>
    %cst_337 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1368 = stablehlo.broadcast_in_dim %cst_337, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1369 = stablehlo.add %1283, %1368 : tensor<4x16xf32>
    %1370 = stablehlo.sqrt %1369 : tensor<4x16xf32>
    %cst_338 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1371 = stablehlo.broadcast_in_dim %cst_338, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1372 = stablehlo.add %1370, %1371 : tensor<4x16xf32>
    %1373 = stablehlo.divide %1209, %1372 : tensor<4x16xf32>
    %cst_339 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1374 = stablehlo.broadcast_in_dim %cst_339, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1375 = stablehlo.add %1285, %1374 : tensor<64x4x16xf32>
    %1376 = stablehlo.sqrt %1375 : tensor<64x4x16xf32>
    %cst_340 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1377 = stablehlo.broadcast_in_dim %cst_340, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1378 = stablehlo.add %1376, %1377 : tensor<64x4x16xf32>
    %1379 = stablehlo.divide %1211, %1378 : tensor<64x4x16xf32>
    %cst_341 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1380 = stablehlo.broadcast_in_dim %cst_341, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1381 = stablehlo.add %1287, %1380 : tensor<4x16xf32>
    %1382 = stablehlo.sqrt %1381 : tensor<4x16xf32>
    %cst_342 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1383 = stablehlo.broadcast_in_dim %cst_342, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1384 = stablehlo.add %1382, %1383 : tensor<4x16xf32>
    %1385 = stablehlo.divide %1213, %1384 : tensor<4x16xf32>
    %cst_343 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1386 = stablehlo.broadcast_in_dim %cst_343, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1387 = stablehlo.add %1289, %1386 : tensor<64x4x16xf32>
    %1388 = stablehlo.sqrt %1387 : tensor<64x4x16xf32>
    %cst_344 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1389 = stablehlo.broadcast_in_dim %cst_344, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1390 = stablehlo.add %1388, %1389 : tensor<64x4x16xf32>
    %1391 = stablehlo.divide %1215, %1390 : tensor<64x4x16xf32>
    %cst_345 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1392 = stablehlo.broadcast_in_dim %cst_345, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1393 = stablehlo.add %1291, %1392 : tensor<64xf32>
    %1394 = stablehlo.sqrt %1393 : tensor<64xf32>
    %cst_346 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1395 = stablehlo.broadcast_in_dim %cst_346, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1396 = stablehlo.add %1394, %1395 : tensor<64xf32>
    %1397 = stablehlo.divide %1217, %1396 : tensor<64xf32>
    %cst_347 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1398 = stablehlo.broadcast_in_dim %cst_347, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1399 = stablehlo.add %1293, %1398 : tensor<256x64xf32>
    %1400 = stablehlo.sqrt %1399 : tensor<256x64xf32>
    %cst_348 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1401 = stablehlo.broadcast_in_dim %cst_348, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1402 = stablehlo.add %1400, %1401 : tensor<256x64xf32>
    %1403 = stablehlo.divide %1219, %1402 : tensor<256x64xf32>
    %cst_349 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1404 = stablehlo.broadcast_in_dim %cst_349, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1405 = stablehlo.add %1295, %1404 : tensor<64xf32>
    %1406 = stablehlo.sqrt %1405 : tensor<64xf32>
    %cst_350 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1407 = stablehlo.broadcast_in_dim %cst_350, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1408 = stablehlo.add %1406, %1407 : tensor<64xf32>
    %1409 = stablehlo.divide %1221, %1408 : tensor<64xf32>
    %cst_351 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1410 = stablehlo.broadcast_in_dim %cst_351, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1411 = stablehlo.add %1297, %1410 : tensor<64xf32>
    %1412 = stablehlo.sqrt %1411 : tensor<64xf32>
    %cst_352 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1413 = stablehlo.broadcast_in_dim %cst_352, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1414 = stablehlo.add %1412, %1413 : tensor<64xf32>
    %1415 = stablehlo.divide %1223, %1414 : tensor<64xf32>
    %cst_353 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1416 = stablehlo.broadcast_in_dim %cst_353, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1417 = stablehlo.add %1299, %1416 : tensor<64xf32>
    %1418 = stablehlo.sqrt %1417 : tensor<64xf32>
    %cst_354 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1419 = stablehlo.broadcast_in_dim %cst_354, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1420 = stablehlo.add %1418, %1419 : tensor<64xf32>
    %1421 = stablehlo.divide %1225, %1420 : tensor<64xf32>
    %cst_355 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1422 = stablehlo.broadcast_in_dim %cst_355, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1423 = stablehlo.add %1301, %1422 : tensor<64xf32>
    %1424 = stablehlo.sqrt %1423 : tensor<64xf32>
    %cst_356 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1425 = stablehlo.broadcast_in_dim %cst_356, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1426 = stablehlo.add %1424, %1425 : tensor<64xf32>
    %1427 = stablehlo.divide %1227, %1426 : tensor<64xf32>
    %cst_357 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1428 = stablehlo.broadcast_in_dim %cst_357, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1429 = stablehlo.add %1303, %1428 : tensor<256xf32>
    %1430 = stablehlo.sqrt %1429 : tensor<256xf32>
    %cst_358 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1431 = stablehlo.broadcast_in_dim %cst_358, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1432 = stablehlo.add %1430, %1431 : tensor<256xf32>
    %1433 = stablehlo.divide %1229, %1432 : tensor<256xf32>
    %cst_359 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1434 = stablehlo.broadcast_in_dim %cst_359, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1435 = stablehlo.add %1305, %1434 : tensor<64x256xf32>
    %1436 = stablehlo.sqrt %1435 : tensor<64x256xf32>
    %cst_360 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1437 = stablehlo.broadcast_in_dim %cst_360, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1438 = stablehlo.add %1436, %1437 : tensor<64x256xf32>
    %1439 = stablehlo.divide %1231, %1438 : tensor<64x256xf32>
    %cst_361 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1440 = stablehlo.broadcast_in_dim %cst_361, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1441 = stablehlo.add %1307, %1440 : tensor<4x16xf32>
    %1442 = stablehlo.sqrt %1441 : tensor<4x16xf32>
    %cst_362 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1443 = stablehlo.broadcast_in_dim %cst_362, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1444 = stablehlo.add %1442, %1443 : tensor<4x16xf32>
    %1445 = stablehlo.divide %1233, %1444 : tensor<4x16xf32>
    %cst_363 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1446 = stablehlo.broadcast_in_dim %cst_363, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1447 = stablehlo.add %1309, %1446 : tensor<64x4x16xf32>
    %1448 = stablehlo.sqrt %1447 : tensor<64x4x16xf32>
    %cst_364 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1449 = stablehlo.broadcast_in_dim %cst_364, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1450 = stablehlo.add %1448, %1449 : tensor<64x4x16xf32>
    %1451 = stablehlo.divide %1235, %1450 : tensor<64x4x16xf32>
    %cst_365 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1452 = stablehlo.broadcast_in_dim %cst_365, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1453 = stablehlo.add %1311, %1452 : tensor<64xf32>
    %1454 = stablehlo.sqrt %1453 : tensor<64xf32>
    %cst_366 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1455 = stablehlo.broadcast_in_dim %cst_366, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1456 = stablehlo.add %1454, %1455 : tensor<64xf32>
    %1457 = stablehlo.divide %1237, %1456 : tensor<64xf32>
    %cst_367 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1458 = stablehlo.broadcast_in_dim %cst_367, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1459 = stablehlo.add %1313, %1458 : tensor<4x16x64xf32>
    %1460 = stablehlo.sqrt %1459 : tensor<4x16x64xf32>
    %cst_368 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1461 = stablehlo.broadcast_in_dim %cst_368, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1462 = stablehlo.add %1460, %1461 : tensor<4x16x64xf32>
    %1463 = stablehlo.divide %1239, %1462 : tensor<4x16x64xf32>
    %cst_369 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1464 = stablehlo.broadcast_in_dim %cst_369, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1465 = stablehlo.add %1315, %1464 : tensor<4x16xf32>
    %1466 = stablehlo.sqrt %1465 : tensor<4x16xf32>
    %cst_370 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1467 = stablehlo.broadcast_in_dim %cst_370, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1468 = stablehlo.add %1466, %1467 : tensor<4x16xf32>
    %1469 = stablehlo.divide %1241, %1468 : tensor<4x16xf32>
    %cst_371 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1470 = stablehlo.broadcast_in_dim %cst_371, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1471 = stablehlo.add %1317, %1470 : tensor<64x4x16xf32>
    %1472 = stablehlo.sqrt %1471 : tensor<64x4x16xf32>
    %cst_372 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1473 = stablehlo.broadcast_in_dim %cst_372, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1474 = stablehlo.add %1472, %1473 : tensor<64x4x16xf32>
    %1475 = stablehlo.divide %1243, %1474 : tensor<64x4x16xf32>
    %cst_373 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1476 = stablehlo.broadcast_in_dim %cst_373, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1477 = stablehlo.add %1319, %1476 : tensor<4x16xf32>
    %1478 = stablehlo.sqrt %1477 : tensor<4x16xf32>
    %cst_374 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1479 = stablehlo.broadcast_in_dim %cst_374, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1480 = stablehlo.add %1478, %1479 : tensor<4x16xf32>
    %1481 = stablehlo.divide %1245, %1480 : tensor<4x16xf32>
    %cst_375 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1482 = stablehlo.broadcast_in_dim %cst_375, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1483 = stablehlo.add %1321, %1482 : tensor<64x4x16xf32>
    %1484 = stablehlo.sqrt %1483 : tensor<64x4x16xf32>
    %cst_376 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1485 = stablehlo.broadcast_in_dim %cst_376, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1486 = stablehlo.add %1484, %1485 : tensor<64x4x16xf32>
    %1487 = stablehlo.divide %1247, %1486 : tensor<64x4x16xf32>
    %cst_377 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1488 = stablehlo.broadcast_in_dim %cst_377, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1489 = stablehlo.add %1323, %1488 : tensor<64xf32>
    %1490 = stablehlo.sqrt %1489 : tensor<64xf32>
    %cst_378 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1491 = stablehlo.broadcast_in_dim %cst_378, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1492 = stablehlo.add %1490, %1491 : tensor<64xf32>
    %1493 = stablehlo.divide %1249, %1492 : tensor<64xf32>
    %cst_379 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1494 = stablehlo.broadcast_in_dim %cst_379, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1495 = stablehlo.add %1325, %1494 : tensor<256x64xf32>
    %1496 = stablehlo.sqrt %1495 : tensor<256x64xf32>
    %cst_380 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1497 = stablehlo.broadcast_in_dim %cst_380, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1498 = stablehlo.add %1496, %1497 : tensor<256x64xf32>
    %1499 = stablehlo.divide %1251, %1498 : tensor<256x64xf32>
    %cst_381 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1500 = stablehlo.broadcast_in_dim %cst_381, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1501 = stablehlo.add %1327, %1500 : tensor<64xf32>
    %1502 = stablehlo.sqrt %1501 : tensor<64xf32>
    %cst_382 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1503 = stablehlo.broadcast_in_dim %cst_382, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1504 = stablehlo.add %1502, %1503 : tensor<64xf32>
    %1505 = stablehlo.divide %1253, %1504 : tensor<64xf32>
    %cst_383 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1506 = stablehlo.broadcast_in_dim %cst_383, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1507 = stablehlo.add %1329, %1506 : tensor<64xf32>
    %1508 = stablehlo.sqrt %1507 : tensor<64xf32>
    %cst_384 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1509 = stablehlo.broadcast_in_dim %cst_384, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1510 = stablehlo.add %1508, %1509 : tensor<64xf32>
    %1511 = stablehlo.divide %1255, %1510 : tensor<64xf32>
    %cst_385 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1512 = stablehlo.broadcast_in_dim %cst_385, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1513 = stablehlo.add %1331, %1512 : tensor<64xf32>
    %1514 = stablehlo.sqrt %1513 : tensor<64xf32>
    %cst_386 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1515 = stablehlo.broadcast_in_dim %cst_386, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1516 = stablehlo.add %1514, %1515 : tensor<64xf32>
    %1517 = stablehlo.divide %1257, %1516 : tensor<64xf32>
    %cst_387 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1518 = stablehlo.broadcast_in_dim %cst_387, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1519 = stablehlo.add %1333, %1518 : tensor<64xf32>
    %1520 = stablehlo.sqrt %1519 : tensor<64xf32>
    %cst_388 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1521 = stablehlo.broadcast_in_dim %cst_388, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1522 = stablehlo.add %1520, %1521 : tensor<64xf32>
    %1523 = stablehlo.divide %1259, %1522 : tensor<64xf32>
    %cst_389 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1524 = stablehlo.broadcast_in_dim %cst_389, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1525 = stablehlo.add %1335, %1524 : tensor<256xf32>
    %1526 = stablehlo.sqrt %1525 : tensor<256xf32>
    %cst_390 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1527 = stablehlo.broadcast_in_dim %cst_390, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1528 = stablehlo.add %1526, %1527 : tensor<256xf32>
    %1529 = stablehlo.divide %1261, %1528 : tensor<256xf32>
    %cst_391 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1530 = stablehlo.broadcast_in_dim %cst_391, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1531 = stablehlo.add %1337, %1530 : tensor<64x256xf32>
    %1532 = stablehlo.sqrt %1531 : tensor<64x256xf32>
    %cst_392 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1533 = stablehlo.broadcast_in_dim %cst_392, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1534 = stablehlo.add %1532, %1533 : tensor<64x256xf32>
    %1535 = stablehlo.divide %1263, %1534 : tensor<64x256xf32>
    %cst_393 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1536 = stablehlo.broadcast_in_dim %cst_393, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1537 = stablehlo.add %1339, %1536 : tensor<256x64xf32>
    %1538 = stablehlo.sqrt %1537 : tensor<256x64xf32>
    %cst_394 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1539 = stablehlo.broadcast_in_dim %cst_394, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1540 = stablehlo.add %1538, %1539 : tensor<256x64xf32>
    %1541 = stablehlo.divide %1265, %1540 : tensor<256x64xf32>
    %cst_395 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1542 = stablehlo.broadcast_in_dim %cst_395, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1543 = stablehlo.add %1341, %1542 : tensor<64xf32>
    %1544 = stablehlo.sqrt %1543 : tensor<64xf32>
    %cst_396 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1545 = stablehlo.broadcast_in_dim %cst_396, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1546 = stablehlo.add %1544, %1545 : tensor<64xf32>
    %1547 = stablehlo.divide %1267, %1546 : tensor<64xf32>
    %cst_397 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1548 = stablehlo.broadcast_in_dim %cst_397, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1549 = stablehlo.add %1343, %1548 : tensor<64xf32>
    %1550 = stablehlo.sqrt %1549 : tensor<64xf32>
    %cst_398 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1551 = stablehlo.broadcast_in_dim %cst_398, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1552 = stablehlo.add %1550, %1551 : tensor<64xf32>
    %1553 = stablehlo.divide %1269, %1552 : tensor<64xf32>
    %cst_399 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1554 = stablehlo.broadcast_in_dim %cst_399, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1555 = stablehlo.multiply %1554, %arg0 : tensor<4x16xf32>
    %1556 = stablehlo.add %1349, %1555 : tensor<4x16xf32>
    %cst_400 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1557 = stablehlo.broadcast_in_dim %cst_400, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1558 = stablehlo.multiply %1557, %arg1 : tensor<64x4x16xf32>
    %1559 = stablehlo.add %1355, %1558 : tensor<64x4x16xf32>
    %cst_401 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1560 = stablehlo.broadcast_in_dim %cst_401, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1561 = stablehlo.multiply %1560, %arg2 : tensor<64xf32>
    %1562 = stablehlo.add %1361, %1561 : tensor<64xf32>
    %cst_402 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1563 = stablehlo.broadcast_in_dim %cst_402, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1564 = stablehlo.multiply %1563, %arg3 : tensor<4x16x64xf32>
    %1565 = stablehlo.add %1367, %1564 : tensor<4x16x64xf32>
    %cst_403 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1566 = stablehlo.broadcast_in_dim %cst_403, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1567 = stablehlo.multiply %1566, %arg4 : tensor<4x16xf32>
    %1568 = stablehlo.add %1373, %1567 : tensor<4x16xf32>
    %cst_404 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1569 = stablehlo.broadcast_in_dim %cst_404, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1570 = stablehlo.multiply %1569, %arg5 : tensor<64x4x16xf32>
    %1571 = stablehlo.add %1379, %1570 : tensor<64x4x16xf32>
    %cst_405 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1572 = stablehlo.broadcast_in_dim %cst_405, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1573 = stablehlo.multiply %1572, %arg6 : tensor<4x16xf32>
    %1574 = stablehlo.add %1385, %1573 : tensor<4x16xf32>
    %cst_406 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1575 = stablehlo.broadcast_in_dim %cst_406, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1576 = stablehlo.multiply %1575, %arg7 : tensor<64x4x16xf32>
    %1577 = stablehlo.add %1391, %1576 : tensor<64x4x16xf32>
    %cst_407 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1578 = stablehlo.broadcast_in_dim %cst_407, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1579 = stablehlo.multiply %1578, %arg8 : tensor<64xf32>
    %1580 = stablehlo.add %1397, %1579 : tensor<64xf32>
    %cst_408 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1581 = stablehlo.broadcast_in_dim %cst_408, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1582 = stablehlo.multiply %1581, %arg9 : tensor<256x64xf32>
    %1583 = stablehlo.add %1403, %1582 : tensor<256x64xf32>
    %cst_409 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1584 = stablehlo.broadcast_in_dim %cst_409, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1585 = stablehlo.multiply %1584, %arg10 : tensor<64xf32>
    %1586 = stablehlo.add %1409, %1585 : tensor<64xf32>
    %cst_410 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1587 = stablehlo.broadcast_in_dim %cst_410, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1588 = stablehlo.multiply %1587, %arg11 : tensor<64xf32>
    %1589 = stablehlo.add %1415, %1588 : tensor<64xf32>
    %cst_411 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1590 = stablehlo.broadcast_in_dim %cst_411, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1591 = stablehlo.multiply %1590, %arg12 : tensor<64xf32>
    %1592 = stablehlo.add %1421, %1591 : tensor<64xf32>
    %cst_412 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1593 = stablehlo.broadcast_in_dim %cst_412, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1594 = stablehlo.multiply %1593, %arg13 : tensor<64xf32>
    %1595 = stablehlo.add %1427, %1594 : tensor<64xf32>
    %cst_413 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1596 = stablehlo.broadcast_in_dim %cst_413, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1597 = stablehlo.multiply %1596, %arg14 : tensor<256xf32>
    %1598 = stablehlo.add %1433, %1597 : tensor<256xf32>
    %cst_414 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1599 = stablehlo.broadcast_in_dim %cst_414, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1600 = stablehlo.multiply %1599, %arg15 : tensor<64x256xf32>
    %1601 = stablehlo.add %1439, %1600 : tensor<64x256xf32>
    %cst_415 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1602 = stablehlo.broadcast_in_dim %cst_415, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1603 = stablehlo.multiply %1602, %arg16 : tensor<4x16xf32>
    %1604 = stablehlo.add %1445, %1603 : tensor<4x16xf32>
    %cst_416 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1605 = stablehlo.broadcast_in_dim %cst_416, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1606 = stablehlo.multiply %1605, %arg17 : tensor<64x4x16xf32>
    %1607 = stablehlo.add %1451, %1606 : tensor<64x4x16xf32>
    %cst_417 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1608 = stablehlo.broadcast_in_dim %cst_417, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1609 = stablehlo.multiply %1608, %arg18 : tensor<64xf32>
    %1610 = stablehlo.add %1457, %1609 : tensor<64xf32>
    %cst_418 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1611 = stablehlo.broadcast_in_dim %cst_418, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1612 = stablehlo.multiply %1611, %arg19 : tensor<4x16x64xf32>
    %1613 = stablehlo.add %1463, %1612 : tensor<4x16x64xf32>
    %cst_419 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1614 = stablehlo.broadcast_in_dim %cst_419, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1615 = stablehlo.multiply %1614, %arg20 : tensor<4x16xf32>
    %1616 = stablehlo.add %1469, %1615 : tensor<4x16xf32>
    %cst_420 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1617 = stablehlo.broadcast_in_dim %cst_420, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1618 = stablehlo.multiply %1617, %arg21 : tensor<64x4x16xf32>
    %1619 = stablehlo.add %1475, %1618 : tensor<64x4x16xf32>
    %cst_421 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1620 = stablehlo.broadcast_in_dim %cst_421, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1621 = stablehlo.multiply %1620, %arg22 : tensor<4x16xf32>
    %1622 = stablehlo.add %1481, %1621 : tensor<4x16xf32>
    %cst_422 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1623 = stablehlo.broadcast_in_dim %cst_422, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1624 = stablehlo.multiply %1623, %arg23 : tensor<64x4x16xf32>
    %1625 = stablehlo.add %1487, %1624 : tensor<64x4x16xf32>
    %cst_423 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1626 = stablehlo.broadcast_in_dim %cst_423, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1627 = stablehlo.multiply %1626, %arg24 : tensor<64xf32>
    %1628 = stablehlo.add %1493, %1627 : tensor<64xf32>
    %cst_424 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1629 = stablehlo.broadcast_in_dim %cst_424, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1630 = stablehlo.multiply %1629, %arg25 : tensor<256x64xf32>
    %1631 = stablehlo.add %1499, %1630 : tensor<256x64xf32>
    %cst_425 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1632 = stablehlo.broadcast_in_dim %cst_425, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1633 = stablehlo.multiply %1632, %arg26 : tensor<64xf32>
    %1634 = stablehlo.add %1505, %1633 : tensor<64xf32>
    %cst_426 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1635 = stablehlo.broadcast_in_dim %cst_426, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1636 = stablehlo.multiply %1635, %arg27 : tensor<64xf32>
    %1637 = stablehlo.add %1511, %1636 : tensor<64xf32>
    %cst_427 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1638 = stablehlo.broadcast_in_dim %cst_427, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1639 = stablehlo.multiply %1638, %arg28 : tensor<64xf32>
    %1640 = stablehlo.add %1517, %1639 : tensor<64xf32>
    %cst_428 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1641 = stablehlo.broadcast_in_dim %cst_428, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1642 = stablehlo.multiply %1641, %arg29 : tensor<64xf32>
    %1643 = stablehlo.add %1523, %1642 : tensor<64xf32>
    %cst_429 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1644 = stablehlo.broadcast_in_dim %cst_429, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1645 = stablehlo.multiply %1644, %arg30 : tensor<256xf32>
    %1646 = stablehlo.add %1529, %1645 : tensor<256xf32>
    %cst_430 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1647 = stablehlo.broadcast_in_dim %cst_430, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1648 = stablehlo.multiply %1647, %arg31 : tensor<64x256xf32>
    %1649 = stablehlo.add %1535, %1648 : tensor<64x256xf32>
    %cst_431 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1650 = stablehlo.broadcast_in_dim %cst_431, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1651 = stablehlo.multiply %1650, %arg32 : tensor<256x64xf32>
    %1652 = stablehlo.add %1541, %1651 : tensor<256x64xf32>
    %cst_432 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1653 = stablehlo.broadcast_in_dim %cst_432, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1654 = stablehlo.multiply %1653, %arg33 : tensor<64xf32>
    %1655 = stablehlo.add %1547, %1654 : tensor<64xf32>
    %cst_433 = stablehlo.constant dense<9.99999974E-5> : tensor<f32>
    %1656 = stablehlo.broadcast_in_dim %cst_433, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1657 = stablehlo.multiply %1656, %arg34 : tensor<64xf32>
    %1658 = stablehlo.add %1553, %1657 : tensor<64xf32>
    %cst_434 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1659 = stablehlo.broadcast_in_dim %cst_434, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1660 = stablehlo.multiply %1659, %1556 : tensor<4x16xf32>
    %cst_435 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1661 = stablehlo.broadcast_in_dim %cst_435, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1662 = stablehlo.multiply %1661, %1559 : tensor<64x4x16xf32>
    %cst_436 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1663 = stablehlo.broadcast_in_dim %cst_436, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1664 = stablehlo.multiply %1663, %1562 : tensor<64xf32>
    %cst_437 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1665 = stablehlo.broadcast_in_dim %cst_437, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1666 = stablehlo.multiply %1665, %1565 : tensor<4x16x64xf32>
    %cst_438 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1667 = stablehlo.broadcast_in_dim %cst_438, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1668 = stablehlo.multiply %1667, %1568 : tensor<4x16xf32>
    %cst_439 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1669 = stablehlo.broadcast_in_dim %cst_439, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1670 = stablehlo.multiply %1669, %1571 : tensor<64x4x16xf32>
    %cst_440 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1671 = stablehlo.broadcast_in_dim %cst_440, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1672 = stablehlo.multiply %1671, %1574 : tensor<4x16xf32>
    %cst_441 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1673 = stablehlo.broadcast_in_dim %cst_441, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1674 = stablehlo.multiply %1673, %1577 : tensor<64x4x16xf32>
    %cst_442 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1675 = stablehlo.broadcast_in_dim %cst_442, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1676 = stablehlo.multiply %1675, %1580 : tensor<64xf32>
    %cst_443 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1677 = stablehlo.broadcast_in_dim %cst_443, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1678 = stablehlo.multiply %1677, %1583 : tensor<256x64xf32>
    %cst_444 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1679 = stablehlo.broadcast_in_dim %cst_444, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1680 = stablehlo.multiply %1679, %1586 : tensor<64xf32>
    %cst_445 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1681 = stablehlo.broadcast_in_dim %cst_445, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1682 = stablehlo.multiply %1681, %1589 : tensor<64xf32>
    %cst_446 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1683 = stablehlo.broadcast_in_dim %cst_446, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1684 = stablehlo.multiply %1683, %1592 : tensor<64xf32>
    %cst_447 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1685 = stablehlo.broadcast_in_dim %cst_447, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1686 = stablehlo.multiply %1685, %1595 : tensor<64xf32>
    %cst_448 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1687 = stablehlo.broadcast_in_dim %cst_448, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1688 = stablehlo.multiply %1687, %1598 : tensor<256xf32>
    %cst_449 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1689 = stablehlo.broadcast_in_dim %cst_449, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1690 = stablehlo.multiply %1689, %1601 : tensor<64x256xf32>
    %cst_450 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1691 = stablehlo.broadcast_in_dim %cst_450, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1692 = stablehlo.multiply %1691, %1604 : tensor<4x16xf32>
    %cst_451 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1693 = stablehlo.broadcast_in_dim %cst_451, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1694 = stablehlo.multiply %1693, %1607 : tensor<64x4x16xf32>
    %cst_452 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1695 = stablehlo.broadcast_in_dim %cst_452, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1696 = stablehlo.multiply %1695, %1610 : tensor<64xf32>
    %cst_453 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1697 = stablehlo.broadcast_in_dim %cst_453, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %1698 = stablehlo.multiply %1697, %1613 : tensor<4x16x64xf32>
    %cst_454 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1699 = stablehlo.broadcast_in_dim %cst_454, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1700 = stablehlo.multiply %1699, %1616 : tensor<4x16xf32>
    %cst_455 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1701 = stablehlo.broadcast_in_dim %cst_455, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1702 = stablehlo.multiply %1701, %1619 : tensor<64x4x16xf32>
    %cst_456 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1703 = stablehlo.broadcast_in_dim %cst_456, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %1704 = stablehlo.multiply %1703, %1622 : tensor<4x16xf32>
    %cst_457 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1705 = stablehlo.broadcast_in_dim %cst_457, dims = [] : (tensor<f32>) -> tensor<64x4x16xf32>
    %1706 = stablehlo.multiply %1705, %1625 : tensor<64x4x16xf32>
    %cst_458 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1707 = stablehlo.broadcast_in_dim %cst_458, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1708 = stablehlo.multiply %1707, %1628 : tensor<64xf32>
    %cst_459 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1709 = stablehlo.broadcast_in_dim %cst_459, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1710 = stablehlo.multiply %1709, %1631 : tensor<256x64xf32>
    %cst_460 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1711 = stablehlo.broadcast_in_dim %cst_460, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1712 = stablehlo.multiply %1711, %1634 : tensor<64xf32>
    %cst_461 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1713 = stablehlo.broadcast_in_dim %cst_461, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1714 = stablehlo.multiply %1713, %1637 : tensor<64xf32>
    %cst_462 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1715 = stablehlo.broadcast_in_dim %cst_462, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1716 = stablehlo.multiply %1715, %1640 : tensor<64xf32>
    %cst_463 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1717 = stablehlo.broadcast_in_dim %cst_463, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1718 = stablehlo.multiply %1717, %1643 : tensor<64xf32>
    %cst_464 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1719 = stablehlo.broadcast_in_dim %cst_464, dims = [] : (tensor<f32>) -> tensor<256xf32>
    %1720 = stablehlo.multiply %1719, %1646 : tensor<256xf32>
    %cst_465 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1721 = stablehlo.broadcast_in_dim %cst_465, dims = [] : (tensor<f32>) -> tensor<64x256xf32>
    %1722 = stablehlo.multiply %1721, %1649 : tensor<64x256xf32>
    %cst_466 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1723 = stablehlo.broadcast_in_dim %cst_466, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1724 = stablehlo.multiply %1723, %1652 : tensor<256x64xf32>
    %cst_467 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1725 = stablehlo.broadcast_in_dim %cst_467, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1726 = stablehlo.multiply %1725, %1655 : tensor<64xf32>
    %cst_468 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %1727 = stablehlo.broadcast_in_dim %cst_468, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1728 = stablehlo.multiply %1727, %1658 : tensor<64xf32>
    %1729 = stablehlo.add %arg0, %1660 : tensor<4x16xf32>
    %1730 = stablehlo.add %arg1, %1662 : tensor<64x4x16xf32>
    %1731 = stablehlo.add %arg2, %1664 : tensor<64xf32>
    %1732 = stablehlo.add %arg3, %1666 : tensor<4x16x64xf32>
    %1733 = stablehlo.add %arg4, %1668 : tensor<4x16xf32>
    %1734 = stablehlo.add %arg5, %1670 : tensor<64x4x16xf32>
    %1735 = stablehlo.add %arg6, %1672 : tensor<4x16xf32>
    %1736 = stablehlo.add %arg7, %1674 : tensor<64x4x16xf32>
    %1737 = stablehlo.add %arg8, %1676 : tensor<64xf32>
    %1738 = stablehlo.add %arg9, %1678 : tensor<256x64xf32>
    %1739 = stablehlo.add %arg10, %1680 : tensor<64xf32>
    %1740 = stablehlo.add %arg11, %1682 : tensor<64xf32>
    %1741 = stablehlo.add %arg12, %1684 : tensor<64xf32>
    %1742 = stablehlo.add %arg13, %1686 : tensor<64xf32>
    %1743 = stablehlo.add %arg14, %1688 : tensor<256xf32>
    %1744 = stablehlo.add %arg15, %1690 : tensor<64x256xf32>
    %1745 = stablehlo.add %arg16, %1692 : tensor<4x16xf32>
    %1746 = stablehlo.add %arg17, %1694 : tensor<64x4x16xf32>
    %1747 = stablehlo.add %arg18, %1696 : tensor<64xf32>
    %1748 = stablehlo.add %arg19, %1698 : tensor<4x16x64xf32>
    %1749 = stablehlo.add %arg20, %1700 : tensor<4x16xf32>
    %1750 = stablehlo.add %arg21, %1702 : tensor<64x4x16xf32>
    %1751 = stablehlo.add %arg22, %1704 : tensor<4x16xf32>
    %1752 = stablehlo.add %arg23, %1706 : tensor<64x4x16xf32>
    %1753 = stablehlo.add %arg24, %1708 : tensor<64xf32>
    %1754 = stablehlo.add %arg25, %1710 : tensor<256x64xf32>
    %1755 = stablehlo.add %arg26, %1712 : tensor<64xf32>
    %1756 = stablehlo.add %arg27, %1714 : tensor<64xf32>
    %1757 = stablehlo.add %arg28, %1716 : tensor<64xf32>
    %1758 = stablehlo.add %arg29, %1718 : tensor<64xf32>
    %1759 = stablehlo.add %arg30, %1720 : tensor<256xf32>
    %1760 = stablehlo.add %arg31, %1722 : tensor<64x256xf32>
    %1761 = stablehlo.add %arg32, %1724 : tensor<256x64xf32>
    %1762 = stablehlo.add %arg33, %1726 : tensor<64xf32>
    %1763 = stablehlo.add %arg34, %1728 : tensor<64xf32>
    return %1729, %1730, %1731, %1732, %1733, %1734, %1735, %1736, %1737, %1738, %1739, %1740, %1741, %1742, %1743, %1744, %1745, %1746, %1747, %1748, %1749, %1750, %1751, %1752, %1753, %1754, %1755, %1756, %1757, %1758, %1759, %1760, %1761, %1762, %1763, %1195, %812, %817, %822, %827, %832, %837, %842, %847, %852, %857, %862, %867, %872, %877, %882, %887, %892, %897, %902, %907, %912, %917, %922, %927, %932, %937, %942, %947, %952, %957, %962, %967, %972, %977, %982, %988, %994, %1000, %1006, %1012, %1018, %1024, %1030, %1036, %1042, %1048, %1054, %1060, %1066, %1072, %1078, %1084, %1090, %1096, %1102, %1108, %1114, %1120, %1126, %1132, %1138, %1144, %1150, %1156, %1162, %1168, %1174, %1180, %1186, %1192, %458 : tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<i32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<f32>
  }
  func.func private @_take(%arg0: tensor<256x64xf32>, %arg1: tensor<8x16xi32>) -> (tensor<8x16x64xf32>, tensor<8x16x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
    %c_0 = stablehlo.constant dense<256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x16xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %c_1 = stablehlo.constant dense<255> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x16x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x16x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x16x1xi1>, tensor<i1>) -> tensor<8x16xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<8x16x1xi32>) -> tensor<8x16x64xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<8x16xi1>) -> tensor<8x16x64xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x64xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<8x16x64xi1>, tensor<8x16x64xf32>
    return %16, %5 : tensor<8x16x64xf32>, tensor<8x16x1xi32>
  }
  func.func private @_where(%arg0: tensor<8x16xi1>, %arg1: tensor<8x16xi32>, %arg2: tensor<8x16xi32>) -> tensor<8x16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8x16xi1>, tensor<8x16xi32>
    return %0 : tensor<8x16xi32>
  }
  func.func private @_where_0(%arg0: tensor<1x8x4x16x16xi1>, %arg1: tensor<8x4x16x1x16xf32>, %arg2: tensor<f32>) -> (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1, 2, 3, 4] : (tensor<8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %2 = stablehlo.transpose %arg1, dims = [3, 0, 1, 2, 4] : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x4x16x16xf32>
    %3 = stablehlo.select %arg0, %2, %1 : tensor<1x8x4x16x16xi1>, tensor<1x8x4x16x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x8x4x16x16xf32>
    return %3, %4 : tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<8x16x256xf32>, %arg1: tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %c_0 = stablehlo.constant dense<256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x16x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x16x1xi1>, tensor<8x16x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<8x16x1xi32>) -> tensor<8x16x1x1xi32>
    %c_1 = stablehlo.constant dense<255> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x16x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x16x1x1xi32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<8x16x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x16x1x1xi32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x16x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<8x16x1x1xi1>, tensor<i1>) -> tensor<8x16x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<8x16x256xf32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<8x16x1xi1>, tensor<8x16x1xf32>
    return %15, %5 : tensor<8x16x1xf32>, tensor<8x16x1x1xi32>
  }
  func.func private @_take_1(%arg0: tensor<8x16x1xf32>, %arg1: tensor<i32>) -> (tensor<8x16xf32>, tensor<1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = call @_where_2(%0, %1, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
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
    %10 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [2], start_index_map = [2]>, indices_are_sorted = false, slice_sizes = array<i64: 8, 16, 1>}> : (tensor<8x16x1xf32>, tensor<1xi32>) -> tensor<8x16xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<8x16xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %13 = stablehlo.select %11, %10, %12 : tensor<8x16xi1>, tensor<8x16xf32>
    return %13, %3 : tensor<8x16xf32>, tensor<1xi32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_take_3(%arg0: tensor<1xi32>, %arg1: tensor<8x16xf32>) -> tensor<8x16x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [2]>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x16x1xf32>, tensor<1xi32>, tensor<8x16xf32>) -> tensor<8x16x1xf32>
    return %1 : tensor<8x16x1xf32>
  }
  func.func private @take_along_axis_4(%arg0: tensor<8x16x1x1xi32>, %arg1: tensor<8x16x1xf32>) -> tensor<8x16x256xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x16x256xf32>, tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x256xf32>
    return %1 : tensor<8x16x256xf32>
  }
  func.func private @_where_5(%arg0: tensor<1x8x4x16x16xi1>, %arg1: tensor<1x8x4x16x16xf32>, %arg2: tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x8x4x16x16xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<1x8x4x16x16xi1>, tensor<1x8x4x16x16xf32>
    %2 = stablehlo.transpose %1, dims = [1, 2, 3, 0, 4] : (tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    return %2 : tensor<8x4x16x1x16xf32>
  }
  func.func private @_take_6(%arg0: tensor<8x16x1xi32>, %arg1: tensor<8x16x64xf32>) -> tensor<256x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<256x64xf32>, tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    return %1 : tensor<256x64xf32>
  }
  func.func private @_where_7(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
