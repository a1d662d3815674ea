// BSR ⊙ CSC: the BSR operand needs the row offsets outside the column
// offsets, the CSC one the reverse. The BSR operand's split view is copied
// into a tensor of its parts in the CSC operand's order.
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>
#trait = { indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
           iterator_types = ["parallel", "parallel"] }
func.func @multiply(%a: tensor<?x?xf64, #BSR>, %b: tensor<?x?xf64, #CSC>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m0 = tensor.dim %a, %c0 : tensor<?x?xf64, #BSR>
  %n0 = tensor.dim %a, %c1 : tensor<?x?xf64, #BSR>
  %e = tensor.empty(%m0, %n0) : tensor<?x?xf64>
  %z = arith.constant 0.0 : f64
  %out = linalg.fill ins(%z : f64) outs(%e : tensor<?x?xf64>) -> tensor<?x?xf64>
  %0 = linalg.generic #trait ins(%a, %b : tensor<?x?xf64, #BSR>, tensor<?x?xf64, #CSC>) outs(%out : tensor<?x?xf64>) {
  ^bb(%x: f64, %y: f64, %o: f64):
    %m = arith.mulf %x, %y : f64
    linalg.yield %m : f64
  } -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}
