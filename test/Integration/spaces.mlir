// Explicit iteration spaces (paper 000 §5.1, §6.2): a user function's
// `arr.iteration_space` decides where it is evaluated, complements making
// omitter regions that the loops visit and skip; where they cannot (the
// complement of a dense operand, or of a value the loop does not index),
// the call is evaluated only where its space holds on its values. The
// paper's small cases (its §7 tests 1, 2, 6–15, 17 and 25), most kernels in
// Inputs/spaces/kernels.mlir; a file lists the stored entries, every other
// component is 0.
// Random matrices, every case checked against a dense evaluation in Python:
// RUN: %python %S/check_kernel.py %S/Inputs/spaces/xor_matrices.mlir xor %t.random | FileCheck %s --check-prefix=RANDOM-XOR
// RUN: %python %S/check_kernel.py %S/Inputs/spaces/difference_matrices.mlir difference %t.random | FileCheck %s --check-prefix=RANDOM-DIFFERENCE
// RUN: %python %S/check_kernel.py %S/Inputs/spaces/xor_coo_bytemap.mlir xor %t.random | FileCheck %s --check-prefix=RANDOM-XOR
// RUN: %python %S/check_kernel.py %S/Inputs/spaces/difference_hash.mlir difference %t.random | FileCheck %s --check-prefix=RANDOM-DIFFERENCE
// RUN: %python %S/check_kernel.py %S/Inputs/spaces/masked_rows.mlir masked_rows %t.random | FileCheck %s --check-prefix=RANDOM-MASKED-ROWS
// RUN: %python %S/check_kernel.py %S/Inputs/spaces/masked_rows_plus.mlir masked_rows_plus %t.random | FileCheck %s --check-prefix=RANDOM-MASKED-PLUS
// RUN: %python %S/check_kernel.py %S/Inputs/spaces/masked_by_dense.mlir masked_by_dense %t.random | FileCheck %s --check-prefix=RANDOM-MASKED-DENSE
// RUN: %python %S/check_kernel.py %S/Inputs/spaces/bfs_step.mlir bfs_step %t.random 1 pattern | FileCheck %s --check-prefix=RANDOM-BFS
// RANDOM-XOR: xor: 4 of 4 cases match the dense reference
// RANDOM-DIFFERENCE: difference: 4 of 4 cases match the dense reference
// RANDOM-MASKED-ROWS: masked_rows: 4 of 4 cases match the dense reference
// RANDOM-MASKED-PLUS: masked_rows_plus: 4 of 4 cases match the dense reference
// RANDOM-MASKED-DENSE: masked_by_dense: 4 of 4 cases match the dense reference
// RANDOM-BFS: bfs_step: 4 of 4 cases match the dense reference
// DEFINE: %{kernels} = %S/Inputs/spaces/kernels.mlir
// DEFINE: %{vector} = %python %S/Inputs/fills/vector.py
// DEFINE: %{matrix} = %python %S/Inputs/fills/matrix.py

// Test 6: xor(a, b) with body x + y: {0: 3, 1: 5}.
// RUN: %{vector} 5 0:3,2:4,4:2 %t.a6.mtx
// RUN: %{vector} 5 1:5,2:4,4:2 %t.b6.mtx
// RUN: sparse-run %{kernels} --entry xor %t.a6.mtx %t.b6.mtx -o %t.o6.mtx
// RUN: FileCheck %s --check-prefix=XOR < %t.o6.mtx
// XOR:      5 1 2
// XOR-NEXT: 1 1 3
// XOR-NEXT: 2 1 5
// The lattice: {a, b} omitted, {a} and {b} produced.
// RUN: sparse-opt %{kernels} --arr-concretize --sig-lower-lattices | FileCheck %s --check-prefix=LATTICE
// LATTICE-LABEL: func.func @xor(
// LATTICE:         %[[A:.*]] = "sig.level"(%arg0)
// LATTICE-NEXT:    %[[B:.*]] = "sig.level"(%arg1)
// LATTICE:         %[[BOTH:.*]] = "sig.intersect"(%[[A]], %[[B]])
// LATTICE-NEXT:    "cfir.switch"
// LATTICE-NEXT:      "cfir.case"(%[[BOTH]]) ({
// LATTICE-NEXT:        vector.yield
// LATTICE-NEXT:      }) {kind = "omitter"}
// LATTICE-NEXT:      "cfir.case"(%[[A]])
// LATTICE:           }) {kind = "producer"}
// LATTICE-NEXT:      "cfir.case"(%[[B]])
// LATTICE:           }) {kind = "producer"}

