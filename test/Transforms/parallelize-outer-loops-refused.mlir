// What keeps a loop sequential (parallelize-outer-loops), on loops written
// by hand: each function's loop either becomes an omp.wsloop or stays.
// RUN: sparse-opt %s --parallelize-outer-loops | FileCheck %s

// A fresh buffer written at row i, and one allocated, written and freed by
// each iteration: parallel.
// CHECK-LABEL: func.func @rows(
// CHECK: omp.wsloop
// CHECK-LABEL: func.func private @rows_iteration(
// CHECK: memref.alloc
// CHECK: memref.dealloc
func.func @rows(%n: index, %x: memref<?xf64>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %own = memref.alloc() : memref<4xf64>
    %v = memref.load %x[%i] : memref<?xf64>
    memref.store %v, %own[%c0] : memref<4xf64>
    %w = memref.load %own[%c0] : memref<4xf64>
    memref.store %w, %out[%i] : memref<?xf64>
    memref.dealloc %own : memref<4xf64>
  }
  return %out : memref<?xf64>
}

// Row i of a linearized result is [4i, 4i + 4): j below 4 stays in it.
// CHECK-LABEL: func.func @blocks(
// CHECK: omp.wsloop
func.func @blocks(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = arith.muli %n, %c4 : index
  %out = memref.alloc(%size) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c4 : index
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<?xf64>
    }
  }
  return %out : memref<?xf64>
}

// j up to 8 reaches the next row's block.
// CHECK-LABEL: func.func @past_the_block(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @past_the_block(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %size = arith.muli %n, %c8 : index
  %out = memref.alloc(%size) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %row = arith.muli %i, %c4 : index
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<?xf64>
    }
  }
  return %out : memref<?xf64>
}

// A stored coordinate that cfir-to-scf marks below its level's static size,
// 4, stays in row i's block [4i, 4i + 4), as does one widened from 32 bits.
// CHECK-LABEL: func.func @coordinate_in_block(
// CHECK: omp.wsloop
func.func @coordinate_in_block(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>, %narrow: memref<?xi32>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = arith.muli %n, %c4 : index
  %out = memref.alloc(%size) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %next = arith.addi %i, %c1 : index
    %lo = memref.load %pos[%i] : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %row = arith.muli %i, %c4 : index
      %j = memref.load %crd[%p] {sparse.coordinates_below = 4 : index} : memref<?xindex>
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<?xf64>
      %k32 = memref.load %narrow[%p] {sparse.coordinates_below = 3 : index} : memref<?xi32>
      %k = arith.index_castui %k32 : i32 to index
      %also = arith.addi %k, %row : index
      memref.store %one, %out[%also] : memref<?xf64>
    }
  }
  return %out : memref<?xf64>
}

// Coordinates below 8 reach the next row's block; unmarked ones, anywhere.
// CHECK-LABEL: func.func @coordinate_past_the_block(
// CHECK-NOT: omp.
// CHECK: scf.for
// CHECK-LABEL: func.func @unmarked_coordinate(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @coordinate_past_the_block(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = arith.muli %n, %c4 : index
  %out = memref.alloc(%size) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %next = arith.addi %i, %c1 : index
    %lo = memref.load %pos[%i] : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %row = arith.muli %i, %c4 : index
      %j = memref.load %crd[%p] {sparse.coordinates_below = 8 : index} : memref<?xindex>
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<?xf64>
    }
  }
  return %out : memref<?xf64>
}

func.func @unmarked_coordinate(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = arith.muli %n, %c4 : index
  %out = memref.alloc(%size) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %next = arith.addi %i, %c1 : index
    %lo = memref.load %pos[%i] : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %row = arith.muli %i, %c4 : index
      %j = memref.load %crd[%p] : memref<?xindex>
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<?xf64>
    }
  }
  return %out : memref<?xf64>
}

// Another iteration's row.
// CHECK-LABEL: func.func @next_row(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @next_row(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  %last = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %last step %c1 {
    %next = arith.addi %i, %c1 : index
    memref.store %one, %out[%next] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// Every iteration adds into the same location: a reduction.
// CHECK-LABEL: func.func @one_location(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @one_location(%n: index, %x: memref<?xf64>) -> memref<1xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc() : memref<1xf64>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf64>
    %s = memref.load %out[%c0] : memref<1xf64>
    %t = arith.addf %s, %v : f64
    memref.store %t, %out[%c0] : memref<1xf64>
  }
  return %out : memref<1xf64>
}

// An argument may alias another: it is never written in parallel.
// CHECK-LABEL: func.func @argument(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @argument(%n: index, %x: memref<?xf64>, %y: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf64>
    memref.store %v, %y[%i] : memref<?xf64>
  }
  return
}

