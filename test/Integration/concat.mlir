// Concatenations (arr.concat, paper 001's disjoint union) fused into the
// statements that read them: the loop over the concatenated dimension visits
// each part in turn, the other operands seen through the window of the part's
// range, and no concatenated tensor is built (but for a second concatenation
// along a loop of dynamic sizes: stacks_add_dynamic.mlir). Each kernel runs with sparse-run
// on seeded random data (rows left empty, an empty tensor, a single element,
// a denser one) and is checked against a dense evaluation of its formula
// (check_kernel.py).
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_spmv.mlir vstack_spmv %t | FileCheck %s --check-prefix=VSTACK_SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/concat/hstack_spmv.mlir hstack_spmv %t | FileCheck %s --check-prefix=HSTACK_SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack.mlir vstack %t | FileCheck %s --check-prefix=VSTACK
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_dcsc.mlir vstack %t | FileCheck %s --check-prefix=VSTACK
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_coo.mlir vstack %t | FileCheck %s --check-prefix=VSTACK
// RUN: %python %S/check_kernel.py %S/Inputs/concat/hstack.mlir hstack %t | FileCheck %s --check-prefix=HSTACK
// Parts stored in different orders (CSC beside CSR), which no loop order
// follows: one part is copied into the other's order first (these were
// refused with "no loop order follows the level order of every sparse operand").
// RUN: %python %S/check_kernel.py %S/Inputs/concat/hstack_mixed_orders.mlir hstack %t | FileCheck %s --check-prefix=HSTACK
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_spmv_mixed_orders.mlir vstack_spmv %t | FileCheck %s --check-prefix=VSTACK_SPMV
// RUN: %python %S/check_kernel.py %S/Inputs/concat/hstack_add.mlir hstack_add %t | FileCheck %s --check-prefix=HSTACK_ADD
// RUN: %python %S/check_kernel.py %S/Inputs/concat/hstack_add_columns.mlir hstack_add %t | FileCheck %s --check-prefix=HSTACK_ADD
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack3.mlir vstack3 %t | FileCheck %s --check-prefix=VSTACK3
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_self.mlir vstack_self %t | FileCheck %s --check-prefix=SELF
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_column_sums.mlir vstack_column_sums %t | FileCheck %s --check-prefix=SUMS
// RUN: %python %S/check_kernel.py %S/Inputs/concat/stacks_add.mlir stacks_add %t | FileCheck %s --check-prefix=STACKS_ADD
// RUN: %python %S/check_kernel.py %S/Inputs/concat/stacks_add_dynamic.mlir stacks_add %t | FileCheck %s --check-prefix=STACKS_ADD
// RUN: %python %S/check_kernel.py %S/Inputs/concat/stacks_add_typed.mlir stacks_add %t | FileCheck %s --check-prefix=STACKS_ADD
// RUN: sparse-opt %S/Inputs/concat/stacks_add_typed.mlir --raise-linalg --arr-fuse --arr-demap --arr-concretize | FileCheck %s --check-prefix=TYPED_COPY
// TYPED_COPY: #[[ROWS:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// TYPED_COPY: tensor.empty(%{{.*}}) : tensor<?x5xf64, #arr.encoding<[#arr.level<"dense", {}>, #arr.level<"compressed", {}>], 0.000000e+00 : f64, #[[ROWS]]>>
// RUN: %python %S/check_kernel.py %S/Inputs/concat/stacks_multiply.mlir stacks_multiply %t | FileCheck %s --check-prefix=STACKS_MULTIPLY
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_spgemm.mlir vstack_spgemm %t | FileCheck %s --check-prefix=SPGEMM
// RUN: %python %S/check_kernel.py %S/Inputs/concat/nested_vstack.mlir nested_vstack %t | FileCheck %s --check-prefix=NESTED
// Parts of thousands of entries (every size 16 times larger), copied a
// chunk of 1,024 values at a time while scanned for zeros, and with every
// third entry an explicit zero, which makes the copy run entry by entry over
// the values copied already.
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack.mlir vstack %t 16 | FileCheck %s --check-prefix=VSTACK
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack.mlir vstack %t 16 zeros | FileCheck %s --check-prefix=VSTACK
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_coo.mlir vstack %t 16 | FileCheck %s --check-prefix=VSTACK
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_coo.mlir vstack %t 16 zeros | FileCheck %s --check-prefix=VSTACK
// VSTACK_SPMV: vstack_spmv: 4 of 4 cases match the dense reference
// A part stored in blocks (BSR) is concatenated by host code, then read:
// refused before ('an operand stores a dimension in blocks').
// RUN: %python %S/check_kernel.py %S/Inputs/concat/vstack_bsr_spmv.mlir vstack_spmv %t 2 | FileCheck %s --check-prefix=VSTACK_SPMV
// HSTACK_SPMV: hstack_spmv: 4 of 4 cases match the dense reference
// VSTACK: vstack: 4 of 4 cases match the dense reference
// HSTACK: hstack: 4 of 4 cases match the dense reference
// HSTACK_ADD: hstack_add: 4 of 4 cases match the dense reference
// VSTACK3: vstack3: 4 of 4 cases match the dense reference
// SELF: vstack_self: 4 of 4 cases match the dense reference
// SUMS: vstack_column_sums: 4 of 4 cases match the dense reference
// STACKS_ADD: stacks_add: 4 of 4 cases match the dense reference
// STACKS_MULTIPLY: stacks_multiply: 4 of 4 cases match the dense reference
// SPGEMM: vstack_spgemm: 4 of 4 cases match the dense reference
// NESTED: nested_vstack: 4 of 4 cases match the dense reference

