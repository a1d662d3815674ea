// Gustavson's SpGEMM written with its workspace (paper 004 Fig. 4): a
// hash row per i, filled by the loops over k and j, copied into row i of C.
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
  %w = tensor.empty(%n) : tensor<?xf64>
  %is = "sig.level"(%A) {level = 0 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
  "sig.forall"(%is) ({
  ^bb0(%i: index):
    "sig.where"(%w) ({
      %js = "sig.level"(%w) {level = 0 : i64} : (tensor<?xf64>) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %v = "sig.access"(%w, %j) : (tensor<?xf64>, index) -> f64
        "sig.assign"(%C, %v, %i, %j) : (tensor<?x?xf64, #csr>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }, {
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
          "sig.assign"(%w, %p, %j) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
          "vector.yield"() : () -> ()
        }) : (!sig.seq) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "hash"}} : (tensor<?xf64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<?x?xf64, #csr>
}
