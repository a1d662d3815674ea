// Convolutions whose image is stored densely, run by sparse-run on random
// data and checked against a dense evaluation in Python: a 2-D convolution in
// arr form with the image stored by columns and a CSR filter, and a strided,
// dilated 1-D one in upstream form with a compressed filter, both with
// dynamic sizes. An image too small for the result the caller sizes is an
// error when the kernel runs, with exit status 1.
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/conv2d_column_major.mlir conv2d %t | FileCheck %s --check-prefix=CONV2D
// RUN: %python %S/check_kernel.py %S/Inputs/convolutions/strided_conv1d.mlir strided_conv1d %t | FileCheck %s --check-prefix=STRIDED
// CONV2D: conv2d: 4 of 4 cases match
// STRIDED: strided_conv1d: 4 of 4 cases match

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
