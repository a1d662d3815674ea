// C = (A where m stores nothing at the row) + B: the rows where m is stored
// are visited for B, and the masked call in them is its background 0.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func @masked_rows_plus(%A: tensor<?x?xf64, #DCSR>, %m: tensor<?xf64, #SV>, %B: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #DCSR> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %y = "arr.access"(%m) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %d = func.call @without(%x, %y) : (f64, f64) -> f64
    %s = arith.addf %d, %b : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #DCSR>
  return %c : tensor<?x?xf64, #DCSR>
}
