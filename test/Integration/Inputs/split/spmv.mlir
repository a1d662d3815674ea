// A sparse vector split into a 6 × 5 matrix, times a dense vector: the
// vector is read at 5i + j, the row loop visiting its non-empty windows of
// five coordinates and the column loop each window's entries.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%v: tensor<30xf64, #SV>, %x: tensor<5xf64>) -> tensor<6xf64> {
  %M = "arr.split"(%v) {dim = 0 : i64} : (tensor<30xf64, #SV>) -> tensor<6x5xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%M) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<5xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<6xf64>
  return %y : tensor<6xf64>
}
