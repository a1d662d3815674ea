// UPSTREAM: sparse_sum_f16.mlir
// Sum of all entries of a doubly-compressed f16 matrix into a scalar-tensor argument.

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// KERNEL: density=0.4 | x = x0 + SUM_ij A(i,j), DCSR f16
func.func @sum_all(%A: tensor<6x5xf16, #DCSR>, %x0: tensor<f16>) -> tensor<f16> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%A : tensor<6x5xf16, #DCSR>) outs(%x0 : tensor<f16>) {
  ^bb0(%a: f16, %acc: f16):
    %s = arith.addf %acc, %a : f16
    linalg.yield %s : f16
  } -> tensor<f16>
  return %x : tensor<f16>
}
