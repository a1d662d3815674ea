// RUN: sparse-opt %s --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s

// The kernel takes its tensors as buffers (positions, coordinates, values,
// then sizes) and returns its result the same way. Two sparse drivers
// co-iterate: the coordinate is the least of theirs, and each advances only
// when it sits on it. Since only their intersection matters, blocks of 4
// positions that meet nothing in the other are passed (skip_blocks.rs) before
// the loop and after each step where the drivers did not meet: one vector
// test of every pair, then the block whose last coordinate is the smaller
// moves on.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[APOS:[^:]*]]: memref<?xindex>, %[[ACRD:[^:]*]]: memref<?xindex>, %[[AVAL:[^:]*]]: memref<?xf64>, %{{[^:]*}}: index,
// CHECK-SAME: %[[BPOS:[^:]*]]: memref<?xindex>, %[[BCRD:[^:]*]]: memref<?xindex>, %[[BVAL:[^:]*]]: memref<?xf64>, %{{[^:]*}}: index)
// CHECK-SAME: -> memref<?xf64> attributes {llvm.emit_c_interface, passthrough = ["noinline"]}
// CHECK: %[[S:.*]]:2 = scf.while (%[[SP:.*]] = %{{.*}}, %[[SQ:.*]] = %{{.*}}) : (index, index) -> (index, index)
// CHECK: arith.cmpi ule
// CHECK: arith.cmpi ule
// CHECK: scf.if
// CHECK: %[[BA:.*]] = vector.load %[[ACRD]][%[[SP]]] : memref<?xindex>, vector<4xindex>
// CHECK: %[[BB:.*]] = vector.load %[[BCRD]][%[[SQ]]] : memref<?xindex>, vector<4xindex>
// CHECK: arith.cmpi eq, %[[BA]], %[[BB]] : vector<4xindex>
// CHECK: vector.shuffle %[[BB]], %[[BB]] [1, 2, 3, 0]
// CHECK: vector.shuffle %[[BB]], %[[BB]] [2, 3, 0, 1]
// CHECK: vector.shuffle %[[BB]], %[[BB]] [3, 0, 1, 2]
// CHECK: vector.reduction <or>
// CHECK: scf.condition
// CHECK: ^bb0(%[[TP:.*]]: index, %[[TQ:.*]]: index):
// CHECK: %[[LA:.*]] = memref.load %[[ACRD]]
// CHECK: %[[LB:.*]] = memref.load %[[BCRD]]
// CHECK: %[[BEHIND:.*]] = arith.cmpi ult, %[[LA]], %[[LB]]
// CHECK: arith.select %[[BEHIND]], %{{.*}}, %[[TP]]
// CHECK: arith.select %[[BEHIND]], %[[TQ]], %{{.*}}
// CHECK: scf.while (%[[P:.*]] = %[[S]]#0, %[[Q:.*]] = %[[S]]#1) : (index, index) -> (index, index)
// CHECK: arith.cmpi ult, %[[P]]
// CHECK: arith.cmpi ult, %[[Q]]
// CHECK: arith.andi
// CHECK: scf.condition
// CHECK: memref.load %[[ACRD]]
// CHECK: memref.load %[[BCRD]]
// CHECK: %[[I:.*]] = arith.minui
// CHECK: scf.if
// CHECK: memref.load %[[AVAL]]
// CHECK: memref.load %[[BVAL]]
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK: %[[NP:.*]] = arith.select
// CHECK: %[[NQ:.*]] = arith.select
// CHECK: %[[APART:.*]] = arith.cmpi ne
// CHECK: %[[NEXT:.*]]:2 = scf.if %[[APART]] -> (index, index)
// CHECK: scf.while (%{{.*}} = %[[NP]], %{{.*}} = %[[NQ]])
// CHECK: vector.reduction <or>
// CHECK: } else {
// CHECK: scf.yield %[[NP]], %[[NQ]]
// CHECK: scf.yield %[[NEXT]]#0, %[[NEXT]]#1
// CHECK-NOT: scf.while
// CHECK: return
func.func @dot(%a: tensor<?xf64, #SV>, %b: tensor<?xf64, #SV>) -> tensor<f64> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %p = arith.mulf %x, %y : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add]} : () -> tensor<f64>
  return %c : tensor<f64>
}

