// Row sums of a DCSR matrix into a sparse vector, with a scalar temporary
// per row (paper 004 §3): t = 0; t += A(i, j); C(i) = t. The temporary is
// copied into a sparse result, so it is kept and each visited row's sum is
// appended once its loop ends.
#dcsr = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#sv = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func private @add(%a: f64, %b: f64) -> f64 {
  %s = arith.addf %a, %b : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #dcsr>) -> tensor<?xf64, #sv> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #dcsr>
  %C = tensor.empty(%m) : tensor<?xf64, #sv>
  %t = tensor.empty() : tensor<f64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<?x?xf64, #dcsr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    "sig.where"(%t) ({
      %v = "sig.access"(%t) : (tensor<f64>) -> f64
      "sig.assign"(%C, %v, %i) : (tensor<?xf64, #sv>, f64, index) -> ()
      "vector.yield"() : () -> ()
    }, {
      %zero = arith.constant 0.0 : f64
      "sig.assign"(%t, %zero) : (tensor<f64>, f64) -> ()
      %js = "sig.level"(%A) {level = 1 : i64} : (tensor<?x?xf64, #dcsr>) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<?x?xf64, #dcsr>, index, index) -> f64
        "sig.assign"(%t, %a) {reduce = @add} : (tensor<f64>, f64) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "scalar"}} : (tensor<f64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<?xf64, #sv>
}
