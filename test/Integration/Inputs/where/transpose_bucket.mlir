// A transposition CSR → CSR through a bucket list: the producer stores
// A(i, j) at W(j, i), the consumer copies W into C.
#csr = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @kernel(%A: tensor<?x?xf64, #csr>) -> tensor<?x?xf64, #csr> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf64, #csr>
  %n = tensor.dim %A, %c1 : tensor<?x?xf64, #csr>
  %C = tensor.empty(%n, %m) : tensor<?x?xf64, #csr>
  %w = tensor.empty(%n, %m) : tensor<?x?xf64>
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
      %js = "sig.level"(%A) {level = 1 : i64} : (tensor<?x?xf64, #csr>) -> !sig.seq
      "sig.forall"(%js) ({
      ^bb0(%j: index):
        %v = "sig.access"(%A, %i, %j) : (tensor<?x?xf64, #csr>, index, index) -> f64
        "sig.assign"(%w, %v, %j, %i) : (tensor<?x?xf64>, f64, index, index) -> ()
        "vector.yield"() : () -> ()
      }) : (!sig.seq) -> ()
      "vector.yield"() : () -> ()
    }) : (!sig.seq) -> ()
    "vector.yield"() : () -> ()
  }) {workspace = {kind = "bucket"}} : (tensor<?x?xf64>) -> ()
  return %C : tensor<?x?xf64, #csr>
}