// Test 7: as test 6, a storing an explicit 0 at 2: a stored fill counts as
// absent where a region is omitted, so 2 is b's alone: {0: 3, 1: 5, 2: 4}.
// RUN: %{vector} 5 0:3,2:0,4:2 %t.a7.mtx
// RUN: sparse-run %{kernels} --entry xor %t.a7.mtx %t.b6.mtx -o %t.o7.mtx
// RUN: FileCheck %s --check-prefix=EXPLICIT < %t.o7.mtx
// EXPLICIT:      5 1 3
// EXPLICIT-NEXT: 1 1 3
// EXPLICIT-NEXT: 2 1 5
// EXPLICIT-NEXT: 3 1 4

// Test 8: xor of matrices, A in CSR and B in DCSR: omitted at the inner
// level only.
// RUN: %{matrix} 5 4 0:1:3,1:3:5,2:1:3,2:2:4,4:3:6 %t.A8.mtx
// RUN: %{matrix} 5 4 0:1:2,1:1:3,1:2:2,4:3:4 %t.B8.mtx
// RUN: sparse-run %{kernels} --entry xor2 %t.A8.mtx %t.B8.mtx -o %t.o8.mtx
// RUN: FileCheck %s --check-prefix=XOR2 < %t.o8.mtx
// XOR2:      5 4 5
// XOR2-NEXT: 2 2 3
// XOR2-NEXT: 2 3 2
// XOR2-NEXT: 2 4 5
// XOR2-NEXT: 3 2 3
// XOR2-NEXT: 3 3 4

// Test 9: a ∩ ¬b into a dense result: [1, 0, 0, 3].
// RUN: %{vector} 4 0:1,1:2,3:3 %t.a9.mtx
// RUN: %{vector} 4 1:9,2:9 %t.b9.mtx
// RUN: sparse-run %{kernels} --entry difference %t.a9.mtx %t.b9.mtx -o %t.o9.mtx
// RUN: FileCheck %s --check-prefix=DIFFERENCE < %t.o9.mtx
// DIFFERENCE:      4 1
// DIFFERENCE-NEXT: 1
// DIFFERENCE-NEXT: 0
// DIFFERENCE-NEXT: 0
// DIFFERENCE-NEXT: 3

// Test 10: ¬B ∪ C ∪ D with body x + y + z: (1, 1), B's alone, is omitted.
// RUN: %{matrix} 5 4 0:1:2,1:1:3,1:2:2,4:3:4 %t.B10.mtx
// RUN: %{matrix} 5 4 0:1:3,2:1:3,2:2:4,4:3:6 %t.C10.mtx
// RUN: %{matrix} 5 4 1:2:1,2:1:4,3:3:5,4:3:5 %t.D10.mtx
// RUN: sparse-run %{kernels} --entry complement_union %t.B10.mtx %t.C10.mtx %t.D10.mtx -o %t.o10.mtx
// RUN: FileCheck %s --check-prefix=UNION < %t.o10.mtx
// UNION:      5 4 6
// UNION-NEXT: 1 2 5
// UNION-NEXT: 2 3 3
// UNION-NEXT: 3 2 7
// UNION-NEXT: 3 3 4
// UNION-NEXT: 4 4 5
// UNION-NEXT: 5 4 15

// Test 11: exactly two of three stored, body x · y + z: {0: 6, 1: 1, 2: 4}.
// RUN: %{vector} 5 0:2,1:2,4:4 %t.b11.mtx
// RUN: %{vector} 5 0:3,2:3,4:6 %t.c11.mtx
// RUN: %{vector} 5 1:1,2:4,4:5 %t.d11.mtx
// RUN: sparse-run %{kernels} --entry pairs_not_triple %t.b11.mtx %t.c11.mtx %t.d11.mtx -o %t.o11.mtx
// RUN: FileCheck %s --check-prefix=PAIRS < %t.o11.mtx
// PAIRS:      5 1 3
// PAIRS-NEXT: 1 1 6
// PAIRS-NEXT: 2 1 1
// PAIRS-NEXT: 3 1 4

// Test 12: the space of test 11 over the matrices of test 10, body x + y + z,
// and specializations for the regions {B, C} (B · C) and {B, D} (D − B),
// which those regions call: {(0, 1): 6, (1, 2): -1, (2, 1): 7}.
// RUN: sparse-run %{kernels} --entry special_regions %t.B10.mtx %t.C10.mtx %t.D10.mtx -o %t.o12.mtx
// RUN: FileCheck %s --check-prefix=SPECIAL < %t.o12.mtx
// SPECIAL:      5 4 3
// SPECIAL-NEXT: 1 2 6
// SPECIAL-NEXT: 2 3 -1
// SPECIAL-NEXT: 3 2 7

