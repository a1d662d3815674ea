//===- host.cpp - A C++ compiler embedding the sparse compiler -------------===//
//
// A host compiler in C++ with its own MLIR (find_package(MLIR)) and the
// sparse compiler from its installed package (find_package(SparseCompiler)):
// the host makes its MLIRContext, registers in its own DialectRegistry the
// upstream dialects its kernel uses, parses the kernel (upstream linalg on
// #sparse_tensor.encoding tensors), and builds one PassManager holding an
// upstream pass it adds in C++ (canonicalize) followed by the pipeline given
// as text, added through the C API (by default
// builtin.module(sparse-compiler)). One copy of MLIR serves both: the
// sparse passes read the sparse_tensor attributes the host's dialect
// registration created. Prints the lowered module; on an error, what the
// callback received, and exits 1.
//
//   embedding-host-cpp KERNEL.mlir [PIPELINE]
//
//===----------------------------------------------------------------------===//

#include "sparse-compiler-c/SparseCompiler.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensor.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace {
void appendTo(MlirStringRef text, void *errors) {
  static_cast<std::string *>(errors)->append(text.data, text.length);
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: " << argv[0] << " KERNEL.mlir [PIPELINE]\n";
    return 2;
  }
  std::string pipeline = argc == 3 ? argv[2] : "builtin.module(sparse-compiler)";

  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::linalg::LinalgDialect,
                  mlir::sparse_tensor::SparseTensorDialect, mlir::tensor::TensorDialect>();
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  std::string errors;
  for (int round = 0; round < 2; ++round) {
    if (mlirLogicalResultIsFailure(sparseCompilerRegisterDialects(wrap(&context), appendTo, &errors))) {
      llvm::errs() << errors << "\nerror: the sparse dialects could not be registered\n";
      return 1;
    }
  }

  mlir::PassManager manager(&context);
  manager.addPass(mlir::createCanonicalizerPass());
  mlir::OpPassManager &top = manager;
  if (mlirLogicalResultIsFailure(sparseCompilerParsePassPipeline(
          wrap(&top), mlirStringRefCreate(pipeline.data(), pipeline.size()), appendTo, &errors))) {
    llvm::errs() << errors << "\nerror: the pipeline was refused\n";
    return 1;
  }
  if (mlir::failed(manager.run(*module))) {
    llvm::errs() << "error: the pipeline failed\n";
    return 1;
  }
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
