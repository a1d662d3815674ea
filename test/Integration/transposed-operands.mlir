// Sparse operands whose level orders no loop order follows (A(i, j) + B(j, i)
// with both in CSR, CSR · CSC, A + Aᵀ, a cycle of three) run with one operand
// copied first into the level order of the others (arr-concretize), against
// a dense evaluation, in CSR, DCSR, COO, CSC, CSF and bands (copied into compressed rows), into sparse and dense
// results. Refused before with "no loop order follows the level order of
// every sparse operand".
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/add_csr_csr_csr.mlir add_transposed %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/add_csr_csr_dense.mlir add_transposed %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/add_coo_coo_coo.mlir add_transposed %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/add_csc_csc_csr.mlir add_transposed %t | FileCheck %s --check-prefix=ADD
// ADD: add_transposed: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/mul_dcsr_dcsr_dcsr.mlir multiply_transposed %t | FileCheck %s --check-prefix=MUL
// MUL: multiply_transposed: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/csr_times_csc.mlir multiply %t | FileCheck %s --check-prefix=CSC
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/band_times_band.mlir multiply %t | FileCheck %s --check-prefix=CSC
// CSC: multiply: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/symmetrized.mlir symmetrized %t | FileCheck %s --check-prefix=SYM
// SYM: symmetrized: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/cyclic_trace.mlir cyclic_trace %t | FileCheck %s --check-prefix=TRACE
// TRACE: cyclic_trace: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %S/Inputs/transposed/add_csf_reversed.mlir add_reversed3 %t | FileCheck %s --check-prefix=CSF
// CSF: add_reversed3: 4 of 4 cases match the dense reference
