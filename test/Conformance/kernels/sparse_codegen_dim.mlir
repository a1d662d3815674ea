// UPSTREAM: sparse_codegen_dim.mlir
// Querying dimension sizes (tensor.dim) of DCSR tensors, with and without the runtime
// support library.

#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

// KERNEL: size of dimension 1 of a DCSR matrix, returned as an index scalar
func.func @dcsr_cols(%m: tensor<4x5xf64, #Dcsr>) -> index {
  %one = arith.constant 1 : index
  %n = tensor.dim %m, %one : tensor<4x5xf64, #Dcsr>
  return %n : index
}
