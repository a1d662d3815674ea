// C = A + B, DCSR f32 with 32-bit positions and coordinates (a merge of
// the rows, then of the columns of each row both store).
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed), posWidth = 32, crdWidth = 32}>
func.func @kernel(%a: tensor<?x?xf32, #DCSR>, %b: tensor<?x?xf32, #DCSR>) -> tensor<?x?xf32, #DCSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32, #DCSR>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32, #DCSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf32, #DCSR>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<?x?xf32, #DCSR>, tensor<?x?xf32, #DCSR>) outs(%init : tensor<?x?xf32, #DCSR>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32, #DCSR>
  return %c : tensor<?x?xf32, #DCSR>
}
