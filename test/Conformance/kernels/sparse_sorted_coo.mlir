// UPSTREAM: sparse_sorted_coo.mlir
// Sorted COO formats with struct-of-arrays coordinates (2-d, 2-d with transposed level order, 3-d, 3-d with permuted
// level order): built from a file or a dense literal, inspected, and scaled in place.
// Upstream reads four of its tensors from files; the conversions below stand in for
// those reads (dense input converted into each COO format), plus the in-place scaling.

#COO2 = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton(soa))}>
#COO2T = #sparse_tensor.encoding<{map = (i, j) -> (j : compressed(nonunique), i : singleton(soa))}>
#COO3 = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed(nonunique), j : singleton(nonunique, soa), k : singleton(soa))}>
#COO3P = #sparse_tensor.encoding<{map = (i, j, k) -> (k : compressed(nonunique), i : singleton(nonunique, soa), j : singleton(soa))}>

// KERNEL: density=0.3 | X(i,j) = X(i,j) * 2.0 in place on a sorted-COO f64 argument
func.func @coo_scale(%X: tensor<5x4xf64, #COO2>) -> tensor<5x4xf64, #COO2> {
  %two = arith.constant 2.0 : f64
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%X : tensor<5x4xf64, #COO2>) {
  ^bb0(%x: f64):
    %y = arith.mulf %x, %two : f64
    linalg.yield %y : f64
  } -> tensor<5x4xf64, #COO2>
  return %r : tensor<5x4xf64, #COO2>
}

// KERNEL: density=0.3 | dense 5x4 f64 literal to sorted COO
func.func @dense_to_coo(%d: tensor<5x4xf64>) -> tensor<5x4xf64, #COO2> {
  %s = sparse_tensor.convert %d : tensor<5x4xf64> to tensor<5x4xf64, #COO2>
  return %s : tensor<5x4xf64, #COO2>
}

// KERNEL: density=0.3 | dense 4x16 f64 to sorted COO with transposed level order
func.func @dense_to_coo_transposed(%d: tensor<4x16xf64>) -> tensor<4x16xf64, #COO2T> {
  %s = sparse_tensor.convert %d : tensor<4x16xf64> to tensor<4x16xf64, #COO2T>
  return %s : tensor<4x16xf64, #COO2T>
}

// KERNEL: density=0.3 | dense 2x3x4 f64 to 3-d sorted COO
func.func @dense_to_coo3(%d: tensor<2x3x4xf64>) -> tensor<2x3x4xf64, #COO3> {
  %s = sparse_tensor.convert %d : tensor<2x3x4xf64> to tensor<2x3x4xf64, #COO3>
  return %s : tensor<2x3x4xf64, #COO3>
}

// KERNEL: density=0.3 | dense 2x3x4 f64 to 3-d sorted COO with levels ordered (k, i, j)
func.func @dense_to_coo3_permuted(%d: tensor<2x3x4xf64>) -> tensor<2x3x4xf64, #COO3P> {
  %s = sparse_tensor.convert %d : tensor<2x3x4xf64> to tensor<2x3x4xf64, #COO3P>
  return %s : tensor<2x3x4xf64, #COO3P>
}
