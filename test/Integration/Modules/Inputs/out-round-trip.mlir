// Writes a CSR matrix to the file TENSOR0 names, reads it back as DCSR and
// prints it (out.mlir runs it).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
module {
  func.func private @getTensorFilename(index) -> !llvm.ptr
  func.func @main() {
    %c0 = arith.constant 0 : index
    %file = call @getTensorFilename(%c0) : (index) -> !llvm.ptr
    %d = arith.constant dense<[[0.0, 1.5, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, -4.25, 0.125]]> : tensor<3x4xf64>
    %csr = sparse_tensor.convert %d : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    sparse_tensor.out %csr, %file : tensor<3x4xf64, #CSR>, !llvm.ptr
    %back = sparse_tensor.new %file : !llvm.ptr to tensor<3x4xf64, #DCSR>
    // ROUND:      nse = 5
    // ROUND:      crd[0] : ( 0, 2 )
    // ROUND-NEXT: pos[1] : ( 0, 2, 5 )
    // ROUND-NEXT: crd[1] : ( 1, 3, 0, 2, 3 )
    // ROUND-NEXT: values : ( 1.5, 2, 3, -4.25, 0.125 )
    sparse_tensor.print %back : tensor<3x4xf64, #DCSR>
    bufferization.dealloc_tensor %csr : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %back : tensor<3x4xf64, #DCSR>
    return
  }
}
// FILE:      # extended FROSTT format
// FILE-NEXT: 2 5
// FILE-NEXT: 3 4
// FILE-NEXT: 1 2 1.5
