// A kernel written in sig form that stores 0 (the fill value) into the
// vector it is passed, at each row of A: the stores are kept, since the
// vector passed in need not hold 0 there.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%A: tensor<?x?xf64, #csr>, %y: tensor<?xf64>) -> tensor<?xf64> {
  %zero = arith.constant 0.0 : f64
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    "sig.assign"(%y, %zero, %i) : (tensor<?xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}
