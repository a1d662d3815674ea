// binary(a / s, b): overlap x + 2y, left the identity, right empty. a / s,
// of a fill not known when compiling (s is an argument), is present where
// a is: the loop follows a, whatever that fill (upstream's presence
// semantics), and b alone computes nothing.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%A: tensor<4xf64, #SV>, %B: tensor<4xf64, #SV>, %s: f64) -> tensor<4xf64> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xf64, #SV>) -> f64
    %q = arith.divf %a, %s : f64
    %m = sparse_tensor.binary %q, %b : f64, f64 to f64
      overlap = {
        ^bb0(%x: f64, %y: f64):
          %t = arith.addf %x, %y : f64
          %u = arith.addf %t, %y : f64
          sparse_tensor.yield %u : f64
      }
      left = {
        ^bb0(%x: f64):
          sparse_tensor.yield %x : f64
      }
      right = {}
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xf64>
  return %r : tensor<4xf64>
}
