// A sparse i8 vector returned as it came.
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
func.func @sparse_copy(%a: tensor<?xi8, #SV>) -> tensor<?xi8, #SV> {
  return %a : tensor<?xi8, #SV>
}
