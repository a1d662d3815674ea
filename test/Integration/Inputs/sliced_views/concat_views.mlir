// Views of a concatenation other than a slice, and views read twice by one
// statement. C is the concatenation of the 2 × 3 CSR matrices A and B by
// rows.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, commutative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// Y(i, h) = Σ_j C(2i + h, j) · x(j): C · x split into pairs of rows.
func.func @split_rows(%A: tensor<2x3xf64, #CSR>, %B: tensor<2x3xf64, #CSR>, %x: tensor<3xf64>) -> tensor<2x2xf64> {
  %C = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #CSR>) -> tensor<4x3xf64>
  %S = "arr.split"(%C) {dim = 0 : i64} : (tensor<4x3xf64>) -> tensor<2x2x3xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%S) {indexing_map = affine_map<(i, h, j) -> (i, h, j)>} : (tensor<2x2x3xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, h, j) -> (j)>} : (tensor<3xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, h, j) -> (i, h)>, reductions = [@add]} : () -> tensor<2x2xf64>
  return %y : tensor<2x2xf64>
}

// Y(h, i) = Σ_j C(i, j) · x(j) for each of two copies h of C.
func.func @broadcast_rows(%A: tensor<2x3xf64, #CSR>, %B: tensor<2x3xf64, #CSR>, %x: tensor<3xf64>) -> tensor<2x4xf64> {
  %C = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #CSR>) -> tensor<4x3xf64>
  %S = "arr.broadcast"(%C) {dim = 0 : i64} : (tensor<4x3xf64>) -> tensor<2x4x3xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%S) {indexing_map = affine_map<(h, i, j) -> (h, i, j)>} : (tensor<2x4x3xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(h, i, j) -> (j)>} : (tensor<3xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(h, i, j) -> (h, i)>, reductions = [@add]} : () -> tensor<2x4xf64>
  return %y : tensor<2x4xf64>
}

// Σ_k collapse(C)(k) · x(k).
func.func @collapsed_dot(%A: tensor<2x3xf64, #CSR>, %B: tensor<2x3xf64, #CSR>, %x: tensor<12xf64>) -> f64 {
  %C = "arr.concat"(%A, %B) {dim = 0 : i64} : (tensor<2x3xf64, #CSR>, tensor<2x3xf64, #CSR>) -> tensor<4x3xf64>
  %S = "arr.collapse"(%C) {dims = array<i64: 0, 1>} : (tensor<4x3xf64>) -> tensor<12xf64>
  %d = "arr.compute"() ({
    %a = "arr.access"(%S) {indexing_map = affine_map<(k) -> (k)>} : (tensor<12xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(k) -> (k)>} : (tensor<12xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(k) -> ()>, reductions = [@add]} : () -> tensor<f64>
  %r = tensor.extract %d[] : tensor<f64>
  return %r : f64
}

// G = S · Sᵀ for S the even rows of D: S read twice.
func.func @gram_of_slice(%D: tensor<4x3xf64, #CSR>) -> tensor<2x2xf64> {
  %S = "arr.slice"(%D) {dim = 0 : i64, start = 0 : i64, stop = 4 : i64, step = 2 : i64} : (tensor<4x3xf64, #CSR>) -> tensor<2x3xf64>
  %g = "arr.compute"() ({
    %a = "arr.access"(%S) {indexing_map = affine_map<(i, j, k) -> (i, k)>} : (tensor<2x3xf64>) -> f64
    %b = "arr.access"(%S) {indexing_map = affine_map<(i, j, k) -> (j, k)>} : (tensor<2x3xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, k) -> (i, j)>, reductions = [@add]} : () -> tensor<2x2xf64>
  return %g : tensor<2x2xf64>
}

// G(i, j) = Σ_{h,k} S(i, h, k) · S(j, h, k) for S the rows of D split in
// pairs: the Gram matrix of the pairs, S read twice.
func.func @gram_of_split(%D: tensor<4x3xf64, #CSR>) -> tensor<2x2xf64> {
  %S = "arr.split"(%D) {dim = 0 : i64} : (tensor<4x3xf64, #CSR>) -> tensor<2x2x3xf64>
  %g = "arr.compute"() ({
    %a = "arr.access"(%S) {indexing_map = affine_map<(i, j, h, k) -> (i, h, k)>} : (tensor<2x2x3xf64>) -> f64
    %b = "arr.access"(%S) {indexing_map = affine_map<(i, j, h, k) -> (j, h, k)>} : (tensor<2x2x3xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j, h, k) -> (i, j)>, reductions = [@add, @add]} : () -> tensor<2x2xf64>
  return %g : tensor<2x2xf64>
}