// Test 13: ldexp over a ∪ (a ∩ b): [3, 0, 640, 0, 8].
// RUN: %{vector} 5 0:3,2:40,4:2 %t.a13.mtx
// RUN: %{vector} 5 1:5,2:4,4:2 %t.b13.mtx
// RUN: sparse-run %{kernels} --entry ldexp_vectors %t.a13.mtx %t.b13.mtx -o %t.o13.mtx
// RUN: FileCheck %s --check-prefix=LDEXP < %t.o13.mtx
// LDEXP:      5 1
// LDEXP-NEXT: 3
// LDEXP-NEXT: 0
// LDEXP-NEXT: 640
// LDEXP-NEXT: 0
// LDEXP-NEXT: 8
// No loop is driven by b alone: b is only read where a is.
// RUN: sparse-opt %{kernels} --arr-concretize --sig-lower-lattices | FileCheck %s --check-prefix=LDEXP-LOOPS
// LDEXP-LOOPS-LABEL: func.func @ldexp_vectors(
// LDEXP-LOOPS:         %[[A:.*]] = "sig.level"(%arg0)
// LDEXP-LOOPS-NEXT:    %[[B:.*]] = "sig.level"(%arg1)
// LDEXP-LOOPS-NOT:     "cfir.while"(%[[B]])
// LDEXP-LOOPS:         return

// Test 14: A^B, with result fill 1 (space B): stored {1: 9, 2: 0}; with
// result fill 0 (space A ∪ ¬B, a dense loop): stored {0: 1, 1: 9, 3: 1, 4: 1}.
// RUN: %{vector} 5 0:2,1:3,3:5 %t.a14.mtx
// RUN: %{vector} 5 1:2,2:3 %t.b14.mtx
// RUN: sparse-run %{kernels} --entry power_fill_one %t.a14.mtx %t.b14.mtx -o %t.o14a.mtx
// RUN: FileCheck %s --check-prefix=POWER1 < %t.o14a.mtx
// POWER1:      5 1 2
// POWER1-NEXT: 2 1 9
// POWER1-NEXT: 3 1 0
// RUN: sparse-run %{kernels} --entry power_fill_zero %t.a14.mtx %t.b14.mtx -o %t.o14b.mtx
// RUN: FileCheck %s --check-prefix=POWER0 < %t.o14b.mtx
// POWER0:      5 1 4
// POWER0-NEXT: 1 1 1
// POWER0-NEXT: 2 1 9
// POWER0-NEXT: 4 1 1
// POWER0-NEXT: 5 1 1
// Over B stored densely, and A and B both, the same components (a dense
// result lists each): 1, 9, 0, 1, 1.
// RUN: sparse-run %{kernels} --entry power_dense_b %t.a14.mtx %t.b14.mtx -o %t.o14c.mtx
// RUN: FileCheck %s --check-prefix=POWER-DENSE < %t.o14c.mtx
// RUN: sparse-run %{kernels} --entry power_dense %t.a14.mtx %t.b14.mtx -o %t.o14d.mtx
// RUN: FileCheck %s --check-prefix=POWER-DENSE < %t.o14d.mtx
// POWER-DENSE:      5 1
// POWER-DENSE-NEXT: 1
// POWER-DENSE-NEXT: 9
// POWER-DENSE-NEXT: 0
// POWER-DENSE-NEXT: 1
// POWER-DENSE-NEXT: 1
// x + 1 inside {x ≠ 0} ∩ ¬{m ≠ 0}, x = (5, 6, 0), m = (0, 1, 0): (6, 0, 0)
// whether m is stored sparsely or densely (the point where m is stored is
// outside the space, as is the one where neither is).
// RUN: %{vector} 3 0:5,1:6 %t.x15.mtx
// RUN: %{vector} 3 1:1 %t.m15.mtx
// RUN: sparse-run %{kernels} --entry plus_one_unmasked_sparse %t.x15.mtx %t.m15.mtx -o %t.o15s.mtx
// RUN: FileCheck %s --check-prefix=UNMASKED < %t.o15s.mtx
// RUN: sparse-run %{kernels} --entry plus_one_unmasked_dense %t.x15.mtx %t.m15.mtx -o %t.o15d.mtx
// RUN: FileCheck %s --check-prefix=UNMASKED < %t.o15d.mtx
// UNMASKED:      3 1
// UNMASKED-NEXT: 6
// UNMASKED-NEXT: 0
// UNMASKED-NEXT: 0

