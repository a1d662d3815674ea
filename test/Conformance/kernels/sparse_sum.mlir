// UPSTREAM: sparse_sum.mlir
// Sum of all entries of a doubly-compressed f64 matrix into a scalar-tensor argument.

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// KERNEL: density=0.4 | x = x0 + SUM_ij A(i,j), DCSR f64
func.func @sum_all(%A: tensor<6x5xf64, #DCSR>, %x0: tensor<f64>) -> tensor<f64> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%A : tensor<6x5xf64, #DCSR>) outs(%x0 : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %acc, %a : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %x : tensor<f64>
}
