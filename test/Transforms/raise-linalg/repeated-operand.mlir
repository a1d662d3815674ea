// The initial value of a raised generic is erased once dead, then the ops it
// read: a size read twice (tensor.empty(%n, %n)) is erased once, not read
// again after its erasure (this crashed the compiler).
// RUN: sparse-opt %s --raise-linalg | FileCheck %s

#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
// CHECK-LABEL: func.func @double
// CHECK-NOT: tensor.empty
// CHECK: arr.compute
func.func @double(%a: tensor<?x?xf64, #CSR>) -> tensor<?x?xf64, #CSR> {
  %n = arith.constant 4 : index
  %e = tensor.empty(%n, %n) : tensor<?x?xf64, #CSR>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x?xf64, #CSR>) outs(%e : tensor<?x?xf64, #CSR>) {
  ^bb0(%x: f64, %o: f64):
    %y = arith.addf %x, %x : f64
    linalg.yield %y : f64
  } -> tensor<?x?xf64, #CSR>
  return %r : tensor<?x?xf64, #CSR>
}
