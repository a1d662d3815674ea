// Paper 003's test cases (the digest's T1, T2, T2b, T5, T6, T6b, T7b), each a
// sparse vector read at a compound subscript whose reducing loop visits the
// offsets of its non-empty subsections and whose resolving loop visits a
// window: sparse-run's results against the digest's brute-force answers.
// Results are printed by columns.

// T1, A(i) = Σ_{j<2} C(i + j) · F(j), C = {2: 1, 8: 2, 9: 3} of 10, F = (10, 20).
// RUN: sparse-run %S/Inputs/subsections/conv1d.mlir %S/Inputs/subsections/c10.mtx %S/Inputs/subsections/f2.mtx -o %t.t1.mtx
// RUN: FileCheck %s --check-prefix=T1 < %t.t1.mtx
// T1:     9 1
// T1-NEXT: 0
// T1-NEXT: 20
// T1-NEXT: 10
// T1-NEXT: 0
// T1-NEXT: 0
// T1-NEXT: 0
// T1-NEXT: 0
// T1-NEXT: 40
// T1-NEXT: 80

// T2, A(i, j) = B(i) + C(i + j), B = (1, 0, 2, 0), C = {2: 5} of 5: the loop
// over i is the union of B's coordinates and C's subsection offsets {1, 2}.
// A = [[1, 1], [0, 5], [7, 2], [0, 0]].
// RUN: sparse-run %S/Inputs/subsections/union.mlir %S/Inputs/subsections/b4.mtx %S/Inputs/subsections/c5.mtx -o %t.t2.mtx
// RUN: FileCheck %s --check-prefix=T2 < %t.t2.mtx
// T2:     4 2
// T2-NEXT: 1
// T2-NEXT: 0
// T2-NEXT: 7
// T2-NEXT: 0
// T2-NEXT: 1
// T2-NEXT: 5
// T2-NEXT: 2
// T2-NEXT: 0

// T2b, A(i) = Σ_{j<2} (C(i + j) + B(j)) with a dense B = (1, 2): an empty
// window still adds B's 3.
// RUN: sparse-run %S/Inputs/subsections/union_dense.mlir %S/Inputs/subsections/c5.mtx %S/Inputs/subsections/b2.mtx -o %t.t2b.mtx
// RUN: FileCheck %s --check-prefix=T2B < %t.t2b.mtx
// T2B:      4 1
// T2B-NEXT: 3
// T2B-NEXT: 8
// T2B-NEXT: 8
// T2B-NEXT: 3

// T5, A(i) = Σ_{j<3} C(2i + j) · F(j), C = {3: 4, 8: 7} of 9, F = (1, 2, 3).
// RUN: sparse-run %S/Inputs/subsections/strided.mlir %S/Inputs/subsections/c9.mtx %S/Inputs/subsections/f3.mtx -o %t.t5.mtx
// RUN: FileCheck %s --check-prefix=T5 < %t.t5.mtx
// T5:     4 1
// T5-NEXT: 0
// T5-NEXT: 8
// T5-NEXT: 0
// T5-NEXT: 21

// T6, A(i) = Σ_{j<2, k<3} C(i + j + k), C = {5: 1} of 8, i < 4: the tight
// window (size 4) gives (0, 0, 1, 2). LLVM 22's sparsifier answers
// (0, 1, 1, 1) for this kernel in upstream form.
// RUN: sparse-run %S/Inputs/subsections/three_terms.mlir %S/Inputs/subsections/c8_one.mtx %S/Inputs/subsections/ones2.mtx %S/Inputs/subsections/ones3.mtx %S/Inputs/subsections/zeros4.mtx -o %t.t6a.mtx
// RUN: FileCheck %s --check-prefix=T6A < %t.t6a.mtx
// T6A:      4 1
// T6A-NEXT: 0
// T6A-NEXT: 0
// T6A-NEXT: 1
// T6A-NEXT: 2

// T6b, the same kernel with C = {5: 1, 7: 1} and i < 5: the last offset, 4,
// is kept (a window size of Σ|f| would drop it).
// RUN: sparse-run %S/Inputs/subsections/three_terms.mlir %S/Inputs/subsections/c8.mtx %S/Inputs/subsections/ones2.mtx %S/Inputs/subsections/ones3.mtx %S/Inputs/subsections/zeros5.mtx -o %t.t6.mtx
// RUN: FileCheck %s --check-prefix=T6 < %t.t6.mtx
// T6:      5 1
// T6-NEXT: 0
// T6-NEXT: 0
// T6-NEXT: 1
// T6-NEXT: 2
// T6-NEXT: 3

