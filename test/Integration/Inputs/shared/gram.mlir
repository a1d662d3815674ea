// G = X · Xᵀ with X passed once: two operands of one tensor value.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%x: tensor<4x3xf64, #CSR>) -> tensor<4x4xf64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<4x4xf64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<4x4xf64>) -> tensor<4x4xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, l, j) -> (i, j)>, affine_map<(i, l, j) -> (l, j)>, affine_map<(i, l, j) -> (i, l)>], iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%x, %x : tensor<4x3xf64, #CSR>, tensor<4x3xf64, #CSR>) outs(%filled : tensor<4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<4x4xf64>
  return %y : tensor<4x4xf64>
}
