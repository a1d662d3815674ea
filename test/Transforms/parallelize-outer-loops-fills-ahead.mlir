// An image-stationary convolution's result rows are filled as its walk over
// the image's rows first reaches each (cfir-to-scf, fill_in_place), stores
// marked sparse.filled_ahead. Where the walk may run on threads,
// parallelize-outer-loops first moves that fill back to a loop over the whole
// result before the walk, and the walk holds no fill (nor the row bounds
// computed for it), as before the fill moved. A walk known to run fewer
// iterations than a parallel loop needs (4,096 for a loop holding loops, its
// fill's not counted) keeps its fill.
// RUN: sparse-opt %s --pass-pipeline='builtin.module(inline-slice-calls,linalg-generalize-named-ops,raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize{top-down=false},cse,parallelize-outer-loops)' | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// 5,002 rows: the fill goes before the walk (10,000 components, too few to
// start the threads for), and the walk runs on threads.
// CHECK-LABEL: func.func @long_walk(
// CHECK:      %[[OUT:.*]] = memref.alloc() {{.*}} : memref<10000xf64>
// CHECK-NEXT: memref.cast
// CHECK-NOT:  scf.while
// CHECK:      scf.for %[[AT:.*]] = %{{.*}} to %c10000
// CHECK-NEXT:   memref.store %{{.*}}, %[[OUT]][%[[AT]]]
// CHECK-NOT:  sparse.filled_ahead
// CHECK:      omp.parallel
// CHECK-NOT:  sparse.filled_ahead
// CHECK:      return
func.func @long_walk(%image: tensor<5002x4xf64, #CSR>, %filter: tensor<3x3xf64>) -> tensor<5000x2xf64> {
  %init = arith.constant dense<0.0> : tensor<5000x2xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, r, s) -> (i + r, j + s)>, affine_map<(i, j, r, s) -> (r, s)>, affine_map<(i, j, r, s) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%image, %filter : tensor<5002x4xf64, #CSR>, tensor<3x3xf64>) outs(%init : tensor<5000x2xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %m : f64
    linalg.yield %r : f64
  } -> tensor<5000x2xf64>
  return %y : tensor<5000x2xf64>
}

// 302 rows: the walk stays sequential, and keeps its fill.
// CHECK-LABEL: func.func @short_walk(
// CHECK:      memref.alloc() {{.*}} : memref<90000xf64>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: scf.while
// CHECK:        memref.store {{.*}} {sparse.filled_ahead}
// CHECK-NOT:  omp.parallel
// CHECK:      return
func.func @short_walk(%image: tensor<302x302xf64, #CSR>, %filter: tensor<3x3xf64>) -> tensor<300x300xf64> {
  %init = arith.constant dense<0.0> : tensor<300x300xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, r, s) -> (i + r, j + s)>, affine_map<(i, j, r, s) -> (r, s)>, affine_map<(i, j, r, s) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%image, %filter : tensor<302x302xf64, #CSR>, tensor<3x3xf64>) outs(%init : tensor<300x300xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %m : f64
    linalg.yield %r : f64
  } -> tensor<300x300xf64>
  return %y : tensor<300x300xf64>
}

// Over DCSR the walk visits the stored rows, and its steps fill from a cell
// holding the first row not filled yet: where the walk may run on threads,
// the cell goes too (its loads and stores in the walk, its first store, the
// cell), and the fill goes back before the walk.
// (The number of stored rows is known only when the kernel runs.)
// CHECK-LABEL: func.func @long_stored_walk(
// CHECK-NOT:  memref.alloca
// CHECK:      %[[OUT:.*]] = memref.alloc() {{.*}} : memref<10000xf64>
// CHECK-NOT:  sparse.fill_frontier
// CHECK-NOT:  sparse.filled_ahead
// CHECK:      %[[FROM:.*]] = arith.constant 0 : index
// CHECK-NOT:  sparse.fill_frontier
// CHECK:      scf.for %[[AT:.*]] = %[[FROM]] to %{{.*}}
// CHECK-NEXT:   memref.store %{{.*}}, %[[OUT]][%[[AT]]]
// CHECK-NOT:  sparse.fill_frontier
// CHECK-NOT:  sparse.filled_ahead
// CHECK-NOT:  memref.alloca
// CHECK:      func.func private @long_stored_walk_iteration
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
func.func @long_stored_walk(%image: tensor<5002x4xf64, #DCSR>, %filter: tensor<3x3xf64>) -> tensor<5000x2xf64> {
  %init = arith.constant dense<0.0> : tensor<5000x2xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, r, s) -> (i + r, j + s)>, affine_map<(i, j, r, s) -> (r, s)>, affine_map<(i, j, r, s) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%image, %filter : tensor<5002x4xf64, #DCSR>, tensor<3x3xf64>) outs(%init : tensor<5000x2xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %r = arith.addf %acc, %m : f64
    linalg.yield %r : f64
  } -> tensor<5000x2xf64>
  return %y : tensor<5000x2xf64>
}

