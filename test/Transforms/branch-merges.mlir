// branch-merges: a merge of two ordered drivers that advances them by
// selects is replaced by a choice, per pair of segments, between a copy
// that runs its body in three cases (both drivers on the least coordinate,
// only the first, only the second), each advancing by what it knows, and
// the loop as it was; the branching copy where the segments' coordinate
// ranges overlap by less than an eighth of the wider (or not at all), or
// have the same first and last coordinates.
// RUN: sparse-opt %s --split-input-file --branch-merges | FileCheck %s
// A second run changes nothing.
// RUN: sparse-opt %s --split-input-file --branch-merges > %t.once
// RUN: sparse-opt %t.once --split-input-file --branch-merges | diff %t.once -

// A union's merge into a sparse result, as cfir-to-scf lowers it: the
// case chain in scf.if ops on the conditions (the first expected false).
// CHECK-LABEL: func.func @union_row
// CHECK-SAME: (%[[CA:[^:]+]]: memref<?xindex>, %[[VA:[^:]+]]: memref<?xf64>, %[[CB:[^:]+]]: memref<?xindex>, %[[VB:[^:]+]]: memref<?xf64>, %[[PA:[^:]+]]: index, %[[EA:[^:]+]]: index, %[[PB:[^:]+]]: index, %[[EB:[^:]+]]: index, %[[OUT_CRD:[^:]+]]: memref<?xindex>, %[[OUT_VAL:[^:]+]]: memref<?xf64>, %[[COUNT:[^:]+]]: memref<1xindex>)
// CHECK: %[[VISITS_A:.+]] = arith.cmpi ult, %[[PA]], %[[EA]] : index
// CHECK-NEXT: %[[VISITS_B:.+]] = arith.cmpi ult, %[[PB]], %[[EB]] : index
// CHECK-NEXT: %[[VISITS:.+]] = arith.andi %[[VISITS_A]], %[[VISITS_B]] : i1
// CHECK-NEXT: %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[SIZE_A:.+]] = memref.dim %[[CA]], %[[ZERO]] : memref<?xindex>
// CHECK-NEXT: %[[INSIDE_A:.+]] = arith.cmpi ule, %[[EA]], %[[SIZE_A]] : index
// CHECK-NEXT: %[[VISITS_IN_A:.+]] = arith.andi %[[VISITS]], %[[INSIDE_A]] : i1
// CHECK-NEXT: %[[SIZE_B:.+]] = memref.dim %[[CB]], %[[ZERO]] : memref<?xindex>
// CHECK-NEXT: %[[INSIDE_B:.+]] = arith.cmpi ule, %[[EB]], %[[SIZE_B]] : index
// CHECK-NEXT: %[[VISITED:.+]] = arith.andi %[[VISITS_IN_A]], %[[INSIDE_B]] : i1
// CHECK-NEXT: %[[CHOICE:.+]] = scf.if %[[VISITED]] -> (i1) {
// CHECK-NEXT: %[[ONE:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[LAST_A:.+]] = arith.subi %[[EA]], %[[ONE]] : index
// CHECK-NEXT: %[[AF:.+]] = memref.load %[[CA]][%[[PA]]] : memref<?xindex>
// CHECK-NEXT: %[[AL:.+]] = memref.load %[[CA]][%[[LAST_A]]] : memref<?xindex>
// CHECK-NEXT: %[[LAST_B:.+]] = arith.subi %[[EB]], %[[ONE]] : index
// CHECK-NEXT: %[[BF:.+]] = memref.load %[[CB]][%[[PB]]] : memref<?xindex>
// CHECK-NEXT: %[[BL:.+]] = memref.load %[[CB]][%[[LAST_B]]] : memref<?xindex>
// CHECK-NEXT: %[[LOW:.+]] = arith.maxui %[[AF]], %[[BF]] : index
// CHECK-NEXT: %[[HIGH:.+]] = arith.minui %[[AL]], %[[BL]] : index
// CHECK-NEXT: %[[OVERLAP:.+]] = arith.subi %[[HIGH]], %[[LOW]] : index
// CHECK-NEXT: %[[WIDTH_A:.+]] = arith.subi %[[AL]], %[[AF]] : index
// CHECK-NEXT: %[[WIDTH_B:.+]] = arith.subi %[[BL]], %[[BF]] : index
// CHECK-NEXT: %[[WIDER:.+]] = arith.maxui %[[WIDTH_A]], %[[WIDTH_B]] : index
// CHECK-NEXT: %[[THREE:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[EIGHTH:.+]] = arith.shrui %[[WIDER]], %[[THREE]] : index
// CHECK-NEXT: %[[NARROW:.+]] = arith.cmpi slt, %[[OVERLAP]], %[[EIGHTH]] : index
// CHECK-NEXT: %[[FIRSTS:.+]] = arith.cmpi eq, %[[AF]], %[[BF]] : index
// CHECK-NEXT: %[[LASTS:.+]] = arith.cmpi eq, %[[AL]], %[[BL]] : index
// CHECK-NEXT: %[[ALIKE:.+]] = arith.andi %[[FIRSTS]], %[[LASTS]] : i1
// CHECK-NEXT: %[[LITTLE:.+]] = arith.ori %[[NARROW]], %[[ALIKE]] : i1
// CHECK-NEXT: scf.yield %[[LITTLE]] : i1
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[NEVER:.+]] = arith.constant false
// CHECK-NEXT: scf.yield %[[NEVER]] : i1
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.+]]:2 = scf.if %[[CHOICE]] -> (index, index) {
// CHECK-NEXT: %[[BRANCHED:.+]]:2 = scf.while (%[[P0:[^ ]+]] = %[[PA]], %[[Q0:[^ ]+]] = %[[PB]])
// CHECK: ^bb0(%[[P:[^:]+]]: index, %[[Q:[^:]+]]: index):
// CHECK-NEXT: %[[I:.+]] = memref.load %[[CA]][%[[P]]] : memref<?xindex>
// CHECK-NEXT: %[[J:.+]] = memref.load %[[CB]][%[[Q]]] : memref<?xindex>
// CHECK-NEXT: %[[M:.+]] = arith.minui %[[I]], %[[J]] : index
// CHECK-NEXT: %[[A:.+]] = arith.cmpi eq, %[[I]], %[[M]] : index
// CHECK-NEXT: %[[B:.+]] = arith.cmpi eq, %[[J]], %[[M]] : index
// CHECK-NEXT: %[[BOTH:.+]] = arith.andi %[[A]], %[[B]] : i1
// CHECK-NEXT: %[[NEXT:.+]]:2 = scf.if %[[BOTH]] -> (index, index) {
// CHECK-NEXT: %[[P1:.+]] = arith.addi %[[P]], %{{.+}} : index
// CHECK-NEXT: %[[Q1:.+]] = arith.addi %[[Q]], %{{.+}} : index
// CHECK-NEXT: %[[K:.+]] = memref.load %[[COUNT]]
// CHECK-NEXT: %[[X:.+]] = memref.load %[[VA]][%[[P]]]
// CHECK-NEXT: %[[Y:.+]] = memref.load %[[VB]][%[[Q]]]
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[X]], %[[Y]] : f64
// CHECK-NEXT: memref.store %[[M]], %[[OUT_CRD]][%[[K]]]
// CHECK-NEXT: memref.store %[[S]], %[[OUT_VAL]][%[[K]]]
// CHECK-NEXT: %[[K1:.+]] = arith.addi %[[K]], %{{.+}} : index
// CHECK-NEXT: memref.store %[[K1]], %[[COUNT]]
// CHECK-NEXT: scf.yield %[[P1]], %[[Q1]] : index, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ONE_SIDE:.+]]:2 = scf.if %[[A]] -> (index, index) {
// CHECK-NEXT: %[[P1:.+]] = arith.addi %[[P]], %{{.+}} : index
// CHECK-NEXT: %[[K:.+]] = memref.load %[[COUNT]]
// CHECK-NEXT: %[[X:.+]] = memref.load %[[VA]][%[[P]]]
// CHECK-NEXT: memref.store %[[M]], %[[OUT_CRD]][%[[K]]]
// CHECK-NEXT: memref.store %[[X]], %[[OUT_VAL]][%[[K]]]
// CHECK-NEXT: %[[K1:.+]] = arith.addi %[[K]], %{{.+}} : index
// CHECK-NEXT: memref.store %[[K1]], %[[COUNT]]
// CHECK-NEXT: scf.yield %[[P1]], %[[Q]] : index, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[Q1:.+]] = arith.addi %[[Q]], %{{.+}} : index
// CHECK-NEXT: %[[K:.+]] = memref.load %[[COUNT]]
// CHECK-NEXT: %[[Y:.+]] = memref.load %[[VB]][%[[Q]]]
// CHECK-NEXT: memref.store %[[M]], %[[OUT_CRD]][%[[K]]]
// CHECK-NEXT: memref.store %[[Y]], %[[OUT_VAL]][%[[K]]]
// CHECK-NEXT: %[[K1:.+]] = arith.addi %[[K]], %{{.+}} : index
// CHECK-NEXT: memref.store %[[K1]], %[[COUNT]]
// CHECK-NEXT: scf.yield %[[P]], %[[Q1]] : index, index
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[ONE_SIDE]]#0, %[[ONE_SIDE]]#1 : index, index
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[NEXT]]#0, %[[NEXT]]#1 : index, index
// CHECK-NEXT: } attributes {sparse.branched}
// CHECK-NEXT: scf.yield %[[BRANCHED]]#0, %[[BRANCHED]]#1 : index, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[SELECTED:.+]]:2 = scf.while (%{{[^ ]+}} = %[[PA]], %{{[^ ]+}} = %[[PB]])
// CHECK: llvm.intr.expect
// CHECK: arith.select %{{.+}} : index
// CHECK-NEXT: arith.select %{{.+}} : index
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } attributes {sparse.branched}
// CHECK-NEXT: scf.yield %[[SELECTED]]#0, %[[SELECTED]]#1 : index, index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : index, index
func.func @union_row(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out_crd: memref<?xindex>, %out_val: memref<?xf64>, %count: memref<1xindex>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %j = memref.load %cb[%q] : memref<?xindex>
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %both = arith.andi %a, %b : i1
    %expect = llvm.intr.expect %both, %false : i1
    %k = memref.load %count[%c0] : memref<1xindex>
    scf.if %expect {
      %x = memref.load %va[%p] : memref<?xf64>
      %y = memref.load %vb[%q] : memref<?xf64>
      %s = arith.addf %x, %y : f64
      memref.store %m, %out_crd[%k] : memref<?xindex>
      memref.store %s, %out_val[%k] : memref<?xf64>
    } else {
      %either = arith.ori %a, %b : i1
      scf.if %either {
        %x = memref.load %va[%p] : memref<?xf64>
        %y = memref.load %vb[%q] : memref<?xf64>
        %s = arith.select %a, %x, %y : f64
        memref.store %m, %out_crd[%k] : memref<?xindex>
        memref.store %s, %out_val[%k] : memref<?xf64>
      }
    }
    %k1 = arith.addi %k, %c1 : index
    memref.store %k1, %count[%c0] : memref<1xindex>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A sum carried in registers beside the positions (the first test is the
// second driver's): every case yields it.
// CHECK-LABEL: func.func @union_sum_carried
// CHECK: scf.while (%{{[^ ]+}} = %{{[^ ]+}}, %{{[^ ]+}} = %{{[^ ]+}}, %{{[^ ]+}} = %{{[^ ]+}}) : (index, f64, index) -> (index, f64, index)
// CHECK: ^bb0(%[[P:[^:]+]]: index, %[[SUM:[^:]+]]: f64, %[[Q:[^:]+]]: index):
// CHECK: %[[A:.+]] = arith.cmpi eq, %[[M:.+]], %{{.+}} : index
// CHECK-NEXT: %[[B:.+]] = arith.cmpi eq, %{{.+}}, %[[M]] : index
// CHECK-NEXT: %[[BOTH:.+]] = arith.andi %[[B]], %[[A]] : i1
// CHECK-NEXT: scf.if %[[BOTH]] -> (index, f64, index) {
// CHECK: %[[MAX:.+]] = arith.maximumf
// CHECK-NEXT: %[[NEXT:.+]] = arith.addf %[[SUM]], %[[MAX]] : f64
// CHECK-NEXT: %[[P1:.+]] = arith.addi %{{.+}}, %[[P]] : index
// CHECK-NEXT: %[[Q1:.+]] = arith.addi %[[Q]], %{{.+}} : index
// CHECK-NEXT: scf.yield %[[P1]], %[[NEXT]], %[[Q1]] : index, f64, index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[B]] -> (index, f64, index) {
// CHECK-NEXT: %[[Y:.+]] = memref.load
// CHECK-NEXT: %[[MAX:.+]] = arith.maximumf %[[Y]], %{{.+}} : f64
// CHECK-NEXT: %[[NEXT:.+]] = arith.addf %[[SUM]], %[[MAX]] : f64
// CHECK-NEXT: %[[Q1:.+]] = arith.addi %[[Q]], %{{.+}} : index
// CHECK-NEXT: scf.yield %[[P]], %[[NEXT]], %[[Q1]] : index, f64, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[X:.+]] = memref.load
// CHECK-NEXT: %[[MAX:.+]] = arith.maximumf %[[X]], %{{.+}} : f64
// CHECK-NEXT: %[[NEXT:.+]] = arith.addf %[[SUM]], %[[MAX]] : f64
// CHECK-NEXT: %[[P1:.+]] = arith.addi %{{.+}}, %[[P]] : index
// CHECK-NEXT: scf.yield %[[P1]], %[[NEXT]], %[[Q]] : index, f64, index
// CHECK: } attributes {sparse.branched}
// CHECK: } attributes {sparse.branched}
func.func @union_sum_carried(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index) -> f64 {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %r:3 = scf.while (%p = %pa, %sum = %zero, %q = %pb) : (index, f64, index) -> (index, f64, index) {
    %0 = arith.cmpi ult, %q, %eb : index
    %1 = arith.cmpi ult, %p, %ea : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %sum, %q : index, f64, index
  } do {
  ^bb0(%p: index, %sum: f64, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %m = arith.minui %j, %i : index
    %a = arith.cmpi eq, %m, %i : index
    %b = arith.cmpi eq, %j, %m : index
    %both = arith.andi %a, %b : i1
    %t = scf.if %both -> (f64) {
      %x = memref.load %va[%p] : memref<?xf64>
      %y = memref.load %vb[%q] : memref<?xf64>
      %s = arith.maximumf %x, %y : f64
      scf.yield %s : f64
    } else {
      %x = memref.load %va[%p] : memref<?xf64>
      %y = memref.load %vb[%q] : memref<?xf64>
      %s = arith.select %a, %x, %y : f64
      %z = arith.maximumf %s, %zero : f64
      scf.yield %z : f64
    }
    %next = arith.addf %sum, %t : f64
    %p1 = arith.addi %c1, %p : index
    %q1 = arith.addi %q, %c1 : index
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %next, %nq : index, f64, index
  }
  return %r#1 : f64
}

// -----

// 32-bit coordinates, and --check-bounds' checks: those whose test only
// reads stay before the cases, in order, and the choice reads the
// coordinates through the same casts.
// CHECK-LABEL: func.func @union_i32_checked
// CHECK: scf.if %{{.+}} -> (i1) {
// CHECK: %[[AF32:.+]] = memref.load %{{.+}}[%{{.+}}] : memref<?xi32>
// CHECK-NEXT: %{{.+}} = arith.index_castui %[[AF32]] : i32 to index
// CHECK: scf.while
// CHECK: ^bb0(
// CHECK-NEXT: memref.dim
// CHECK-NEXT: arith.cmpi ult
// CHECK-NEXT: cf.assert %{{.+}}, "out of bounds: ca"
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.index_castui
// CHECK-NEXT: memref.dim
// CHECK-NEXT: arith.cmpi ult
// CHECK-NEXT: cf.assert %{{.+}}, "out of bounds: cb"
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.index_castui
// CHECK-NEXT: arith.minui
// CHECK-NEXT: arith.cmpi eq
// CHECK-NEXT: arith.cmpi eq
// CHECK-NEXT: memref.dim
// CHECK-NEXT: arith.cmpi ult
// CHECK-NEXT: cf.assert %{{.+}}, "out of bounds: va"
// CHECK-NEXT: %[[BOTH:.+]] = arith.andi
// CHECK-NEXT: scf.if %[[BOTH]] -> (index, index) {
// CHECK-NOT: cf.assert
// CHECK: } attributes {sparse.branched}
// CHECK: } attributes {sparse.branched}
func.func @union_i32_checked(%ca: memref<?xi32>, %va: memref<?xf32>, %cb: memref<?xi32>, %vb: memref<?xf32>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %da = memref.dim %ca, %c0 : memref<?xi32>
    %ina = arith.cmpi ult, %p, %da : index
    cf.assert %ina, "out of bounds: ca"
    %i32 = memref.load %ca[%p] : memref<?xi32>
    %i = arith.index_castui %i32 : i32 to index
    %db = memref.dim %cb, %c0 : memref<?xi32>
    %inb = arith.cmpi ult, %q, %db : index
    cf.assert %inb, "out of bounds: cb"
    %j32 = memref.load %cb[%q] : memref<?xi32>
    %j = arith.index_castui %j32 : i32 to index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %dv = memref.dim %va, %c0 : memref<?xf32>
    %inv = arith.cmpi ult, %p, %dv : index
    cf.assert %inv, "out of bounds: va"
    %x = memref.load %va[%p] : memref<?xf32>
    %y = memref.load %vb[%q] : memref<?xf32>
    %both = arith.andi %a, %b : i1
    %s = arith.addf %x, %y : f32
    %t = arith.select %a, %x, %y : f32
    %v = arith.select %both, %s, %t : f32
    memref.store %v, %out[%m] : memref<?xf32>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A body of selects (no scf.if): the cases fold them.
// CHECK-LABEL: func.func @union_selects
// CHECK: ^bb0(%[[P:[^:]+]]: index, %[[Q:[^:]+]]: index):
// CHECK: scf.if %{{.+}} -> (index, index) {
// CHECK: %[[S:.+]] = arith.addf
// CHECK-NEXT: memref.store %[[S]]
// CHECK: scf.if
// CHECK-NOT: arith.select
// CHECK: } attributes {sparse.branched}
func.func @union_selects(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}


// -----

// A bound compared ule.
// CHECK-LABEL: func.func @test_ule
// CHECK-NOT: scf.if
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @test_ule(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ule, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A driver stepped by 2.
// CHECK-LABEL: func.func @step_two
// CHECK-NOT: scf.if
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @step_two(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %c2 = arith.constant 2 : index
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c2 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A store before the coordinates are loaded: the loads would move above it.
// CHECK-LABEL: func.func @store_first
// CHECK-NOT: scf.if
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @store_first(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    memref.store %c0, %ca[%c0] : memref<?xindex>
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A loop in the body.
// CHECK-LABEL: func.func @inner_loop
// CHECK-NOT: scf.if
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @inner_loop(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    scf.for %k = %c0 to %c1 step %c1 {
      memref.store %v, %out[%k] : memref<?xf64>
    }
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A merge this pass versioned already.
// CHECK-LABEL: func.func @versioned
// CHECK-NOT: scf.if
// CHECK: sparse.branched
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @versioned(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  } attributes {sparse.branched}
  return %r#0, %r#1 : index, index
}

// -----

// A coordinate not loaded.
// CHECK-LABEL: func.func @coordinate_computed
// CHECK-NOT: scf.if
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @coordinate_computed(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = arith.muli %p, %c1 : index
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A bound defined in the test.
// CHECK-LABEL: func.func @bound_inside
// CHECK-NOT: scf.if
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @bound_inside(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %e = arith.addi %eb, %c0 : index
    %1 = arith.cmpi ult, %q, %e : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A third test beside the two drivers'.
// CHECK-LABEL: func.func @third_test
// CHECK-NOT: scf.if
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @third_test(%ca: memref<?xindex>, %va: memref<?xf64>, %cb: memref<?xindex>, %vb: memref<?xf64>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xf64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    %3 = arith.cmpi ne, %p, %q : index
    %4 = arith.andi %2, %3 : i1
    scf.condition(%4) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    %x = memref.load %va[%p] : memref<?xf64>
    %y = memref.load %vb[%q] : memref<?xf64>
    %s = arith.addf %x, %y : f64
    %t = arith.select %a, %x, %y : f64
    %both = arith.andi %a, %b : i1
    %v = arith.select %both, %s, %t : f64
    memref.store %v, %out[%m] : memref<?xf64>
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// An affine loop in the body.
// CHECK-LABEL: func.func @affine_loop
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @affine_loop(%ca: memref<?xindex>, %cb: memref<?xindex>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xindex>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    affine.for %k = 0 to 2 {
      memref.store %m, %out[%k] : memref<?xindex>
    }
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}

// -----

// A region of several blocks in the body (its branches would lose their
// successors in the copies).
// CHECK-LABEL: func.func @blocks_in_body
// CHECK-NOT: sparse.branched
// CHECK: return
func.func @blocks_in_body(%ca: memref<?xindex>, %cb: memref<?xindex>, %pa: index, %ea: index, %pb: index, %eb: index, %out: memref<?xindex>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%p = %pa, %q = %pb) : (index, index) -> (index, index) {
    %0 = arith.cmpi ult, %p, %ea : index
    %1 = arith.cmpi ult, %q, %eb : index
    %2 = arith.andi %0, %1 : i1
    scf.condition(%2) %p, %q : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %i = memref.load %ca[%p] : memref<?xindex>
    %j = memref.load %cb[%q] : memref<?xindex>
    %m = arith.minui %i, %j : index
    %a = arith.cmpi eq, %i, %m : index
    %b = arith.cmpi eq, %j, %m : index
    scf.execute_region {
      cf.br ^bb1(%m : index)
    ^bb1(%v: index):
      memref.store %v, %out[%c0] : memref<?xindex>
      scf.yield
    }
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %np = arith.select %a, %p1, %p : index
    %nq = arith.select %b, %q1, %q : index
    scf.yield %np, %nq : index, index
  }
  return %r#0, %r#1 : index, index
}
