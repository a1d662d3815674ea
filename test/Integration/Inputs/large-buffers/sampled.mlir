// SDDMM into a dense result of 2,048 × 2,048 f64: 32 MiB, which calloc
// gives zeroed (cfir-to-scf's zeroed.rs).
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#sampled = {indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @kernel(%S: tensor<2048x2048xf64, #CSR>, %A: tensor<2048x2xf64>, %B: tensor<2x2048xf64>) -> tensor<2048x2048xf64> {
  %init = arith.constant dense<0.0> : tensor<2048x2048xf64>
  %C = linalg.generic #sampled ins(%S, %A, %B : tensor<2048x2048xf64, #CSR>, tensor<2048x2xf64>, tensor<2x2048xf64>) outs(%init : tensor<2048x2048xf64>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %c: f64):
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %s, %p : f64
    %r = arith.addf %c, %q : f64
    linalg.yield %r : f64
  } -> tensor<2048x2048xf64>
  return %C : tensor<2048x2048xf64>
}
