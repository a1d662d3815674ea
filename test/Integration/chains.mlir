// Kernels of several statements where a later one reads an earlier one's
// sparse result (each sparse result is assembled and finished before the
// next statement runs), checked against a dense evaluation in Python.
// RUN: %python %S/check_kernel.py %S/Inputs/chains/product_then_sum.mlir product_plus_first %t | FileCheck %s --check-prefix=CHAIN
// CHAIN: product_plus_first: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %S/Inputs/chains/dense_to_sparse_to_dense.mlir dense_spmv %t | FileCheck %s --check-prefix=CONVERT
// CONVERT: dense_spmv: 4 of 4 cases match the dense reference
