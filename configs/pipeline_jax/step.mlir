module @pipelined_step {
  func.func public @main(%arg0: tensor<64x256xf32>, %arg1: tensor<256x64xf32>, %arg2: tensor<64x256xf32>, %arg3: tensor<256x64xf32>, %arg4: tensor<64x256xf32>, %arg5: tensor<256x64xf32>, %arg6: tensor<64x256xf32>, %arg7: tensor<256x64xf32>, %arg8: tensor<64x256xf32>, %arg9: tensor<128x64xf32>, %arg10: tensor<128x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<64x256xf32> {jax.result_info = "result[1]['blocks'][0][0]"}, tensor<256x64xf32> {jax.result_info = "result[1]['blocks'][0][1]"}, tensor<64x256xf32> {jax.result_info = "result[1]['blocks'][1][0]"}, tensor<256x64xf32> {jax.result_info = "result[1]['blocks'][1][1]"}, tensor<64x256xf32> {jax.result_info = "result[1]['blocks'][2][0]"}, tensor<256x64xf32> {jax.result_info = "result[1]['blocks'][2][1]"}, tensor<64x256xf32> {jax.result_info = "result[1]['blocks'][3][0]"}, tensor<256x64xf32> {jax.result_info = "result[1]['blocks'][3][1]"}, tensor<64x256xf32> {jax.result_info = "result[1]['w_out']"}) attributes {topology = #mpmd.topology<<"stage0": <["x"=2]>>, <"stage1": <["x"=2]>>>} {
    %0:3 = mpmd.named_computation<"block0"> (%arg9, %arg0, %arg1) (%arg0: tensor<128x64xf32>, %arg1: tensor<64x256xf32>, %arg2: tensor<256x64xf32>) {
      %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<64x256xf32>) -> tensor<128x256xf32>
      %1 = stablehlo.tanh %0 : tensor<128x256xf32>
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x256xf32>
      %3 = stablehlo.subtract %2, %1 : tensor<128x256xf32>
      %4 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<256x64xf32>) -> tensor<128x64xf32>
      %cst_0 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
      %6 = stablehlo.multiply %4, %5 : tensor<128x64xf32>
      %7 = stablehlo.add %arg0, %6 : tensor<128x64xf32>
      mpmd.return %7, %1, %3 : tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>
    } : (tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>) -> (tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>)
    %1:3 = mpmd.named_computation<"block1"> (%0#0, %arg2, %arg3) (%arg0: tensor<128x64xf32>, %arg1: tensor<64x256xf32>, %arg2: tensor<256x64xf32>) {
      %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<64x256xf32>) -> tensor<128x256xf32>
      %1 = stablehlo.tanh %0 : tensor<128x256xf32>
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x256xf32>
      %3 = stablehlo.subtract %2, %1 : tensor<128x256xf32>
      %4 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<256x64xf32>) -> tensor<128x64xf32>
      %cst_0 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
      %6 = stablehlo.multiply %4, %5 : tensor<128x64xf32>
      %7 = stablehlo.add %arg0, %6 : tensor<128x64xf32>
      mpmd.return %7, %1, %3 : tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>
    } : (tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>) -> (tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>)
    %2:3 = mpmd.named_computation<"block2"> (%1#0, %arg4, %arg5) (%arg0: tensor<128x64xf32>, %arg1: tensor<64x256xf32>, %arg2: tensor<256x64xf32>) {
      %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<64x256xf32>) -> tensor<128x256xf32>
      %1 = stablehlo.tanh %0 : tensor<128x256xf32>
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x256xf32>
      %3 = stablehlo.subtract %2, %1 : tensor<128x256xf32>
      %4 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<256x64xf32>) -> tensor<128x64xf32>
      %cst_0 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
      %6 = stablehlo.multiply %4, %5 : tensor<128x64xf32>
      %7 = stablehlo.add %arg0, %6 : tensor<128x64xf32>
      mpmd.return %7, %1, %3 : tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>
    } : (tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>) -> (tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>)
    %3:3 = mpmd.named_computation<"block3"> (%2#0, %arg6, %arg7) (%arg0: tensor<128x64xf32>, %arg1: tensor<64x256xf32>, %arg2: tensor<256x64xf32>) {
      %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<64x256xf32>) -> tensor<128x256xf32>
      %1 = stablehlo.tanh %0 : tensor<128x256xf32>
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x256xf32>
      %3 = stablehlo.subtract %2, %1 : tensor<128x256xf32>
      %4 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<256x64xf32>) -> tensor<128x64xf32>
      %cst_0 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
      %6 = stablehlo.multiply %4, %5 : tensor<128x64xf32>
      %7 = stablehlo.add %arg0, %6 : tensor<128x64xf32>
      mpmd.return %7, %1, %3 : tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>
    } : (tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>) -> (tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>)
    %4:4 = mpmd.named_computation<"head"> (%3#0, %arg8, %arg10) (%arg0: tensor<128x64xf32>, %arg1: tensor<64x256xf32>, %arg2: tensor<128x256xf32>) {
      %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<64x256xf32>) -> tensor<128x256xf32>
      %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
      %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128xf32>
      %3 = stablehlo.maximum %2, %1 : tensor<128xf32>
      %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
      %5 = stablehlo.is_finite %4 : (tensor<128x1xf32>) -> tensor<128x1xi1>
      %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
      %7 = stablehlo.select %5, %4, %6 : tensor<128x1xi1>, tensor<128x1xf32>
      %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x256xf32>
      %9 = stablehlo.subtract %0, %8 : tensor<128x256xf32>
      %10 = stablehlo.exponential %9 : tensor<128x256xf32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
      %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
      %13 = stablehlo.abs %12 : tensor<128x1xf32>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
      %15 = stablehlo.compare GE, %12, %14, FLOAT : (tensor<128x1xf32>, tensor<128x1xf32>) -> tensor<128x1xi1>
      %16 = stablehlo.log %13 : tensor<128x1xf32>
      %17 = stablehlo.add %16, %7 : tensor<128x1xf32>
      %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x256xf32>
      %19 = stablehlo.subtract %0, %18 : tensor<128x256xf32>
      %20 = stablehlo.multiply %19, %arg2 : tensor<128x256xf32>
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %21 = stablehlo.reduce(%20 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %22 = stablehlo.reduce(%21 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<128xf32>, tensor<f32>) -> tensor<f32>
      %cst_6 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
      %23 = stablehlo.divide %22, %cst_6 : tensor<f32>
      %24 = stablehlo.negate %23 : tensor<f32>
      mpmd.return %24, %10, %15, %13 : tensor<f32>, tensor<128x256xf32>, tensor<128x1xi1>, tensor<128x1xf32>
    } : (tensor<128x64xf32>, tensor<64x256xf32>, tensor<128x256xf32>) -> (tensor<f32>, tensor<128x256xf32>, tensor<128x1xi1>, tensor<128x1xf32>)
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5:2 = mpmd.named_computation<"head"(1)> (%arg8, %3#0, %4#1, %4#2, %4#3, %arg10, %cst) (%arg0: tensor<64x256xf32>, %arg1: tensor<128x64xf32>, %arg2: tensor<128x256xf32>, %arg3: tensor<128x1xi1>, %arg4: tensor<128x1xf32>, %arg5: tensor<128x256xf32>, %arg6: tensor<f32>) {
      %0 = stablehlo.negate %arg6 : tensor<f32>
      %cst = stablehlo.constant dense<1.280000e+02> : tensor<f32>
      %1 = stablehlo.divide %0, %cst : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<128xf32>
      %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<128xf32>) -> tensor<128x256xf32>
      %4 = stablehlo.multiply %3, %arg5 : tensor<128x256xf32>
      %5 = stablehlo.negate %4 : tensor<128x256xf32>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
      %7 = stablehlo.reshape %6 : (tensor<128xf32>) -> tensor<128x1xf32>
      %8 = stablehlo.divide %7, %arg4 : tensor<128x1xf32>
      %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
      %10 = stablehlo.select %arg3, %9, %8 : tensor<128x1xi1>, tensor<128x1xf32>
      %11 = stablehlo.select %arg3, %8, %9 : tensor<128x1xi1>, tensor<128x1xf32>
      %12 = stablehlo.negate %10 : tensor<128x1xf32>
      %13 = stablehlo.add %11, %12 : tensor<128x1xf32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %14 = stablehlo.reduce(%13 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<128x1xf32>, tensor<f32>) -> tensor<128xf32>
      %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<128xf32>) -> tensor<128x256xf32>
      %16 = stablehlo.multiply %15, %arg2 : tensor<128x256xf32>
      %17 = stablehlo.add %4, %16 : tensor<128x256xf32>
      %18 = stablehlo.dot_general %17, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<128x64xf32>) -> tensor<256x64xf32>
      %19 = stablehlo.transpose %18, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
      %20 = stablehlo.dot_general %17, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<64x256xf32>) -> tensor<128x64xf32>
      mpmd.return %20, %19 : tensor<128x64xf32>, tensor<64x256xf32>
    } : (tensor<64x256xf32>, tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x1xi1>, tensor<128x1xf32>, tensor<128x256xf32>, tensor<f32>) -> (tensor<128x64xf32>, tensor<64x256xf32>)
    %6:3 = mpmd.named_computation<"block3"(1)> (%arg6, %2#0, %3#1, %3#2, %arg7, %5#0) (%arg0: tensor<64x256xf32>, %arg1: tensor<128x64xf32>, %arg2: tensor<128x256xf32>, %arg3: tensor<128x256xf32>, %arg4: tensor<256x64xf32>, %arg5: tensor<128x64xf32>) {
      %cst = stablehlo.constant dense<5.000000e-02> : tensor<f32>
      %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
      %1 = stablehlo.multiply %arg5, %0 : tensor<128x64xf32>
      %2 = stablehlo.dot_general %1, %arg2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
      %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
      %4 = stablehlo.dot_general %1, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<256x64xf32>) -> tensor<128x256xf32>
      %5 = stablehlo.multiply %4, %arg3 : tensor<128x256xf32>
      %6 = stablehlo.multiply %5, %arg2 : tensor<128x256xf32>
      %7 = stablehlo.add %5, %6 : tensor<128x256xf32>
      %8 = stablehlo.dot_general %7, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<128x64xf32>) -> tensor<256x64xf32>
      %9 = stablehlo.transpose %8, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
      %10 = stablehlo.dot_general %7, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<64x256xf32>) -> tensor<128x64xf32>
      %11 = stablehlo.add %arg5, %10 : tensor<128x64xf32>
      mpmd.return %11, %9, %3 : tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>
    } : (tensor<64x256xf32>, tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>, tensor<256x64xf32>, tensor<128x64xf32>) -> (tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>)
    %7:3 = mpmd.named_computation<"block2"(1)> (%arg4, %1#0, %2#1, %2#2, %arg5, %6#0) (%arg0: tensor<64x256xf32>, %arg1: tensor<128x64xf32>, %arg2: tensor<128x256xf32>, %arg3: tensor<128x256xf32>, %arg4: tensor<256x64xf32>, %arg5: tensor<128x64xf32>) {
      %cst = stablehlo.constant dense<5.000000e-02> : tensor<f32>
      %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
      %1 = stablehlo.multiply %arg5, %0 : tensor<128x64xf32>
      %2 = stablehlo.dot_general %1, %arg2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
      %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
      %4 = stablehlo.dot_general %1, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<256x64xf32>) -> tensor<128x256xf32>
      %5 = stablehlo.multiply %4, %arg3 : tensor<128x256xf32>
      %6 = stablehlo.multiply %5, %arg2 : tensor<128x256xf32>
      %7 = stablehlo.add %5, %6 : tensor<128x256xf32>
      %8 = stablehlo.dot_general %7, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<128x64xf32>) -> tensor<256x64xf32>
      %9 = stablehlo.transpose %8, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
      %10 = stablehlo.dot_general %7, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<64x256xf32>) -> tensor<128x64xf32>
      %11 = stablehlo.add %arg5, %10 : tensor<128x64xf32>
      mpmd.return %11, %9, %3 : tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>
    } : (tensor<64x256xf32>, tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>, tensor<256x64xf32>, tensor<128x64xf32>) -> (tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>)
    %8:3 = mpmd.named_computation<"block1"(1)> (%arg2, %0#0, %1#1, %1#2, %arg3, %7#0) (%arg0: tensor<64x256xf32>, %arg1: tensor<128x64xf32>, %arg2: tensor<128x256xf32>, %arg3: tensor<128x256xf32>, %arg4: tensor<256x64xf32>, %arg5: tensor<128x64xf32>) {
      %cst = stablehlo.constant dense<5.000000e-02> : tensor<f32>
      %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
      %1 = stablehlo.multiply %arg5, %0 : tensor<128x64xf32>
      %2 = stablehlo.dot_general %1, %arg2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
      %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
      %4 = stablehlo.dot_general %1, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<256x64xf32>) -> tensor<128x256xf32>
      %5 = stablehlo.multiply %4, %arg3 : tensor<128x256xf32>
      %6 = stablehlo.multiply %5, %arg2 : tensor<128x256xf32>
      %7 = stablehlo.add %5, %6 : tensor<128x256xf32>
      %8 = stablehlo.dot_general %7, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<128x64xf32>) -> tensor<256x64xf32>
      %9 = stablehlo.transpose %8, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
      %10 = stablehlo.dot_general %7, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<64x256xf32>) -> tensor<128x64xf32>
      %11 = stablehlo.add %arg5, %10 : tensor<128x64xf32>
      mpmd.return %11, %9, %3 : tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>
    } : (tensor<64x256xf32>, tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>, tensor<256x64xf32>, tensor<128x64xf32>) -> (tensor<128x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>)
    %9:2 = mpmd.named_computation<"block0"(1)> (%arg9, %0#1, %0#2, %arg1, %8#0) (%arg0: tensor<128x64xf32>, %arg1: tensor<128x256xf32>, %arg2: tensor<128x256xf32>, %arg3: tensor<256x64xf32>, %arg4: tensor<128x64xf32>) {
      %cst = stablehlo.constant dense<5.000000e-02> : tensor<f32>
      %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
      %1 = stablehlo.multiply %arg4, %0 : tensor<128x64xf32>
      %2 = stablehlo.dot_general %1, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
      %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
      %4 = stablehlo.dot_general %1, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<128x64xf32>, tensor<256x64xf32>) -> tensor<128x256xf32>
      %5 = stablehlo.multiply %4, %arg2 : tensor<128x256xf32>
      %6 = stablehlo.multiply %5, %arg1 : tensor<128x256xf32>
      %7 = stablehlo.add %5, %6 : tensor<128x256xf32>
      %8 = stablehlo.dot_general %7, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<128x64xf32>) -> tensor<256x64xf32>
      %9 = stablehlo.transpose %8, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
      mpmd.return %9, %3 : tensor<64x256xf32>, tensor<256x64xf32>
    } : (tensor<128x64xf32>, tensor<128x256xf32>, tensor<128x256xf32>, tensor<256x64xf32>, tensor<128x64xf32>) -> (tensor<64x256xf32>, tensor<256x64xf32>)
    %named0 = mpmd.named_tensor %4#0 name="loss" : tensor<f32>
    %named1 = mpmd.named_tensor %9#0 name="grad_w1_0" : tensor<64x256xf32>
    %named2 = mpmd.named_tensor %9#1 name="grad_w2_0" : tensor<256x64xf32>
    %named3 = mpmd.named_tensor %8#1 name="grad_w1_1" : tensor<64x256xf32>
    %named4 = mpmd.named_tensor %8#2 name="grad_w2_1" : tensor<256x64xf32>
    %named5 = mpmd.named_tensor %7#1 name="grad_w1_2" : tensor<64x256xf32>
    %named6 = mpmd.named_tensor %7#2 name="grad_w2_2" : tensor<256x64xf32>
    %named7 = mpmd.named_tensor %6#1 name="grad_w1_3" : tensor<64x256xf32>
    %named8 = mpmd.named_tensor %6#2 name="grad_w2_3" : tensor<256x64xf32>
    %named9 = mpmd.named_tensor %5#1 name="grad_w_out" : tensor<64x256xf32>
    return %named0, %named1, %named2, %named3, %named4, %named5, %named6, %named7, %named8, %named9 : tensor<f32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>, tensor<256x64xf32>, tensor<64x256xf32>
  }
}
