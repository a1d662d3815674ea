// Reads TENSOR0 into a BSR matrix of dynamic sizes (see new.mlir).
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
module {
  func.func private @getTensorFilename(index) -> (!llvm.ptr)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f = call @getTensorFilename(%c0) : (index) -> (!llvm.ptr)
    %a = sparse_tensor.new %f : !llvm.ptr to tensor<?x?xf64, #BSR>
    sparse_tensor.print %a : tensor<?x?xf64, #BSR>
    bufferization.dealloc_tensor %a : tensor<?x?xf64, #BSR>
    return
  }
}
