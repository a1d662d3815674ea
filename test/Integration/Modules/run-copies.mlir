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
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
#id = affine_map<(i, j) -> (i, j)>

// Each part: its values copied where the run puts them, 1,024 at a time,
// each chunk scanned for zeros as it is copied; with none, the rest of one
// run of all its rows (the coordinates copied, each row's end stored); or
// the loop over rows as it is, writing over the copied values, where a row
// of 32 entries or more is scanned and copied as a run, a shorter one entry
// by entry.
// RUNS-LABEL: func.func @vstack
// RUNS: %[[START:.*]] = memref.load %[[POS:arg[0-9]+]][%c0]
// RUNS-NEXT: %[[END:.*]] = memref.load %[[POS]][%c4]
// RUNS-NEXT: %[[FIRST:.*]] = memref.load %{{.*}}[%c1]{{.*}} : memref<2xindex>
// RUNS-NEXT: %[[NONE:.*]] = scf.for %[[CHUNK:.*]] = %[[START]] to %[[END]] step %c1024 iter_args(%{{.*}} = %true) -> (i1) {
// RUNS: scf.for %[[AT:.*]] = %[[CHUNK]] to %{{.*}} step %c1 iter_args(%{{.*}}) -> (i1) {
// RUNS-NEXT: %[[VALUE:.*]] = memref.load %{{.*}}[%[[AT]]] : memref<?xf64>
// RUNS-NEXT: %[[SKIPPED:.*]] = arith.subi %[[AT]], %[[START]]
// RUNS-NEXT: %[[INTO:.*]] = arith.addi %[[FIRST]], %[[SKIPPED]]
// RUNS-NEXT: memref.store %[[VALUE]], %{{.*}}[%[[INTO]]]
// RUNS-NEXT: arith.cmpf une, %[[VALUE]]
// RUNS: %[[ANY:.*]] = arith.cmpi ult, %[[START]], %[[END]]
// RUNS-NEXT: %[[ALL:.*]] = arith.andi %[[ANY]], %[[NONE]]
// RUNS-NEXT: scf.if %[[ALL]] {
// RUNS: scf.for
// RUNS-NOT: memref<?xf64>
// RUNS: scf.for {{.*}} iter_args({{.*}}) -> (index) {
// RUNS: memref.store
// RUNS: } else {
// RUNS: scf.while
// RUNS: %[[LEAST:.*]] = arith.addi %{{.*}}, %c32
// RUNS-NEXT: %[[LONG:.*]] = arith.cmpi ule, %[[LEAST]]
// RUNS-NEXT: %[[ROW:.*]] = scf.if %[[LONG]] -> (i1) {
// RUNS: scf.for {{.*}} iter_args({{.*}}) -> (i1) {
// RUNS: scf.if %[[ROW]] {
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
// RUNS: arith.addi %{{.*}}, %c32
// RUNS: arith.addi %{{.*}}, %c32
// RUNS: iter_args
// RUNS: scf.if %{{[0-9]+}} {
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
// zeros included: no scan, every row of 32 entries or more a run, in the
// counting pass (the rows' count) as in the fill pass; 32-bit coordinates
// widened.
// RUNS-LABEL: func.func @copy
// RUNS: arith.index_castui
// RUNS-NEXT: memref.load
// RUNS-NEXT: arith.index_castui
// RUNS-NEXT: %[[LEAST:.*]] = arith.addi %{{.*}}, %c32
// RUNS-NEXT: %[[LONG:.*]] = arith.cmpi ule, %[[LEAST]]
// RUNS-NEXT: scf.if %[[LONG]] {
// RUNS: } else {
// RUNS: memref.alloc(
// RUNS: arith.index_castui
// RUNS-NEXT: memref.load
// RUNS-NEXT: arith.index_castui
// RUNS-NEXT: %[[LEAST2:.*]] = arith.addi %{{.*}}, %c32
// RUNS-NEXT: %[[LONG2:.*]] = arith.cmpi ule, %[[LEAST2]]
// RUNS-NEXT: scf.if %[[LONG2]] {
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
func.func @vstack_from_dcsr(%a: tensor<4x5xf64, #DCSR>, %b: tensor<4x5xf64, #DCSR>) -> tensor<8x5xf64, #CSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<4x5xf64, #DCSR>, tensor<4x5xf64, #DCSR> to tensor<8x5xf64, #CSR>
  return %c : tensor<8x5xf64, #CSR>
}

