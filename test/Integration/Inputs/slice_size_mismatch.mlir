// A sparse vector of 8 plus a slice x[1::2] of a vector whose length only the
// program knows: with x of 20 the slice holds 10, which the statement's one
// loop cannot read beside A's 8 (this corrupted the heap).
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @kernel(%A: tensor<?xf64, #SV>, %x: tensor<?xf64, #SV>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64, #SV>
  %s = "arr.slice"(%x, %n) {dim = 0 : i64, start = 1 : i64, stop = -9223372036854775808 : i64, step = 2 : i64} : (tensor<?xf64, #SV>, index) -> tensor<?xf64>
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %y = "arr.access"(%s) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %z = arith.addf %a, %y : f64
    "vector.yield"(%z) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64>
  return %c : tensor<?xf64>
}
