// A pattern leaf (Finch's Pattern(): no values stored, every stored entry 1).
// Paper 002's SpMV example: A = [[1,0,2],[0,3,0],[4,0,5]] read into CSR over
// a pattern, x = [1,2,3], gives the row sums of x over A's structure,
// [4,2,4] (with A's values it would be [7,6,19]). The kernel takes no values
// buffer.
// RUN: sparse-run %S/Inputs/pattern/spmv_pattern.mlir %S/Inputs/pattern/A.mtx %S/Inputs/pattern/x.mtx -o %t.y.mtx
// RUN: FileCheck %s --check-prefix=PAPER < %t.y.mtx
// PAPER: 3 1
// PAPER-NEXT: 4
// PAPER-NEXT: 2
// PAPER-NEXT: 4
// RUN: sparse-opt %S/Inputs/pattern/spmv_pattern.mlir --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s --check-prefix=ABI
// ABI: func.func @spmv(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: index, %arg3: index, %arg4: memref<?xf64>, %arg5: index)

// Random data whose entries are 1, against a dense reference.
// RUN: %python %S/check_kernel.py %S/Inputs/pattern/spmv_pattern.mlir spmv %t 1 pattern | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/pattern/add_dense_pattern.mlir dense_plus_sparse %t 1 pattern | FileCheck %s --check-prefix=MIXED
// SPMV: spmv: 4 of 4 cases match the dense reference
// MIXED: dense_plus_sparse: 4 of 4 cases match the dense reference

// A result stores values: a pattern result is refused.
// RUN: not sparse-opt %S/Inputs/pattern/copy_to_pattern.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=RESULT
// RESULT: error: a result with a pattern leaf (no values) is not supported yet: store the result's values
