// y(j) = Σ_{i,k} A(i, k) B(k, j) M(i, j), all in CSR, into a dense vector:
// the loops are i, k, j, and M's row i, the same for every k, is located
// through a position map; the rows add into the columns B's rows name,
// which other rows name too. On threads, each thread scatters into a map
// of its own and adds into a copy of y of its own.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%A: tensor<7x6xf64, #CSR>, %B: tensor<6x5xf64, #CSR>, %M: tensor<7x5xf64, #CSR>) -> tensor<5xf64> {
  %t = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<7x6xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j, k) -> (k, j)>} : (tensor<6x5xf64, #CSR>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i, j, k) -> (i, j)>} : (tensor<7x5xf64, #CSR>) -> f64
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %p, %m : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (j)>, reductions = [@add, @add]} : () -> tensor<5xf64>
  return %t : tensor<5xf64>
}
