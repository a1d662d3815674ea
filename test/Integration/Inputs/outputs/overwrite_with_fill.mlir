// Two statements in sig form into one result made by tensor.empty: y = A,
// then 0 wherever B stores. The second stores the fill value over what the
// first wrote, so it is kept (sig.keep_fill), not dropped as a store of
// what the component already holds.
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @kernel(%A: tensor<?xf64, #sv>, %B: tensor<?xf64, #sv>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %A, %c0 : tensor<?xf64, #sv>
  %y = tensor.empty(%n) : tensor<?xf64>
  %ia = "sig.level"(%A) {level = 0 : i64} : (tensor<?xf64, #sv>) -> !sig.seq
  "sig.forall"(%ia) ({
  ^bb0(%i: index):
    %a = "sig.access"(%A, %i) : (tensor<?xf64, #sv>, index) -> f64
    "sig.assign"(%y, %a, %i) : (tensor<?xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  %ib = "sig.level"(%B) {level = 0 : i64} : (tensor<?xf64, #sv>) -> !sig.seq
  "sig.forall"(%ib) ({
  ^bb0(%i: index):
    %z = arith.constant 0.0 : f64
    "sig.assign"(%y, %z, %i) : (tensor<?xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}
