// UPSTREAM: sparse_file_io.mlir
// NO KERNEL: host code only (reading a tensor file through the runtime reader API and writing it back out with the writer API, then printing)
