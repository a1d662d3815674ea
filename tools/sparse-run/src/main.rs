//! `sparse-run`: compiles a kernel with the JIT and runs it on data files.
//!
//! Running needs kernels lowered to the LLVM dialect, which the end-to-end
//! pipeline provides; until then the tool says so and fails.

use std::process::ExitCode;

fn main() -> ExitCode {
    eprintln!("sparse-run: error: running kernels needs the lowering to LLVM, which this build does not have yet");
    ExitCode::FAILURE
}
