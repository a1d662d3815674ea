// UPSTREAM: sparse_conversion_dyn.mlir
// Dense-to-DCSR/DCSC conversions and DCSR<->DCSC cross conversions of a very sparse
// matrix; upstream varies static versus dynamic envelope shapes, which the static
// shapes here cannot express.

#Dcsr = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed)}>
#Dcsc = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed, r : compressed)}>

// KERNEL: density=0.05 | dense -> DCSR, f64
func.func @dense_to_dcsr(%d: tensor<8x16xf64>) -> tensor<8x16xf64, #Dcsr> {
  %s = sparse_tensor.convert %d : tensor<8x16xf64> to tensor<8x16xf64, #Dcsr>
  return %s : tensor<8x16xf64, #Dcsr>
}

// KERNEL: density=0.05 | dense -> DCSC, f64
func.func @dense_to_dcsc(%d: tensor<8x16xf64>) -> tensor<8x16xf64, #Dcsc> {
  %s = sparse_tensor.convert %d : tensor<8x16xf64> to tensor<8x16xf64, #Dcsc>
  return %s : tensor<8x16xf64, #Dcsc>
}

// KERNEL: density=0.05 | DCSR -> DCSC, f64
func.func @dcsr_to_dcsc(%t: tensor<8x16xf64, #Dcsr>) -> tensor<8x16xf64, #Dcsc> {
  %s = sparse_tensor.convert %t : tensor<8x16xf64, #Dcsr> to tensor<8x16xf64, #Dcsc>
  return %s : tensor<8x16xf64, #Dcsc>
}

// KERNEL: density=0.05 | DCSC -> DCSR, f64
func.func @dcsc_to_dcsr(%t: tensor<8x16xf64, #Dcsc>) -> tensor<8x16xf64, #Dcsr> {
  %s = sparse_tensor.convert %t : tensor<8x16xf64, #Dcsc> to tensor<8x16xf64, #Dcsr>
  return %s : tensor<8x16xf64, #Dcsr>
}
