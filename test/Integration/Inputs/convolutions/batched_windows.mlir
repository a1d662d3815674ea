// Y(b, i) = Σ_k A(b, i + k) · w(k), A stored in batches of rows in variable
// blocks: A is read through the windows of its variable-block level, which
// are taken of a copy (window_copies) whose batch level is dense.
#Batched = #arr.encoding<[#arr.level<"batch", {}>, #arr.level<"variable_block", {}>], 0.0 : f64, affine_map<(b, i) -> (b, i)>>
func.func @kernel(%A: tensor<2x4xf64, #Batched>, %w: tensor<2xf64>) -> tensor<2x3xf64> {
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty() : tensor<2x3xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<2x3xf64>) -> tensor<2x3xf64>
  %y = linalg.generic {
    indexing_maps = [affine_map<(b, i, k) -> (b, i + k)>, affine_map<(b, i, k) -> (k)>, affine_map<(b, i, k) -> (b, i)>],
    iterator_types = ["parallel", "parallel", "reduction"]
  } ins(%A, %w : tensor<2x4xf64, #Batched>, tensor<2xf64>) outs(%init : tensor<2x3xf64>) {
  ^bb0(%a: f64, %x: f64, %acc: f64):
    %p = arith.mulf %a, %x : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<2x3xf64>
  return %y : tensor<2x3xf64>
}
