// The thread-scaling benchmark runs end to end at its smallest size: each
// kernel compiled for one thread and for all the machine's, timed in turn,
// their results compared entry by entry (no timing is asserted). SDDMM's
// rows run in parallel at this size; SpMV's 2,000 rows (a constant count
// below 4,096) do not.
// RUN: sparse-bench --thread-scaling --quick --repeat 5 --out %t.md --work %t.work
// RUN: FileCheck %s < %t.md
// RUN: not grep -q '\*\*no\*\*' %t.md
// CHECK: # Thread scaling
// CHECK: The streaming triad
// CHECK: | case | 1 thread | {{[0-9]+}} threads | speed-up | parallel | identical |
// CHECK: | spmv-CSR-uniform_8_row-L2 | {{[0-9.]+}} ms | {{[0-9.]+}} ms | {{[0-9.]+}}× | no | yes |
// CHECK: | sddmm-CSR-uniform_8_row-L2 | {{[0-9.]+}} ms | {{[0-9.]+}} ms | {{[0-9.]+}}× | yes | yes |
