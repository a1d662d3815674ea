// A read whose value a case's simplified body drops is not emitted: the
// kernel found by sparse-fuzz (kernels, seed 20261204, case 74) multiplies a
// dense matrix read transposed (copied into its loops' order first) by a
// tensor with hash levels, so the region where that tensor is absent keeps a
// read of the dense copy whose level no loop of the region binds. It was
// refused ('a read outside the loops of its tensor'); its result is the
// dense reference's, compared as numbers (the signs of its zeros are not
// the subject: IEEE gives −0 at every zero, as minimumf(±0, ∓0) is −0, and
// the compiler does not track the sign of an unstored component's zero).
// RUN: sparse-run --check-bounds %S/Inputs/dead-reads/kernel.mlir %S/Inputs/dead-reads/input0.mtx %S/Inputs/dead-reads/input1.tns %S/Inputs/dead-reads/input2.tns -o %t.tns
// RUN: %python %S/same_values.py %t.tns %S/Inputs/dead-reads/expected.tns

// A read a constant 0 annihilates: C = Aᵀ · 0 with A in COO is 0 wherever A
// is read, so the statement's loops follow the result and read none of A's
// levels; the body's read of A, then unreadable, is annihilated by the
// constant as by an absent 0. It was refused ('a read outside the loops of
// its levels'; sparse-fuzz kernels seed 20261204 case 143 went so far).
// RUN: sparse-run --check-bounds %S/Inputs/dead-reads/zero_times.mlir %S/Inputs/dead-reads/a34.mtx -o %t.zero.mtx
// RUN: FileCheck %s --check-prefix=ZERO < %t.zero.mtx
// ZERO:      4 3
// ZERO-COUNT-12: {{^}}0{{$}}

// A dropped read whose value only a dropped op reads (seed 20261204 case
// 234: a dense operand's read multiplied by a value the case then ignores):
// sig-lower-lattices erases the unused reads and what was computed from
// them, a whole chain at once. It was refused ('a read outside the loops of
// its tensor').
// RUN: sparse-run --check-bounds %S/Inputs/dead-reads/chain/kernel.mlir %S/Inputs/dead-reads/chain/input0.mtx %S/Inputs/dead-reads/chain/input1.tns %S/Inputs/dead-reads/chain/input2.tns -o %t.chain.mtx
// RUN: diff %t.chain.mtx %S/Inputs/dead-reads/chain/expected.mtx

// A result stored in blocks that nothing is stored into is finished empty,
// though a view (arr.collapse) reads it.
// RUN: sparse-run --check-bounds %S/Inputs/dead-reads/nothing_stored.mlir %S/Inputs/dead-reads/t435.tns -o %t.nothing.tns
// RUN: FileCheck %s --check-prefix=NOTHING < %t.nothing.tns
// NOTHING:      3 0
// NOTHING-NEXT: 5 4 3
// arr-concretize writes the constant in the product's place: the body it
// emits multiplies nothing, and the read it keeps is unused.
// RUN: sparse-opt %S/Inputs/dead-reads/zero_times.mlir --pass-pipeline='builtin.module(raise-linalg,arr-concretize)' | FileCheck %s --check-prefix=CONCRETE
// CONCRETE:     "sig.forall"
// CONCRETE:     "sig.forall"
// CONCRETE:     "sig.access"(%arg0
// CONCRETE-NOT: arith.mulf
// CONCRETE:     %[[CST:.*]] = arith.constant 0.000000e+00 : f64
// CONCRETE-NOT: arith.mulf
// CONCRETE:     "sig.assign"(%{{.*}}, %[[CST]],

// A read that a computed 0 annihilates: y(j) = Σ_i min(t1(j, i) · max(t2(j,
// i), −5), t0(j, i)), where t2 stores nothing max(0, −5) is the constant 0
// (folded as an absent 0 is), so t1 is not read in the case of t0 alone
// (folded/kernel.mlir; sparse-fuzz kernels seed 20261215 case 2341 was
// refused: 'a read outside the loops of its tensor'). t0 = [[−1, 0, 2], [0,
// −4, 0]], t1 = [[1, 2, 3], [4, 5, 6]], t2 = [[0, −8, 1], [3, 0, 0]]:
// y = [−1 − 10 + 2, 0 − 4 + 0].
// RUN: sparse-run --check-bounds %S/Inputs/dead-reads/folded/kernel.mlir %S/Inputs/dead-reads/folded/t0.mtx %S/Inputs/dead-reads/folded/t1.mtx %S/Inputs/dead-reads/folded/t2.mtx -o %t.folded.mtx
// RUN: FileCheck %s --check-prefix=FOLDED < %t.folded.mtx
// FOLDED:      2 1
// FOLDED-NEXT: -9
// FOLDED-NEXT: -4

// Ops of constants alone are folded as well, a 0 absent. Where t2 (of fill
// −1, in hash blocks) stores nothing, y(i) = max(1 − t0'(i), (t2(i) − t2(i))
// · (t1(i) + t1(i))) is max(1 − t0'(i), (−1 − −1) · …), the product 0, so
// t1 is not read there (constants/fill_difference.mlir, sparse-fuzz kernels
// seed 20261221 case 2537, was refused: 'a read outside the loops of its
// tensor'). t0' = [0, 0, 4] (an empty entry stacked on t0), t1 = [3.5, 1,
// 2], t2 = [0.5, −1, 2.5]: y = [1, 1, max(−3, 0)].
// RUN: sparse-run --check-bounds %S/Inputs/dead-reads/constants/fill_difference.mlir %S/Inputs/dead-reads/constants/v.mtx %S/Inputs/dead-reads/constants/d.mtx %S/Inputs/dead-reads/constants/f.mtx -o %t.difference.mtx
// RUN: FileCheck %s --check-prefix=DIFFERENCE < %t.difference.mtx
// DIFFERENCE:      3 1
// DIFFERENCE-NEXT: {{^}}1{{$}}
// DIFFERENCE-NEXT: {{^}}1{{$}}
// DIFFERENCE-NEXT: {{^}}0{{$}}
// And `0 − x` where x is absent is 0, not the constant operand kept as
// `x − 0` would keep it: r(i, j) = max((0 − t1(j)) · (t0(i, j) · t2(i, j)),
// t2(i, j)) (constants/negated_absent.mlir, seed 20261222 case 4305, was
// refused the same way). t0 = [[2, 3]], t1 = [5, 0], t2 = [[−1, −3]]:
// r = [[max(10, −1), max(0, −3)]].
// RUN: sparse-run --check-bounds %S/Inputs/dead-reads/constants/negated_absent.mlir %S/Inputs/dead-reads/constants/a.mtx %S/Inputs/dead-reads/constants/b.mtx %S/Inputs/dead-reads/constants/c.mtx -o %t.negated.mtx
// RUN: FileCheck %s --check-prefix=NEGATED < %t.negated.mtx
// NEGATED:      1 2
// NEGATED-NEXT: {{^}}10{{$}}
// NEGATED-NEXT: {{^}}0{{$}}
