module @jit_eqx_block attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<64x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<256x64xf32>, %arg5: tensor<256xf32>, %arg6: tensor<64x256xf32>, %arg7: tensor<64xf32>, %arg8: tensor<8x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) -> (tensor<8x16x64xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<64xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg8 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_2 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<8x16x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = call @_var(%arg8, %c) : (tensor<8x16x64xf32>, tensor<i32>) -> tensor<8x16x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %6 = stablehlo.maximum %5, %4 : tensor<8x16x1xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %8 = stablehlo.add %6, %7 : tensor<8x16x1xf32>
    %9 = stablehlo.rsqrt %8 : tensor<8x16x1xf32>
    %10 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %11 = stablehlo.subtract %arg8, %10 : tensor<8x16x64xf32>
    %12 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %13 = stablehlo.multiply %11, %12 : tensor<8x16x64xf32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1, 2] : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %17 = stablehlo.multiply %16, %13 : tensor<8x16x64xf32>
    %18 = stablehlo.broadcast_in_dim %cst_0, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [1, 2] : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %21 = stablehlo.add %17, %20 : tensor<8x16x64xf32>
    %22 = stablehlo.dot_general %arg0, %21, contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<64x64xf32>, tensor<8x16x64xf32>) -> tensor<64x8x16xf32>
    %23 = stablehlo.transpose %22, dims = [1, 2, 0] : (tensor<64x8x16xf32>) -> tensor<8x16x64xf32>
    %24 = stablehlo.reshape %23 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %25 = stablehlo.dot_general %arg1, %21, contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<64x64xf32>, tensor<8x16x64xf32>) -> tensor<64x8x16xf32>
    %26 = stablehlo.transpose %25, dims = [1, 2, 0] : (tensor<64x8x16xf32>) -> tensor<8x16x64xf32>
    %27 = stablehlo.reshape %26 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %28 = stablehlo.dot_general %arg2, %21, contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<64x64xf32>, tensor<8x16x64xf32>) -> tensor<64x8x16xf32>
    %29 = stablehlo.transpose %28, dims = [1, 2, 0] : (tensor<64x8x16xf32>) -> tensor<8x16x64xf32>
    %30 = stablehlo.reshape %29 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %cst_5 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x16x4x16xf32>
    %32 = stablehlo.divide %24, %31 : tensor<8x16x4x16xf32>
    %33 = stablehlo.dot_general %32, %27, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %34 = stablehlo.reduce(%33 init: %cst_6) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %36 = stablehlo.maximum %35, %34 : tensor<8x4x16xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %39 = stablehlo.subtract %33, %38 : tensor<8x4x16x16xf32>
    %40 = stablehlo.exponential %39 : tensor<8x4x16x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %44 = stablehlo.divide %40, %43 : tensor<8x4x16x16xf32>
    %45 = stablehlo.dot_general %44, %30, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %46 = stablehlo.transpose %45, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %47 = stablehlo.reshape %46 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %48 = stablehlo.dot_general %arg3, %47, contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<64x64xf32>, tensor<8x16x64xf32>) -> tensor<64x8x16xf32>
    %49 = stablehlo.transpose %48, dims = [1, 2, 0] : (tensor<64x8x16xf32>) -> tensor<8x16x64xf32>
    %50 = stablehlo.add %arg8, %49 : tensor<8x16x64xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.reduce(%50 init: %cst_9) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_10 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %54 = stablehlo.divide %52, %53 : tensor<8x16x1xf32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %55 = call @_var(%50, %c_11) : (tensor<8x16x64xf32>, tensor<i32>) -> tensor<8x16x1xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %57 = stablehlo.maximum %56, %55 : tensor<8x16x1xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %59 = stablehlo.add %57, %58 : tensor<8x16x1xf32>
    %60 = stablehlo.rsqrt %59 : tensor<8x16x1xf32>
    %61 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %62 = stablehlo.subtract %50, %61 : tensor<8x16x64xf32>
    %63 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %64 = stablehlo.multiply %62, %63 : tensor<8x16x64xf32>
    %65 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [1, 2] : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %68 = stablehlo.multiply %67, %64 : tensor<8x16x64xf32>
    %69 = stablehlo.broadcast_in_dim %cst_0, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [1, 2] : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %72 = stablehlo.add %68, %71 : tensor<8x16x64xf32>
    %73 = stablehlo.dot_general %arg4, %72, contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<256x64xf32>, tensor<8x16x64xf32>) -> tensor<256x8x16xf32>
    %74 = stablehlo.transpose %73, dims = [1, 2, 0] : (tensor<256x8x16xf32>) -> tensor<8x16x256xf32>
    %75 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<256xf32>) -> tensor<1x256xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [1, 2] : (tensor<1x256xf32>) -> tensor<1x1x256xf32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %78 = stablehlo.add %74, %77 : tensor<8x16x256xf32>
    %79 = call @relu(%78) : (tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %80 = stablehlo.dot_general %arg6, %79, contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<64x256xf32>, tensor<8x16x256xf32>) -> tensor<64x8x16xf32>
    %81 = stablehlo.transpose %80, dims = [1, 2, 0] : (tensor<64x8x16xf32>) -> tensor<8x16x64xf32>
    %82 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [1, 2] : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %85 = stablehlo.add %81, %84 : tensor<8x16x64xf32>
    %86 = stablehlo.add %50, %85 : tensor<8x16x64xf32>
    return %86 : tensor<8x16x64xf32>
  }
  func.func private @_var(%arg0: tensor<8x16x64xf32>, %arg1: tensor<i32>) -> tensor<8x16x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %cst_0 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<8x16x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x16x64xf32>
    %6 = chlo.square %5 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<8x16x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<8x16x1xf32>, tensor<f32>) -> tensor<8x16x1xf32>
    return %14 : tensor<8x16x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<8x16x1xf32>, %arg2: tensor<f32>) -> tensor<8x16x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<1xf32>) -> tensor<16x1xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1, 2] : (tensor<16x1xf32>) -> tensor<8x16x1xf32>
    %4 = stablehlo.select %arg0, %arg1, %3 : tensor<i1>, tensor<8x16x1xf32>
    return %4 : tensor<8x16x1xf32>
  }
  func.func private @relu(%arg0: tensor<8x16x256xf32>) -> tensor<8x16x256xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x16x256xf32>
    return %1 : tensor<8x16x256xf32>
  }
}
