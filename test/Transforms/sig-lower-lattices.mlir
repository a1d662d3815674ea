// RUN: sparse-opt %s --arr-concretize --sig-lower-lattices | FileCheck %s
// RUN: sparse-opt %s --arr-concretize --sig-lower-lattices --verify-sparse > /dev/null

// Sparse vector addition: three regions, so three drop-out loops. The first
// co-iterates a ∪ b with a case per region, most specific first; the other
// two finish whichever operand is left, with the absent operand read as 0.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// CHECK-LABEL: func.func @vector_add
// CHECK: %[[OUT:.*]] = "cfir.alloc"(
// CHECK: %[[A:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[B:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[U:.*]] = "sig.union"(%[[A]], %[[B]])
// CHECK: "cfir.while"(%[[U]]) ({
// CHECK: %[[AB:.*]] = "sig.intersect"(%[[A]], %[[B]])
// CHECK: "cfir.switch"
// CHECK: "cfir.case"(%[[AB]]) ({
// CHECK: %[[X:.*]] = "cfir.access"(%arg0, %[[A]])
// CHECK: %[[Y:.*]] = "cfir.access"(%arg1, %[[B]])
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]]
// CHECK: "cfir.assign"(%[[OUT]], %[[S]]
// CHECK: {kind = "producer"}
// CHECK: "cfir.case"(%[[A]]) ({
// CHECK-NEXT: %[[X2:.*]] = "cfir.access"(%arg0, %[[A]])
// CHECK-NEXT: "cfir.assign"(%[[OUT]], %[[X2]]
// CHECK: "cfir.case"(%[[B]]) ({
// CHECK-NEXT: %[[Y2:.*]] = "cfir.access"(%arg1, %[[B]])
// CHECK-NEXT: "cfir.assign"(%[[OUT]], %[[Y2]]
// CHECK: {operandSegmentSizes = array<i32: 1, 0, 0>}
// CHECK: "cfir.while"(%[[A]]) ({
// CHECK-NOT: cfir.switch
// CHECK: "cfir.access"(%arg0, %[[A]])
// CHECK: "cfir.while"(%[[B]]) ({
// CHECK: "cfir.access"(%arg1, %[[B]])
func.func @vector_add(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #SV>) -> tensor<8xf64> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %s = arith.addf %x, %y : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %c : tensor<8xf64>
}