// Test 15: fused functions on sets, A = {0, 1, 2}, B = {1, 3}, C = {0, 1, 3, 4}:
// and(xor(A, B), C) = {0, 3}, or(xor(A, B), C) = {0, 1, 2, 3, 4}, and the
// odd parity of three, {1, 2, 4}.
// RUN: %{vector} 5 0:1,1:1,2:1 %t.A15.mtx
// RUN: %{vector} 5 1:1,3:1 %t.B15.mtx
// RUN: %{vector} 5 0:1,1:1,3:1,4:1 %t.C15.mtx
// RUN: sparse-run %{kernels} --entry xor_and %t.A15.mtx %t.B15.mtx %t.C15.mtx -o %t.o15a.mtx
// RUN: FileCheck %s --check-prefix=XOR-AND < %t.o15a.mtx
// XOR-AND:      5 1 2
// XOR-AND-NEXT: 1 1 1
// XOR-AND-NEXT: 4 1 1
// RUN: sparse-run %{kernels} --entry xor_or %t.A15.mtx %t.B15.mtx %t.C15.mtx -o %t.o15b.mtx
// RUN: FileCheck %s --check-prefix=XOR-OR < %t.o15b.mtx
// XOR-OR: 5 1 5
// RUN: sparse-run %{kernels} --entry xor3 %t.A15.mtx %t.B15.mtx %t.C15.mtx -o %t.o15c.mtx
// RUN: FileCheck %s --check-prefix=XOR3 < %t.o15c.mtx
// XOR3:      5 1 3
// XOR3-NEXT: 2 1 1
// XOR3-NEXT: 3 1 1
// XOR3-NEXT: 5 1 1

// Test 1: gcd(b, c), |x| where only x is stored (a specialization, no
// Euclid loop there): [6, 0, 9, 4, 0, 7].
// RUN: %{vector} 6 0:12,2:9,5:7 %t.b1.mtx
// RUN: %{vector} 6 0:18,3:4,5:14 %t.c1.mtx
// RUN: %{vector} 6 0:7,3:6,4:1,5:15 %t.d1.mtx
// RUN: sparse-run %{kernels} --entry gcd_vectors %t.b1.mtx %t.c1.mtx -o %t.o1.mtx
// RUN: FileCheck %s --check-prefix=GCD < %t.o1.mtx
// GCD:      6 1
// GCD-NEXT: 6
// GCD-NEXT: 0
// GCD-NEXT: 9
// GCD-NEXT: 4
// GCD-NEXT: 0
// GCD-NEXT: 7
// Each case calls gcd through its guard, the absent operand a constant 0,
// and the guard chooses the specialization by the values (a stored 0 is
// absent too): once inlined, a case of x alone keeps only gcd_x's branch.
// RUN: sparse-opt %{kernels} --arr-concretize --sig-lower-lattices | FileCheck %s --check-prefix=GCD-CASES
// GCD-CASES-LABEL: func.func private @gcd_in_space(
// GCD-CASES:         func.call @gcd_x(
// GCD-CASES:         func.call @gcd_y(
// GCD-CASES:         func.call @gcd(
// GCD-CASES-LABEL: func.func @gcd_vectors(
// GCD-CASES:         func.call @gcd_in_space(%{{.*}}, %{{.*}}) : (i64, i64) -> i64
// GCD-CASES:         func.call @gcd_in_space(%{{.*}}, %c0_i64) : (i64, i64) -> i64
// GCD-CASES:         func.call @gcd_in_space(%c0_i64, %{{.*}}) : (i64, i64) -> i64

// The spaces of paper 000 §2.5's worked example: gcd's explicit space is
// b ∪ c, whose value where neither is stored, gcd(0, 0) = 0, is folded
// through Euclid's loop, so the dense result is not visited everywhere; and
// bitwise_and, annihilated by 0, intersects it with d: (b ∪ c) ∩ d.
// RUN: sparse-opt %{kernels} --arr-concretize | FileCheck %s --check-prefix=GCD-SPACE
// GCD-SPACE-LABEL: func.func @gcd_vectors(
// GCD-SPACE-NOT:     "sig.universe"
// GCD-SPACE:         %[[B:.*]] = "sig.level"(%arg0)
// GCD-SPACE-NEXT:    %[[C:.*]] = "sig.level"(%arg1)
// GCD-SPACE-NEXT:    %[[BC:.*]] = "sig.union"(%[[B]], %[[C]])
// GCD-SPACE-NEXT:    "sig.forall"(%[[BC]])
// GCD-SPACE-LABEL: func.func @and_gcd(
// GCD-SPACE:         %[[B:.*]] = "sig.level"(%arg0)
// GCD-SPACE-NEXT:    %[[C:.*]] = "sig.level"(%arg1)
// GCD-SPACE-NEXT:    %[[BC:.*]] = "sig.union"(%[[B]], %[[C]])
// GCD-SPACE-NEXT:    %[[D:.*]] = "sig.level"(%arg2)
// GCD-SPACE-NEXT:    %[[SPACE:.*]] = "sig.intersect"(%[[BC]], %[[D]])
// GCD-SPACE-NEXT:    "sig.forall"(%[[SPACE]])

