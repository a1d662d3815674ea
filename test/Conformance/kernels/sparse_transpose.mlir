// UPSTREAM: sparse_transpose.mlir
// Transposing a DCSR matrix into a DCSR result: once with an explicit conversion of
// the input to DCSC first (so no iteration-graph cycle arises), once leaving it to the
// sparsifier to insert that conversion itself.

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#DCSC = #sparse_tensor.encoding<{map = (i, j) -> (j : compressed, i : compressed)}>

// KERNEL: density=0.4 | X(i,j) = A(j,i): convert A to DCSC, then copy transposed into DCSR (tensor.empty), f64
func.func @transpose_via_dcsc(%A: tensor<5x7xf64, #DCSR>) -> tensor<7x5xf64, #DCSR> {
  %Ac = sparse_tensor.convert %A : tensor<5x7xf64, #DCSR> to tensor<5x7xf64, #DCSC>
  %init = tensor.empty() : tensor<7x5xf64, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%Ac : tensor<5x7xf64, #DCSC>) outs(%init : tensor<7x5xf64, #DCSR>) {
  ^bb0(%a: f64, %unused: f64):
    linalg.yield %a : f64
  } -> tensor<7x5xf64, #DCSR>
  return %X : tensor<7x5xf64, #DCSR>
}

// KERNEL: density=0.4 | X(i,j) = A(j,i) directly on DCSR A (sparsifier resolves the cycle), DCSR out, f64
func.func @transpose_auto(%A: tensor<5x7xf64, #DCSR>) -> tensor<7x5xf64, #DCSR> {
  %init = tensor.empty() : tensor<7x5xf64, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<5x7xf64, #DCSR>) outs(%init : tensor<7x5xf64, #DCSR>) {
  ^bb0(%a: f64, %unused: f64):
    linalg.yield %a : f64
  } -> tensor<7x5xf64, #DCSR>
  return %X : tensor<7x5xf64, #DCSR>
}
