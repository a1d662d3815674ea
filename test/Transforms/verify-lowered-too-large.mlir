// A function that lowers to more than 40,000 LLVM operations is refused at
// the function: code of that size takes LLVM tens of seconds to compile
// (sparse-fuzz's kernels time out on it). Here one statement's unions hold a
// universe and the sparse levels of a concatenation, a slice and a bytemap at
// every depth, and each region of each union is a case holding the loops
// below it.
// RUN: not sparse-opt %S/Inputs/lattice_blowup.mlir --sparse-compiler 2>&1 | FileCheck %s
// CHECK: lattice_blowup.mlir:6:1: error: the function 'kernel' lowers to {{[0-9]+}} LLVM operations (at most 40000): code this large takes LLVM tens of seconds to compile. A statement whose unions co-iterate sparse operands at every depth grows so (each region of a union is a case holding the loops below it): store some of its operands densely, or compute it in parts

// Nested lattices that multiply past 2,500 regions are refused before they
// are lowered (this one was refused by the size above only after 75 s).
// RUN: not sparse-opt %S/Inputs/max5_csf.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: max5_csf.mlir:6:8: error: the merge lattices of this statement's loops nest 31 × 31 × 31 regions (each region of a union is a case holding the loops below it), more than the 2500 this pipeline lowers: store some of its sparse operands densely, or compute it in parts
