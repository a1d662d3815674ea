// Gustavson's SpGEMM through a component list (bucket): the sig.where is
// around every loop, its temporary the result's shape.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func private @add(%a: f64, %b: f64) -> f64 {
  %s = arith.addf %a, %b : f64
  return %s : f64
}
func.func @kernel(%A: tensor<?x?xf64, #csr>, %B: tensor<?x?xf64, #csr>) -> tensor<?x?xf64, #csr> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #csr>
  %n = tensor.dim %B, %c1 : tensor<?x?xf64, #csr>
  %C = tensor.empty(%m, %n) : tensor<?x?xf64, #csr>
  %w = tensor.empty(%m, %n) : tensor<?x?xf64>
  "sig.where"(%w) ({
    %ws = "sig.level"(%w) {level = 0 : i64} : (tensor<?x?xf64>) -> !sig.seq
    "sig.forall"(%ws) ({
    ^bb0(%a: index):
      %vs = "sig.level"(%w) {level = 1 : i64} : (tensor<?x?xf64>) -> !sig.seq
      "sig.forall"(%vs) ({
      ^bb0(%b: index):
        %v = "sig.access"(%w, %a, %b) : (tensor<?x?xf64>, index, index) -> f64
        "sig.assign"(%C, %v, %a, %b) : (tensor<?x?xf64, #csr>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }, {
    %is = "sig.level"(%A) {level = 0 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
    "sig.forall"(%is) ({
    ^bb0(%i: index):
      %kA = "sig.level"(%A) {level = 1 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
      %kB = "sig.level"(%B) {level = 0 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
      %ks = "sig.intersect"(%kA, %kB) : (!sig.seq, !sig.seq) -> !sig.seq
      "sig.forall"(%ks) ({
      ^bb0(%k: index):
        %jB = "sig.level"(%B) {level = 1 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
        "sig.forall"(%jB) ({
        ^bb0(%j: index):
          %a = "sig.access"(%A, %i, %k) : (tensor<?x?xf64, #csr>, index, index) -> f64
          %b = "sig.access"(%B, %k, %j) : (tensor<?x?xf64, #csr>, index, index) -> f64
          %p = arith.mulf %a, %b : f64
          "sig.assign"(%w, %p, %i, %j) {reduce = @add} : (tensor<?x?xf64>, f64, index, index) -> ()
          "vector.yield"() : () -> ()
        }) : (!sig.seq) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "bucket"}} : (tensor<?x?xf64>) -> ()
  return %C : tensor<?x?xf64, #csr>
}
