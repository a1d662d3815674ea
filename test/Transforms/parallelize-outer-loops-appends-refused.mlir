// Loops that append a CSR result's rows, written by hand with the marks
// cfir-to-scf puts (parallelize-outer-loops): the marked form runs its rows
// on threads; each departure from what the marks promise keeps it in order.
// RUN: sparse-opt %s --parallelize-outer-loops | FileCheck %s

// Each row r copies A's row: one entry per step, the count stepped past it.
// CHECK-LABEL: func.func @copy_rows(
// CHECK: call @omp_get_max_threads()
// CHECK: omp.parallel
func.func @copy_rows(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> (memref<?xindex>, memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n1 = arith.addi %n, %c1 : index
  %cap = memref.dim %crd, %c0 : memref<?xindex>
  %ends = memref.alloc(%n1) : memref<?xindex>
  %out = memref.alloc(%cap) : memref<?xindex>
  %count = memref.alloc(%c2) : memref<?xindex>
  scf.for %r = %c0 to %n step %c1 {
    %next = arith.addi %r, %c1 : index
    %lo = memref.load %pos[%r] {sparse.row_slots = 1 : index} : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %c = memref.load %crd[%p] : memref<?xindex>
      %k = memref.load %count[%c1] {sparse.append_count} : memref<?xindex>
      %k1 = arith.addi %k, %c1 : index
      memref.store %k1, %count[%c1] {sparse.append_count} : memref<?xindex>
      memref.store %c, %out[%k] {sparse.appended_entry} : memref<?xindex>
      memref.store %k1, %ends[%next] {sparse.ended_segment} : memref<?xindex>
    }
  }
  return %ends, %out : memref<?xindex>, memref<?xindex>
}

// An entry read back: the runs' parts are not where the loop put them.
// CHECK-LABEL: func.func @reads_entry(
// CHECK-NOT: omp.
// CHECK: return
func.func @reads_entry(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> (memref<?xindex>, memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n1 = arith.addi %n, %c1 : index
  %cap = memref.dim %crd, %c0 : memref<?xindex>
  %ends = memref.alloc(%n1) : memref<?xindex>
  %out = memref.alloc(%cap) : memref<?xindex>
  %count = memref.alloc(%c2) : memref<?xindex>
  scf.for %r = %c0 to %n step %c1 {
    %next = arith.addi %r, %c1 : index
    %lo = memref.load %pos[%r] {sparse.row_slots = 1 : index} : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %c = memref.load %crd[%p] : memref<?xindex>
      %k = memref.load %count[%c1] {sparse.append_count} : memref<?xindex>
      %k1 = arith.addi %k, %c1 : index
      memref.store %k1, %count[%c1] {sparse.append_count} : memref<?xindex>
      %previous = memref.load %out[%c0] : memref<?xindex>
      %sum = arith.addi %c, %previous : index
      memref.store %sum, %out[%k] {sparse.appended_entry} : memref<?xindex>
      memref.store %k1, %ends[%next] {sparse.ended_segment} : memref<?xindex>
    }
  }
  return %ends, %out : memref<?xindex>, memref<?xindex>
}

// The count decides a branch: a run's count is not the loop's.
// CHECK-LABEL: func.func @count_decides(
// CHECK-NOT: omp.
// CHECK: return
func.func @count_decides(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> (memref<?xindex>, memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  %n1 = arith.addi %n, %c1 : index
  %cap = memref.dim %crd, %c0 : memref<?xindex>
  %ends = memref.alloc(%n1) : memref<?xindex>
  %out = memref.alloc(%cap) : memref<?xindex>
  %count = memref.alloc(%c2) : memref<?xindex>
  scf.for %r = %c0 to %n step %c1 {
    %next = arith.addi %r, %c1 : index
    %lo = memref.load %pos[%r] {sparse.row_slots = 1 : index} : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %c = memref.load %crd[%p] : memref<?xindex>
      %k = memref.load %count[%c1] {sparse.append_count} : memref<?xindex>
      %small = arith.cmpi ult, %k, %c9 : index
      scf.if %small {
        %k1 = arith.addi %k, %c1 : index
        memref.store %k1, %count[%c1] {sparse.append_count} : memref<?xindex>
        memref.store %c, %out[%k] {sparse.appended_entry} : memref<?xindex>
        memref.store %k1, %ends[%next] {sparse.ended_segment} : memref<?xindex>
      }
    }
  }
  return %ends, %out : memref<?xindex>, memref<?xindex>
}

// Two slots promised, one found: the bound would be short.
// CHECK-LABEL: func.func @slot_missing(
// CHECK-NOT: omp.
// CHECK: return
func.func @slot_missing(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> (memref<?xindex>, memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n1 = arith.addi %n, %c1 : index
  %cap = memref.dim %crd, %c0 : memref<?xindex>
  %ends = memref.alloc(%n1) : memref<?xindex>
  %out = memref.alloc(%cap) : memref<?xindex>
  %count = memref.alloc(%c2) : memref<?xindex>
  scf.for %r = %c0 to %n step %c1 {
    %next = arith.addi %r, %c1 : index
    %lo = memref.load %pos[%r] {sparse.row_slots = 2 : index} : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %c = memref.load %crd[%p] : memref<?xindex>
      %k = memref.load %count[%c1] {sparse.append_count} : memref<?xindex>
      %k1 = arith.addi %k, %c1 : index
      memref.store %k1, %count[%c1] {sparse.append_count} : memref<?xindex>
      memref.store %c, %out[%k] {sparse.appended_entry} : memref<?xindex>
      memref.store %k1, %ends[%next] {sparse.ended_segment} : memref<?xindex>
    }
  }
  return %ends, %out : memref<?xindex>, memref<?xindex>
}

