// A user function of explicit iteration space {p ≠ 0} ∩ {m ≠ 0} under a max
// reduction (Inputs/masked-max/kernels.mlir), against results computed by
// hand from the inputs: a COO mask of fill 5 (compiled: the loops below a row
// A does not store drop B's levels, which were read there without their
// parent), and masks of fill 0 whose zeros, a dense mask's or a COO mask's
// explicit one at (1, 2), are outside the space (the call gives 0 there, not
// 2 · 1.5 · 2 = 6).
// RUN: sparse-run %S/Inputs/masked-max/kernels.mlir --entry mask_fill_five %S/Inputs/masked-max/A.mtx %S/Inputs/masked-max/B.mtx %S/Inputs/masked-max/M.mtx -o %t.five.mtx
// RUN: %python %S/same_values.py %t.five.mtx %S/Inputs/masked-max/expected_mask_fill_five.mtx
// RUN: sparse-run %S/Inputs/masked-max/kernels.mlir --entry dense_mask %S/Inputs/masked-max/A.mtx %S/Inputs/masked-max/B.mtx %S/Inputs/masked-max/M.mtx -o %t.dense.mtx
// RUN: %python %S/same_values.py %t.dense.mtx %S/Inputs/masked-max/expected_dense_mask.mtx
// RUN: sparse-run %S/Inputs/masked-max/kernels.mlir --entry explicit_zero_mask %S/Inputs/masked-max/A.mtx %S/Inputs/masked-max/B.mtx %S/Inputs/masked-max/M.mtx -o %t.explicit.mtx
// RUN: %python %S/same_values.py %t.explicit.mtx %S/Inputs/masked-max/expected_explicit_zero_mask.mtx
// A call of such a space that makes complex values compiles and runs (the
// guard, which compares real values, is left out): create(2, 3) at 2 only.
// RUN: sparse-run %S/Inputs/masked-max/complex_result.mlir %S/Inputs/masked-max/a_vector.mtx %S/Inputs/masked-max/m_vector.mtx -o %t.complex.mtx
// RUN: FileCheck %s --check-prefix=COMPLEX < %t.complex.mtx
// COMPLEX:      4 1 1
// COMPLEX-NEXT: 2 1 2 3
