// A sparse result filled in one pass (its loops driven by stored positions)
// gets buffers bounded level by level: every level by the values the operands
// store together, and by any stored level below it; a unique level by the
// iterations of its loops too (the smallest driver of an intersection, the
// sum of a union's drivers, over every loop at its depth), and the outermost
// unique level by its size. A nonunique level (the head of COO) holds one
// coordinate per entry below it, so its loops and its size bound nothing.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// A product visits the rows both store, and in each the columns both store.
// CHECK-LABEL: func.func @intersection(
// CHECK-SAME: %[[APOS0:[a-z0-9]+]]: memref<?xindex>, %[[ACRD0:[a-z0-9]+]]: memref<?xindex>, %[[APOS1:[a-z0-9]+]]: memref<?xindex>, %[[ACRD1:[a-z0-9]+]]: memref<?xindex>, %[[AVAL:[a-z0-9]+]]: memref<?xf64>
// CHECK-SAME: %[[BPOS0:[a-z0-9]+]]: memref<?xindex>, %[[BCRD0:[a-z0-9]+]]: memref<?xindex>, %[[BPOS1:[a-z0-9]+]]: memref<?xindex>, %[[BCRD1:[a-z0-9]+]]: memref<?xindex>, %[[BVAL:[a-z0-9]+]]: memref<?xf64>
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[AV:.*]] = memref.dim %[[AVAL]]
// CHECK: %[[BV:.*]] = memref.dim %[[BVAL]]
// CHECK: %[[TOTAL:.*]] = arith.addi %[[AV]], %[[BV]]
// CHECK: %[[A1:.*]] = memref.dim %[[ACRD1]]
// CHECK: %[[B1:.*]] = memref.dim %[[BCRD1]]
// CHECK: %[[BOTH1:.*]] = arith.minui %[[A1]], %[[B1]]
// CHECK: %[[ENTRIES:.*]] = arith.minui %[[TOTAL]], %[[BOTH1]]
// CHECK: %[[A0:.*]] = memref.dim %[[ACRD0]]
// CHECK: %[[B0:.*]] = memref.dim %[[BCRD0]]
// CHECK: %[[BOTH0:.*]] = arith.minui %[[A0]], %[[B0]]
// CHECK: %[[VISITED:.*]] = arith.minui %[[ENTRIES]], %[[BOTH0]]
// CHECK: %[[ROWS:.*]] = arith.minui %[[VISITED]], %[[C8]]
// CHECK: memref.alloc(%[[ROWS]]) {{.*}} : memref<?xindex>
// CHECK: %[[SEGMENTS:.*]] = arith.addi %[[ROWS]], %c1
// CHECK: memref.alloc(%[[SEGMENTS]]) {{.*}} : memref<?xindex>
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xindex>
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xf64>
// CHECK: scf.while
func.func @intersection(%a: tensor<8x6xf64, #DCSR>, %b: tensor<8x6xf64, #DCSR>) -> tensor<8x6xf64, #DCSR> {
  %init = tensor.empty() : tensor<8x6xf64, #DCSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<8x6xf64, #DCSR>, tensor<8x6xf64, #DCSR>) outs(%init : tensor<8x6xf64, #DCSR>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %p = arith.mulf %x, %z : f64
    linalg.yield %p : f64
  } -> tensor<8x6xf64, #DCSR>
  return %y : tensor<8x6xf64, #DCSR>
}

