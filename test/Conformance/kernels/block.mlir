// UPSTREAM: block.mlir
// Block-sparse (2x2 BSR) storage: scaling every stored value in place, and viewing
// the BSR matrix as its 4-D level space through a map reinterpretation.

#Bsr2 = #sparse_tensor.encoding<{
  map = (r, c) -> (r floordiv 2 : dense, c floordiv 2 : compressed,
                   r mod 2 : dense, c mod 2 : dense)
}>

#Bsr2Levels = #sparse_tensor.encoding<{
  map = (a, b, p, q) -> (a : dense, b : compressed, p : dense, q : dense)
}>

#scale_in_place = {
  indexing_maps = [affine_map<(r, c) -> (r, c)>],
  iterator_types = ["parallel", "parallel"]
}

// KERNEL: triple every stored entry of a 2x2-block BSR matrix, updated in place (outs only)
func.func @triple_bsr(%m: tensor<6x8xf64, #Bsr2>) -> tensor<6x8xf64, #Bsr2> {
  %three = arith.constant 3.0 : f64
  %r = linalg.generic #scale_in_place outs(%m : tensor<6x8xf64, #Bsr2>) {
  ^bb0(%v: f64):
    %s = arith.mulf %v, %three : f64
    linalg.yield %s : f64
  } -> tensor<6x8xf64, #Bsr2>
  return %r : tensor<6x8xf64, #Bsr2>
}

// KERNEL: view a 2x2-block BSR matrix as a 4-D tensor over its levels (reinterpret_map)
func.func @bsr_as_levels(%m: tensor<6x8xf64, #Bsr2>) -> tensor<3x4x2x2xf64, #Bsr2Levels> {
  %v = sparse_tensor.reinterpret_map %m : tensor<6x8xf64, #Bsr2>
                                       to tensor<3x4x2x2xf64, #Bsr2Levels>
  return %v : tensor<3x4x2x2xf64, #Bsr2Levels>
}
