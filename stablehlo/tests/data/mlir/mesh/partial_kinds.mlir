// Values held as partial products and partial bitwise xors (issue 30's partial
// types): each becomes its kind's unreduced axes, and the outputs combine them.
mesh.mesh @mesh(shape = 2x2)
func.func @main(%x: tensor<4x8xf32>, %y: tensor<4x8xi32>) -> (tensor<4x8xf32>, tensor<4x8xi32>) {
  %p = mesh.sharding @mesh split_axes = [[0]] partial = product [1] : !mesh.sharding
  %0 = mesh.shard %x to %p : tensor<4x8xf32>
  %q = mesh.sharding @mesh split_axes = [[]] partial = bitwise_xor [0, 1] : !mesh.sharding
  %1 = mesh.shard %y to %q : tensor<4x8xi32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xi32>
}
