// PyTorch models as torch-mlir's FX importer exports them for MLIR's
// sparsifier (`torch_mlir.fx.export_and_import(model, *args,
// output_type="linalg-on-tensors")`), compiled unchanged and run with
// sparse-run on the inputs the export wrote, against PyTorch's eager answers
// (Inputs/torch/export.py makes all three; the test needs neither torch nor
// torch-mlir). Inputs have an empty row and a full one. The modules hold
// what torch-mlir writes: sparse results written dense and tensor.cast to
// their sparse type, linalg.fill, named linalg ops (matmul, transpose, bmm),
// dense_resource weights, posWidth/crdWidth = 64, f32, a batched COO
// tensor, and log_softmax's multi-output linalg.generic (a row's maximum
// and its position, of which only the maximum is used: one generic per used
// output) with keepdim outputs (d0, 0).
// RUN: %python %S/check_torch.py %S/Inputs/torch %t spmm_csr spmm_csc add_csr mul_csr relu_csr neg_csr tanh_csr sddmm spgemm bmm_coo sum_spmm gcn1 gcn2 pruned_linear add_coo relu_coo spmm_coo | FileCheck %s
// CHECK: spmm_csr: matches PyTorch
// CHECK: spmm_csc: matches PyTorch
// CHECK: add_csr: matches PyTorch
// CHECK: mul_csr: matches PyTorch
// CHECK: relu_csr: matches PyTorch
// CHECK: neg_csr: matches PyTorch
// CHECK: tanh_csr: matches PyTorch
// CHECK: sddmm: matches PyTorch
// CHECK: spgemm: matches PyTorch
// CHECK: bmm_coo: matches PyTorch
// CHECK: sum_spmm: matches PyTorch
// CHECK: gcn1: matches PyTorch
// CHECK: gcn2: matches PyTorch
// CHECK: pruned_linear: matches PyTorch
// CHECK: add_coo: matches PyTorch
// CHECK: relu_coo: matches PyTorch
// CHECK: spmm_coo: matches PyTorch

// The multi-output generic split: only the row maximum is computed (its
// position is not used), and the keepdim sum's output (d0, 0) into 6x1 gets
// a loop of its own.
// RUN: sparse-opt %S/Inputs/torch/gcn1.mlir --raise-linalg | FileCheck %s --check-prefix=RAISED --implicit-check-not=linalg.generic
// RAISED-DAG:  #[[SUMMED:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// RAISED-DAG:  #[[KEPT:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// RAISED:      %[[MAX:.*]] = "arr.compute"(%{{.*}}) ({
// RAISED-NEXT:   "arr.access"(%{{.*}}) {indexing_map = #map{{[0-9]*}}} : (tensor<6x4xf32>) -> f32
// RAISED-NEXT:   vector.yield
// RAISED-NEXT: }) {{{.*}}reductions = [@__sparse_maximumf_f32]} : (tensor<6xf32>) -> tensor<6xf32>
// RAISED:        "arr.access"(%{{.*}}) {indexing_map = #[[SUMMED]]} : (tensor<6x4xf32>) -> f32
// RAISED-NEXT:   vector.yield
// RAISED-NEXT: }) {arr.accumulate, indexing_map = #[[KEPT]], reductions = [@__sparse_addf_f32]} : () -> tensor<6x1xf32>
