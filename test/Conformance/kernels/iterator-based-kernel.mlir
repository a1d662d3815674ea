// UPSTREAM: iterator-based-kernel.mlir
// Kernels that upstream also lowers through sparse_tensor.iterate / coiterate
// (sparse-iterator emit strategy): a full sum-of-squares reduction over a 4-D SoA COO
// tensor and the elementwise sum of two sparse vectors into a dense vector.

#Coo4Soa = #sparse_tensor.encoding<{
  map = (a, b, c, d) -> (a : compressed(nonunique), b : singleton(nonunique, soa),
                         c : singleton(nonunique, soa), d : singleton(soa)),
  explicitVal = 1 : i32
}>

#SpVec = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.1 | sum of x*x over all stored entries of a 4-D SoA COO tensor (explicitVal = 1), i32
func.func @squares_total(%t: tensor<2x3x4x5xi32, #Coo4Soa>) -> tensor<i32> {
  %zero = arith.constant dense<0> : tensor<i32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>,
                       affine_map<(a, b, c, d) -> ()>],
      iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%t : tensor<2x3x4x5xi32, #Coo4Soa>) outs(%zero : tensor<i32>) {
  ^bb0(%x: i32, %acc: i32):
    %sq = arith.muli %x, %x : i32
    %s = arith.addi %acc, %sq : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}

// KERNEL: a + b for two sparse vectors, dense result initialised by a zero constant, i32
func.func @sparse_vec_sum(%a: tensor<8xi32, #SpVec>, %b: tensor<8xi32, #SpVec>) -> tensor<8xi32> {
  %zero = arith.constant dense<0> : tensor<8xi32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xi32, #SpVec>, tensor<8xi32, #SpVec>)
      outs(%zero : tensor<8xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  return %r : tensor<8xi32>
}
