// UPSTREAM: concatenate_dim_1_permute.mlir
// Column-wise (dimension 1) concatenation where some operands or the result use a
// column-major (transposed level order) sparse format.

#CmpCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#CmpDns = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : dense)}>
#DnsCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#CmpCmpT = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed, r : compressed)}>
#CmpDnsT = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed, r : dense)}>
#DnsCmpT = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>

// KERNEL: column-major CC + CD + DC joined into a column-major CC result along dim 1, f64
func.func @perm_sparse_to_sparse(%lft: tensor<5x2xf64, #CmpCmpT>, %mid: tensor<5x3xf64, #CmpDns>, %rgt: tensor<5x4xf64, #DnsCmp>) -> tensor<5x9xf64, #CmpCmpT> {
  %joined = sparse_tensor.concatenate %lft, %mid, %rgt {dimension = 1 : index}
      : tensor<5x2xf64, #CmpCmpT>, tensor<5x3xf64, #CmpDns>, tensor<5x4xf64, #DnsCmp> to tensor<5x9xf64, #CmpCmpT>
  return %joined : tensor<5x9xf64, #CmpCmpT>
}

// KERNEL: column-major CC + column-major CD + DC joined into a dense result along dim 1, f64
func.func @perm_sparse_to_dense(%lft: tensor<5x2xf64, #CmpCmpT>, %mid: tensor<5x3xf64, #CmpDnsT>, %rgt: tensor<5x4xf64, #DnsCmp>) -> tensor<5x9xf64> {
  %joined = sparse_tensor.concatenate %lft, %mid, %rgt {dimension = 1 : index}
      : tensor<5x2xf64, #CmpCmpT>, tensor<5x3xf64, #CmpDnsT>, tensor<5x4xf64, #DnsCmp> to tensor<5x9xf64>
  return %joined : tensor<5x9xf64>
}

// KERNEL: dense + column-major CD + DC joined into a CC result along dim 1, f64
func.func @perm_mixed_to_sparse(%lft: tensor<5x2xf64>, %mid: tensor<5x3xf64, #CmpDnsT>, %rgt: tensor<5x4xf64, #DnsCmp>) -> tensor<5x9xf64, #CmpCmp> {
  %joined = sparse_tensor.concatenate %lft, %mid, %rgt {dimension = 1 : index}
      : tensor<5x2xf64>, tensor<5x3xf64, #CmpDnsT>, tensor<5x4xf64, #DnsCmp> to tensor<5x9xf64, #CmpCmp>
  return %joined : tensor<5x9xf64, #CmpCmp>
}

// KERNEL: dense + CD + column-major DC joined into a dense result along dim 1, f64
func.func @perm_mixed_to_dense(%lft: tensor<5x2xf64>, %mid: tensor<5x3xf64, #CmpDns>, %rgt: tensor<5x4xf64, #DnsCmpT>) -> tensor<5x9xf64> {
  %joined = sparse_tensor.concatenate %lft, %mid, %rgt {dimension = 1 : index}
      : tensor<5x2xf64>, tensor<5x3xf64, #CmpDns>, tensor<5x4xf64, #DnsCmpT> to tensor<5x9xf64>
  return %joined : tensor<5x9xf64>
}
