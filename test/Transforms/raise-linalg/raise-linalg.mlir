// RUN: sparse-opt %s --split-input-file --raise-linalg | FileCheck %s

// Each linalg.generic on tensors becomes one arr.compute; reduction loops get
// a synthesized user function for the body's combining op.

// SpMV on CSR: y(i) = Σ_j A(i, j) · x(j), accumulated into a tensor.empty,
// which disappears with the generic.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// CHECK-LABEL: module
// CHECK:       func.func private @__sparse_addf_f64(%[[X:.*]]: f64, %[[Y:.*]]: f64) -> f64
// CHECK-SAME:    attributes {arr.properties = {associative, commutative, identity = 0.000000e+00 : f64}}
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f64
// CHECK-NEXT:    return %[[S]] : f64
// CHECK:       func.func @spmv(%[[A:.*]]: tensor<4x5xf64, #sparse>, %[[V:.*]]: tensor<5xf64>)
// CHECK-NOT:     tensor.empty
// CHECK:         %[[R:.*]] = "arr.compute"() ({
// CHECK-NEXT:      %[[AA:.*]] = "arr.access"(%[[A]]) {indexing_map = #map} : (tensor<4x5xf64, #sparse>) -> f64
// CHECK-NEXT:      %[[VV:.*]] = "arr.access"(%[[V]]) {indexing_map = #map1} : (tensor<5xf64>) -> f64
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[AA]], %[[VV]] : f64
// CHECK-NEXT:      vector.yield %[[P]] : f64
// CHECK-NEXT:    }) {arr.accumulate, indexing_map = #map2, reductions = [@__sparse_addf_f64]} : () -> tensor<4xf64>
// CHECK-NEXT:    return %[[R]] : tensor<4xf64>
func.func @spmv(%A: tensor<4x5xf64, #CSR>, %x: tensor<5xf64>) -> tensor<4xf64> {
  %init = tensor.empty() : tensor<4xf64>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : tensor<4x5xf64, #CSR>, tensor<5xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// -----

// Element-wise product of two DCSR matrices into a DCSR result: no reduction,
// and the output's initial value is never read, so any init will do; one
// with another use stays.

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// CHECK-LABEL: func.func @eltwise_mult(
// CHECK-SAME:    %[[A:.*]]: tensor<?x?xf64, #sparse>, %[[B:.*]]: tensor<?x?xf64, #sparse>, %[[D0:.*]]: index, %[[D1:.*]]: index)
// CHECK-NEXT:    %[[INIT:.*]] = bufferization.alloc_tensor(%[[D0]], %[[D1]])
// CHECK-NEXT:    %[[R:.*]] = "arr.compute"() ({
// CHECK-NEXT:      %[[AA:.*]] = "arr.access"(%[[A]]) {indexing_map = #map}
// CHECK-NEXT:      %[[BB:.*]] = "arr.access"(%[[B]]) {indexing_map = #map}
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[AA]], %[[BB]] : f64
// CHECK-NEXT:      vector.yield %[[P]] : f64
// CHECK-NEXT:    }) {arr.keep_visited, indexing_map = #map, reductions = []} : () -> tensor<?x?xf64, #sparse>
// CHECK-NEXT:    return %[[R]], %[[INIT]]
func.func @eltwise_mult(%A: tensor<?x?xf64, #DCSR>, %B: tensor<?x?xf64, #DCSR>, %d0: index, %d1: index)
    -> (tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>) {
  %init = bufferization.alloc_tensor(%d0, %d1) : tensor<?x?xf64, #DCSR>
  %C = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%A, %B : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>) outs(%init : tensor<?x?xf64, #DCSR>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %p = arith.mulf %a, %b : f64
    linalg.yield %p : f64
  } -> tensor<?x?xf64, #DCSR>
  return %C, %init : tensor<?x?xf64, #DCSR>, tensor<?x?xf64, #DCSR>
}

// -----

