// A concatenation read by a kernel, whose operands differ in their number of
// columns, known only when run: stopped with a message (see concat-fused.mlir).
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
module {
  func.func @spmv(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x?xf64, #CSR>, %x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64> {
    %s = tensor.concat dim(0) %a, %b : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR>
    %r = linalg.matvec ins(%s, %x : tensor<?x?xf64, #CSR>, tensor<?xf64>) outs(%y : tensor<?xf64>) -> tensor<?xf64>
    return %r : tensor<?xf64>
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %d2 = arith.constant dense<[[1.0, 0.0], [0.0, 2.0]]> : tensor<2x2xf64>
    %d3 = arith.constant dense<[[1.0, 0.0, 3.0]]> : tensor<1x3xf64>
    %a = sparse_tensor.convert %d2 : tensor<2x2xf64> to tensor<?x?xf64, #CSR>
    %b = sparse_tensor.convert %d3 : tensor<1x3xf64> to tensor<?x?xf64, #CSR>
    %dx = arith.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf64>
    %x = tensor.cast %dx : tensor<3xf64> to tensor<?xf64>
    %dy = arith.constant dense<0.0> : tensor<3xf64>
    %y = tensor.cast %dy : tensor<3xf64> to tensor<?xf64>
    %r = call @spmv(%a, %b, %x, %y) : (tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR>, tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
    %v = vector.transfer_read %r[%c0], %f0 : tensor<?xf64>, vector<3xf64>
    vector.print %v : vector<3xf64>
    return
  }
}
