// sparse-run over every element type the runtime has a layout for: inputs
// are read into the parameter's type (integers exactly, floats rounded to
// nearest even), scalars parsed in it, and results written in its field.
// Inputs/element-types/scale.mlir is c(i) = a(i) · s with the type left open.
// RUN: sed -e 's/ELT/i8/g' -e 's/ZERO/0/g' -e 's/MUL/arith.muli/g' %S/Inputs/element-types/scale.mlir > %t.i8.mlir
// RUN: sed -e 's/ELT/i16/g' -e 's/ZERO/0/g' -e 's/MUL/arith.muli/g' %S/Inputs/element-types/scale.mlir > %t.i16.mlir
// RUN: sed -e 's/ELT/index/g' -e 's/ZERO/0/g' -e 's/MUL/arith.muli/g' %S/Inputs/element-types/scale.mlir > %t.index.mlir
// RUN: sed -e 's/ELT/i1/g' -e 's/ZERO/0/g' -e 's/MUL/arith.andi/g' %S/Inputs/element-types/scale.mlir > %t.i1.mlir
// RUN: sed -e 's/ELT/f16/g' -e 's/ZERO/0.0/g' -e 's/MUL/arith.mulf/g' %S/Inputs/element-types/scale.mlir > %t.f16.mlir
// RUN: sed -e 's/ELT/bf16/g' -e 's/ZERO/0.0/g' -e 's/MUL/arith.mulf/g' %S/Inputs/element-types/scale.mlir > %t.bf16.mlir
// RUN: sed -e 's/ELT/f32/g' -e 's/ZERO/0.0/g' -e 's/MUL/arith.mulf/g' %S/Inputs/element-types/scale.mlir > %t.f32.mlir

// i8: a negative scalar, an integer result; 100 · 2 wraps as arith.muli does.
// RUN: sparse-run %t.i8.mlir %S/Inputs/element-types/small.mtx -1 -o %t.i8.mtx
// RUN: FileCheck %s --check-prefix=I8 < %t.i8.mtx
// I8: %%MatrixMarket matrix coordinate integer general
// I8-NEXT: 5 1 3
// I8-NEXT: 1 1 -3
// I8-NEXT: 3 1 2
// I8-NEXT: 5 1 -100
// RUN: sparse-run %t.i8.mlir %S/Inputs/element-types/small.mtx 2 -o %t.i8.tns
// RUN: FileCheck %s --check-prefix=WRAP < %t.i8.tns
// WRAP: 5 -56

// index: values past 2^53 go through exactly.
// RUN: sparse-run %t.index.mlir %S/Inputs/element-types/big.tns 1 -o %t.index.tns --time 2> %t.time
// RUN: FileCheck %s --check-prefix=INDEX < %t.index.tns
// RUN: FileCheck %s --check-prefix=TIME < %t.time
// INDEX: 1 9007199254740993
// INDEX-NEXT: 4 1152921504606846976
// TIME: kernel_time_s: {{[0-9.]+}}

// i1: a pattern file is all ones; scalars are 0, 1, true or false.
// RUN: sparse-run %t.i1.mlir %S/Inputs/element-types/pattern.mtx true -o %t.i1.mtx
// RUN: FileCheck %s --check-prefix=I1 < %t.i1.mtx
// I1: %%MatrixMarket matrix coordinate integer general
// I1-NEXT: 4 1 2
// I1-NEXT: 1 1 1
// I1-NEXT: 4 1 1
// RUN: sparse-run %t.i1.mlir %S/Inputs/element-types/pattern.mtx false -o %t.i1.tns
// RUN: FileCheck %s --check-prefix=FALSE < %t.i1.tns
// FALSE: 1 0

// f16 and bf16: 0.1 is read rounded to each type and printed so that it
// reads back to the same value.
// RUN: sparse-run %t.f16.mlir %S/Inputs/element-types/half.mtx 3 -o %t.f16.mtx
// RUN: FileCheck %s --check-prefix=F16 < %t.f16.mtx
// F16: %%MatrixMarket matrix coordinate real general
// F16: 1 1 0.2998046875
// F16-NEXT: 2 1 4.5
// RUN: sparse-run %t.bf16.mlir %S/Inputs/element-types/half.mtx 1 -o %t.bf16.tns
// RUN: FileCheck %s --check-prefix=BF16 < %t.bf16.tns
// BF16: 1 0.10009765625
// BF16-NEXT: 2 1.5

