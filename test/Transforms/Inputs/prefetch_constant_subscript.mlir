// y = A·x in upstream form, A in CSC with loose segments, 32-bit buffers, x read at a constant (2^32) beyond 32 bits: found by fuzzing, once a crash of prefetch-streams.
#Loose = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : loose_compressed), posWidth = 32, crdWidth = 32}>

func.func @kernel(%A: tensor<?x?xf64, #Loose>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #Loose>
  %init = tensor.empty(%m) : tensor<?xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (4294967296)>, affine_map<(i, reordered) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<?x?xf64, #Loose>, tensor<?xf64>) outs(%init : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
