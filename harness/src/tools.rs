//! The programs a harness runs: our `sparse-opt` and `sparse-run`, and
//! upstream's `mlir-opt --sparsifier` and `mlir-runner`; and what their
//! answers mean: whether an error is located in a given input file, and the
//! standard output of an upstream program run to its end.

use crate::process::{run, Exit, Outcome};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Where the tools are.
#[derive(Clone)]
pub struct Tools {
    pub sparse_opt: PathBuf,
    pub sparse_run: PathBuf,
    /// The LLVM install: `bin/mlir-opt`, `bin/mlir-runner`, `lib/libmlir_*runner_utils.so`.
    pub llvm: PathBuf,
}

impl Tools {
    /// `sparse-opt` and `sparse-run` in `tools`, and the LLVM install `llvm`.
    pub fn new(tools: &Path, llvm: &Path) -> Self {
        Tools { sparse_opt: tools.join("sparse-opt"), sparse_run: tools.join("sparse-run"), llvm: llvm.to_path_buf() }
    }

    /// Compiles `program` with `mlir-opt --sparsifier` (into `lowered`) and
    /// runs its function `entry` with `mlir-runner` and the runner
    /// utilities: what it printed, or why it did not run to its end.
    pub fn run_upstream(&self, program: &Path, lowered: &Path, entry: &str, limit: Duration) -> Result<String, String> {
        let mut compile = Command::new(self.llvm.join("bin/mlir-opt"));
        compile.arg(program).arg("--sparsifier").arg("-o").arg(lowered);
        let compiled = run(&mut compile, limit).map_err(|error| error.to_string())?;
        if compiled.exit != Exit::Code(0) {
            return Err(format!("mlir-opt: {}", compiled.stderr_head()));
        }
        let libraries =
            ["libmlir_c_runner_utils.so", "libmlir_runner_utils.so"].map(|name| self.llvm.join("lib").join(name).display().to_string());
        let mut execute = Command::new(self.llvm.join("bin/mlir-runner"));
        execute.arg(lowered).args(["-e", entry, "-entry-point-result=void"]).arg(format!("-shared-libs={}", libraries.join(",")));
        let ran = run(&mut execute, limit).map_err(|error| error.to_string())?;
        if ran.exit != Exit::Code(0) {
            return Err(format!("mlir-runner: {}", ran.stderr_head()));
        }
        Ok(ran.stdout)
    }
}

/// Whether the error output has an `error:` located in `file`
/// (`…file:LINE:COLUMN: error: message`).
pub fn located_error(outcome: &Outcome, file: &str) -> bool {
    outcome.stderr.lines().any(|line| {
        let Some(at) = line.find(file) else { return false };
        let rest = &line[at + file.len()..];
        let mut parts = rest.splitn(4, ':');
        let (Some(""), Some(row), Some(column), Some(message)) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
            return false;
        };
        row.parse::<usize>().is_ok()
            && column.parse::<usize>().is_ok()
            && message.trim_start().starts_with("error:")
            && message.len() > " error: ".len()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(stderr: &str) -> Outcome {
        Outcome { exit: Exit::Code(1), stdout: String::new(), stderr: stderr.into() }
    }

    #[test]
    fn only_errors_located_in_the_kernel_count() {
        assert!(located_error(&outcome("sparse-run: error: /w/kernel.mlir:3:8: error: a sparse output must be dense"), "kernel.mlir"));
        assert!(!located_error(&outcome("sparse-run: error: the kernel returned no tensor"), "kernel.mlir"));
        assert!(!located_error(&outcome("/w/kernel.mlir:3:8: error: "), "kernel.mlir"));
        assert!(!located_error(&outcome("/w/input0.mtx:3: bad value"), "kernel.mlir"));
    }
}