// The buffer went to a call, whose result the loop reads: it may be the same.
// CHECK-LABEL: func.func @escaped(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func private @alias(memref<?xf64>) -> memref<?xf64>
func.func @escaped(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %other = func.call @alias(%out) : (memref<?xf64>) -> memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.subi %n, %i : index
    %k = arith.subi %j, %c1 : index
    %v = memref.load %other[%k] : memref<?xf64>
    memref.store %v, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// A call in the loop may do anything.
// CHECK-LABEL: func.func @calls(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func private @effect(index)
func.func @calls(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    func.call @effect(%i) : (index) -> ()
    memref.store %one, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// A value carried from one iteration to the next.
// CHECK-LABEL: func.func @carried(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @carried(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> (f64) {
    %t = arith.addf %s, %one : f64
    memref.store %t, %out[%i] : memref<?xf64>
    scf.yield %t : f64
  }
  return %out : memref<?xf64>
}

// Stack allocations per iteration are not outlined.
// CHECK-LABEL: func.func @stack(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @stack(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %own = memref.alloca() : memref<1xf64>
    memref.store %one, %own[%c0] : memref<1xf64>
    %v = memref.load %own[%c0] : memref<1xf64>
    memref.store %v, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// Read through a view of the written buffer: refused (only direct accesses count).
// CHECK-LABEL: func.func @view(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @view(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %cast = memref.cast %out : memref<?xf64> to memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %cast[%c0] : memref<?xf64>
    memref.store %v, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// A block size read in the iteration differs from one row to the next.
// CHECK-LABEL: func.func @size_per_row(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @size_per_row(%n: index, %sizes: memref<?xindex>, %total: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%total) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %c = memref.load %sizes[%i] : memref<?xindex>
    scf.for %j = %c0 to %c step %c1 {
      %row = arith.muli %i, %c : index
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<?xf64>
    }
  }
  return %out : memref<?xf64>
}

// The base buffer of extract_strided_metadata is another name of the result.
// CHECK-LABEL: func.func @base_buffer(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @base_buffer(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %out : memref<?xf64> -> memref<f64>, index, index, index
  %alias = memref.reinterpret_cast %base to offset: [0], sizes: [%n], strides: [1] : memref<f64> to memref<?xf64>
  %last = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.subi %last, %i : index
    %v = memref.load %alias[%k] : memref<?xf64>
    memref.store %v, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// Stored into a buffer of buffers and loaded back, the result has another name.
// CHECK-LABEL: func.func @boxed(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @boxed(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %box = memref.alloc() : memref<1xmemref<?xf64>>
  memref.store %out, %box[%c0] : memref<1xmemref<?xf64>>
  %alias = memref.load %box[%c0] : memref<1xmemref<?xf64>>
  %last = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.subi %last, %i : index
    %v = memref.load %alias[%k] : memref<?xf64>
    memref.store %v, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// A layout under which rows (0, 1) and (1, 0) are one element.
// CHECK-LABEL: func.func @overlapping_layout(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @overlapping_layout(%n: index) -> memref<?x4xf64, strided<[1, 1]>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f64
  %out = memref.alloc(%n) : memref<?x4xf64, strided<[1, 1]>>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %one, %out[%i, %j] : memref<?x4xf64, strided<[1, 1]>>
    }
  }
  return %out : memref<?x4xf64, strided<[1, 1]>>
}

// OpenMP's loops compare signed: an unsigned scf.for, and an unsigned while
// from a start not known to be at least 0, stay sequential.
// CHECK-LABEL: func.func @unsigned_for(
// CHECK-NOT: omp.
// CHECK: scf.for unsigned
func.func @unsigned_for(%n: index, %x: memref<?xf64>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  scf.for unsigned %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf64>
    memref.store %v, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// CHECK-LABEL: func.func @unsigned_while(
// CHECK-NOT: omp.
// CHECK: scf.while
func.func @unsigned_while(%n: index, %start: index, %x: memref<?xf64>) -> memref<?xf64> {
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %r = scf.while (%i = %start) : (index) -> index {
    %a = arith.cmpi ult, %i, %n : index
    scf.condition(%a) %i : index
  } do {
  ^bb0(%i: index):
    %v = memref.load %x[%i] : memref<?xf64>
    memref.store %v, %out[%i] : memref<?xf64>
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1 : index
  }
  return %out : memref<?xf64>
}

// An induction variable of another type than index.
// CHECK-LABEL: func.func @i32_loop(
// CHECK-NOT: omp.
// CHECK: scf.for
func.func @i32_loop(%n: i32) -> memref<100000xf64> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %out = memref.alloc() : memref<100000xf64>
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 : i32 {
    %at = arith.index_cast %i : i32 to index
    memref.store %one, %out[%at] : memref<100000xf64>
  }
  return %out : memref<100000xf64>
}

