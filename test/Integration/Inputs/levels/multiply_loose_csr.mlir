// C = A ⊙ B in upstream form: A with loose segments, B in CSR, and the
// result assembled with loose segments.
#Loose = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : loose_compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @kernel(%A: tensor<?x?xf64, #Loose>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #Loose> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #Loose>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #Loose>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #Loose>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%A, %B : tensor<?x?xf64, #Loose>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64, #Loose>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #Loose>
  return %c : tensor<?x?xf64, #Loose>
}
