// Views of arr.slice read by statements (paper 000 §7.3): a dense level
// locates start + step · z, a level stepped by position seeks start, stops
// before the view's end and skips what the step does not reach. Each kernel
// runs with sparse-run on written-out data and is checked against values
// worked out by hand (paper 000's tests of Fig. 19, Fig. 8b and TACO's
// windowing tests).
// RUN: sparse-run %S/Inputs/slices/rows_columns.mlir %S/Inputs/slices/fig19.mtx -o %t.fig19.mtx
// RUN: FileCheck %s --check-prefix=FIG19 < %t.fig19.mtx
// B = [[12, 14], [0, 34]], listed by columns.
// FIG19:      2 2
// FIG19-NEXT: 12
// FIG19-NEXT: 0
// FIG19-NEXT: 14
// FIG19-NEXT: 34

// RUN: sparse-run %S/Inputs/slices/strided_add.mlir %S/Inputs/slices/b8.mtx %S/Inputs/slices/c8.mtx -o %t.strided.mtx
// RUN: FileCheck %s --check-prefix=STRIDED < %t.strided.mtx
// a = [1, 12, 0, 4], stored sparse.
// STRIDED:      4 1 3
// STRIDED-NEXT: 1 1 1
// STRIDED-NEXT: 2 1 12
// STRIDED-NEXT: 4 1 4

// RUN: sparse-run %S/Inputs/slices/windows_add.mlir %S/Inputs/slices/ij6.mtx %S/Inputs/slices/ij6.mtx %S/Inputs/slices/ij6.mtx -o %t.add.mtx
// RUN: FileCheck %s --check-prefix=ADD < %t.add.mtx
// [[14, 17], [17, 20]]
// ADD:      2 2
// ADD-NEXT: 14
// ADD-NEXT: 17
// ADD-NEXT: 17
// ADD-NEXT: 20
// RUN: sparse-run %S/Inputs/slices/windows_multiply.mlir %S/Inputs/slices/ij6.mtx %S/Inputs/slices/ij6.mtx %S/Inputs/slices/ij6.mtx -o %t.multiply.mtx
// RUN: FileCheck %s --check-prefix=MULTIPLY < %t.multiply.mtx
// [[64, 135], [135, 240]]
// MULTIPLY:      2 2
// MULTIPLY-NEXT: 64
// MULTIPLY-NEXT: 135
// MULTIPLY-NEXT: 135
// MULTIPLY-NEXT: 240

// RUN: sparse-run %S/Inputs/slices/same_tensor.mlir %S/Inputs/slices/ramp10.mtx %S/Inputs/slices/ramp10.mtx -o %t.same.mtx
// RUN: FileCheck %s --check-prefix=SAME < %t.same.mtx
// c = a(5:7) + a(1:3) + b(4:6) with a = b = (i ↦ i): [10, 13].
// SAME:      2 1
// SAME-NEXT: 10
// SAME-NEXT: 13

// RUN: sparse-run %S/Inputs/slices/coo_column_window.mlir %S/Inputs/slices/coo8.mtx -o %t.coo.mtx
// RUN: FileCheck %s --check-prefix=COO < %t.coo.mtx
// Rows 1..5 of columns 1 and 4: 1 + 8 and 2 + 4 + 16 (rows 0 and 6, column 7 and
// the values in columns 2 and 3 are outside the window).
// COO:      2 1
// COO-NEXT: 9
// COO-NEXT: 22

// RUN: sparse-run %S/Inputs/slices/band_window.mlir %S/Inputs/slices/band6.mtx %S/Inputs/slices/odd6.mtx -o %t.band.mtx
// RUN: FileCheck %s --check-prefix=BAND < %t.band.mtx
// A(1:4, 0:6:2) · B(0:3, 1:6:2), A banded (10i + j + 1 where |i - j| ≤ 1), B
// holding 6i + j + 1 where i + j is odd: [[22, 52, 0], [0, 0, 0], [0, 528, 630]].
// BAND:      3 3
// BAND-NEXT: 22
// BAND-NEXT: 0
// BAND-NEXT: 0
// BAND-NEXT: 52
// BAND-NEXT: 0
// BAND-NEXT: 528
// BAND-NEXT: 0
// BAND-NEXT: 0
// BAND-NEXT: 630