// A loop over one segment of a unique level's positions, counted unsigned
// from a loaded position, writing the rows its coordinates name (marked by
// cfir-to-scf) from pos[0] to pos[1]: parallel, also through a widening cast
// of 32-bit ones.
// CHECK-LABEL: func.func @distinct_rows(
// CHECK: omp.wsloop
// CHECK-LABEL: func.func private @distinct_rows_iteration(
func.func @distinct_rows(%pos: memref<?xindex>, %crd: memref<?xi32>, %n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %size = arith.muli %n, %c4 : index
  %out = memref.alloc(%size) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  %start = memref.load %pos[%c0] : memref<?xindex>
  %end = memref.load %pos[%c1] : memref<?xindex>
  %r = scf.while (%p = %start) : (index) -> index {
    %more = arith.cmpi ult, %p, %end : index
    scf.condition(%more) %p : index
  } do {
  ^bb0(%p: index):
    %narrow = memref.load %crd[%p] {sparse.distinct_coordinates} : memref<?xi32>
    %i = arith.index_castui %narrow : i32 to index
    scf.for %j = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c4 : index
      %at = arith.addi %row, %j : index
      memref.store %one, %out[%at] : memref<?xf64>
    }
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  return %out : memref<?xf64>
}

// The same coordinates, not known to be distinct (no mark): sequential.
// CHECK-LABEL: func.func @unmarked_rows(
// CHECK-NOT: omp.
// CHECK: return
func.func @unmarked_rows(%pos: memref<?xindex>, %crd: memref<?xindex>, %n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  %start = memref.load %pos[%c0] : memref<?xindex>
  %end = memref.load %pos[%c1] : memref<?xindex>
  %r = scf.while (%p = %start) : (index) -> index {
    %more = arith.cmpi ult, %p, %end : index
    scf.condition(%more) %p : index
  } do {
  ^bb0(%p: index):
    %i = memref.load %crd[%p] : memref<?xindex>
    memref.store %one, %out[%i] : memref<?xf64>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  return %out : memref<?xf64>
}

// A distinct coordinate read at another position than the iteration's: two
// iterations may name the same row. Sequential.
// CHECK-LABEL: func.func @coordinate_elsewhere(
// CHECK-NOT: omp.
// CHECK: return
func.func @coordinate_elsewhere(%crd: memref<?xindex>, %n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %p = %c0 to %n step %c1 {
    %q = arith.addi %p, %c1 : index
    %i = memref.load %crd[%q] {sparse.distinct_coordinates} : memref<?xindex>
    memref.store %one, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// Rows named by coordinates and by the induction variable in one buffer:
// iteration p's coordinate may be another iteration's p. Sequential.
// CHECK-LABEL: func.func @mixed_rows(
// CHECK-NOT: omp.
// CHECK: return
func.func @mixed_rows(%crd: memref<?xindex>, %n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %p = %c0 to %n step %c1 {
    %i = memref.load %crd[%p] {sparse.distinct_coordinates} : memref<?xindex>
    memref.store %one, %out[%i] : memref<?xf64>
    memref.store %one, %out[%p] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// Coordinates the loop itself rewrites are no longer known to be distinct.
// CHECK-LABEL: func.func @rewritten_coordinates(
// CHECK-NOT: omp.
// CHECK: return
func.func @rewritten_coordinates(%n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %crd = memref.alloc(%n) : memref<?xindex>
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %p = %c0 to %n step %c1 {
    %i = memref.load %crd[%p] {sparse.distinct_coordinates} : memref<?xindex>
    memref.store %one, %out[%i] : memref<?xf64>
    memref.store %c0, %crd[%p] : memref<?xindex>
  }
  memref.dealloc %crd : memref<?xindex>
  return %out : memref<?xf64>
}

// A marked coordinate in a loop that does not walk one segment (here over
// all of a CSR matrix's coordinates, which repeat from row to row): the mark
// is not trusted there. Sequential.
// CHECK-LABEL: func.func @not_one_segment(
// CHECK-NOT: omp.
// CHECK: return
func.func @not_one_segment(%crd: memref<?xindex>, %nnz: index, %n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  scf.for %p = %c0 to %nnz step %c1 {
    %i = memref.load %crd[%p] {sparse.distinct_coordinates} : memref<?xindex>
    memref.store %one, %out[%i] : memref<?xf64>
  }
  return %out : memref<?xf64>
}

// Rows named by the coordinates of two levels in one buffer: the first's
// coordinate in one iteration may be the second's in another. Sequential.
// CHECK-LABEL: func.func @two_coordinate_buffers(
// CHECK-NOT: omp.
// CHECK: return
func.func @two_coordinate_buffers(%pos: memref<?xindex>, %crd: memref<?xindex>, %other: memref<?xindex>, %n: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  %start = memref.load %pos[%c0] : memref<?xindex>
  %end = memref.load %pos[%c1] : memref<?xindex>
  %r = scf.while (%p = %start) : (index) -> index {
    %more = arith.cmpi ult, %p, %end : index
    scf.condition(%more) %p : index
  } do {
  ^bb0(%p: index):
    %i = memref.load %crd[%p] {sparse.distinct_coordinates} : memref<?xindex>
    %j = memref.load %other[%p] {sparse.distinct_coordinates} : memref<?xindex>
    memref.store %one, %out[%i] : memref<?xf64>
    memref.store %one, %out[%j] : memref<?xf64>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  return %out : memref<?xf64>
}
