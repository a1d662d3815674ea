// Reads TENSOR0 into a 2 x 8 matrix whose last level is 2:4 (see new.mlir).
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]), crdWidth = 8 }>
module {
  func.func private @getTensorFilename(index) -> (!llvm.ptr)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f = call @getTensorFilename(%c0) : (index) -> (!llvm.ptr)
    %a = sparse_tensor.new %f : !llvm.ptr to tensor<2x8xf64, #NV24>
    sparse_tensor.print %a : tensor<2x8xf64, #NV24>
    bufferization.dealloc_tensor %a : tensor<2x8xf64, #NV24>
    return
  }
}
