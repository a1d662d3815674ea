// The I/O benchmark runs end to end at its smallest size, ours only: each
// generated .mtx file read, stored in CSR and written back by a fresh
// process on 1 and 2 threads, the written file checked to hold the matrix,
// and the .npz load (no timing is asserted). SciPy is left to scripts/bench.
// RUN: sparse-bench --io --quick --no-python --repeat 5 --out %t.md --work %t.work
// RUN: FileCheck %s < %t.md
// CHECK: # I/O benchmarks
// CHECK: SciPy was not run.
// CHECK: | uniform 8/row | {{[0-9]+}} | {{[0-9]+}} MB | 1 | {{[0-9.]+}} s | — | — |
// CHECK: | uniform 8/row | {{[0-9]+}} | {{[0-9]+}} MB | 2 |
// CHECK: | R-MAT | {{[0-9]+}} | {{[0-9]+}} MB | 1 |
// CHECK: | banded 5 | {{[0-9]+}} | {{[0-9]+}} MB | 2 |
// CHECK: | data | entries | ours from .npz | ours from .mtx |
// CHECK: | uniform 8/row | {{[0-9]+}} | {{[0-9.]+}} s | {{[0-9.]+}} s | {{[0-9.]+}}× | — | — |
