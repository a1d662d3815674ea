// C = A where m stores nothing at the row (a ∩ ¬m, m broadcast along the
// rows): along the columns, m is the row's value, tested when it is read.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func @masked_rows(%A: tensor<?x?xf64, #CSR>, %m: tensor<?xf64, #SV>) -> tensor<?x?xf64, #CSR> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %y = "arr.access"(%m) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %d = func.call @without(%x, %y) : (f64, f64) -> f64
    "vector.yield"(%d) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %c : tensor<?x?xf64, #CSR>
}
