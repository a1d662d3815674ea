// A function that lowers to more than 40,000 LLVM operations is refused at
// the function: code of that size takes LLVM tens of seconds to compile
// (sparse-fuzz's kernels time out on it). Here one statement's unions hold a
// universe and the sparse levels of a concatenation, a slice and a bytemap at
// every depth, and each region of each union is a case holding the loops
// below it.
// RUN: not sparse-opt %S/Inputs/lattice_blowup.mlir --sparse-compiler 2>&1 | FileCheck %s
// CHECK: lattice_blowup.mlir:6:1: error: the function 'kernel' lowers to {{[0-9]+}} LLVM operations (at most 40000): code this large takes LLVM tens of seconds to compile. A statement whose unions co-iterate sparse operands at every depth grows so (each region of a union is a case holding the loops below it): store some of its operands densely, or compute it in parts

// A statement whose loops would emit more than 2,000 regions (summed over
// every loop emitted) is refused before it is lowered: the maximum of five
// CSF tensors emits 5,463 (the limit above refused it only after 75 s).
// RUN: not sparse-opt %S/Inputs/max5_csf.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: max5_csf.mlir:6:8: error: the merge lattices of this statement's loops make more than 2000 regions (each region of a union is a case holding the loops below it, emitted once for each region around it): store some of its sparse operands densely, or compute it in parts
// A deep union of few operands emits few regions, and compiles.
// RUN: sparse-opt %S/Inputs/max2_8d.mlir --sparse-compiler | FileCheck %s --check-prefix=DEEP
// DEEP: llvm.func @kernel
