// sparse_tensor.select of the entries above 1, from CSC into CSR:
// the result's level order is not the loops', so the stores go through a
// workspace, inside the branch the select makes.
#IN = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#OUT = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#trait = {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
func.func @above_one(%a: tensor<?x?xf64, #IN>) -> tensor<?x?xf64, #OUT> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64, #IN>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64, #IN>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #OUT>
  %x = linalg.generic #trait ins(%a : tensor<?x?xf64, #IN>) outs(%init : tensor<?x?xf64, #OUT>) {
  ^bb0(%v: f64, %unused: f64):
    %u = sparse_tensor.select %v : f64 {
        ^bb0(%p: f64):
          %one = arith.constant 1.0 : f64
          %above = arith.cmpf ogt, %p, %one : f64
          sparse_tensor.yield %above : i1
      }
    linalg.yield %u : f64
  } -> tensor<?x?xf64, #OUT>
  return %x : tensor<?x?xf64, #OUT>
}
