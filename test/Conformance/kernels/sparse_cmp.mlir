// UPSTREAM: sparse_cmp.mlir
// Elementwise unordered-less-than comparison of two f64 matrices, producing i8 0/1,
// with dense operands, a DCSR left operand, or both operands DCSR.

#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>

#cmp2d = {
  indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>,
                   affine_map<(r, c) -> (r, c)>],
  iterator_types = ["parallel", "parallel"]
}

// KERNEL: all dense: x = (a <ult b) as i8, into an argument (outs)
func.func @less_dense(%a: tensor<5x5xf64>, %b: tensor<5x5xf64>, %x: tensor<5x5xi8>) -> tensor<5x5xi8> {
  %r = linalg.generic #cmp2d ins(%a, %b : tensor<5x5xf64>, tensor<5x5xf64>)
                             outs(%x : tensor<5x5xi8>) {
  ^bb0(%p: f64, %q: f64, %o: i8):
    %lt = arith.cmpf ult, %p, %q : f64
    %e = arith.extui %lt : i1 to i8
    linalg.yield %e : i8
  } -> tensor<5x5xi8>
  return %r : tensor<5x5xi8>
}

// KERNEL: DCSR a vs dense b, (a <ult b) as i8 into a fresh DCSR result
func.func @less_sparse_lhs(%a: tensor<5x5xf64, #Dcsr>, %b: tensor<5x5xf64>) -> tensor<5x5xi8, #Dcsr> {
  %fresh = tensor.empty() : tensor<5x5xi8, #Dcsr>
  %r = linalg.generic #cmp2d ins(%a, %b : tensor<5x5xf64, #Dcsr>, tensor<5x5xf64>)
                             outs(%fresh : tensor<5x5xi8, #Dcsr>) {
  ^bb0(%p: f64, %q: f64, %o: i8):
    %lt = arith.cmpf ult, %p, %q : f64
    %e = arith.extui %lt : i1 to i8
    linalg.yield %e : i8
  } -> tensor<5x5xi8, #Dcsr>
  return %r : tensor<5x5xi8, #Dcsr>
}

// KERNEL: DCSR a vs DCSR b, (a <ult b) as i8 into a fresh DCSR result
func.func @less_sparse_both(%a: tensor<5x5xf64, #Dcsr>, %b: tensor<5x5xf64, #Dcsr>) -> tensor<5x5xi8, #Dcsr> {
  %fresh = tensor.empty() : tensor<5x5xi8, #Dcsr>
  %r = linalg.generic #cmp2d ins(%a, %b : tensor<5x5xf64, #Dcsr>, tensor<5x5xf64, #Dcsr>)
                             outs(%fresh : tensor<5x5xi8, #Dcsr>) {
  ^bb0(%p: f64, %q: f64, %o: i8):
    %lt = arith.cmpf ult, %p, %q : f64
    %e = arith.extui %lt : i1 to i8
    linalg.yield %e : i8
  } -> tensor<5x5xi8, #Dcsr>
  return %r : tensor<5x5xi8, #Dcsr>
}
