// A view of dynamic start whose type says it has 3 components: the start
// must give 3 (it used to be trusted, and the copy wrote past its buffer).
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @last_three(%A: tensor<?xf64, #SV>, %s: index) -> tensor<3xf64> {
  %v = "arr.slice"(%A, %s) {dim = 0 : i64, start = -9223372036854775808 : i64, stop = 8 : i64, step = 1 : i64} : (tensor<?xf64, #SV>, index) -> tensor<3xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%v) {indexing_map = affine_map<(i) -> (i)>} : (tensor<3xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<3xf64>
  return %y : tensor<3xf64>
}
