// Unions of many operands, each one k-way merge loop (sig-lower-lattices),
// checked against a dense evaluation in Python on random data: rows left
// empty, empty operands, a single entry, and dense ones.
// RUN: %python %S/check_kernel.py %S/Inputs/merge/sum_of_seven.mlir sum_of_seven %t | FileCheck %s --check-prefix=SEVEN
// SEVEN: sum_of_seven: 4 of 4 cases match the dense reference
// Operands with levels below the merged one: a matrix or tensor without the
// merge's coordinate holds nothing under it there (its loop below starts on
// an empty range, whose bounds are not even read: bounds checked). DCSR
// (refused before: 'the loop's merge lattice would have more than 64
// points') and CSF (refused before: 477,271 LLVM operations).
// RUN: env SPARSE_RUN_CHECK_BOUNDS=1 %python %S/check_kernel.py %S/Inputs/merge/dcsr_sum_of_seven.mlir sum_of_seven %t | FileCheck %s --check-prefix=SEVEN
// RUN: env SPARSE_RUN_CHECK_BOUNDS=1 %python %S/check_kernel.py %S/Inputs/merge/csf_sum_of_five.mlir sum_of_five3 %t | FileCheck %s --check-prefix=FIVE
// FIVE: sum_of_five3: 4 of 4 cases match the dense reference
// A merge loop at each level, each followed by a loop for each operand
// alone, and no lattice's cases:
// RUN: sparse-opt %S/Inputs/merge/csf_sum_of_five.mlir --pass-pipeline='builtin.module(raise-linalg,arr-concretize,sig-lower-lattices)' | FileCheck %s --check-prefix=LEVELS
// LEVELS-NOT: "cfir.switch"
// LEVELS-COUNT-3: {leaves_one, merge, operandSegmentSizes = array<i32: 1, 0, 0>}
// LEVELS-NOT: "cfir.switch"
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
// MERGE: {leaves_one, merge, operandSegmentSizes = array<i32: 1, 0, 0>}
