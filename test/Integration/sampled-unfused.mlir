// Two statements where the second reads the first's dense result, and the
// intermediate is deallocated (this crashed raise-linalg and cfir-to-scf).
// Upstream's data: S has 1 at (0,0) and 2 at (7,7), A is all 3, B all 4,
// so the result is 96 at (0,0) and 192 at (7,7).
// RUN: sparse-opt %S/Inputs/sampled_unfused.mlir --sparse-compiler | FileCheck %s --check-prefix=LOWERED
// LOWERED: llvm.func @sampled_dd_unfused
// RUN: %python -c "print('%%%%MatrixMarket matrix coordinate real general\n8 8 2\n1 1 1.0\n8 8 2.0')" > %t.s.mtx
// RUN: %python -c "print('%%%%MatrixMarket matrix array real general\n8 8\n' + '3.0\n' * 64)" > %t.a.mtx
// RUN: %python -c "print('%%%%MatrixMarket matrix array real general\n8 8\n' + '4.0\n' * 64)" > %t.b.mtx
// RUN: sparse-run %S/Inputs/sampled_unfused.mlir %t.s.mtx %t.a.mtx %t.b.mtx -o %t.out.mtx
// RUN: %python -c "import sys; v = [float(l) for l in open(sys.argv[1]).read().split('\n')[2:] if l]; print([(i, x) for i, x in enumerate(v) if x])" %t.out.mtx | FileCheck %s
// CHECK: [(0, 96.0), (63, 192.0)]
