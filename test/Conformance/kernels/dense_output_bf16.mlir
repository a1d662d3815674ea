// UPSTREAM: dense_output_bf16.mlir
// Elementwise minimum of two sparse bf16 vectors (entries present in only one operand
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

// KERNEL: density=0.3 | min(a, b) over the union of patterns (binary op, identity sides), bf16, result from tensor.empty
func.func @union_min_bf16(%a: tensor<16xbf16, #SpVec>, %b: tensor<16xbf16, #SpVec>) -> tensor<16xbf16, #DnVec> {
  %fresh = tensor.empty() : tensor<16xbf16, #DnVec>
  %r = linalg.generic #pointwise2
      ins(%a, %b : tensor<16xbf16, #SpVec>, tensor<16xbf16, #SpVec>)
      outs(%fresh : tensor<16xbf16, #DnVec>) {
  ^bb0(%x: bf16, %y: bf16, %old: bf16):
    %m = sparse_tensor.binary %x, %y : bf16, bf16 to bf16
      overlap = {
      ^bb0(%p: bf16, %q: bf16):
        %lt = arith.cmpf olt, %p, %q : bf16
        %sel = arith.select %lt, %p, %q : bf16
        sparse_tensor.yield %sel : bf16
      }
      left = identity
      right = identity
    linalg.yield %m : bf16
  } -> tensor<16xbf16, #DnVec>
  return %r : tensor<16xbf16, #DnVec>
}