// A row end stored at another row than r + k.
// CHECK-LABEL: func.func @end_elsewhere(
// CHECK-NOT: omp.
// CHECK: return
func.func @end_elsewhere(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> (memref<?xindex>, memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n1 = arith.addi %n, %c1 : index
  %cap = memref.dim %crd, %c0 : memref<?xindex>
  %ends = memref.alloc(%n1) : memref<?xindex>
  %out = memref.alloc(%cap) : memref<?xindex>
  %count = memref.alloc(%c2) : memref<?xindex>
  scf.for %r = %c0 to %n step %c1 {
    %next = arith.addi %r, %c1 : index
    %lo = memref.load %pos[%r] {sparse.row_slots = 1 : index} : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %c = memref.load %crd[%p] : memref<?xindex>
      %k = memref.load %count[%c1] {sparse.append_count} : memref<?xindex>
      %k1 = arith.addi %k, %c1 : index
      memref.store %k1, %count[%c1] {sparse.append_count} : memref<?xindex>
      memref.store %c, %out[%k] {sparse.appended_entry} : memref<?xindex>
      memref.store %k1, %ends[%c] {sparse.ended_segment} : memref<?xindex>
    }
  }
  return %ends, %out : memref<?xindex>, memref<?xindex>
}

// A row end computed as c - count (not count ± c): no run's count gives it.
// CHECK-LABEL: func.func @end_from_difference(
// CHECK-NOT: omp.
// CHECK: return
func.func @end_from_difference(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> (memref<?xindex>, memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n1 = arith.addi %n, %c1 : index
  %cap = memref.dim %crd, %c0 : memref<?xindex>
  %ends = memref.alloc(%n1) : memref<?xindex>
  %out = memref.alloc(%cap) : memref<?xindex>
  %count = memref.alloc(%c2) : memref<?xindex>
  scf.for %r = %c0 to %n step %c1 {
    %next = arith.addi %r, %c1 : index
    %lo = memref.load %pos[%r] {sparse.row_slots = 1 : index} : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %c = memref.load %crd[%p] : memref<?xindex>
      %k = memref.load %count[%c1] {sparse.append_count} : memref<?xindex>
      %k1 = arith.addi %k, %c1 : index
      memref.store %k1, %count[%c1] {sparse.append_count} : memref<?xindex>
      memref.store %c, %out[%k] {sparse.appended_entry} : memref<?xindex>
      %c9 = arith.constant 9 : index
      %back = arith.subi %c9, %k : index
      memref.store %back, %ends[%next] {sparse.ended_segment} : memref<?xindex>
    }
  }
  return %ends, %out : memref<?xindex>, memref<?xindex>
}

// A count stored from elsewhere than the count.
// CHECK-LABEL: func.func @count_reset(
// CHECK-NOT: omp.
// CHECK: return
func.func @count_reset(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> (memref<?xindex>, memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n1 = arith.addi %n, %c1 : index
  %cap = memref.dim %crd, %c0 : memref<?xindex>
  %ends = memref.alloc(%n1) : memref<?xindex>
  %out = memref.alloc(%cap) : memref<?xindex>
  %count = memref.alloc(%c2) : memref<?xindex>
  scf.for %r = %c0 to %n step %c1 {
    %next = arith.addi %r, %c1 : index
    %lo = memref.load %pos[%r] {sparse.row_slots = 1 : index} : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %c = memref.load %crd[%p] : memref<?xindex>
      %k = memref.load %count[%c1] {sparse.append_count} : memref<?xindex>
      %k1 = arith.addi %k, %c1 : index
      memref.store %k1, %count[%c1] {sparse.append_count} : memref<?xindex>
      memref.store %c0, %count[%c1] {sparse.append_count} : memref<?xindex>
      memref.store %c, %out[%k] {sparse.appended_entry} : memref<?xindex>
      memref.store %k1, %ends[%next] {sparse.ended_segment} : memref<?xindex>
    }
  }
  return %ends, %out : memref<?xindex>, memref<?xindex>
}

// A count stepped by itself.
// CHECK-LABEL: func.func @doubled_count(
// CHECK-NOT: omp.
// CHECK: return
func.func @doubled_count(%n: index, %pos: memref<?xindex>, %crd: memref<?xindex>) -> (memref<?xindex>, memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n1 = arith.addi %n, %c1 : index
  %cap = memref.dim %crd, %c0 : memref<?xindex>
  %ends = memref.alloc(%n1) : memref<?xindex>
  %out = memref.alloc(%cap) : memref<?xindex>
  %count = memref.alloc(%c2) : memref<?xindex>
  scf.for %r = %c0 to %n step %c1 {
    %next = arith.addi %r, %c1 : index
    %lo = memref.load %pos[%r] {sparse.row_slots = 1 : index} : memref<?xindex>
    %hi = memref.load %pos[%next] : memref<?xindex>
    scf.for %p = %lo to %hi step %c1 {
      %c = memref.load %crd[%p] : memref<?xindex>
      %k = memref.load %count[%c1] {sparse.append_count} : memref<?xindex>
      %k1 = arith.addi %k, %k : index
      memref.store %k1, %count[%c1] {sparse.append_count} : memref<?xindex>
      memref.store %c, %out[%k] {sparse.appended_entry} : memref<?xindex>
      memref.store %k1, %ends[%next] {sparse.ended_segment} : memref<?xindex>
    }
  }
  return %ends, %out : memref<?xindex>, memref<?xindex>
}

