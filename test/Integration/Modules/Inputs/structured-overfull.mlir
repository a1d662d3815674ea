// A dense matrix whose second group of four holds three entries, converted
// to 2:4 (run by structured-output.mlir).
#NV_24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
module {
  func.func @main() {
    %td = arith.constant dense<[[ 1.0, 0.0, 0.0, 0.0,  2.0, 3.0, 0.0, 4.0]]> : tensor<1x8xf64>
    %a = sparse_tensor.convert %td : tensor<1x8xf64> to tensor<1x8xf64, #NV_24>
    sparse_tensor.print %a : tensor<1x8xf64, #NV_24>
    bufferization.dealloc_tensor %a : tensor<1x8xf64, #NV_24>
    return
  }
}
