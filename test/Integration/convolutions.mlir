// Convolutions run by sparse-run on random data and checked against a dense
// evaluation in Python, all with dynamic sizes. Images stored densely: a 2-D
// convolution in arr form with the image stored by columns and a CSR filter,
// and a strided, dilated 1-D one in upstream form with a compressed filter.
// An image too small for the result the caller sizes is an error when the
// kernel runs, with exit status 1.
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/conv2d_column_major.mlir conv2d %t | FileCheck %s --check-prefix=CONV2D
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/strided_conv1d.mlir strided_conv1d %t | FileCheck %s --check-prefix=STRIDED
// CONV2D: conv2d: 4 of 4 cases match
// STRIDED: strided_conv1d: 4 of 4 cases match

// Sparse images, read through windows of their levels (index-variable
// reduction, paper 003): CSR, DCSR (with a CSR filter and a DCSR result, its
// size from the tensor.empty), CSC and COO images in 2-D; a strided, dilated
// 1-D convolution of a compressed vector; a subscript of three loops with an
// intercept and a coefficient (i + j + 2l + 1); a sum over a window; a window
// beside a CSR operand that orders the result's loop outside the window's.
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/sparse_conv2d_csr.mlir sparse_conv2d %t | FileCheck %s --check-prefix=SPARSE
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/sparse_conv2d_csc.mlir sparse_conv2d %t | FileCheck %s --check-prefix=SPARSE
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/sparse_conv2d_coo.mlir sparse_conv2d %t | FileCheck %s --check-prefix=SPARSE
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/sparse_conv2d_dcsr.mlir sparse_conv2d_both %t | FileCheck %s --check-prefix=BOTH
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/sparse_strided_conv1d.mlir sparse_strided_conv1d %t | FileCheck %s --check-prefix=SPARSE1D
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/three_terms.mlir three_terms %t | FileCheck %s --check-prefix=THREE
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/shifted_sum.mlir shifted_sum %t | FileCheck %s --check-prefix=SHIFTED
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/window_beside_rows.mlir window_beside_rows %t | FileCheck %s --check-prefix=BESIDE
// The same over a vector in variable blocks, whose windows are taken of a
// copy in a compressed level (refused before: 'the subsections of a level
// whose iterator carries a state (variable_block)').
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/window_beside_rows_vbl.mlir window_beside_rows %t | FileCheck %s --check-prefix=BESIDE
// The same copy of a tensor stored in batches of variable-block rows: the
// copy's batch level is dense, a statement assembling no batch level (it was
// refused: 'batch level 0 cannot be assembled as an output by cfir-to-scf
// yet'; sparse-fuzz kernels seed 20261215 case 5046). Y(b, i) = Σ_k A(b, i + k)
// · w(k), A = [[1, 0, 2, 3], [0, 4, 0, 5]], w = [1, 10], Y column-major.
// RUN: sparse-run --check-bounds %S/Inputs/convolutions/batched_windows.mlir %S/Inputs/convolutions/batched24.mtx %S/Inputs/convolutions/taps2.mtx -o %t.batched.mtx
// RUN: FileCheck %s --check-prefix=BATCHED < %t.batched.mtx
// BATCHED:      2 3
// BATCHED-NEXT: 1
// BATCHED-NEXT: 40
// BATCHED-NEXT: 20
// BATCHED-NEXT: 4
// BATCHED-NEXT: 32
// BATCHED-NEXT: 50
// SPARSE: sparse_conv2d: 4 of 4 cases match
// BOTH: sparse_conv2d_both: 4 of 4 cases match
// SPARSE1D: sparse_strided_conv1d: 4 of 4 cases match
// THREE: three_terms: 4 of 4 cases match
// SHIFTED: shifted_sum: 4 of 4 cases match
// BESIDE: window_beside_rows: 4 of 4 cases match