// Test 2: bitwise_and(gcd(b, c), d): {0: 6, 3: 4, 5: 7}.
// RUN: sparse-run %{kernels} --entry and_gcd %t.b1.mtx %t.c1.mtx %t.d1.mtx -o %t.o2.mtx
// RUN: FileCheck %s --check-prefix=AND-GCD < %t.o2.mtx
// AND-GCD:      6 1 3
// AND-GCD-NEXT: 1 1 6
// AND-GCD-NEXT: 4 1 4
// AND-GCD-NEXT: 6 1 7

// Test 17: one breadth-first step, B = {(0,1),(1,1),(1,2),(3,1),(4,3)} (5 x 5
// here, since the frontier c = {1} indexes its rows and columns): {0, 3};
// row 1 also reaches 1, but the frontier holds it.
// RUN: %{matrix} 5 5 0:1:1,1:1:1,1:2:1,3:1:1,4:3:1 %t.B17.mtx
// RUN: %{vector} 5 1:1 %t.c17.mtx
// RUN: sparse-run %S/Inputs/spaces/bfs_step.mlir %t.B17.mtx %t.c17.mtx -o %t.o17.mtx
// RUN: FileCheck %s --check-prefix=BFS < %t.o17.mtx
// BFS:      5 1 2
// BFS-NEXT: 1 1 1
// BFS-NEXT: 4 1 1
// The mask's complement is exact along the rows (the frontier is stored
// sparsely there), and tested on c_i's value along the columns.
// RUN: sparse-opt %S/Inputs/spaces/bfs_step.mlir --arr-concretize | FileCheck %s --check-prefix=BFS-GUARD
// BFS-GUARD:       func.func private @mask_in_space(%[[X:.*]]: f64, %[[M:.*]]: f64) -> f64
// BFS-GUARD:         %[[XS:.*]] = arith.cmpf une, %[[X]], %{{.*}} : f64
// BFS-GUARD:         %[[MS:.*]] = arith.cmpf une, %[[M]], %{{.*}} : f64
// BFS-GUARD:         %[[NOT:.*]] = arith.xori %[[MS]], %{{.*}} : i1
// BFS-GUARD:         %[[IN:.*]] = arith.andi %[[XS]], %[[NOT]] : i1
// BFS-GUARD:         scf.if %[[IN]] -> (f64) {
// BFS-GUARD:           func.call @mask(%[[X]], %[[M]])
// BFS-GUARD:         } else {
// BFS-GUARD:           arith.constant 0.000000e+00 : f64
// BFS-GUARD-LABEL: func.func @bfs_step(
// BFS-GUARD:         %[[C:.*]] = "sig.level"(%cast)
// BFS-GUARD:         %[[NOT_C:.*]] = "sig.complement"(%[[C]])
// BFS-GUARD:         "sig.forall"
// BFS-GUARD:           func.call @mask_in_space(

// Test 25: the MRI kernel on a 3 x 3 image, ROI = {(0,1),(0,2),(1,0),(2,1)}:
// {(0,1), (1,0)}.
// RUN: %{matrix} 3 3 0:1:1,0:2:1,1:0:1,2:1:1 %t.roi.mtx
// RUN: sparse-run %S/Inputs/spaces/mri.mlir %S/Inputs/spaces/mri_image.mtx %t.roi.mtx -o %t.o25.mtx
// RUN: FileCheck %s --check-prefix=MRI < %t.o25.mtx
// MRI:      3 3 2
// MRI-NEXT: 1 2 1
// MRI-NEXT: 2 1 1

// A complement {m ≠ 0} of an operand whose fill is 5: where m stores
// nothing the call is not evaluated (it used to be, everywhere): a = {0: 1,
// 1: 2, 2: 3}, m = {1: 0, 3: 7} gives {1: 2}.
// RUN: %{vector} 4 0:1,1:2,2:3 %t.a5.mtx
// RUN: %{vector} 4 1:0,3:7 %t.m5.mtx
// RUN: sparse-run %S/Inputs/spaces/mask_fill_five.mlir %t.a5.mtx %t.m5.mtx -o %t.five.mtx
// RUN: FileCheck %s --check-prefix=FILL-FIVE < %t.five.mtx
// FILL-FIVE:      4 1 1
// FILL-FIVE-NEXT: 2 1 2

