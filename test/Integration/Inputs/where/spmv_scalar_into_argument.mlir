// SpMV with a scalar temporary per row into a vector passed in, whose
// components the copy y(i) = t overwrites (the start t = 0 is stored, not
// taken to be there already).
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func private @add(%a: f64, %b: f64) -> f64 {
  %s = arith.addf %a, %b : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #csr>, %x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #csr>
  %t = tensor.empty() : tensor<f64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    "sig.where"(%t) ({
      %v = "sig.access"(%t) : (tensor<f64>) -> f64
      "sig.assign"(%y, %v, %i) : (tensor<?xf64>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }, {
      %zero = arith.constant 0.0 : f64
      "sig.assign"(%t, %zero) : (tensor<f64>, f64) -> ()
      %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
      %jx = "sig.level"(%x) {level = 0 : i64} : (tensor<?xf64>) -> !sig.seq
      %js = "sig.intersect"(%jA, %jx) : (!sig.seq, !sig.seq) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<?x?xf64, #csr>, index, index) -> f64
        %b = "sig.access"(%x, %j) : (tensor<?xf64>, index) -> f64
        %p = arith.mulf %a, %b : f64
        "sig.assign"(%t, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "scalar"}} : (tensor<f64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}
