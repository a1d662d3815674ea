// Scratch buffers (parallelize-outer-loops): a buffer cfir-to-scf marks
// sparse.scratch (a position map) that a loop writes only in loops inside
// its body, each iteration scattering and then clearing it, runs on threads
// that each have a cleared copy of their own; written otherwise, it keeps
// the loop sequential. Loops written by hand.
// RUN: sparse-opt %s --parallelize-outer-loops | FileCheck %s

// Each iteration scatters row i of (pos, crd) into the map, reads it, and
// clears it (and prefetches, a hint): parallel, on copies. The initial clearing writes the map at
// its own index, not in an inner loop: it stays a loop of the function.
// CHECK-LABEL: func.func @scatter_rows(
// CHECK:         %[[MAP:.*]] = memref.alloc() {{{.*}}sparse.scratch} : memref<8xindex>
// CHECK:         scf.for
// CHECK-NEXT:      memref.store %{{.*}}, %[[MAP]]
// CHECK:         omp.parallel {
// CHECK:           %[[COPY:.*]] = memref.alloc() {{.*}} : memref<8xindex>
// CHECK:           scf.for
// CHECK-NEXT:        memref.store %{{.*}}, %[[COPY]]
// CHECK:           omp.wsloop
// CHECK:             func.call @scatter_rows_iteration(%{{.*}}, %[[COPY]]
// CHECK:           memref.dealloc %[[COPY]]
// CHECK-NEXT:      omp.terminator
// CHECK:         memref.dealloc %[[MAP]]
func.func @scatter_rows(%pos: memref<?xindex>, %crd: memref<?xindex>) -> memref<4096xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c4096 = arith.constant 4096 : index
  %out = memref.alloc() : memref<4096xindex>
  %map = memref.alloc() {sparse.scratch} : memref<8xindex>
  scf.for %c = %c0 to %c8 step %c1 {
    memref.store %c0, %map[%c] : memref<8xindex>
  }
  scf.for %i = %c0 to %c4096 step %c1 {
    %next = arith.addi %i, %c1 : index
    %first = memref.load %pos[%i] : memref<?xindex>
    %end = memref.load %pos[%next] : memref<?xindex>
    memref.prefetch %crd[%end], read, locality<3>, data : memref<?xindex>
    scf.for %p = %first to %end step %c1 {
      %j = memref.load %crd[%p] : memref<?xindex>
      %entry = arith.addi %p, %c1 : index
      memref.store %entry, %map[%j] : memref<8xindex>
    }
    %seen = memref.load %map[%c0] : memref<8xindex>
    memref.store %seen, %out[%i] : memref<4096xindex>
    scf.for %p = %first to %end step %c1 {
      %j = memref.load %crd[%p] : memref<?xindex>
      memref.store %c0, %map[%j] : memref<8xindex>
    }
  }
  memref.dealloc %map : memref<8xindex>
  return %out : memref<4096xindex>
}

// A loop that reads a scattered map and writes nothing of it: parallel,
// every thread reading the one map (a loop without a loop inside runs
// 65,536 iterations to be worth threads).
// CHECK-LABEL: func.func @read_map(
// CHECK:         %[[MAP:.*]] = memref.alloc() {{{.*}}sparse.scratch} : memref<8xindex>
// CHECK:         omp.parallel {
// CHECK-NEXT:      omp.wsloop
// CHECK:             func.call @read_map_iteration(%{{.*}}, %[[MAP]]
func.func @read_map(%x: memref<?xindex>) -> memref<65536xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c65536 = arith.constant 65536 : index
  %out = memref.alloc() : memref<65536xindex>
  %map = memref.alloc() {sparse.scratch} : memref<8xindex>
  memref.store %c1, %map[%c0] : memref<8xindex>
  scf.for %i = %c0 to %c65536 step %c1 {
    %j = memref.load %x[%i] : memref<?xindex>
    %found = memref.load %map[%j] : memref<8xindex>
    memref.store %found, %out[%i] : memref<65536xindex>
  }
  memref.dealloc %map : memref<8xindex>
  return %out : memref<65536xindex>
}

// Written in the loop's own body (not in a loop inside it), a scratch
// buffer may keep what an iteration wrote: sequential.
// CHECK-LABEL: func.func @written_directly(
// CHECK-NOT:     omp.wsloop
// CHECK:         return
func.func @written_directly(%x: memref<?xindex>) -> memref<8xindex> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %map = memref.alloc() {sparse.scratch} : memref<8xindex>
  scf.for %i = %c0 to %c4096 step %c1 {
    %j = memref.load %x[%i] : memref<?xindex>
    memref.store %i, %map[%j] : memref<8xindex>
  }
  return %map : memref<8xindex>
}
