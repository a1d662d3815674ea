// out(i) = Σ_{j<3} c(3·i + j) · f(j) into a sparse vector: windows of 3
// coordinates every 3, which tile the vector. The stored coordinates are
// the offsets the loop over i visits.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @kernel(%c: tensor<?xf64, #SV>, %f: tensor<3xf64>) -> tensor<?xf64, #SV> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %taps = arith.constant 3 : index
  %stride = arith.constant 3 : index
  %n = tensor.dim %c, %c0 : tensor<?xf64, #SV>
  %d = arith.subi %n, %taps : index
  %q = arith.divui %d, %stride : index
  %m = arith.addi %q, %c1 : index
  %init = tensor.empty(%m) : tensor<?xf64, #SV>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (3 * i + j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
    ins(%c, %f : tensor<?xf64, #SV>, tensor<3xf64>) outs(%init : tensor<?xf64, #SV>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}
