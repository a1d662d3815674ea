// y = A x with A in BSR of 2 × 3 blocks each stored column by column (the
// offset in j before the offset in i), in our own notation.
#BSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>, #arr.level<"dense", {}>, #arr.level<"dense", {}>], 0.0 : f64,
                     affine_map<(i, j) -> (i floordiv 2, j floordiv 3, j mod 3, i mod 2)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @spmv(%A: tensor<?x?xf64, #BSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #BSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
