// UPSTREAM: sparse_rewrite_sort_coo.mlir
// Exercises sparse_tensor.sort on an interleaved (strided) COO coordinate buffer with a
// permutation map and a jointly sorted value buffer (quick, stable insertion, heap sort).
// NO KERNEL: host code only (sparse_tensor.sort on memref buffers; no tensor computation)
