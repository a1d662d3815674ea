// One tensor value read by two operands at different subscripts: each
// operand walks the tensor's levels on its own (arr-concretize gives the
// second one a value of its own). Before, both read the innermost loop's
// positions: a wrong answer.

// G = X · Xᵀ, X = [[1, 0, 2], [0, 3, 0], [4, 0, 0], [0, 0, 5]] in CSR:
// G = [[5, 0, 4, 10], [0, 9, 0, 0], [4, 0, 16, 0], [10, 0, 0, 25]], printed by columns.
// RUN: sparse-run %S/Inputs/shared/gram.mlir %S/Inputs/shared/x43.mtx -o %t.gram.mtx
// RUN: FileCheck %s --check-prefix=GRAM < %t.gram.mtx
// GRAM:      4 4
// GRAM-NEXT: 5
// GRAM-NEXT: 0
// GRAM-NEXT: 4
// GRAM-NEXT: 10
// GRAM-NEXT: 0
// GRAM-NEXT: 9
// GRAM-NEXT: 0
// GRAM-NEXT: 0
// GRAM-NEXT: 4
// GRAM-NEXT: 0
// GRAM-NEXT: 16
// GRAM-NEXT: 0
// GRAM-NEXT: 10
// GRAM-NEXT: 0
// GRAM-NEXT: 0
// GRAM-NEXT: 25

// Two windows of one sparse vector: A(i) = Σ_{j<2, k<2} b(i + j) · b(i + k),
// b = (0, 3, 1, 0, 0): A = (9, 16, 1, 0).
// RUN: sparse-run %S/Inputs/shared/two_windows_of_one.mlir %S/Inputs/subsections/b7.mtx %S/Inputs/subsections/b7.mtx %S/Inputs/subsections/ones2.mtx %S/Inputs/subsections/ones2.mtx -o %t.self.mtx
// RUN: FileCheck %s --check-prefix=SELF < %t.self.mtx
// SELF:      4 1
// SELF-NEXT: 9
// SELF-NEXT: 16
// SELF-NEXT: 1
// SELF-NEXT: 0
