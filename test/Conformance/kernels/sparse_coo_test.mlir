// UPSTREAM: sparse_coo_test.mlir
// Elementwise addition with sorted-COO operands: COO plus dense, CSR or COO into a
// zero-filled dense result, and COO plus COO into a fresh COO result.

#Coo = #sparse_tensor.encoding<{map = (r, c) -> (r : compressed(nonunique), c : singleton)}>
#Csr = #sparse_tensor.encoding<{map = (r, c) -> (r : dense, c : compressed)}>

#add2d = {
  indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r, c)>,
                   affine_map<(r, c) -> (r, c)>],
  iterator_types = ["parallel", "parallel"]
}

// KERNEL: density=0.8 | CSR + COO into a zero-filled dense result, f32
func.func @csr_plus_coo(%a: tensor<6x6xf32, #Csr>, %b: tensor<6x6xf32, #Coo>) -> tensor<6x6xf32> {
  %e = tensor.empty() : tensor<6x6xf32>
  %z = arith.constant 0.0 : f32
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<6x6xf32>) -> tensor<6x6xf32>
  %r = linalg.generic #add2d ins(%a, %b : tensor<6x6xf32, #Csr>, tensor<6x6xf32, #Coo>)
                             outs(%init : tensor<6x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}

// KERNEL: density=0.8 | COO + COO into a zero-filled dense result, f32
func.func @coo_plus_coo(%a: tensor<6x6xf32, #Coo>, %b: tensor<6x6xf32, #Coo>) -> tensor<6x6xf32> {
  %e = tensor.empty() : tensor<6x6xf32>
  %z = arith.constant 0.0 : f32
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<6x6xf32>) -> tensor<6x6xf32>
  %r = linalg.generic #add2d ins(%a, %b : tensor<6x6xf32, #Coo>, tensor<6x6xf32, #Coo>)
                             outs(%init : tensor<6x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}

// KERNEL: density=0.8 | COO + COO into a fresh COO result, f32
func.func @coo_plus_coo_to_coo(%a: tensor<6x6xf32, #Coo>, %b: tensor<6x6xf32, #Coo>) -> tensor<6x6xf32, #Coo> {
  %init = tensor.empty() : tensor<6x6xf32, #Coo>
  %r = linalg.generic #add2d ins(%a, %b : tensor<6x6xf32, #Coo>, tensor<6x6xf32, #Coo>)
                             outs(%init : tensor<6x6xf32, #Coo>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<6x6xf32, #Coo>
  return %r : tensor<6x6xf32, #Coo>
}

// KERNEL: density=0.8 | dense + COO into a zero-filled dense result, f32
func.func @dense_plus_coo(%a: tensor<6x6xf32>, %b: tensor<6x6xf32, #Coo>) -> tensor<6x6xf32> {
  %e = tensor.empty() : tensor<6x6xf32>
  %z = arith.constant 0.0 : f32
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<6x6xf32>) -> tensor<6x6xf32>
  %r = linalg.generic #add2d ins(%a, %b : tensor<6x6xf32>, tensor<6x6xf32, #Coo>)
                             outs(%init : tensor<6x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}
