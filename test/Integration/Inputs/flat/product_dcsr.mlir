// p = Π_ij A(i, j) over the stored entries, A in DCSR: upstream's
// sparse_tensor.reduce with identity 1 (a multiplication keeps its order).
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

func.func @kernel(%a: tensor<?x?xf64, #DCSR>) -> tensor<f64> {
  %init = arith.constant dense<1.0> : tensor<f64>
  %one = arith.constant 1.0 : f64
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
    ins(%a : tensor<?x?xf64, #DCSR>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %p = sparse_tensor.reduce %x, %acc, %one : f64 {
    ^bb0(%e: f64, %t: f64):
      %m = arith.mulf %e, %t : f64
      sparse_tensor.yield %m : f64
    }
    linalg.yield %p : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}
