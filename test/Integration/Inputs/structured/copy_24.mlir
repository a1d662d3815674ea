// A 2:4 matrix copied into 2:4 with 8-bit coordinates: every stored
// entry is copied (as upstream keeps every visited point), the padding
// the input was read with included.
#NV_24 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])
}>
#NV_24_8 = #sparse_tensor.encoding<{
  map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]), crdWidth = 8
}>
#copy = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @copy(%A: tensor<?x?xf64, #NV_24>) -> tensor<?x?xf64, #NV_24_8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #NV_24>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #NV_24>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #NV_24_8>
  %C = linalg.generic #copy ins(%A : tensor<?x?xf64, #NV_24>) outs(%init : tensor<?x?xf64, #NV_24_8>) {
  ^bb0(%a: f64, %c: f64):
    linalg.yield %a : f64
  } -> tensor<?x?xf64, #NV_24_8>
  return %C : tensor<?x?xf64, #NV_24_8>
}
