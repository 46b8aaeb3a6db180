"builtin.module"() <{sym_name = "jit_forward"}> ({
  "sdy.mesh"() <{mesh = #sdy.mesh<["data"=2, "model"=4]>, sym_name = "mesh"}> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}} : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}], function_type = (tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<4x16x64xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<4x16xf32>, tensor<64x4x16xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<8x16xi32>) -> tensor<8x16x256xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg10: tensor<4x16xf32>, %arg11: tensor<64x4x16xf32>, %arg12: tensor<64xf32>, %arg13: tensor<4x16x64xf32>, %arg14: tensor<4x16xf32>, %arg15: tensor<64x4x16xf32>, %arg16: tensor<4x16xf32>, %arg17: tensor<64x4x16xf32>, %arg18: tensor<64xf32>, %arg19: tensor<256x64xf32>, %arg20: tensor<64xf32>, %arg21: tensor<64xf32>, %arg22: tensor<64xf32>, %arg23: tensor<64xf32>, %arg24: tensor<256xf32>, %arg25: tensor<64x256xf32>, %arg26: tensor<4x16xf32>, %arg27: tensor<64x4x16xf32>, %arg28: tensor<64xf32>, %arg29: tensor<4x16x64xf32>, %arg30: tensor<4x16xf32>, %arg31: tensor<64x4x16xf32>, %arg32: tensor<4x16xf32>, %arg33: tensor<64x4x16xf32>, %arg34: tensor<64xf32>, %arg35: tensor<256x64xf32>, %arg36: tensor<64xf32>, %arg37: tensor<64xf32>, %arg38: tensor<64xf32>, %arg39: tensor<64xf32>, %arg40: tensor<256xf32>, %arg41: tensor<64x256xf32>, %arg42: tensor<256x64xf32>, %arg43: tensor<64xf32>, %arg44: tensor<64xf32>, %arg45: tensor<8x16xi32>):
    %29 = "func.call"(%arg42, %arg45) <{callee = @_take}> : (tensor<256x64xf32>, tensor<8x16xi32>) -> tensor<8x16x64xf32>
    %30 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %32 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16xi32>
    %33 = "stablehlo.broadcast_in_dim"(%32) <{broadcast_dimensions = array<i64: 1>}> : (tensor<16xi32>) -> tensor<8x16xi32>
    %34 = "stablehlo.broadcast_in_dim"(%33) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %35 = "stablehlo.broadcast_in_dim"(%33) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<8x16xi32>) -> tensor<8x1x16xi32>
    %36 = "stablehlo.broadcast_in_dim"(%34) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xi32>) -> tensor<8x16x16xi32>
    %37 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x1x16xi32>) -> tensor<8x16x16xi32>
    %38 = "stablehlo.compare"(%36, %37) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<8x16x16xi32>, tensor<8x16x16xi32>) -> tensor<8x16x16xi1>
    %39 = "stablehlo.broadcast_in_dim"(%38) <{broadcast_dimensions = array<i64: 0, 2, 3>}> : (tensor<8x16x16xi1>) -> tensor<8x1x16x16xi1>
    %40 = "stablehlo.convert"(%39) : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xf32>
    %41 = "chlo.square"(%29) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %42 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %43 = "stablehlo.reduce"(%29, %42) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg72: tensor<f32>, %arg73: tensor<f32>):
      %385 = "stablehlo.add"(%arg72, %arg73) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%385) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %44 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %45 = "stablehlo.broadcast_in_dim"(%44) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %46 = "stablehlo.divide"(%43, %45) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %47 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %48 = "stablehlo.reduce"(%41, %47) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg70: tensor<f32>, %arg71: tensor<f32>):
      %384 = "stablehlo.add"(%arg70, %arg71) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%384) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %49 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %50 = "stablehlo.broadcast_in_dim"(%49) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %51 = "stablehlo.divide"(%48, %50) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %52 = "chlo.square"(%46) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %53 = "stablehlo.subtract"(%51, %52) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %54 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %55 = "stablehlo.broadcast_in_dim"(%54) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %56 = "stablehlo.maximum"(%55, %53) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %57 = "stablehlo.reshape"(%46) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %58 = "stablehlo.reshape"(%56) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %59 = "stablehlo.broadcast_in_dim"(%57) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %60 = "stablehlo.subtract"(%29, %59) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %61 = "stablehlo.constant"() <{value = dense<9.99999997E-7> : tensor<f32>}> : () -> tensor<f32>
    %62 = "stablehlo.broadcast_in_dim"(%61) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %63 = "stablehlo.add"(%58, %62) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %64 = "stablehlo.rsqrt"(%63) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %65 = "stablehlo.reshape"(%arg21) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %66 = "stablehlo.broadcast_in_dim"(%64) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %67 = "stablehlo.broadcast_in_dim"(%65) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %68 = "stablehlo.multiply"(%66, %67) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %69 = "stablehlo.multiply"(%60, %68) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %70 = "stablehlo.reshape"(%arg20) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %71 = "stablehlo.broadcast_in_dim"(%70) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %72 = "stablehlo.add"(%69, %71) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %73 = "stablehlo.dot_general"(%72, %arg15) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %74 = "stablehlo.reshape"(%arg14) : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %75 = "stablehlo.broadcast_in_dim"(%74) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %76 = "stablehlo.add"(%73, %75) : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x16x4x16xf32>
    %77 = "stablehlo.dot_general"(%72, %arg11) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %78 = "stablehlo.reshape"(%arg10) : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %79 = "stablehlo.broadcast_in_dim"(%78) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %80 = "stablehlo.add"(%77, %79) : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x16x4x16xf32>
    %81 = "stablehlo.dot_general"(%72, %arg17) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %82 = "stablehlo.reshape"(%arg16) : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %83 = "stablehlo.broadcast_in_dim"(%82) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %84 = "stablehlo.add"(%81, %83) : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x16x4x16xf32>
    %85 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %86 = "stablehlo.broadcast_in_dim"(%85) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %87 = "stablehlo.compare"(%40, %86) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<8x1x16x16xf32>, tensor<8x1x16x16xf32>) -> tensor<8x1x16x16xi1>
    %88 = "stablehlo.convert"(%87) : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xi1>
    %89 = "stablehlo.reshape"(%76) : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %90 = "stablehlo.broadcast_in_dim"(%88) <{broadcast_dimensions = array<i64: 0, 1, 3, 4>}> : (tensor<8x1x16x16xi1>) -> tensor<8x1x1x16x16xi1>
    %91 = "stablehlo.dot_general"(%89, %80) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [4], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %92 = "stablehlo.constant"() <{value = dense<2.500000e-01> : tensor<f32>}> : () -> tensor<f32>
    %93 = "stablehlo.broadcast_in_dim"(%92) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x1x16xf32>
    %94 = "stablehlo.multiply"(%91, %93) : (tensor<8x4x16x1x16xf32>, tensor<8x4x16x1x16xf32>) -> tensor<8x4x16x1x16xf32>
    %95 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %96 = "stablehlo.broadcast_in_dim"(%95) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<8x4x16x16xi1>
    %97 = "stablehlo.broadcast_in_dim"(%96) <{broadcast_dimensions = array<i64: 1, 2, 3, 4>}> : (tensor<8x4x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %98 = "stablehlo.transpose"(%90) <{permutation = array<i64: 2, 0, 1, 3, 4>}> : (tensor<8x1x1x16x16xi1>) -> tensor<1x8x1x16x16xi1>
    %99 = "stablehlo.broadcast_in_dim"(%98) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<1x8x1x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %100 = "stablehlo.and"(%97, %99) : (tensor<1x8x4x16x16xi1>, tensor<1x8x4x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %101 = "stablehlo.constant"() <{value = dense<-2.38197633E+38> : tensor<f32>}> : () -> tensor<f32>
    %102 = "func.call"(%100, %94, %101) <{callee = @_where_0}> : (tensor<1x8x4x16x16xi1>, tensor<8x4x16x1x16xf32>, tensor<f32>) -> tensor<1x8x4x16x16xf32>
    %103 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %104 = "stablehlo.reduce"(%102, %103) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg68: tensor<f32>, %arg69: tensor<f32>):
      %383 = "stablehlo.maximum"(%arg68, %arg69) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%383) : (tensor<f32>) -> ()
    }) : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %105 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %106 = "stablehlo.broadcast_in_dim"(%105) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %107 = "stablehlo.maximum"(%106, %104) : (tensor<1x8x4x16xf32>, tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xf32>
    %108 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %109 = "stablehlo.broadcast_in_dim"(%108) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %110 = "stablehlo.subtract"(%102, %109) : (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %111 = "stablehlo.exponential"(%110) : (tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %112 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %113 = "stablehlo.reduce"(%111, %112) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg66: tensor<f32>, %arg67: tensor<f32>):
      %382 = "stablehlo.add"(%arg66, %arg67) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%382) : (tensor<f32>) -> ()
    }) : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %114 = "stablehlo.broadcast_in_dim"(%113) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %115 = "stablehlo.broadcast_in_dim"(%114) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %116 = "stablehlo.divide"(%111, %115) : (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %117 = "stablehlo.dot_general"(%84, %116) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [1, 2], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    %118 = "stablehlo.transpose"(%117) <{permutation = array<i64: 3, 0, 4, 1, 2>}> : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x16x4x16xf32>
    %119 = "stablehlo.transpose"(%118) <{permutation = array<i64: 1, 2, 3, 0, 4>}> : (tensor<1x8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %120 = "stablehlo.reshape"(%119) : (tensor<8x16x4x1x16xf32>) -> tensor<8x16x4x16xf32>
    %121 = "stablehlo.dot_general"(%120, %arg13) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2, 3], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x16xf32>, tensor<4x16x64xf32>) -> tensor<8x16x64xf32>
    %122 = "stablehlo.reshape"(%arg12) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %123 = "stablehlo.broadcast_in_dim"(%122) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %124 = "stablehlo.add"(%121, %123) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %125 = "stablehlo.add"(%29, %124) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %126 = "chlo.square"(%125) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %127 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %128 = "stablehlo.reduce"(%125, %127) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg64: tensor<f32>, %arg65: tensor<f32>):
      %381 = "stablehlo.add"(%arg64, %arg65) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%381) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %129 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %130 = "stablehlo.broadcast_in_dim"(%129) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %131 = "stablehlo.divide"(%128, %130) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %132 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %133 = "stablehlo.reduce"(%126, %132) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg62: tensor<f32>, %arg63: tensor<f32>):
      %380 = "stablehlo.add"(%arg62, %arg63) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%380) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %134 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %135 = "stablehlo.broadcast_in_dim"(%134) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %136 = "stablehlo.divide"(%133, %135) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %137 = "chlo.square"(%131) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %138 = "stablehlo.subtract"(%136, %137) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %139 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %140 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %141 = "stablehlo.maximum"(%140, %138) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %142 = "stablehlo.reshape"(%131) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %143 = "stablehlo.reshape"(%141) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %144 = "stablehlo.broadcast_in_dim"(%142) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %145 = "stablehlo.subtract"(%125, %144) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %146 = "stablehlo.constant"() <{value = dense<9.99999997E-7> : tensor<f32>}> : () -> tensor<f32>
    %147 = "stablehlo.broadcast_in_dim"(%146) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %148 = "stablehlo.add"(%143, %147) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %149 = "stablehlo.rsqrt"(%148) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %150 = "stablehlo.reshape"(%arg23) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %151 = "stablehlo.broadcast_in_dim"(%149) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %152 = "stablehlo.broadcast_in_dim"(%150) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %153 = "stablehlo.multiply"(%151, %152) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %154 = "stablehlo.multiply"(%145, %153) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %155 = "stablehlo.reshape"(%arg22) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %156 = "stablehlo.broadcast_in_dim"(%155) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %157 = "stablehlo.add"(%154, %156) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %158 = "stablehlo.dot_general"(%157, %arg25) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %159 = "stablehlo.reshape"(%arg24) : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %160 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %161 = "stablehlo.add"(%158, %160) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %162 = "stablehlo.multiply"(%161, %161) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %163 = "stablehlo.multiply"(%162, %161) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %164 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %165 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %166 = "stablehlo.multiply"(%165, %163) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %167 = "stablehlo.add"(%161, %166) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %168 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %169 = "stablehlo.broadcast_in_dim"(%168) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %170 = "stablehlo.multiply"(%169, %167) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %171 = "stablehlo.tanh"(%170) : (tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %172 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %173 = "stablehlo.broadcast_in_dim"(%172) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %174 = "stablehlo.add"(%173, %171) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %175 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %176 = "stablehlo.broadcast_in_dim"(%175) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %177 = "stablehlo.multiply"(%176, %174) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %178 = "stablehlo.multiply"(%161, %177) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %179 = "stablehlo.dot_general"(%178, %arg19) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %180 = "stablehlo.reshape"(%arg18) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %181 = "stablehlo.broadcast_in_dim"(%180) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %182 = "stablehlo.add"(%179, %181) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %183 = "stablehlo.add"(%125, %182) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %184 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %185 = "stablehlo.broadcast_in_dim"(%184) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %186 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16xi32>
    %187 = "stablehlo.broadcast_in_dim"(%186) <{broadcast_dimensions = array<i64: 1>}> : (tensor<16xi32>) -> tensor<8x16xi32>
    %188 = "stablehlo.broadcast_in_dim"(%187) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %189 = "stablehlo.broadcast_in_dim"(%187) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<8x16xi32>) -> tensor<8x1x16xi32>
    %190 = "stablehlo.broadcast_in_dim"(%188) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xi32>) -> tensor<8x16x16xi32>
    %191 = "stablehlo.broadcast_in_dim"(%189) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x1x16xi32>) -> tensor<8x16x16xi32>
    %192 = "stablehlo.compare"(%190, %191) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<8x16x16xi32>, tensor<8x16x16xi32>) -> tensor<8x16x16xi1>
    %193 = "stablehlo.broadcast_in_dim"(%192) <{broadcast_dimensions = array<i64: 0, 2, 3>}> : (tensor<8x16x16xi1>) -> tensor<8x1x16x16xi1>
    %194 = "stablehlo.convert"(%193) : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xf32>
    %195 = "chlo.square"(%183) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %196 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %197 = "stablehlo.reduce"(%183, %196) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg60: tensor<f32>, %arg61: tensor<f32>):
      %379 = "stablehlo.add"(%arg60, %arg61) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%379) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %198 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %199 = "stablehlo.broadcast_in_dim"(%198) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %200 = "stablehlo.divide"(%197, %199) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %201 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %202 = "stablehlo.reduce"(%195, %201) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg58: tensor<f32>, %arg59: tensor<f32>):
      %378 = "stablehlo.add"(%arg58, %arg59) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%378) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %203 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %204 = "stablehlo.broadcast_in_dim"(%203) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %205 = "stablehlo.divide"(%202, %204) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %206 = "chlo.square"(%200) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %207 = "stablehlo.subtract"(%205, %206) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %208 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %209 = "stablehlo.broadcast_in_dim"(%208) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %210 = "stablehlo.maximum"(%209, %207) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %211 = "stablehlo.reshape"(%200) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %212 = "stablehlo.reshape"(%210) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %213 = "stablehlo.broadcast_in_dim"(%211) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %214 = "stablehlo.subtract"(%183, %213) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %215 = "stablehlo.constant"() <{value = dense<9.99999997E-7> : tensor<f32>}> : () -> tensor<f32>
    %216 = "stablehlo.broadcast_in_dim"(%215) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %217 = "stablehlo.add"(%212, %216) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %218 = "stablehlo.rsqrt"(%217) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %219 = "stablehlo.reshape"(%arg37) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %220 = "stablehlo.broadcast_in_dim"(%218) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %221 = "stablehlo.broadcast_in_dim"(%219) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %222 = "stablehlo.multiply"(%220, %221) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %223 = "stablehlo.multiply"(%214, %222) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %224 = "stablehlo.reshape"(%arg36) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %225 = "stablehlo.broadcast_in_dim"(%224) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %226 = "stablehlo.add"(%223, %225) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %227 = "stablehlo.dot_general"(%226, %arg31) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %228 = "stablehlo.reshape"(%arg30) : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %229 = "stablehlo.broadcast_in_dim"(%228) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %230 = "stablehlo.add"(%227, %229) : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x16x4x16xf32>
    %231 = "stablehlo.dot_general"(%226, %arg27) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %232 = "stablehlo.reshape"(%arg26) : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %233 = "stablehlo.broadcast_in_dim"(%232) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %234 = "stablehlo.add"(%231, %233) : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x16x4x16xf32>
    %235 = "stablehlo.dot_general"(%226, %arg33) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x4x16xf32>) -> tensor<8x16x4x16xf32>
    %236 = "stablehlo.reshape"(%arg32) : (tensor<4x16xf32>) -> tensor<1x1x4x16xf32>
    %237 = "stablehlo.broadcast_in_dim"(%236) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x4x16xf32>) -> tensor<8x16x4x16xf32>
    %238 = "stablehlo.add"(%235, %237) : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x16x4x16xf32>
    %239 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %240 = "stablehlo.broadcast_in_dim"(%239) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x1x16x16xf32>
    %241 = "stablehlo.compare"(%194, %240) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<8x1x16x16xf32>, tensor<8x1x16x16xf32>) -> tensor<8x1x16x16xi1>
    %242 = "stablehlo.convert"(%241) : (tensor<8x1x16x16xi1>) -> tensor<8x1x16x16xi1>
    %243 = "stablehlo.reshape"(%230) : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %244 = "stablehlo.broadcast_in_dim"(%242) <{broadcast_dimensions = array<i64: 0, 1, 3, 4>}> : (tensor<8x1x16x16xi1>) -> tensor<8x1x1x16x16xi1>
    %245 = "stablehlo.dot_general"(%243, %234) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [4], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x1x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x1x16xf32>
    %246 = "stablehlo.constant"() <{value = dense<2.500000e-01> : tensor<f32>}> : () -> tensor<f32>
    %247 = "stablehlo.broadcast_in_dim"(%246) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x1x16xf32>
    %248 = "stablehlo.multiply"(%245, %247) : (tensor<8x4x16x1x16xf32>, tensor<8x4x16x1x16xf32>) -> tensor<8x4x16x1x16xf32>
    %249 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %250 = "stablehlo.broadcast_in_dim"(%249) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<8x4x16x16xi1>
    %251 = "stablehlo.broadcast_in_dim"(%250) <{broadcast_dimensions = array<i64: 1, 2, 3, 4>}> : (tensor<8x4x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %252 = "stablehlo.transpose"(%244) <{permutation = array<i64: 2, 0, 1, 3, 4>}> : (tensor<8x1x1x16x16xi1>) -> tensor<1x8x1x16x16xi1>
    %253 = "stablehlo.broadcast_in_dim"(%252) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<1x8x1x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %254 = "stablehlo.and"(%251, %253) : (tensor<1x8x4x16x16xi1>, tensor<1x8x4x16x16xi1>) -> tensor<1x8x4x16x16xi1>
    %255 = "stablehlo.constant"() <{value = dense<-2.38197633E+38> : tensor<f32>}> : () -> tensor<f32>
    %256 = "func.call"(%254, %248, %255) <{callee = @_where_0}> : (tensor<1x8x4x16x16xi1>, tensor<8x4x16x1x16xf32>, tensor<f32>) -> tensor<1x8x4x16x16xf32>
    %257 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %258 = "stablehlo.reduce"(%256, %257) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg56: tensor<f32>, %arg57: tensor<f32>):
      %377 = "stablehlo.maximum"(%arg56, %arg57) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%377) : (tensor<f32>) -> ()
    }) : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %259 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %260 = "stablehlo.broadcast_in_dim"(%259) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x8x4x16xf32>
    %261 = "stablehlo.maximum"(%260, %258) : (tensor<1x8x4x16xf32>, tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xf32>
    %262 = "stablehlo.broadcast_in_dim"(%261) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %263 = "stablehlo.broadcast_in_dim"(%262) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %264 = "stablehlo.subtract"(%256, %263) : (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %265 = "stablehlo.exponential"(%264) : (tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %266 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %267 = "stablehlo.reduce"(%265, %266) <{dimensions = array<i64: 4>}> ({
    ^bb0(%arg54: tensor<f32>, %arg55: tensor<f32>):
      %376 = "stablehlo.add"(%arg54, %arg55) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%376) : (tensor<f32>) -> ()
    }) : (tensor<1x8x4x16x16xf32>, tensor<f32>) -> tensor<1x8x4x16xf32>
    %268 = "stablehlo.broadcast_in_dim"(%267) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x8x4x16xf32>) -> tensor<1x8x4x16x1xf32>
    %269 = "stablehlo.broadcast_in_dim"(%268) <{broadcast_dimensions = array<i64: 0, 1, 2, 3, 4>}> : (tensor<1x8x4x16x1xf32>) -> tensor<1x8x4x16x16xf32>
    %270 = "stablehlo.divide"(%265, %269) : (tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %271 = "stablehlo.dot_general"(%238, %270) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [1, 2], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [4]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<8x4x16x1x16xf32>
    %272 = "stablehlo.transpose"(%271) <{permutation = array<i64: 3, 0, 4, 1, 2>}> : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x16x4x16xf32>
    %273 = "stablehlo.transpose"(%272) <{permutation = array<i64: 1, 2, 3, 0, 4>}> : (tensor<1x8x16x4x16xf32>) -> tensor<8x16x4x1x16xf32>
    %274 = "stablehlo.reshape"(%273) : (tensor<8x16x4x1x16xf32>) -> tensor<8x16x4x16xf32>
    %275 = "stablehlo.dot_general"(%274, %arg29) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2, 3], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x4x16xf32>, tensor<4x16x64xf32>) -> tensor<8x16x64xf32>
    %276 = "stablehlo.reshape"(%arg28) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %277 = "stablehlo.broadcast_in_dim"(%276) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %278 = "stablehlo.add"(%275, %277) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %279 = "stablehlo.add"(%183, %278) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %280 = "chlo.square"(%279) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %281 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %282 = "stablehlo.reduce"(%279, %281) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg52: tensor<f32>, %arg53: tensor<f32>):
      %375 = "stablehlo.add"(%arg52, %arg53) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%375) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %283 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %284 = "stablehlo.broadcast_in_dim"(%283) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %285 = "stablehlo.divide"(%282, %284) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %286 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %287 = "stablehlo.reduce"(%280, %286) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg50: tensor<f32>, %arg51: tensor<f32>):
      %374 = "stablehlo.add"(%arg50, %arg51) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%374) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %288 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %289 = "stablehlo.broadcast_in_dim"(%288) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %290 = "stablehlo.divide"(%287, %289) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %291 = "chlo.square"(%285) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %292 = "stablehlo.subtract"(%290, %291) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %293 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %294 = "stablehlo.broadcast_in_dim"(%293) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %295 = "stablehlo.maximum"(%294, %292) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %296 = "stablehlo.reshape"(%285) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %297 = "stablehlo.reshape"(%295) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %298 = "stablehlo.broadcast_in_dim"(%296) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %299 = "stablehlo.subtract"(%279, %298) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %300 = "stablehlo.constant"() <{value = dense<9.99999997E-7> : tensor<f32>}> : () -> tensor<f32>
    %301 = "stablehlo.broadcast_in_dim"(%300) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %302 = "stablehlo.add"(%297, %301) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %303 = "stablehlo.rsqrt"(%302) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %304 = "stablehlo.reshape"(%arg39) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %305 = "stablehlo.broadcast_in_dim"(%303) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %306 = "stablehlo.broadcast_in_dim"(%304) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %307 = "stablehlo.multiply"(%305, %306) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %308 = "stablehlo.multiply"(%299, %307) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %309 = "stablehlo.reshape"(%arg38) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %310 = "stablehlo.broadcast_in_dim"(%309) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %311 = "stablehlo.add"(%308, %310) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %312 = "stablehlo.dot_general"(%311, %arg41) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %313 = "stablehlo.reshape"(%arg40) : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %314 = "stablehlo.broadcast_in_dim"(%313) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x256xf32>) -> tensor<8x16x256xf32>
    %315 = "stablehlo.add"(%312, %314) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %316 = "stablehlo.multiply"(%315, %315) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %317 = "stablehlo.multiply"(%316, %315) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %318 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %319 = "stablehlo.broadcast_in_dim"(%318) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %320 = "stablehlo.multiply"(%319, %317) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %321 = "stablehlo.add"(%315, %320) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %322 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %323 = "stablehlo.broadcast_in_dim"(%322) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %324 = "stablehlo.multiply"(%323, %321) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %325 = "stablehlo.tanh"(%324) : (tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %326 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %327 = "stablehlo.broadcast_in_dim"(%326) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %328 = "stablehlo.add"(%327, %325) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %329 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %330 = "stablehlo.broadcast_in_dim"(%329) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x256xf32>
    %331 = "stablehlo.multiply"(%330, %328) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %332 = "stablehlo.multiply"(%315, %331) : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xf32>
    %333 = "stablehlo.dot_general"(%332, %arg35) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x256xf32>, tensor<256x64xf32>) -> tensor<8x16x64xf32>
    %334 = "stablehlo.reshape"(%arg34) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %335 = "stablehlo.broadcast_in_dim"(%334) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %336 = "stablehlo.add"(%333, %335) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %337 = "stablehlo.add"(%279, %336) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %338 = "chlo.square"(%337) : (tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %339 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %340 = "stablehlo.reduce"(%337, %339) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg48: tensor<f32>, %arg49: tensor<f32>):
      %373 = "stablehlo.add"(%arg48, %arg49) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%373) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %341 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %342 = "stablehlo.broadcast_in_dim"(%341) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %343 = "stablehlo.divide"(%340, %342) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %344 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %345 = "stablehlo.reduce"(%338, %344) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg46: tensor<f32>, %arg47: tensor<f32>):
      %372 = "stablehlo.add"(%arg46, %arg47) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%372) : (tensor<f32>) -> ()
    }) : (tensor<8x16x64xf32>, tensor<f32>) -> tensor<8x16xf32>
    %346 = "stablehlo.constant"() <{value = dense<6.400000e+01> : tensor<f32>}> : () -> tensor<f32>
    %347 = "stablehlo.broadcast_in_dim"(%346) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %348 = "stablehlo.divide"(%345, %347) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %349 = "chlo.square"(%343) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %350 = "stablehlo.subtract"(%348, %349) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %351 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %352 = "stablehlo.broadcast_in_dim"(%351) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %353 = "stablehlo.maximum"(%352, %350) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %354 = "stablehlo.reshape"(%343) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %355 = "stablehlo.reshape"(%353) : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %356 = "stablehlo.broadcast_in_dim"(%354) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %357 = "stablehlo.subtract"(%337, %356) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %358 = "stablehlo.constant"() <{value = dense<9.99999997E-7> : tensor<f32>}> : () -> tensor<f32>
    %359 = "stablehlo.broadcast_in_dim"(%358) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x1xf32>
    %360 = "stablehlo.add"(%355, %359) : (tensor<8x16x1xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %361 = "stablehlo.rsqrt"(%360) : (tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %362 = "stablehlo.reshape"(%arg44) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %363 = "stablehlo.broadcast_in_dim"(%361) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<8x16x1xf32>) -> tensor<8x16x64xf32>
    %364 = "stablehlo.broadcast_in_dim"(%362) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %365 = "stablehlo.multiply"(%363, %364) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %366 = "stablehlo.multiply"(%357, %365) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %367 = "stablehlo.reshape"(%arg43) : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %368 = "stablehlo.broadcast_in_dim"(%367) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x64xf32>) -> tensor<8x16x64xf32>
    %369 = "stablehlo.add"(%366, %368) : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    %370 = "stablehlo.transpose"(%arg42) <{permutation = array<i64: 1, 0>}> : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %371 = "stablehlo.dot_general"(%369, %370) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    "func.return"(%371) : (tensor<8x16x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<256x64xf32>, tensor<8x16xi32>) -> tensor<8x16x64xf32>, res_attrs = [{}], sym_name = "_take", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<256x64xf32>, %arg7: tensor<8x16xi32>):
    %5 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16xi32>
    %7 = "stablehlo.compare"(%arg7, %6) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
    %8 = "stablehlo.constant"() <{value = dense<256> : tensor<i32>}> : () -> tensor<i32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16xi32>
    %10 = "stablehlo.add"(%arg7, %9) : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %11 = "func.call"(%7, %10, %arg7) <{callee = @_where}> : (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    %12 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %13 = "stablehlo.constant"() <{value = dense<255> : tensor<1xi32>}> : () -> tensor<1xi32>
    %14 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<8x16x1xi32>
    %16 = "stablehlo.compare"(%12, %15) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %17 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<8x16x1xi32>
    %19 = "stablehlo.compare"(%12, %18) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %20 = "stablehlo.and"(%16, %19) : (tensor<8x16x1xi1>, tensor<8x16x1xi1>) -> tensor<8x16x1xi1>
    %21 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %22 = "stablehlo.reduce"(%20, %21) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg8: tensor<i1>, %arg9: tensor<i1>):
      %28 = "stablehlo.and"(%arg8, %arg9) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%28) : (tensor<i1>) -> ()
    }) : (tensor<8x16x1xi1>, tensor<i1>) -> tensor<8x16xi1>
    %23 = "stablehlo.gather"(%arg6, %12) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<8x16x1xi32>) -> tensor<8x16x64xf32>
    %24 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x16xi1>) -> tensor<8x16x64xi1>
    %25 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %26 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x64xf32>
    %27 = "stablehlo.select"(%24, %23, %26) : (tensor<8x16x64xi1>, tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>
    "func.return"(%27) : (tensor<8x16x64xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg3: tensor<8x16xi1>, %arg4: tensor<8x16xi32>, %arg5: tensor<8x16xi32>):
    %4 = "stablehlo.select"(%arg3, %arg4, %arg5) : (tensor<8x16xi1>, tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi32>
    "func.return"(%4) : (tensor<8x16xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<1x8x4x16x16xi1>, tensor<8x4x16x1x16xf32>, tensor<f32>) -> tensor<1x8x4x16x16xf32>, res_attrs = [{}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<1x8x4x16x16xi1>, %arg1: tensor<8x4x16x1x16xf32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 1, 2, 3, 4>}> : (tensor<8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    %2 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 3, 0, 1, 2, 4>}> : (tensor<8x4x16x1x16xf32>) -> tensor<1x8x4x16x16xf32>
    %3 = "stablehlo.select"(%arg0, %2, %1) : (tensor<1x8x4x16x16xi1>, tensor<1x8x4x16x16xf32>, tensor<1x8x4x16x16xf32>) -> tensor<1x8x4x16x16xf32>
    "func.return"(%3) : (tensor<1x8x4x16x16xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