// RUN: sparse-run %S/Inputs/slices/dense_window_convolution.mlir %S/Inputs/slices/x10.mtx %S/Inputs/slices/w2.mtx -o %t.conv.mtx
// RUN: FileCheck %s --check-prefix=CONV < %t.conv.mtx
// v = (2, 4, 6, 8), w = (1, 10): y = (42, 64, 86).
// CONV:      3 1
// CONV-NEXT: 42
// CONV-NEXT: 64
// CONV-NEXT: 86

// A view that something other than a statement reads (a return, a pad)
// is built by a copy into the dense tensor its type names, with the
// source's fill where it stores nothing; a split or a broadcast of a slice
// reads the slice built first (all three were refused before).
// RUN: sparse-run --entry even_rows %S/Inputs/slices/returned_views.mlir %S/Inputs/slices/r5x3.mtx -o %t.even.mtx
// RUN: FileCheck %s --check-prefix=RETURNED < %t.even.mtx
// Rows 0 and 2 of [[1, 0, 0], [0, 0, 0], [0, 2, 3], [0, 0, 0], [4, 0, 0]], by columns.
// RETURNED:      2 3
// RETURNED-NEXT: 1
// RETURNED-NEXT: 0
// RETURNED-NEXT: 0
// RETURNED-NEXT: 2
// RETURNED-NEXT: 0
// RETURNED-NEXT: 3
// RUN: sparse-run --entry even_rows_inf %S/Inputs/slices/returned_views.mlir %S/Inputs/slices/r5x3.mtx -o %t.even_inf.mtx
// RUN: FileCheck %s --check-prefix=RETURNED-INF < %t.even_inf.mtx
// RETURNED-INF:      2 3
// RETURNED-INF-NEXT: 1
// RETURNED-INF-NEXT: inf
// RETURNED-INF-NEXT: inf
// RETURNED-INF-NEXT: 2
// RETURNED-INF-NEXT: inf
// RETURNED-INF-NEXT: 3
// RUN: sparse-run --entry stacked %S/Inputs/slices/returned_views.mlir %S/Inputs/slices/r5x3.mtx -o %t.stacked.mtx
// RUN: FileCheck %s --check-prefix=STACKED < %t.stacked.mtx
// STACKED:      10 3
// STACKED-NEXT: 1
// STACKED-NEXT: 0
// STACKED-NEXT: 0
// STACKED-NEXT: 0
// STACKED-NEXT: 4
// STACKED-NEXT: 1
// STACKED-NEXT: 0
// STACKED-NEXT: 0
// STACKED-NEXT: 0
// STACKED-NEXT: 4
// STACKED-NEXT: 0
// STACKED-NEXT: 0
// STACKED-NEXT: 2
// STACKED-NEXT: 0
// STACKED-NEXT: 0
// STACKED-NEXT: 0
// STACKED-NEXT: 0
// STACKED-NEXT: 2
// x = sparse [0, 0, 2, 3, 4, 0, 0, 0, 8, 9]; x[2:10:2] = [2, 4, 0, 8].
// RUN: sparse-run --entry pad_view %S/Inputs/slices/returned_views.mlir %S/Inputs/slices/sv10.mtx -o %t.pad.mtx
// RUN: FileCheck %s --check-prefix=PAD < %t.pad.mtx
// PAD:      5 1
// PAD-NEXT: 0
// PAD-NEXT: 2
// PAD-NEXT: 4
// PAD-NEXT: 0
// PAD-NEXT: 8
// RUN: sparse-run --entry split_view %S/Inputs/slices/returned_views.mlir %S/Inputs/slices/sv10.mtx -o %t.split.mtx
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.mtx
// [[2, 4], [0, 8]], by columns.
// SPLIT:      2 2
// SPLIT-NEXT: 2
// SPLIT-NEXT: 0
// SPLIT-NEXT: 4
// SPLIT-NEXT: 8
// RUN: sparse-run --entry broadcast_view %S/Inputs/slices/returned_views.mlir %S/Inputs/slices/sv10.mtx -o %t.broadcast.mtx
// RUN: FileCheck %s --check-prefix=BROADCAST < %t.broadcast.mtx
// BROADCAST:      3 4
// BROADCAST-NEXT: 2
// BROADCAST-NEXT: 2
// BROADCAST-NEXT: 2
// BROADCAST-NEXT: 4
// BROADCAST-NEXT: 4
// BROADCAST-NEXT: 4
// BROADCAST-NEXT: 0
// BROADCAST-NEXT: 0
// BROADCAST-NEXT: 0
// BROADCAST-NEXT: 8
// BROADCAST-NEXT: 8
// BROADCAST-NEXT: 8

