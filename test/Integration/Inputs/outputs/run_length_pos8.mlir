// A CSR matrix converted into runs with 8-bit positions.
func.func @kernel(%A: tensor<?x?xf64, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>>) -> tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {pos_width = 8 : i64, crd_width = 8 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>> {
  %y = sparse_tensor.convert %A : tensor<?x?xf64, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>> to tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {pos_width = 8 : i64, crd_width = 8 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>
  return %y : tensor<?x?xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"run_length", {pos_width = 8 : i64, crd_width = 8 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>>
}
