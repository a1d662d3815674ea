// Element-wise kernels over operands whose fill value is not 0 (paper 000
// §5.2): where the iteration algebra and the result's fill come from.
#SVinf = #arr.encoding<[#arr.level<"compressed", {}>], 0x7FF0000000000000 : f64, affine_map<(i) -> (i)>>
#SV0 = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#SV5 = #arr.encoding<[#arr.level<"compressed", {}>], 5.0 : f64, affine_map<(i) -> (i)>>
#SVninf = #arr.encoding<[#arr.level<"compressed", {}>], 0xFFF0000000000000 : f64, affine_map<(i) -> (i)>>
#SV42 = #arr.encoding<[#arr.level<"compressed", {}>], 42.0 : f64, affine_map<(i) -> (i)>>
#D42 = #arr.encoding<[#arr.level<"dense", {}>], 42.0 : f64, affine_map<(i) -> (i)>>
#SV1 = #arr.encoding<[#arr.level<"compressed", {}>], 1.0 : f64, affine_map<(i) -> (i)>>
#D5 = #arr.encoding<[#arr.level<"dense", {}>], 5.0 : f64, affine_map<(i) -> (i)>>

func.func @max3(%x: f64, %y: f64, %z: f64) -> f64 attributes {arr.properties = {commutative, annihilator = 0x7FF0000000000000 : f64}} {
  %s = arith.maximumf %x, %y : f64
  %t = arith.maximumf %s, %z : f64
  return %t : f64
}

// Test 3: max(A, B, C), A and B filled with ∞: {1: 7, 3: 4}, fill ∞.
func.func @annihilator(%A: tensor<?xf64, #SVinf>, %B: tensor<?xf64, #SVinf>, %C: tensor<?xf64, #SV0>) -> tensor<?xf64, #SVinf> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SVinf>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SVinf>) -> f64
    %c = "arr.access"(%C) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV0>) -> f64
    %m = func.call @max3(%a, %b, %c) : (f64, f64, f64) -> f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SVinf>
  return %y : tensor<?xf64, #SVinf>
}

// Test 4: min(A, B) with fill 5: [3, 5, 4, 5, 5].
func.func @idempotent(%A: tensor<?xf64, #SV5>, %B: tensor<?xf64, #SV5>) -> tensor<?xf64, #D5> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV5>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV5>) -> f64
    %m = arith.minimumf %a, %b : f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #D5>
  return %y : tensor<?xf64, #D5>
}

// Test 5: max(A, B), A filled with −∞, B with 42: [50, 10, 100, 42, 42].
func.func @identity(%A: tensor<?xf64, #SVninf>, %B: tensor<?xf64, #SV42>) -> tensor<?xf64, #SV42> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SVninf>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV42>) -> f64
    %m = arith.maximumf %a, %b : f64
    "vector.yield"(%m) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV42>
  return %y : tensor<?xf64, #SV42>
}

// x + 1, x with fill 0, into a result with fill 1, then with fill 0.
func.func @plus_one(%X: tensor<?xf64, #SV0>) -> tensor<?xf64, #SV1> {
  %y = "arr.compute"() ({
    %x = "arr.access"(%X) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV0>) -> f64
    %one = arith.constant 1.0 : f64
    %s = arith.addf %x, %one : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV1>
  return %y : tensor<?xf64, #SV1>
}
func.func @plus_one_fill_zero(%X: tensor<?xf64, #SV0>) -> tensor<?xf64, #SV0> {
  %y = "arr.compute"() ({
    %x = "arr.access"(%X) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV0>) -> f64
    %one = arith.constant 1.0 : f64
    %s = arith.addf %x, %one : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xf64, #SV0>
  return %y : tensor<?xf64, #SV0>
}
