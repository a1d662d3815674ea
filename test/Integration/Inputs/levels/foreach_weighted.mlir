// sparse_tensor.foreach over a matrix whose rows are stored in a level of kind
// KIND (the RUN lines put one in): the sum of each entry times 10 i + j + 1.
#E = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"KIND", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
func.func @kernel(%t: tensor<?x?xf64, #E>) -> f64 {
  %z = arith.constant 0.0 : f64
  %r = sparse_tensor.foreach in %t init(%z) : tensor<?x?xf64, #E>, f64 -> f64 do {
    ^bb0(%i: index, %j: index, %v: f64, %acc: f64):
      %c10 = arith.constant 10 : index
      %c1 = arith.constant 1 : index
      %w0 = arith.muli %i, %c10 : index
      %w1 = arith.addi %w0, %j : index
      %w2 = arith.addi %w1, %c1 : index
      %w3 = arith.index_cast %w2 : index to i64
      %w = arith.sitofp %w3 : i64 to f64
      %p = arith.mulf %v, %w : f64
      %s = arith.addf %acc, %p : f64
      sparse_tensor.yield %s : f64
  }
  return %r : f64
}
