// Values go through sparse-run as they are: a scalar result of -0.0, a
// command-line -0 for a float, a rank-0 tensor given -0.0, and an explicit
// -0.0 written in array layout keep their sign; entries an i64 file lists
// twice add up exactly, and a sum past the 64-bit integers is an error that
// names the file (it wrapped around).
// RUN: sparse-run %S/Inputs/exact-values/negate.mlir 0.0 | FileCheck %s --check-prefix=NEGATED
// NEGATED: -0
// RUN: sparse-run %S/Inputs/exact-values/reciprocal.mlir -- -0 | FileCheck %s --check-prefix=RECIPROCAL
// RECIPROCAL: -inf
// RUN: sparse-run %S/Inputs/exact-values/copy0.mlir -- -0.0 | FileCheck %s --check-prefix=NEGATED
// RUN: sparse-run %S/Inputs/exact-values/dense_copy.mlir %S/Inputs/exact-values/negative_zero.mtx -o %t.array.mtx
// RUN: FileCheck %s --check-prefix=ARRAY < %t.array.mtx
// ARRAY:      %%MatrixMarket matrix array real general
// ARRAY-NEXT: 3 1
// ARRAY-NEXT: {{^}}0{{$}}
// ARRAY-NEXT: {{^}}-0{{$}}
// ARRAY-NEXT: {{^}}0{{$}}
// RUN: not sparse-run %S/Inputs/exact-values/sparse_copy_i64.mlir %S/Inputs/exact-values/past_max.mtx -o %t.max.mtx 2>&1 | FileCheck %s --check-prefix=PAST-MAX
// PAST-MAX: past_max.mtx: entries listed more than once at the same coordinates add up to 9223372036854775808, past the 64-bit integers
// RUN: not sparse-run %S/Inputs/exact-values/sparse_copy_i64.mlir %S/Inputs/exact-values/past_min.mtx -o %t.min.mtx 2>&1 | FileCheck %s --check-prefix=PAST-MIN
// PAST-MIN: past_min.mtx: entries listed more than once at the same coordinates add up to -9223372036854775809, past the 64-bit integers
// RUN: sparse-run %S/Inputs/exact-values/sparse_copy_i64.mlir %S/Inputs/exact-values/back_in_range.mtx -o %t.back.mtx
// RUN: FileCheck %s --check-prefix=BACK < %t.back.mtx
// BACK:      3 1 1
// BACK-NEXT: 1 1 -2
// Duplicates that fit one by one must fit summed (200 in i8).
// RUN: not sparse-run %S/Inputs/exact-values/sparse_copy_i8.mlir %S/Inputs/exact-values/past_i8.mtx -o %t.i8.mtx 2>&1 | FileCheck %s --check-prefix=PAST-I8
// PAST-I8: past_i8.mtx: the sum of entries listed more than once at the same coordinates: 200 is outside the range -128..=127 of i8
// The same from a SciPy archive.
// RUN: %python %S/Inputs/exact-values/duplicates_npz.py %t.dup.npz
// RUN: not sparse-run %S/Inputs/exact-values/sparse_copy_i8_matrix.mlir %t.dup.npz -o %t.i8.mtx 2>&1 | FileCheck %s --check-prefix=PAST-I8-NPZ
// PAST-I8-NPZ: dup.npz: the sum of entries listed more than once at the same coordinates: 200 is outside the range -128..=127 of i8
// Reals into an integer type are read from their digits, not through an f64
// (which rounds 9007199254740993.0 to ...992 and 2.9999999999999999999 to 3).
// RUN: sparse-run %S/Inputs/exact-values/sparse_copy_i64.mlir %S/Inputs/exact-values/real_integers.mtx -o %t.reals.mtx
// RUN: FileCheck %s --check-prefix=REALS < %t.reals.mtx
// REALS:      3 1 2
// REALS-NEXT: 1 1 9007199254740993
// REALS-NEXT: 3 1 -25
// RUN: not sparse-run %S/Inputs/exact-values/sparse_copy_i64.mlir %S/Inputs/exact-values/almost_three.mtx -o %t.three.mtx 2>&1 | FileCheck %s --check-prefix=ALMOST
// ALMOST: almost_three.mtx:3: 2.9999999999999999999 is not an integer, which i64 needs
