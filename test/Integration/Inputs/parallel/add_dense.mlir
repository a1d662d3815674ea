// C(i, j) = A(i, j) + B(i, j), A and B in CSR, C dense: each row's union
// fills its own row of C, so the rows run on the threads
// (parallelize-outer-loops).
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

func.func @kernel(%A: tensor<?x16xf64, #CSR>, %B: tensor<?x16xf64, #CSR>) -> tensor<?x16xf64> {
  %out = "arr.compute"() ({
    %Av = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x16xf64, #CSR>) -> f64
    %Bv = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x16xf64, #CSR>) -> f64
    %r = arith.addf %Av, %Bv : f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x16xf64>
  return %out : tensor<?x16xf64>
}
