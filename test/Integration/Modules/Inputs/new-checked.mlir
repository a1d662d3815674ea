// Reads TENSOR0 into a 4 x 6 CSR matrix (see new.mlir).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func private @getTensorFilename(index) -> (!llvm.ptr)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f = call @getTensorFilename(%c0) : (index) -> (!llvm.ptr)
    %a = sparse_tensor.new %f : !llvm.ptr to tensor<4x6xf64, #CSR>
    sparse_tensor.print %a : tensor<4x6xf64, #CSR>
    bufferization.dealloc_tensor %a : tensor<4x6xf64, #CSR>
    return
  }
}