// Values the type cannot hold are errors naming the file and line, or the input.
// RUN: not sparse-run %t.i16.mlir %S/Inputs/element-types/fraction.mtx 2 -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=FRACTION
// FRACTION: sparse-run: error: {{.*}}fraction.mtx:4: 2.5 is not an integer, which i16 needs
// RUN: not sparse-run %t.i1.mlir %S/Inputs/element-types/small.mtx 1 -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: sparse-run: error: {{.*}}small.mtx:4: 3 is outside the range 0..=1 of i1
// RUN: not sparse-run %t.f32.mlir %S/Inputs/element-types/complex.mtx 2 -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=COMPLEX
// COMPLEX: sparse-run: error: {{.*}}complex.mtx:1: a complex matrix cannot be read into a tensor of f32
// RUN: not sparse-run %t.i1.mlir %S/Inputs/element-types/pattern.mtx yes -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: sparse-run: error: input 2: "yes" is not a value of type i1 (0, 1, true or false)
// RUN: not sparse-run %t.i8.mlir %S/Inputs/element-types/small.mtx 300 -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: sparse-run: error: input 2: 300 is outside the range -128..=127 of i8
// RUN: not sparse-run %S/Inputs/element-types/unsupported.mlir %S/Inputs/element-types/small.mtx -o %t.out.mtx 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: unsupported.mlir:2:1: error: parameter 1 has element type i4, which the runtime does not support (f64, f32, f16, bf16, i64, i32, i16, i8, i1, index, complex<f64>, complex<f32>)

// Complex functions at a sparse vector's absent 0 + 0i take the value they
// take at a stored 0 + 0i (component 3): the angle is atan2(0, 0) = 0, not the
// NaN MLIR's folder makes of atan2 of constants (fold-atan2), and so is the
// imaginary part of the logarithm; log1p(x − 1) is MLIR's lowering's value
// at 0 + 0i in both.
// RUN: sparse-run %S/Inputs/element-types/complex_angle.mlir %S/Inputs/element-types/complex.tns -o %t.angle.tns
// RUN: FileCheck %s --check-prefix=ANGLE < %t.angle.tns
// ANGLE:      1 0
// ANGLE-NEXT: 2 1.1071487177940904
// ANGLE-NEXT: 3 0
// ANGLE-NEXT: 4 0
// RUN: sparse-run %S/Inputs/element-types/complex_log.mlir %S/Inputs/element-types/complex.tns -o %t.log.tns
// RUN: FileCheck %s --check-prefix=LOG < %t.log.tns
// LOG:      1 -inf 0
// LOG-NEXT: 2 0.8047189562170503 1.1071487177940904
// LOG-NEXT: 3 -inf 0
// LOG-NEXT: 4 -inf 0
// RUN: sparse-run %S/Inputs/element-types/complex_log1p.mlir %S/Inputs/element-types/complex.tns -o %t.log1p.tns
// RUN: FileCheck %s --check-prefix=LOG1P < %t.log1p.tns
// LOG1P:      1 [[RE:[^ ]+]] [[IM:[^ ]+]]{{$}}
// LOG1P-NEXT: 2 0.8047189562170501 1.1071487177940904
// LOG1P-NEXT: 3 [[RE]] [[IM]]{{$}}
// LOG1P-NEXT: 4 [[RE]] [[IM]]{{$}}

// Sums of 16-bit floats keep their order (no reassociation): 4096 ones sum to
// 2048 in f16 (2048 + 1 rounds to 2048) and to 256 in bf16, as a sequential
// sum gives.
// RUN: %python -c "[print(i, 1) for i in range(1, 4097)]" > %t.ones.tns
// RUN: sed -e 's/ELT/f16/g' %S/Inputs/element-types/sum.mlir > %t.sum.f16.mlir
// RUN: sed -e 's/ELT/bf16/g' %S/Inputs/element-types/sum.mlir > %t.sum.bf16.mlir
// RUN: sparse-run %t.sum.f16.mlir %t.ones.tns 0 | FileCheck %s --check-prefix=SUM_F16
// RUN: sparse-run %t.sum.bf16.mlir %t.ones.tns 0 | FileCheck %s --check-prefix=SUM_BF16
// SUM_F16: {{^}}2048{{$}}
// SUM_BF16: {{^}}256{{$}}

// A case value of complex constants with an infinite part is computed, not
// folded (the fold's attribute would not parse).
// RUN: sparse-opt %S/Inputs/element-types/complex_infinite_fold.mlir --sparse-compiler > /dev/null
// RUN: sparse-run %S/Inputs/element-types/complex_infinite_fold.mlir %S/Inputs/element-types/complex_one.tns -o %t.infinite.tns
// RUN: FileCheck %s --check-prefix=INFINITE < %t.infinite.tns
// INFINITE:      1 inf 0
// INFINITE-NEXT: 2 10 20
// INFINITE-NEXT: 3 inf 0