// A COO part into a COO result: its values copied while scanned for zeros,
// then its row coordinates (the second part's moved by the first's four
// rows) and column coordinates copied at once, and the root's segment ended
// after them; a part that stores a zero runs entry by entry.
// RUNS-LABEL: func.func @vstack_coo
// RUNS: iter_args({{.*}}) -> (i1)
// RUNS: memref.store %{{.*}} : memref<?xf64>
// RUNS: scf.if
// RUNS: scf.for
// RUNS: scf.for
// RUNS-NOT: memref<?xf64>
// RUNS: memref.store %{{.*}}, %{{.*}}[%c1] : memref<2xindex>
// RUNS-NEXT: } else {
// RUNS: scf.while
// RUNS-NOT: iter_args({{.*}}) -> (i1)
// RUNS: } else {
// RUNS: iter_args({{.*}}) -> (i1)
// RUNS: scf.if
// RUNS: scf.for
// RUNS-NEXT: arith.addi
// RUNS-NEXT: %[[ROW:.*]] = memref.load
// RUNS-NEXT: arith.addi %[[ROW]], %c4
func.func @vstack_coo(%a: tensor<4x5xf64, #COO>, %b: tensor<4x5xf64, #COO>) -> tensor<8x5xf64, #COO> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 0 : index} : tensor<4x5xf64, #COO>, tensor<4x5xf64, #COO> to tensor<8x5xf64, #COO>
  return %c : tensor<8x5xf64, #COO>
}

// A copy statement into COO keeps the zeros: no scan, the entries copied
// wherever there are any.
// RUNS-LABEL: func.func @copy_coo
// RUNS-NOT: -> (i1)
// RUNS: scf.if
// RUNS: scf.for
func.func @copy_coo(%a: tensor<4x5xf64, #COO>) -> tensor<4x5xf64, #COO> {
  %init = tensor.empty() : tensor<4x5xf64, #COO>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x5xf64, #COO>) outs(%init : tensor<4x5xf64, #COO>) {
  ^bb0(%x: f64, %out: f64):
    linalg.yield %x : f64
  } -> tensor<4x5xf64, #COO>
  return %c : tensor<4x5xf64, #COO>
}

// COO parts side by side interleave their rows: entry by entry (a row's run
// of a singleton level is not copied at once; on short rows that measured
// slower than appending its entries).
// RUNS-LABEL: func.func @hstack_coo
// RUNS-NOT: iter_args({{.*}}) -> (i1)
func.func @hstack_coo(%a: tensor<4x5xf64, #COO>, %b: tensor<4x5xf64, #COO>) -> tensor<4x10xf64, #COO> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 1 : index} : tensor<4x5xf64, #COO>, tensor<4x5xf64, #COO> to tensor<4x10xf64, #COO>
  return %c : tensor<4x10xf64, #COO>
}

// A COO's rows into CSR, entry by entry.
// RUNS-LABEL: func.func @coo_to_csr
func.func @coo_to_csr(%a: tensor<4x5xf64, #COO>) -> tensor<4x5xf64, #CSR> {
  %init = tensor.empty() : tensor<4x5xf64, #CSR>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x5xf64, #COO>) outs(%init : tensor<4x5xf64, #CSR>) {
  ^bb0(%x: f64, %out: f64):
    linalg.yield %x : f64
  } -> tensor<4x5xf64, #CSR>
  return %c : tensor<4x5xf64, #CSR>
}

