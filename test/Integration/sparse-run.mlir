// sparse-run compiles the shipped SpMV kernel, runs it on the shipped data
// and writes y = A·x; A has an empty row.
// RUN: sparse-run %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.mtx --time --repeat 3 2> %t.time
// RUN: FileCheck %s < %t.mtx
// RUN: FileCheck %s --check-prefix=TIME < %t.time
// CHECK: %%MatrixMarket matrix array real general
// CHECK-NEXT: 4 1
// CHECK-NEXT: 9
// CHECK-NEXT: 6
// CHECK-NEXT: 0
// CHECK-NEXT: 49
// TIME: load_time_s: {{[0-9.]+}}
// TIME: convert_time_s: {{[0-9.]+}}
// TIME: compile_time_s: {{[0-9.]+}}
// TIME: kernel_time_s: {{[0-9.]+}}
// TIME: write_time_s: {{[0-9.]+}}
// TIME: peak_memory_mib: {{[0-9.]+}}
// TIME: kernel_memory_mib: {{[0-9.]+}}
// Read on one thread, the same answer; no threads is refused.
// RUN: sparse-run --threads 1 %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.one.mtx
// RUN: diff %t.mtx %t.one.mtx
// RUN: not sparse-run --threads 0 %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.zero.mtx 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: invalid value '0' for '--threads <N>'
// With every buffer access checked, the same answer.
// RUN: sparse-run --check-bounds %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx -o %t.checked.mtx
// RUN: diff %t.mtx %t.checked.mtx
// A failed check prints what it found before the program aborts, also into
// a pipe (the C library's standard output is unbuffered then).
// RUN: not --crash sparse-run --check-bounds %S/Inputs/extract_at.mlir %S/Inputs/x4.mtx 9 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: ERROR: Runtime op verification failed
// BOUNDS: out-of-bounds access

// Bad input is an error naming the file or the input, with a non-zero exit.
// RUN: not sparse-run %examples/spmv.mlir %examples/data/A.mtx 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: sparse-run: error: @spmv takes 2 inputs but 1 were given
// RUN: not sparse-run %examples/spmv.mlir %examples/data/A.mtx %examples/data/A.mtx 2>&1 | FileCheck %s --check-prefix=VECTOR
// VECTOR: A.mtx: a 4x5 matrix is not a vector; the parameter has rank 1
// RUN: not sparse-run %examples/spmv.mlir %examples/data/A.mtx %S/Inputs/x4.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=AGREE
// AGREE: sparse-run: error: dimension 1 of input 1 (5) and dimension 0 of input 2 (4) must agree
// RUN: not sparse-run %examples/spmv.mlir %S/Inputs/truncated.mtx %examples/data/x.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: sparse-run: error: {{.*}}truncated.mtx:{{[0-9]+}}: 
// RUN: not sparse-run %examples/spmv.mlir %S/Inputs/out-of-range.mtx %examples/data/x.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: sparse-run: error: {{.*}}out-of-range.mtx:3: 
// RUN: not sparse-run %t.missing.mlir 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: sparse-run: error: could not read kernel file
// RUN: printf 'func.func @f( {\n' > %t.bad.mlir
// RUN: not sparse-run %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: bad.mlir:1:14: error: expected non-function type
// RUN: not sparse-run %examples/spmv.mlir %examples/data/A.mtx %examples/data/x.mtx 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: sparse-run: error: the result is a tensor: name an output file with -o

// An init's size is checked too: it is the result's (here the rows of A, 4).
// RUN: %python -c "print('7 1'); [print(1.0) for _ in range(7)]" > %t.y7.body
// RUN: %python -c "print('%%%%MatrixMarket matrix array real general')" > %t.y7.mtx
// RUN: cat %t.y7.body >> %t.y7.mtx
// RUN: not sparse-run %S/Inputs/spmv_init.mlir %examples/data/A.mtx %examples/data/x.mtx %t.y7.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: sparse-run: error: dimension 0 of input 1 (4) and dimension 0 of input 3 (7) must agree

// Sizes are checked for kernels in upstream's linalg form too.
// RUN: not sparse-run %examples/kernels/linalg_spmv_csr.mlir %examples/data/A.mtx %S/Inputs/x4.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=LINALG
// LINALG: sparse-run: error: dimension 1 of input 1 (5) and dimension 0 of input 2 (4) must agree

// A scalar result is printed, or written as a 0-d tensor is.
// RUN: sparse-run %S/Inputs/size_query.mlir %examples/data/A.mtx | FileCheck %s --check-prefix=SCALAR
// RUN: sparse-run %S/Inputs/size_query.mlir %examples/data/A.mtx -o %t.scalar.tns
// RUN: FileCheck %s --check-prefix=SCALAR < %t.scalar.tns
// SCALAR: 5
// An entry of scalars alone.
// RUN: sparse-run %S/Inputs/scalars_alone.mlir --entry twice 2.5 | FileCheck %s --check-prefix=TWICE
// RUN: sparse-run %S/Inputs/scalars_alone.mlir --entry two | FileCheck %s --check-prefix=TWO
// TWICE: {{^}}5{{$}}
// TWO: {{^}}2{{$}}
// A complex scalar result too, of either width.
// RUN: sparse-run %S/Inputs/complex_scalar.mlir --entry kernel %examples/data/x.mtx -- 1.5 | FileCheck %s --check-prefix=COMPLEX_SCALAR
// RUN: sparse-run %S/Inputs/complex_scalar.mlir --entry passed %examples/data/x.mtx -- 1.5,-2 | FileCheck %s --check-prefix=COMPLEX_PASSED
// COMPLEX_SCALAR: 1.5 1.5
// COMPLEX_PASSED: 1.5 -2

// The JIT loads MLIR's C runner utilities, so a kernel can read its own
// input with sparse_tensor.new (the sparse runtime library) and getTensorFilename.
// RUN: env TENSOR0=%examples/data/A.mtx sparse-run %S/Inputs/modules/read-file.mlir -o %t.read.mtx
// RUN: FileCheck %s --check-prefix=READ < %t.read.mtx
// READ:      4 5 6
// READ-NEXT: 1 1 1
// READ-NEXT: 1 4 2
// READ-NEXT: 2 2 3
// READ-NEXT: 4 1 4
// READ-NEXT: 4 3 5
// READ-NEXT: 4 5 6

// A buffer the allocator cannot give stops the kernel with an error and
// status 1 (advise-huge-pages' helper after each allocation), where it
// would write through a null pointer.
// RUN: not sparse-run %S/Inputs/unallocatable.mlir 1.0 -o %t.unallocatable.tns 2>&1 | FileCheck %s --check-prefix=UNALLOCATABLE
// UNALLOCATABLE: error: the kernel could not allocate a buffer: this machine's memory cannot hold it
