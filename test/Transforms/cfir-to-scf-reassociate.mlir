// RUN: sparse-opt %s --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s

// A reduction by a float function declared associative and commutative,
// whose body is one op of its two arguments, is inlined with the `reassoc`
// flag added to the op's own flags, so that LLVM may reorder (vectorize) it.
// An integer one of a known op likewise, without flags. Any other reduction
// function is called as it is.
#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>

func.func @add(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @sum(
// CHECK:         scf.for
// CHECK:           %[[V:.*]] = memref.load %arg2
// CHECK:           %[[OLD:.*]] = memref.load %alloc
// CHECK-NEXT:      %[[NEW:.*]] = arith.addf %[[OLD]], %[[V]] fastmath<reassoc> : f64
// CHECK-NEXT:      memref.store %[[NEW]]
// CHECK-NOT:     func.call
// CHECK:         return
func.func @sum(%a: tensor<?xf64, #SV>) -> tensor<f64> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add]} : () -> tensor<f64>
  return %c : tensor<f64>
}

// The op's own flags are kept.
func.func @add_finite(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y fastmath<nnan,nsz> : f64
  return %s : f64
}
// CHECK-LABEL: func.func @finite_sum(
// CHECK:         arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,nnan,nsz> : f64
// CHECK-NOT:     func.call
// CHECK:         return
func.func @finite_sum(%a: tensor<?xf64, #SV>) -> tensor<f64> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add_finite]} : () -> tensor<f64>
  return %c : tensor<f64>
}

// An integer reduction by one op of its two arguments is inlined too,
// without the op's flags (any order of it gives the same bits), and the
// load of the old value is marked for parallelize-outer-loops.
#SVI = #arr.encoding<[#arr.level<"compressed", {}>], 0 : i32, affine_map<(i) -> (i)>>
func.func @largest(%x: i32, %y: i32) -> i32 attributes {arr.properties = {commutative, associative, identity = -2147483648 : i32}} {
  %m = arith.maxsi %x, %y : i32
  return %m : i32
}
func.func @add_no_wrap(%x: i32, %y: i32) -> i32 attributes {arr.properties = {commutative, associative, identity = 0 : i32}} {
  %s = arith.addi %x, %y overflow<nsw> : i32
  return %s : i32
}
// CHECK-LABEL: func.func @integer_max(
// CHECK:         %[[OLD:.*]] = memref.load %{{.*}} {sparse.reduction} : memref<?xi32>
// CHECK-NEXT:    %[[NEW:.*]] = arith.maxsi %[[OLD]], %{{.*}} : i32
// CHECK-NOT:     func.call @largest
// CHECK:         return
func.func @integer_max(%a: tensor<?xi32, #SVI>) -> tensor<i32> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi32, #SVI>) -> i32
    "vector.yield"(%x) : (i32) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@largest]} : () -> tensor<i32>
  return %c : tensor<i32>
}
// CHECK-LABEL: func.func @integer_sum(
// CHECK:         %[[OLD:.*]] = memref.load %{{.*}} {sparse.reduction} : memref<?xi32>
// CHECK-NEXT:    %{{.*}} = arith.addi %[[OLD]], %{{[^ ]+}} : i32{{$}}
// CHECK-NOT:     overflow<nsw>
// CHECK-NOT:     func.call @add_no_wrap
// CHECK:         return
func.func @integer_sum(%a: tensor<?xi32, #SVI>) -> tensor<i32> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi32, #SVI>) -> i32
    "vector.yield"(%x) : (i32) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add_no_wrap]} : () -> tensor<i32>
  return %c : tensor<i32>
}

// An integer op that is not one of those known (here a division, though
// declared associative and commutative) is called.
func.func @divide(%x: i32, %y: i32) -> i32 attributes {arr.properties = {commutative, associative, identity = 1 : i32}} {
  %q = arith.divsi %x, %y : i32
  return %q : i32
}
// CHECK-LABEL: func.func @integer_quotient(
// CHECK:         func.call @divide(
// CHECK:         return
func.func @integer_quotient(%a: tensor<?xi32, #SVI>) -> tensor<i32> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xi32, #SVI>) -> i32
    "vector.yield"(%x) : (i32) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@divide]} : () -> tensor<i32>
  return %c : tensor<i32>
}

// Not declared commutative: the order of the calls is kept.
func.func @add_in_order(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
// CHECK-LABEL: func.func @ordered_sum(
// CHECK:         func.call @add_in_order(
// CHECK-NOT:     fastmath<reassoc>
// CHECK:         return
func.func @ordered_sum(%a: tensor<?xf64, #SV>) -> tensor<f64> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add_in_order]} : () -> tensor<f64>
  return %c : tensor<f64>
}

// A body of more than one op is called.
func.func @add_abs(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %ay = math.absf %y : f64
  %s = arith.addf %x, %ay : f64
  return %s : f64
}
// CHECK-LABEL: func.func @norm1(
// CHECK:         func.call @add_abs(
// CHECK-NOT:     fastmath<reassoc>
// CHECK:         return
func.func @norm1(%a: tensor<?xf64, #SV>) -> tensor<f64> {
  %c = "arr.compute"() ({
    %x = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xf64, #SV>) -> f64
    "vector.yield"(%x) : (f64) -> ()
  }) {indexing_map = affine_map<(i) -> ()>, reductions = [@add_abs]} : () -> tensor<f64>
  return %c : tensor<f64>
}

// Only a loop that reads contiguous runs is reordered. SpMV's inner loop
// walks a compressed level and locates x at its coordinates: reordered,
// LLVM would vectorize the sum with gathers of x, several times slower. The
// row of a dense vector times a dense matrix reads both contiguously.
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
// CHECK-LABEL: func.func @spmv(
// CHECK:         %[[P:.*]] = arith.mulf
// CHECK:         arith.addf %{{.*}}, %[[P]] : f64
// CHECK:         return
func.func @spmv(%A: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// SpMM's innermost loop writes at its own coordinate (a column of the
// result): it vectorizes as it is, and the sum around it keeps its order.
// CHECK-LABEL: func.func @spmm(
// CHECK:         %[[P:.*]] = arith.mulf
// CHECK:         arith.addf %{{.*}}, %[[P]] : f64
// CHECK:         return
func.func @spmm(%A: tensor<?x?xf64, #CSR>, %B: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %c = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, k, j) -> (i, k)>} : (tensor<?x?xf64, #CSR>) -> f64
    %b = "arr.access"(%B) {indexing_map = affine_map<(i, k, j) -> (k, j)>} : (tensor<?x?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, k, j) -> (i, j)>, reductions = [@add]} : () -> tensor<?x?xf64>
  return %c : tensor<?x?xf64>
}

// CHECK-LABEL: func.func @dense_gemv(
// CHECK:         arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
// CHECK:         return
func.func @dense_gemv(%A: tensor<?x?xf64>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %y = "arr.compute"() ({
    %a = "arr.access"(%A) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<?x?xf64>) -> f64
    %b = "arr.access"(%x) {indexing_map = affine_map<(i, j) -> (j)>} : (tensor<?xf64>) -> f64
    %p = arith.mulf %a, %b : f64
    "vector.yield"(%p) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i)>, reductions = [@add]} : () -> tensor<?xf64>
  return %y : tensor<?xf64>
}
