// sparse-run stores every entry a sparse file lists, even one whose value is
// the fill, as MLIR's sparse_tensor.new and SciPy's readers do: a kernel that
// tells stored entries from absent ones (here, upstream's sparse_tensor.unary
// with a present region, counting) gives upstream's answer on the same file.
// zeros.mtx and zeros.tns list two explicit zeros (one written -0) and one
// entry twice, its two values adding up to 0: four stored entries. Before,
// the reader dropped the entries equal to the fill and counted 1.
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils
// RUN: mlir-opt %S/Inputs/explicit-zeros/upstream-count.mlir --sparsifier="enable-runtime-library=true" > %t.upstream.mlir
// RUN: env TENSOR0=%S/Inputs/explicit-zeros/zeros.mtx %{run} %t.upstream.mlir | FileCheck %s --check-prefix=FOUR
// RUN: env TENSOR0=%S/Inputs/explicit-zeros/zeros.tns %{run} %t.upstream.mlir | FileCheck %s --check-prefix=FOUR
// RUN: sparse-run %S/Inputs/explicit-zeros/count.mlir %S/Inputs/explicit-zeros/zeros.mtx | FileCheck %s --check-prefix=FOUR
// RUN: sparse-run %S/Inputs/explicit-zeros/count.mlir %S/Inputs/explicit-zeros/zeros.tns | FileCheck %s --check-prefix=FOUR
// FOUR: {{^}}4{{$}}
//
// Written back, the stored zeros are listed in every sparse file, and read
// again they are entries: .mtx, .tns and SciPy's .npz.
// RUN: sparse-run %S/Inputs/explicit-zeros/copy.mlir %S/Inputs/explicit-zeros/zeros.mtx -o %t.copy.mtx
// RUN: FileCheck %s --check-prefix=MTX < %t.copy.mtx
// MTX:      3 4 4
// MTX-NEXT: 1 1 2
// MTX-NEXT: 1 4 0
// MTX-NEXT: 2 2 0
// MTX-NEXT: 3 1 -0
// RUN: sparse-run %S/Inputs/explicit-zeros/count.mlir %t.copy.mtx | FileCheck %s --check-prefix=FOUR
// The FROSTT reader keeps the sign of -0 too (it read it as the integer 0).
// RUN: sparse-run %S/Inputs/explicit-zeros/copy.mlir %S/Inputs/explicit-zeros/zeros.tns -o %t.from-tns.mtx
// RUN: FileCheck %s --check-prefix=MTX < %t.from-tns.mtx
// RUN: sparse-run %S/Inputs/explicit-zeros/copy.mlir %S/Inputs/explicit-zeros/zeros.mtx -o %t.copy.tns
// RUN: sparse-run %S/Inputs/explicit-zeros/count.mlir %t.copy.tns | FileCheck %s --check-prefix=FOUR
// RUN: sparse-run %S/Inputs/explicit-zeros/copy.mlir %S/Inputs/explicit-zeros/zeros.mtx -o %t.copy.npz
// RUN: sparse-run %S/Inputs/explicit-zeros/count.mlir %t.copy.npz | FileCheck %s --check-prefix=FOUR
//
// A dense array lists every component: only those that are not the fill are
// entries, from an array-layout .mtx, a .npy and a dense result written as
// .npz alike (array.mtx has 12 components, 2 of them not zero).
// RUN: sparse-run %S/Inputs/explicit-zeros/count.mlir %S/Inputs/explicit-zeros/array.mtx | FileCheck %s --check-prefix=TWO
// RUN: sparse-run %S/Inputs/explicit-zeros/dense.mlir %S/Inputs/explicit-zeros/array.mtx -o %t.dense.npy
// RUN: sparse-run %S/Inputs/explicit-zeros/count.mlir %t.dense.npy | FileCheck %s --check-prefix=TWO
// RUN: sparse-run %S/Inputs/explicit-zeros/dense.mlir %S/Inputs/explicit-zeros/array.mtx -o %t.dense.npz
// RUN: sparse-run %S/Inputs/explicit-zeros/count.mlir %t.dense.npz | FileCheck %s --check-prefix=TWO
// TWO: {{^}}2{{$}}
