// Broadcasts (arr.broadcast) fused into the statements that read them: the
// view is read through its source without the broadcast dimension's
// subscript (arr-demap), so every coordinate of that dimension sees the
// source's component, and nothing is built. Each kernel runs with sparse-run
// on seeded random data and is checked against a dense evaluation
// (check_kernel.py): a CSR (COO, CSC) matrix plus a sparse vector broadcast
// along its rows into DCSR, and a DCSR matrix's rows scaled by a dense vector into CSR.
// RUN: %python %S/check_kernel.py %S/Inputs/broadcast/add.mlir broadcast_add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/broadcast/add_coo.mlir broadcast_add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/broadcast/add_csc.mlir broadcast_add %t | FileCheck %s --check-prefix=ADD
// RUN: %python %S/check_kernel.py %S/Inputs/broadcast/scale.mlir broadcast_scale %t | FileCheck %s --check-prefix=SCALE
// ADD: broadcast_add: 4 of 4 cases match the dense reference
// SCALE: broadcast_scale: 4 of 4 cases match the dense reference

// After arr-demap the vector is read at its own coordinate j alone.
// RUN: sparse-opt %S/Inputs/broadcast/add.mlir --arr-demap | FileCheck %s --check-prefix=DEMAP
// DEMAP: #[[COLUMN:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// DEMAP: "arr.compute"
// DEMAP: "arr.access"(%arg1) {indexing_map = #[[COLUMN]]}
// RUN: sparse-opt %S/Inputs/broadcast/add.mlir --arr-demap --arr-concretize | FileCheck %s --check-prefix=CONCRETE
// CONCRETE-NOT: arr.broadcast
