// The annihilator early exit (paper 000 §7.2): a loop that reduces into one
// component by a function with an annihilator ends once the component is
// it. Test 20: OR over b = {3: 1, 7: 1} of 10 is 1; over an empty vector, 0;
// and row by row, where each row's loop ends at its first 1.
// RUN: %python %S/Inputs/fills/vector.py 10 3:1,7:1 %t.b.mtx
// RUN: %python %S/Inputs/fills/vector.py 10 "" %t.empty.mtx
// RUN: %python %S/Inputs/fills/matrix.py 3 5 0:1:1,0:3:1,0:4:0.5,2:2:0.25,2:4:1 %t.A.mtx
// RUN: sparse-run %S/Inputs/fills/any.mlir --entry any %t.b.mtx | FileCheck %s --check-prefix=ANY
// RUN: sparse-run %S/Inputs/fills/any.mlir --entry any %t.empty.mtx | FileCheck %s --check-prefix=NONE
// RUN: sparse-run %S/Inputs/fills/any.mlir --entry row_any %t.A.mtx -o %t.rows.mtx
// RUN: FileCheck %s --check-prefix=ROWS < %t.rows.mtx
// ANY: 1
// NONE: 0
// ROWS:      3 1
// ROWS-NEXT: 1
// ROWS-NEXT: 0
// ROWS-NEXT: 1
// The loop's condition reads the component and compares it with 1.
// RUN: sparse-opt %S/Inputs/fills/any.mlir --arr-concretize --sig-lower-lattices --cfir-to-scf | FileCheck %s --check-prefix=EXIT
// EXIT-LABEL: func.func @any(
// EXIT:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// EXIT:         scf.while
// EXIT-NEXT:      %[[VALID:.*]] = arith.cmpi ult
// EXIT-NEXT:      %[[NOW:.*]] = memref.load %alloc
// EXIT-NEXT:      %[[OPEN:.*]] = arith.cmpf une, %[[NOW]], %[[ONE]] : f64
// EXIT-NEXT:      %[[GO:.*]] = arith.andi %[[VALID]], %[[OPEN]] : i1
// EXIT-NEXT:      scf.condition(%[[GO]])
