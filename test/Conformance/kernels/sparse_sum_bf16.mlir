// UPSTREAM: sparse_sum_bf16.mlir
// Sum of all entries of a doubly-compressed bf16 matrix into a scalar-tensor argument.

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// KERNEL: density=0.4 | x = x0 + SUM_ij A(i,j), DCSR bf16
func.func @sum_all(%A: tensor<6x5xbf16, #DCSR>, %x0: tensor<bf16>) -> tensor<bf16> {
  %x = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%A : tensor<6x5xbf16, #DCSR>) outs(%x0 : tensor<bf16>) {
  ^bb0(%a: bf16, %acc: bf16):
    %s = arith.addf %acc, %a : bf16
    linalg.yield %s : bf16
  } -> tensor<bf16>
  return %x : tensor<bf16>
}
