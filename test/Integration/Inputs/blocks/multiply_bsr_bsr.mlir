// The element-wise product of two BSR matrices into a BSR result. The product
// is assembled in split form (a dense level below a compressed one), then
// viewed back as the BSR result: the same buffers.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @multiply(%A: tensor<?x?xf64, #BSR>, %B: tensor<?x?xf64, #BSR>) -> tensor<?x?xf64, #BSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #BSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #BSR>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #BSR>, tensor<?x?xf64, #BSR>) outs(%init : tensor<?x?xf64, #BSR>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #BSR>
  return %C : tensor<?x?xf64, #BSR>
}
