// UPSTREAM: sparse_conversion_ptr.mlir
// Conversions that change the bit widths of the position/coordinate overhead storage
// (8/8, 64/64, 16/32) along with the layout: dense into each format, and sparse-to-sparse
// between them.

#Dcsr8 = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed, c : compressed), posWidth = 8, crdWidth = 8}>
#Dcsc64 = #sparse_tensor.encoding<{map = (r, c) -> (c : compressed, r : compressed), posWidth = 64, crdWidth = 64}>
#Csc16p32c = #sparse_tensor.encoding<{map = (r, c) -> (c : dense, r : compressed), posWidth = 16, crdWidth = 32}>

// KERNEL: density=0.05 | dense -> Dcsr8, f64
func.func @dense_to_dcsr8(%d: tensor<12x16xf64>) -> tensor<12x16xf64, #Dcsr8> {
  %s = sparse_tensor.convert %d : tensor<12x16xf64> to tensor<12x16xf64, #Dcsr8>
  return %s : tensor<12x16xf64, #Dcsr8>
}

// KERNEL: density=0.05 | dense -> Dcsc64, f64
func.func @dense_to_dcsc64(%d: tensor<12x16xf64>) -> tensor<12x16xf64, #Dcsc64> {
  %s = sparse_tensor.convert %d : tensor<12x16xf64> to tensor<12x16xf64, #Dcsc64>
  return %s : tensor<12x16xf64, #Dcsc64>
}

// KERNEL: density=0.05 | dense -> Csc16p32c, f64
func.func @dense_to_csc16p32c(%d: tensor<12x16xf64>) -> tensor<12x16xf64, #Csc16p32c> {
  %s = sparse_tensor.convert %d : tensor<12x16xf64> to tensor<12x16xf64, #Csc16p32c>
  return %s : tensor<12x16xf64, #Csc16p32c>
}

// KERNEL: density=0.05 | Dcsr8 -> Dcsc64, f64
func.func @dcsr8_to_dcsc64(%t: tensor<12x16xf64, #Dcsr8>) -> tensor<12x16xf64, #Dcsc64> {
  %s = sparse_tensor.convert %t : tensor<12x16xf64, #Dcsr8> to tensor<12x16xf64, #Dcsc64>
  return %s : tensor<12x16xf64, #Dcsc64>
}

// KERNEL: density=0.05 | Dcsc64 -> Dcsr8, f64
func.func @dcsc64_to_dcsr8(%t: tensor<12x16xf64, #Dcsc64>) -> tensor<12x16xf64, #Dcsr8> {
  %s = sparse_tensor.convert %t : tensor<12x16xf64, #Dcsc64> to tensor<12x16xf64, #Dcsr8>
  return %s : tensor<12x16xf64, #Dcsr8>
}

// KERNEL: density=0.05 | Csc16p32c -> Dcsr8, f64
func.func @csc16p32c_to_dcsr8(%t: tensor<12x16xf64, #Csc16p32c>) -> tensor<12x16xf64, #Dcsr8> {
  %s = sparse_tensor.convert %t : tensor<12x16xf64, #Csc16p32c> to tensor<12x16xf64, #Dcsr8>
  return %s : tensor<12x16xf64, #Dcsr8>
}
