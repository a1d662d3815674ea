// Loops that copy a compressed level's segment into a sparse result copy it as
// a run (cfir-to-scf's run copies): the first entry appended as any is, the
// rest at once; a loop over all rows of such segments into CSR copies them as
// one run. A stretch that stores a zero, which a concatenation drops, runs row
// by row, or entry by entry, instead. The parts here hold explicit zeros first
// in a row, last in a row and as a whole row, rows with one entry and empty
// rows. Upstream's sparsifier prints the same (checked when this test was
// written: mlir-opt --sparsifier | mlir-runner).
// RUN: sparse-opt %s --sparse-compiler | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils | FileCheck %s
// RUN: sparse-opt %s --pass-pipeline='builtin.module(raise-linalg,arr-fuse,arr-concretize,sig-lower-lattices,cfir-to-scf,canonicalize,cse)' | FileCheck %s --check-prefix=RUNS

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>
#id = affine_map<(i, j) -> (i, j)>

// Each part: the scan for zeros over all its entries, then one run of all
// its rows (the coordinates and values copied, each row's end stored); or
// the loop over rows as it is, where each row is scanned and copied as a
// run, or entry by entry.
// RUNS-LABEL: func.func @vstack
// RUNS: %[[START:.*]] = memref.load %[[POS:arg[0-9]+]][%c0]
// RUNS-NEXT: %[[END:.*]] = memref.load %[[POS]][%c4]
// RUNS-NEXT: %[[ANY:.*]] = arith.cmpi ult, %[[START]], %[[END]]
// RUNS-NEXT: %[[NONE:.*]] = scf.for %{{.*}} = %[[START]] to %[[END]] step %{{.*}} iter_args(%{{.*}} = %true) -> (i1) {
// RUNS: arith.cmpf une
// RUNS: %[[ALL:.*]] = arith.andi %[[ANY]], %[[NONE]]
// RUNS-NEXT: scf.if %[[ALL]] {
// RUNS: scf.for
// RUNS: scf.for
// RUNS: scf.for {{.*}} iter_args({{.*}}) -> (index) {
// RUNS: memref.store
// RUNS: } else {
// RUNS: scf.while
// RUNS: %[[ROW_NONE:.*]] = scf.for {{.*}} iter_args({{.*}}) -> (i1) {
// RUNS: %[[ROW:.*]] = arith.andi %{{.*}}, %[[ROW_NONE]]
// RUNS-NEXT: scf.if %[[ROW]] {
// RUNS: scf.for
// RUNS: scf.for
// RUNS: } else {
// RUNS: scf.while
func.func @vstack(%a: tensor<4x5xf64, #CSR>, %b: tensor<4x5xf64, #CSR>) -> tensor<8x5xf64, #CSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<4x5xf64, #CSR>, tensor<4x5xf64, #CSR> to tensor<8x5xf64, #CSR>
  return %c : tensor<8x5xf64, #CSR>
}

// The second part's columns are offset by the first's width: its run's
// first coordinate and those copied.
// RUNS-LABEL: func.func @hstack
// RUNS: iter_args
// RUNS: iter_args
// RUNS: scf.if
// RUNS-NEXT: %[[FIRST:.*]] = memref.load
// RUNS-NEXT: arith.addi %[[FIRST]], %c5
// RUNS: scf.for
// RUNS-NEXT: arith.addi
// RUNS-NEXT: %[[COPIED:.*]] = memref.load
// RUNS-NEXT: arith.addi %[[COPIED]], %c5
func.func @hstack(%a: tensor<4x5xf64, #CSR>, %b: tensor<4x5xf64, #CSR>) -> tensor<4x10xf64, #CSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 1 : index} : tensor<4x5xf64, #CSR>, tensor<4x5xf64, #CSR> to tensor<4x10xf64, #CSR>
  return %c : tensor<4x10xf64, #CSR>
}

// Rows stored sparsely too: the run's first entry opens its row.
func.func @vstack_dcsr(%a: tensor<4x5xf64, #CSR>, %b: tensor<4x5xf64, #CSR>) -> tensor<8x5xf64, #DCSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<4x5xf64, #CSR>, tensor<4x5xf64, #CSR> to tensor<8x5xf64, #DCSR>
  return %c : tensor<8x5xf64, #DCSR>
}

