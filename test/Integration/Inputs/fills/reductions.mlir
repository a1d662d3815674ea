// Reductions over operands whose fill value is not 0 (paper 000 §7.2).
#CSRinf = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0x7FF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>
#CSRninf = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i, j) -> (i, j)>>
#CSR0 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#CSR2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 2.0 : f64, affine_map<(i, j) -> (i, j)>>
#SVinf = #arr.encoding<[#arr.level<"compressed", {}>], 0x7FF0000000000000 : f64, affine_map<(i) -> (i)>>
#Dinf = #arr.encoding<[#arr.level<"dense", {}>], 0x7FF0000000000000 : f64, affine_map<(i) -> (i)>>
#Dninf = #arr.encoding<[#arr.level<"dense", {}>], 0xFFF0000000000000 : f64, affine_map<(i) -> (i)>>

func.func private @min(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0x7FF0000000000000 : f64}} {
  %s = arith.minimumf %x, %y : f64
  return %s : f64
}
func.func private @max(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, idempotent, identity = 0xFFF0000000000000 : f64}} {
  %s = arith.maximumf %x, %y : f64
  return %s : f64
}
func.func private @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// Plus of the tropical semiring: +inf annihilates it.
func.func private @plus(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64, annihilator = 0x7FF0000000000000 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// The last value: 0 is its identity on the left only.
func.func private @last(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, idempotent, identity = 0.0 : f64, identity_arg = 0}} {
  return %y : f64
}

// Test 16: a_i = min_j (B_ij + c_j), every fill +inf; arith.addf co-iterates
// B's rows and c (union), a user plus with annihilator +inf intersects them.
func.func @minplus(%B: tensor<?x?xf64, #CSRinf>, %c: tensor<?xf64, #SVinf>) -> tensor<?xf64, #SVinf> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSRinf>) -> f64
    %b = "arr.access"(%c) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64, #SVinf>) -> f64
    %p = arith.addf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]} : () -> tensor<?xf64, #SVinf>
  return %y : tensor<?xf64, #SVinf>
}
func.func @minplus_ring(%B: tensor<?x?xf64, #CSRinf>, %c: tensor<?xf64, #SVinf>) -> tensor<?xf64, #Dinf> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSRinf>) -> f64
    %b = "arr.access"(%c) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64, #SVinf>) -> f64
    %p = func.call @plus(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]} : () -> tensor<?xf64, #Dinf>
  return %y : tensor<?xf64, #Dinf>
}

// Test 18: y_i = min_j A_ij with fill +inf: the stored values only.
func.func @rowmin(%A: tensor<?x?xf64, #CSRinf>) -> tensor<?xf64, #SVinf> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSRinf>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]} : () -> tensor<?xf64, #SVinf>
  return %y : tensor<?xf64, #SVinf>
}

// A row max with fill -inf, into a dense result with fill -inf.
func.func @rowmax(%A: tensor<?x?xf64, #CSRninf>) -> tensor<?xf64, #Dninf> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSRninf>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@max]} : () -> tensor<?xf64, #Dninf>
  return %y : tensor<?xf64, #Dninf>
}

// Row sums of a matrix with fill 2: the unstored 2s count, so every point is
// visited.
func.func @rowsum(%A: tensor<?x?xf64, #CSR2>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR2>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// The last value of each row, implicit zeros included: the loops visit
// every point, since skipping one would skip a 0 that is the last value.
func.func @rowlast(%A: tensor<?x?xf64, #CSR0>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR0>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@last]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// One relaxation of single-source shortest paths with distances d (fill
// +inf: unreached) and edge weights A (fill +inf: no edge):
// d'(i) = min(d(i), min_j A(i, j) + d(j)).
func.func @relax(%A: tensor<?x?xf64, #CSRinf>, %d: tensor<?xf64, #SVinf>) -> tensor<?xf64, #SVinf> {
  %through = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSRinf>) -> f64
    %b = "arr.access"(%d) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64, #SVinf>) -> f64
    %p = func.call @plus(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@min]} : () -> tensor<?xf64, #SVinf>
  %next = "arr.compute"() ({
    %x = "arr.access"(%d) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SVinf>) -> f64
    %y = "arr.access"(%through) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SVinf>) -> f64
    %m = arith.minimumf %x, %y : f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SVinf>
  return %next : tensor<?xf64, #SVinf>
}
