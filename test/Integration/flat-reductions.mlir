// Reductions of every stored value into a scalar, which cfir-to-scf lowers as
// one loop over the last level's positions (flat_reduction.rs), run by
// sparse-run on random data (empty rows, an empty tensor, a single entry, a
// denser one) and checked against a dense evaluation in Python: sums over
// COO (a nonunique head), CSR with 32-bit positions, CSF, a tensor stored
// compressed, dense, compressed; a sum of squares; and a product of the
// stored entries, which is never reassociated, so it must visit them in the
// nest's order (its float product rounds).
// RUN: %python %S/check_kernel.py %S/Inputs/flat/sum_coo.mlir sum %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/flat/sum_csr32.mlir sum %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %S/Inputs/flat/sum3_csf.mlir sum3 %t | FileCheck %s --check-prefix=SUM3
// RUN: %python %S/check_kernel.py %S/Inputs/flat/sum3_dense_middle.mlir sum3 %t | FileCheck %s --check-prefix=SUM3
// RUN: %python %S/check_kernel.py %S/Inputs/flat/sum_squares.mlir sum_of_squares %t | FileCheck %s --check-prefix=SQUARES
// RUN: %python %S/check_kernel.py %S/Inputs/flat/product_dcsr.mlir stored_product %t | FileCheck %s --check-prefix=PRODUCT
// SUM: sum: 4 of 4 cases match the dense reference
// SUM3: sum3: 4 of 4 cases match the dense reference
// SQUARES: sum_of_squares: 4 of 4 cases match the dense reference
// PRODUCT: stored_product: 4 of 4 cases match the dense reference
