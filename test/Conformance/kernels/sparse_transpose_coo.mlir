// UPSTREAM: sparse_transpose_coo.mlir
// Transpose of a sorted-COO f32 matrix into a fresh sorted-COO matrix.

#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// KERNEL: density=0.6 | X(i,j) = A(j,i), sorted COO in and out (tensor.empty), f32
func.func @transpose_coo(%A: tensor<10x5xf32, #COO>) -> tensor<5x10xf32, #COO> {
  %init = tensor.empty() : tensor<5x10xf32, #COO>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<10x5xf32, #COO>) outs(%init : tensor<5x10xf32, #COO>) {
  ^bb0(%a: f32, %unused: f32):
    linalg.yield %a : f32
  } -> tensor<5x10xf32, #COO>
  return %X : tensor<5x10xf32, #COO>
}
