// UPSTREAM: concatenate_dim_1.mlir
// Column-wise (dimension 1) concatenation of f64 matrices stored in differing sparse and
// dense formats, into sparse or dense results.

#CmpCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#CmpDns = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : dense)}>
#DnsCmp = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>

// KERNEL: three sparse operands (CC, CD, DC) joined into a CC result along dim 1, f64
func.func @sparse_to_sparse(%lft: tensor<5x2xf64, #CmpCmp>, %mid: tensor<5x3xf64, #CmpDns>, %rgt: tensor<5x4xf64, #DnsCmp>) -> tensor<5x9xf64, #CmpCmp> {
  %joined = sparse_tensor.concatenate %lft, %mid, %rgt {dimension = 1 : index}
      : tensor<5x2xf64, #CmpCmp>, tensor<5x3xf64, #CmpDns>, tensor<5x4xf64, #DnsCmp> to tensor<5x9xf64, #CmpCmp>
  return %joined : tensor<5x9xf64, #CmpCmp>
}

// KERNEL: three sparse operands (CC, CD, DC) joined into a dense result along dim 1, f64
func.func @sparse_to_dense(%lft: tensor<5x2xf64, #CmpCmp>, %mid: tensor<5x3xf64, #CmpDns>, %rgt: tensor<5x4xf64, #DnsCmp>) -> tensor<5x9xf64> {
  %joined = sparse_tensor.concatenate %lft, %mid, %rgt {dimension = 1 : index}
      : tensor<5x2xf64, #CmpCmp>, tensor<5x3xf64, #CmpDns>, tensor<5x4xf64, #DnsCmp> to tensor<5x9xf64>
  return %joined : tensor<5x9xf64>
}

// KERNEL: dense + CD + DC operands joined into a CC result along dim 1, f64
func.func @mixed_to_sparse(%lft: tensor<5x2xf64>, %mid: tensor<5x3xf64, #CmpDns>, %rgt: tensor<5x4xf64, #DnsCmp>) -> tensor<5x9xf64, #CmpCmp> {
  %joined = sparse_tensor.concatenate %lft, %mid, %rgt {dimension = 1 : index}
      : tensor<5x2xf64>, tensor<5x3xf64, #CmpDns>, tensor<5x4xf64, #DnsCmp> to tensor<5x9xf64, #CmpCmp>
  return %joined : tensor<5x9xf64, #CmpCmp>
}

// KERNEL: dense + CD + DC operands joined into a dense result along dim 1, f64
func.func @mixed_to_dense(%lft: tensor<5x2xf64>, %mid: tensor<5x3xf64, #CmpDns>, %rgt: tensor<5x4xf64, #DnsCmp>) -> tensor<5x9xf64> {
  %joined = sparse_tensor.concatenate %lft, %mid, %rgt {dimension = 1 : index}
      : tensor<5x2xf64>, tensor<5x3xf64, #CmpDns>, tensor<5x4xf64, #DnsCmp> to tensor<5x9xf64>
  return %joined : tensor<5x9xf64>
}
