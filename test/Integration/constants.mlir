// Constant tensors read by kernels: a sparse literal converted to CSR, and a
// dense constant matrix and a splat read by statements. Each constant is a
// private constant memref.global beside the kernel: a sparse literal that
// only conversions read is its listed entries (positions, coordinates per
// level, values), not its dense values. A kernel returning a
// constant returns a copy, which its caller owns and frees (the global
// itself cannot be freed: freeing it crashed).
// RUN: sparse-run %S/Inputs/constants/returned.mlir -o %t.returned.mtx
// RUN: FileCheck %s --check-prefix=RETURNED < %t.returned.mtx
// RETURNED: 3 1
// RETURNED-NEXT: 1
// RETURNED-NEXT: 2
// RETURNED-NEXT: 3
// RUN: sparse-opt %S/Inputs/constants/literal_to_csr.mlir --sparse-compiler | FileCheck %s --check-prefix=GLOBAL
// GLOBAL-DAG: llvm.mlir.global private constant @{{.*}}(dense<[1.000000e+00, -2.500000e+00, 3.000000e+00, 4.250000e+00, -5.000000e+00, 6.000000e+00]> : tensor<6xf64>)
// GLOBAL-DAG: llvm.mlir.global private constant @{{.*}}(dense<[0, 6]> : tensor<2xindex>)
// GLOBAL-DAG: llvm.mlir.global private constant @{{.*}}(dense<[0, 0, 1, 2, 3, 3]> : tensor<6xindex>)
// GLOBAL-DAG: llvm.mlir.global private constant @{{.*}}(dense<[0, 1, 1, 4, 4, 5]> : tensor<6xindex>)
// GLOBAL-NOT: 0.000000e+00
// RUN: sparse-run %S/Inputs/constants/literal_to_csr.mlir -o %t.literal.mtx
// RUN: FileCheck %s --check-prefix=LITERAL < %t.literal.mtx
// LITERAL: 4 6 6
// LITERAL-NEXT: 1 1 1
// LITERAL-NEXT: 1 2 -2.5
// LITERAL-NEXT: 2 2 3
// LITERAL-NEXT: 3 5 4.25
// LITERAL-NEXT: 4 5 -5
// LITERAL-NEXT: 4 6 6
// RUN: sparse-run %S/Inputs/constants/literal_repeated.mlir -o %t.repeated.mtx
// RUN: FileCheck %s --check-prefix=REPEATED < %t.repeated.mtx
// REPEATED: 2 3 3
// REPEATED-NEXT: 1 1 2
// REPEATED-NEXT: 1 3 0
// REPEATED-NEXT: 2 2 3

// x = (0, 2, -1) stored sparsely: C·x = (2*2 - 3, 5*2 - 6) = (1, 4), plus 0.5.
// RUN: %python -c "print('%%%%MatrixMarket matrix coordinate real general\n3 1 2\n2 1 2.0\n3 1 -1.0')" > %t.x.mtx
// RUN: sparse-run %S/Inputs/constants/constant_times_sparse.mlir %t.x.mtx -o %t.y.mtx
// RUN: FileCheck %s --check-prefix=MATVEC < %t.y.mtx
// MATVEC: 2 1
// MATVEC-NEXT: 1.5
// MATVEC-NEXT: 4.5

// A constant of a sparse type is refused at the constant.
// RUN: not sparse-opt %S/Inputs/constants/sparse_constant.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=SPARSE
// SPARSE: sparse_constant.mlir:4:8: error: a constant of a sparse type is not supported yet: write a dense constant and convert it

// A constant whose dense levels store its dimensions transposed is laid out
// in the order of its levels: W = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11,
// 12]] times A element by element (A's entries 5, 1, 2, 7 in row 0, 2 at
// (2, 1)).
// RUN: sparse-run %S/Inputs/constants/permuted_dense.mlir %S/Inputs/constants/a2.mtx -o %t.permuted.mtx
// RUN: FileCheck %s --check-prefix=PERMUTED < %t.permuted.mtx
// PERMUTED:      3 4
// PERMUTED-NEXT: 5
// PERMUTED-NEXT: 0
// PERMUTED-NEXT: 0
// PERMUTED-NEXT: 2
// PERMUTED-NEXT: 0
// PERMUTED-NEXT: 20
// PERMUTED-NEXT: 6
// PERMUTED-NEXT: 0
// PERMUTED-NEXT: 0
// PERMUTED-NEXT: 28
// PERMUTED-NEXT: 0
// PERMUTED-NEXT: 0
// A dense_resource blob stored transposed, or of i1 elements, is refused.
// RUN: not sparse-opt %S/Inputs/constants/permuted_resource.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=RESOURCE-ORDER
// RESOURCE-ORDER: permuted_resource.mlir:{{[0-9]+}}:10: error: 'a dense_resource constant whose levels store its dimensions in another order' is not supported by cfir-to-scf
// RUN: not sparse-opt %S/Inputs/constants/resource_i1.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=RESOURCE-I1
// RESOURCE-I1: resource_i1.mlir:{{[0-9]+}}:10: error: 'a dense_resource constant of i1 elements' is not supported by cfir-to-scf
