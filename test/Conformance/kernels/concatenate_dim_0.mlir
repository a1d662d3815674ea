// UPSTREAM: concatenate_dim_0.mlir
// Row-wise (dimension 0) concatenation of f64 matrices stored in differing sparse and
// dense formats, into sparse or dense results.

#CmpCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#CmpDns = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : dense)}>
#DnsCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>

// KERNEL: three sparse operands (CC, CD, DC) joined into a CC result along dim 0, f64
func.func @sparse_to_sparse(%top: tensor<2x5xf64, #CmpCmp>, %mid: tensor<3x5xf64, #CmpDns>, %bot: tensor<4x5xf64, #DnsCmp>) -> tensor<9x5xf64, #CmpCmp> {
  %joined = sparse_tensor.concatenate %top, %mid, %bot {dimension = 0 : index}
      : tensor<2x5xf64, #CmpCmp>, tensor<3x5xf64, #CmpDns>, tensor<4x5xf64, #DnsCmp> to tensor<9x5xf64, #CmpCmp>
  return %joined : tensor<9x5xf64, #CmpCmp>
}

// KERNEL: three sparse operands (CC, CD, DC) joined into a dense result along dim 0, f64
func.func @sparse_to_dense(%top: tensor<2x5xf64, #CmpCmp>, %mid: tensor<3x5xf64, #CmpDns>, %bot: tensor<4x5xf64, #DnsCmp>) -> tensor<9x5xf64> {
  %joined = sparse_tensor.concatenate %top, %mid, %bot {dimension = 0 : index}
      : tensor<2x5xf64, #CmpCmp>, tensor<3x5xf64, #CmpDns>, tensor<4x5xf64, #DnsCmp> to tensor<9x5xf64>
  return %joined : tensor<9x5xf64>
}

// KERNEL: dense + CD + DC operands joined into a CC result along dim 0, f64
func.func @mixed_to_sparse(%top: tensor<2x5xf64>, %mid: tensor<3x5xf64, #CmpDns>, %bot: tensor<4x5xf64, #DnsCmp>) -> tensor<9x5xf64, #CmpCmp> {
  %joined = sparse_tensor.concatenate %top, %mid, %bot {dimension = 0 : index}
      : tensor<2x5xf64>, tensor<3x5xf64, #CmpDns>, tensor<4x5xf64, #DnsCmp> to tensor<9x5xf64, #CmpCmp>
  return %joined : tensor<9x5xf64, #CmpCmp>
}

// KERNEL: dense + CD + DC operands joined into a dense result along dim 0, f64
func.func @mixed_to_dense(%top: tensor<2x5xf64>, %mid: tensor<3x5xf64, #CmpDns>, %bot: tensor<4x5xf64, #DnsCmp>) -> tensor<9x5xf64> {
  %joined = sparse_tensor.concatenate %top, %mid, %bot {dimension = 0 : index}
      : tensor<2x5xf64>, tensor<3x5xf64, #CmpDns>, tensor<4x5xf64, #DnsCmp> to tensor<9x5xf64>
  return %joined : tensor<9x5xf64>
}
