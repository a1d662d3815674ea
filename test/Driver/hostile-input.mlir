// Input that MLIR's parser cannot survive or explain is refused with a
// located diagnostic and exit status 1: no panic, no stack overflow, no
// failure without a reason. sparse-run parses through the same guard.

// A NUL byte (melior's parser would panic on it).
// RUN: %python -c "import sys; sys.stdout.write('func.func @f() {\n  return\n}\n\0\n')" > %t.nul.mlir
// RUN: not sparse-opt %t.nul.mlir 2>&1 | FileCheck %s --check-prefix=NUL
// RUN: not sparse-run %t.nul.mlir 2>&1 | FileCheck %s --check-prefix=NUL
// NUL: nul.mlir:4:1: error: the input contains a NUL byte

// Bytes that are not UTF-8.
// RUN: printf 'func.func @f() {\n  return \377\n}\n' > %t.latin.mlir
// RUN: not sparse-opt %t.latin.mlir 2>&1 | FileCheck %s --check-prefix=UTF8
// RUN: not sparse-run %t.latin.mlir 2>&1 | FileCheck %s --check-prefix=UTF8
// UTF8: latin.mlir:2:10: error: the input is not UTF-8 text (byte 0xff)

// Regions nested deeper than the parser's stack allows.
// RUN: %python -c "d = 5000; print('func.func @k() {\n' + '  scf.execute_region {\n' * d + '  scf.yield\n  }\n' * d + '  return\n}')" > %t.nested.mlir
// RUN: not sparse-opt %t.nested.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: nested.mlir:257:22: error: the input nests brackets and regions deeper than 256 levels
// Attributes nested in angle brackets count too (10,000 complements overflowed the stack).
// RUN: %python -c "d = 10000; print('func.func @g(%%x: f64) -> f64 attributes {foo.space = ' + '#arr.complement<' * d + '#arr.universe' + '>' * d + '} {\n  return %%x : f64\n}')" > %t.angles.mlir
// RUN: not sparse-opt %t.angles.mlir 2>&1 | FileCheck %s --check-prefix=ANGLES
// ANGLES: angles.mlir:1:4149: error: the input nests brackets and regions deeper than 256 levels

// Attributes MLIR 22's parser crashes on (a segmentation fault).
// RUN: printf 'func.func @k() attributes {a = array<index: 0, 1>} {\n  return\n}\n' > %t.index-array.mlir
// RUN: not sparse-opt %t.index-array.mlir 2>&1 | FileCheck %s --check-prefix=INDEX-ARRAY
// INDEX-ARRAY: index-array.mlir:1:32: error: a dense array of index elements (array<index: ...>) is not one MLIR's parser takes: write array<i64: ...>
// RUN: printf 'func.func @f(%%%%a: tensor<2x3xf32>, %%%%b: tensor<2x3xf32>) -> tensor<4x3xf32> {\n  %%%%c = tensor.concat dim(-2) %%%%a, %%%%b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>\n  return %%%%c : tensor<4x3xf32>\n}\n' > %t.concat.mlir
// RUN: not sparse-opt %t.concat.mlir 2>&1 | FileCheck %s --check-prefix=CONCAT-NEGATIVE
// CONCAT-NEGATIVE: concat.mlir:2:8: error: the dimension of this 'tensor.concat' is negative: it counts from 0

// A letter of another script outside strings is MLIR's own error (the
// guards above do not slice through it).
// RUN: printf 'func.func @k() {\n  return\n}\n \303\251\n' > %t.accent.mlir
// RUN: not sparse-opt %t.accent.mlir 2>&1 | FileCheck %s --check-prefix=ACCENT
// ACCENT: accent.mlir:4:2: error: unexpected character
// RUN: printf 'func.func @k() -> complex<f64> {\n  %%%%c = complex.constant #complex.number<:i8 0.0, 0.0> : complex<f64>\n  return %%%%c : complex<f64>\n}\n' > %t.complex.mlir
// RUN: not sparse-opt %t.complex.mlir 2>&1 | FileCheck %s --check-prefix=COMPLEX-INT
// COMPLEX-INT: complex.mlir:2:25: error: #complex.number takes a float type after ':' (such as f64), not 'i8'

// One of our ops in custom form: MLIR fails without a word; we name the op.
// RUN: printf 'func.func @k() -> tensor<8xf64> {\n  %%%%y = arr.compute() ({\n  }) : () -> tensor<8xf64>\n  return %%%%y : tensor<8xf64>\n}\n' > %t.custom.mlir
// RUN: not sparse-opt %t.custom.mlir 2>&1 | FileCheck %s --check-prefix=CUSTOM
// RUN: not sparse-run %t.custom.mlir 2>&1 | FileCheck %s --check-prefix=CUSTOM
// CUSTOM: custom.mlir:2:8: error: 'arr.compute' has no custom syntax: write it in generic form

