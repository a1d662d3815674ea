// UPSTREAM: concatenate_dim_0_permute.mlir
// Row-wise (dimension 0) concatenation where some operands or the result use a
// column-major (transposed level order) sparse format.

#CmpCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#CmpDns = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : dense)}>
#DnsCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>
#CmpCmpT = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed, r : compressed)}>
#CmpDnsT = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed, r : dense)}>
#DnsCmpT = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed)}>

// KERNEL: column-major CC + CD + DC joined into a column-major CC result along dim 0, f64
func.func @perm_sparse_to_sparse(%top: tensor<2x5xf64, #CmpCmpT>, %mid: tensor<3x5xf64, #CmpDns>, %bot: tensor<4x5xf64, #DnsCmp>) -> tensor<9x5xf64, #CmpCmpT> {
  %joined = sparse_tensor.concatenate %top, %mid, %bot {dimension = 0 : index}
      : tensor<2x5xf64, #CmpCmpT>, tensor<3x5xf64, #CmpDns>, tensor<4x5xf64, #DnsCmp> to tensor<9x5xf64, #CmpCmpT>
  return %joined : tensor<9x5xf64, #CmpCmpT>
}

// KERNEL: column-major CC + column-major CD + DC joined into a dense result along dim 0, f64
func.func @perm_sparse_to_dense(%top: tensor<2x5xf64, #CmpCmpT>, %mid: tensor<3x5xf64, #CmpDnsT>, %bot: tensor<4x5xf64, #DnsCmp>) -> tensor<9x5xf64> {
  %joined = sparse_tensor.concatenate %top, %mid, %bot {dimension = 0 : index}
      : tensor<2x5xf64, #CmpCmpT>, tensor<3x5xf64, #CmpDnsT>, tensor<4x5xf64, #DnsCmp> to tensor<9x5xf64>
  return %joined : tensor<9x5xf64>
}

// KERNEL: dense + column-major CD + DC joined into a CC result along dim 0, f64
func.func @perm_mixed_to_sparse(%top: tensor<2x5xf64>, %mid: tensor<3x5xf64, #CmpDnsT>, %bot: tensor<4x5xf64, #DnsCmp>) -> tensor<9x5xf64, #CmpCmp> {
  %joined = sparse_tensor.concatenate %top, %mid, %bot {dimension = 0 : index}
      : tensor<2x5xf64>, tensor<3x5xf64, #CmpDnsT>, tensor<4x5xf64, #DnsCmp> to tensor<9x5xf64, #CmpCmp>
  return %joined : tensor<9x5xf64, #CmpCmp>
}

// KERNEL: dense + CD + column-major DC joined into a dense result along dim 0, f64
func.func @perm_mixed_to_dense(%top: tensor<2x5xf64>, %mid: tensor<3x5xf64, #CmpDns>, %bot: tensor<4x5xf64, #DnsCmpT>) -> tensor<9x5xf64> {
  %joined = sparse_tensor.concatenate %top, %mid, %bot {dimension = 0 : index}
      : tensor<2x5xf64>, tensor<3x5xf64, #CmpDns>, tensor<4x5xf64, #DnsCmpT> to tensor<9x5xf64>
  return %joined : tensor<9x5xf64>
}
