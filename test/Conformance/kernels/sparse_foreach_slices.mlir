// UPSTREAM: sparse_foreach_slices.mlir
// NO KERNEL: host code only (sparse_tensor.foreach printing over strided tensor.extract_slice views of CSR/COO matrices); the slicing itself cannot be restated because upstream's default sparsifier (runtime-library path) rejects slice-encoded tensors, which only enable-runtime-library=false accepts
