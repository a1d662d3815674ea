// UPSTREAM: sparse_tanh.mlir
// Zero-preserving math in place: tanh applied to every stored entry of a sparse
// f64 vector, the sparse argument being the output.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.3 | x(i) = tanh(x(i)) in place on a sparse f64 vector
func.func @tanh_in_place(%x: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      outs(%x : tensor<16xf64, #SV>) {
  ^bb0(%v: f64):
    %t = math.tanh %v : f64
    linalg.yield %t : f64
  } -> tensor<16xf64, #SV>
  return %r : tensor<16xf64, #SV>
}
