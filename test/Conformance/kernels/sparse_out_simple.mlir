// UPSTREAM: sparse_out_simple.mlir
// In-place update of a doubly-compressed matrix: every stored value is squared,
// the output being the sparse argument itself (structure unchanged).

#DCSR = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

// KERNEL: | X(i,j) = X(i,j) * X(i,j) in place on a DCSR f64 argument
func.func @square_in_place(%X: tensor<6x8xf64, #DCSR>) -> tensor<6x8xf64, #DCSR> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(r, c) -> (r, c)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%X : tensor<6x8xf64, #DCSR>) {
  ^bb0(%x: f64):
    %sq = arith.mulf %x, %x : f64
    linalg.yield %sq : f64
  } -> tensor<6x8xf64, #DCSR>
  return %r : tensor<6x8xf64, #DCSR>
}
