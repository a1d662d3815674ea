// Intersections that pass blocks of positions meeting nothing in the other
// operand (cfir-to-scf's skip_blocks.rs), checked against a Python
// evaluation on rows built to meet the blocks' edges, then random rows.
// RUN: %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir multiply %t | FileCheck %s --check-prefix=CSR
// CSR: multiply: 85 of 85 rows match
// RUN: %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir multiply_dcsr %t | FileCheck %s --check-prefix=DCSR
// DCSR: multiply_dcsr: 85 of 85 rows match
// RUN: %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir row_dots32 %t | FileCheck %s --check-prefix=DOTS
// DOTS: row_dots32: 85 of 85 rows match
// A matrix's rows against windows of a vector (a collapse read in place):
// RUN: %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir collapse_multiply %t | FileCheck %s --check-prefix=WINDOWS
// WINDOWS: collapse_multiply: 85 of 85 rows match
// The rows on two threads:
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir row_dots32 %t | FileCheck %s --check-prefix=DOTS
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir multiply %t | FileCheck %s --check-prefix=CSR
// Coordinates of two widths step a coordinate at a time:
// RUN: %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir multiply_dcsr32 %t | FileCheck %s --check-prefix=MIXED
// MIXED: multiply_dcsr32: 85 of 85 rows match
// COO operands, whose rows are runs of one head coordinate found by blocks
// of positions (dedup.rs), intersected and joined:
// RUN: %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir multiply_coo %t | FileCheck %s --check-prefix=COO
// COO: multiply_coo: 85 of 85 rows match
// RUN: %python %S/check_intersection.py %S/Inputs/intersection/kernels.mlir add_coo %t | FileCheck %s --check-prefix=COO-SUM
// COO-SUM: add_coo: 85 of 85 rows match
// The loops that pass blocks:
// RUN: sparse-opt %S/Inputs/intersection/kernels.mlir --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf)' | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @multiply(
// IR: vector.load %{{.*}} : memref<?xindex>, vector<4xindex>
// IR-LABEL: func.func @multiply_dcsr32(
// IR-NOT: vector.load
// IR-LABEL: func.func @row_dots32(
// IR: vector.load %{{.*}} : memref<?xi32>, vector<4xi32>
// IR-LABEL: func.func @multiply_dcsr(
// IR: vector.load %{{.*}} : memref<?xindex>, vector<4xindex>
// The window's coordinates count from its start:
// IR-LABEL: func.func @collapse_multiply(
// IR: %[[START:.*]] = vector.broadcast %{{.*}} : index to vector<4xindex>
// IR: arith.subi %{{.*}}, %[[START]] : vector<4xindex>
// A row's run ends by blocks of 4 head positions whose last holds the row,
// then the rest counted with no branch:
// IR-LABEL: func.func @multiply_coo(
// IR: } do {
// IR: %[[ROW:.*]] = memref.load %[[HEAD:.*]][%{{.*}}] : memref<?xindex>
// IR: scf.while
// IR: arith.addi %{{.*}}, %c4
// IR: %[[FOURTH:.*]] = arith.addi %{{.*}}, %c3
// IR-NEXT: %[[LAST:.*]] = memref.load %[[HEAD]][%[[FOURTH]]] : memref<?xindex>
// IR-NEXT: arith.cmpi eq, %[[LAST]], %[[ROW]] : index
// IR: arith.cmpi eq, %{{.*}}, %[[ROW]] : index
// IR: arith.select
// IR-LABEL: func.func @add_coo(
// IR: arith.select
