// A complex vector of fill (1e308, 0) times (10, 0): where it stores nothing
// the product is (inf, 0), which a case does not fold into a constant (a
// complex attribute has no spelling for an infinite part) but computes.
#SVC = #arr.encoding<[#arr.level<"compressed", {}>], #complex.number<:f64 1.0e308, 0.0> : complex<f64>, affine_map<(i) -> (i)>>
#DV = #arr.encoding<[#arr.level<"dense", {}>], #complex.number<:f64 0.0, 0.0> : complex<f64>, affine_map<(i) -> (i)>>
func.func @kernel(%x: tensor<4xcomplex<f64>, #SVC>) -> tensor<4xcomplex<f64>, #DV> {
  %r = "arr.compute"() ({
    %a = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<4xcomplex<f64>, #SVC>) -> complex<f64>
    %ten = complex.constant [10.0, 0.0] : complex<f64>
    %q = complex.mul %a, %ten : complex<f64>
    "vector.yield"(%q) : (complex<f64>) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<4xcomplex<f64>, #DV>
  return %r : tensor<4xcomplex<f64>, #DV>
}