// The image [[1, 4, 7], [2, 5, 8], [3, 6, 9]] (listed by columns) with the
// filter [[1, 0], [0, -1]]: every component is X(i, j) - X(i + 1, j + 1) = -4.
// RUN: sparse-run %S/Inputs/convolutions/conv2d_into.mlir %S/Inputs/convolutions/image3.mtx %S/Inputs/convolutions/filter2.mtx %S/Inputs/convolutions/zeros22.mtx -o %t.fits.mtx
// RUN: FileCheck %s --check-prefix=FITS < %t.fits.mtx
// FITS:      2 2
// FITS-NEXT: -4
// FITS-NEXT: -4
// FITS-NEXT: -4
// FITS-NEXT: -4

// A 3 x 2 result would read row 3 of the 3 x 3 image.
// RUN: not sparse-run %S/Inputs/convolutions/conv2d_into.mlir %S/Inputs/convolutions/image3.mtx %S/Inputs/convolutions/filter2.mtx %S/Inputs/convolutions/zeros32.mtx -o %t.outside.mtx 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: operand 0 is read at compound subscripts past the end of its dimension 0: it is too small for the loops' sizes

// The same check for a window of a sparse vector: y(i) = Σ x(i + j + 2l + 1) ·
// a(j) · b(l) with x = [0, 1.5], a = [2], b = [1] fits one result (3) but
// not two, whose second reads x(2).
// RUN: sparse-run %S/Inputs/convolutions/three_terms.mlir %S/Inputs/convolutions/vector2.mtx %S/Inputs/convolutions/one.mtx %S/Inputs/convolutions/unit1.mtx %S/Inputs/convolutions/zeros1.mtx -o %t.window.mtx
// RUN: FileCheck %s --check-prefix=WINDOW < %t.window.mtx
// WINDOW:      1 1
// WINDOW-NEXT: 3
// RUN: not sparse-run %S/Inputs/convolutions/three_terms.mlir %S/Inputs/convolutions/vector2.mtx %S/Inputs/convolutions/one.mtx %S/Inputs/convolutions/unit1.mtx %S/Inputs/convolutions/zeros2.mtx -o %t.past.mtx 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: operand 0 is read at compound subscripts past the end of its dimension 0: it is too small for the loops' sizes

// A loop that only a dense operand's plain subscript names sizes by that
// dimension, though the operand's read is computed (its other subscript is
// 2i): y = y0 + the sums of A's even rows, (100 + 1 + 2 + 3, 200 + 4 + 5 + 6).
// It was refused ('the size of loop dimension d1 is not known').
// RUN: sparse-run --check-bounds %S/Inputs/convolutions/even_row_sums.mlir %S/Inputs/convolutions/a43.mtx %S/Inputs/convolutions/y2.mtx -o %t.even.mtx
// RUN: FileCheck %s --check-prefix=EVEN_ROWS < %t.even.mtx
// EVEN_ROWS:      2 1
// EVEN_ROWS-NEXT: 106
// EVEN_ROWS-NEXT: 215

// Windows of a COO matrix's singleton level under its nonunique rows
// (sparse-fuzz upstream seed 20261205 case 962: y(j, k) = Σ_i B(j, k + i)³):
// a row of equal coordinates whose level below is read through a window is
// not taken for a plain walk of that level, which looked the window up
// before it was lowered ('a sig.slice used before it is defined'). The
// expected result is upstream's and the dense reference's.
// RUN: sparse-run --check-bounds %S/Inputs/convolutions/coo_windows/kernel.mlir %S/Inputs/convolutions/coo_windows/input0.tns %S/Inputs/convolutions/coo_windows/input1.mtx -o %t.coo_windows.mtx
// RUN: diff %t.coo_windows.mtx %S/Inputs/convolutions/coo_windows/expected.mtx

// A reduction into a sparse result that linalg.fill gives a value other than
// 0 is refused, not started from 0.
// RUN: not sparse-opt %S/Inputs/convolutions/filled_sparse_result.mlir --sparse-compiler 2>&1 | FileCheck %s --check-prefix=FILLED_SPARSE
// FILLED_SPARSE: filled_sparse_result.mlir:{{[0-9]+}}:8: error: a reduction into a sparse result that starts from an initial value needs a workspace
