// Statement bodies are read as DAGs in one pass over their ops: a long
// chain does not overflow the stack, a value reused along 2^40 paths is
// read once, a union of many operands is one k-way merge loop, and a loop
// whose merge lattice would be too large is refused.
// RUN: %python %S/Inputs/body.py chain 30000 > %t.chain.mlir
// RUN: sparse-opt %t.chain.mlir --sparse-compiler | FileCheck %s
// RUN: %python %S/Inputs/body.py dag 40 > %t.dag.mlir
// RUN: sparse-opt %t.dag.mlir --sparse-compiler | FileCheck %s
// CHECK: llvm.func @k(
// RUN: %python %S/Inputs/body.py union 6 > %t.union6.mlir
// RUN: sparse-opt %t.union6.mlir --sparse-compiler | FileCheck %s
// RUN: %python %S/Inputs/body.py union 40 > %t.union40.mlir
// RUN: sparse-opt %t.union40.mlir --sparse-compiler | FileCheck %s
// RUN: sparse-opt %t.union40.mlir --arr-concretize --sig-lower-lattices | FileCheck %s --check-prefix=MERGE
// MERGE: %[[U:.*]] = "sig.union"(%{{.*}}, %{{.*}}) : (!sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq, !sig.seq) -> !sig.seq
// MERGE: "cfir.while"(%[[U]])
// MERGE-NOT: "cfir.case"
// MERGE: {leaves_one, merge, operandSegmentSizes = array<i32: 1, 0, 0>}
// MERGE-COUNT-40: "cfir.while"
// MERGE-NOT: "cfir.while"
// RUN: %python %S/Inputs/body.py products 7 > %t.products7.mlir
// RUN: not sparse-opt %t.products7.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=PRODUCTS
// PRODUCTS: products7.mlir:3:8: error: the loop's merge lattice would have more than 64 points
