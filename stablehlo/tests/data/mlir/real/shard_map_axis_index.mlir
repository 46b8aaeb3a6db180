module @jit_vocab_parallel_embed attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<256x64xf32>, %arg1: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<8x16x64xf32> {jax.result_info = "result"}) {
    %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"model"}, {}]>, <@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}, {}]>] manual_axes={"data", "model"} (%arg2: tensor<64x64xf32>, %arg3: tensor<4x16xi32>) {
      %c = stablehlo.constant dense<1> : tensor<ui32>
      %c_0 = stablehlo.constant dense<4> : tensor<ui32>
      %1 = stablehlo.partition_id : tensor<ui32>
      %2 = stablehlo.divide %1, %c : tensor<ui32>
      %3 = stablehlo.remainder %2, %c_0 : tensor<ui32>
      %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>
      %c_1 = stablehlo.constant dense<64> : tensor<i32>
      %5 = stablehlo.multiply %4, %c_1 : tensor<i32>
      %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i32>) -> tensor<4x16xi32>
      %7 = stablehlo.subtract %arg3, %6 : tensor<4x16xi32>
      %c_2 = stablehlo.constant dense<0> : tensor<i32>
      %8 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x16xi32>
      %9 = stablehlo.compare GE, %7, %8, SIGNED : (tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi1>
      %c_3 = stablehlo.constant dense<64> : tensor<i32>
      %10 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4x16xi32>
      %11 = stablehlo.compare LT, %7, %10, SIGNED : (tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi1>
      %12 = stablehlo.and %9, %11 : tensor<4x16xi1>
      %c_4 = stablehlo.constant dense<0> : tensor<i32>
      %c_5 = stablehlo.constant dense<63> : tensor<i32>
      %13 = func.call @clip(%7, %c_4, %c_5) : (tensor<4x16xi32>, tensor<i32>, tensor<i32>) -> tensor<4x16xi32>
      %14 = func.call @_take(%arg2, %13) : (tensor<64x64xf32>, tensor<4x16xi32>) -> tensor<4x16x64xf32>
      %15 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<4x16xi1>) -> tensor<4x16x1xi1>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %16 = func.call @_where_0(%15, %14, %cst) : (tensor<4x16x1xi1>, tensor<4x16x64xf32>, tensor<f32>) -> tensor<4x16x64xf32>
      %17 = "stablehlo.all_reduce"(%16) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %18 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %18 : tensor<f32>
      }) : (tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
      sdy.return %17 : tensor<4x16x64xf32>
    } : (tensor<256x64xf32>, tensor<8x16xi32>) -> tensor<8x16x64xf32>
    return %0 : tensor<8x16x64xf32>
  }
  func.func private @clip(%arg0: tensor<4x16xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4x16xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<4x16xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x16xi32>
    %3 = stablehlo.convert %arg2 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4x16xi32>
    %5 = stablehlo.minimum %4, %2 : tensor<4x16xi32>
    return %5 : tensor<4x16xi32>
  }
  func.func private @_take(%arg0: tensor<64x64xf32>, %arg1: tensor<4x16xi32>) -> tensor<4x16x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x16xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi1>
    %c_0 = stablehlo.constant dense<64> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x16xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x16xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<4x16xi1>, tensor<4x16xi32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<4x16xi32>) -> tensor<4x16x1xi32>
    %c_1 = stablehlo.constant dense<63> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x16x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<4x16x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x16x1xi32>, tensor<4x16x1xi32>) -> tensor<4x16x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x16x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<4x16x1xi1>, tensor<i1>) -> tensor<4x16xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<64x64xf32>, tensor<4x16x1xi32>) -> tensor<4x16x64xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<4x16xi1>) -> tensor<4x16x64xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<4x16x64xi1>, tensor<4x16x64xf32>
    return %16 : tensor<4x16x64xf32>
  }
  func.func private @_where(%arg0: tensor<4x16xi1>, %arg1: tensor<4x16xi32>, %arg2: tensor<4x16xi32>) -> tensor<4x16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x16xi1>, tensor<4x16xi32>
    return %0 : tensor<4x16xi32>
  }
  func.func private @_where_0(%arg0: tensor<4x16x1xi1>, %arg1: tensor<4x16x64xf32>, %arg2: tensor<f32>) -> tensor<4x16x64xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2] : (tensor<4x16x1xi1>) -> tensor<4x16x64xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x16x64xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<4x16x64xi1>, tensor<4x16x64xf32>
    return %3 : tensor<4x16x64xf32>
  }
}
