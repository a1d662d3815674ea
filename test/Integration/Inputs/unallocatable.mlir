// A CSR result of 2^40 components, every one of them the scalar argument:
// its coordinates take 8 TiB, which no allocator gives.
#csr = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @k(%s: tensor<f64>) -> tensor<1048576x1048576xf64, #csr> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%s) {indexing_map = affine_map<(i, j) -> ()>} : (tensor<f64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<1048576x1048576xf64, #csr>
  return %y : tensor<1048576x1048576xf64, #csr>
}
