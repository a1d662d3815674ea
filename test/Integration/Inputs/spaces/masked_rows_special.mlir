// A guarded call whose function has a region specialization: m read along
// the rows masks along the columns, and where x alone is stored the
// specialization (10 · x) is chosen by the values, as the lattice's cases
// choose it where they can.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @without(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}
func.func private @without_x(%x: f64) -> f64 attributes {arr.specializes = @without, arr.present = array<i64: 0>} {
  %ten = arith.constant 10.0 : f64
  %r = arith.mulf %x, %ten : f64
  return %r : f64
}
func.func @rows(%A: tensor<?x?xf64, #DCSR>, %m: tensor<?xf64, #SV>) -> tensor<?x?xf64, #DCSR> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %y = "arr.access"(%m) {indexing_map = affine_map<(i, j) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %d = func.call @without(%x, %y) : (f64, f64) -> f64
    "vector.yield"(%d) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #DCSR>
  return %c : tensor<?x?xf64, #DCSR>
}
