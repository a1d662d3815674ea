// A sparse i64 vector returned as it came.
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
func.func @sparse_copy(%a: tensor<?xi64, #SV>) -> tensor<?xi64, #SV> {
  return %a : tensor<?xi64, #SV>
}
