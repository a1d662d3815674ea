// Reads TENSOR0 into a COO matrix with 8-bit coordinates (see new.mlir).
#COO8 = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton), crdWidth = 8 }>
module {
  func.func private @getTensorFilename(index) -> (!llvm.ptr)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f = call @getTensorFilename(%c0) : (index) -> (!llvm.ptr)
    %a = sparse_tensor.new %f : !llvm.ptr to tensor<?x?xf64, #COO8>
    sparse_tensor.print %a : tensor<?x?xf64, #COO8>
    bufferization.dealloc_tensor %a : tensor<?x?xf64, #COO8>
    return
  }
}
