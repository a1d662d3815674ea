// y = A·x with A in DCSR of 32-bit positions and coordinates: the loop over
// A's stored rows writes the rows of y its coordinates name, distinct in a
// unique level, so its iterations run on OpenMP's threads.
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @kernel(%A: tensor<?x?xf64, #DCSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #DCSR>
  %zero = arith.constant 0.0 : f64
  %empty = tensor.empty(%m) : tensor<?xf64>
  %init = linalg.fill ins(%zero : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<?x?xf64, #DCSR>, tensor<?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