// Upstream's tensor.extract_slice of a sparse tensor returned (not read by
// a kernel) is built in the result's format (refused before). Rows 1, 3, 5,
// 7 and columns 2 to 5 of a8 hold 54 at (2, 1), 56 at (2, 3), 76 at (3, 3).
// RUN: sparse-run --entry csc_to_csr %S/Inputs/slices/extract_returned.mlir %S/Inputs/slices/a8.mtx -o %t.slice_csr.mtx
// RUN: FileCheck %s --check-prefix=EXTRACTED < %t.slice_csr.mtx
// RUN: sparse-run --entry dcsr_to_coo %S/Inputs/slices/extract_returned.mlir %S/Inputs/slices/a8.mtx 1 4 2 -o %t.slice_coo.mtx
// RUN: FileCheck %s --check-prefix=EXTRACTED < %t.slice_coo.mtx
// EXTRACTED:      4 4 3
// EXTRACTED-NEXT: 3 2 54
// EXTRACTED-NEXT: 3 4 56
// EXTRACTED-NEXT: 4 4 76
// RUN: sparse-run --entry dcsr_to_coo %S/Inputs/slices/extract_returned.mlir %S/Inputs/slices/a8.mtx 7 1 5 -o %t.slice_row.mtx
// RUN: FileCheck %s --check-prefix=EXTRACTED-ROW < %t.slice_row.mtx
// EXTRACTED-ROW:      1 4 1
// EXTRACTED-ROW-NEXT: 1 4 76
// RUN: not sparse-run --entry dcsr_to_coo %S/Inputs/slices/extract_returned.mlir %S/Inputs/slices/a8.mtx 2 4 2 -o %t.slice_past.mtx 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: sparse-run --entry csr_to_dense %S/Inputs/slices/extract_returned.mlir %S/Inputs/slices/a8.mtx -o %t.slice_dense.mtx
// RUN: FileCheck %s --check-prefix=EXTRACTED-DENSE < %t.slice_dense.mtx
// EXTRACTED-DENSE:      4 4
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}54{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}0{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}56{{$}}
// EXTRACTED-DENSE-NEXT: {{^}}76{{$}}

// Rows taken by offset, count and step known only when the program runs:
// rows 1, 3, 5 of A times x = (1, 10, 100, 1000) are (20, 4000, 60); rows
// from 4 in steps of 2 run past the 6 rows, which is an error.
// RUN: %python %S/Inputs/fills/matrix.py 6 4 0:0:1,1:1:2,2:2:3,3:3:4,4:0:5,5:1:6,2:0:7 %t.A6.mtx
// RUN: %python %S/Inputs/fills/vector.py 4 0:1,1:10,2:100,3:1000 %t.x4.mtx
// RUN: sparse-run %S/Inputs/slices/rows_dynamic.mlir %t.A6.mtx %t.x4.mtx 1 3 2 -o %t.rows.mtx
// RUN: FileCheck %s --check-prefix=DYNAMIC < %t.rows.mtx
// DYNAMIC:      3 1
// DYNAMIC-NEXT: 20
// DYNAMIC-NEXT: 4000
// DYNAMIC-NEXT: 60
// RUN: not sparse-run %S/Inputs/slices/rows_dynamic.mlir %t.A6.mtx %t.x4.mtx 4 3 2 -o %t.past.mtx 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: tensor.extract_slice: the slice reaches past the end of dimension 0
// A stride so large that the last coordinate, start + (n − 1) · step,
// wraps: refused before anything is read.
// RUN: not sparse-run %S/Inputs/slices/rows_dynamic.mlir %t.A6.mtx %t.x4.mtx 0 5 4611686018427387904 -o %t.wrap.mtx 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: tensor.extract_slice: the slice reaches past the end of dimension 0, or its stride is not positive
// A view whose type's size its dynamic bounds do not give.
// RUN: %python %S/Inputs/fills/vector.py 8 1:1,6:6 %t.v8.mtx
// RUN: sparse-run %S/Inputs/slices/sized_dynamic.mlir %t.v8.mtx 5 -o %t.three.mtx
// RUN: FileCheck %s --check-prefix=THREE < %t.three.mtx
// THREE:      3 1
// THREE-NEXT: 0
// THREE-NEXT: 6
// THREE-NEXT: 0
// RUN: not sparse-run %S/Inputs/slices/sized_dynamic.mlir %t.v8.mtx 0 -o %t.eight.mtx 2>&1 | FileCheck %s --check-prefix=SIZED
// SIZED: arr.slice: the slice's size differs from its type's

