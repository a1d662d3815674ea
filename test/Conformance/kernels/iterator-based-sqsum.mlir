// UPSTREAM: iterator-based-sqsum.mlir
// Sum of squares over a 4-D AoS/SoA COO tensor whose stored values are declared to all
// equal 1 (explicitVal), a full reduction to a rank-0 tensor. Upstream also runs it
// with the sparse-iterator emit strategy.

#Coo4Soa = #sparse_tensor.encoding<{
  map = (a, b, c, d) -> (a : compressed(nonunique), b : singleton(nonunique, soa),
                         c : singleton(nonunique, soa), d : singleton(soa)),
  explicitVal = 1 : i32
}>

// KERNEL: density=0.1 | sum of x*x over every stored entry of a 4-D SoA COO tensor (explicitVal = 1), i32
func.func @sum_of_squares(%t: tensor<2x3x4x5xi32, #Coo4Soa>) -> tensor<i32> {
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