// A part with no rows, or no columns, adds nothing.
// RUN: sparse-run %S/Inputs/concat/vstack.mlir %S/Inputs/concat/empty_rows.mtx %S/Inputs/concat/a.mtx -o %t.rows.mtx
// RUN: FileCheck %s --check-prefix=EMPTY < %t.rows.mtx
// RUN: sparse-run %S/Inputs/concat/hstack.mlir %S/Inputs/concat/a.mtx %S/Inputs/concat/empty_columns.mtx -o %t.columns.mtx
// RUN: FileCheck %s --check-prefix=EMPTY < %t.columns.mtx
// EMPTY:      3 4 4
// EMPTY-NEXT: 1 1 1
// EMPTY-NEXT: 1 4 2
// EMPTY-NEXT: 3 2 3
// EMPTY-NEXT: 3 3 4

// Parts that disagree outside the concatenated dimension are refused before the kernel runs.
// RUN: not sparse-run %S/Inputs/concat/hstack.mlir %S/Inputs/concat/a.mtx %S/Inputs/concat/empty_rows.mtx -o %t.bad.mtx 2>&1 | FileCheck %s --check-prefix=SIZES
// SIZES: sparse-run: error: dimension 0 of input 1 (3) and dimension 0 of input 2 (0) must agree

// Upstream concatenations whose loops a compound subscript runs over are
// built by host code, then read: [a; b] = (1, 0, 2, 0, 3, 0, 4) read in
// windows, y(i) = 10 · ab(i) + 100 · ab(i + 1); and read plainly beside
// x(i + 1), x = (1, ..., 8). Both were refused ('a concatenation (arr.concat)
// read at compound subscripts', 'a compound subscript over the loop of a
// concatenated dimension').
// RUN: sparse-run --check-bounds %S/Inputs/concat/windows_of_concat.mlir %S/Inputs/concat/a3.mtx %S/Inputs/concat/b4.mtx %S/Inputs/concat/w2.mtx -o %t.windows.mtx
// RUN: FileCheck %s --check-prefix=WINDOWS < %t.windows.mtx
// WINDOWS:      6 1
// WINDOWS-NEXT: 10
// WINDOWS-NEXT: 200
// WINDOWS-NEXT: 20
// WINDOWS-NEXT: 300
// WINDOWS-NEXT: 30
// WINDOWS-NEXT: 400
// RUN: sparse-run --check-bounds %S/Inputs/concat/shifted_by_concat.mlir %S/Inputs/concat/a3.mtx %S/Inputs/concat/b4.mtx %S/Inputs/concat/x8.mtx -o %t.shifted.mtx
// RUN: FileCheck %s --check-prefix=SHIFTED < %t.shifted.mtx
// SHIFTED:      7 1
// SHIFTED-NEXT: 2
// SHIFTED-NEXT: 0
// SHIFTED-NEXT: 8
// SHIFTED-NEXT: 0
// SHIFTED-NEXT: 18
// SHIFTED-NEXT: 0
// SHIFTED-NEXT: 32
