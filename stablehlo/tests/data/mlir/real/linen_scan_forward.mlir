module @jit_forward attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<2x64xf32>, %arg1: tensor<2x256x64xf32>, %arg2: tensor<2x256xf32>, %arg3: tensor<2x64x256xf32>, %arg4: tensor<2x64xf32>, %arg5: tensor<2x64xf32>, %arg6: tensor<2x64xf32>, %arg7: tensor<2x64xf32>, %arg8: tensor<2x4x16xf32>, %arg9: tensor<2x64x4x16xf32>, %arg10: tensor<2x64xf32>, %arg11: tensor<2x4x16x64xf32>, %arg12: tensor<2x4x16xf32>, %arg13: tensor<2x64x4x16xf32>, %arg14: tensor<2x4x16xf32>, %arg15: tensor<2x64x4x16xf32>, %arg16: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) -> (tensor<8x16x64xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %0 = stablehlo.sqrt %cst : tensor<f32>
    %1 = stablehlo.convert %0 : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2:18 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %arg2, %iterArg_2 = %arg3, %iterArg_3 = %arg4, %iterArg_4 = %arg5, %iterArg_5 = %arg6, %iterArg_6 = %arg7, %iterArg_7 = %arg8, %iterArg_8 = %arg9, %iterArg_9 = %arg10, %iterArg_10 = %arg11, %iterArg_11 = %arg12, %iterArg_12 = %arg13, %iterArg_13 = %arg14, %iterArg_14 = %arg15, %iterArg_15 = %c, %iterArg_16 = %arg16) : tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<i32>, tensor<8x16x64xf32>
    cond {
      %c_17 = stablehlo.constant dense<2> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg_15, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %3 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_15) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %4 = func.call @dynamic_index_in_dim_0(%iterArg_0, %iterArg_15) : (tensor<2x256x64xf32>, tensor<i32>) -> tensor<256x64xf32>
      %5 = func.call @dynamic_index_in_dim_1(%iterArg_1, %iterArg_15) : (tensor<2x256xf32>, tensor<i32>) -> tensor<256xf32>
      %6 = func.call @dynamic_index_in_dim_2(%iterArg_2, %iterArg_15) : (tensor<2x64x256xf32>, tensor<i32>) -> tensor<64x256xf32>
      %7 = func.call @dynamic_index_in_dim(%iterArg_3, %iterArg_15) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %8 = func.call @dynamic_index_in_dim(%iterArg_4, %iterArg_15) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %9 = func.call @dynamic_index_in_dim(%iterArg_5, %iterArg_15) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %10 = func.call @dynamic_index_in_dim(%iterArg_6, %iterArg_15) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %11 = func.call @dynamic_index_in_dim_3(%iterArg_7, %iterArg_15) : (tensor<2x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>
      %12 = func.call @dynamic_index_in_dim_4(%iterArg_8, %iterArg_15) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %13 = func.call @dynamic_index_in_dim(%iterArg_9, %iterArg_15) : (tensor<2x64xf32>, tensor<i32>) -> tensor<64xf32>
      %14 = func.call @dynamic_index_in_dim_5(%iterArg_10, %iterArg_15) : (tensor<2x4x16x64xf32>, tensor<i32>) -> tensor<4x16x64xf32>
      %15 = func.call @dynamic_index_in_dim_3(%iterArg_11, %iterArg_15) : (tensor<2x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>
      %16 = func.call @dynamic_index_in_dim_4(%iterArg_12, %iterArg_15) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %17 = func.call @dynamic_index_in_dim_3(%iterArg_13, %iterArg_15) : (tensor<2x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>
      %18 = func.call @dynamic_index_in_dim_4(%iterArg_14, %iterArg_15) : (tensor<2x64x4x16xf32>, tensor<i32>) -> tensor<64x4x16xf32>
      %19 = func.call @closed_call(%iterArg_16, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18) : (tensor<8x16x64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>) -> tensor<8x16x64xf32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %20 = stablehlo.add %iterArg_15, %c_17 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %iterArg_2, %iterArg_3, %iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11, %iterArg_12, %iterArg_13, %iterArg_14, %20, %19 : tensor<2x64xf32>, tensor<2x256x64xf32>, tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x64xf32>, tensor<2x4x16x64xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<2x4x16xf32>, tensor<2x64x4x16xf32>, tensor<i32>, tensor<8x16x64xf32>
    }
    return %2#17 : tensor<8x16x64xf32>
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
  func.func private @closed_call(%arg0: tensor<8x16x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<256x64xf32>, %arg3: tensor<256xf32>, %arg4: tensor<64x256xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<4x16xf32>, %arg10: tensor<64x4x16xf32>, %arg11: tensor<64xf32>, %arg12: tensor<4x16x64xf32>, %arg13: tensor<4x16xf32>, %arg14: tensor<64x4x16xf32>, %arg15: tensor<4x16xf32>, %arg16: tensor<64x4x16xf32>) -> tensor<8x16x64xf32> {
    %0 = chlo.square %arg0 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_0 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %3 = stablehlo.divide %1, %2 : tensor<8x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%0 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_2 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %6 = stablehlo.divide %4, %5 : tensor<8x16xf32>
    %7 = chlo.square %3 : tensor<8x16xf32> -> tensor<8x16xf32>
    %8 = stablehlo.subtract %6, %7 : tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %10 = stablehlo.maximum %9, %8 : tensor<8x16xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %14 = stablehlo.subtract %arg0, %13 : tensor<8x16x64xf32>
    %cst_4 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %16 = stablehlo.add %12, %15 : tensor<8x16x1xf32>
    %17 = stablehlo.rsqrt %16 : tensor<8x16x1xf32>
    %18 = stablehlo.reshape %arg6 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %19 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %20 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %21 = stablehlo.multiply %19, %20 : tensor<8x16x64xf32>
    %22 = stablehlo.multiply %14, %21 : tensor<8x16x64xf32>
    %23 = stablehlo.reshape %arg5 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %25 = stablehlo.add %22, %24 : tensor<8x16x64xf32>
    %26 = stablehlo.dot_general %25, %arg14, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %27 = stablehlo.reshape %arg13 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %29 = stablehlo.add %26, %28 : tensor<8x16x4x16xf32>
    %30 = stablehlo.dot_general %25, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %31 = stablehlo.reshape %arg9 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %33 = stablehlo.add %30, %32 : tensor<8x16x4x16xf32>
    %34 = stablehlo.dot_general %25, %arg16, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %35 = stablehlo.reshape %arg15 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %37 = stablehlo.add %34, %36 : tensor<8x16x4x16xf32>
    %cst_5 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %38 = stablehlo.sqrt %cst_5 : tensor<f32>
    %39 = stablehlo.convert %38 : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %41 = stablehlo.divide %29, %40 : tensor<8x16x4x16xf32>
    %42 = stablehlo.dot_general %41, %33, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_6) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %45 = stablehlo.maximum %44, %43 : tensor<8x4x16xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %48 = stablehlo.subtract %42, %47 : tensor<8x4x16x16xf32>
    %49 = stablehlo.exponential %48 : tensor<8x4x16x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.reduce(%49 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %53 = stablehlo.divide %49, %52 : tensor<8x4x16x16xf32>
    %54 = stablehlo.dot_general %37, %53, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %55 = stablehlo.transpose %54, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %56 = stablehlo.dot_general %55, %arg12, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<4x16x64xf32>) -> tensor<8x16x64xf32>
    %57 = stablehlo.reshape %arg11 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %59 = stablehlo.add %56, %58 : tensor<8x16x64xf32>
    %60 = stablehlo.add %arg0, %59 : tensor<8x16x64xf32>
    %61 = chlo.square %60 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%60 init: %cst_9) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_10 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %64 = stablehlo.divide %62, %63 : tensor<8x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%61 init: %cst_11) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_12 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %67 = stablehlo.divide %65, %66 : tensor<8x16xf32>
    %68 = chlo.square %64 : tensor<8x16xf32> -> tensor<8x16xf32>
    %69 = stablehlo.subtract %67, %68 : tensor<8x16xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %71 = stablehlo.maximum %70, %69 : tensor<8x16xf32>
    %72 = stablehlo.broadcast_in_dim %64, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %73 = stablehlo.broadcast_in_dim %71, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %74 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %75 = stablehlo.subtract %60, %74 : tensor<8x16x64xf32>
    %cst_14 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %77 = stablehlo.add %73, %76 : tensor<8x16x1xf32>
    %78 = stablehlo.rsqrt %77 : tensor<8x16x1xf32>
    %79 = stablehlo.reshape %arg8 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %80 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %81 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %82 = stablehlo.multiply %80, %81 : tensor<8x16x64xf32>
    %83 = stablehlo.multiply %75, %82 : tensor<8x16x64xf32>
    %84 = stablehlo.reshape %arg7 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %86 = stablehlo.add %83, %85 : tensor<8x16x64xf32>
    %87 = stablehlo.dot_general %86, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %88 = stablehlo.reshape %arg3 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %90 = stablehlo.add %87, %89 : tensor<8x16x256xf32>
    %91 = stablehlo.multiply %90, %90 : tensor<8x16x256xf32>
    %92 = stablehlo.multiply %91, %90 : tensor<8x16x256xf32>
    %cst_15 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %94 = stablehlo.multiply %93, %92 : tensor<8x16x256xf32>
    %95 = stablehlo.add %90, %94 : tensor<8x16x256xf32>
    %cst_16 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %97 = stablehlo.multiply %96, %95 : tensor<8x16x256xf32>
    %98 = stablehlo.tanh %97 : tensor<8x16x256xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %100 = stablehlo.add %99, %98 : tensor<8x16x256xf32>
    %cst_18 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %102 = stablehlo.multiply %101, %100 : tensor<8x16x256xf32>
    %103 = stablehlo.multiply %90, %102 : tensor<8x16x256xf32>
    %104 = stablehlo.dot_general %103, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %105 = stablehlo.reshape %arg1 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %107 = stablehlo.add %104, %106 : tensor<8x16x64xf32>
    %108 = stablehlo.add %60, %107 : tensor<8x16x64xf32>
    return %108 : tensor<8x16x64xf32>
  }
}
