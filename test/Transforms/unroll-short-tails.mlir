// unroll-short-tails: the tail of a merge (a loop over what is left of one
// driver's segment, starting where the merge stopped) that copies entries
// gets a copy of its steps unrolled and nested, eight of them, chosen where
// the tail holds at most eight entries; the loop runs otherwise, marked.
// RUN: sparse-opt %s --split-input-file --unroll-short-tails | FileCheck %s
// A second run changes nothing.
// RUN: sparse-opt %s --split-input-file --unroll-short-tails > %t.once
// RUN: sparse-opt %t.once --split-input-file --unroll-short-tails | diff %t.once -

// A union's merge into a sparse result, then the tail of the second
// driver's segment, which copies each coordinate and value at the append
// count; where it stops is returned.
// CHECK-LABEL: func.func @union_tail
// CHECK-SAME: (%{{[^:]+}}: memref<?xindex>, %[[CB:[^:]+]]: memref<?xindex>, %[[VB:[^:]+]]: memref<?xf64>, %{{[^:]+}}: index, %{{[^:]+}}: index, %{{[^:]+}}: index, %[[EB:[^:]+]]: index, %[[OUT_CRD:[^:]+]]: memref<?xindex>, %[[OUT_VAL:[^:]+]]: memref<?xf64>, %[[COUNT:[^:]+]]: memref<1xindex>)
// CHECK: %[[MERGED:.+]]:2 = scf.while
// CHECK: %[[LENGTH:.+]] = arith.subi %[[EB]], %[[MERGED]]#1 : index
// CHECK-NEXT: %[[MOST:.+]] = arith.constant 8 : index
// CHECK-NEXT: %[[SHORT:.+]] = arith.cmpi ule, %[[LENGTH]], %[[MOST]] : index
// CHECK-NEXT: %[[STOP:.+]] = scf.if %[[SHORT]] -> (index) {
// CHECK-NEXT: %[[LEFT0:.+]] = arith.cmpi ult, %[[MERGED]]#1, %[[EB]] : index
// CHECK-NEXT: scf.if %[[LEFT0]] {
// CHECK-NEXT: %[[J0:.+]] = memref.load %[[CB]][%[[MERGED]]#1] : memref<?xindex>
// CHECK-NEXT: %[[P1:.+]] = arith.addi %[[MERGED]]#1, %{{.+}} : index
// CHECK-NEXT: %[[V0:.+]] = memref.load %[[VB]][%[[MERGED]]#1] : memref<?xf64>
// CHECK-NEXT: %[[AT0:.+]] = memref.load %[[COUNT]]
// CHECK-NEXT: %[[AFTER0:.+]] = arith.addi %[[AT0]]
// CHECK-NEXT: memref.store %[[AFTER0]], %[[COUNT]]
// CHECK-NEXT: memref.store %[[J0]], %[[OUT_CRD]][%[[AT0]]] : memref<?xindex>
// CHECK-NEXT: memref.store %[[V0]], %[[OUT_VAL]][%[[AT0]]] : memref<?xf64>
// CHECK-NEXT: %[[LEFT1:.+]] = arith.cmpi ult, %[[P1]], %[[EB]] : index
// CHECK-NEXT: scf.if %[[LEFT1]] {
// CHECK-NEXT: %[[J1:.+]] = memref.load %[[CB]][%[[P1]]] : memref<?xindex>
// CHECK-NEXT: %[[P2:.+]] = arith.addi %[[P1]], %{{.+}} : index
// CHECK-NEXT: %[[V1:.+]] = memref.load %[[VB]][%[[P1]]] : memref<?xf64>
// CHECK-COUNT-6: scf.if
// CHECK-NOT: scf.if
// CHECK-COUNT-8: }
// CHECK-NEXT: %[[END:.+]] = arith.maxui %[[MERGED]]#1, %[[EB]] : index
// CHECK-NEXT: scf.yield %[[END]] : index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[LOOP:.+]] = scf.while (%[[P:.+]] = %[[MERGED]]#1) : (index) -> index {
// CHECK-NEXT: arith.cmpi ult, %[[P]], %[[EB]] : index
// CHECK: } attributes {sparse.short_tails_unrolled}
// CHECK-NEXT: scf.yield %[[LOOP]] : index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[STOP]] : index
func.func @union_tail(%ca: memref<?xindex>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out_crd: memref<?xindex>, %out_val: memref<?xf64>, %count: memref<1xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %merged:2 = scf.while (%a = %pa, %b = %pb) : (index, index) -> (index, index) {
    %in_a = arith.cmpi ult, %a, %ea : index
    %in_b = arith.cmpi ult, %b, %eb : index
    %both = arith.andi %in_a, %in_b : i1
    scf.condition(%both) %a, %b : index, index
  } do {
  ^bb0(%a: index, %b: index):
    %ja = memref.load %ca[%a] : memref<?xindex>
    %jb = memref.load %cb[%b] : memref<?xindex>
    %least = arith.minui %ja, %jb : index
    %on_a = arith.cmpi eq, %ja, %least : index
    %on_b = arith.cmpi eq, %jb, %least : index
    %next_a = arith.addi %a, %c1 : index
    %next_b = arith.addi %b, %c1 : index
    %step_a = arith.select %on_a, %next_a, %a : index
    %step_b = arith.select %on_b, %next_b, %b : index
    scf.yield %step_a, %step_b : index, index
  }
  %stop = scf.while (%p = %merged#1) : (index) -> index {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j = memref.load %cb[%p] : memref<?xindex>
    %next = arith.addi %p, %c1 : index
    %v = memref.load %vb[%p] : memref<?xf64>
    %at = memref.load %count[%c0] : memref<1xindex>
    %after = arith.addi %at, %c1 : index
    memref.store %after, %count[%c0] : memref<1xindex>
    memref.store %j, %out_crd[%at] : memref<?xindex>
    memref.store %v, %out_val[%at] : memref<?xf64>
    scf.yield %next : index
  }
  return %stop : index
}

