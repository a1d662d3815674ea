// Slices of views that reorganize their source (paper 001: a slice of a
// collapse, a split, a concatenation): the view is built first by a
// statement of its own, and the slice narrows that (arr-demap,
// `sliced_views`). Every access is checked.
//
// A = [[0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 0, 4]] collapsed row-major holds
// 1, 2, 3, 4 at 1, 3, 8, 11: coordinates 4 to 11 hold 3 at 4 and 4 at 7.
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/collapse.mlir --entry last_rows %S/Inputs/sliced_views/a34.mtx -o %t.rows.mtx
// RUN: FileCheck %s --check-prefix=ROWS < %t.rows.mtx
// ROWS:      8 1 2
// ROWS-NEXT: 5 1 3
// ROWS-NEXT: 8 1 4
// Coordinates 1, 4, 7, 10: (1, 0, 0, 0).
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/collapse.mlir --entry every_third %S/Inputs/sliced_views/a34.mtx -o %t.third.mtx
// RUN: FileCheck %s --check-prefix=THIRD < %t.third.mtx
// THIRD:      4 1
// THIRD-NEXT: 1
// THIRD-NEXT: 0
// THIRD-NEXT: 0
// THIRD-NEXT: 0
// b = (0, 1, 0, 0, 2, 3) split into [[0, 1, 0], [0, 2, 3]], columns 1 and 2:
// [[1, 0], [2, 3]], listed by columns.
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/split.mlir %S/Inputs/sliced_views/b6.mtx -o %t.split.mtx
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.mtx
// SPLIT:      2 2
// SPLIT-NEXT: 1
// SPLIT-NEXT: 2
// SPLIT-NEXT: 0
// SPLIT-NEXT: 3
// (0, 5, 0) ++ (7, 0, 0, 8) at 1, 3, 5: (5, 7, 0).
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/concat.mlir %S/Inputs/sliced_views/a3.mtx %S/Inputs/sliced_views/b4.mtx -o %t.concat.mtx
// RUN: FileCheck %s --check-prefix=CONCAT < %t.concat.mtx
// CONCAT:      3 1 2
// CONCAT-NEXT: 1 1 5
// CONCAT-NEXT: 2 1 7
// The view is built once, and the slice narrows the built tensor.
// RUN: sparse-opt %S/Inputs/sliced_views/concat.mlir --arr-demap | FileCheck %s --check-prefix=BUILT
// BUILT:      %[[VIEW:.*]] = "arr.concat"(%arg0, %arg1)
// BUILT:      %[[BUILT:.*]] = "arr.compute"()
// BUILT-NEXT:   "arr.access"(%[[VIEW]])
// BUILT:      }) {{.*}} : () -> tensor<7xf64, #arr.encoding<[#arr.level<"compressed", {}>], 0.000000e+00 : f64, #{{.*}}>>
// BUILT:      "arr.slice"(%[[BUILT]])
// Views of a concatenation other than a slice (split, broadcast, collapse)
// read it through a copy built first too. C = [[1, 0, 2], [0, 3, 0], [0, 0, 4],
// [5, 0, 6]] and x = (1, 2, 3): C · x = (7, 6, 12, 23); results are listed by
// columns.
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/concat_views.mlir --entry split_rows %S/Inputs/sliced_views/a23.mtx %S/Inputs/sliced_views/b23.mtx %S/Inputs/sliced_views/x3.mtx -o %t.split_rows.mtx
// RUN: FileCheck %s --check-prefix=SPLIT-ROWS < %t.split_rows.mtx
// SPLIT-ROWS:      2 2
// SPLIT-ROWS-NEXT: 7
// SPLIT-ROWS-NEXT: 12
// SPLIT-ROWS-NEXT: 6
// SPLIT-ROWS-NEXT: 23
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/concat_views.mlir --entry broadcast_rows %S/Inputs/sliced_views/a23.mtx %S/Inputs/sliced_views/b23.mtx %S/Inputs/sliced_views/x3.mtx -o %t.broadcast_rows.mtx
// RUN: FileCheck %s --check-prefix=BROADCAST-ROWS < %t.broadcast_rows.mtx
// BROADCAST-ROWS:      2 4
// BROADCAST-ROWS-NEXT: 7
// BROADCAST-ROWS-NEXT: 7
// BROADCAST-ROWS-NEXT: 6
// BROADCAST-ROWS-NEXT: 6
// BROADCAST-ROWS-NEXT: 12
// BROADCAST-ROWS-NEXT: 12
// BROADCAST-ROWS-NEXT: 23
// BROADCAST-ROWS-NEXT: 23
// C's components in row-major order dotted with 1, 2, ..., 12:
// 1·1 + 2·3 + 3·5 + 4·9 + 5·10 + 6·12 = 180.
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/concat_views.mlir --entry collapsed_dot %S/Inputs/sliced_views/a23.mtx %S/Inputs/sliced_views/b23.mtx %S/Inputs/sliced_views/x12.mtx | FileCheck %s --check-prefix=COLLAPSED
// COLLAPSED: {{^}}180{{$}}
// RUN: sparse-opt %S/Inputs/sliced_views/concat_views.mlir --arr-demap | FileCheck %s --check-prefix=COPIED
// COPIED-LABEL: func.func @split_rows
// COPIED:      %[[VIEW:.*]] = "arr.concat"(%arg0, %arg1)
// COPIED:      %[[COPY:.*]] = "arr.compute"()
// COPIED-NEXT:   "arr.access"(%[[VIEW]])
// COPIED:      "arr.split"(%[[COPY]])
// A view read twice by one statement (a Gram product), each read its own
// alias of the view. D = C: the even rows' Gram matrix is [[5, 8], [8, 16]],
// the pairs of rows' [[14, 8], [8, 77]].
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/concat_views.mlir --entry gram_of_slice %S/Inputs/sliced_views/d43.mtx -o %t.gram_slice.mtx
// RUN: FileCheck %s --check-prefix=GRAM-SLICE < %t.gram_slice.mtx
// GRAM-SLICE:      2 2
// GRAM-SLICE-NEXT: 5
// GRAM-SLICE-NEXT: 8
// GRAM-SLICE-NEXT: 8
// GRAM-SLICE-NEXT: 16
// RUN: sparse-run --check-bounds %S/Inputs/sliced_views/concat_views.mlir --entry gram_of_split %S/Inputs/sliced_views/d43.mtx -o %t.gram_split.mtx
// RUN: FileCheck %s --check-prefix=GRAM-SPLIT < %t.gram_split.mtx
// GRAM-SPLIT:      2 2
// GRAM-SPLIT-NEXT: 14
// GRAM-SPLIT-NEXT: 8
// GRAM-SPLIT-NEXT: 8
// GRAM-SPLIT-NEXT: 77
