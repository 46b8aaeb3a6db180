// Each device's 4x4 tile padded by ones, a row and a column each side, the padding
// refilled from the neighbouring tiles by mesh.update_halo (corners from the
// diagonal ones; the image's edges keep the ones), then the convolution without
// padding.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<1x4x4x2xf32>, %k: tensor<3x3x2x2xf32>) -> tensor<1x4x4x2xf32> {
  %one = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %padded = "stablehlo.pad"(%x, %one) <{edge_padding_high = array<i64: 0, 1, 1, 0>, edge_padding_low = array<i64: 0, 1, 1, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<1x4x4x2xf32>, tensor<f32>) -> tensor<1x6x6x2xf32>
  %haloed = mesh.update_halo %padded into %padded on @mesh split_axes = [[], [0], [1]]
      source_halo_sizes = [1, 1, 1, 1] destination_halo_sizes = [1, 1, 1, 1]
      : tensor<1x6x6x2xf32> -> tensor<1x6x6x2xf32>
  %y = "stablehlo.convolution"(%haloed, %k) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> : (tensor<1x6x6x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x4x4x2xf32>
  return %y : tensor<1x4x4x2xf32>
}
