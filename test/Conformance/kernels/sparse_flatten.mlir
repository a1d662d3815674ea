// UPSTREAM: sparse_flatten.mlir
// Flattening a rank-8 fully compressed tensor into a matrix by summing over its six
// trailing dimensions, accumulated into a dense argument.

#Comp8 = #sparse_tensor.encoding<{
  map = (a, b, c, d, e, f, g, h) -> (a : compressed, b : compressed, c : compressed, d : compressed,
                                     e : compressed, f : compressed, g : compressed, h : compressed)
}>

#sum_trailing6 = {
  indexing_maps = [
    affine_map<(a, b, c, d, e, f, g, h) -> (a, b, c, d, e, f, g, h)>,
    affine_map<(a, b, c, d, e, f, g, h) -> (a, b)>
  ],
  iterator_types = ["parallel", "parallel", "reduction", "reduction",
                    "reduction", "reduction", "reduction", "reduction"]
}

// KERNEL: density=0.1 | x(a,b) += sum over c..h of T(a,b,c,d,e,f,g,h), rank-8 compressed T, f64
func.func @flatten_rank8(%t: tensor<3x2x2x2x2x2x2x2xf64, #Comp8>, %x: tensor<3x2xf64>) -> tensor<3x2xf64> {
  %r = linalg.generic #sum_trailing6
      ins(%t : tensor<3x2x2x2x2x2x2x2xf64, #Comp8>)
      outs(%x : tensor<3x2xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %s = arith.addf %acc, %v : f64
    linalg.yield %s : f64
  } -> tensor<3x2xf64>
  return %r : tensor<3x2xf64>
}
