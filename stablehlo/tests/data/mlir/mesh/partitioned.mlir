// An SPMD program, after partitioning: its collectives are not a program to plan.
mesh.mesh @mesh0(shape = 2x2)
func.func @main(%arg0: tensor<2x2xi8>) -> tensor<2x4xi8> {
  %1 = mesh.all_gather %arg0 on @mesh0 mesh_axes = [1] gather_axis = 1
    : tensor<2x2xi8> -> tensor<2x4xi8>
  return %1 : tensor<2x4xi8>
}