// Runs seen through a window: c = a[1:11:3] + b[1:11:3], a = (0, 0, 2, 2, 2,
// 0, 5, 5, 0, 0, 7, 7) in runs, b = (0, 1, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0)
// compressed: a's window is (0, 2, 5, 7), b's (1, 3, 0, 0), so c = (1, 5, 5, 7).
// RUN: sparse-run --check-bounds %S/Inputs/slices/runs_window.mlir %S/Inputs/slices/runs12.mtx %S/Inputs/slices/sparse12.mtx -o %t.runs.mtx
// RUN: FileCheck %s --check-prefix=RUNS < %t.runs.mtx
// RUNS:      4 1 4
// RUNS-NEXT: 1 1 1
// RUNS-NEXT: 2 1 5
// RUNS-NEXT: 3 1 5
// RUNS-NEXT: 4 1 7

// Columns 1, 3 and 5 of rows stored in runs, (1, 1, 1, 0, 0, 4), (0, 2, 2,
// 2, 2, 0) and (0, 0, 0, 0, 0, 0), copied into a dense matrix: (1, 0, 4),
// (2, 2, 0), (0, 0, 0), listed by columns.
// RUN: sparse-run --check-bounds %S/Inputs/slices/runs_columns.mlir %S/Inputs/slices/runs3x6.mtx -o %t.columns.mtx
// RUN: FileCheck %s --check-prefix=COLUMNS < %t.columns.mtx
// COLUMNS:      3 3
// COLUMNS-NEXT: 1
// COLUMNS-NEXT: 2
// COLUMNS-NEXT: 0
// COLUMNS-NEXT: 0
// COLUMNS-NEXT: 2
// COLUMNS-NEXT: 0
// COLUMNS-NEXT: 4
// COLUMNS-NEXT: 0
// COLUMNS-NEXT: 0

// A run that crosses a window's end, none of whose coordinates the step
// reaches inside the window, ends it: c = a[1:7:2] + b[1:7:2] = (0, 2, 0) +
// (1, 0, 0) (the run of 5s over 6 and 7 is past it).
// RUN: sparse-run --check-bounds %S/Inputs/slices/runs_window_end.mlir %S/Inputs/slices/runs12.mtx %S/Inputs/slices/sparse12.mtx -o %t.end.mtx
// RUN: FileCheck %s --check-prefix=END < %t.end.mtx
// END:      3 1 2
// END-NEXT: 1 1 1
// END-NEXT: 2 1 2

