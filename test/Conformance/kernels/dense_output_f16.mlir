// UPSTREAM: dense_output_f16.mlir
// Elementwise minimum of two sparse f16 vectors (entries present in only one operand
// pass through unchanged) into an all-dense annotated vector.

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#DnVec = #sparse_tensor.encoding<{map = (i) -> (i : dense)}>

#pointwise2 = {
  indexing_maps = [
    affine_map<(i) -> (i)>,
    affine_map<(i) -> (i)>,
    affine_map<(i) -> (i)>
  ],
  iterator_types = ["parallel"]
}

// KERNEL: density=0.3 | min(a, b) over the union of patterns (binary op, identity sides), f16, result from tensor.empty
func.func @union_min_f16(%a: tensor<16xf16, #SpVec>, %b: tensor<16xf16, #SpVec>) -> tensor<16xf16, #DnVec> {
  %fresh = tensor.empty() : tensor<16xf16, #DnVec>
  %r = linalg.generic #pointwise2
      ins(%a, %b : tensor<16xf16, #SpVec>, tensor<16xf16, #SpVec>)
      outs(%fresh : tensor<16xf16, #DnVec>) {
  ^bb0(%x: f16, %y: f16, %old: f16):
    %m = sparse_tensor.binary %x, %y : f16, f16 to f16
      overlap = {
      ^bb0(%p: f16, %q: f16):
        %lt = arith.cmpf olt, %p, %q : f16
        %sel = arith.select %lt, %p, %q : f16
        sparse_tensor.yield %sel : f16
      }
      left = identity
      right = identity
    linalg.yield %m : f16
  } -> tensor<16xf16, #DnVec>
  return %r : tensor<16xf16, #DnVec>
}
