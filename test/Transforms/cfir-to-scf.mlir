// RUN: sparse-opt %s --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s

// The kernel takes its tensors as buffers (positions, coordinates, values,
// then sizes) and returns its result the same way. Two sparse drivers
// co-iterate: the coordinate is the least of theirs, and each advances only
// when it sits on it.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[APOS:[^:]*]]: memref<?xindex>, %[[ACRD:[^:]*]]: memref<?xindex>, %[[AVAL:[^:]*]]: memref<?xf64>, %{{[^:]*}}: index,
// CHECK-SAME: %[[BPOS:[^:]*]]: memref<?xindex>, %[[BCRD:[^:]*]]: memref<?xindex>, %[[BVAL:[^:]*]]: memref<?xf64>, %{{[^:]*}}: index)
// CHECK-SAME: -> memref<?xf64> attributes {llvm.emit_c_interface, passthrough = ["noinline"]}
// CHECK: scf.while (%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}}) : (index, index) -> (index, index)
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
// CHECK: arith.select
// CHECK: arith.select
// CHECK: scf.yield
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