// SDDMM: X(i, j) = S(i, j) · Σ_k A(i, k) · B(k, j) · scale, with S sparse.
// The init is a zero splat, which disappears; the scalar input is used as
// is, and the input whose block argument is unused gets no access.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// CHECK-LABEL: func.func @sddmm(
// CHECK-SAME:    %[[S:[^:]*]]: tensor<8x8xf64, #sparse>, %[[A:[^:]*]]: tensor<8x4xf64>, %[[B:[^:]*]]: tensor<4x8xf64>, %[[SCALE:[^:]*]]: f64, %[[UNUSED:[^:]*]]: tensor<8xf64>)
// CHECK-NOT:     arith.constant
// CHECK:         "arr.compute"() ({
// CHECK-NEXT:      %[[SS:.*]] = "arr.access"(%[[S]]) {indexing_map = #map}
// CHECK-NEXT:      %[[AA:.*]] = "arr.access"(%[[A]]) {indexing_map = #map1}
// CHECK-NEXT:      %[[BB:.*]] = "arr.access"(%[[B]]) {indexing_map = #map2}
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[AA]], %[[BB]] : f64
// CHECK-NEXT:      %[[Q:.*]] = arith.mulf %[[SS]], %[[P]] : f64
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[Q]], %[[SCALE]] : f64
// CHECK-NEXT:      vector.yield %[[R]] : f64
// CHECK-NEXT:    }) {arr.accumulate, arr.keep_visited, indexing_map = #map, reductions = [@__sparse_addf_f64]} : () -> tensor<8x8xf64, #sparse>
func.func @sddmm(%S: tensor<8x8xf64, #CSR>, %A: tensor<8x4xf64>, %B: tensor<4x8xf64>, %scale: f64, %unused: tensor<8xf64>)
    -> tensor<8x8xf64, #CSR> {
  %init = arith.constant dense<0.0> : tensor<8x8xf64, #CSR>
  %X = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                       affine_map<(i, j, k) -> ()>, affine_map<(i, j, k) -> (i)>, affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%S, %A, %B, %scale, %unused : tensor<8x8xf64, #CSR>, tensor<8x4xf64>, tensor<4x8xf64>, f64, tensor<8xf64>)
      outs(%init : tensor<8x8xf64, #CSR>) {
  ^bb0(%s: f64, %a: f64, %b: f64, %c: f64, %u: f64, %x: f64):
    %p = arith.mulf %a, %b : f64
    %q = arith.mulf %s, %p : f64
    %r = arith.mulf %q, %c : f64
    %t = arith.addf %x, %r : f64
    linalg.yield %t : f64
  } -> tensor<8x8xf64, #CSR>
  return %X : tensor<8x8xf64, #CSR>
}

// -----

