// Passes that erase ops while they go through a list of them, on inputs
// where erasing one entry frees another (nested in it, or made of it), and
// readers of string attributes whose text is empty (MLIR holds "" as a null
// pointer). Each of these crashed or read freed memory; each now compiles
// or is refused with a located error. (scripts/memcheck --passes runs them
// under valgrind.)

// A multi-result generic nested in another: split innermost first.
// RUN: sparse-opt --raise-linalg %S/Inputs/erasure/nested-generic.mlir | FileCheck %s --check-prefix=GENERIC
// GENERIC: func.func @g(
// GENERIC: "arr.compute"()
// GENERIC: return

// A statement nested in another that reduces with two functions: the
// nested one is refused, after the outer one is split.
// RUN: not sparse-opt --sparse-compiler %S/Inputs/erasure/nested-statement.mlir 2>&1 | FileCheck %s --check-prefix=STATEMENT
// STATEMENT: nested-statement.mlir:10:8: error: 'arr.compute' has regions, which a statement body cannot hold

// A sparse_tensor.convert in a generic's body goes with the generic.
// RUN: not sparse-opt --sparse-compiler %S/Inputs/erasure/convert-in-body.mlir 2>&1 | FileCheck %s --check-prefix=CONVERT
// CONVERT: convert-in-body.mlir:7:10: error: 'sparse_tensor.convert' uses a tensor that cfir-to-scf lowers to buffers

// A sequence read twice by the union that goes.
// RUN: sparse-opt --sig-lower-lattices %S/Inputs/erasure/repeated-operand.mlir | FileCheck %s --check-prefix=REPEATED
// REPEATED: "cfir.while"
// REPEATED-NOT: sig.union

// An empty cf.assert message, and loop origins that do not cover the loops.
// RUN: sparse-opt --sparse-compiler %S/Inputs/erasure/empty-assert-message.mlir | FileCheck %s --check-prefix=ASSERT
// ASSERT: llvm.func @spmv(
// RUN: not sparse-opt --sparse-compiler %S/Inputs/erasure/short-loop-origins.mlir 2>&1 | FileCheck %s --check-prefix=ORIGINS
// ORIGINS: short-loop-origins.mlir:{{[0-9]+}}:8: error: the size of loop dimension d2 is not known
