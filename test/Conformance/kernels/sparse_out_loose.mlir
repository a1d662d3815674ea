// UPSTREAM: sparse_out_loose.mlir
// Writes a loose-compressed matrix, built with sparse_tensor.assemble from host
// buffers, to a file/stdout with sparse_tensor.out.
// NO KERNEL: host code only (sparse_tensor.assemble from constants, then sparse_tensor.out file output)
