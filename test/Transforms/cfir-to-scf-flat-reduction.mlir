// A reduction of every value a tensor stores into a scalar is one loop over
// the positions of its last level (cfir-to-scf's flat_reduction.rs): the
// range is read from each compressed level's positions at the ends of the
// parents' range (a dense level multiplies it by its size), and the values are
// reduced in the order the nest visits them. A nest that reads a coordinate,
// or reduces into a component that depends on one, keeps its loops; so does
// a lattice over fill values (a maximum, which has no identity here).
// RUN: sparse-opt %s --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// CHECK-LABEL: func.func @sum_dcsr(
// CHECK-SAME: %[[POS0:[a-z0-9]+]]: memref<?xindex>, %[[CRD0:[a-z0-9]+]]: memref<?xindex>, %[[POS1:[a-z0-9]+]]: memref<?xindex>, %[[CRD1:[a-z0-9]+]]: memref<?xindex>, %[[VAL:[a-z0-9]+]]: memref<?xf64>
// CHECK-NOT: scf.while
// CHECK: %[[FIRST_ROW:.*]] = memref.load %[[POS0]][%c0]
// CHECK: %[[END_ROW:.*]] = memref.load %[[POS0]][%c1]
// CHECK: %[[FIRST:.*]] = memref.load %[[POS1]][%[[FIRST_ROW]]]
// CHECK: %[[END:.*]] = memref.load %[[POS1]][%[[END_ROW]]]
// CHECK: %[[COUNT:.*]] = arith.subi %[[END]], %[[FIRST]]
// CHECK: scf.for %[[STEP:.*]] = %c0 to %[[COUNT]] step %c1 {
// CHECK: %[[AT:.*]] = arith.addi %[[FIRST]], %[[STEP]]
// CHECK: memref.load %[[VAL]][%[[AT]]]
// CHECK-NOT: memref.load %[[CRD1]]
// CHECK: arith.addf {{.*}} fastmath<reassoc>
// CHECK-NOT: scf.while
// CHECK: return
func.func @sum_dcsr(%a: tensor<8x6xf64, #DCSR>) -> tensor<f64> {
  %init = arith.constant dense<0.0> : tensor<f64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
    ins(%a : tensor<8x6xf64, #DCSR>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}

// CHECK-LABEL: func.func @sum_csr_squares(
// CHECK-SAME: %[[POS:[a-z0-9]+]]: memref<?xindex>, %[[CRD:[a-z0-9]+]]: memref<?xindex>, %[[VAL:[a-z0-9]+]]: memref<?xf64>
// CHECK-NOT: scf.while
// CHECK: %[[FIRST:.*]] = memref.load %[[POS]][%c0]
// CHECK: %[[END:.*]] = memref.load %[[POS]][%c8]
// CHECK: %[[COUNT:.*]] = arith.subi %[[END]], %[[FIRST]]
// CHECK: scf.for %{{.*}} = %c0 to %[[COUNT]] step %c1 {
// CHECK: %[[X:.*]] = memref.load %[[VAL]]
// CHECK: arith.mulf %[[X]], %[[X]]
// CHECK-NOT: scf.while
// CHECK: return
func.func @sum_csr_squares(%a: tensor<8x6xf64, #CSR>) -> tensor<f64> {
  %init = arith.constant dense<0.0> : tensor<f64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
    ins(%a : tensor<8x6xf64, #CSR>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %q = arith.mulf %x, %x : f64
    %s = arith.addf %acc, %q : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}

// CHECK-LABEL: func.func @max_coo(
// CHECK: scf.while
func.func @max_coo(%a: tensor<8x6xf64, #COO>) -> tensor<f64> {
  %init = arith.constant dense<-1.0e+300> : tensor<f64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
    ins(%a : tensor<8x6xf64, #COO>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.maxnumf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}

// The column's coordinate is read: the loops stay.
// CHECK-LABEL: func.func @weighted(
// CHECK: scf.while
// CHECK: scf.while
// CHECK: arith.sitofp
func.func @weighted(%a: tensor<8x6xf64, #DCSR>) -> tensor<f64> {
  %init = arith.constant dense<0.0> : tensor<f64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
    ins(%a : tensor<8x6xf64, #DCSR>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f64
    %p = arith.mulf %x, %jf : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r : tensor<f64>
}

// Each row's sum goes to its own component: the loops stay.
// CHECK-LABEL: func.func @row_sums(
// CHECK: scf.while
// CHECK: scf.while
func.func @row_sums(%a: tensor<8x6xf64, #CSR>) -> tensor<8xf64> {
  %init = arith.constant dense<0.0> : tensor<8xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
    ins(%a : tensor<8x6xf64, #CSR>) outs(%init : tensor<8xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  return %r : tensor<8xf64>
}
