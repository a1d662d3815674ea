// sparse-run reads the files NumPy and SciPy write and writes files they
// read. The inputs in Inputs/numpy were written by NumPy 2.4 and SciPy 1.17
// from examples/data/A.mtx and x.mtx: scipy.sparse.save_npz of A as a
// csr_matrix (compressed, the default), a csc_array (uncompressed) and a
// coo_matrix; numpy.save of x in f64 and in big-endian int32, of A as a
// dense Fortran-ordered array, of y = A·x; and save_npz of a 3-d coo_array.
//
// SpMV from every form of A gives NumPy's own y.npy, byte for byte.
// RUN: sparse-run %examples/spmv.mlir %S/Inputs/numpy/A_csr.npz %S/Inputs/numpy/x.npy -o %t.csr.npy
// RUN: cmp %t.csr.npy %S/Inputs/numpy/y.npy
// RUN: sparse-run %examples/spmv.mlir %S/Inputs/numpy/A_csc.npz %S/Inputs/numpy/x_int32_big.npy -o %t.csc.npy
// RUN: cmp %t.csc.npy %S/Inputs/numpy/y.npy
// RUN: sparse-run %examples/spmv.mlir %S/Inputs/numpy/A_coo.npz %S/Inputs/numpy/x.npy -o %t.coo.npy
// RUN: cmp %t.coo.npy %S/Inputs/numpy/y.npy
// RUN: sparse-run %examples/spmv.mlir %S/Inputs/numpy/A_fortran.npy %S/Inputs/numpy/x.npy -o %t.fortran.npy
// RUN: cmp %t.fortran.npy %S/Inputs/numpy/y.npy
//
// Gzipped text in and out.
// RUN: gzip -c %examples/data/A.mtx > %t.A.mtx.gz
// RUN: sparse-run %examples/spmv.mlir %t.A.mtx.gz %S/Inputs/numpy/x.npy -o %t.y.mtx.gz
// RUN: gzip -dc %t.y.mtx.gz | FileCheck %s --check-prefix=GZ
// GZ: %%MatrixMarket matrix array real general
// GZ-NEXT: 4 1
// GZ-NEXT: 9
// GZ-NEXT: 6
// GZ-NEXT: 0
// GZ-NEXT: 49
//
// A sparse result as a .npz CSR matrix, read back: A + A sums to twice 21.
// RUN: sparse-run %examples/kernels/spadd.mlir %S/Inputs/numpy/A_csr.npz %t.A.mtx.gz -o %t.twice.npz
// RUN: sparse-run %examples/kernels/sum.mlir %t.twice.npz | FileCheck %s --check-prefix=SUM
// SUM: 42
//
// A 3-d COO array: C(i, j) = Σ_k T(i, j, k) v(k), its zeros not written.
// RUN: printf '1 1\n2 10\n3 100\n' > %t.v.tns
// RUN: sparse-run %examples/kernels/ttv.mlir %S/Inputs/numpy/T_coo3.npz %t.v.tns -o %t.C.npz
// RUN: sparse-run %examples/kernels/ttv.mlir %S/Inputs/numpy/T_coo3.npz %t.v.tns -o %t.C.tns
// RUN: FileCheck %s --check-prefix=TTV < %t.C.tns
// TTV: 1 2 150
// TTV: 2 1 -200
// TTV: 3 4 3
// RUN: sparse-run %examples/kernels/sum.mlir %t.C.npz | FileCheck %s --check-prefix=CSUM
// CSUM: -47
//
// Files that are not what their names say, and results a file cannot hold.
// RUN: not sparse-run %examples/spmv.mlir %S/Inputs/numpy/x.npy %S/Inputs/numpy/x.npy 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: x.npy: input 1 has rank 1 but its parameter has rank 2
// RUN: cp %S/Inputs/numpy/x.npy %t.not.npz
// RUN: not sparse-run %examples/spmv.mlir %t.not.npz %S/Inputs/numpy/x.npy 2>&1 | FileCheck %s --check-prefix=NOTZIP
// NOTZIP: not.npz: not a ZIP archive (no end of central directory record)
// RUN: not sparse-run %examples/spmv.mlir %S/Inputs/numpy/A_csr.npz %S/Inputs/numpy/A_csr.npz 2>&1 | FileCheck %s --check-prefix=VECTOR
// VECTOR: A_csr.npz: a 4x5 matrix is not a vector; the parameter has rank 1
// RUN: not sparse-run %examples/spmv.mlir %t.A.mtx.gz %S/Inputs/numpy/x.npy -o %t.y.txt 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: y.txt' is not a data file this tool writes (.mtx, .tns (either gzipped, .gz), .npy or .npz)
// RUN: printf 'not gzip' > %t.bad.mtx.gz
// RUN: not sparse-run %examples/spmv.mlir %t.bad.mtx.gz %S/Inputs/numpy/x.npy -o %t.y.npy 2>&1 | FileCheck %s --check-prefix=BADGZ
// BADGZ: bad.mtx.gz: not a readable gzip file