// A masked call below the body's root: without(a, m) + b, a = (5, 5, 5),
// m = {1, 2}, b = {2: 100}: (5, 0, 100), m's entries masking a where b is
// stored too.
// RUN: %{vector} 3 0:5,1:5,2:5 %t.wa.mtx
// RUN: %{vector} 3 1:1,2:1 %t.wm.mtx
// RUN: %{vector} 3 2:100 %t.wb.mtx
// RUN: sparse-run %S/Inputs/spaces/masked_plus.mlir %t.wa.mtx %t.wm.mtx %t.wb.mtx -o %t.wp.mtx
// RUN: FileCheck %s --check-prefix=MASKED-PLUS < %t.wp.mtx
// MASKED-PLUS:      3 1
// MASKED-PLUS-NEXT: 5
// MASKED-PLUS-NEXT: 0
// MASKED-PLUS-NEXT: 100

// A guarded call whose function has a specialization for x alone (10 · x):
// A = {(0, 0): 1, (1, 1): 2}, m = {1: 1}: {(0, 0): 10}, row 1 masked.
// RUN: %{matrix} 2 2 0:0:1,1:1:2 %t.sa.mtx
// RUN: %{vector} 2 1:1 %t.sm.mtx
// RUN: sparse-run %S/Inputs/spaces/masked_rows_special.mlir %t.sa.mtx %t.sm.mtx -o %t.special.mtx
// RUN: FileCheck %s --check-prefix=GUARD-SPECIAL < %t.special.mtx
// GUARD-SPECIAL:      2 2 1
// GUARD-SPECIAL-NEXT: 1 1 10
// RUN: sparse-opt %S/Inputs/spaces/masked_rows_special.mlir --arr-concretize | FileCheck %s --check-prefix=GUARD-SPECIAL-IR
// GUARD-SPECIAL-IR:      func.func private @without_in_space(%[[X:.*]]: f64, %[[M:.*]]: f64) -> f64
// GUARD-SPECIAL-IR:        scf.if
// GUARD-SPECIAL-IR:          %[[XS:.*]] = arith.cmpf une, %[[X]], %{{.*}} : f64
// GUARD-SPECIAL-IR:          %[[MA:.*]] = arith.cmpf oeq, %[[M]], %{{.*}} : f64
// GUARD-SPECIAL-IR:          %[[ALONE:.*]] = arith.andi %[[XS]], %[[MA]] : i1
// GUARD-SPECIAL-IR:          scf.if %[[ALONE]] -> (f64) {
// GUARD-SPECIAL-IR:            func.call @without_x(%[[X]])
// GUARD-SPECIAL-IR:          } else {
// GUARD-SPECIAL-IR:            func.call @without(%[[X]], %[[M]])

// A stored fill value counts as absent in every loop of a lattice that
// omits, not only in the loop that walks both operands: a = {0: 1, 2: 0
// (stored), 3: 2} without m gives a + 5 at 0 and 3 alone, whether m's one
// entry comes last (the stored 0 is met beside m), first, or m stores
// nothing (met once m has run out, in the loop of a alone).
// RUN: %python %S/Inputs/fills/vector.py 6 0:1,2:0,3:2 %t.tail_a.mtx
// RUN: %python %S/Inputs/fills/vector.py 6 5:9 %t.tail_late.mtx
// RUN: %python %S/Inputs/fills/vector.py 6 0:9 %t.tail_early.mtx
// RUN: %python %S/Inputs/fills/vector.py 6 "" %t.tail_empty.mtx
// RUN: sparse-run %S/Inputs/spaces/stored_fill_tail.mlir %t.tail_a.mtx %t.tail_late.mtx -o %t.tail_late.out.mtx
// RUN: sparse-run %S/Inputs/spaces/stored_fill_tail.mlir %t.tail_a.mtx %t.tail_early.mtx -o %t.tail_early.out.mtx
// RUN: sparse-run %S/Inputs/spaces/stored_fill_tail.mlir %t.tail_a.mtx %t.tail_empty.mtx -o %t.tail_empty.out.mtx
// RUN: FileCheck %s --check-prefix=TAIL_LATE < %t.tail_late.out.mtx
// RUN: FileCheck %s --check-prefix=TAIL_EARLY < %t.tail_early.out.mtx
// RUN: FileCheck %s --check-prefix=TAIL_LATE < %t.tail_empty.out.mtx
// TAIL_LATE:      6 1 2
// TAIL_LATE-NEXT: 1 1 6
// TAIL_LATE-NEXT: 4 1 7
// TAIL_EARLY:      6 1 1
// TAIL_EARLY-NEXT: 4 1 7
// The same below a level the mask leaves out: A = {(0,0): 1, (1,1): 0
// (stored)}, M stores (0,1) alone, so row 1 of A is walked alone.
// RUN: printf '%%%%%%%%MatrixMarket matrix coordinate real general\n2 3 2\n1 1 1.0\n2 2 0.0\n' > %t.rows_a.mtx
// RUN: printf '%%%%%%%%MatrixMarket matrix coordinate real general\n2 3 1\n1 2 9.0\n' > %t.rows_m.mtx
// RUN: sparse-run %S/Inputs/spaces/stored_fill_rows.mlir %t.rows_a.mtx %t.rows_m.mtx -o %t.rows.mtx
// RUN: FileCheck %s --check-prefix=ROWS < %t.rows.mtx
// ROWS:      2 3
// ROWS-NEXT: 6
// ROWS-NEXT: 0
// ROWS-NEXT: 0
// ROWS-NEXT: 0
// ROWS-NEXT: 0
// ROWS-NEXT: 0

