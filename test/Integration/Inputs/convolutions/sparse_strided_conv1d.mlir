// The strided, dilated 1-D convolution y(i) = Σ_l x(2i + 2l) · w(l) with a
// compressed x and a dense filter: loop l visits the stored coordinates of
// the window of x that starts at 2i, every second one.
#SV = #sparse_tensor.encoding<{map = (l) -> (l : compressed)}>

func.func @kernel(%x: tensor<?xf64, #SV>, %w: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %length = tensor.dim %x, %c0 : tensor<?xf64, #SV>
  %taps = tensor.dim %w, %c0 : tensor<?xf64>
  // (length - 2 taps + 1) / 2 + 1 outputs.
  %span = arith.muli %taps, %c2 : index
  %rest = arith.subi %length, %span : index
  %odd = arith.addi %rest, %c1 : index
  %half = arith.divui %odd, %c2 : index
  %n = arith.addi %half, %c1 : index
  %init = tensor.empty(%n) : tensor<?xf64>
  %filled = linalg.fill ins(%zero : f64) outs(%init : tensor<?xf64>) -> tensor<?xf64>
  %y = linalg.generic {
    indexing_maps = [affine_map<(i, l) -> (2 * i + 2 * l)>, affine_map<(i, l) -> (l)>, affine_map<(i, l) -> (i)>],
    iterator_types = ["parallel", "reduction"]
  } ins(%x, %w : tensor<?xf64, #SV>, tensor<?xf64>) outs(%filled : tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<?xf64>
  return %y : tensor<?xf64>
}