// A sum visits what either stores: a union's loop, then each operand's rest.
// CHECK-LABEL: func.func @union(
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[TOTAL:.*]] = arith.addi
// CHECK: %[[ENTRIES:.*]] = arith.minui %[[TOTAL]],
// CHECK: %[[VISITED:.*]] = arith.minui %[[ENTRIES]],
// CHECK: %[[ROWS:.*]] = arith.minui %[[VISITED]], %[[C8]]
// CHECK: memref.alloc(%[[ROWS]]) {{.*}} : memref<?xindex>
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xf64>
// CHECK: scf.while
func.func @union(%a: tensor<8x6xf64, #DCSR>, %b: tensor<8x6xf64, #DCSR>) -> tensor<8x6xf64, #DCSR> {
  %init = tensor.empty() : tensor<8x6xf64, #DCSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<8x6xf64, #DCSR>, tensor<8x6xf64, #DCSR>) outs(%init : tensor<8x6xf64, #DCSR>) {
  ^bb0(%x: f64, %z: f64, %o: f64):
    %p = arith.addf %x, %z : f64
    linalg.yield %p : f64
  } -> tensor<8x6xf64, #DCSR>
  return %y : tensor<8x6xf64, #DCSR>
}

// COO's head stores a row per entry: only the singleton level's loop bounds it.
// CHECK-LABEL: func.func @coo(
// CHECK-SAME: %[[CRD1:[a-z0-9]+]]: memref<?xindex>, %[[VAL:[a-z0-9]+]]: memref<?xf64>
// CHECK: %[[V:.*]] = memref.dim %[[VAL]]
// CHECK: %[[C1:.*]] = memref.dim %[[CRD1]]
// CHECK: %[[ENTRIES:.*]] = arith.minui %[[V]], %[[C1]]
// CHECK-NOT: arith.minui
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xindex>
// CHECK-NEXT: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xindex>
// CHECK-NEXT: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xf64>
func.func @coo(%a: tensor<8x6xf64, #COO>) -> tensor<8x6xf64, #COO> {
  %init = tensor.empty() : tensor<8x6xf64, #COO>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a : tensor<8x6xf64, #COO>) outs(%init : tensor<8x6xf64, #COO>) {
  ^bb0(%x: f64, %o: f64):
    %p = arith.negf %x : f64
    linalg.yield %p : f64
  } -> tensor<8x6xf64, #COO>
  return %y : tensor<8x6xf64, #COO>
}

// A copy of every other row of a slice view (rows 1, 3 and 5) visits the
// entries of those rows: at most those from row 1 to row 5, the positions
// pos[6] − pos[1] of the stored level below the sliced dense rows.
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#ROWS = #sparse_tensor.encoding<{map = (i : #sparse_tensor<slice(1, 3, 2)>, j : #sparse_tensor<slice(0, 6, 1)>) -> (i : dense, j : compressed)}>
// CHECK-LABEL: func.func @sliced_rows(
// CHECK-SAME: %[[POS:[a-z0-9]+]]: memref<?xindex>, %[[CRD:[a-z0-9]+]]: memref<?xindex>, %[[VAL:[a-z0-9]+]]: memref<?xf64>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK: %[[TOTAL:.*]] = arith.addi
// CHECK: %[[PAST:.*]] = memref.load %[[POS]][%[[C6]]]
// CHECK: %[[FIRST:.*]] = memref.load %[[POS]][%[[C1]]]
// CHECK: %[[UNDER:.*]] = arith.subi %[[PAST]], %[[FIRST]]
// CHECK: %[[ENTRIES:.*]] = arith.minui %[[TOTAL]], %[[UNDER]]
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xindex>
// CHECK: memref.alloc(%[[ENTRIES]]) {{.*}} : memref<?xf64>
// CHECK: scf.while
func.func @sliced_rows(%a: tensor<8x6xf64, #CSR>) -> tensor<3x6xf64, #CSR> {
  %s = tensor.extract_slice %a[1, 0] [3, 6] [2, 1] : tensor<8x6xf64, #CSR> to tensor<3x6xf64, #ROWS>
  %init = tensor.empty() : tensor<3x6xf64, #CSR>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%s : tensor<3x6xf64, #ROWS>) outs(%init : tensor<3x6xf64, #CSR>) {
  ^bb0(%x: f64, %o: f64):
    linalg.yield %x : f64
  } -> tensor<3x6xf64, #CSR>
  return %y : tensor<3x6xf64, #CSR>
}
