// C = Aᵀ · 0, A in COO: the product is 0 wherever A is read, so the loops
// do not read A at all (they need not follow its levels), and the body's
// read of A is annihilated by the constant.
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
func.func @kernel(%A: tensor<3x4xf64, #COO>) -> tensor<4x3xf64> {
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<4x3xf64>
  %C = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<3x4xf64, #COO>) outs(%init : tensor<4x3xf64>) {
  ^bb0(%a: f64, %c: f64):
    %p = arith.mulf %a, %zero : f64
    linalg.yield %p : f64
  } -> tensor<4x3xf64>
  return %C : tensor<4x3xf64>
}
