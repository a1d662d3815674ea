// tensor.generate of a dense tensor, in host code: raise-linalg makes it
// the linalg.generic that writes every component of a tensor.empty of its
// sizes (its block arguments the generic's indices, values from outside the
// body read as they are), raised and compiled as any generic. A 3 × 4 matrix
// of dynamic sizes from its indices, and a splat vector; diffed with
// upstream's output.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: sparse-opt %s --sparse-compiler | %{run} > %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: mlir-opt %s --sparsifier="enable-runtime-library=false" | %{run} > %t.upstream
// RUN: diff %t.ours %t.upstream
// CHECK:      ( ( 0.5, 1.5, 2.5, 3.5 ), ( 4.5, 5.5, 6.5, 7.5 ), ( 8.5, 9.5, 10.5, 11.5 ) )
// CHECK-NEXT: ( 0.5, 0.5, 0.5, 0.5, 0.5 )

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 0.5 : f64
  %g = tensor.generate %c3, %c4 {
  ^bb0(%i: index, %j: index):
    %k0 = arith.muli %i, %c4 : index
    %k1 = arith.addi %k0, %j : index
    %k2 = arith.index_cast %k1 : index to i32
    %kf = arith.sitofp %k2 : i32 to f64
    %r = arith.addf %kf, %f : f64
    tensor.yield %r : f64
  } : tensor<?x?xf64>
  %v = vector.transfer_read %g[%c0, %c0], %f : tensor<?x?xf64>, vector<3x4xf64>
  vector.print %v : vector<3x4xf64>
  %z = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %f : f64
  } : tensor<5xf64>
  %w = vector.transfer_read %z[%c0], %f : tensor<5xf64>, vector<5xf64>
  vector.print %w : vector<5xf64>
  return
}
