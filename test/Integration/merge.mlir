// Unions of many operands, each one k-way merge loop (sig-lower-lattices),
// checked against a dense evaluation in Python on random data: rows left
// empty, empty operands, a single entry, and dense ones.
// RUN: %python %S/check_kernel.py %S/Inputs/merge/sum_of_seven.mlir sum_of_seven %t | FileCheck %s --check-prefix=SEVEN
// SEVEN: sum_of_seven: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %S/Inputs/merge/vector_terms.mlir vector_terms %t | FileCheck %s --check-prefix=TERMS
// TERMS: vector_terms: 4 of 4 cases match the dense reference
// RUN: %python %S/check_kernel.py %S/Inputs/merge/total_of_three.mlir total_of_three %t | FileCheck %s --check-prefix=TOTAL
// TOTAL: total_of_three: 4 of 4 cases match the dense reference
// A body that differs by region (a sparse_tensor.binary) keeps the lattice's loops.
// RUN: %python %S/check_kernel.py %S/Inputs/merge/binary_plus.mlir binary_plus %t | FileCheck %s --check-prefix=BINARY
// BINARY: binary_plus: 4 of 4 cases match the dense reference
// RUN: sparse-opt %S/Inputs/merge/binary_plus.mlir --pass-pipeline='builtin.module(raise-linalg,arr-concretize,sig-lower-lattices)' | FileCheck %s --check-prefix=LATTICE
// LATTICE-NOT: merge
// LATTICE: "cfir.switch"
// LATTICE-NOT: merge
// The kernels do merge:
// RUN: sparse-opt %S/Inputs/merge/sum_of_seven.mlir --pass-pipeline='builtin.module(raise-linalg,arr-concretize,sig-lower-lattices)' | FileCheck %s --check-prefix=MERGE
// RUN: sparse-opt %S/Inputs/merge/vector_terms.mlir --pass-pipeline='builtin.module(raise-linalg,arr-concretize,sig-lower-lattices)' | FileCheck %s --check-prefix=MERGE
// RUN: sparse-opt %S/Inputs/merge/total_of_three.mlir --pass-pipeline='builtin.module(raise-linalg,arr-concretize,sig-lower-lattices)' | FileCheck %s --check-prefix=MERGE
// MERGE: {merge, operandSegmentSizes = array<i32: 1, 0, 0>}
