// C(i, j) = Σ_k A(i, j, k) v(k), A in CSF with rows of a static length, 16:
// the loop over A's stored slices writes C's rows i · 16 + j, apart for
// distinct i because A's coordinates j lie below 16, so its iterations run
// on OpenMP's threads.
#CSF = #sparse_tensor.encoding<{map = (i, j, k) -> (i : compressed, j : compressed, k : compressed)}>

func.func @kernel(%A: tensor<?x16x8xf64, #CSF>, %v: tensor<8xf64>) -> tensor<?x16xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : tensor<?x16x8xf64, #CSF>
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty(%m) : tensor<?x16xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?x16xf64>) -> tensor<?x16xf64>
  %C = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i, j)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %v : tensor<?x16x8xf64, #CSF>, tensor<8xf64>) outs(%init : tensor<?x16xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?x16xf64>
  return %C : tensor<?x16xf64>
}
