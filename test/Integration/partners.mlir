// Co-iterations whose cases name some drivers only together (A and B in
// A∘B + C): the partners pass the positions where they do not all sit in a
// loop of their own (cfir-to-scf's partners.rs), before the loop and after
// each step that moved them. Checked against a Python evaluation on rows
// built to meet blocks' edges (check_intersection.py), then random rows.
// RUN: %python %S/check_intersection.py %S/Inputs/partners/kernels.mlir mul_add %t | FileCheck %s --check-prefix=CSR
// CSR: mul_add: 85 of 85 rows match
// RUN: %python %S/check_intersection.py %S/Inputs/partners/kernels.mlir mul_add_dcsr %t | FileCheck %s --check-prefix=DCSR
// DCSR: mul_add_dcsr: 85 of 85 rows match
// RUN: %python %S/check_intersection.py %S/Inputs/partners/kernels.mlir mul_add_mixed %t | FileCheck %s --check-prefix=MIXED
// MIXED: mul_add_mixed: 85 of 85 rows match
// Partners at the rows too, each a run of one coordinate (dedup.rs):
// RUN: %python %S/check_intersection.py %S/Inputs/partners/kernels.mlir mul_add_coo %t | FileCheck %s --check-prefix=COO
// COO: mul_add_coo: 85 of 85 rows match
// RUN: %python %S/check_intersection.py %S/Inputs/partners/kernels.mlir mul_add_sums %t | FileCheck %s --check-prefix=SUMS
// SUMS: mul_add_sums: 85 of 85 rows match
// Two groups of partners, and a group of three:
// RUN: %python %S/check_intersection.py %S/Inputs/partners/kernels.mlir mul_add2 %t | FileCheck %s --check-prefix=TWO
// TWO: mul_add2: 85 of 85 rows match
// RUN: %python %S/check_intersection.py %S/Inputs/partners/kernels.mlir mul3_add %t | FileCheck %s --check-prefix=THREE
// THREE: mul3_add: 85 of 85 rows match
// RUN: env SPARSE_RUN_THREADS=2 %python %S/check_intersection.py %S/Inputs/partners/kernels.mlir mul_add %t | FileCheck %s --check-prefix=CSR
// The loops:
// RUN: sparse-opt %S/Inputs/partners/kernels.mlir --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-demap,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize{top-down=false},cse)' | FileCheck %s --check-prefix=IR
// Before the loop over the row's three operands, A and B meet: where they
// do not sit on one coordinate already, blocks of 4 positions that meet
// nothing are passed (skip_blocks.rs); then, while both have positions left
// and their coordinates differ, each behind the larger steps.
// IR-LABEL: func.func @mul_add(
// IR: %[[APART:.*]] = scf.if %{{.*}} -> (i1) {
// IR: arith.maxui
// IR: } else {
// IR: scf.if %[[APART]] -> (index, index) {
// IR-NEXT: scf.while
// IR: vector.load %{{.*}} : memref<?xindex>, vector<4xindex>
// IR: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, index) -> (index, index) {
// IR: %[[LARGEST:.*]] = arith.maxui %[[CA:.*]], %[[CB:.*]] : index
// IR: arith.cmpi eq, %[[CA]], %[[LARGEST]] : index
// IR: } do {
// IR: %[[LARGER:.*]] = arith.maxui %[[A:.*]], %[[B:.*]] : index
// IR: %[[BEHIND:.*]] = arith.cmpi ult, %[[A]], %[[LARGER]] : index
// IR: arith.select %[[BEHIND]]
// IR: scf.while (%{{.*}} = %{{.*}}#0, %{{.*}} = %{{.*}}#1, %{{.*}} = %{{.*}}) : (index, index, index) -> (index, index, index) {
// After a step that moved them, they meet again; C is left where it is.
// IR: %[[MOVED:.*]]:2 = scf.if %{{.*}} -> (index, index) {
// IR: vector.load
// IR: scf.yield %[[MOVED]]#0, %[[MOVED]]#1, %{{.*}} : index, index, index
// In DCSR the rows meet too, by blocks as well:
// IR-LABEL: func.func @mul_add_dcsr(
// IR-COUNT-2: vector.load %{{.*}} : memref<?xindex>, vector<4xindex>
// Coordinates of two widths meet a coordinate at a time:
// IR-LABEL: func.func @mul_add_mixed(
// IR-NOT: vector.load
// IR-LABEL: func.func @mul_add_coo(
// Each group meets on its own:
// IR-LABEL: func.func @mul_add2(
// IR-COUNT-2: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, index) -> (index, index) {
// IR: scf.while (%{{.*}}) : (index, index, index, index) -> (index, index, index, index) {
// IR-LABEL: func.func @mul3_add(
// IR: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, index, index) -> (index, index, index) {
// IR: scf.while (%{{.*}}) : (index, index, index, index) -> (index, index, index, index) {
