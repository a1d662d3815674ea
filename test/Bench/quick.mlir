// The benchmark harness runs end to end at the smallest size: our kernels
// and upstream's sparsifier on the same files, every answer checked against
// ours (no timing is asserted). The Python peers are left to scripts/bench.
// RUN: sparse-bench --quick --no-python --repeat 5 --out %t.md --work %t.work
// RUN: FileCheck %s < %t.md
// RUN: not grep -q "wrong answer" %t.md
// CHECK: # Benchmarks
// CHECK: Memory bandwidth anchor (streaming triad):
// CHECK: | spmv | uniform 8/row | L2 | CSR |
// CHECK: | minplus | uniform 8/row | L2 | CSR fill inf | {{.*}} | n/a |
// CHECK: | row_min | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | bfs_step | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | pagerank | uniform 8/row | L2 | CSR |
// CHECK: | spmv_acc | uniform 8/row | L2 | CSR |
// CHECK: | transpose | uniform 8/row | L2 | CSR |
// CHECK: | transpose_coord | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | convert | uniform 8/row | L2 | CSR | {{.*}} | {{[0-9.]+}}× |
// CHECK: | spadd | uniform 8/row | L2 | CSR |
// CHECK: | slice_rows | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | split_back | uniform 8/row | L2 | COO | {{.*}} | n/a |
// CHECK: | vstack_spmv | uniform 8/row | L2 | CSR |
// CHECK: | hstack_spmv_unfused | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | collapse_multiply | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | collapse_multiply_unfused | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | slice_multiply | uniform 8/row | L2 | CSR | {{[0-9]+}} | {{[^|]*}} | {{[0-9.]+ (m|µ)}}s (
// CHECK: | slice_multiply_unfused | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | maximum | uniform 8/row | L2 | CSR |
// CHECK: | logical_xor | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | where | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | mul_add | uniform 8/row | L2 | CSR |
// CHECK: | mul_add | uniform 8/row | L2 | CSR fill 1 | {{.*}} | n/a |
// CHECK: | triangles | uniform 8/row | L2 | CSR |
// CHECK: | spgemm | uniform 8/row | L2 | CSR |
// CHECK: | spgemm_coord | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | spgemm_hash | uniform 8/row | L2 | CSR | {{.*}} | n/a |
// CHECK: | spgemm | uniform 8/row, A·Aᵀ | L2 | CSR |
// CHECK: | mttkrp | skewed slices | L2 | CSF |
// CHECK: Against upstream: geometric mean
// CHECK: SpGEMM through our dense workspace against our hash workspace
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: - uniform 8/row L2: dense {{.*}}, coordinate {{.*}} ({{.*}}× the dense workspace's time)
// CHECK-NEXT: - uniform 8/row L2: dense {{.*}}, hash {{.*}} ({{.*}}× the dense workspace's time)
// CHECK: Transposition through our bucket workspace (the default) against our coordinate workspace
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: - uniform 8/row L2: bucket {{.*}}, coordinate {{.*}} ({{.*}}× the bucket workspace's time)
// CHECK: SpMV over a concatenation and elementwise products of a view, fused
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: - vstack_spmv uniform 8/row L2: fused {{.*}}, unfused {{.*}} ({{.*}}× faster fused)
// CHECK-NEXT: - hstack_spmv uniform 8/row L2: fused {{.*}}, unfused {{.*}} ({{.*}}× faster fused)
// CHECK-NEXT: - collapse_multiply uniform 8/row L2: fused {{.*}}, unfused {{.*}} ({{.*}}× faster fused)
// CHECK-NEXT: - slice_multiply uniform 8/row L2: fused {{.*}}, unfused {{.*}} ({{.*}}× faster fused)
// CHECK: Initial value from an argument: spmv_acc
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: - uniform 8/row L2 CSR: ours {{.*}} against {{.*}}; upstream {{.*}} against {{.*}}