// A linalg.generic into an upstream encoding stores every entry it visits,
// zeros included: no scan, every non-empty row a run, in the counting pass
// (the rows' count) as in the fill pass; 32-bit coordinates widened.
// RUNS-LABEL: func.func @copy
// RUNS: arith.index_castui
// RUNS-NEXT: memref.load
// RUNS-NEXT: arith.index_castui
// RUNS-NEXT: %[[ANY:.*]] = arith.cmpi ult
// RUNS-NEXT: scf.if %[[ANY]] {
// RUNS: } else {
// RUNS: memref.alloc(
// RUNS: arith.index_castui
// RUNS-NEXT: memref.load
// RUNS-NEXT: arith.index_castui
// RUNS-NEXT: %[[ANY2:.*]] = arith.cmpi ult
// RUNS-NEXT: scf.if %[[ANY2]] {
// RUNS: scf.for
// RUNS-NEXT: arith.addi
// RUNS-NEXT: memref.load %{{.*}} : memref<?xi32>
// RUNS-NEXT: arith.index_castui

func.func @copy(%a: tensor<4x5xf64, #CSR32>) -> tensor<4x5xf64, #DCSR> {
  %init = tensor.empty() : tensor<4x5xf64, #DCSR>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x5xf64, #CSR32>) outs(%init : tensor<4x5xf64, #DCSR>) {
  ^bb0(%x: f64, %out: f64):
    linalg.yield %x : f64
  } -> tensor<4x5xf64, #DCSR>
  return %c : tensor<4x5xf64, #DCSR>
}

// Into CSR, all rows one run, no scan: 32-bit positions and coordinates read
// as 64-bit ones.
// RUNS-LABEL: func.func @copy_csr
// RUNS-NOT: -> (i1)
// RUNS: scf.for {{.*}} iter_args({{.*}}) -> (index) {
func.func @copy_csr(%a: tensor<4x5xf64, #CSR32>) -> tensor<4x5xf64, #CSR> {
  %init = tensor.empty() : tensor<4x5xf64, #CSR>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x5xf64, #CSR32>) outs(%init : tensor<4x5xf64, #CSR>) {
  ^bb0(%x: f64, %out: f64):
    linalg.yield %x : f64
  } -> tensor<4x5xf64, #CSR>
  return %c : tensor<4x5xf64, #CSR>
}

// A value computed from the one read is no copy: entry by entry.
// RUNS-LABEL: func.func @scale
// RUNS-NOT: } else {
func.func @scale(%a: tensor<4x5xf64, #CSR>) -> tensor<4x5xf64, #CSR> {
  %init = tensor.empty() : tensor<4x5xf64, #CSR>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x5xf64, #CSR>) outs(%init : tensor<4x5xf64, #CSR>) {
  ^bb0(%x: f64, %out: f64):
    %two = arith.constant 2.0 : f64
    %y = arith.mulf %x, %two : f64
    linalg.yield %y : f64
  } -> tensor<4x5xf64, #CSR>
  return %c : tensor<4x5xf64, #CSR>
}

// Rows stored sparsely in the parts (DCSR) into CSR: the rows a part
// stores are one run too, empty rows between them ending where the row
// before ends.
// RUNS-LABEL: func.func @vstack_from_dcsr
// RUNS: iter_args({{.*}}) -> (i1)
// RUNS: scf.if
// RUNS: scf.for {{.*}} iter_args({{.*}}) -> (index) {
// RUNS-LABEL: func.func @main
func.func @vstack_from_dcsr(%a: tensor<4x5xf64, #DCSR>, %b: tensor<4x5xf64, #DCSR>) -> tensor<8x5xf64, #CSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<4x5xf64, #DCSR>, tensor<4x5xf64, #DCSR> to tensor<8x5xf64, #CSR>
  return %c : tensor<8x5xf64, #CSR>
}

