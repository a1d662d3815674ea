// A subscript of three loops with an intercept, in arr form:
// y(i) = Σ_(j,l) x(i + j + 2l + 1) · a(j) · b(l), x and b compressed. Loop l
// resolves x's subscript: it visits x's window from i + j + 1, by 2.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @kernel(%x: tensor<?xf64, #SV>, %a: tensor<?xf64>, %b: tensor<?xf64, #SV>, %y0: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"(%y0) ({
    %xv = "arr.access"(%x) {indexing_map = affine_map<(i, j, l) -> (i + j + 2 * l + 1)>} : (tensor<?xf64, #SV>) -> f64
    %av = "arr.access"(%a) {indexing_map = affine_map<(i, j, l) -> (j)>} : (tensor<?xf64>) -> f64
    %bv = "arr.access"(%b) {indexing_map = affine_map<(i, j, l) -> (l)>} : (tensor<?xf64, #SV>) -> f64
    %p = arith.mulf %xv, %av : f64
    %q = arith.mulf %p, %bv : f64
    "vector.yield"(%q) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, l) -> (i)>, reductions = [@add, @add]} : (tensor<?xf64>) -> tensor<?xf64>
  return %y : tensor<?xf64>
}
