// UPSTREAM: sparse_spmm.mlir
// Sparse (CSR) times dense matrix product accumulated into a dense output argument.

#CSR = #sparse_tensor.encoding<{map = (i, k) -> (i : dense, k : compressed)}>

// KERNEL: density=0.3 | X(i,j) += A(i,k) * B(k,j), CSR A (wide), f64
func.func @spmm(%A: tensor<4x16xf64, #CSR>, %B: tensor<16x4xf64>, %X0: tensor<4x4xf64>) -> tensor<4x4xf64> {
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                       affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<4x16xf64, #CSR>, tensor<16x4xf64>) outs(%X0 : tensor<4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<4x4xf64>
  return %X : tensor<4x4xf64>
}
