// UPSTREAM: sparse_print_3d.mlir
// Assembles a 3-d f64 tensor with a leading batch level (batch, dense, compressed)
// from host buffers and prints its storage with sparse_tensor.print.
// NO KERNEL: host code only (sparse_tensor.assemble of host constant buffers, sparse_tensor.print)
