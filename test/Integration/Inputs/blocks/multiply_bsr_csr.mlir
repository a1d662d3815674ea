// A BSR matrix times a CSR one, element by element: the loop over columns is
// split into blocks by the BSR operand, and CSR, which stores its columns
// compressed, reads them whole through the compound subscript 2·jb + ji.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @multiply(%A: tensor<?x?xf64, #BSR>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #BSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #BSR>, tensor<?x?xf64, #CSR>) outs(%init : tensor<?x?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %C : tensor<?x?xf64>
}
