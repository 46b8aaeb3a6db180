// A 3x3 convolution of one 8x8 image with 2 channels padded by ones, its rows split
// over mesh axis 0 and its columns over axis 1, the result split the same way.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<1x8x8x2xf32>, %k: tensor<3x3x2x2xf32>) -> tensor<1x8x8x2xf32> {
  %tiles = mesh.sharding @mesh split_axes = [[], [0], [1]] : !mesh.sharding
  %x0 = mesh.shard %x to %tiles : tensor<1x8x8x2xf32>
  %one = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %padded = "stablehlo.pad"(%x0, %one) <{edge_padding_high = array<i64: 0, 1, 1, 0>, edge_padding_low = array<i64: 0, 1, 1, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<1x8x8x2xf32>, tensor<f32>) -> tensor<1x10x10x2xf32>
  %y = "stablehlo.convolution"(%padded, %k) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> : (tensor<1x10x10x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x8x8x2xf32>
  %y0 = mesh.shard %y to %tiles : tensor<1x8x8x2xf32>
  return %y0 : tensor<1x8x8x2xf32>
}