// -----

// 32-bit coordinates copied through casts into a 32-bit result, the tail
// starting at the result of an scf.if (branch-merges' choice between a
// merge's copies): taken.
// CHECK-LABEL: func.func @cast_tail
// CHECK: arith.cmpi ule
// CHECK: scf.while
// CHECK: } attributes {sparse.short_tails_unrolled}
func.func @cast_tail(%choose: i1, %pa: index, %pb: index, %cb: memref<?xi32>, %eb: index, %out_crd: memref<?xi32>, %count: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %start:2 = scf.if %choose -> (index, index) {
    scf.yield %pa, %pb : index, index
  } else {
    scf.yield %pb, %pa : index, index
  }
  %stop = scf.while (%p = %start#1) : (index) -> index {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j = memref.load %cb[%p] : memref<?xi32>
    %wide = arith.extui %j : i32 to i64
    %index = arith.index_castui %wide : i64 to index
    %narrow = arith.index_castui %index : index to i32
    %at = memref.load %count[%c0] : memref<1xindex>
    %after = arith.addi %at, %c1 : index
    memref.store %after, %count[%c0] : memref<1xindex>
    memref.store %narrow, %out_crd[%at] : memref<?xi32>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  return
}

// -----

// Loops left as they are: one that does not start where a loop before it
// stopped (a whole segment, whose copy is long as often as not), one after
// a loop of three drivers; and after a merge of two, one that reduces what
// it loads instead of copying it, one that carries two values, one that
// steps by two, one whose body holds a branch, one whose bound its test
// computes, one compared signed, and one of 41 ops besides its yield (40
// is the most).
// CHECK-LABEL: func.func @left
// CHECK-NOT: arith.cmpi ule
// CHECK-NOT: sparse.short_tails_unrolled
// CHECK: return
func.func @left(%choose: i1, %pa: index, %pb: index, %ea: index, %eb: index, %c: memref<?xindex>, %v: memref<?xf64>, %out: memref<?xindex>, %sum: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %segment = scf.while (%p = %pa) : (index) -> index {
    %left = arith.cmpi ult, %p, %ea : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j = memref.load %c[%p] : memref<?xindex>
    memref.store %j, %out[%p] : memref<?xindex>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  %three:3 = scf.while (%p = %segment, %q = %pa, %r = %pb) : (index, index, index) -> (index, index, index) {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p, %q, %r : index, index, index
  } do {
  ^bb0(%p: index, %q: index, %r: index):
    %next = arith.addi %p, %c1 : index
    scf.yield %next, %q, %r : index, index, index
  }
  %after_three = scf.while (%p = %three#2) : (index) -> index {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j = memref.load %c[%p] : memref<?xindex>
    memref.store %j, %out[%p] : memref<?xindex>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  %starts:2 = scf.if %choose -> (index, index) {
    scf.yield %after_three, %pb : index, index
  } else {
    scf.yield %pb, %after_three : index, index
  }
  %reduced = scf.while (%p = %starts#0) : (index) -> index {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %x = memref.load %v[%p] : memref<?xf64>
    %s = memref.load %sum[] : memref<f64>
    %t = arith.addf %s, %x : f64
    memref.store %t, %sum[] : memref<f64>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  %two:2 = scf.while (%p = %starts#0, %q = %pb) : (index, index) -> (index, index) {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %j = memref.load %c[%p] : memref<?xindex>
    memref.store %j, %out[%q] : memref<?xindex>
    %next = arith.addi %p, %c1 : index
    %after = arith.addi %q, %c1 : index
    scf.yield %next, %after : index, index
  }
  %strided = scf.while (%p = %starts#0) : (index) -> index {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j = memref.load %c[%p] : memref<?xindex>
    memref.store %j, %out[%p] : memref<?xindex>
    %next = arith.addi %p, %c2 : index
    scf.yield %next : index
  }
  %branching = scf.while (%p = %starts#0) : (index) -> index {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j = memref.load %c[%p] : memref<?xindex>
    %positive = arith.cmpi ugt, %j, %c0 : index
    scf.if %positive {
      memref.store %j, %out[%p] : memref<?xindex>
    }
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  %moving = scf.while (%p = %starts#0) : (index) -> index {
    %bound = arith.addi %p, %c2 : index
    %left = arith.cmpi ult, %p, %bound : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j = memref.load %c[%p] : memref<?xindex>
    memref.store %j, %out[%p] : memref<?xindex>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  %signed = scf.while (%p = %starts#0) : (index) -> index {
    %left = arith.cmpi slt, %p, %eb : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j = memref.load %c[%p] : memref<?xindex>
    memref.store %j, %out[%p] : memref<?xindex>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  %long = scf.while (%p = %starts#1) : (index) -> index {
    %left = arith.cmpi ult, %p, %eb : index
    scf.condition(%left) %p : index
  } do {
  ^bb0(%p: index):
    %j0 = memref.load %c[%p] : memref<?xindex>
    memref.store %j0, %out[%p] : memref<?xindex>
    %j1 = memref.load %c[%p] : memref<?xindex>
    memref.store %j1, %out[%p] : memref<?xindex>
    %j2 = memref.load %c[%p] : memref<?xindex>
    memref.store %j2, %out[%p] : memref<?xindex>
    %j3 = memref.load %c[%p] : memref<?xindex>
    memref.store %j3, %out[%p] : memref<?xindex>
    %j4 = memref.load %c[%p] : memref<?xindex>
    memref.store %j4, %out[%p] : memref<?xindex>
    %j5 = memref.load %c[%p] : memref<?xindex>
    memref.store %j5, %out[%p] : memref<?xindex>
    %j6 = memref.load %c[%p] : memref<?xindex>
    memref.store %j6, %out[%p] : memref<?xindex>
    %j7 = memref.load %c[%p] : memref<?xindex>
    memref.store %j7, %out[%p] : memref<?xindex>
    %j8 = memref.load %c[%p] : memref<?xindex>
    memref.store %j8, %out[%p] : memref<?xindex>
    %j9 = memref.load %c[%p] : memref<?xindex>
    memref.store %j9, %out[%p] : memref<?xindex>
    %j10 = memref.load %c[%p] : memref<?xindex>
    memref.store %j10, %out[%p] : memref<?xindex>
    %j11 = memref.load %c[%p] : memref<?xindex>
    memref.store %j11, %out[%p] : memref<?xindex>
    %j12 = memref.load %c[%p] : memref<?xindex>
    memref.store %j12, %out[%p] : memref<?xindex>
    %j13 = memref.load %c[%p] : memref<?xindex>
    memref.store %j13, %out[%p] : memref<?xindex>
    %j14 = memref.load %c[%p] : memref<?xindex>
    memref.store %j14, %out[%p] : memref<?xindex>
    %j15 = memref.load %c[%p] : memref<?xindex>
    memref.store %j15, %out[%p] : memref<?xindex>
    %j16 = memref.load %c[%p] : memref<?xindex>
    memref.store %j16, %out[%p] : memref<?xindex>
    %j17 = memref.load %c[%p] : memref<?xindex>
    memref.store %j17, %out[%p] : memref<?xindex>
    %j18 = memref.load %c[%p] : memref<?xindex>
    memref.store %j18, %out[%p] : memref<?xindex>
    %j19 = memref.load %c[%p] : memref<?xindex>
    memref.store %j19, %out[%p] : memref<?xindex>
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  return
}
