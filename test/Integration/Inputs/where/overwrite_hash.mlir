// Row i of C is row i of A with the columns B stores in row i overwritten
// by 0: the producer stores into the row twice, the second time the fill.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%A: tensor<?x?xf64, #csr>, %B: tensor<?x?xf64, #csr>) -> tensor<?x?xf64, #csr> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #csr>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #csr>
  %C = tensor.empty(%m, %n) : tensor<?x?xf64, #csr>
  %w = tensor.empty(%n) : tensor<?xf64>
  %iA = "sig.level"(%A) {level = 0 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
  %iB = "sig.level"(%B) {level = 0 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
  %is = "sig.intersect"(%iA, %iB) : (!sig.seq, !sig.seq) -> !sig.seq
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
      %jA = "sig.level"(%A) {level = 1 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
      "sig.forall"(%jA) ({
      ^bb0(%j: index):
        %a = "sig.access"(%A, %i, %j) : (tensor<?x?xf64, #csr>, index, index) -> f64
        "sig.assign"(%w, %a, %j) : (tensor<?xf64>, f64, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      %jB = "sig.level"(%B) {level = 1 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
      "sig.forall"(%jB) ({
      ^bb0(%j: index):
        %z = arith.constant 0.0 : f64
        "sig.assign"(%w, %z, %j) : (tensor<?xf64>, f64, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) {workspace = {kind = "hash"}} : (tensor<?xf64>) -> ()
    "vector.yield"() : () -> ()
  }) : (!sig.seq) -> ()
  return %C : tensor<?x?xf64, #csr>
}
