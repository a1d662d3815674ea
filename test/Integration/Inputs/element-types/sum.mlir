// The sum of a sparse vector's entries, of the element type ELT, from an
// initial value: in order, as linalg's semantics has it.
#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
#t = { indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"] }
func.func @kernel(%v: tensor<4096xELT, #SV>, %init: tensor<ELT>) -> tensor<ELT> {
  %r = linalg.generic #t ins(%v : tensor<4096xELT, #SV>) outs(%init : tensor<ELT>) {
  ^bb0(%x: ELT, %o: ELT):
    %y = arith.addf %x, %o : ELT
    linalg.yield %y : ELT
  } -> tensor<ELT>
  return %r : tensor<ELT>
}
