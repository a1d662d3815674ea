// A kernel that reads its matrix itself, with sparse_tensor.new.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
func.func private @getTensorFilename(index) -> (!llvm.ptr)
func.func @read() -> tensor<?x?xf64, #CSR> {
  %c0 = arith.constant 0 : index
  %f = call @getTensorFilename(%c0) : (index) -> (!llvm.ptr)
  %a = sparse_tensor.new %f : !llvm.ptr to tensor<?x?xf64, #CSR>
  return %a : tensor<?x?xf64, #CSR>
}
