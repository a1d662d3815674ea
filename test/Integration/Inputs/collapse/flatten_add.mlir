// The example of docs/dialects/arr.md: c(k) = collapse(A)(k) + b(k), A in CSR, b a
// sparse vector read through the compound subscript 4 · i + j of the split loops.
#csr = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#sv = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
module {
  func.func @flatten_add(%A: tensor<3x4xf64, #csr>, %b: tensor<12xf64, #sv>) -> tensor<12xf64> {
    %v = "arr.collapse"(%A) {dims = array<i64: 0, 1>} : (tensor<3x4xf64, #csr>) -> tensor<12xf64>
    %c = "arr.compute"() ({
      %x = "arr.access"(%v) {indexing_map = affine_map<(k) -> (k)>} : (tensor<12xf64>) -> f64
      %y = "arr.access"(%b) {indexing_map = affine_map<(k) -> (k)>} : (tensor<12xf64, #sv>) -> f64
      %s = arith.addf %x, %y : f64
      "vector.yield"(%s) : (f64) -> ()
    }) {indexing_map = affine_map<(k) -> (k)>, reductions = []} : () -> tensor<12xf64>
    return %c : tensor<12xf64>
  }
}