// A k-way merge loop (a union of three operands) runs while two drivers
// have positions left (their count summed from selects). A driver's
// coordinate is read only while it has positions left (past its end it is
// the largest index), the loop's coordinate is the least, and a driver
// sitting on it is present: its value is read and it advances; an absent
// one reads as its fill, 0. A loop for each driver alone then finishes the
// one left, from where the merge left it.
// CHECK-LABEL: func.func @total_of_three(
// CHECK-SAME: %{{[^:]*}}: memref<?xindex>, %[[ACRD:[^:]*]]: memref<?xindex>, %[[AVAL:[^:]*]]: memref<?xf64>, %{{[^:]*}}: index,
// CHECK: %[[MERGED:.*]]:3 = scf.while (%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}}, %[[R:.*]] = %{{.*}}) : (index, index, index) -> (index, index, index) {
// CHECK-NEXT: %[[LP:.*]] = arith.cmpi ult, %[[P]]
// CHECK-NEXT: %[[LQ:.*]] = arith.cmpi ult, %[[Q]]
// CHECK-NEXT: %[[LR:.*]] = arith.cmpi ult, %[[R]]
// CHECK: %[[SP:.*]] = arith.select %[[LP]]
// CHECK-NEXT: %[[SQ:.*]] = arith.select %[[LQ]]
// CHECK-NEXT: %[[SPQ:.*]] = arith.addi %[[SP]], %[[SQ]]
// CHECK-NEXT: %[[SR:.*]] = arith.select %[[LR]]
// CHECK-NEXT: %[[COUNT:.*]] = arith.addi %[[SPQ]], %[[SR]]
// CHECK: %[[TWO:.*]] = arith.cmpi uge, %[[COUNT]], %c2
// CHECK-NEXT: scf.condition(%[[TWO]])
// CHECK: %[[LEFT:.*]] = arith.cmpi ult, %[[P2:[^,]*]],
// CHECK-NEXT: %[[AT:.*]]:2 = scf.if %[[LEFT]] -> (index, index) {
// CHECK-NEXT: %[[CRD:.*]] = memref.load %[[ACRD]][%[[P2]]]
// CHECK-NEXT: scf.yield %[[CRD]], %[[P2]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[LARGEST:.*]] = arith.constant -1 : index
// CHECK-NEXT: scf.yield %[[LARGEST]], %[[P2]]
// CHECK: %[[MIN:.*]] = arith.minui %[[AT]]#0
// CHECK-NEXT: %[[I:.*]] = arith.minui %[[MIN]]
// CHECK-NEXT: %[[HERE:.*]] = arith.cmpi eq, %[[AT]]#0, %[[I]]
// CHECK: scf.if %[[HERE]] -> (f64) {
// CHECK-NEXT: memref.load %[[AVAL]][%[[AT]]#1]
// CHECK: } else {
// CHECK-NEXT: arith.constant 0.000000e+00 : f64
// CHECK: arith.addf %{{.*}} fastmath<reassoc> : f64
// CHECK: scf.if %[[HERE]] -> (index) {
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: arith.addi %[[P2]]
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[P2]] : index
// CHECK: scf.while (%{{.*}} = %[[MERGED]]#0)
// CHECK: scf.while (%{{.*}} = %[[MERGED]]#1)
// CHECK: scf.while (%{{.*}} = %[[MERGED]]#2)
// CHECK-NOT: scf.while
// CHECK: return
func.func @total_of_three(%a: tensor<?xf64, #SV>, %b: tensor<?xf64, #SV>, %c: tensor<?xf64, #SV>) -> tensor<f64> {
  %r = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %z = "arr.access"(%c) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    %s = arith.addf %x, %y : f64
    %t = arith.addf %s, %z : f64
    "vector.yield"(%t) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add]} : () -> tensor<f64>
  return %r : tensor<f64>
}
