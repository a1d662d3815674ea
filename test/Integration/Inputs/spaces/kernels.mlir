// Explicit iteration spaces (paper 000 §5.1, §6.2): functions evaluated
// only where their space says, an omitter skipping a region the loops visit.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#DV = #arr.encoding<[#arr.level<"dense", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

// x + y where exactly one of x and y is stored: (a ∪ b) ∩ ¬(a ∩ b).
func.func @xor_add(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>, #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>>]>} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// Test 6: xor(a, b) with body x + y: {0: 3, 1: 5}.
func.func @xor(%A: tensor<?xf64, #SV>, %B: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = func.call @xor_add(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#DCSR = #arr.encoding<[#arr.level<"compressed", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>

// Test 8: the same on matrices, A in CSR and B in DCSR: the omitter is at
// the inner level only (a row both store may hold entries only one does).
func.func @xor2(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #CSR> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %m = func.call @xor_add(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %y : tensor<?x?xf64, #CSR>
}

// x where y is not stored: a ∩ ¬b.
func.func @without(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  return %x : f64
}

// Test 9: a ∩ ¬b: {0: 1, 3: 3}.
func.func @difference(%A: tensor<?xf64, #SV>, %B: tensor<?xf64, #SV>) -> tensor<?xf64, #DV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = func.call @without(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #DV>
  return %y : tensor<?xf64, #DV>
}

// x + y + z over ¬b ∪ c ∪ d.
func.func @sum_but_b(%x: f64, %y: f64, %z: f64) -> f64 attributes {arr.iteration_space = #arr.union<[#arr.complement<#arr.ne<0 : i64, 0.0 : f64>>, #arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>} {
  %s = arith.addf %x, %y : f64
  %t = arith.addf %s, %z : f64
  return %t : f64
}

// Test 10: ¬B ∪ C ∪ D with body x + y + z: (1, 1), stored by B only, is
// omitted; the loops over rows and columns are dense.
func.func @complement_union(%B: tensor<?x?xf64, #CSR>, %C: tensor<?x?xf64, #CSR>, %D: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #CSR> {
  %y = "arr.compute"() ({
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %d = "arr.access"(%D) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %m = func.call @sum_but_b(%b, %c, %d) : (f64, f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %y : tensor<?x?xf64, #CSR>
}

// x · y + z where exactly two of x, y, z are stored:
// ((b ∩ c) ∪ (b ∩ d) ∪ (c ∩ d)) ∩ ¬(b ∩ c ∩ d).
func.func @pairs(%x: f64, %y: f64, %z: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.union<[#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>, #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>, #arr.intersect<[#arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>]>, #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>>]>} {
  %p = arith.mulf %x, %y : f64
  %s = arith.addf %p, %z : f64
  return %s : f64
}

// Test 11: pairs but not the triple: {0: 6, 1: 1, 2: 4}.
func.func @pairs_not_triple(%B: tensor<?xf64, #SV>, %C: tensor<?xf64, #SV>, %D: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %d = "arr.access"(%D) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = func.call @pairs(%b, %c, %d) : (f64, f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}

// ldexp(x, y) = x · 2^y, evaluated where x is: a ∪ (a ∩ b).
func.func @ldexp(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>]>} {
  %p = math.exp2 %y : f64
  %r = arith.mulf %x, %p : f64
  return %r : f64
}

// Test 13: ldexp: [3, 0, 640, 0, 8]; the coordinate only B stores is never visited.
func.func @ldexp_vectors(%A: tensor<?xf64, #SV>, %B: tensor<?xf64, #SV>) -> tensor<?xf64, #DV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = func.call @ldexp(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #DV>
  return %y : tensor<?xf64, #DV>
}

#SV1 = #arr.encoding<[#arr.level<"compressed", {}>], 1.0 : f64, affine_map<(i) -> (i)>>

// x^y evaluated where y is stored (elsewhere x^0 = 1, the result's fill).
func.func @power_where_b(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.ne<1 : i64, 0.0 : f64>} {
  %p = math.powf %x, %y : f64
  return %p : f64
}

// x^y evaluated on a ∪ ¬b (where b is stored and a is not, 0^y = 0).
func.func @power_but_b_only(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  %p = math.powf %x, %y : f64
  return %p : f64
}

// Test 14: A^B into a result with fill 1 (space B): stored {1: 9, 2: 0}.
func.func @power_fill_one(%A: tensor<?xf64, #SV>, %B: tensor<?xf64, #SV>) -> tensor<?xf64, #SV1> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = func.call @power_where_b(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV1>
  return %y : tensor<?xf64, #SV1>
}

// Test 14: A^B into a result with fill 0 (space A ∪ ¬B): stored {0: 1, 1: 9, 3: 1, 4: 1}.
func.func @power_fill_zero(%A: tensor<?xf64, #SV>, %B: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = func.call @power_but_b_only(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}

// The same over operands stored densely (B, or both): the complement of B
// is then tested on its values, and outside the space (where only b is not
// 0) the call is the result's fill, 0, as the points the loops skip are
// when B is stored sparsely: 0^3 = 0 at i = 2, not pow(0, 0).
func.func @power_dense_b(%A: tensor<?xf64, #SV>, %B: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %m = func.call @power_but_b_only(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
func.func @power_dense(%A: tensor<?xf64>, %B: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %m = func.call @power_but_b_only(%a, %b) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// x + 1 where x is stored and m is not, into a dense result of fill 0: the
// point where both are at their fills lies outside the space, so the body
// is 0 there, the result's fill, and the loops visit x ∩ ¬m only (sparse
// operands), or test the space on the values (dense m): the same answer.
func.func private @plus_one_unmasked(%x: f64, %m: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.complement<#arr.ne<1 : i64, 0.0 : f64>>]>} {
  %one = arith.constant 1.0 : f64
  %s = arith.addf %x, %one : f64
  return %s : f64
}
func.func @plus_one_unmasked_sparse(%X: tensor<?xf64, #SV>, %M: tensor<?xf64, #SV>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %x = "arr.access"(%X) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %r = func.call @plus_one_unmasked(%x, %m) : (f64, f64) -> f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
func.func @plus_one_unmasked_dense(%X: tensor<?xf64, #SV>, %M: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %x = "arr.access"(%X) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = "arr.access"(%M) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64>) -> f64
    %r = func.call @plus_one_unmasked(%x, %m) : (f64, f64) -> f64
    "vector.yield"(%r) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// x + y + z where exactly two of x, y, z are stored, with a specialization
// for the regions of {x, y} (x · y) and of {x, z} (z − x).
func.func @pairs_sum(%x: f64, %y: f64, %z: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.union<[#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>, #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>, #arr.intersect<[#arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>]>, #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>>]>} {
  %s = arith.addf %x, %y : f64
  %t = arith.addf %s, %z : f64
  return %t : f64
}
func.func @pairs_sum_xy(%x: f64, %y: f64) -> f64 attributes {arr.specializes = @pairs_sum, arr.present = array<i64: 0, 1>} {
  %p = arith.mulf %x, %y : f64
  return %p : f64
}
func.func @pairs_sum_xz(%x: f64, %z: f64) -> f64 attributes {arr.specializes = @pairs_sum, arr.present = array<i64: 0, 2>} {
  %d = arith.subf %z, %x : f64
  return %d : f64
}

// Test 12: region specializations: {(0, 1): 6, (1, 2): -1, (2, 1): 7}.
func.func @special_regions(%B: tensor<?x?xf64, #CSR>, %C: tensor<?x?xf64, #CSR>, %D: tensor<?x?xf64, #DCSR>) -> tensor<?x?xf64, #CSR> {
  %y = "arr.compute"() ({
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %d = "arr.access"(%D) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #DCSR>) -> f64
    %m = func.call @pairs_sum(%b, %c, %d) : (f64, f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64, #CSR>
  return %y : tensor<?x?xf64, #CSR>
}

// Test 15, fused: logical functions on sets (every stored value is 1):
// or is 1 where either is stored, and where both are, xor where exactly
// one is, xor3 where exactly one or all three are (odd parity). Each body
// is 0 at fills 0 (each space is explicit, even where properties would do).
func.func @lxor(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>, #arr.complement<#arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>>]>} {
  %one = arith.constant 1.0 : f64
  %s = arith.addf %x, %y : f64
  %m = arith.minimumf %s, %one : f64
  return %m : f64
}
func.func @lor(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>} {
  %one = arith.constant 1.0 : f64
  %s = arith.addf %x, %y : f64
  %m = arith.minimumf %s, %one : f64
  return %m : f64
}
func.func @land(%x: f64, %y: f64) -> f64 attributes {arr.iteration_space = #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>} {
  %p = arith.mulf %x, %y : f64
  return %p : f64
}
func.func @lxor3(%x: f64, %y: f64, %z: f64) -> f64 attributes {arr.iteration_space = #arr.union<[#arr.complement<#arr.union<[#arr.union<[#arr.intersect<[#arr.ne<2 : i64, 0.0 : f64>, #arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>]>, #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.union<[#arr.ne<2 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>]>]>]>, #arr.complement<#arr.union<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>>]>>, #arr.intersect<[#arr.ne<0 : i64, 0.0 : f64>, #arr.ne<1 : i64, 0.0 : f64>, #arr.ne<2 : i64, 0.0 : f64>]>]>} {
  %one = arith.constant 1.0 : f64
  %s = arith.addf %x, %y : f64
  %t = arith.addf %s, %z : f64
  %m = arith.minimumf %t, %one : f64
  return %m : f64
}

// xor-and: and(xor(A, B), C) = {0, 3}.
func.func @xor_and(%A: tensor<?xf64, #SV>, %B: tensor<?xf64, #SV>, %C: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %x = func.call @lxor(%a, %b) : (f64, f64) -> f64
    %m = func.call @land(%x, %c) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}

// xor-or: or(xor(A, B), C) = {0, 1, 2, 3, 4}.
func.func @xor_or(%A: tensor<?xf64, #SV>, %B: tensor<?xf64, #SV>, %C: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %x = func.call @lxor(%a, %b) : (f64, f64) -> f64
    %m = func.call @lor(%x, %c) : (f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}

// 3-way xor, odd parity: {1, 2, 4}.
func.func @xor3(%A: tensor<?xf64, #SV>, %B: tensor<?xf64, #SV>, %C: tensor<?xf64, #SV>) -> tensor<?xf64, #SV> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %m = func.call @lxor3(%a, %b, %c) : (f64, f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV>
  return %y : tensor<?xf64, #SV>
}

#SVi = #arr.encoding<[#arr.level<"compressed", {}>], 0 : i64, affine_map<(i) -> (i)>>
#DVi = #arr.encoding<[#arr.level<"dense", {}>], 0 : i64, affine_map<(i) -> (i)>>

// gcd (paper 000 Fig. 5): Euclid's loop where both are stored, |x| or |y|
// where one is, over the explicit space {x ≠ 0} ∪ {y ≠ 0}.
func.func private @gcd(%x: i64, %y: i64) -> i64 attributes {arr.iteration_space = #arr.union<[#arr.ne<0 : i64, 0 : i64>, #arr.ne<1 : i64, 0 : i64>]>} {
  %zero = arith.constant 0 : i64
  %ax = math.absi %x : i64
  %ay = math.absi %y : i64
  %r:2 = scf.while (%a = %ax, %b = %ay) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %b, %zero : i64
    scf.condition(%more) %a, %b : i64, i64
  } do {
  ^bb0(%a: i64, %b: i64):
    %m = arith.remsi %a, %b : i64
    scf.yield %b, %m : i64, i64
  }
  return %r#0 : i64
}
func.func private @gcd_x(%x: i64) -> i64 attributes {arr.specializes = @gcd, arr.present = array<i64: 0>} {
  %a = math.absi %x : i64
  return %a : i64
}
func.func private @gcd_y(%y: i64) -> i64 attributes {arr.specializes = @gcd, arr.present = array<i64: 1>} {
  %a = math.absi %y : i64
  return %a : i64
}
// bitwise_and (paper 000 Fig. 9): commutative, annihilator 0.
func.func private @bitwise_and(%x: i64, %y: i64) -> i64 attributes {arr.properties = {commutative, associative, annihilator = 0 : i64}} {
  %a = arith.andi %x, %y : i64
  return %a : i64
}

// Test 1: gcd(b, c) into a dense vector: [6, 0, 9, 4, 0, 7].
func.func @gcd_vectors(%B: tensor<?xi64, #SVi>, %C: tensor<?xi64, #SVi>) -> tensor<?xi64, #DVi> {
  %y = "arr.compute"() ({
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SVi>) -> i64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SVi>) -> i64
    %m = func.call @gcd(%b, %c) : (i64, i64) -> i64
    "vector.yield"(%m) : (i64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xi64, #DVi>
  return %y : tensor<?xi64, #DVi>
}

// Test 2: bitwise_and(gcd(b, c), d): {0: 6, 3: 4, 5: 7}.
func.func @and_gcd(%B: tensor<?xi64, #SVi>, %C: tensor<?xi64, #SVi>, %D: tensor<?xi64, #SVi>) -> tensor<?xi64, #SVi> {
  %y = "arr.compute"() ({
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SVi>) -> i64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SVi>) -> i64
    %d = "arr.access"(%D) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi64, #SVi>) -> i64
    %g = func.call @gcd(%b, %c) : (i64, i64) -> i64
    %m = func.call @bitwise_and(%g, %d) : (i64, i64) -> i64
    "vector.yield"(%m) : (i64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xi64, #SVi>
  return %y : tensor<?xi64, #SVi>
}
