// UPSTREAM: sparse_rewrite_push_back.mlir
// Exercises the sparse_tensor.push_back buffer primitive (append to a memref with
// a size counter, growing it) directly from host code.
// NO KERNEL: host code only (sparse_tensor.push_back on memref buffers; no tensor computation)
