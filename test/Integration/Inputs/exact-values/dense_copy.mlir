// A dense vector returned as it came.
func.func @dense_copy(%a: tensor<?xf64>) -> tensor<?xf64> {
  return %a : tensor<?xf64>
}
