// Sizes the generated code trusts are checked before a kernel runs: within a
// statement, across statements, and against static result types. A mismatch
// is an error naming the inputs and sizes, never an out-of-bounds access.

// Across two statements: x must match A's columns through the intermediate B.
// RUN: sparse-run %S/Inputs/copy_then_spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.y.mtx
// RUN: FileCheck %s --check-prefix=GOOD < %t.y.mtx
// GOOD: 4 1
// GOOD-NEXT: 9
// GOOD-NEXT: 6
// GOOD-NEXT: 0
// GOOD-NEXT: 49
// RUN: not sparse-run %S/Inputs/copy_then_spmv.mlir %examples/data/A.mtx %S/Inputs/x4.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=ACROSS
// ACROSS: sparse-run: error: dimension 1 of input 1 (5) and dimension 0 of input 2 (4) must agree

// A dynamic input against a static result: A must have 2 rows.
// RUN: not sparse-run %S/Inputs/spmv_static_result.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: sparse-run: error: dimension 0 of input 1 is 4, but the kernel's types give it the static size 2

// Within a statement, where sparse-run cannot relate the sizes (a slice of an
// input, of a size only the program knows): the kernel checks that the
// tensors its loop reads agree before it runs.
// RUN: not sparse-run %S/Inputs/slice_size_mismatch.mlir %S/Inputs/a8.mtx %S/Inputs/x20.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=WITHIN
// WITHIN: the tensors a loop reads differ in size along it

// Two static sizes on one loop are a compile error at the statement.
// RUN: sed 's/tensor<?x?xf64, #CSR>/tensor<4x5xf64, #CSR>/g' %S/Inputs/spmv_static_result.mlir > %t.static.mlir
// RUN: not sparse-opt %t.static.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=TYPES
// TYPES: static.mlir:{{[0-9]+}}:8: error: loop d0 has two static sizes: dimension 0 of operand 0 is 4 but dimension 0 of the result is 2

// A result whose dense levels could never be allocated is refused before the
// kernel's malloc would fail (TTV's dense 10^17 x 10^17 result).
// RUN: %python -c "print('# extended FROSTT\n3 1\n100000000000000000 100000000000000000 2\n1 1 1 1.0')" > %t.huge.tns
// RUN: %python -c "print('%%%%MatrixMarket matrix array real general\n2 1\n1.0\n2.0')" > %t.v.mtx
// RUN: not sparse-run %examples/kernels/ttv.mlir %t.huge.tns %t.v.mtx -o %t.out.tns 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: sparse-run: error: the result's dense levels would hold 10000000000000000000000000000000000 elements