// T7b, A(i) = Σ_{j<2, k<2} B(i + j) · C(i + k), B = (0, 3, 1, 0, 0),
// C = (0, 0, 0, 2, 0): their offsets {0, 1, 2} and {2, 3} meet at 2.
// RUN: sparse-run %S/Inputs/subsections/two_windows.mlir %S/Inputs/subsections/b7.mtx %S/Inputs/subsections/c7.mtx %S/Inputs/subsections/ones2.mtx %S/Inputs/subsections/ones2.mtx -o %t.t7.mtx
// RUN: FileCheck %s --check-prefix=T7 < %t.t7.mtx
// T7:      4 1
// T7-NEXT: 0
// T7-NEXT: 0
// T7-NEXT: 2
// T7-NEXT: 0

// A sparse result whose stored level a window's loop resolves:
// out(i, j) = c(i + j) into CSR, c = {2: 5}.
// RUN: sparse-run %S/Inputs/subsections/sparse_result.mlir %S/Inputs/subsections/c5.mtx -o %t.result.mtx
// RUN: FileCheck %s --check-prefix=RESULT < %t.result.mtx
// RESULT:      4 2 2
// RESULT-NEXT: 2 2 5
// RESULT-NEXT: 3 1 5

// Windows of a view of arr.slice (no subsections: the view's window is its
// own): v = a[3:19:3] = (2, 4, 5, 7, 8, 10), y(i) = v(i) + 10 v(i + 1) + 100 v(i + 2).
// RUN: sparse-run %S/Inputs/subsections/view.mlir %S/Inputs/subsections/a20.mtx %S/Inputs/subsections/taps3.mtx -o %t.view.mtx
// RUN: FileCheck %s --check-prefix=VIEW < %t.view.mtx
// VIEW:      3 1
// VIEW-NEXT: 542
// VIEW-NEXT: 754
// VIEW-NEXT: 875

// Visited offsets: with a sparse result, an entry is stored at each offset
// the loop over non-empty subsections visits: {1, 2, 7, 8} for test T1; the digest's
// T9 trace (coordinates {0, 2, 5}, window 2, 10 offsets): {0, 1, 2, 4, 5}.
// RUN: sparse-run %S/Inputs/subsections/visited.mlir %S/Inputs/subsections/c10.mtx %S/Inputs/subsections/f10_20.mtx -o %t.v1.mtx
// RUN: FileCheck %s --check-prefix=VISITED1 < %t.v1.mtx
// VISITED1:      9 1 4
// VISITED1-NEXT: 2 1 20
// VISITED1-NEXT: 3 1 10
// VISITED1-NEXT: 8 1 40
// VISITED1-NEXT: 9 1 80
// RUN: sparse-run %S/Inputs/subsections/visited.mlir %S/Inputs/subsections/c11.mtx %S/Inputs/subsections/f10_20.mtx -o %t.v9.mtx
// RUN: FileCheck %s --check-prefix=VISITED9 < %t.v9.mtx
// VISITED9:      10 1 5
// VISITED9-NEXT: 1 1 10
// VISITED9-NEXT: 2 1 40
// VISITED9-NEXT: 3 1 20
// VISITED9-NEXT: 5 1 60
// VISITED9-NEXT: 6 1 30

// T4 in the order i -> j -> k -> l, into DCSR: the visited (i, j) are
// (0, 0), (0, 2), (0, 3), (0, 4), (1, 0), (1, 2), (1, 3) (1-based below);
// (0, 1), (1, 1) and (1, 4) have empty windows.
// RUN: sparse-run %S/Inputs/subsections/visited2d.mlir %S/Inputs/subsections/t36.mtx %S/Inputs/subsections/f22.mtx -o %t.v4.mtx
// RUN: FileCheck %s --check-prefix=VISITED4 < %t.v4.mtx
// VISITED4:      2 5 7
// VISITED4-NEXT: 1 1 6
// VISITED4-NEXT: 1 3 12
// VISITED4-NEXT: 1 4 11
// VISITED4-NEXT: 1 5 1
// VISITED4-NEXT: 2 1 2
// VISITED4-NEXT: 2 3 6
// VISITED4-NEXT: 2 4 3

// On random vectors (empty, full, single entries at either end, a filter as
// long as the vector), the visited offsets are the brute-force non-empty set.
// RUN: %python %S/check_visited.py %S/Inputs/subsections/visited.mlir %t.visited | FileCheck %s --check-prefix=RANDOM
// RANDOM: visited: 46 of 46 cases visit exactly the non-empty subsections

// The same with windows of 3 every 3, which tile the vector (the windows a
// collapse or a split reads, settled by a division), and windows of 2 every 3,
// with a gap between each two (a coordinate in a gap lies in no window).
// RUN: %python %S/check_visited.py %S/Inputs/subsections/visited_tiled.mlir %t.tiled 3 3 | FileCheck %s --check-prefix=TILED
// TILED: visited: 46 of 46 cases visit exactly the non-empty subsections
// RUN: %python %S/check_visited.py %S/Inputs/subsections/visited_gaps.mlir %t.gaps 3 2 | FileCheck %s --check-prefix=GAPS
// GAPS: visited: 46 of 46 cases visit exactly the non-empty subsections
