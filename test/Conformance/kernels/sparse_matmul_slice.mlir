// UPSTREAM: sparse_matmul_slice.mlir
// NO KERNEL: the kernels multiply sparse tensor slices (CSR/DCSR/COO views with static and dynamic slice offsets/strides, from tensor.extract_slice), which upstream's default sparsifier (runtime-library path) rejects; only enable-runtime-library=false accepts them, so none can be restated to pass the oracle