// A call with a region specialization is guarded like any other: its
// specialization is chosen by the argument values, so a stored 0 (or a dense
// operand's 0) is outside the space as the paper's atoms say. a = {0: 0
// (stored), 2: 4}, b = {1: 0 (stored), 2: 4}: nd is outside its space at 0
// and 1 (the result's fill), (4 − 4) / 8 = 0 at 2. Before, the lattice's
// case called nd_0 at 0 (1) and nd at 1 (NaN).
// RUN: %{vector} 3 0:0.0,2:4 %t.nd_a.mtx
// RUN: %{vector} 3 1:0.0,2:4 %t.nd_b.mtx
// RUN: %{vector} 3 2:4 %t.nd_b_only.mtx
// RUN: sparse-run %S/Inputs/spaces/specialized_union.mlir --entry sparse %t.nd_a.mtx %t.nd_b.mtx -o %t.nd.mtx
// RUN: FileCheck %s --check-prefix=SPECIALIZED-UNION < %t.nd.mtx
// RUN: sparse-run %S/Inputs/spaces/specialized_union.mlir --entry dense_x %t.nd_a.mtx %t.nd_b_only.mtx -o %t.nd_dense.mtx
// RUN: FileCheck %s --check-prefix=SPECIALIZED-UNION < %t.nd_dense.mtx
// SPECIALIZED-UNION:      3 1
// SPECIALIZED-UNION-NEXT: 0
// SPECIALIZED-UNION-NEXT: 0
// SPECIALIZED-UNION-NEXT: 0

// In a reduction: y(i) = Σ_j scale(A(i, j), m(i)) over {x ≠ 0} ∩ {s ≠ 0};
// m = {0: 0 (stored), 1: 1}: row 0's terms are outside the space (0), row 1
// is (1 + 1) · e = 5.43656365691809 (was 3 in row 0).
// RUN: %{matrix} 2 3 0:0:1,0:2:2,1:0:1,1:1:1 %t.sr_a.mtx
// RUN: %{vector} 2 0:0.0,1:1 %t.sr_m.mtx
// RUN: sparse-run %S/Inputs/spaces/specialized_reduction.mlir %t.sr_a.mtx %t.sr_m.mtx -o %t.sr.mtx
// RUN: FileCheck %s --check-prefix=SPECIALIZED-SUM < %t.sr.mtx
// SPECIALIZED-SUM:      2 1
// SPECIALIZED-SUM-NEXT: 0
// SPECIALIZED-SUM-NEXT: 5.43656365691809

// Three arguments, a bytemap's stored 0s in a row a DCSR operand does not
// store: A = {(0, 0): 5}, B = {(0, 1): 0, (1, 1): 0} (stored), C = {(0, 1):
// -3, (1, 1): -3}: only z is not 0 at (0, 1) and (1, 1), outside "exactly
// two": all 0 (was -3 at (1, 1)).
// RUN: %{matrix} 2 2 0:0:5 %t.sp_a.mtx
// RUN: %{matrix} 2 2 0:1:0.0,1:1:0.0 %t.sp_b.mtx
// RUN: %{matrix} 2 2 0:1:-3,1:1:-3 %t.sp_c.mtx
// RUN: sparse-run %S/Inputs/spaces/specialized_pairs.mlir %t.sp_a.mtx %t.sp_b.mtx %t.sp_c.mtx -o %t.sp.mtx
// RUN: FileCheck %s --check-prefix=SPECIALIZED-PAIRS < %t.sp.mtx
// SPECIALIZED-PAIRS:      2 2
// SPECIALIZED-PAIRS-NEXT: 0
// SPECIALIZED-PAIRS-NEXT: 0
// SPECIALIZED-PAIRS-NEXT: 0
// SPECIALIZED-PAIRS-NEXT: 0