func.func @main() {
  // Rows: a zero first; a zero last; only zeros; empty.
  %apos = arith.constant dense<[0, 3, 5, 7, 7]> : tensor<5xindex>
  %acrd = arith.constant dense<[0, 2, 4, 1, 3, 0, 1]> : tensor<7xindex>
  %aval = arith.constant dense<[0.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0]> : tensor<7xf64>
  %a = sparse_tensor.assemble (%apos, %acrd), %aval : (tensor<5xindex>, tensor<7xindex>), tensor<7xf64> to tensor<4x5xf64, #CSR>
  // Rows: four entries; empty; one entry; empty.
  %bpos = arith.constant dense<[0, 4, 4, 5, 5]> : tensor<5xindex>
  %bcrd = arith.constant dense<[0, 1, 3, 4, 2]> : tensor<5xindex>
  %bval = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
  %b = sparse_tensor.assemble (%bpos, %bcrd), %bval : (tensor<5xindex>, tensor<5xindex>), tensor<5xf64> to tensor<4x5xf64, #CSR>
  %a32pos = arith.constant dense<[0, 3, 5, 7, 7]> : tensor<5xi32>
  %a32crd = arith.constant dense<[0, 2, 4, 1, 3, 0, 1]> : tensor<7xi32>
  %a32 = sparse_tensor.assemble (%a32pos, %a32crd), %aval : (tensor<5xi32>, tensor<7xi32>), tensor<7xf64> to tensor<4x5xf64, #CSR32>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 8
  // CHECK-NEXT: dim = ( 8, 5 )
  // CHECK-NEXT: lvl = ( 8, 5 )
  // CHECK-NEXT: pos[1] : ( 0, 2, 3, 3, 3, 7, 7, 8, 8 )
  // CHECK-NEXT: crd[1] : ( 2, 4, 1, 0, 1, 3, 4, 2 )
  // CHECK-NEXT: values : ( 2, 3, 4, 1, 2, 3, 4, 5 )
  %v = call @vstack(%a, %b) : (tensor<4x5xf64, #CSR>, tensor<4x5xf64, #CSR>) -> tensor<8x5xf64, #CSR>
  sparse_tensor.print %v : tensor<8x5xf64, #CSR>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 8
  // CHECK-NEXT: dim = ( 4, 10 )
  // CHECK-NEXT: lvl = ( 4, 10 )
  // CHECK-NEXT: pos[1] : ( 0, 6, 7, 8, 8 )
  // CHECK-NEXT: crd[1] : ( 2, 4, 5, 6, 8, 9, 1, 7 )
  // CHECK-NEXT: values : ( 2, 3, 1, 2, 3, 4, 4, 5 )
  %h = call @hstack(%a, %b) : (tensor<4x5xf64, #CSR>, tensor<4x5xf64, #CSR>) -> tensor<4x10xf64, #CSR>
  sparse_tensor.print %h : tensor<4x10xf64, #CSR>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 8
  // CHECK-NEXT: dim = ( 8, 5 )
  // CHECK-NEXT: lvl = ( 8, 5 )
  // CHECK-NEXT: pos[0] : ( 0, 4 )
  // CHECK-NEXT: crd[0] : ( 0, 1, 4, 6 )
  // CHECK-NEXT: pos[1] : ( 0, 2, 3, 7, 8 )
  // CHECK-NEXT: crd[1] : ( 2, 4, 1, 0, 1, 3, 4, 2 )
  // CHECK-NEXT: values : ( 2, 3, 4, 1, 2, 3, 4, 5 )
  %d = call @vstack_dcsr(%a, %b) : (tensor<4x5xf64, #CSR>, tensor<4x5xf64, #CSR>) -> tensor<8x5xf64, #DCSR>
  sparse_tensor.print %d : tensor<8x5xf64, #DCSR>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 7
  // CHECK-NEXT: dim = ( 4, 5 )
  // CHECK-NEXT: lvl = ( 4, 5 )
  // CHECK-NEXT: pos[0] : ( 0, 3 )
  // CHECK-NEXT: crd[0] : ( 0, 1, 2 )
  // CHECK-NEXT: pos[1] : ( 0, 3, 5, 7 )
  // CHECK-NEXT: crd[1] : ( 0, 2, 4, 1, 3, 0, 1 )
  // CHECK-NEXT: values : ( 0, 2, 3, 4, 0, 0, 0 )
  %c = call @copy(%a32) : (tensor<4x5xf64, #CSR32>) -> tensor<4x5xf64, #DCSR>
  sparse_tensor.print %c : tensor<4x5xf64, #DCSR>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 7
  // CHECK-NEXT: dim = ( 4, 5 )
  // CHECK-NEXT: lvl = ( 4, 5 )
  // CHECK-NEXT: pos[1] : ( 0, 3, 5, 7, 7 )
  // CHECK-NEXT: crd[1] : ( 0, 2, 4, 1, 3, 0, 1 )
  // CHECK-NEXT: values : ( 0, 4, 6, 8, 0, 0, 0 )
  %s = call @scale(%a) : (tensor<4x5xf64, #CSR>) -> tensor<4x5xf64, #CSR>
  sparse_tensor.print %s : tensor<4x5xf64, #CSR>

  // Rows: four entries (row 0); one entry (row 2).
  %bpos0 = arith.constant dense<[0, 2]> : tensor<2xindex>
  %bcrd0 = arith.constant dense<[0, 2]> : tensor<2xindex>
  %bpos1 = arith.constant dense<[0, 4, 5]> : tensor<3xindex>
  %bd = sparse_tensor.assemble (%bpos0, %bcrd0, %bpos1, %bcrd), %bval : (tensor<2xindex>, tensor<2xindex>, tensor<3xindex>, tensor<5xindex>), tensor<5xf64> to tensor<4x5xf64, #DCSR>
  // Rows 0, 1 and 2 of a, with its zeros.
  %apos0 = arith.constant dense<[0, 3]> : tensor<2xindex>
  %acrd0 = arith.constant dense<[0, 1, 2]> : tensor<3xindex>
  %apos1 = arith.constant dense<[0, 3, 5, 7]> : tensor<4xindex>
  %ad = sparse_tensor.assemble (%apos0, %acrd0, %apos1, %acrd), %aval : (tensor<2xindex>, tensor<3xindex>, tensor<4xindex>, tensor<7xindex>), tensor<7xf64> to tensor<4x5xf64, #DCSR>
  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 8
  // CHECK-NEXT: dim = ( 8, 5 )
  // CHECK-NEXT: lvl = ( 8, 5 )
  // CHECK-NEXT: pos[1] : ( 0, 4, 4, 5, 5, 7, 8, 8, 8 )
  // CHECK-NEXT: crd[1] : ( 0, 1, 3, 4, 2, 2, 4, 1 )
  // CHECK-NEXT: values : ( 1, 2, 3, 4, 5, 2, 3, 4 )
  %vd = call @vstack_from_dcsr(%bd, %ad) : (tensor<4x5xf64, #DCSR>, tensor<4x5xf64, #DCSR>) -> tensor<8x5xf64, #CSR>
  sparse_tensor.print %vd : tensor<8x5xf64, #CSR>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 7
  // CHECK-NEXT: dim = ( 4, 5 )
  // CHECK-NEXT: lvl = ( 4, 5 )
  // CHECK-NEXT: pos[1] : ( 0, 3, 5, 7, 7 )
  // CHECK-NEXT: crd[1] : ( 0, 2, 4, 1, 3, 0, 1 )
  // CHECK-NEXT: values : ( 0, 2, 3, 4, 0, 0, 0 )
  %cc = call @copy_csr(%a32) : (tensor<4x5xf64, #CSR32>) -> tensor<4x5xf64, #CSR>
  sparse_tensor.print %cc : tensor<4x5xf64, #CSR>

  bufferization.dealloc_tensor %cc : tensor<4x5xf64, #CSR>
  bufferization.dealloc_tensor %vd : tensor<8x5xf64, #CSR>
  bufferization.dealloc_tensor %s : tensor<4x5xf64, #CSR>
  bufferization.dealloc_tensor %v : tensor<8x5xf64, #CSR>
  bufferization.dealloc_tensor %h : tensor<4x10xf64, #CSR>
  bufferization.dealloc_tensor %d : tensor<8x5xf64, #DCSR>
  bufferization.dealloc_tensor %c : tensor<4x5xf64, #DCSR>
  return
}
