// RUN: sparse-opt %s --pass-pipeline='builtin.module(cfir-to-scf,canonicalize,cse)' | FileCheck %s

// The iterator model of cfir-to-scf, from hand-written CFIR: one kernel per
// level kind and one for co-iteration, each checked op by op after
// canonicalization (which folds the constants the lowering spells out).

#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
#COO = #arr.encoding<[#arr.level<"compressed", {nonunique}>, #arr.level<"singleton", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
!sv = tensor<?xf64, #SV>
!coo = tensor<?x?xf64, #COO>
!dm = tensor<?x?xf64>
#BV = #arr.encoding<[#arr.level<"band", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
!bv = tensor<?xf64, #BV>
#VB = #arr.encoding<[#arr.level<"variable_block", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
!vb = tensor<?xf64, #VB>
#BM = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"bytemap", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
!bm = tensor<?x?xf64, #BM>
#RV = #arr.encoding<[#arr.level<"run_length", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
!rv = tensor<?xf64, #RV>
#NM = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"structured", {n = 2 : i64, m = 4 : i64, crd_width = 8 : i64}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
!nm = tensor<?x4xf64, #NM>
#LC = #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"loose_compressed", {}>], 0.0 : f64, affine_map<(i, j) -> (i, j)>>
!lc = tensor<?x?xf64, #LC>
#BMV = #arr.encoding<[#arr.level<"bytemap", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
!bmv = tensor<?xf64, #BMV>
#HV = #arr.encoding<[#arr.level<"hash", {}>], 0.0 : f64, affine_map<(i) -> (i)>>
!hv = tensor<?xf64, #HV>

func.func @add(%x: f64, %y: f64) -> f64 {
  %s = arith.addf %x, %y : f64
  return %s : f64
}

