// Partial averages (issue 30's partial types): %g arrives as each device's mean
// share along axis 0 (replicated per device, so its own mean), and %w's
// exponential, split by rows along axis 0, is wanted as partial averages along
// that axis (each device's rows scaled by 2, zeros elsewhere). The run combines
// both and equals the reference.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%g: tensor<4x8xf32>, %p: tensor<4x8xf32>, %w: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %a = mesh.sharding @mesh split_axes = [[], [1]] partial = average [0] : !mesh.sharding
  %0 = mesh.shard %g to %a : tensor<4x8xf32>
  %1 = stablehlo.subtract %p, %0 : tensor<4x8xf32>
  %r = mesh.sharding @mesh split_axes = [[0]] : !mesh.sharding
  %2 = mesh.shard %w to %r : tensor<4x8xf32>
  %3 = stablehlo.exponential %2 : tensor<4x8xf32>
  %m = mesh.sharding @mesh split_axes = [[]] partial = average [0] : !mesh.sharding
  %4 = mesh.shard %3 to %m : tensor<4x8xf32>
  return %1, %4 : tensor<4x8xf32>, tensor<4x8xf32>
}
