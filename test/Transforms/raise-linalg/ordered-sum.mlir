// RUN: sparse-opt %s --raise-linalg --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s

// raise-linalg declares its float sum commutative and associative, so
// cfir-to-scf may reorder it; a module that defines the function itself,
// without `commutative`, keeps the sum in order: the call stays.
// CHECK-LABEL: func.func @sum(
// CHECK:         func.call @__sparse_addf_f64(
// CHECK-NOT:     fastmath<reassoc>
// CHECK:         return

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>

func.func private @__sparse_addf_f64(%x: f64, %y: f64) -> f64 attributes {arr.properties = {associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

func.func @sum(%a: tensor<?xf64, #SV>) -> tensor<f64> {
  %init = tensor.empty() : tensor<f64>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
      iterator_types = ["reduction"]}
      ins(%a : tensor<?xf64, #SV>) outs(%init : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %r = arith.addf %acc, %x : f64
    linalg.yield %r : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}
