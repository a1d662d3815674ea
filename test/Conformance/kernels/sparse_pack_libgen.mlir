// UPSTREAM: sparse_pack_libgen.mlir
// Runtime-library variant of the assemble test: sorted-COO and 32-bit CSR tensors
// built from host buffers with sparse_tensor.assemble and printed with foreach.
// NO KERNEL: host code only (sparse_tensor.assemble of host constant buffers, foreach printing)
