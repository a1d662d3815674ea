// A loop nest whose merge lattices would lower to more than 256 loops is
// refused at its statement: code of that size takes LLVM tens of seconds to
// compile (sparse-fuzz's kernels time out on it).
// RUN: not sparse-opt %S/Inputs/lattice_blowup.mlir --sparse-compiler 2>&1 | FileCheck %s
// CHECK: lattice_blowup.mlir:20:8: error: the merge lattices of this statement's loop nest lower to {{[0-9]+}} loops (at most 256): each region of a union of sparse operands is a case of its own, holding the loops below it, and code this large takes LLVM tens of seconds to compile; store some of the operands the loops co-iterate densely, or compute the statement in parts