// Multiplication by a dense vector: one loop over a, locating x.
// CHECK-LABEL: func.func @scale
// CHECK: %[[A:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[X:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: "cfir.while"(%[[A]], %[[X]], %[[A]]) ({
// CHECK-NOT: cfir.case
// CHECK: {operandSegmentSizes = array<i32: 1, 1, 1>}
// CHECK-NOT: cfir.while
// CHECK: return
func.func @scale(%a: tensor<8xf64, #SV>, %x: tensor<8xf64>) -> tensor<8xf64> {
  %c = "arr.compute"() ({
    %u = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %v = "arr.access"(%x) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64>) -> f64
    %p = arith.mulf %u, %v : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %c : tensor<8xf64>
}

// A bytemap in a product with two sparse vectors summed, a × (b + c): every
// region needs a, so a is located in each of the three loops (b ∪ c, then b,
// then c) instead of driving them.
#BMV = #arr.encoding<[#arr.level<"bytemap", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// CHECK-LABEL: func.func @masked_sum
// CHECK: %[[A:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[B:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[C:.*]] = "sig.level"(%arg2) {level = 0 : i64}
// CHECK: %[[U:.*]] = "sig.union"(%[[B]], %[[C]])
// CHECK: "cfir.while"(%[[U]], %[[A]], %[[B]]) ({
// CHECK: "cfir.case"({{.*}}) ({
// CHECK: {operandSegmentSizes = array<i32: 1, 1, 1>}
// CHECK: "cfir.while"(%[[B]], %[[A]], %[[B]]) ({
// CHECK: "cfir.while"(%[[C]], %[[A]], %[[C]]) ({
// CHECK-NOT: cfir.while
// CHECK: return
func.func @masked_sum(%a: tensor<8xf64, #BMV>, %b: tensor<8xf64, #SV>, %c: tensor<8xf64, #SV>) -> tensor<8xf64> {
  %d = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #BMV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %z = "arr.access"(%c) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %s = arith.addf %y, %z : f64
    %p = arith.mulf %x, %s : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %d : tensor<8xf64>
}

// A union of three sparse vectors is one k-way merge loop, not the seven
// loops of its lattice: it runs until at most one has positions left, and
// its one body reads each operand, absent ones as their fills; the operand
// left finishes in a loop of its own, its body specialized to it alone.
// CHECK-LABEL: func.func @sum_of_three
// CHECK: %[[A:.*]] = "sig.level"(%arg0) {level = 0 : i64}
// CHECK: %[[B:.*]] = "sig.level"(%arg1) {level = 0 : i64}
// CHECK: %[[C:.*]] = "sig.level"(%arg2) {level = 0 : i64}
// CHECK: %[[U:.*]] = "sig.union"(%[[A]], %[[B]], %[[C]])
// CHECK: "cfir.while"(%[[U]]) ({
// CHECK-NOT: "cfir.switch"
// CHECK: "cfir.access"(%arg0, %[[A]])
// CHECK: "cfir.access"(%arg1, %[[B]])
// CHECK: "cfir.access"(%arg2, %[[C]])
// CHECK: "cfir.assign"
// CHECK: {leaves_one, merge, operandSegmentSizes = array<i32: 1, 0, 0>}
// CHECK: "cfir.while"(%[[A]]) ({
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[X:.*]] = "cfir.access"(%arg0, %[[A]])
// CHECK-NEXT: "cfir.assign"(%{{.*}}, %[[X]],
// CHECK: "cfir.while"(%[[B]]) ({
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[Y:.*]] = "cfir.access"(%arg1, %[[B]])
// CHECK-NEXT: "cfir.assign"(%{{.*}}, %[[Y]],
// CHECK: "cfir.while"(%[[C]]) ({
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[Z:.*]] = "cfir.access"(%arg2, %[[C]])
// CHECK: %[[NEGATED:.*]] = arith.subf %{{.*}}, %[[Z]]
// CHECK-NEXT: "cfir.assign"(%{{.*}}, %[[NEGATED]],
// CHECK-NOT: "cfir.while"
// CHECK: return
func.func @sum_of_three(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #SV>, %c: tensor<8xf64, #SV>) -> tensor<8xf64> {
  %r = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %z = "arr.access"(%c) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %s = arith.addf %x, %y : f64
    %t = arith.subf %s, %z : f64
    "vector.yield"(%t) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %r : tensor<8xf64>
}

// A level visited by ranges (runs) does not merge: the lattice's seven loops.
#RLE = #arr.encoding<[#arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
// CHECK-LABEL: func.func @sum_with_runs
// CHECK-COUNT-7: "cfir.while"
// CHECK-NOT: merge
// CHECK: return
func.func @sum_with_runs(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #RLE>, %c: tensor<8xf64, #SV>) -> tensor<8xf64> {
  %r = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #RLE>) -> f64
    %z = "arr.access"(%c) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %s = arith.addf %x, %y : f64
    %t = arith.addf %s, %z : f64
    "vector.yield"(%t) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %r : tensor<8xf64>
}

// An absent operand times a value known only at run time (0 · s, NaN where
// s is infinite) is 0 in the lattice's cases: not one merge loop.
// CHECK-LABEL: func.func @scaled_by_argument
// CHECK-COUNT-7: "cfir.while"
// CHECK-NOT: merge
// CHECK: return
func.func @scaled_by_argument(%a: tensor<8xf64, #SV>, %b: tensor<8xf64, #SV>, %c: tensor<8xf64, #SV>, %s: f64) -> tensor<8xf64> {
  %r = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %z = "arr.access"(%c) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %xs = arith.mulf %x, %s : f64
    %t = arith.addf %xs, %y : f64
    %u = arith.addf %t, %z : f64
    "vector.yield"(%u) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %r : tensor<8xf64>
}
