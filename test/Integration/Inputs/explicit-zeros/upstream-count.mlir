// Upstream's count of the entries sparse_tensor.new stores from the file
// TENSOR0 names (MLIR's runtime library reads it).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func private @getTensorFilename(index) -> (!llvm.ptr)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %file = call @getTensorFilename(%c0) : (index) -> (!llvm.ptr)
    %a = sparse_tensor.new %file : !llvm.ptr to tensor<3x4xf64, #CSR>
    %n = sparse_tensor.number_of_entries %a : tensor<3x4xf64, #CSR>
    vector.print %n : index
    bufferization.dealloc_tensor %a : tensor<3x4xf64, #CSR>
    return
  }
}
