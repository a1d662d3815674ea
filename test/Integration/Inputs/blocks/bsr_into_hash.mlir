// A BSR matrix copied into a result that stores its columns in a hash level,
// which neither a view nor a new tensor splits into blocks: the copy writes a
// temporary whose columns are compressed, then copies it into the hash.
#BSR = #sparse_tensor.encoding<{
  map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)
}>
#Result = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"hash", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#copy = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
func.func @copy(%A: tensor<?x?xf64, #BSR>) -> tensor<?x?xf64, #Result> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #BSR>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #BSR>
  %init = tensor.empty(%m, %n) : tensor<?x?xf64, #Result>
  %C = linalg.generic #copy ins(%A : tensor<?x?xf64, #BSR>) outs(%init : tensor<?x?xf64, #Result>) {
  ^bb0(%a: f64, %c: f64):
    linalg.yield %a : f64
  } -> tensor<?x?xf64, #Result>
  return %C : tensor<?x?xf64, #Result>
}