// Windows of variable blocks: c = a[start:stop] + b[start:stop], a =
// (0, 1, 2, 3, 0, 0, 6, 7, 8, 0, 10, 11) in blocks at 1..3, 6..8 and
// 10..11, b = (0, 1, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0) compressed. From 2 to
// 10 the window starts inside a block and ends in a gap: (2, 3, 3, 0, 6, 7,
// 8, 4); from 7 to 11 it starts and ends inside blocks: (7, 8, 4, 10); from
// 4 to 6 it holds no block: (3, 0); from 12 to 12 nothing.
// RUN: sparse-run --check-bounds %S/Inputs/slices/vbl_window.mlir %S/Inputs/slices/vbl12.mtx %S/Inputs/slices/sparse12.mtx 2 10 -o %t.vbl1.mtx
// RUN: FileCheck %s --check-prefix=VBL_INSIDE --match-full-lines < %t.vbl1.mtx
// VBL_INSIDE:      8 1 7
// VBL_INSIDE-NEXT: 1 1 2
// VBL_INSIDE-NEXT: 2 1 3
// VBL_INSIDE-NEXT: 3 1 3
// VBL_INSIDE-NEXT: 5 1 6
// VBL_INSIDE-NEXT: 6 1 7
// VBL_INSIDE-NEXT: 7 1 8
// VBL_INSIDE-NEXT: 8 1 4
// RUN: sparse-run --check-bounds %S/Inputs/slices/vbl_window.mlir %S/Inputs/slices/vbl12.mtx %S/Inputs/slices/sparse12.mtx 7 11 -o %t.vbl2.mtx
// RUN: FileCheck %s --check-prefix=VBL_ENDS --match-full-lines < %t.vbl2.mtx
// VBL_ENDS:      4 1 4
// VBL_ENDS-NEXT: 1 1 7
// VBL_ENDS-NEXT: 2 1 8
// VBL_ENDS-NEXT: 3 1 4
// VBL_ENDS-NEXT: 4 1 10
// RUN: sparse-run --check-bounds %S/Inputs/slices/vbl_window.mlir %S/Inputs/slices/vbl12.mtx %S/Inputs/slices/sparse12.mtx 4 6 -o %t.vbl3.mtx
// RUN: FileCheck %s --check-prefix=VBL_GAP --match-full-lines < %t.vbl3.mtx
// VBL_GAP:      2 1 1
// VBL_GAP-NEXT: 1 1 3
// RUN: sparse-run --check-bounds %S/Inputs/slices/vbl_window.mlir %S/Inputs/slices/vbl12.mtx %S/Inputs/slices/sparse12.mtx 12 12 -o %t.vbl4.mtx
// RUN: FileCheck %s --check-prefix=VBL_EMPTY --match-full-lines < %t.vbl4.mtx
// VBL_EMPTY: 0 1 0
// A window of each row of a matrix in variable blocks: rows 1 to 3, columns
// 3 to 6 of rows (1, 2 at 0, 1), (3, 4 at 0, 1; 5, 6 at 5, 6), (7 to 13 at
// 2 to 8), () are (0, 0, 5, 6), (8, 9, 10, 11), (0, 0, 0, 0), listed by
// columns.
// RUN: sparse-run --check-bounds %S/Inputs/slices/vbl_columns.mlir %S/Inputs/slices/vbl4x9.mtx -o %t.vblc.mtx
// RUN: FileCheck %s --check-prefix=VBL_ROWS < %t.vblc.mtx
// VBL_ROWS:      3 4
// VBL_ROWS-NEXT: 0
// VBL_ROWS-NEXT: 8
// VBL_ROWS-NEXT: 0
// VBL_ROWS-NEXT: 0
// VBL_ROWS-NEXT: 9
// VBL_ROWS-NEXT: 0
// VBL_ROWS-NEXT: 5
// VBL_ROWS-NEXT: 10
// VBL_ROWS-NEXT: 0
// VBL_ROWS-NEXT: 6
// VBL_ROWS-NEXT: 11
// VBL_ROWS-NEXT: 0
// A strided window of variable blocks: its skips would move the position
// without the block, so the slice is taken of a copy of a in a compressed
// level (refused before: 'a strided slice, or the windows of non-empty
// subsections, of a level whose iterator carries a state (variable_block)').
// a[1:12:2] + b[1:12:2] = (1, 3, 0, 7, 0, 11) + (1, 0, 0, 0, 4, 0);
// a[2:9:2] + b[2:9:2] = (2, 0, 6, 8) + (0, 3, 0, 0).
// RUN: sparse-run --check-bounds %S/Inputs/slices/vbl_strided.mlir %S/Inputs/slices/vbl12.mtx %S/Inputs/slices/sparse12.mtx 1 12 -o %t.vbls1.mtx
// RUN: FileCheck %s --check-prefix=VBL_STRIDED_ODD < %t.vbls1.mtx
// VBL_STRIDED_ODD:      6 1 5
// VBL_STRIDED_ODD-NEXT: 1 1 2
// VBL_STRIDED_ODD-NEXT: 2 1 3
// VBL_STRIDED_ODD-NEXT: 4 1 7
// VBL_STRIDED_ODD-NEXT: 5 1 4
// VBL_STRIDED_ODD-NEXT: 6 1 11
// RUN: sparse-run --check-bounds %S/Inputs/slices/vbl_strided.mlir %S/Inputs/slices/vbl12.mtx %S/Inputs/slices/sparse12.mtx 2 9 -o %t.vbls2.mtx
// RUN: FileCheck %s --check-prefix=VBL_STRIDED_EVEN < %t.vbls2.mtx
// VBL_STRIDED_EVEN:      4 1 4
// VBL_STRIDED_EVEN-NEXT: 1 1 2
// VBL_STRIDED_EVEN-NEXT: 2 1 3
// VBL_STRIDED_EVEN-NEXT: 3 1 6
// VBL_STRIDED_EVEN-NEXT: 4 1 8

// Rows of a slice view copied into CSR, its buffers bounded by the entries
// from the view's first row to its last: slices of no row, one, all, the
// last, and strided, against the rows sliced in Python, with every buffer
// access checked.
// RUN: %python %S/check_sliced_rows.py %S/Inputs/slices/rows_copied.mlir %t/sliced-rows | FileCheck %s --check-prefix=SLICED-ROWS
// SLICED-ROWS: 12 of 12 slices copied right
