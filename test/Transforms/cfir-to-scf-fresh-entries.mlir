// An entry appended once an iteration of a loop that visits each coordinate
// once (every driver a unique level under a bound parent), at the level that
// loop's coordinate indexes, is new there: it is appended without comparing
// its coordinate with the previous entry's. Above that level (DCSR's rows,
// appended from the columns' loop) and in loops that may repeat a coordinate
// (a nonunique level's, a dense loop's), the comparison stays.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

// A union's three cases each append a column; its loop and the two loops
// after it (each operand's rest) append without a test.
// CHECK-LABEL: func.func @add(
// CHECK: %[[COUNTS:.*]] = memref.alloca() : memref<2xindex>
// CHECK-NOT: memref.alloca
// CHECK: scf.while
// CHECK: scf.while
// CHECK: scf.if
// CHECK: arith.addf
// CHECK-NEXT: %[[COUNT:.*]] = memref.load %[[COUNTS]][%c1]
// CHECK-NEXT: %[[GROWN:.*]] = arith.addi %[[COUNT]], %c1
// CHECK-NEXT: memref.store %[[GROWN]], %[[COUNTS]][%c1]
// CHECK-NOT: arith.cmpi ne
// CHECK: return
func.func @add(%a: tensor<8x6xf64, #CSR>, %b: tensor<8x6xf64, #CSR>) -> tensor<8x6xf64, #CSR> {
  %init = tensor.empty() : tensor<8x6xf64, #CSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<8x6xf64, #CSR>, tensor<8x6xf64, #CSR>) outs(%init : tensor<8x6xf64, #CSR>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %p = arith.addf %x, %z : f64
    linalg.yield %p : f64
  } -> tensor<8x6xf64, #CSR>
  return %y : tensor<8x6xf64, #CSR>
}

// The row is compared with the previous entry's (a row is appended at its
// first column); the column is not.
// CHECK-LABEL: func.func @multiply(
// CHECK: %[[COUNTS:.*]] = memref.alloca() : memref<2xindex>
// CHECK: %[[LAST:.*]] = memref.alloca() : memref<2xindex>
// CHECK: scf.while
// CHECK: scf.while
// CHECK: arith.mulf
// CHECK-NEXT: %[[ROW:.*]] = memref.load %[[LAST]][%c0]
// CHECK-NEXT: %[[NEW_ROW:.*]] = arith.cmpi ne, %{{.*}}, %[[ROW]]
// CHECK: scf.if %[[NEW_ROW]]
// CHECK-NOT: memref.load %[[LAST]]
// CHECK: %[[COUNT:.*]] = memref.load %[[COUNTS]][%c1]
// CHECK-NEXT: %[[GROWN:.*]] = arith.addi %[[COUNT]], %c1
// CHECK-NEXT: memref.store %[[GROWN]], %[[COUNTS]][%c1]
// CHECK-NOT: memref.load %[[LAST]]
// CHECK: return
func.func @multiply(%a: tensor<8x6xf64, #DCSR>, %b: tensor<8x6xf64, #DCSR>) -> tensor<8x6xf64, #DCSR> {
  %init = tensor.empty() : tensor<8x6xf64, #DCSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<8x6xf64, #DCSR>, tensor<8x6xf64, #DCSR>) outs(%init : tensor<8x6xf64, #DCSR>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %p = arith.mulf %x, %z : f64
    linalg.yield %p : f64
  } -> tensor<8x6xf64, #DCSR>
  return %y : tensor<8x6xf64, #DCSR>
}

// A dense loop's coordinates are compared (its iterator does not claim them
// distinct).
// CHECK-LABEL: func.func @from_dense(
// CHECK: memref.alloca() : memref<2xindex>
// CHECK: %[[LAST:.*]] = memref.alloca() : memref<2xindex>
// CHECK: scf.while
// CHECK: scf.while
// CHECK: memref.load %[[LAST]][%c1]
// CHECK-NEXT: arith.cmpi ne
func.func @from_dense(%a: tensor<8x6xf64>) -> tensor<8x6xf64, #CSR> {
  %init = tensor.empty() : tensor<8x6xf64, #CSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a : tensor<8x6xf64>) outs(%init : tensor<8x6xf64, #CSR>) {
  ^bb0(%x: f64, %o: f64):
    linalg.yield %x : f64
  } -> tensor<8x6xf64, #CSR>
  return %y : tensor<8x6xf64, #CSR>
}
