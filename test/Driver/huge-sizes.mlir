// Sizes and bounds past what an index holds are errors at the op, not
// overflows of the compiler's own arithmetic (which panicked).

// The verifier: a collapse, a split and a concatenation whose sizes do not
// fit, and a slice whose stop is the largest index.
// RUN: sparse-opt %s --split-input-file --verify-diagnostics

func.func @collapse(%r: tensor<4294967296x4294967296xf64>) -> tensor<?xf64> {
  // expected-error@+1 {{arr.collapse of dimensions of 4294967296 and 4294967296 has more components than an index holds}}
  %v = "arr.collapse"(%r) {dims = array<i64: 0, 1>} : (tensor<4294967296x4294967296xf64>) -> tensor<?xf64>
  return %v : tensor<?xf64>
}

// -----

func.func @split(%a: tensor<6xf64>) -> tensor<4294967296x4294967296xf64> {
  // expected-error@+1 {{cannot split a dimension of size 6 into 4294967296 × 4294967296}}
  %v = "arr.split"(%a) {dim = 0 : i64} : (tensor<6xf64>) -> tensor<4294967296x4294967296xf64>
  return %v : tensor<4294967296x4294967296xf64>
}

// -----

func.func @concat(%a: tensor<9223372036854775807xf64>, %b: tensor<9223372036854775807xf64>) -> tensor<?xf64> {
  // expected-error@+1 {{arr.concat of dimensions of 9223372036854775807 and 9223372036854775807 is longer than an index holds}}
  %v = "arr.concat"(%a, %b) {dim = 0 : i64} : (tensor<9223372036854775807xf64>, tensor<9223372036854775807xf64>) -> tensor<?xf64>
  return %v : tensor<?xf64>
}

// -----

func.func @slice(%r: tensor<?xf64>) -> tensor<?xf64> {
  %v = "arr.slice"(%r) {dim = 0 : i64, start = 0 : i64, stop = 9223372036854775807 : i64, step = 2 : i64} : (tensor<?xf64>) -> tensor<?xf64>
  return %v : tensor<?xf64>
}

// A slice of stride 2^63 − 1, raised; a constant of 2^64 components and a
// dense operand of 2^65, lowered; a loop of 2^63 − 1 iterations,
// parallelized (its trip count).
// RUN: not sparse-opt %S/Inputs/huge/extract_slice.mlir --raise-linalg 2>&1 | FileCheck %s --check-prefix=SLICE
// SLICE: extract_slice.mlir:3:8: error: tensor.extract_slice: the slice reaches past the largest index in dimension 0
// RUN: not sparse-opt %S/Inputs/huge/constant.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=CONSTANT
// CONSTANT: constant.mlir:3:8: error: 'a constant tensor of more components than an index holds' is not supported by cfir-to-scf
// RUN: not sparse-opt %S/Inputs/huge/strides.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=STRIDES
// STRIDES: strides.mlir:{{[0-9]+}}:{{[0-9]+}}: error: a dense tensor of shape 2x4294967296x4294967296 has more components than an index holds
// RUN: sparse-opt %S/Inputs/huge/parallel.mlir --sparse-compiler --parallel-loops | FileCheck %s --check-prefix=PARALLEL
// PARALLEL: llvm.func @z

// sparse-run takes at most 1024 threads (more failed to start).
// RUN: not sparse-run %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.y.mtx --threads 100000 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: 100000 is not in 1..=1024