// dense: the loop visits coordinates 0..N; the position is located as parent * N + c.
// Each row of the result is filled as the loop reaches it (fill_in_place). The
// result, sized by arguments, is checked to have been allocated first.
// CHECK-LABEL: func.func @dense_rows(
// CHECK-SAME: %[[VAL:.*]]: memref<?xf64>, %[[M:.*]]: index, %[[N:.*]]: index)
// CHECK:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK:      %[[Y:.*]] = memref.alloc(%[[M]])
// CHECK-NEXT: memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK:      func.call @exit
// CHECK-NEXT: }
// CHECK-NEXT: scf.while (%[[I:.*]] = %[[C0]]) : (index) -> index {
// CHECK-NEXT:   arith.cmpi ult, %[[I]], %[[M]] : index
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:   %[[NEXTI:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:   memref.store %{{.*}}, %[[Y]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:   scf.while (%[[J:.*]] = %[[C0]]) : (index) -> index {
// CHECK-NEXT:     arith.cmpi ult, %[[J]], %[[N]] : index
// CHECK:        ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:     %[[NEXTJ:.*]] = arith.addi %[[J]], %[[C1]] : index
// CHECK-NEXT:     %[[ROW:.*]] = arith.muli %[[I]], %[[N]] : index
// CHECK-NEXT:     %[[P:.*]] = arith.addi %[[ROW]], %[[J]] : index
// CHECK-NEXT:     memref.load %[[VAL]][%[[P]]] : memref<?xf64>
// CHECK:          scf.yield %[[NEXTJ]] : index
// CHECK:        scf.yield %[[NEXTI]] : index
func.func @dense_rows(%A: !dm) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : !dm
  %y = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %i = "sig.level"(%A) {level = 0 : i64} : (!dm) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %j = "sig.level"(%A) {level = 1 : i64} : (!dm) -> !sig.seq
    "cfir.while"(%j) ({
    ^bb0(%cj: index):
      %a = "cfir.access"(%A, %i, %j) : (!dm, !sig.seq, !sig.seq) -> f64
      "cfir.reduce"(%y, %a, %ci) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// compressed: positions pos[0]..pos[1], coordinate crd[p], next p + 1 (a sum
// weighted by the coordinate, which a loop over the values alone would not
// read: flat_reduction.rs).
// CHECK-LABEL: func.func @weighted_sum(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      %[[LO:.*]] = memref.load %[[POS]][%[[C0:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[POS]][%[[C1:.*]]] : memref<?xindex>
// CHECK-NEXT: scf.while (%[[P:.*]] = %[[LO]]) : (index) -> index {
// CHECK-NEXT:   %[[VALID:.*]] = arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK-NEXT:   scf.condition(%[[VALID]]) %[[P]] : index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[P:.*]]: index):
// CHECK-NEXT:   memref.load %[[CRD]][%[[P]]] {sparse.distinct_coordinates} : memref<?xindex>
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[P]], %[[C1]] : index
// CHECK-NEXT:   memref.load %[[VAL]][%[[P]]] : memref<?xf64>
// CHECK:        scf.yield %[[NEXT]] : index
func.func @weighted_sum(%a: !sv) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!sv) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %v = "cfir.access"(%a, %i) : (!sv, !sig.seq) -> f64
    %c = arith.index_cast %ci : index to i64
    %w = arith.sitofp %c : i64 to f64
    %p = arith.mulf %v, %w : f64
    "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %s : tensor<f64>
}

// A nonunique compressed level whose loop does something once per
// coordinate (here, it starts the row's sum at 0) steps over each run of
// equal coordinates, found by blocks of 4 positions; the singleton below
// walks that run.
// CHECK-LABEL: func.func @coo_rows(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD0:.*]]: memref<?xindex>, %[[CRD1:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %{{.*}}: index)
// CHECK:      %[[LO:.*]] = memref.load %[[POS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[POS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT: scf.while (%[[P:.*]] = %[[LO]]) : (index) -> index {
// CHECK-NEXT:   arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK:      ^bb0(%[[P:.*]]: index):
// CHECK-NEXT:   %[[I:.*]] = memref.load %[[CRD0]][%[[P]]] : memref<?xindex>
// CHECK-NEXT:   %[[START:.*]] = arith.addi %[[P]], %[[C1:.*]] : index
// CHECK-NEXT:   %[[BLOCKS:.*]] = scf.while (%[[Q:.*]] = %[[START]]) : (index) -> index {
// CHECK-NEXT:     %[[PAST:.*]] = arith.addi %[[Q]], %c4 : index
// CHECK-NEXT:     %[[ROOM:.*]] = arith.cmpi ule, %[[PAST]], %[[HI]] : index
// CHECK-NEXT:     %[[SAME:.*]] = scf.if %[[ROOM]] -> (i1) {
// CHECK-NEXT:       %[[FOURTH:.*]] = arith.addi %[[Q]], %c3 : index
// CHECK-NEXT:       %[[II:.*]] = memref.load %[[CRD0]][%[[FOURTH]]] : memref<?xindex>
// CHECK-NEXT:       %[[EQ:.*]] = arith.cmpi eq, %[[II]], %[[I]] : index
// CHECK-NEXT:       scf.yield %[[EQ]] : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %false : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.condition(%[[SAME]]) %[[Q]] : index
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:     %[[QNEXT:.*]] = arith.addi %[[Q]], %c4 : index
// CHECK-NEXT:     scf.yield %[[QNEXT]] : index
// CHECK-NEXT:   }
// The rest of the run, fewer than 4 positions, counted with no branch:
// CHECK:        %[[RUNEND:.*]] = scf.if %{{.*}} -> (index) {
// CHECK-NEXT:     memref.load %[[CRD0]][%[[BLOCKS]]] : memref<?xindex>
// CHECK-NEXT:     arith.cmpi eq
// CHECK-NEXT:     arith.select
// CHECK:        } else {
// CHECK-NEXT:     scf.while
// CHECK:        memref.store %{{.*}}, %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK-NEXT:   scf.while (%[[S:.*]] = %[[P]]) : (index) -> index {
// CHECK-NEXT:     arith.cmpi ult, %[[S]], %[[RUNEND]] : index
// CHECK:        ^bb0(%[[S:.*]]: index):
// CHECK-NEXT:     %[[SNEXT:.*]] = arith.addi %[[S]], %[[C1]] : index
// CHECK-NEXT:     memref.load %[[VAL]][%[[S]]] : memref<?xf64>
// CHECK-NEXT:     memref.load %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK:          scf.yield %[[SNEXT]] : index
// CHECK:        scf.yield %[[RUNEND]] : index
func.func @coo_rows(%A: !coo) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : !coo
  %y = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %i = "sig.level"(%A) {level = 0 : i64} : (!coo) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %zero = arith.constant 0.0 : f64
    "cfir.assign"(%y, %zero, %ci) : (tensor<?xf64>, f64, index) -> ()
    %j = "sig.level"(%A) {level = 1 : i64} : (!coo) -> !sig.seq
    "cfir.while"(%j) ({
    ^bb0(%cj: index):
      %a = "cfir.access"(%A, %i, %j) : (!coo, !sig.seq, !sig.seq) -> f64
      "cfir.reduce"(%y, %a, %ci) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// A nonunique level whose loop does nothing once per coordinate, but walk
// the level below into a dense result, is visited position by position
// (`dedup.rs`'s `Runs::PerPosition`): no scan for the run's end, and the
// singleton below walks the one position from P to P + 1.
// CHECK-LABEL: func.func @coo_rows_per_position(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD0:.*]]: memref<?xindex>, %[[CRD1:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %{{.*}}: index)
// CHECK:      %[[LO:.*]] = memref.load %[[POS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[POS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT: scf.while (%[[P:.*]] = %[[LO]]) : (index) -> index {
// CHECK-NEXT:   arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK:      ^bb0(%[[P:.*]]: index):
// CHECK-NEXT:   %[[I:.*]] = memref.load %[[CRD0]][%[[P]]] : memref<?xindex>
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[P]], %{{.*}} : index
// CHECK-NEXT:   scf.while (%[[S:.*]] = %[[P]]) : (index) -> index {
// CHECK-NEXT:     arith.cmpi ult, %[[S]], %[[NEXT]] : index
// CHECK:        ^bb0(%[[S:.*]]: index):
// CHECK-NEXT:     %[[SNEXT:.*]] = arith.addi %[[S]], %{{.*}} : index
// CHECK-NEXT:     memref.load %[[VAL]][%[[S]]] : memref<?xf64>
// CHECK-NEXT:     memref.load %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK:          scf.yield %[[SNEXT]] : index
// CHECK:        scf.yield %[[NEXT]] : index
// CHECK-LABEL: func.func @union(
func.func @coo_rows_per_position(%A: !coo) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : !coo
  %y = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %i = "sig.level"(%A) {level = 0 : i64} : (!coo) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %j = "sig.level"(%A) {level = 1 : i64} : (!coo) -> !sig.seq
    "cfir.while"(%j) ({
    ^bb0(%cj: index):
      %a = "cfir.access"(%A, %i, %j) : (!coo, !sig.seq, !sig.seq) -> f64
      "cfir.reduce"(%y, %a, %ci) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// Two compressed drivers co-iterate (the first loop of a union lattice,
// which runs while both have positions): the coordinate is the least of theirs,
// a case tests which sit on it, and each advances only when it did. The case
// of both, which other cases follow, is expected false (`llvm.intr.expect`),
// so that LLVM keeps the cases of one driver on the straight path. Those two
// cases store alike but for the value they read: they are one branch that
// reads both values and chooses (`arith.select`), where a chain of two
// branches would mispredict whenever the driver on the coordinate changes.
// CHECK-SAME: %[[APOS:.*]]: memref<?xindex>, %[[ACRD:.*]]: memref<?xindex>, %[[AVAL:.*]]: memref<?xf64>, %{{.*}}: index,
// CHECK-SAME: %[[BPOS:.*]]: memref<?xindex>, %[[BCRD:.*]]: memref<?xindex>, %[[BVAL:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      %[[ALO:.*]] = memref.load %[[APOS]]
// CHECK-NEXT: %[[AHI:.*]] = memref.load %[[APOS]]
// CHECK-NEXT: %[[BLO:.*]] = memref.load %[[BPOS]]
// CHECK-NEXT: %[[BHI:.*]] = memref.load %[[BPOS]]
// CHECK-NEXT: scf.while (%[[P:.*]] = %[[ALO]], %[[Q:.*]] = %[[BLO]]) : (index, index) -> (index, index) {
// CHECK-NEXT:   %[[AV:.*]] = arith.cmpi ult, %[[P]], %[[AHI]] : index
// CHECK-NEXT:   %[[BV:.*]] = arith.cmpi ult, %[[Q]], %[[BHI]] : index
// CHECK-NEXT:   %[[BOTH:.*]] = arith.andi %[[AV]], %[[BV]] : i1
// CHECK-NEXT:   scf.condition(%[[BOTH]]) %[[P]], %[[Q]] : index, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[P:.*]]: index, %[[Q:.*]]: index):
// CHECK-NEXT:   %[[I:.*]] = memref.load %[[ACRD]][%[[P]]] : memref<?xindex>
// CHECK-NEXT:   %[[PNEXT:.*]] = arith.addi %[[P]], %[[C1:.*]] : index
// CHECK-NEXT:   %[[J:.*]] = memref.load %[[BCRD]][%[[Q]]] : memref<?xindex>
// CHECK-NEXT:   %[[QNEXT:.*]] = arith.addi %[[Q]], %[[C1]] : index
// CHECK-NEXT:   %[[K:.*]] = arith.minui %[[I]], %[[J]] : index
// CHECK-NEXT:   %[[ATK:.*]] = arith.cmpi eq, %[[I]], %[[K]] : index
// CHECK-NEXT:   %[[BTK:.*]] = arith.cmpi eq, %[[J]], %[[K]] : index
// CHECK-NEXT:   %[[BOTHK:.*]] = arith.andi %[[ATK]], %[[BTK]] : i1
// CHECK-NEXT:   %[[RARE:.*]] = llvm.intr.expect %[[BOTHK]], %[[FALSE:.*]] : i1
// CHECK-NEXT:   scf.if %[[RARE]] {
// CHECK-NEXT:     memref.load %[[AVAL]][%[[P]]]
// CHECK-NEXT:     memref.load %[[BVAL]][%[[Q]]]
// CHECK-NEXT:     arith.addf
// CHECK-NEXT:     memref.store
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %[[EITHER:.*]] = arith.ori %[[ATK]], %[[BTK]] : i1
// CHECK-NEXT:     scf.if %[[EITHER]] {
// CHECK-NEXT:       %[[X:.*]] = memref.load %[[AVAL]][%[[P]]]
// CHECK-NEXT:       %[[Z:.*]] = memref.load %[[BVAL]][%[[Q]]]
// CHECK-NEXT:       %[[CHOSEN:.*]] = arith.select %[[ATK]], %[[X]], %[[Z]] : f64
// CHECK-NEXT:       memref.store %[[CHOSEN]]
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[PN:.*]] = arith.select %[[ATK]], %[[PNEXT]], %[[P]] : index
// CHECK-NEXT:   %[[QN:.*]] = arith.select %[[BTK]], %[[QNEXT]], %[[Q]] : index
// CHECK-NEXT:   scf.yield %[[PN]], %[[QN]] : index, index
func.func @union(%a: !sv, %b: !sv) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : !sv
  %y = "cfir.alloc"(%n) : (index) -> tensor<?xf64>
  %ia = "sig.level"(%a) {level = 0 : i64} : (!sv) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (!sv) -> !sig.seq
  %u = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  %both = "sig.intersect"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%u) ({
  ^bb0(%ci: index):
    "cfir.switch"(%ci) ({
      "cfir.case"(%both) ({
        %x = "cfir.access"(%a, %ia) : (!sv, !sig.seq) -> f64
        %z = "cfir.access"(%b, %ib) : (!sv, !sig.seq) -> f64
        %s = arith.addf %x, %z : f64
        "cfir.assign"(%y, %s, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      "cfir.case"(%ia) ({
        %x = "cfir.access"(%a, %ia) : (!sv, !sig.seq) -> f64
        "cfir.assign"(%y, %x, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      "cfir.case"(%ib) ({
        %z = "cfir.access"(%b, %ib) : (!sv, !sig.seq) -> f64
        "cfir.assign"(%y, %z, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      vector.yield
    }) : (index) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// Cases of one driver that compute differently (b's value negated) stay a
// chain: each its own branch.
// A union steps a coordinate at a time: no block passes.
// CHECK-NOT: vector.load
// CHECK-LABEL: func.func @union_unlike(
// CHECK:        } else {
// CHECK-NEXT:     scf.if %{{.*}} {
// CHECK-NEXT:       memref.load
// CHECK-NEXT:       memref.store
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.if %{{.*}} {
// CHECK-NEXT:         memref.load
// CHECK-NEXT:         arith.negf
// CHECK-NEXT:         memref.store
func.func @union_unlike(%a: !sv, %b: !sv) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : !sv
  %y = "cfir.alloc"(%n) : (index) -> tensor<?xf64>
  %ia = "sig.level"(%a) {level = 0 : i64} : (!sv) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (!sv) -> !sig.seq
  %u = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  %both = "sig.intersect"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%u) ({
  ^bb0(%ci: index):
    "cfir.switch"(%ci) ({
      "cfir.case"(%both) ({
        %x = "cfir.access"(%a, %ia) : (!sv, !sig.seq) -> f64
        %z = "cfir.access"(%b, %ib) : (!sv, !sig.seq) -> f64
        %s = arith.subf %x, %z : f64
        "cfir.assign"(%y, %s, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      "cfir.case"(%ia) ({
        %x = "cfir.access"(%a, %ia) : (!sv, !sig.seq) -> f64
        "cfir.assign"(%y, %x, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      "cfir.case"(%ib) ({
        %z = "cfir.access"(%b, %ib) : (!sv, !sig.seq) -> f64
        %m = arith.negf %z : f64
        "cfir.assign"(%y, %m, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      vector.yield
    }) : (index) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// The two cases apply a commutative op to their operands in either order
// (`max(a, 0)`, `max(0, b)`): still one branch, the chosen value in `a`'s
// place.
// CHECK-LABEL: func.func @union_commuted(
// CHECK:        } else {
// CHECK-NEXT:     %[[EITHER:.*]] = arith.ori %[[ATK:.*]], %{{.*}} : i1
// CHECK-NEXT:     scf.if %[[EITHER]] {
// CHECK-NEXT:       %[[X:.*]] = memref.load
// CHECK-NEXT:       %[[Z:.*]] = memref.load
// CHECK-NEXT:       %[[CHOSEN:.*]] = arith.select %[[ATK]], %[[X]], %[[Z]] : f64
// CHECK-NEXT:       %[[MAX:.*]] = arith.maximumf %[[CHOSEN]], %{{.*}} : f64
// CHECK-NEXT:       memref.store %[[MAX]]
// CHECK-NEXT:     }
func.func @union_commuted(%a: !sv, %b: !sv) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : !sv
  %y = "cfir.alloc"(%n) : (index) -> tensor<?xf64>
  %ia = "sig.level"(%a) {level = 0 : i64} : (!sv) -> !sig.seq
  %ib = "sig.level"(%b) {level = 0 : i64} : (!sv) -> !sig.seq
  %u = "sig.union"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  %both = "sig.intersect"(%ia, %ib) : (!sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%u) ({
  ^bb0(%ci: index):
    "cfir.switch"(%ci) ({
      "cfir.case"(%both) ({
        %x = "cfir.access"(%a, %ia) : (!sv, !sig.seq) -> f64
        %z = "cfir.access"(%b, %ib) : (!sv, !sig.seq) -> f64
        %s = arith.maximumf %x, %z : f64
        "cfir.assign"(%y, %s, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      "cfir.case"(%ia) ({
        %x = "cfir.access"(%a, %ia) : (!sv, !sig.seq) -> f64
        %zero = arith.constant 0.0 : f64
        %m = arith.maximumf %x, %zero : f64
        "cfir.assign"(%y, %m, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      "cfir.case"(%ib) ({
        %z = "cfir.access"(%b, %ib) : (!sv, !sig.seq) -> f64
        %zero = arith.constant 0.0 : f64
        %m = arith.maximumf %zero, %z : f64
        "cfir.assign"(%y, %m, %ci) : (tensor<?xf64>, f64, index) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      vector.yield
    }) : (index) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// band: positions pos[0]..pos[1], the coordinate computed as the position
// plus crd[0] - pos[0], with no coordinate loads in the loop.
// CHECK-LABEL: func.func @band_dot(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[START:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[X:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      %[[LO:.*]] = memref.load %[[POS]][%[[C0:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[POS]][%[[C1:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[FIRST:.*]] = memref.load %[[START]][%[[C0]]] : memref<?xindex>
// CHECK-NEXT: %[[OFFSET:.*]] = arith.subi %[[FIRST]], %[[LO]] : index
// CHECK-NEXT: scf.while (%[[P:.*]] = %[[LO]]) : (index) -> index {
// CHECK-NEXT:   %[[VALID:.*]] = arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK-NEXT:   scf.condition(%[[VALID]]) %[[P]] : index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[P:.*]]: index):
// CHECK-NEXT:   %[[I:.*]] = arith.addi %[[P]], %[[OFFSET]] : index
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[P]], %[[C1]] : index
// CHECK-NEXT:   %[[A:.*]] = memref.load %[[VAL]][%[[P]]] : memref<?xf64>
// CHECK-NEXT:   %[[B:.*]] = memref.load %[[X]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:   arith.mulf %[[A]], %[[B]] : f64
// CHECK:        scf.yield %[[NEXT]] : index
func.func @band_dot(%a: !bv, %x: tensor<?xf64>) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!bv) -> !sig.seq
  %ix = "sig.level"(%x) {level = 0 : i64} : (tensor<?xf64>) -> !sig.seq
  "cfir.while"(%i, %ix, %i) ({
  ^bb0(%ci: index):
    %v = "cfir.access"(%a, %i) : (!bv, !sig.seq) -> f64
    %w = "cfir.access"(%x, %ix) : (tensor<?xf64>, !sig.seq) -> f64
    %p = arith.mulf %v, %w : f64
    "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  return %s : tensor<f64>
}

// variable_block: the loop carries the position and its block; the
// coordinate is the block's start plus the position's place in it, and the
// block advances when the position reaches the next block's offset.
// CHECK-LABEL: func.func @blocks_dot(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[START:.*]]: memref<?xindex>, %[[OFS:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[X:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      %[[B0:.*]] = memref.load %[[POS]][%[[C0:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[B1:.*]] = memref.load %[[POS]][%[[C1:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[LO:.*]] = memref.load %[[OFS]][%[[B0]]] : memref<?xindex>
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[OFS]][%[[B1]]] : memref<?xindex>
// CHECK-NEXT: scf.while (%[[P:.*]] = %[[LO]], %[[B:.*]] = %[[B0]]) : (index, index) -> (index, index) {
// CHECK-NEXT:   %[[VALID:.*]] = arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK-NEXT:   scf.condition(%[[VALID]]) %[[P]], %[[B]] : index, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[P:.*]]: index, %[[B:.*]]: index):
// CHECK-NEXT:   %[[FIRST:.*]] = memref.load %[[START]][%[[B]]] : memref<?xindex>
// CHECK-NEXT:   %[[BLO:.*]] = memref.load %[[OFS]][%[[B]]] : memref<?xindex>
// CHECK-NEXT:   %[[WITHIN:.*]] = arith.subi %[[P]], %[[BLO]] : index
// CHECK-NEXT:   %[[I:.*]] = arith.addi %[[FIRST]], %[[WITHIN]] : index
// CHECK-NEXT:   %[[PNEXT:.*]] = arith.addi %[[P]], %[[C1]] : index
// CHECK-NEXT:   %[[BNEXT:.*]] = arith.addi %[[B]], %[[C1]] : index
// CHECK-NEXT:   %[[BEND:.*]] = memref.load %[[OFS]][%[[BNEXT]]] : memref<?xindex>
// CHECK-NEXT:   %[[CROSSED:.*]] = arith.cmpi eq, %[[PNEXT]], %[[BEND]] : index
// CHECK-NEXT:   %[[BN:.*]] = arith.select %[[CROSSED]], %[[BNEXT]], %[[B]] : index
// CHECK-NEXT:   %[[A:.*]] = memref.load %[[VAL]][%[[P]]] : memref<?xf64>
// CHECK-NEXT:   %[[V:.*]] = memref.load %[[X]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:   arith.mulf %[[A]], %[[V]] : f64
// CHECK:        scf.yield %[[PNEXT]], %[[BN]] : index, index
func.func @blocks_dot(%a: !vb, %x: tensor<?xf64>) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!vb) -> !sig.seq
  %ix = "sig.level"(%x) {level = 0 : i64} : (tensor<?xf64>) -> !sig.seq
  "cfir.while"(%i, %ix, %i) ({
  ^bb0(%ci: index):
    %v = "cfir.access"(%a, %i) : (!vb, !sig.seq) -> f64
    %w = "cfir.access"(%x, %ix) : (tensor<?xf64>, !sig.seq) -> f64
    %p = arith.mulf %v, %w : f64
    "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  return %s : tensor<f64>
}

// bytemap: the loop walks the row's list of stored coordinates; the value
// of coordinate j of row i is at i * N + j, as in a dense level.
// CHECK-LABEL: func.func @bytemap_rows(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %{{.*}}: memref<?xi8>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[N:.*]]: index)
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK:        %[[LO:.*]] = memref.load %[[POS]][%[[I]]] : memref<?xindex>
// CHECK-NEXT:   %[[HI:.*]] = memref.load %[[POS]][%{{.*}}] : memref<?xindex>
// CHECK-NEXT:   %[[ROW:.*]] = arith.muli %[[I]], %[[N]] : index
// CHECK-NEXT:   scf.while (%[[Q:.*]] = %[[LO]]) : (index) -> index {
// CHECK-NEXT:     arith.cmpi ult, %[[Q]], %[[HI]] : index
// CHECK:        ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:     %[[J:.*]] = memref.load %[[CRD]][%[[Q]]] : memref<?xindex>
// CHECK-NEXT:     %[[QNEXT:.*]] = arith.addi %[[Q]], %{{.*}} : index
// CHECK-NEXT:     %[[P:.*]] = arith.addi %[[ROW]], %[[J]] : index
// CHECK-NEXT:     memref.load %[[VAL]][%[[P]]] : memref<?xf64>
// CHECK:          scf.yield %[[QNEXT]] : index
func.func @bytemap_rows(%A: !bm) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : !bm
  %y = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %i = "sig.level"(%A) {level = 0 : i64} : (!bm) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %j = "sig.level"(%A) {level = 1 : i64} : (!bm) -> !sig.seq
    "cfir.while"(%j) ({
    ^bb0(%cj: index):
      %a = "cfir.access"(%A, %i, %j) : (!bm, !sig.seq, !sig.seq) -> f64
      "cfir.reduce"(%y, %a, %ci) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// structured 2:4: row i owns the positions 2i and 2i + 1, computed, not
// loaded; the coordinates are 8-bit and widened as they are read, and lie
// below the level's static size, 4 (for parallelize-outer-loops).
// CHECK-LABEL: func.func @structured_rows(
// CHECK-SAME: %[[CRD:.*]]: memref<?xi8>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %{{.*}}: index, %[[X:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK:        %[[LO:.*]] = arith.muli %[[I]], %[[C2:.*]] : index
// CHECK-NEXT:   %[[HI:.*]] = arith.addi %[[LO]], %[[C2]] : index
// CHECK-NEXT:   scf.while (%[[Q:.*]] = %[[LO]]) : (index) -> index {
// CHECK-NEXT:     arith.cmpi ult, %[[Q]], %[[HI]] : index
// CHECK:        ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:     %[[NARROW:.*]] = memref.load %[[CRD]][%[[Q]]] {sparse.coordinates_below = 4 : index} : memref<?xi8>
// CHECK-NEXT:     %[[J:.*]] = arith.index_castui %[[NARROW]] : i8 to index
// CHECK:          memref.load %[[VAL]][%[[Q]]] : memref<?xf64>
// CHECK-NEXT:     memref.load %[[X]][%[[J]]] : memref<?xf64>
// CHECK:          scf.yield
func.func @structured_rows(%A: !nm, %x: tensor<4xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : !nm
  %y = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %i = "sig.level"(%A) {level = 0 : i64} : (!nm) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %j = "sig.level"(%A) {level = 1 : i64} : (!nm) -> !sig.seq
    %jx = "sig.level"(%x) {level = 0 : i64} : (tensor<4xf64>) -> !sig.seq
    "cfir.while"(%j, %jx, %j) ({
    ^bb0(%cj: index):
      %a = "cfir.access"(%A, %i, %j) : (!nm, !sig.seq, !sig.seq) -> f64
      %b = "cfir.access"(%x, %jx) : (tensor<4xf64>, !sig.seq) -> f64
      %p = arith.mulf %a, %b : f64
      "cfir.reduce"(%y, %p, %ci) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// run_length: the loop steps through the runs; each run's coordinates, from
// one past the previous run's end to its own end, are visited by an inner
// loop, all reading the run's one value.
// CHECK-LABEL: func.func @runs_dot(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[ENDS:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[X:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      %[[LO:.*]] = memref.load %[[POS]][%[[C0:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[POS]][%[[C1:.*]]] : memref<?xindex>
// CHECK-NEXT: scf.while (%[[R:.*]] = %[[LO]]) : (index) -> index {
// CHECK-NEXT:   arith.cmpi ult, %[[R]], %[[HI]] : index
// CHECK:      ^bb0(%[[R:.*]]: index):
// CHECK-NEXT:   %[[PREV:.*]] = arith.maxui %[[R]], %[[C1]] : index
// CHECK-NEXT:   %[[PREVR:.*]] = arith.subi %[[PREV]], %[[C1]] : index
// CHECK-NEXT:   %[[PREVEND:.*]] = memref.load %[[ENDS]][%[[PREVR]]] : memref<?xindex>
// CHECK-NEXT:   %[[AFTER:.*]] = arith.addi %[[PREVEND]], %[[C1]] : index
// CHECK-NEXT:   %[[FIRST:.*]] = arith.cmpi eq, %[[R]], %[[LO]] : index
// CHECK-NEXT:   %[[START:.*]] = arith.select %[[FIRST]], %[[C0]], %[[AFTER]] : index
// CHECK-NEXT:   %[[RNEXT:.*]] = arith.addi %[[R]], %[[C1]] : index
// CHECK-NEXT:   %[[LAST:.*]] = memref.load %[[ENDS]][%[[R]]] : memref<?xindex>
// CHECK-NEXT:   %[[STOP:.*]] = arith.addi %[[LAST]], %[[C1]] : index
// CHECK-NEXT:   scf.for %[[I:.*]] = %[[START]] to %[[STOP]] step %[[C1]] {
// CHECK-NEXT:     %[[A:.*]] = memref.load %[[VAL]][%[[R]]] : memref<?xf64>
// CHECK-NEXT:     %[[B:.*]] = memref.load %[[X]][%[[I]]] : memref<?xf64>
// CHECK-NEXT:     arith.mulf %[[A]], %[[B]] : f64
// CHECK:        scf.yield %[[RNEXT]] : index
func.func @runs_dot(%a: !rv, %x: tensor<?xf64>) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!rv) -> !sig.seq
  %ix = "sig.level"(%x) {level = 0 : i64} : (tensor<?xf64>) -> !sig.seq
  "cfir.while"(%i, %ix, %i) ({
  ^bb0(%ci: index):
    %v = "cfir.access"(%a, %i) : (!rv, !sig.seq) -> f64
    %w = "cfir.access"(%x, %ix) : (tensor<?xf64>, !sig.seq) -> f64
    %p = arith.mulf %v, %w : f64
    "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  return %s : tensor<f64>
}

// A loop over runs whose body does not read the coordinate takes one step a
// run: a sum by an associative addition adds the run's value times its
// length (paper 002's integration), with no inner loop.
// CHECK-LABEL: func.func @runs_sum(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[ENDS:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      ^bb0(%[[R:.*]]: index):
// CHECK:        %[[START:.*]] = arith.select
// CHECK:        %[[LAST:.*]] = memref.load %[[ENDS]][%[[R]]] : memref<?xindex>
// CHECK-NEXT:   %[[STOP:.*]] = arith.addi %[[LAST]], %{{.*}} : index
// CHECK-NEXT:   %[[LENGTH:.*]] = arith.subi %[[STOP]], %[[START]] : index
// CHECK-NEXT:   %[[V:.*]] = memref.load %[[VAL]][%[[R]]] : memref<?xf64>
// CHECK-NEXT:   %[[N:.*]] = arith.index_castui %[[LENGTH]] : index to i64
// CHECK-NEXT:   %[[NF:.*]] = arith.uitofp %[[N]] : i64 to f64
// CHECK-NEXT:   %[[VN:.*]] = arith.mulf %[[V]], %[[NF]] : f64
// CHECK:        arith.addf %{{.*}}, %[[VN]] fastmath<reassoc> : f64
// CHECK-NOT:    scf.for
// CHECK:        scf.yield
func.func @total(%x: f64, %y: f64) -> f64 attributes {arr.properties = {commutative, associative, identity = 0.0 : f64}} {
  %s = arith.addf %x, %y : f64
  return %s : f64
}
func.func @runs_sum(%a: !rv) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!rv) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %v = "cfir.access"(%a, %i) : (!rv, !sig.seq) -> f64
    "cfir.reduce"(%s, %v) {reduce = @total} : (tensor<f64>, f64) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %s : tensor<f64>
}

// run_length co-iterated with a compressed vector: the runs are stepped a
// coordinate at a time, the loop carrying the run and the coordinate; the
// run moves on when the next coordinate passes its end. The case of both,
// alone in its switch, is not marked unlikely.
// CHECK-LABEL: func.func @runs_times_compressed(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[ENDS:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[BPOS:.*]]: memref<?xindex>, %[[BCRD:.*]]: memref<?xindex>, %[[BVAL:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      %[[LO:.*]] = memref.load %[[POS]][%[[C0:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[POS]][%[[C1:.*]]] : memref<?xindex>
// CHECK-NEXT: %[[BLO:.*]] = memref.load %[[BPOS]][%[[C0]]] : memref<?xindex>
// CHECK-NEXT: %[[BHI:.*]] = memref.load %[[BPOS]][%[[C1]]] : memref<?xindex>
// CHECK-NEXT: scf.while (%[[R:.*]] = %[[LO]], %[[I:.*]] = %[[C0]], %[[Q:.*]] = %[[BLO]]) : (index, index, index) -> (index, index, index) {
// CHECK-NEXT:   %[[RV:.*]] = arith.cmpi ult, %[[R]], %[[HI]] : index
// CHECK-NEXT:   %[[QV:.*]] = arith.cmpi ult, %[[Q]], %[[BHI]] : index
// CHECK-NEXT:   %[[V:.*]] = arith.andi %[[RV]], %[[QV]] : i1
// CHECK-NEXT:   scf.condition(%[[V]]) %[[R]], %[[I]], %[[Q]] : index, index, index
// CHECK:      ^bb0(%[[R:.*]]: index, %[[I:.*]]: index, %[[Q:.*]]: index):
// CHECK-NEXT:   %[[INEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:   %[[LAST:.*]] = memref.load %[[ENDS]][%[[R]]] : memref<?xindex>
// CHECK-NEXT:   %[[STOP:.*]] = arith.addi %[[LAST]], %[[C1]] : index
// CHECK-NEXT:   %[[PAST:.*]] = arith.cmpi uge, %[[INEXT]], %[[STOP]] : index
// CHECK-NEXT:   %[[RPLUS:.*]] = arith.addi %[[R]], %[[C1]] : index
// CHECK-NEXT:   %[[RNEXT:.*]] = arith.select %[[PAST]], %[[RPLUS]], %[[R]] : index
// CHECK-NEXT:   %[[J:.*]] = memref.load %[[BCRD]][%[[Q]]] : memref<?xindex>
// CHECK-NEXT:   %[[QNEXT:.*]] = arith.addi %[[Q]], %[[C1]] : index
// CHECK-NEXT:   %[[K:.*]] = arith.minui %[[I]], %[[J]] : index
// CHECK-NEXT:   %[[AT_I:.*]] = arith.cmpi eq, %[[I]], %[[K]] : index
// CHECK-NEXT:   %[[AT_J:.*]] = arith.cmpi eq, %[[J]], %[[K]] : index
// CHECK-NEXT:   %[[BOTH:.*]] = arith.andi %[[AT_I]], %[[AT_J]] : i1
// CHECK-NEXT:   scf.if %[[BOTH]] {
// CHECK-NEXT:     memref.load %[[VAL]][%[[R]]] : memref<?xf64>
// CHECK-NEXT:     memref.load %[[BVAL]][%[[Q]]] : memref<?xf64>
// CHECK:        }
// CHECK-NEXT:   %[[R2:.*]] = arith.select %[[AT_I]], %[[RNEXT]], %[[R]] : index
// CHECK-NEXT:   %[[I2:.*]] = arith.select %[[AT_I]], %[[INEXT]], %[[I]] : index
// CHECK-NEXT:   %[[Q2:.*]] = arith.select %[[AT_J]], %[[QNEXT]], %[[Q]] : index
// CHECK-NEXT:   scf.yield %[[R2]], %[[I2]], %[[Q2]] : index, index, index
func.func @runs_times_compressed(%a: !rv, %b: !sv) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!rv) -> !sig.seq
  %j = "sig.level"(%b) {level = 0 : i64} : (!sv) -> !sig.seq
  %both = "sig.intersect"(%i, %j) : (!sig.seq, !sig.seq) -> !sig.seq
  "cfir.while"(%both) ({
  ^bb0(%ci: index):
    "cfir.switch"(%ci) ({
      "cfir.case"(%both) ({
        %v = "cfir.access"(%a, %i) : (!rv, !sig.seq) -> f64
        %w = "cfir.access"(%b, %j) : (!sv, !sig.seq) -> f64
        %p = arith.mulf %v, %w : f64
        "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
        vector.yield
      }) {kind = "producer"} : (!sig.seq) -> ()
      vector.yield
    }) : (index) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %s : tensor<f64>
}

// loose_compressed: row i's positions pos[2i]..pos[2i + 1], then as compressed.
// CHECK-LABEL: func.func @loose_rows(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %[[M:.*]]: index, %{{.*}}: index)
// CHECK-DAG:  %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:  %[[C1:.*]] = arith.constant 1 : index
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:   %[[NEXTI:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:   %[[START:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT:   %[[END:.*]] = arith.addi %[[START]], %[[C1]] : index
// CHECK-NEXT:   %[[LO:.*]] = memref.load %[[POS]][%[[START]]] : memref<?xindex>
// CHECK-NEXT:   %[[HI:.*]] = memref.load %[[POS]][%[[END]]] : memref<?xindex>
// CHECK-NEXT:   scf.while (%[[P:.*]] = %[[LO]]) : (index) -> index {
// CHECK-NEXT:     arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK:        ^bb0(%[[P:.*]]: index):
// CHECK-NEXT:     %[[NEXT:.*]] = arith.addi %[[P]], %[[C1]] : index
// CHECK-NEXT:     memref.load %[[VAL]][%[[P]]] : memref<?xf64>
// CHECK:          scf.yield %[[NEXT]] : index
// CHECK:        scf.yield %[[NEXTI]] : index
func.func @loose_rows(%A: !lc) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%A) {level = 0 : i64} : (!lc) -> !sig.seq
  "cfir.while"(%i) ({
  ^bb0(%ci: index):
    %j = "sig.level"(%A) {level = 1 : i64} : (!lc) -> !sig.seq
    "cfir.while"(%j) ({
    ^bb0(%cj: index):
      %a = "cfir.access"(%A, %i, %j) : (!lc, !sig.seq, !sig.seq) -> f64
      "cfir.reduce"(%s, %a) {reduce = @add} : (tensor<f64>, f64) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %s : tensor<f64>
}

// Located levels that are not full: the compressed vector drives, and at
// each of its coordinates the other level is located and tested; the body
// runs where it stores the coordinate. The compressed vector, walked alone,
// reads distinct coordinates (marked for parallelize-outer-loops).

// bytemap: at position c (the root's row), stored where bitmap[c] is set.
// CHECK-LABEL: func.func @compressed_times_bytemap(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %{{.*}}: memref<?xindex>, %{{.*}}: memref<?xindex>, %[[BITMAP:.*]]: memref<?xi8>, %[[BVAL:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:   %[[I:.*]] = memref.load %[[CRD]][%[[Q]]] {sparse.distinct_coordinates} : memref<?xindex>
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[Q]], %[[C1:.*]] : index
// CHECK-NEXT:   %[[FLAG:.*]] = memref.load %[[BITMAP]][%[[I]]] : memref<?xi8>
// CHECK-NEXT:   %[[WIDE:.*]] = arith.index_castui %[[FLAG]] : i8 to index
// CHECK-NEXT:   %[[STORED:.*]] = arith.cmpi ne, %[[WIDE]], %[[C0:.*]] : index
// CHECK-NEXT:   scf.if %[[STORED]] {
// CHECK-NEXT:     memref.load %[[VAL]][%[[Q]]] : memref<?xf64>
// CHECK-NEXT:     memref.load %[[BVAL]][%[[I]]] : memref<?xf64>
// CHECK:        }
// CHECK-NEXT:   scf.yield %[[NEXT]] : index
func.func @compressed_times_bytemap(%a: !sv, %b: !bmv) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!sv) -> !sig.seq
  %j = "sig.level"(%b) {level = 0 : i64} : (!bmv) -> !sig.seq
  "cfir.while"(%i, %j, %i) ({
  ^bb0(%ci: index):
    %v = "cfir.access"(%a, %i) : (!sv, !sig.seq) -> f64
    %w = "cfir.access"(%b, %j) : (!bmv, !sig.seq) -> f64
    %p = arith.mulf %v, %w : f64
    "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  return %s : tensor<f64>
}

// band: at pos[0] + c - crd[0], stored where c - crd[0] (unsigned) is below
// the band's length.
// CHECK-LABEL: func.func @compressed_times_band(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[BPOS:.*]]: memref<?xindex>, %[[START:.*]]: memref<?xindex>, %[[BVAL:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK:      ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:   %[[I:.*]] = memref.load %[[CRD]][%[[Q]]] {sparse.distinct_coordinates} : memref<?xindex>
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[Q]], %[[C1:.*]] : index
// CHECK-NEXT:   %[[LO:.*]] = memref.load %[[BPOS]][%[[C0:.*]]] : memref<?xindex>
// CHECK-NEXT:   %[[HI:.*]] = memref.load %[[BPOS]][%[[C1]]] : memref<?xindex>
// CHECK-NEXT:   %[[FIRST:.*]] = memref.load %[[START]][%[[C0]]] : memref<?xindex>
// CHECK-NEXT:   %[[OFFSET:.*]] = arith.subi %[[I]], %[[FIRST]] : index
// CHECK-NEXT:   %[[LENGTH:.*]] = arith.subi %[[HI]], %[[LO]] : index
// CHECK-NEXT:   %[[STORED:.*]] = arith.cmpi ult, %[[OFFSET]], %[[LENGTH]] : index
// CHECK-NEXT:   %[[P:.*]] = arith.addi %[[LO]], %[[OFFSET]] : index
// CHECK-NEXT:   scf.if %[[STORED]] {
// CHECK-NEXT:     memref.load %[[VAL]][%[[Q]]] : memref<?xf64>
// CHECK-NEXT:     memref.load %[[BVAL]][%[[P]]] : memref<?xf64>
// CHECK:        }
// CHECK-NEXT:   scf.yield %[[NEXT]] : index
func.func @compressed_times_band(%a: !sv, %b: !bv) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!sv) -> !sig.seq
  %j = "sig.level"(%b) {level = 0 : i64} : (!bv) -> !sig.seq
  "cfir.while"(%i, %j, %i) ({
  ^bb0(%ci: index):
    %v = "cfir.access"(%a, %i) : (!sv, !sig.seq) -> f64
    %w = "cfir.access"(%b, %j) : (!bv, !sig.seq) -> f64
    %p = arith.mulf %v, %w : f64
    "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  return %s : tensor<f64>
}

// hash: the key c (the root's) starts at the high word of c * 0x9E37...15
// times the table's length; the probe moves on, wrapping, while the slot holds
// another key (a position outside the parent's segment or with another
// coordinate), and stops at the key or at an empty slot (0).
// CHECK-LABEL: func.func @compressed_times_hash(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[HPOS:.*]]: memref<?xindex>, %[[HCRD:.*]]: memref<?xindex>, %[[TABLE:.*]]: memref<?xindex>, %[[HVAL:.*]]: memref<?xf64>, %{{.*}}: index)
// CHECK-DAG:  %[[FALSE:.*]] = arith.constant false
// CHECK-DAG:  %[[FIB:.*]] = arith.constant -7046029254386353131 : i64
// CHECK:      ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:   %[[I:.*]] = memref.load %[[CRD]][%[[Q]]] {sparse.distinct_coordinates} : memref<?xindex>
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[Q]], %[[C1:.*]] : index
// CHECK-NEXT:   %[[KEY:.*]] = arith.index_castui %[[I]] : index to i64
// CHECK-NEXT:   %[[HASH:.*]] = arith.muli %[[KEY]], %[[FIB]] : i64
// CHECK-NEXT:   %[[T:.*]] = memref.dim %[[TABLE]], %[[C0:.*]] : memref<?xindex>
// CHECK-NEXT:   %[[T64:.*]] = arith.index_castui %[[T]] : index to i64
// CHECK-NEXT:   %{{.*}}, %[[HIGH:.*]] = arith.mului_extended %[[HASH]], %[[T64]] : i64
// CHECK-NEXT:   %[[SLOT0:.*]] = arith.index_castui %[[HIGH]] : i64 to index
// CHECK-NEXT:   %[[MASK:.*]] = arith.subi %[[T]], %[[C1]] : index
// CHECK-NEXT:   %[[LO:.*]] = memref.load %[[HPOS]][%[[C0]]] : memref<?xindex>
// CHECK-NEXT:   %[[HI:.*]] = memref.load %[[HPOS]][%[[C1]]] : memref<?xindex>
// CHECK-NEXT:   %[[FOUND:.*]]:2 = scf.while (%[[SLOT:.*]] = %[[SLOT0]]) : (index) -> (index, index) {
// CHECK-NEXT:     %[[ENTRY:.*]] = memref.load %[[TABLE]][%[[SLOT]]] : memref<?xindex>
// CHECK-NEXT:     %[[TAKEN:.*]] = arith.cmpi ne, %[[ENTRY]], %[[C0]] : index
// CHECK-NEXT:     %[[ON:.*]] = scf.if %[[TAKEN]] -> (i1) {
// CHECK-NEXT:       %[[P:.*]] = arith.subi %[[ENTRY]], %[[C1]] : index
// CHECK-NEXT:       %[[AFTER:.*]] = arith.cmpi uge, %[[P]], %[[LO]] : index
// CHECK-NEXT:       %[[BEFORE:.*]] = arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK-NEXT:       %[[J:.*]] = memref.load %[[HCRD]][%[[P]]] : memref<?xindex>
// CHECK-NEXT:       %[[SAME:.*]] = arith.cmpi eq, %[[J]], %[[I]] : index
// CHECK-NEXT:       %[[INSIDE:.*]] = arith.andi %[[AFTER]], %[[BEFORE]] : i1
// CHECK-NEXT:       %[[KEYED:.*]] = arith.andi %[[INSIDE]], %[[SAME]] : i1
// CHECK-NEXT:       %[[OTHER:.*]] = arith.cmpi eq, %[[KEYED]], %[[FALSE]] : i1
// CHECK-NEXT:       scf.yield %[[OTHER]] : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %[[FALSE]] : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.condition(%[[ON]]) %[[SLOT]], %[[ENTRY]] : index, index
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%[[SLOT:.*]]: index, %{{.*}}: index):
// CHECK-NEXT:     %[[SLOT1:.*]] = arith.addi %[[SLOT]], %[[C1]] : index
// CHECK-NEXT:     %[[WRAPPED:.*]] = arith.andi %[[SLOT1]], %[[MASK]] : index
// CHECK-NEXT:     scf.yield %[[WRAPPED]] : index
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[STORED:.*]] = arith.cmpi ne, %[[FOUND]]#1, %[[C0]] : index
// CHECK-NEXT:   %[[HP:.*]] = arith.subi %[[FOUND]]#1, %[[C1]] : index
// CHECK-NEXT:   scf.if %[[STORED]] {
// CHECK-NEXT:     memref.load %[[VAL]][%[[Q]]] : memref<?xf64>
// CHECK-NEXT:     memref.load %[[HVAL]][%[[HP]]] : memref<?xf64>
// CHECK:        }
// CHECK-NEXT:   scf.yield %[[NEXT]] : index
func.func @compressed_times_hash(%a: !sv, %b: !hv) -> tensor<f64> {
  %s = "cfir.alloc"() : () -> tensor<f64>
  %i = "sig.level"(%a) {level = 0 : i64} : (!sv) -> !sig.seq
  %j = "sig.level"(%b) {level = 0 : i64} : (!hv) -> !sig.seq
  "cfir.while"(%i, %j, %i) ({
  ^bb0(%ci: index):
    %v = "cfir.access"(%a, %i) : (!sv, !sig.seq) -> f64
    %w = "cfir.access"(%b, %j) : (!hv, !sig.seq) -> f64
    %p = arith.mulf %v, %w : f64
    "cfir.reduce"(%s, %p) {reduce = @add} : (tensor<f64>, f64) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (!sig.seq, !sig.seq, !sig.seq) -> ()
  return %s : tensor<f64>
}

// A window of a compressed level (sig.slice, from index-variable reduction:
// y(i) = Σ_k x(i + k) for k < 3): under each i, a binary search finds the
// first stored coordinate at least i, and the loop visits the positions from
// there while their coordinate is below i + 3 (read only where a position is
// left; no skipping, the step is 1).
// CHECK-LABEL: func.func @window_sums(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[M:.*]]: index)
// CHECK:      scf.while (%{{.*}} = %{{.*}}) : (index) -> index {
// CHECK:      ^bb0(%[[I:.*]]: index):
// CHECK:        %[[LO:.*]] = memref.load %[[POS]]
// CHECK-NEXT:   %[[HI:.*]] = memref.load %[[POS]]
// CHECK-NEXT:   %[[FIRST:.*]]:2 = scf.while (%[[L:.*]] = %[[LO]], %[[H:.*]] = %[[HI]]) : (index, index) -> (index, index) {
// CHECK:          %[[C:.*]] = memref.load %[[CRD]]
// CHECK-NEXT:     arith.cmpi ult, %[[C]], %[[I]] : index
// CHECK:        scf.while (%[[P:.*]] = %[[FIRST]]#0) : (index) -> index {
// CHECK-NEXT:     %[[LEFT:.*]] = arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK-NEXT:     scf.if %[[LEFT]] -> (i1) {
// CHECK-NEXT:       %[[C:.*]] = memref.load %[[CRD]][%[[P]]]
// CHECK-NEXT:       %[[BOUND:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:       arith.cmpi ult, %[[C]], %[[BOUND]] : index
// CHECK:          memref.load %[[VAL]]
// CHECK:          func.call @add
func.func @window_sums(%x: !sv, %m: index) -> tensor<?xf64> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %y = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %is = "sig.universe"(%m) : (index) -> !sig.seq
  "cfir.while"(%is) ({
  ^bb0(%i: index):
    %xs = "sig.level"(%x) {level = 0 : i64} : (!sv) -> !sig.seq
    %stop = arith.addi %i, %c3 : index
    %ks = "sig.slice"(%xs, %i, %stop, %c1) : (!sig.seq, index, index, index) -> !sig.seq
    "cfir.while"(%ks) ({
    ^bb0(%k: index):
      %v = "cfir.access"(%x, %ks) : (!sv, !sig.seq) -> f64
      "cfir.reduce"(%y, %v, %i) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// Non-empty subsections (paper 003): the offsets i < m whose window
// x[i : i + 3] holds a stored coordinate. Settling carries the position and
// the offset: a coordinate before the window is passed, one past it moves
// the offset to the first window that reaches it (crd - 3 + 1), one inside
// stops. The loop over offsets carries both; the resolving loop's window
// under each offset starts at the carried position (no search) and stops at
// the first coordinate past the window.
// CHECK-LABEL: func.func @subsection_sums(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[M:.*]]: index)
// CHECK-DAG:  %[[MINUS2:.*]] = arith.constant -2 : index
// CHECK:      %[[LO:.*]] = memref.load %[[POS]]
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[POS]]
// CHECK-NEXT: %[[FIRST:.*]]:2 = scf.while (%[[P:.*]] = %[[LO]], %[[V:.*]] = %{{.*}}) : (index, index) -> (index, index) {
// CHECK-NEXT:   arith.cmpi ult, %[[P]], %[[HI]] : index
// CHECK-NEXT:   arith.cmpi ult, %[[V]], %[[M]] : index
// CHECK:        scf.if
// CHECK-NEXT:     %[[C:.*]] = memref.load %[[CRD]][%[[P]]]
// CHECK-NEXT:     arith.cmpi uge, %[[C]], %[[V]] : index
// CHECK:        ^bb0(%[[P:.*]]: index, %[[V:.*]]: index):
// CHECK-NEXT:     %[[C:.*]] = memref.load %[[CRD]][%[[P]]]
// CHECK-NEXT:     %[[EARLY:.*]] = arith.cmpi ult, %[[C]], %[[V]] : index
// CHECK-NEXT:     %[[REACHING:.*]] = arith.addi %[[C]], %[[MINUS2]] : index
// CHECK:          arith.maxui %[[V]], %[[REACHING]] : index
// CHECK:      %[[COUNTED:.*]] = arith.cmpi ult, %[[FIRST]]#1, %[[M]] : index
// CHECK-NEXT: %[[START:.*]] = arith.select %[[COUNTED]], %[[FIRST]]#0, %[[HI]] : index
// CHECK-NEXT: scf.while (%{{.*}} = %[[START]], %{{.*}} = %[[FIRST]]#1) : (index, index) -> (index, index) {
// CHECK:      } do {
// CHECK-NEXT: ^bb0(%[[AT:.*]]: index, %[[OFFSET:.*]]: index):
// CHECK:        scf.while (%[[Q:.*]] = %[[AT]]) : (index) -> index {
// CHECK-NEXT:     arith.cmpi ult, %[[Q]], %{{.*}} : index
// CHECK-NEXT:     scf.if
// CHECK-NEXT:       %[[C:.*]] = memref.load %[[CRD]][%[[Q]]]
// CHECK-NEXT:       %[[PAST:.*]] = arith.addi %[[OFFSET]], %{{.*}} : index
// CHECK-NEXT:       arith.cmpi ult, %[[C]], %[[PAST]] : index
// CHECK:          func.call @add
func.func @subsection_sums(%x: !sv, %m: index) -> tensor<?xf64> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %y = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %is = "sig.subsections"(%x, %c3, %m) {level = 0 : i64, coefficient = 1 : i64, intercept = 0 : i64} : (!sv, index, index) -> !sig.seq
  "cfir.while"(%is) ({
  ^bb0(%i: index):
    %xs = "sig.level"(%x) {level = 0 : i64} : (!sv) -> !sig.seq
    %stop = arith.addi %i, %c3 : index
    %ks = "sig.slice"(%xs, %i, %stop, %c1) : (!sig.seq, index, index, index) -> !sig.seq
    "cfir.while"(%ks) ({
    ^bb0(%k: index):
      %v = "cfir.access"(%x, %ks) : (!sv, !sig.seq) -> f64
      "cfir.reduce"(%y, %v, %i) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}

// Subsections whose windows tile the level (as wide as the coefficient, a
// constant; a collapse or a split makes them): y(i) = Σ_{k<3} x(3i + k).
// Settling passes the coordinates before the offset's window four at a time
// while the fourth is before it, then counts those before it among the next
// three with no branch (one at a time where fewer than three are left), and
// the coordinate found gives its window by a division; the general settling
// (one compare more, a division and a maximum per coordinate) is not
// emitted.
// CHECK-LABEL: func.func @tiled_subsection_sums(
// CHECK-SAME: %[[POS:.*]]: memref<?xindex>, %[[CRD:.*]]: memref<?xindex>, %[[VAL:.*]]: memref<?xf64>, %{{.*}}: index, %[[M:.*]]: index)
// CHECK-NOT:  arith.maxui
// CHECK:      memref.load %[[POS]]
// CHECK-NEXT: %[[HI:.*]] = memref.load %[[POS]]
// CHECK:      scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, index) -> (index, index) {
// CHECK:      } do {
// CHECK-NEXT: ^bb0(%[[AT:.*]]: index, %[[OFFSET:.*]]: index):
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[OFFSET]], %{{.*}} : index
// CHECK-NEXT:   %[[START:.*]] = arith.muli %[[NEXT]], %[[C3:.*]] : index
// CHECK-NEXT:   %[[BLOCKS:.*]] = scf.while (%[[Q:.*]] = %[[AT]]) : (index) -> index {
// CHECK-NEXT:     %[[PAST:.*]] = arith.addi %[[Q]], %[[C4:.*]] : index
// CHECK-NEXT:     %[[ROOM:.*]] = arith.cmpi ule, %[[PAST]], %[[HI]] : index
// CHECK-NEXT:     scf.if %[[ROOM]] -> (i1) {
// CHECK-NEXT:       %[[FOURTH:.*]] = arith.addi %[[Q]], %[[C3]] : index
// CHECK-NEXT:       %[[C:.*]] = memref.load %[[CRD]][%[[FOURTH]]]
// CHECK-NEXT:       %[[BEFORE:.*]] = arith.cmpi ult, %[[C]], %[[START]] : index
// CHECK-NEXT:       scf.yield %[[BEFORE]] : i1
// CHECK:        } do {
// CHECK-NEXT:   ^bb0(%[[Q:.*]]: index):
// CHECK-NEXT:     %[[BLOCK:.*]] = arith.addi %[[Q]], %[[C4]] : index
// CHECK-NEXT:     scf.yield %[[BLOCK]] : index
// CHECK:        %[[THIRD:.*]] = arith.addi %[[BLOCKS]], %[[C3]] : index
// CHECK-NEXT:   %[[THREE_LEFT:.*]] = arith.cmpi ule, %[[THIRD]], %[[HI]] : index
// CHECK-NEXT:   %[[PASSED:.*]] = scf.if %[[THREE_LEFT]] -> (index) {
// CHECK-NEXT:     %[[C:.*]] = memref.load %[[CRD]][%[[BLOCKS]]]
// CHECK-NEXT:     %[[BEFORE:.*]] = arith.cmpi ult, %[[C]], %[[START]] : index
// CHECK-NEXT:     %[[ONE:.*]] = arith.select %[[BEFORE]], %{{.*}}, %{{.*}} : index
// CHECK-NEXT:     %[[COUNTED:.*]] = arith.addi %[[BLOCKS]], %[[ONE]] : index
// CHECK-COUNT-2: memref.load %[[CRD]]
// CHECK:          scf.yield %{{.*}} : index
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.while (%[[Q:.*]] = %[[BLOCKS]]) : (index) -> index {
// CHECK-NEXT:       %[[OPEN:.*]] = arith.cmpi ult, %[[Q]], %[[HI]] : index
// CHECK:        %[[FOUND:.*]] = arith.cmpi ult, %[[PASSED]], %[[HI]] : index
// CHECK-NEXT:   scf.if %[[FOUND]] -> (index) {
// CHECK-NEXT:     %[[C:.*]] = memref.load %[[CRD]][%[[PASSED]]]
// CHECK-NEXT:     %[[WINDOW:.*]] = arith.divui %[[C]], %[[C3]] : index
// CHECK-NEXT:     scf.yield %[[WINDOW]] : index
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %[[M]] : index
// CHECK-NOT:  arith.maxui
// CHECK:      return
func.func @tiled_subsection_sums(%x: !sv, %m: index) -> tensor<?xf64> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %y = "cfir.alloc"(%m) : (index) -> tensor<?xf64>
  %is = "sig.subsections"(%x, %c3, %m) {level = 0 : i64, coefficient = 3 : i64, intercept = 0 : i64} : (!sv, index, index) -> !sig.seq
  "cfir.while"(%is) ({
  ^bb0(%i: index):
    %xs = "sig.level"(%x) {level = 0 : i64} : (!sv) -> !sig.seq
    %start = arith.muli %i, %c3 : index
    %stop = arith.addi %start, %c3 : index
    %ks = "sig.slice"(%xs, %start, %stop, %c1) : (!sig.seq, index, index, index) -> !sig.seq
    "cfir.while"(%ks) ({
    ^bb0(%k: index):
      %v = "cfir.access"(%x, %ks) : (!sv, !sig.seq) -> f64
      "cfir.reduce"(%y, %v, %i) {reduce = @add} : (tensor<?xf64>, f64, index) -> ()
      vector.yield
    }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
    vector.yield
  }) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!sig.seq) -> ()
  return %y : tensor<?xf64>
}
