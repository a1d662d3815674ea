// A result the loops over a split view assemble is filled in one pass: the
// outer loop visits the vector's non-empty windows of five coordinates, one
// after the other and never overlapping, and the inner one each window's
// entries, so the result has at most as many entries as the vector stores,
// and its buffers are allocated for those (cfir-to-scf's tiles.rs); so are
// the sums of windows that do not overlap. Windows that overlap (out(i, j) =
// c(i + j)), and the windows of a matrix's rows, which may hold no entry,
// bound nothing, so the loops run twice: a counting pass, then the filling
// one (its buffers sized by the count, not by the operands' sizes, which
// memref.dim reads).
// RUN: sparse-opt %s --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#CSR = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
#SVU = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#CSRU = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#COOU = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
#DCSRU = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// CHECK-LABEL: func.func @split_csr
// CHECK-NOT: scf.while
// CHECK: %[[ENTRIES:.*]] = memref.dim %arg2
// CHECK-NOT: scf.while
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xindex>
// CHECK-NEXT: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xf64>
// CHECK: scf.while
func.func @split_csr(%v: tensor<30xf64, #SV>) -> tensor<6x5xf64, #CSR> {
  %M = "arr.split"(%v) {dim = 0 : i64} : (tensor<30xf64, #SV>) -> tensor<6x5xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%M) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64, #CSR>
  return %y : tensor<6x5xf64, #CSR>
}

// Into COO, both levels take one entry per stored entry of the vector.
// CHECK-LABEL: func.func @split_coo
// CHECK-NOT: scf.while
// CHECK: %[[ENTRIES:.*]] = memref.dim %arg2
// CHECK-NOT: scf.while
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xindex>
// CHECK-NEXT: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xindex>
// CHECK-NEXT: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xf64>
// CHECK: scf.while
func.func @split_coo(%v: tensor<30xf64, #SV>) -> tensor<6x5xf64, #COO> {
  %M = "arr.split"(%v) {dim = 0 : i64} : (tensor<30xf64, #SV>) -> tensor<6x5xf64>
  %y = "arr.compute"() ({
    %a = "arr.access"(%M) {indexing_map = affine_map<(i, j) -> (i, j)>} : (tensor<6x5xf64>) -> f64
    "vector.yield"(%a) : (f64) -> ()
  }) {indexing_map = affine_map<(i, j) -> (i, j)>, reductions = []} : () -> tensor<6x5xf64, #COO>
  return %y : tensor<6x5xf64, #COO>
}

// CHECK-LABEL: func.func @overlapping
// CHECK-NOT: memref.dim
// CHECK: scf.while
// CHECK-NOT: memref.dim
// CHECK: memref.alloc(%
// CHECK: scf.while
func.func @overlapping(%c: tensor<5xf64, #SVU>) -> tensor<4x2xf64, #CSRU> {
  %init = tensor.empty() : tensor<4x2xf64, #CSRU>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%c : tensor<5xf64, #SVU>) outs(%init : tensor<4x2xf64, #CSRU>) {
  ^bb0(%z: f64, %o: f64):
    linalg.yield %z : f64
  } -> tensor<4x2xf64, #CSRU>
  return %y : tensor<4x2xf64, #CSRU>
}

// Windows of five coordinates every five, summed into a sparse vector (a
// stride-5 convolution with a filter of five): one window each, so at most
// as many entries as the vector stores, and no more than the result's size.
// CHECK-LABEL: func.func @window_sums
// CHECK-NOT: scf.while
// CHECK: %[[STORED:.*]] = memref.dim %arg2
// CHECK-NOT: scf.while
// CHECK: %[[ENTRIES:.*]] = arith.minui %[[STORED]], %c8
// CHECK-NOT: scf.while
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xindex>
// CHECK: scf.while
func.func @window_sums(%x: tensor<40xf64, #SV>, %w: tensor<5xf64>) -> tensor<8xf64, #SV> {
  %init = tensor.empty() : tensor<8xf64, #SV>
  %y = linalg.generic {indexing_maps = [affine_map<(i, k) -> (5 * i + k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
    ins(%x, %w : tensor<40xf64, #SV>, tensor<5xf64>) outs(%init : tensor<8xf64, #SV>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  } -> tensor<8xf64, #SV>
  return %y : tensor<8xf64, #SV>
}

// Overlapping windows into COO, whose head is stored: counted first.
// CHECK-LABEL: func.func @overlapping_coo
// CHECK-NOT: memref.dim
// CHECK: scf.while
// CHECK-NOT: memref.dim
// CHECK: memref.alloc(%
// CHECK: scf.while
func.func @overlapping_coo(%c: tensor<5xf64, #SVU>) -> tensor<4x2xf64, #COOU> {
  %init = tensor.empty() : tensor<4x2xf64, #COOU>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%c : tensor<5xf64, #SVU>) outs(%init : tensor<4x2xf64, #COOU>) {
  ^bb0(%z: f64, %o: f64):
    linalg.yield %z : f64
  } -> tensor<4x2xf64, #COOU>
  return %y : tensor<4x2xf64, #COOU>
}

// The windows of a matrix's rows, summed: its level 0 may store rows that
// hold no entry, so the windows bound nothing: counted first.
// CHECK-LABEL: func.func @matrix_windows
// CHECK-NOT: memref.dim
// CHECK: scf.while
// CHECK-NOT: memref.dim
// CHECK: memref.alloc(%
// CHECK: scf.while
func.func @matrix_windows(%a: tensor<40x3xf64, #DCSRU>, %w: tensor<5xf64>) -> tensor<8xf64, #SVU> {
  %init = tensor.empty() : tensor<8xf64, #SVU>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (5 * i + j, k)>, affine_map<(i, j, k) -> (j)>, affine_map<(i, j, k) -> (i)>], iterator_types = ["parallel", "reduction", "reduction"]}
    ins(%a, %w : tensor<40x3xf64, #DCSRU>, tensor<5xf64>) outs(%init : tensor<8xf64, #SVU>) {
  ^bb0(%x: f64, %b: f64, %o: f64):
    %p = arith.mulf %x, %b : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  } -> tensor<8xf64, #SVU>
  return %y : tensor<8xf64, #SVU>
}
