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
