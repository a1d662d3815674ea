// c(i) = a(i) · s over a sparse vector, with ELT, ZERO and MUL replaced by
// an element type, its zero and its multiplication (see element-types.mlir).
#SV = #arr.encoding<[#arr.level<"compressed", {}>], ZERO : ELT, affine_map<(i) -> (i)>>

func.func @scale(%a: tensor<?xELT, #SV>, %s: ELT) -> tensor<?xELT, #SV> {
  %c = "arr.compute"() ({
    %v = "arr.access"(%a) {indexing_map = affine_map<(i) -> (i)>} : (tensor<?xELT, #SV>) -> ELT
    %p = MUL %v, %s : ELT
    "vector.yield"(%p) : (ELT) -> ()
  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<?xELT, #SV>
  return %c : tensor<?xELT, #SV>
}