// Rows long enough to copy (32 entries or more) side by side: the row of 40
// copied at once in each part, the row of 36 that holds a zero entry by entry
// (dropping it), the row of 3 entry by entry.
// RUNS-LABEL: func.func @hstack_long
// RUNS: arith.addi %{{.*}}, %c32
// RUNS: iter_args({{.*}}) -> (i1)
// RUNS-LABEL: func.func @main
func.func @hstack_long(%a: tensor<3x40xf64, #CSR>, %b: tensor<3x40xf64, #CSR>) -> tensor<3x80xf64, #CSR> {
  %c = sparse_tensor.concatenate %a, %b {dimension = 1 : index} : tensor<3x40xf64, #CSR>, tensor<3x40xf64, #CSR> to tensor<3x80xf64, #CSR>
  return %c : tensor<3x80xf64, #CSR>
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

  // The entries of a and b as COO: a's with its zeros, b's with none, and
  // an empty part.
  %acoopos = arith.constant dense<[0, 7]> : tensor<2xindex>
  %acoocrd = arith.constant dense<[[0, 0], [0, 2], [0, 4], [1, 1], [1, 3], [2, 0], [2, 1]]> : tensor<7x2xindex>
  %acoo = sparse_tensor.assemble (%acoopos, %acoocrd), %aval : (tensor<2xindex>, tensor<7x2xindex>), tensor<7xf64> to tensor<4x5xf64, #COO>
  %bcoopos = arith.constant dense<[0, 5]> : tensor<2xindex>
  %bcoocrd = arith.constant dense<[[0, 0], [0, 1], [0, 3], [0, 4], [2, 2]]> : tensor<5x2xindex>
  %bcoo = sparse_tensor.assemble (%bcoopos, %bcoocrd), %bval : (tensor<2xindex>, tensor<5x2xindex>), tensor<5xf64> to tensor<4x5xf64, #COO>
  %ecoopos = arith.constant dense<[0, 0]> : tensor<2xindex>
  %ecoocrd = arith.constant dense<0> : tensor<0x2xindex>
  %ecooval = arith.constant dense<0.0> : tensor<0xf64>
  %ecoo = sparse_tensor.assemble (%ecoopos, %ecoocrd), %ecooval : (tensor<2xindex>, tensor<0x2xindex>), tensor<0xf64> to tensor<4x5xf64, #COO>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 8
  // CHECK-NEXT: dim = ( 8, 5 )
  // CHECK-NEXT: lvl = ( 8, 5 )
  // CHECK-NEXT: pos[0] : ( 0, 8 )
  // CHECK-NEXT: crd[0] : ( 0, 2, 0, 4, 1, 1, 4, 0, 4, 1, 4, 3, 4, 4, 6, 2 )
  // CHECK-NEXT: values : ( 2, 3, 4, 1, 2, 3, 4, 5 )
  %vab = call @vstack_coo(%acoo, %bcoo) : (tensor<4x5xf64, #COO>, tensor<4x5xf64, #COO>) -> tensor<8x5xf64, #COO>
  sparse_tensor.print %vab : tensor<8x5xf64, #COO>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 8
  // CHECK-NEXT: dim = ( 8, 5 )
  // CHECK-NEXT: lvl = ( 8, 5 )
  // CHECK-NEXT: pos[0] : ( 0, 8 )
  // CHECK-NEXT: crd[0] : ( 0, 0, 0, 1, 0, 3, 0, 4, 2, 2, 4, 2, 4, 4, 5, 1 )
  // CHECK-NEXT: values : ( 1, 2, 3, 4, 5, 2, 3, 4 )
  %vba = call @vstack_coo(%bcoo, %acoo) : (tensor<4x5xf64, #COO>, tensor<4x5xf64, #COO>) -> tensor<8x5xf64, #COO>
  sparse_tensor.print %vba : tensor<8x5xf64, #COO>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 10
  // CHECK-NEXT: dim = ( 8, 5 )
  // CHECK-NEXT: lvl = ( 8, 5 )
  // CHECK-NEXT: pos[0] : ( 0, 10 )
  // CHECK-NEXT: crd[0] : ( 0, 0, 0, 1, 0, 3, 0, 4, 2, 2, 4, 0, 4, 1, 4, 3, 4, 4, 6, 2 )
  // CHECK-NEXT: values : ( 1, 2, 3, 4, 5, 1, 2, 3, 4, 5 )
  %vbb = call @vstack_coo(%bcoo, %bcoo) : (tensor<4x5xf64, #COO>, tensor<4x5xf64, #COO>) -> tensor<8x5xf64, #COO>
  sparse_tensor.print %vbb : tensor<8x5xf64, #COO>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 5
  // CHECK-NEXT: dim = ( 8, 5 )
  // CHECK-NEXT: lvl = ( 8, 5 )
  // CHECK-NEXT: pos[0] : ( 0, 5 )
  // CHECK-NEXT: crd[0] : ( 4, 0, 4, 1, 4, 3, 4, 4, 6, 2 )
  // CHECK-NEXT: values : ( 1, 2, 3, 4, 5 )
  %veb = call @vstack_coo(%ecoo, %bcoo) : (tensor<4x5xf64, #COO>, tensor<4x5xf64, #COO>) -> tensor<8x5xf64, #COO>
  sparse_tensor.print %veb : tensor<8x5xf64, #COO>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 7
  // CHECK-NEXT: dim = ( 4, 5 )
  // CHECK-NEXT: lvl = ( 4, 5 )
  // CHECK-NEXT: pos[0] : ( 0, 7 )
  // CHECK-NEXT: crd[0] : ( 0, 0, 0, 2, 0, 4, 1, 1, 1, 3, 2, 0, 2, 1 )
  // CHECK-NEXT: values : ( 0, 2, 3, 4, 0, 0, 0 )
  %ca = call @copy_coo(%acoo) : (tensor<4x5xf64, #COO>) -> tensor<4x5xf64, #COO>
  sparse_tensor.print %ca : tensor<4x5xf64, #COO>


  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 8
  // CHECK-NEXT: dim = ( 4, 10 )
  // CHECK-NEXT: lvl = ( 4, 10 )
  // CHECK-NEXT: pos[0] : ( 0, 8 )
  // CHECK-NEXT: crd[0] : ( 0, 2, 0, 4, 0, 5, 0, 6, 0, 8, 0, 9, 1, 1, 2, 7 )
  // CHECK-NEXT: values : ( 2, 3, 1, 2, 3, 4, 4, 5 )
  %hab = call @hstack_coo(%acoo, %bcoo) : (tensor<4x5xf64, #COO>, tensor<4x5xf64, #COO>) -> tensor<4x10xf64, #COO>
  sparse_tensor.print %hab : tensor<4x10xf64, #COO>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 10
  // CHECK-NEXT: dim = ( 4, 10 )
  // CHECK-NEXT: lvl = ( 4, 10 )
  // CHECK-NEXT: pos[0] : ( 0, 10 )
  // CHECK-NEXT: crd[0] : ( 0, 0, 0, 1, 0, 3, 0, 4, 0, 5, 0, 6, 0, 8, 0, 9, 2, 2, 2, 7 )
  // CHECK-NEXT: values : ( 1, 2, 3, 4, 1, 2, 3, 4, 5, 5 )
  %hbb = call @hstack_coo(%bcoo, %bcoo) : (tensor<4x5xf64, #COO>, tensor<4x5xf64, #COO>) -> tensor<4x10xf64, #COO>
  sparse_tensor.print %hbb : tensor<4x10xf64, #COO>

  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 7
  // CHECK-NEXT: dim = ( 4, 5 )
  // CHECK-NEXT: lvl = ( 4, 5 )
  // CHECK-NEXT: pos[1] : ( 0, 3, 5, 7, 7 )
  // CHECK-NEXT: crd[1] : ( 0, 2, 4, 1, 3, 0, 1 )
  // CHECK-NEXT: values : ( 0, 2, 3, 4, 0, 0, 0 )
  %ra = call @coo_to_csr(%acoo) : (tensor<4x5xf64, #COO>) -> tensor<4x5xf64, #CSR>
  sparse_tensor.print %ra : tensor<4x5xf64, #CSR>


  // Rows of 40 entries, of 36 holding a zero, of 3.
  %lpos = arith.constant dense<[0, 40, 76, 79]> : tensor<4xindex>
  %lcrd = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 0, 5, 9]> : tensor<79xindex>
  %lval = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 0.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 7.0, 8.0, 9.0]> : tensor<79xf64>
  %l = sparse_tensor.assemble (%lpos, %lcrd), %lval : (tensor<4xindex>, tensor<79xindex>), tensor<79xf64> to tensor<3x40xf64, #CSR>
  // CHECK:      ---- Sparse Tensor ----
  // CHECK-NEXT: nse = 156
  // CHECK-NEXT: dim = ( 3, 80 )
  // CHECK-NEXT: lvl = ( 3, 80 )
  // CHECK-NEXT: pos[1] : ( 0, 80, 150, 156 )
  // CHECK-NEXT: crd[1] : ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 0, 5, 9, 40, 45, 49 )
  // CHECK-NEXT: values : ( 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 7, 8, 9, 7, 8, 9 )
  %hl = call @hstack_long(%l, %l) : (tensor<3x40xf64, #CSR>, tensor<3x40xf64, #CSR>) -> tensor<3x80xf64, #CSR>
  sparse_tensor.print %hl : tensor<3x80xf64, #CSR>

  bufferization.dealloc_tensor %vab : tensor<8x5xf64, #COO>
  bufferization.dealloc_tensor %vba : tensor<8x5xf64, #COO>
  bufferization.dealloc_tensor %vbb : tensor<8x5xf64, #COO>
  bufferization.dealloc_tensor %veb : tensor<8x5xf64, #COO>
  bufferization.dealloc_tensor %ca : tensor<4x5xf64, #COO>
  bufferization.dealloc_tensor %hab : tensor<4x10xf64, #COO>
  bufferization.dealloc_tensor %hbb : tensor<4x10xf64, #COO>
  bufferization.dealloc_tensor %ra : tensor<4x5xf64, #CSR>
  bufferization.dealloc_tensor %hl : tensor<3x80xf64, #CSR>
  return
}
