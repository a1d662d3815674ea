// out(i) = Σ_j c(i + j) · f(j) into a sparse vector: an entry is stored at
// each offset the loop over i visits, so the stored coordinates are the
// visited offsets.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @kernel(%c: tensor<?xf64, #SV>, %f: tensor<?xf64>) -> tensor<?xf64, #SV> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %c, %c0 : tensor<?xf64, #SV>
  %k = tensor.dim %f, %c0 : tensor<?xf64>
  %d = arith.subi %n, %k : index
  %m = arith.addi %d, %c1 : index
  %init = tensor.empty(%m) : tensor<?xf64, #SV>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
    ins(%c, %f : tensor<?xf64, #SV>, tensor<?xf64>) outs(%init : tensor<?xf64, #SV>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}
