// A convolution into a sparse vector whose initial value linalg.fill makes 2.5
// everywhere: linalg adds the products to 2.5. The fill statement, concretized
// first, left its result as the tensor.empty its loops write into, which the
// reduction took for an empty init and started from 0 ([0, 20, 10, 0, 0]
// for [2.5, 22.5, 12.5, 2.5, 2.5]); it is refused as any reduction into a
// sparse result that starts from values.
#SV = #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>
// y = fill(2.5) ; y(i) += sum_k x(i + k) * w(k)   (linalg: outs value is the start)
func.func @kernel(%x: tensor<6xf64, #SV>, %w: tensor<2xf64>) -> tensor<5xf64, #SV> {
  %c = arith.constant 2.5 : f64
  %e = tensor.empty() : tensor<5xf64, #SV>
  %f = linalg.fill ins(%c : f64) outs(%e : tensor<5xf64, #SV>) -> tensor<5xf64, #SV>
  %y = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i + k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<6xf64, #SV>, tensor<2xf64>) outs(%f : tensor<5xf64, #SV>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<5xf64, #SV>
  return %y : tensor<5xf64, #SV>
}
