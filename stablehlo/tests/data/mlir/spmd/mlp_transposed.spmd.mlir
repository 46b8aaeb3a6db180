// The MLP with its rows moved to axis 1 and back by all_to_alls: all_to_all over
// axis 0 splits the rows and joins the columns.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x16xf32>, %w1: tensor<16x16xf32>, %w2: tensor<16x16xf32>) -> tensor<4x16xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %t = stablehlo.tanh %h : tensor<4x16xf32>
  %p = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %y = mesh.all_reduce %p on @mesh mesh_axes = [1] reduction = <sum> : tensor<4x16xf32> -> tensor<4x16xf32>
  %q = mesh.all_to_all %y on @mesh mesh_axes = [0] split_axis = 0 concat_axis = 1 : tensor<4x16xf32> -> tensor<2x32xf32>
  %r = mesh.all_to_all %q on @mesh mesh_axes = [0] split_axis = 1 concat_axis = 0 : tensor<2x32xf32> -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
