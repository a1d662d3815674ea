// y = A·x with A in CSR, x a sparse vector and y dense: the loop over A's
// rows is outermost, and x, the same in every row, is located through a
// position map instead of merged with each row.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<7x6xf64, #CSR>, %x: tensor<6xf64, #SV>) -> tensor<7xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<7x6xf64, #CSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<6xf64, #SV>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<7xf64>
  return %y : tensor<7xf64>
}
