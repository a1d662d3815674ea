// Every shipped kernel, run by sparse-run on random data files in the formats
// its parameters declare, matches a dense evaluation in Python.
// RUN: %python %S/check_kernel.py %examples/spmv.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %examples/kernels/spmv_csc.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %examples/kernels/spmv_coo.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %examples/kernels/spmm.mlir spmm %t | FileCheck %s --check-prefix=SPMM
// RUN: %python %S/check_kernel.py %examples/kernels/spmm_transposed.mlir spmm_transposed %t | FileCheck %s --check-prefix=SPMMT
// SPMMT: spmm_transposed: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %examples/kernels/masked.mlir difference %t | FileCheck %s --check-prefix=MASKED
// MASKED: difference: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %examples/kernels/spadd.mlir add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %examples/kernels/multiply_dcsr.mlir multiply %t | FileCheck %s --check-prefix=MULTIPLY
// RUN: %python %S/check_kernel.py %examples/kernels/sddmm.mlir sddmm %t | FileCheck %s --check-prefix=SDDMM
// RUN: %python %S/check_kernel.py %examples/kernels/sum.mlir sum %t | FileCheck %s --check-prefix=SUM
// RUN: %python %S/check_kernel.py %examples/kernels/dot.mlir dot %t | FileCheck %s --check-prefix=DOT
// RUN: %python %S/check_kernel.py %examples/kernels/ttv.mlir ttv %t | FileCheck %s --check-prefix=TTV
// RUN: %python %S/check_kernel.py %examples/kernels/mttkrp.mlir mttkrp %t | FileCheck %s --check-prefix=MTTKRP
// RUN: %python %S/check_kernel.py %examples/kernels/dense_plus_sparse.mlir dense_plus_sparse %t | FileCheck %s --check-prefix=MIXED
// SPMV: spmv: 4 of 4 cases match the dense reference
// SPMM: spmm: 4 of 4 cases match
// ADD: add: 4 of 4 cases match
// MULTIPLY: multiply: 4 of 4 cases match
// SDDMM: sddmm: 4 of 4 cases match
// SUM: sum: 4 of 4 cases match
// DOT: dot: 4 of 4 cases match
// TTV: ttv: 4 of 4 cases match
// MTTKRP: mttkrp: 4 of 4 cases match
// MIXED: dense_plus_sparse: 4 of 4 cases match

// The same kernels in upstream form, raised by raise-linalg.
// RUN: %python %S/check_kernel.py %examples/kernels/linalg_spmv_csr.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %examples/kernels/linalg_spmv_csc.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %examples/kernels/linalg_spmv_coo.mlir spmv %t | FileCheck %s --check-prefix=SPMV
// RUN: %python %S/check_kernel.py %examples/kernels/linalg_spadd.mlir add %t | FileCheck %s --check-prefix=ADD