// A region met again under a complement keeps the kind its algebra gives:
// xor(without(a, b), c) with a = [5, 5, 5], b = {0: -3, 2: -3}, c = {0: -3,
// 1: 4}: at 0 every operand is stored, without is 0 and xor(0, -3) = -3 (was
// 0: the lattice's products made that region an omitter); at 1 and 2, 0.
// RUN: %{vector} 3 0:5,1:5,2:5 %t.xw_a.mtx
// RUN: %{vector} 3 0:-3,2:-3 %t.xw_b.mtx
// RUN: %{vector} 3 0:-3,1:4 %t.xw_c.mtx
// RUN: sparse-run %S/Inputs/spaces/xor_of_without.mlir %t.xw_a.mtx %t.xw_b.mtx %t.xw_c.mtx -o %t.xw.mtx
// RUN: FileCheck %s --check-prefix=XOR-WITHOUT < %t.xw.mtx
// XOR-WITHOUT:      3 1
// XOR-WITHOUT-NEXT: -3
// XOR-WITHOUT-NEXT: 0
// XOR-WITHOUT-NEXT: 0

// Paper 000's right shift with plain arith ops (test 13): a = {0: 3, 2: 40,
// 4: 2}, b = {1: 5, 2: 4, 4: 2}: a >> b = {0: 3, 2: 2, 4: 0} (the computed 0
// is not stored), a << b = [3, 0, 640, 0, 8]. Both were refused ("a read
// outside the loops of its levels"): b was read where only a was looped.
// RUN: %{vector} 5 0:3,2:40,4:2 %t.sh_a.mtx
// RUN: %{vector} 5 1:5,2:4,4:2 %t.sh_b.mtx
// RUN: sparse-run %S/Inputs/spaces/shifts.mlir --entry right %t.sh_a.mtx %t.sh_b.mtx -o %t.shr.mtx
// RUN: FileCheck %s --check-prefix=SHIFT-RIGHT < %t.shr.mtx
// SHIFT-RIGHT:      5 1 2
// SHIFT-RIGHT-NEXT: 1 1 3
// SHIFT-RIGHT-NEXT: 3 1 2
// RUN: sparse-run %S/Inputs/spaces/shifts.mlir --entry left %t.sh_a.mtx %t.sh_b.mtx -o %t.shl.mtx
// RUN: FileCheck %s --check-prefix=SHIFT-LEFT < %t.shl.mtx
// SHIFT-LEFT:      5 1
// SHIFT-LEFT-NEXT: 3
// SHIFT-LEFT-NEXT: 0
// SHIFT-LEFT-NEXT: 640
// SHIFT-LEFT-NEXT: 0
// SHIFT-LEFT-NEXT: 8
// A of fill 1, {0: 3}, shifted left by b = {1: 2}: [3 << 0, 1 << 2] = [3, 4].
// RUN: %{vector} 2 0:3 %t.sh1_a.mtx
// RUN: %{vector} 2 1:2 %t.sh1_b.mtx
// RUN: sparse-run %S/Inputs/spaces/shifts.mlir --entry left_of_ones %t.sh1_a.mtx %t.sh1_b.mtx -o %t.sh1.mtx
// RUN: FileCheck %s --check-prefix=SHIFT-ONES < %t.sh1.mtx
// SHIFT-ONES:      2 1
// SHIFT-ONES-NEXT: 3
// SHIFT-ONES-NEXT: 4

// A lattice's kinds are settled before its omitters are pruned: a = {0: 1,
// 1: 2}, b = {1: 3, 2: 5}: a · b · imp(a, b) = [0, 2 · 3 · 5, 0, 0].
// RUN: %{vector} 4 0:1,1:2 %t.imp_a.mtx
// RUN: %{vector} 4 1:3,2:5 %t.imp_b.mtx
// RUN: sparse-run %S/Inputs/spaces/implication.mlir %t.imp_a.mtx %t.imp_b.mtx -o %t.imp.mtx
// RUN: FileCheck %s --check-prefix=IMPLICATION < %t.imp.mtx
// IMPLICATION:      4 1
// IMPLICATION-NEXT: 0
// IMPLICATION-NEXT: 30
// IMPLICATION-NEXT: 0
// IMPLICATION-NEXT: 0

// upstream's binary with an empty right region follows its left operand,
// even where that operand's fill is not known when compiling: a / 2 = {0:
// 0.5, 1: 1}, b as above: [0.5, 1 + 2 · 3, 0, 0] (b alone computes nothing).
// RUN: sparse-run %S/Inputs/spaces/binary_of_scaled.mlir %t.imp_a.mtx %t.imp_b.mtx 2.0 -o %t.bin.mtx
// RUN: FileCheck %s --check-prefix=BINARY-SCALED < %t.bin.mtx
// BINARY-SCALED:      4 1
// BINARY-SCALED-NEXT: 0.5
// BINARY-SCALED-NEXT: 7
// BINARY-SCALED-NEXT: 0
// BINARY-SCALED-NEXT: 0
