// UPSTREAM: sparse_rewrite_sort.mlir
// Exercises the sparse_tensor.sort buffer primitive (quick and stable insertion sort,
// joint sorting of parallel arrays) on memrefs from host code.
// NO KERNEL: host code only (sparse_tensor.sort on memref buffers; no tensor computation)
