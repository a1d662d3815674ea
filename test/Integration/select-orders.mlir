// sparse_tensor.select into a result whose level order the loops do not
// follow (a workspace gathers the stores made in the select's branch), from
// each input format, against a dense evaluation on random data; an
// unordered input's entries also in a shuffled order.
// RUN: %python %S/check_kernel.py %S/Inputs/select-orders/csc_to_csr.mlir above_one %t | FileCheck %s
// RUN: %python %S/check_kernel.py %S/Inputs/select-orders/csr_to_csc.mlir above_one %t | FileCheck %s
// RUN: %python %S/check_kernel.py %S/Inputs/select-orders/dcsc_to_dcsr.mlir above_one %t | FileCheck %s
// RUN: %python %S/check_kernel.py %S/Inputs/select-orders/coo_to_csc.mlir above_one %t | FileCheck %s
// RUN: %python %S/check_kernel.py %S/Inputs/select-orders/ucoo_to_coo.mlir above_one %t | FileCheck %s
// RUN: %python %S/check_kernel.py %S/Inputs/select-orders/ucoo_to_dcsr.mlir above_one %t | FileCheck %s
// RUN: env SPARSE_RUN_SHUFFLE=3 %python %S/check_kernel.py %S/Inputs/select-orders/ucoo_to_dcsr.mlir above_one %t | FileCheck %s
// CHECK: above_one: 4 of 4 cases match the dense reference
