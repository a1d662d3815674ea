// An image-stationary convolution's result rows are filled as its walk over
// the image's rows first reaches each (cfir-to-scf, fill_in_place), stores
// marked sparse.filled_ahead. Before anything else, parallelize-outer-loops
// moves that fill back to a loop over the whole result before the walk (a
// zero-fill it runs on threads), and the walk holds no fill (nor the row
// bounds computed for it), as before the fill moved.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(inline-slice-calls,linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize{top-down=false},cse,parallelize-outer-loops)' | FileCheck %s
// RUN: sparse-opt %s --pass-pipeline='builtin.module(inline-slice-calls,linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize{top-down=false},cse)' | FileCheck %s --check-prefix=SEQUENTIAL

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// CHECK-LABEL: func.func @stationary(
// CHECK:      %[[OUT:.*]] = memref.alloc() {{.*}} : memref<90000xf64>
// CHECK-NEXT: memref.cast
// CHECK-NOT:  scf.while
// CHECK:      omp.parallel
// CHECK:        omp.loop_nest (%[[AT:.*]]) : index = (%{{.*}}) to (%c90000)
// CHECK-NEXT:     func.call @stationary_iteration(%[[AT]], %[[OUT]])
// CHECK:      scf.while
// CHECK:      ^bb0(%[[P:.*]]: index):
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[P]], %c1
// CHECK-NEXT:   memref.load %arg0[%[[P]]]
// CHECK-NOT:  sparse.filled_ahead
// CHECK:      func.func private @stationary_iteration(%[[I:.*]]: index, %[[BUFFER:.*]]: memref<90000xf64>)
// CHECK:        memref.store %{{.*}}, %[[BUFFER]][%[[I]]]

// Compiled without the pass, the walk fills its rows.
// SEQUENTIAL-LABEL: func.func @stationary(
// SEQUENTIAL-NOT:   scf.for
// SEQUENTIAL:       memref.store {{.*}} {sparse.filled_ahead}
func.func @stationary(%image: tensor<302x302xf64, #CSR>, %filter: tensor<3x3xf64>) -> tensor<300x300xf64> {
  %init = arith.constant dense<0.0> : tensor<300x300xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, r, s) -> (i + r, j + s)>, affine_map<(i, j, r, s) -> (r, s)>, affine_map<(i, j, r, s) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%image, %filter : tensor<302x302xf64, #CSR>, tensor<3x3xf64>) outs(%init : tensor<300x300xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %m : f64
    linalg.yield %r : f64
  } -> tensor<300x300xf64>
  return %y : tensor<300x300xf64>
}
