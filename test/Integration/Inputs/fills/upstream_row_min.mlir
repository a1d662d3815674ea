// A row minimum over a matrix of fill 2 in linalg form into upstream's
// sparse vector: every unstored point counts as 2, and the tensor.empty
// result starts each component from 0, as upstream's sparsifier reads a
// sparse result.
#CSR2 = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 2.0 : f64, affine_map<(i, j) -> (i, j)>>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
func.func @kernel(%A: tensor<3x2xf64, #CSR2>) -> tensor<3xf64, #SV> {
  %init = tensor.empty() : tensor<3xf64, #SV>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
    ins(%A : tensor<3x2xf64, #CSR2>) outs(%init : tensor<3xf64, #SV>) {
  ^bb0(%a: f64, %out: f64):
    %m = arith.minimumf %out, %a : f64
    linalg.yield %m : f64
  } -> tensor<3xf64, #SV>
  return %r : tensor<3xf64, #SV>
}
