#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @dup(%a: tensor<8xf64, #sv>, %b: tensor<8xf64, #sv>, %c: tensor<8xf64>) {
  %ai = "sig.level"(%a) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %bi = "sig.level"(%b) {level = 0 : i64} : (tensor<8xf64, #sv>) -> !sig.seq
  %ab = "sig.intersect"(%ai, %bi) : (!sig.seq, !sig.seq) -> !sig.seq
  %is = "sig.union"(%ab, %ab) : (!sig.seq, !sig.seq) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    %x = "sig.access"(%a, %i) : (tensor<8xf64, #sv>, index) -> f64
    "sig.assign"(%c, %x, %i) : (tensor<8xf64>, f64, index) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return
}
