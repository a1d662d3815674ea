// UPSTREAM: sparse_sign.mlir
// Sign function on the stored entries of a sparse f64 vector via sparse_tensor.unary
// (+1/-1 for nonzero, zero keeps its sign, NaN passes through), into a fresh vector.

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

// KERNEL: density=0.4 | x(i) = sign(a(i)) for stored a(i) (copysign of (a != 0), NaN kept), f64
func.func @sign(%a: tensor<16xf64, #SV>) -> tensor<16xf64, #SV> {
  %init = tensor.empty() : tensor<16xf64, #SV>
  %x = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<16xf64, #SV>) outs(%init : tensor<16xf64, #SV>) {
  ^bb0(%v: f64, %unused: f64):
    %u = sparse_tensor.unary %v : f64 to f64
      present = {
        ^bb0(%p: f64):
          %zero = arith.constant 0.0 : f64
          %nz = arith.cmpf one, %p, %zero : f64
          %mag = arith.uitofp %nz : i1 to f64
          %sgn = math.copysign %mag, %p : f64
          %nan = arith.cmpf uno, %p, %p : f64
          %r = arith.select %nan, %p, %sgn : f64
          sparse_tensor.yield %r : f64
      }
      absent = {}
    linalg.yield %u : f64
  } -> tensor<16xf64, #SV>
  return %x : tensor<16xf64, #SV>
}
