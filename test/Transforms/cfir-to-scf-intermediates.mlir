// RUN: sparse-opt %s --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s

// The buffers of an intermediate (the dense copy %B) are freed before the
// kernel returns; the result's go to the caller. (They leaked, once per call.)

// CHECK-LABEL: func.func @k(
// CHECK: %[[B:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK: %[[Y:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK-NOT: memref.dealloc %[[Y]]
// CHECK: memref.dealloc %[[B]] : memref<?xf64>
// CHECK-NOT: memref.dealloc
// CHECK-NEXT: return %[[Y]], %{{.*}} : memref<?xf64>, index

#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @k(%A: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %B = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<?x?xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%B) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// A sparse intermediate is finished (its buffers cut to the entries it holds)
// before the next statement reads it as an input, and freed at the return.

// CHECK-LABEL: func.func @chain(
// CHECK: %[[POSITIONS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[COORDINATES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[VALUES:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK: scf.while
// CHECK: %[[C:.*]] = memref.realloc %[[COORDINATES]]
// CHECK: %[[V:.*]] = memref.realloc %[[VALUES]]
// CHECK: %[[RESULT:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK: scf.while
// CHECK: memref.dealloc %[[POSITIONS]] : memref<?xindex>
// CHECK-NEXT: memref.dealloc %[[C]] : memref<?xindex>
// CHECK-NEXT: memref.dealloc %[[V]] : memref<?xf64>
// CHECK-NEXT: return %[[RESULT]]

#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
func.func @chain(%a: tensor<8xf64, #SV>) -> tensor<8xf64> {
  %b = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    %s = arith.addf %x, %x : f64
    "vector.yield"(%s) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64, #SV>
  %c = "arr.compute"() ({
    %y = "arr.access"(%b) {indexing_map = affine_map<(i) -> (i)>} : (tensor<8xf64, #SV>) -> f64
    "vector.yield"(%y) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>
  return %c : tensor<8xf64>
}
