// UPSTREAM: sparse_out_mult_elt.mlir
// Element-wise product of two doubly-compressed matrices into a fresh
// doubly-compressed result (only the intersection is stored).

#DCSR = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

// KERNEL: density=0.1 | X = A .* B, DCSR x DCSR -> DCSR, f32, output from tensor.empty
func.func @mult_elt(%A: tensor<16x12xf32, #DCSR>, %B: tensor<16x12xf32, #DCSR>) -> tensor<16x12xf32, #DCSR> {
  %init = tensor.empty() : tensor<16x12xf32, #DCSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(r, c) -> (r, c)>,
                       affine_map<(r, c) -> (r, c)>,
                       affine_map<(r, c) -> (r, c)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%A, %B : tensor<16x12xf32, #DCSR>, tensor<16x12xf32, #DCSR>)
      outs(%init : tensor<16x12xf32, #DCSR>) {
  ^bb0(%a: f32, %b: f32, %unused: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<16x12xf32, #DCSR>
  return %X : tensor<16x12xf32, #DCSR>
}
