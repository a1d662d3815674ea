// A read whose value a case's simplified body drops is not emitted: the
// kernel found by sparse-fuzz (kernels, seed 20261204, case 74) multiplies a
// dense matrix read transposed (copied into its loops' order first) by a
// tensor with hash levels, so the region where that tensor is absent keeps a
// read of the dense copy whose level no loop of the region binds. It was
// refused ('a read outside the loops of its tensor'); its result is the
// dense reference's.
// RUN: sparse-run --check-bounds %S/Inputs/dead-reads/kernel.mlir %S/Inputs/dead-reads/input0.mtx %S/Inputs/dead-reads/input1.tns %S/Inputs/dead-reads/input2.tns -o %t.tns
// RUN: diff %t.tns %S/Inputs/dead-reads/expected.tns