// An empty symbol name (MLIR would print it as an invalid symbol).
// RUN: sed 's/@spmv/@""/' %examples/spmv.mlir > %t.empty-name.mlir
// RUN: not sparse-opt %t.empty-name.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY-NAME
// RUN: not sparse-run %t.empty-name.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=EMPTY-NAME
// EMPTY-NAME: empty-name.mlir:13:1: error: a symbol's name must not be empty

// An empty block in a sparse_tensor.unary region (MLIR 22's verifier reads
// its terminator and crashes at random): refused before parsing, 20 times
// over so that a crash would show.
// RUN: printf 'func.func @k(%%%%x: i32) -> i32 {\n  %%%%u = sparse_tensor.unary %%%%x : i32 to i32\n    present = {\n    ^bb0(%%%%a: i32):\n    }\n    absent = {}\n  return %%%%u : i32\n}\n' > %t.empty-block.mlir
// RUN: for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do not sparse-opt %t.empty-block.mlir 2>&1; done | FileCheck %s --check-prefix=EMPTY-BLOCK
// RUN: not sparse-run %t.empty-block.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY-BLOCK-JIT
// EMPTY-BLOCK-COUNT-20: empty-block.mlir:4:5: error: this block of a 'sparse_tensor.unary' region is empty: the region must end with sparse_tensor.yield
// EMPTY-BLOCK-JIT: empty-block.mlir:4:5: error: this block of a 'sparse_tensor.unary' region is empty

// An empty reassociation group of tensor.expand_shape (MLIR 22's verifier
// crashes on it when the group count matches the source rank): refused
// before parsing.
// RUN: printf 'func.func @k(%%%%x: tensor<3x8xf64>) -> tensor<3x2x4xf64> {\n  %%%%y = tensor.expand_shape %%%%x [[], [1, 2]] output_shape [3, 2, 4] : tensor<3x8xf64> into tensor<3x2x4xf64>\n  return %%%%y : tensor<3x2x4xf64>\n}\n' > %t.empty-group.mlir
// RUN: not sparse-opt %t.empty-group.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY-GROUP
// RUN: not sparse-run %t.empty-group.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY-GROUP
// EMPTY-GROUP: empty-group.mlir:2:32: error: this reassociation group of a 'tensor.expand_shape' is empty: each group lists at least one dimension

// A reassociation's dimension past 32 bits (MLIR 22's verifier reads 2^32
// as 0; found by fuzzing, once a panic of the lowering): refused at the op,
// for tensor.expand_shape and tensor.collapse_shape of sparse tensors.
// RUN: printf '#V = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>\n#M = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>\nfunc.func @k(%%%%x: tensor<12xf64, #V>) -> tensor<4x3xf64, #M> {\n  %%%%y = tensor.expand_shape %%%%x [[4294967296, 1]] output_shape [4, 3] : tensor<12xf64, #V> into tensor<4x3xf64, #M>\n  return %%%%y : tensor<4x3xf64, #M>\n}\nfunc.func @c(%%%%x: tensor<4x3xf64, #M>) -> tensor<12xf64, #V> {\n  %%%%y = tensor.collapse_shape %%%%x [[4294967296, 1]] : tensor<4x3xf64, #M> into tensor<12xf64, #V>\n  return %%%%y : tensor<12xf64, #V>\n}\n' > %t.wide-group.mlir
// RUN: not sparse-opt %t.wide-group.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=WIDE-GROUP
// WIDE-GROUP: wide-group.mlir:4:8: error: the reassociation must list the dimensions in order, each once

// A permutation or dimension list of linalg.transpose, linalg.broadcast or
// linalg.reduce that is not integers between brackets (MLIR 22's parsers
// crash after reporting it; found by fuzzing): refused before parsing.
// RUN: printf 'func.func @k(%%%%x: tensor<3x5xf32>) -> tensor<5x3xf32> {\n  %%%%e = tensor.empty() : tensor<5x3xf32>\n  %%%%t = linalg.transpose ins(%%%%x : tensor<3x5xf32>) outs(%%%%e : tensor<5x3xf32>) permutation = [1 1, 0]\n  return %%%%t : tensor<5x3xf32>\n}\n' > %t.permutation.mlir
// RUN: not sparse-opt %t.permutation.mlir 2>&1 | FileCheck %s --check-prefix=PERMUTATION
// RUN: not sparse-run %t.permutation.mlir 2>&1 | FileCheck %s --check-prefix=PERMUTATION
// PERMUTATION: permutation.mlir:3:92: error: the permutation of this 'linalg.transpose' is not a list of integers: write it as [1, 0]
