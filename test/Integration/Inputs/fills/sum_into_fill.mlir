// y(i) = fill + Σ_(j,k) A(j, k): a dense result whose encoding's fill is 1,
// from tensor.empty, sized by the vector x when the sizes are dynamic
// (`dynamic`) and by its type when static (`static`): the reduction starts
// from the fill either way, 1 when A stores nothing.
#Fill1 = #arr.encoding<[#arr.level<"dense", {}>], 1.0 : f64, affine_map<(i) -> (i)>>
#COO = #sparse_tensor.encoding<{map = (j, k) -> (j : compressed(nonunique), k : singleton)}>
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#trait = {indexing_maps = [affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i)>, affine_map<(i, j, k) -> (i)>],
          iterator_types = ["parallel", "reduction", "reduction"]}

func.func @dynamic(%a: tensor<?x?xf64, #COO>, %x: tensor<?xf64, #SV>) -> tensor<?xf64, #Fill1> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64, #SV>
  %init = tensor.empty(%n) : tensor<?xf64, #Fill1>
  %r = linalg.generic #trait ins(%a, %x : tensor<?x?xf64, #COO>, tensor<?xf64, #SV>) outs(%init : tensor<?xf64, #Fill1>) {
  ^bb0(%v: f64, %unused: f64, %out: f64):
    %s = arith.addf %out, %v : f64
    linalg.yield %s : f64
  } -> tensor<?xf64, #Fill1>
  return %r : tensor<?xf64, #Fill1>
}

func.func @static(%a: tensor<5x3xf64, #COO>, %x: tensor<3xf64, #SV>) -> tensor<3xf64, #Fill1> {
  %init = tensor.empty() : tensor<3xf64, #Fill1>
  %r = linalg.generic #trait ins(%a, %x : tensor<5x3xf64, #COO>, tensor<3xf64, #SV>) outs(%init : tensor<3xf64, #Fill1>) {
  ^bb0(%v: f64, %unused: f64, %out: f64):
    %s = arith.addf %out, %v : f64
    linalg.yield %s : f64
  } -> tensor<3xf64, #Fill1>
  return %r : tensor<3xf64, #Fill1>
}