// Sum of a sparse vector into a scalar: every loop is reduced, the output
// has rank 0, and the combining op may take %out second. An existing
// function of the synthesized name is reused, not duplicated.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// CHECK-LABEL: module
// CHECK:       func.func private @__sparse_addf_f32(%{{.*}}: f32, %{{.*}}: f32) -> f32 {
// CHECK-NOT:   @__sparse_addf_f32(
// CHECK:       func.func @sum(%[[A:.*]]: tensor<?xf32, #sparse>)
// CHECK-NEXT:    %[[R:.*]] = "arr.compute"() ({
// CHECK-NEXT:      %[[AA:.*]] = "arr.access"(%[[A]]) {indexing_map = #map}
// CHECK-NEXT:      vector.yield %[[AA]] : f32
// CHECK-NEXT:    }) {arr.accumulate, indexing_map = #map1, reductions = [@__sparse_addf_f32]} : () -> tensor<f32>
// CHECK-NEXT:    return %[[R]] : tensor<f32>
func.func private @__sparse_addf_f32(%x: f32, %y: f32) -> f32 {
  %s = arith.addf %x, %y : f32
  return %s : f32
}
func.func @sum(%a: tensor<?xf32, #SV>) -> tensor<f32> {
  %init = tensor.empty() : tensor<f32>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a : tensor<?xf32, #SV>) outs(%init : tensor<f32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %v, %acc : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// Integer reductions over two loops: one function name per reduced loop,
// with the identity of the element type. linalg.index becomes arr.index, and
// ops carrying attributes (cmpi's predicate) are copied whole.

// CHECK-LABEL: module
// CHECK:       func.func private @__sparse_maxsi_i32(%{{.*}}: i32, %{{.*}}: i32) -> i32
// CHECK-SAME:    attributes {arr.properties = {associative, commutative, idempotent, identity = -2147483648 : i32}}
// CHECK-NEXT:    arith.maxsi
// CHECK:       func.func private @__sparse_ori_i1(%{{.*}}: i1, %{{.*}}: i1) -> i1
// CHECK-SAME:    attributes {arr.properties = {associative, commutative, idempotent, identity = false}}
// CHECK:       func.func @row_max(
// CHECK:         "arr.compute"() ({
// CHECK-NEXT:      %[[V:.*]] = "arr.access"
// CHECK-NEXT:      %[[J:.*]] = "arr.index"() {dim = 2 : i64} : () -> index
// CHECK-NEXT:      %[[JI:.*]] = arith.index_cast %[[J]] : index to i32
// CHECK-NEXT:      %[[M:.*]] = arith.muli %[[V]], %[[JI]] : i32
// CHECK-NEXT:      vector.yield %[[M]] : i32
// CHECK-NEXT:    }) {arr.accumulate, indexing_map = #map1, reductions = [@__sparse_maxsi_i32, @__sparse_maxsi_i32]} : () -> tensor<4xi32>
// CHECK:         "arr.compute"() ({
// CHECK-NEXT:      %[[W:.*]] = "arr.access"
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi sgt, %[[W]], %[[Z]] : i32
// CHECK-NEXT:      vector.yield %[[C]] : i1
// CHECK-NEXT:    }) {arr.accumulate, indexing_map = #map1, reductions = [@__sparse_ori_i1, @__sparse_ori_i1]} : () -> tensor<4xi1>
func.func @row_max(%a: tensor<4x3x5xi32>) -> (tensor<4xi32>, tensor<4xi1>) {
  %zero = arith.constant dense<0> : tensor<4xi32>
  %m = linalg.generic {
      indexing_maps = [affine_map<(i, k, j) -> (i, k, j)>, affine_map<(i, k, j) -> (i)>],
      iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%a : tensor<4x3x5xi32>) outs(%zero : tensor<4xi32>) {
  ^bb0(%v: i32, %acc: i32):
    %j = linalg.index 2 : index
    %ji = arith.index_cast %j : index to i32
    %w = arith.muli %v, %ji : i32
    %r = arith.maxsi %acc, %w : i32
    linalg.yield %r : i32
  } -> tensor<4xi32>
  %init = tensor.empty() : tensor<4xi1>
  %any = linalg.generic {
      indexing_maps = [affine_map<(i, k, j) -> (i, k, j)>, affine_map<(i, k, j) -> (i)>],
      iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%a : tensor<4x3x5xi32>) outs(%init : tensor<4xi1>) {
  ^bb0(%v: i32, %acc: i1):
    %z = arith.constant 0 : i32
    %c = arith.cmpi sgt, %v, %z : i32
    %r = arith.ori %c, %acc : i1
    linalg.yield %r : i1
  } -> tensor<4xi1>
  return %m, %any : tensor<4xi32>, tensor<4xi1>
}

// -----

// Named linalg ops and generics on buffers are left alone.

// CHECK-LABEL: func.func @untouched(
// CHECK:         linalg.matmul
// CHECK:         linalg.generic
// CHECK-NOT:     arr.compute
func.func @untouched(%a: tensor<4x4xf64>, %b: tensor<4x4xf64>, %c: tensor<4x4xf64>, %m: memref<4xf64>, %n: memref<4xf64>) -> tensor<4x4xf64> {
  %d = linalg.matmul ins(%a, %b : tensor<4x4xf64>, tensor<4x4xf64>) outs(%c : tensor<4x4xf64>) -> tensor<4x4xf64>
  linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%m : memref<4xf64>) outs(%n : memref<4xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  return %d : tensor<4x4xf64>
}

// -----

// Initial values. A reduction into an argument starts from it (`init`), and
// so does one into a copy of it; one into a nonzero splat starts from a fill
// statement; one into a zero fill starts from the fill value 0, and the zero
// fill goes, with everything only it used. An element-wise body that reads `%out` reads the initial value:
// an argument through `arr.access` at the output's subscripts, a fill as its
// scalar.

// CHECK-LABEL: func.func @initial_values(
// CHECK-SAME:    %[[A:.*]]: tensor<4x5xf64>, %[[Y0:.*]]: tensor<4xf64>, %[[C:.*]]: f64)
// CHECK:         %[[Y:.*]] = "arr.compute"(%[[Y0]]) ({
// CHECK:         }) {indexing_map = #map1, reductions = [@__sparse_addf_f64]} : (tensor<4xf64>) -> tensor<4xf64>
// CHECK-NOT:     bufferization.alloc_tensor
// CHECK:         "arr.compute"(%[[Y0]]) ({
// CHECK:         %[[ONES:.*]] = "arr.compute"() ({
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:      vector.yield %[[ONE]] : f64
// CHECK-NEXT:    }) {indexing_map = #map2, reductions = []} : () -> tensor<4xf64>
// CHECK-NEXT:    "arr.compute"(%[[ONES]]) ({
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     tensor.empty
// CHECK:         }) {arr.accumulate, indexing_map = #map1, reductions = [@__sparse_addf_f64]} : () -> tensor<4xf64>
// CHECK:         "arr.compute"() ({
// CHECK-NEXT:      %[[OLD:.*]] = "arr.access"(%[[Y]]) {indexing_map = #map2} : (tensor<4xf64>) -> f64
// CHECK-NEXT:      %[[SCALED:.*]] = arith.mulf %[[OLD]], %[[C]] : f64
// CHECK-NEXT:      vector.yield %[[SCALED]] : f64
// CHECK:         "arr.compute"() ({
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[C]], %[[C]] : f64
// CHECK-NEXT:      vector.yield %[[SUM]] : f64
func.func @initial_values(%a: tensor<4x5xf64>, %y0: tensor<4xf64>, %c: f64) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%y0 : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %copy = bufferization.alloc_tensor() copy(%y0) : tensor<4xf64>
  %q = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%copy : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %ones = arith.constant dense<1.0> : tensor<4xf64>
  %o = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%ones : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4xf64>
  %zeros = linalg.fill ins(%zero : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %z = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x5xf64>) outs(%zeros : tensor<4xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %scaled = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      outs(%y : tensor<4xf64>) {
  ^bb0(%old: f64):
    %s = arith.mulf %old, %c : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %f = tensor.empty() : tensor<4xf64>
  %cs = linalg.fill ins(%c : f64) outs(%f : tensor<4xf64>) -> tensor<4xf64>
  %doubled = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      outs(%cs : tensor<4xf64>) {
  ^bb0(%old: f64):
    %s = arith.addf %old, %c : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %y, %q, %o, %z, %scaled, %doubled : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// -----

// A fill of a tensor of dynamic size reads no tensor that would give its
// loops' sizes: the statement keeps its tensor.empty as its init, for the
// shape only. A statement that reads the fill through arr.access has its
// sizes from it; one that reads no tensor takes the tensor.empty under the
// fill as its init.
// CHECK-LABEL: func.func @fill_dynamic(
// CHECK-SAME:    %[[M:.*]]: index, %[[N:.*]]: index, %[[C:.*]]: f64)
// CHECK:         %[[E:.*]] = tensor.empty(%[[M]], %[[N]]) : tensor<2x?x?xf64>
// CHECK-NEXT:    %[[F:.*]] = "arr.compute"(%[[E]]) ({
// CHECK-NEXT:      vector.yield %[[C]] : f64
// CHECK-NEXT:    }) {indexing_map = #{{.*}}, reductions = []} : (tensor<2x?x?xf64>) -> tensor<2x?x?xf64>
// CHECK-NEXT:    "arr.compute"() ({
// CHECK-NEXT:      "arr.access"(%[[F]])
// CHECK:         }) {indexing_map = #{{.*}}, reductions = []} : () -> tensor<2x?x?xf64>
// CHECK-NEXT:    "arr.compute"(%[[E]]) ({
// CHECK-NEXT:      %[[I:.*]] = "arr.index"() {dim = 1 : i64} : () -> index
// CHECK:         }) {indexing_map = #{{.*}}, reductions = []} : (tensor<2x?x?xf64>) -> tensor<2x?x?xf64>
func.func @fill_dynamic(%m: index, %n: index, %c: f64) -> (tensor<2x?x?xf64>, tensor<2x?x?xf64>) {
  %e = tensor.empty(%m, %n) : tensor<2x?x?xf64>
  // linalg.fill, as linalg-generalize-named-ops writes it.
  %f = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> ()>, affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c : f64) outs(%e : tensor<2x?x?xf64>) {
  ^bb0(%x: f64, %o: f64):
    linalg.yield %x : f64
  } -> tensor<2x?x?xf64>
  %twice = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%f : tensor<2x?x?xf64>) outs(%f : tensor<2x?x?xf64>) {
  ^bb0(%x: f64, %o: f64):
    %s = arith.addf %x, %x : f64
    linalg.yield %s : f64
  } -> tensor<2x?x?xf64>
  %iota = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%f : tensor<2x?x?xf64>) {
  ^bb0(%o: f64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %jf = arith.uitofp %ji : i64 to f64
    linalg.yield %jf : f64
  } -> tensor<2x?x?xf64>
  return %twice, %iota : tensor<2x?x?xf64>, tensor<2x?x?xf64>
}

// -----

// A slice of dynamic size sizes the loops that index it, as any input: a
// product with every other row of A, into a zero fill, starts from the fill
// 0 (arr.accumulate) with no init.
// CHECK-LABEL: func.func @slice_rows_times_vector(
// CHECK:         %[[ROWS:.*]] = "arr.slice"
// CHECK-NEXT:    tensor.dim
// CHECK-NEXT:    "arr.compute"() ({
// CHECK-NEXT:      "arr.access"(%[[ROWS]])
// CHECK:         }) {arr.accumulate, indexing_map = #{{.*}}, reductions = [@__sparse_addf_f64]} : () -> tensor<?xf64>
// CHECK-NEXT:    return
func.func @slice_rows_times_vector(%A: tensor<?x?xf64>, %x: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %rows = "arr.slice"(%A) {dim = 0 : i64, start = 0 : i64, stop = 4 : i64, step = 2 : i64} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  %m = tensor.dim %rows, %c0 : tensor<?x?xf64>
  %e = tensor.empty(%m) : tensor<?xf64>
  // linalg.fill, as linalg-generalize-named-ops writes it.
  %f = linalg.generic {
      indexing_maps = [affine_map<(i) -> ()>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%zero : f64) outs(%e : tensor<?xf64>) {
  ^bb0(%z: f64, %o: f64):
    linalg.yield %z : f64
  } -> tensor<?xf64>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%rows, %x : tensor<?x?xf64>, tensor<?xf64>) outs(%f : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %c, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// -----

// sparse_tensor.reduce: its region becomes @__sparse_reduce_0 with the
// accumulator first and the constant it reads copied in; the statement starts
// from a fill statement writing the identity, not from %x, and reduces the
// visited points only.
// CHECK-LABEL: func.func private @__sparse_reduce_0
// CHECK-SAME: (%[[ACC:.*]]: f64, %[[E:.*]]: f64) -> f64
// CHECK-NOT: arr.properties
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f64
// CHECK: %[[P:.*]] = arith.mulf %[[E]], %[[ACC]] : f64
// CHECK: %[[Q:.*]] = arith.mulf %[[P]], %[[HALF]] : f64
// CHECK: return %[[Q]] : f64
// CHECK-LABEL: func.func @custom
// CHECK-SAME: (%[[A:.*]]: tensor<8xf64, #sparse>, %[[X:.*]]: tensor<f64>, %[[I:.*]]: f64)
// CHECK: %[[START:.*]] = "arr.compute"() ({
// CHECK-NEXT: vector.yield %[[I]] : f64
// CHECK: "arr.compute"(%[[START]])
// CHECK: {arr.reduce_visited, indexing_map = {{.*}}, reductions = [@__sparse_reduce_0]}
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
func.func @custom(%a: tensor<8xf64, #SV>, %x: tensor<f64>, %identity: f64) -> tensor<f64> {
  %half = arith.constant 0.5 : f64
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf64, #SV>) outs(%x : tensor<f64>) {
  ^bb0(%v: f64, %o: f64):
    %s = sparse_tensor.reduce %v, %o, %identity : f64 {
    ^bb0(%e: f64, %acc: f64):
      %p = arith.mulf %e, %acc : f64
      %q = arith.mulf %p, %half : f64
      sparse_tensor.yield %q : f64
    }
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}

// -----

// A generic with two outputs becomes one statement for each output it
// uses: each keeps the ops its yielded value needs (the second output's
// negation, not the first's copy).
// CHECK-LABEL: func.func @two_outputs
// CHECK:      %[[COPY:.*]] = "arr.compute"() ({
// CHECK-NEXT:   %[[X:.*]] = "arr.access"(%arg0)
// CHECK-NEXT:   vector.yield %[[X]] : f64
// CHECK:      %[[NEGATED:.*]] = "arr.compute"() ({
// CHECK-NEXT:   %[[Y:.*]] = "arr.access"(%arg0)
// CHECK-NEXT:   %[[N:.*]] = arith.negf %[[Y]] : f64
// CHECK-NEXT:   vector.yield %[[N]] : f64
// CHECK:      return %[[COPY]], %[[NEGATED]]
func.func @two_outputs(%a: tensor<4xf64>, %b: tensor<4xf64>, %c: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<4xf64>) outs(%b, %c : tensor<4xf64>, tensor<4xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %n = arith.negf %x : f64
    linalg.yield %x, %n : f64, f64
  } -> (tensor<4xf64>, tensor<4xf64>)
  return %r#0, %r#1 : tensor<4xf64>, tensor<4xf64>
}

// -----

// A body that yields its output's block argument keeps every component's
// initial value, whatever the loops: the generic is its outs tensor (the
// greedy folding of linalg-generalize-named-ops leaves `%out + (0 - a + a)`
// so), which the function returns as a copy (an argument is not returned
// as it is). Nothing reads A.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// CHECK-LABEL: func.func @unchanged
// CHECK-SAME:    %[[A:.*]]: tensor<4x5xf64, #{{.*}}>, %[[Y0:.*]]: tensor<4xf64>
// CHECK-NEXT:    %[[COPY:.*]] = "arr.compute"() ({
// CHECK-NEXT:      %[[V:.*]] = "arr.access"(%[[Y0]]) {indexing_map = #{{.*}}} : (tensor<4xf64>) -> f64
// CHECK-NEXT:      vector.yield %[[V]] : f64
// CHECK-NEXT:    }) {indexing_map = #{{.*}}, reductions = []} : () -> tensor<4xf64>
// CHECK-NEXT:    return %[[COPY]] : tensor<4xf64>
func.func @unchanged(%A: tensor<4x5xf64, #CSR>, %y0: tensor<4xf64>) -> tensor<4xf64> {
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%A : tensor<4x5xf64, #CSR>) outs(%y0 : tensor<4xf64>) {
  ^bb0(%a: f64, %out: f64):
    linalg.yield %out : f64
  } -> tensor<4xf64>
  return %y : tensor<4xf64>
}
