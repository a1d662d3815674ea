// A compressed output level below another stored level (DCSR's columns) gets
// a segment for each row the rows level appends, and every such row is
// appended with its first column: that append writes the segment's end. Only
// `pos[0]` is set before the loops, and no pass closes the segments after
// them, so the positions cost what the result holds, not the bound on its
// rows. Below a dense level (CSR's columns) a row may receive no entry: its
// positions are zeroed first and closed after the loops.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// CHECK-LABEL: func.func @dcsr(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// The rows' positions (two slots under the root) are zeroed and closed.
// CHECK: %[[ROWPOS:.*]] = memref.alloc() {{.*}} : memref<2xindex>
// CHECK: scf.for
// CHECK-NEXT: memref.store %[[C0]], %[[ROWPOS]]
// CHECK: %[[ROWS:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xindex>
// CHECK: %[[COLPOS:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xindex>
// CHECK-NEXT: memref.store %[[C0]], %[[COLPOS]][%[[C0]]]
// CHECK-NOT: memref.store %[[C0]], %[[COLPOS]]
// CHECK: scf.while
// CHECK: memref.store %{{.*}}, %[[COLPOS]][%{{.*}}]
// CHECK: arith.maxui
// CHECK-NOT: arith.maxui
// CHECK: memref.realloc %[[COLPOS]]
func.func @dcsr(%a: tensor<8x6xf64, #DCSR>, %b: tensor<8x6xf64, #DCSR>) -> tensor<8x6xf64, #DCSR> {
  %init = tensor.empty() : tensor<8x6xf64, #DCSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<8x6xf64, #DCSR>, tensor<8x6xf64, #DCSR>) outs(%init : tensor<8x6xf64, #DCSR>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %p = arith.mulf %x, %z : f64
    linalg.yield %p : f64
  } -> tensor<8x6xf64, #DCSR>
  return %y : tensor<8x6xf64, #DCSR>
}

// CHECK-LABEL: func.func @csr(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[POS:.*]] = memref.alloc() {{.*}} : memref<9xindex>
// CHECK: scf.for
// CHECK-NEXT: memref.store %[[C0]], %[[POS]]
// CHECK: scf.while
// CHECK: scf.for
// CHECK: %[[PREVIOUS:.*]] = memref.load %[[POS]]
// CHECK: %[[CURRENT:.*]] = memref.load %[[POS]]
// CHECK: %[[LARGER:.*]] = arith.maxui %[[PREVIOUS]], %[[CURRENT]]
// CHECK: memref.store %[[LARGER]], %[[POS]]
func.func @csr(%a: tensor<8x6xf64, #CSR>, %b: tensor<8x6xf64, #CSR>) -> tensor<8x6xf64, #CSR> {
  %init = tensor.empty() : tensor<8x6xf64, #CSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<8x6xf64, #CSR>, tensor<8x6xf64, #CSR>) outs(%init : tensor<8x6xf64, #CSR>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %p = arith.mulf %x, %z : f64
    linalg.yield %p : f64
  } -> tensor<8x6xf64, #CSR>
  return %y : tensor<8x6xf64, #CSR>
}
