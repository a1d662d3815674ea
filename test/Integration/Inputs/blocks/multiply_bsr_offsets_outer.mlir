// The element-wise product of a BSR matrix and one that stores the offsets
// in its blocks outside the blocks (every block's (0, 0) entries first): the
// two need the split loops in opposite orders. The second is copied into a
// tensor of its parts in the first's order; the product is assembled in BSR.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#OffsetsOuter = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"dense", {}>, #arr.level<"compressed", {}>,
  #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i mod 2, j mod 2, i floordiv 2, j floordiv 2)>>
#ew = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @multiply(%A: tensor<?x?xf64, #BSR>, %B: tensor<?x?xf64, #OffsetsOuter>) -> tensor<?x?xf64, #BSR> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #BSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #BSR>
  %C = linalg.generic #ew ins(%A, %B : tensor<?x?xf64, #BSR>, tensor<?x?xf64, #OffsetsOuter>) outs(%init : tensor<?x?xf64, #BSR>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %s = arith.mulf %a, %b : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64, #BSR>
  return %C : tensor<?x?xf64, #BSR>
}
