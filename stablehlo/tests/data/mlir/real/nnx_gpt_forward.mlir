module @jit_forward attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x16xf32>, %arg1: tensor<64x4x16xf32>, %arg2: tensor<64xf32>, %arg3: tensor<4x16x64xf32>, %arg4: tensor<4x16xf32>, %arg5: tensor<64x4x16xf32>, %arg6: tensor<4x16xf32>, %arg7: tensor<64x4x16xf32>, %arg8: tensor<64xf32>, %arg9: tensor<256x64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<256xf32>, %arg15: tensor<64x256xf32>, %arg16: tensor<4x16xf32>, %arg17: tensor<64x4x16xf32>, %arg18: tensor<64xf32>, %arg19: tensor<4x16x64xf32>, %arg20: tensor<4x16xf32>, %arg21: tensor<64x4x16xf32>, %arg22: tensor<4x16xf32>, %arg23: tensor<64x4x16xf32>, %arg24: tensor<64xf32>, %arg25: tensor<256x64xf32>, %arg26: tensor<64xf32>, %arg27: tensor<64xf32>, %arg28: tensor<64xf32>, %arg29: tensor<64xf32>, %arg30: tensor<256xf32>, %arg31: tensor<64x256xf32>, %arg32: tensor<256x64xf32>, %arg33: tensor<64xf32>, %arg34: tensor<64xf32>, %arg35: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<8x16x256xf32> {jax.result_info = "result"}) {
    %0 = call @_take(%arg32, %arg35) : (tensor<256x64xf32>, tensor<8x16xi32>) -> tensor<8x16x64xf32>
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
    %11 = chlo.square %0 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%0 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %14 = stablehlo.divide %12, %13 : tensor<8x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %17 = stablehlo.divide %15, %16 : tensor<8x16xf32>
    %18 = chlo.square %14 : tensor<8x16xf32> -> tensor<8x16xf32>
    %19 = stablehlo.subtract %17, %18 : tensor<8x16xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %21 = stablehlo.maximum %20, %19 : tensor<8x16xf32>
    %22 = stablehlo.reshape %14 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %23 = stablehlo.reshape %21 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %25 = stablehlo.subtract %0, %24 : tensor<8x16x64xf32>
    %cst_5 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %27 = stablehlo.add %23, %26 : tensor<8x16x1xf32>
    %28 = stablehlo.rsqrt %27 : tensor<8x16x1xf32>
    %29 = stablehlo.reshape %arg11 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %30 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %31 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %32 = stablehlo.multiply %30, %31 : tensor<8x16x64xf32>
    %33 = stablehlo.multiply %25, %32 : tensor<8x16x64xf32>
    %34 = stablehlo.reshape %arg10 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %36 = stablehlo.add %33, %35 : tensor<8x16x64xf32>
    %37 = stablehlo.dot_general %36, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %38 = stablehlo.reshape %arg4 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %40 = stablehlo.add %37, %39 : tensor<8x16x4x16xf32>
    %41 = stablehlo.dot_general %36, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %42 = stablehlo.reshape %arg0 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %44 = stablehlo.add %41, %43 : tensor<8x16x4x16xf32>
    %45 = stablehlo.dot_general %36, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %46 = stablehlo.reshape %arg6 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %48 = stablehlo.add %45, %47 : tensor<8x16x4x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %50 = stablehlo.compare NE, %10, %49, FLOAT : (tensor<8x1x16x16xf32>, tensor<8x1x16x16xf32>) -> tensor<8x1x16x16xi1>
    %51 = stablehlo.convert %50 : tensor<8x1x16x16xi1>
    %52 = stablehlo.reshape %40 : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %53 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 3, 4] : (tensor<8x1x16x16xi1>) -> tensor<8x1x1x16x16xi1>
    %54 = stablehlo.dot_general %52, %44, batching_dims = [0, 2] x [0, 2], contracting_dims = [4] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %cst_7 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x4x16x1x16xf32>
    %56 = stablehlo.multiply %54, %55 : tensor<8x4x16x1x16xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %57 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<8x4x16x16xi1>
    %58 = stablehlo.broadcast_in_dim %57, dims = [1, 2, 3, 4] : (tensor<8x4x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %59 = stablehlo.transpose %53, dims = [2, 0, 1, 3, 4] : (tensor<8x1x1x16x16xi1>) -> tensor<1x8x1x16x16xi1>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2, 3, 4] : (tensor<1x8x1x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %61 = stablehlo.and %58, %60 : tensor<1x8x4x16x16xi1>
    %cst_8 = stablehlo.constant dense<-2.38197633E+38> : tensor<f32>
    %62 = call @_where_0(%61, %56, %cst_8) : (tensor<1x8x4x16x16xi1>, tensor<8x4x16x1x16xf32>, tensor<f32>) -> tensor<1x8x4x16x16xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %63 = stablehlo.reduce(%62 init: %cst_9) applies stablehlo.maximum across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %65 = stablehlo.maximum %64, %63 : tensor<1x8x4x16xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %68 = stablehlo.subtract %62, %67 : tensor<1x8x4x16x16xf32>
    %69 = stablehlo.exponential %68 : tensor<1x8x4x16x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.reduce(%69 init: %cst_11) applies stablehlo.add across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %73 = stablehlo.divide %69, %72 : tensor<1x8x4x16x16xf32>
    %74 = stablehlo.dot_general %48, %73, batching_dims = [0, 2] x [1, 2], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    %75 = stablehlo.transpose %74, dims = [3, 0, 4, 1, 2] : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x16x4x16xf32>
    %76 = stablehlo.transpose %75, dims = [1, 2, 3, 0, 4] : (tensor<1x8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %77 = stablehlo.reshape %76 : (tensor<8x16x4x1x16xf32>) -> tensor<8x16x4x16xf32>
    %78 = stablehlo.dot_general %77, %arg3, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<4x16x64xf32>) -> tensor<8x16x64xf32>
    %79 = stablehlo.reshape %arg2 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %80 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %81 = stablehlo.add %78, %80 : tensor<8x16x64xf32>
    %82 = stablehlo.add %0, %81 : tensor<8x16x64xf32>
    %83 = chlo.square %82 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %84 = stablehlo.reduce(%82 init: %cst_12) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_13 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %86 = stablehlo.divide %84, %85 : tensor<8x16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %87 = stablehlo.reduce(%83 init: %cst_14) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_15 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %89 = stablehlo.divide %87, %88 : tensor<8x16xf32>
    %90 = chlo.square %86 : tensor<8x16xf32> -> tensor<8x16xf32>
    %91 = stablehlo.subtract %89, %90 : tensor<8x16xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %93 = stablehlo.maximum %92, %91 : tensor<8x16xf32>
    %94 = stablehlo.reshape %86 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %95 = stablehlo.reshape %93 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %96 = stablehlo.broadcast_in_dim %94, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %97 = stablehlo.subtract %82, %96 : tensor<8x16x64xf32>
    %cst_17 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %99 = stablehlo.add %95, %98 : tensor<8x16x1xf32>
    %100 = stablehlo.rsqrt %99 : tensor<8x16x1xf32>
    %101 = stablehlo.reshape %arg13 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %102 = stablehlo.broadcast_in_dim %100, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %103 = stablehlo.broadcast_in_dim %101, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %104 = stablehlo.multiply %102, %103 : tensor<8x16x64xf32>
    %105 = stablehlo.multiply %97, %104 : tensor<8x16x64xf32>
    %106 = stablehlo.reshape %arg12 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %107 = stablehlo.broadcast_in_dim %106, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %108 = stablehlo.add %105, %107 : tensor<8x16x64xf32>
    %109 = stablehlo.dot_general %108, %arg15, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %110 = stablehlo.reshape %arg14 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %111 = stablehlo.broadcast_in_dim %110, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %112 = stablehlo.add %109, %111 : tensor<8x16x256xf32>
    %113 = stablehlo.multiply %112, %112 : tensor<8x16x256xf32>
    %114 = stablehlo.multiply %113, %112 : tensor<8x16x256xf32>
    %cst_18 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %116 = stablehlo.multiply %115, %114 : tensor<8x16x256xf32>
    %117 = stablehlo.add %112, %116 : tensor<8x16x256xf32>
    %cst_19 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %119 = stablehlo.multiply %118, %117 : tensor<8x16x256xf32>
    %120 = stablehlo.tanh %119 : tensor<8x16x256xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %122 = stablehlo.add %121, %120 : tensor<8x16x256xf32>
    %cst_21 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %124 = stablehlo.multiply %123, %122 : tensor<8x16x256xf32>
    %125 = stablehlo.multiply %112, %124 : tensor<8x16x256xf32>
    %126 = stablehlo.dot_general %125, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %127 = stablehlo.reshape %arg8 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %128 = stablehlo.broadcast_in_dim %127, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %129 = stablehlo.add %126, %128 : tensor<8x16x64xf32>
    %130 = stablehlo.add %82, %129 : tensor<8x16x64xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %132 = stablehlo.iota dim = 0 : tensor<16xi32>
    %133 = stablehlo.broadcast_in_dim %132, dims = [1] : (tensor<16xi32>) -> tensor<8x16xi32>
    %134 = stablehlo.broadcast_in_dim %133, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %135 = stablehlo.broadcast_in_dim %133, dims = [0, 2] : (tensor<8x16xi32>) -> tensor<8x1x16xi32>
    %136 = stablehlo.broadcast_in_dim %134, dims = [0, 1, 2] : (tensor<8x16x1xi32>) -> tensor<8x16x16xi32>
    %137 = stablehlo.broadcast_in_dim %135, dims = [0, 1, 2] : (tensor<8x1x16xi32>) -> tensor<8x16x16xi32>
    %138 = stablehlo.compare GE, %136, %137, SIGNED : (tensor<8x16x16xi32>, tensor<8x16x16xi32>) -> tensor<8x16x16xi1>
    %139 = stablehlo.broadcast_in_dim %138, dims = [0, 2, 3] : (tensor<8x16x16xi1>) -> tensor<8x1x16x16xi1>
    %140 = stablehlo.convert %139 : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xf32>
    %141 = chlo.square %130 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %142 = stablehlo.reduce(%130 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_24 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %144 = stablehlo.divide %142, %143 : tensor<8x16xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %145 = stablehlo.reduce(%141 init: %cst_25) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_26 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %147 = stablehlo.divide %145, %146 : tensor<8x16xf32>
    %148 = chlo.square %144 : tensor<8x16xf32> -> tensor<8x16xf32>
    %149 = stablehlo.subtract %147, %148 : tensor<8x16xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %151 = stablehlo.maximum %150, %149 : tensor<8x16xf32>
    %152 = stablehlo.reshape %144 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %153 = stablehlo.reshape %151 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %154 = stablehlo.broadcast_in_dim %152, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %155 = stablehlo.subtract %130, %154 : tensor<8x16x64xf32>
    %cst_28 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %157 = stablehlo.add %153, %156 : tensor<8x16x1xf32>
    %158 = stablehlo.rsqrt %157 : tensor<8x16x1xf32>
    %159 = stablehlo.reshape %arg27 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %160 = stablehlo.broadcast_in_dim %158, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %161 = stablehlo.broadcast_in_dim %159, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %162 = stablehlo.multiply %160, %161 : tensor<8x16x64xf32>
    %163 = stablehlo.multiply %155, %162 : tensor<8x16x64xf32>
    %164 = stablehlo.reshape %arg26 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %165 = stablehlo.broadcast_in_dim %164, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %166 = stablehlo.add %163, %165 : tensor<8x16x64xf32>
    %167 = stablehlo.dot_general %166, %arg21, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %168 = stablehlo.reshape %arg20 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %169 = stablehlo.broadcast_in_dim %168, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %170 = stablehlo.add %167, %169 : tensor<8x16x4x16xf32>
    %171 = stablehlo.dot_general %166, %arg17, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %172 = stablehlo.reshape %arg16 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %173 = stablehlo.broadcast_in_dim %172, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %174 = stablehlo.add %171, %173 : tensor<8x16x4x16xf32>
    %175 = stablehlo.dot_general %166, %arg23, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %176 = stablehlo.reshape %arg22 : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %177 = stablehlo.broadcast_in_dim %176, dims = [0, 1, 2, 3] : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %178 = stablehlo.add %175, %177 : tensor<8x16x4x16xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %180 = stablehlo.compare NE, %140, %179, FLOAT : (tensor<8x1x16x16xf32>, tensor<8x1x16x16xf32>) -> tensor<8x1x16x16xi1>
    %181 = stablehlo.convert %180 : tensor<8x1x16x16xi1>
    %182 = stablehlo.reshape %170 : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %183 = stablehlo.broadcast_in_dim %181, dims = [0, 1, 3, 4] : (tensor<8x1x16x16xi1>) -> tensor<8x1x1x16x16xi1>
    %184 = stablehlo.dot_general %182, %174, batching_dims = [0, 2] x [0, 2], contracting_dims = [4] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %cst_30 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<8x4x16x1x16xf32>
    %186 = stablehlo.multiply %184, %185 : tensor<8x4x16x1x16xf32>
    %c_31 = stablehlo.constant dense<true> : tensor<i1>
    %187 = stablehlo.broadcast_in_dim %c_31, dims = [] : (tensor<i1>) -> tensor<8x4x16x16xi1>
    %188 = stablehlo.broadcast_in_dim %187, dims = [1, 2, 3, 4] : (tensor<8x4x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %189 = stablehlo.transpose %183, dims = [2, 0, 1, 3, 4] : (tensor<8x1x1x16x16xi1>) -> tensor<1x8x1x16x16xi1>
    %190 = stablehlo.broadcast_in_dim %189, dims = [0, 1, 2, 3, 4] : (tensor<1x8x1x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %191 = stablehlo.and %188, %190 : tensor<1x8x4x16x16xi1>
    %cst_32 = stablehlo.constant dense<-2.38197633E+38> : tensor<f32>
    %192 = call @_where_0(%191, %186, %cst_32) : (tensor<1x8x4x16x16xi1>, tensor<8x4x16x1x16xf32>, tensor<f32>) -> tensor<1x8x4x16x16xf32>
    %cst_33 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %193 = stablehlo.reduce(%192 init: %cst_33) applies stablehlo.maximum across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %cst_34 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %195 = stablehlo.maximum %194, %193 : tensor<1x8x4x16xf32>
    %196 = stablehlo.broadcast_in_dim %195, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %197 = stablehlo.broadcast_in_dim %196, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %198 = stablehlo.subtract %192, %197 : tensor<1x8x4x16x16xf32>
    %199 = stablehlo.exponential %198 : tensor<1x8x4x16x16xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %200 = stablehlo.reduce(%199 init: %cst_35) applies stablehlo.add across dimensions = [4] : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [0, 1, 2, 3] : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %202 = stablehlo.broadcast_in_dim %201, dims = [0, 1, 2, 3, 4] : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %203 = stablehlo.divide %199, %202 : tensor<1x8x4x16x16xf32>
    %204 = stablehlo.dot_general %178, %203, batching_dims = [0, 2] x [1, 2], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    %205 = stablehlo.transpose %204, dims = [3, 0, 4, 1, 2] : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x16x4x16xf32>
    %206 = stablehlo.transpose %205, dims = [1, 2, 3, 0, 4] : (tensor<1x8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %207 = stablehlo.reshape %206 : (tensor<8x16x4x1x16xf32>) -> tensor<8x16x4x16xf32>
    %208 = stablehlo.dot_general %207, %arg19, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<4x16x64xf32>) -> tensor<8x16x64xf32>
    %209 = stablehlo.reshape %arg18 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %210 = stablehlo.broadcast_in_dim %209, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %211 = stablehlo.add %208, %210 : tensor<8x16x64xf32>
    %212 = stablehlo.add %130, %211 : tensor<8x16x64xf32>
    %213 = chlo.square %212 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %214 = stablehlo.reduce(%212 init: %cst_36) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_37 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %215 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %216 = stablehlo.divide %214, %215 : tensor<8x16xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %217 = stablehlo.reduce(%213 init: %cst_38) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_39 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %218 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %219 = stablehlo.divide %217, %218 : tensor<8x16xf32>
    %220 = chlo.square %216 : tensor<8x16xf32> -> tensor<8x16xf32>
    %221 = stablehlo.subtract %219, %220 : tensor<8x16xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %222 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %223 = stablehlo.maximum %222, %221 : tensor<8x16xf32>
    %224 = stablehlo.reshape %216 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %225 = stablehlo.reshape %223 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %226 = stablehlo.broadcast_in_dim %224, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %227 = stablehlo.subtract %212, %226 : tensor<8x16x64xf32>
    %cst_41 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %228 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %229 = stablehlo.add %225, %228 : tensor<8x16x1xf32>
    %230 = stablehlo.rsqrt %229 : tensor<8x16x1xf32>
    %231 = stablehlo.reshape %arg29 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %232 = stablehlo.broadcast_in_dim %230, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %233 = stablehlo.broadcast_in_dim %231, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %234 = stablehlo.multiply %232, %233 : tensor<8x16x64xf32>
    %235 = stablehlo.multiply %227, %234 : tensor<8x16x64xf32>
    %236 = stablehlo.reshape %arg28 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %237 = stablehlo.broadcast_in_dim %236, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %238 = stablehlo.add %235, %237 : tensor<8x16x64xf32>
    %239 = stablehlo.dot_general %238, %arg31, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %240 = stablehlo.reshape %arg30 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %241 = stablehlo.broadcast_in_dim %240, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %242 = stablehlo.add %239, %241 : tensor<8x16x256xf32>
    %243 = stablehlo.multiply %242, %242 : tensor<8x16x256xf32>
    %244 = stablehlo.multiply %243, %242 : tensor<8x16x256xf32>
    %cst_42 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %245 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %246 = stablehlo.multiply %245, %244 : tensor<8x16x256xf32>
    %247 = stablehlo.add %242, %246 : tensor<8x16x256xf32>
    %cst_43 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %248 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %249 = stablehlo.multiply %248, %247 : tensor<8x16x256xf32>
    %250 = stablehlo.tanh %249 : tensor<8x16x256xf32>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %252 = stablehlo.add %251, %250 : tensor<8x16x256xf32>
    %cst_45 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %253 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %254 = stablehlo.multiply %253, %252 : tensor<8x16x256xf32>
    %255 = stablehlo.multiply %242, %254 : tensor<8x16x256xf32>
    %256 = stablehlo.dot_general %255, %arg25, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %257 = stablehlo.reshape %arg24 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %258 = stablehlo.broadcast_in_dim %257, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %259 = stablehlo.add %256, %258 : tensor<8x16x64xf32>
    %260 = stablehlo.add %212, %259 : tensor<8x16x64xf32>
    %261 = chlo.square %260 : tensor<8x16x64xf32> -> tensor<8x16x64xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %262 = stablehlo.reduce(%260 init: %cst_46) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_47 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %264 = stablehlo.divide %262, %263 : tensor<8x16xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %265 = stablehlo.reduce(%261 init: %cst_48) applies stablehlo.add across dimensions = [2] : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_49 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %267 = stablehlo.divide %265, %266 : tensor<8x16xf32>
    %268 = chlo.square %264 : tensor<8x16xf32> -> tensor<8x16xf32>
    %269 = stablehlo.subtract %267, %268 : tensor<8x16xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %270 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %271 = stablehlo.maximum %270, %269 : tensor<8x16xf32>
    %272 = stablehlo.reshape %264 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %273 = stablehlo.reshape %271 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %274 = stablehlo.broadcast_in_dim %272, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %275 = stablehlo.subtract %260, %274 : tensor<8x16x64xf32>
    %cst_51 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %276 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %277 = stablehlo.add %273, %276 : tensor<8x16x1xf32>
    %278 = stablehlo.rsqrt %277 : tensor<8x16x1xf32>
    %279 = stablehlo.reshape %arg34 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %280 = stablehlo.broadcast_in_dim %278, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %281 = stablehlo.broadcast_in_dim %279, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %282 = stablehlo.multiply %280, %281 : tensor<8x16x64xf32>
    %283 = stablehlo.multiply %275, %282 : tensor<8x16x64xf32>
    %284 = stablehlo.reshape %arg33 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %285 = stablehlo.broadcast_in_dim %284, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %286 = stablehlo.add %283, %285 : tensor<8x16x64xf32>
    %287 = stablehlo.transpose %arg32, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %288 = stablehlo.dot_general %286, %287, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    return %288 : tensor<8x16x256xf32>
  }
  func.func private @_take(%arg0: tensor<256x64xf32>, %arg1: tensor<8x16xi32>) -> tensor<8x16x64xf32> {
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
    return %16 : tensor<8x16x64xf32>
  }
  func.func private @_where(%arg0: tensor<8x16xi1>, %arg1: tensor<8x16xi32>, %arg2: tensor<8x16xi32>) -> tensor<8x16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8x16xi1>, tensor<8x16xi32>
    return %0 : tensor<8x16xi32>
  }
  func.func private @_where_0(%arg0: tensor<1x8x4x16x16xi1>, %arg1: tensor<8x4x16x1x16xf32>, %arg2: tensor<f32>) -> tensor<1x8x4x16x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1, 2, 3, 4] : (tensor<8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %2 = stablehlo.transpose %arg1, dims = [3, 0, 1, 2, 4] : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x4x16x16xf32>
    %3 = stablehlo.select %arg0, %2, %1 : tensor<1x8x4x16x16xi1>, tensor<1x8x4x16x16xf32>
    return %3 : tensor<1x8x4x16x16xf32>
  }
}
