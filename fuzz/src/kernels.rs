//! The differential targets: random kernels (see [`generate`](crate::generate))
//! on random data, run by `sparse-run` and checked against the dense
//! reference; and, for `upstream`, also compiled by `mlir-opt --sparsifier`
//! and run by `mlir-runner` on the same data, three answers compared.
//!
//! Our answer must equal the reference exactly (every value is exact), or
//! the kernel must be refused with a located error. Upstream's answer is
//! printed with six significant digits, so it is compared to a relative
//! 1e-5; where upstream refuses or disagrees with the reference, that is
//! counted (upstream's behaviour is recorded, not judged), and the case is
//! kept in the work folder.

use crate::choice::Choice;
use crate::generate::Spec;
use crate::{Target, Verdict};
use sparse_harness::files::{data_extension, data_file, read_result};
use sparse_harness::process::{run, Exit};
use sparse_harness::tools::{located_error, Tools};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(60);

pub struct Kernels {
    pub tools: Tools,
    /// Also run upstream's sparsifier on each kernel.
    pub upstream: bool,
}

impl Target for Kernels {
    fn name(&self) -> &'static str {
        if self.upstream {
            "upstream"
        } else {
            "kernels"
        }
    }

    fn case(&self, choice: &mut Choice, dir: &Path) -> Verdict {
        let spec = Spec::random(choice, !self.upstream);
        let data = spec.random_data(choice);
        let reference = spec.reference(&data);
        let dynamic = !self.upstream && choice.percent(30);
        let ours = match self.ours(&spec, &data, dynamic, choice, dir) {
            Ok(ours) => ours,
            Err(verdict) => return verdict,
        };
        let ours_right = match &ours {
            Ok(values) if *values != reference => {
                return Verdict::Fail(format!("wrong answer\n  reference: {reference:?}\n  ours:      {values:?}"));
            }
            Ok(_) => true,
            Err(_) => false,
        };
        if !self.upstream {
            return match ours {
                Ok(_) => Verdict::Pass("right".into()),
                Err(refusal) => Verdict::Pass(format!("refused: {}", refusal_kind(&refusal))),
            };
        }
        let theirs = self.theirs(&spec, &data, dir);
        let verdict = match (ours_right, &theirs) {
            (true, Ok(values)) if close(values, &reference) => "both right",
            (true, Ok(_)) => "ours right, upstream wrong",
            (true, Err(_)) => "ours right, upstream refused",
            (false, Ok(values)) if close(values, &reference) => "ours refused, upstream right",
            (false, Ok(_)) => "ours refused, upstream wrong",
            (false, Err(_)) => "both refused",
        };
        let details = [ours.err().map(|refusal| format!("ours: {refusal}")), theirs.err().map(|failure| format!("upstream: {failure}"))];
        match verdict {
            "both right" => Verdict::Pass(verdict.into()),
            _ => Verdict::Note(std::iter::once(verdict.to_string()).chain(details.into_iter().flatten()).collect::<Vec<_>>().join("\n")),
        }
    }
}

/// A refusal's message without its location and numbers, to count alike
/// refusals together.
fn refusal_kind(message: &str) -> String {
    let message = message.rsplit_once(" error: ").map_or(message, |(_, message)| message);
    message.chars().filter(|c| !c.is_ascii_digit()).take(160).collect()
}

impl Kernels {
    /// Runs `sparse-run` on the kernel: the result densely, or the error
    /// when the kernel is refused with a located error; or the failing verdict.
    fn ours(
        &self,
        spec: &Spec,
        data: &[Vec<(Vec<usize>, f64)>],
        dynamic: bool,
        choice: &mut Choice,
        dir: &Path,
    ) -> Result<Result<Vec<f64>, String>, Verdict> {
        let kernel = dir.join("kernel.mlir");
        write(&kernel, &spec.kernel(dynamic))?;
        let mut command = Command::new(&self.tools.sparse_run);
        // Every buffer access is checked: a buffer sized too small aborts
        // the run (a crash, so a failure) instead of corrupting memory.
        command.arg("--check-bounds").arg(&kernel);
        // Inputs' unordered levels are stored in a drawn order, not sorted
        // as packing from a file leaves them.
        command.args(["--shuffle-unordered", &choice.below(1 << 30).to_string()]);
        // Half the kernels run their parallel loops on two threads, however
        // few their iterations (the others as sparse-run compiles by default).
        if choice.percent(50) && sparse_runtime::kernel::openmp_available() {
            command.args(["--threads", "2", "--min-parallel-iterations", "1"]);
        }
        for (index, (input, entries)) in spec.inputs.iter().zip(data).enumerate() {
            let shape = input.stored_shape(&spec.sizes);
            let path = dir.join(format!("input{index}.{}", data_extension(&shape)));
            // A dense file lists the unstored components too, as zeros.
            let array = choice.percent(20) && input.fill() == 0.0;
            write(&path, &data_file(&shape, entries, array))?;
            command.arg(&path);
        }
        let output_shape = spec.output.shape(&spec.sizes);
        let result = dir.join(if output_shape.len() <= 2 && choice.percent(50) { "result.mtx" } else { "result.tns" });
        // A stale result must not pass for this run's.
        let _ = std::fs::remove_file(&result);
        if !output_shape.is_empty() {
            command.arg("-o").arg(&result);
        }
        let outcome = run(&mut command, LIMIT).map_err(|error| Verdict::Fail(format!("could not run sparse-run: {error}")))?;
        if let Some(crash) = outcome.crash() {
            return Err(Verdict::Fail(format!("sparse-run crashed: {crash}\n{}", outcome.stderr_head())));
        }
        if outcome.exit == Exit::Code(1) {
            // The data may hold more entries than a narrow index width the
            // generator chose can count: that input is rightly refused.
            let too_wide = |line: &str| line.contains("error: input ") && line.contains("which does not fit its");
            return match located_error(&outcome, "kernel.mlir") || outcome.stderr.lines().any(too_wide) {
                true => Ok(Err(outcome.stderr.lines().find(|line| line.contains("error:")).unwrap_or_default().to_string())),
                false => {
                    Err(Verdict::Fail(format!("sparse-run failed without an error located in the kernel:\n{}", outcome.stderr_head())))
                }
            };
        }
        if output_shape.is_empty() {
            return match outcome.stdout.trim().parse::<f64>() {
                Ok(value) => Ok(Ok(vec![value])),
                Err(_) => Err(Verdict::Fail(format!("sparse-run printed '{}', not a number", outcome.stdout.trim()))),
            };
        }
        read_result(&result, &output_shape, spec.output.fill()).map(Ok).map_err(Verdict::Fail)
    }

    /// Compiles the kernel with `mlir-opt --sparsifier` and runs it with
    /// `mlir-runner`: the printed result, or why there is none.
    fn theirs(&self, spec: &Spec, data: &[Vec<(Vec<usize>, f64)>], dir: &Path) -> Result<Vec<f64>, String> {
        let program = dir.join("upstream.mlir");
        std::fs::write(&program, spec.upstream_program(data)).map_err(|error| error.to_string())?;
        let printed = self.tools.run_upstream(&program, &dir.join("upstream-lowered.mlir"), "main", LIMIT)?;
        printed_memref(&printed, spec.output.shape(&spec.sizes).iter().product())
    }
}

fn write(path: &Path, text: &str) -> Result<(), Verdict> {
    std::fs::write(path, text).map_err(|error| Verdict::Fail(format!("could not write {}: {error}", path.display())))
}

/// The values `printMemref*` printed after `data =`.
fn printed_memref(stdout: &str, count: usize) -> Result<Vec<f64>, String> {
    let data = stdout.split_once("data =").map(|(_, data)| data).ok_or("mlir-runner printed no memref")?;
    let values: Vec<f64> = data
        .split(|c: char| c == '[' || c == ']' || c == ',' || c.is_whitespace())
        .filter(|token| !token.is_empty())
        .map(|token| token.parse::<f64>().map_err(|_| format!("mlir-runner printed '{token}'")))
        .collect::<Result<_, _>>()?;
    match values.len() == count {
        true => Ok(values),
        false => Err(format!("mlir-runner printed {} values, not {count}", values.len())),
    }
}

/// Equal to six significant digits, as `printMemref*` prints.
fn close(theirs: &[f64], reference: &[f64]) -> bool {
    theirs.len() == reference.len() && theirs.iter().zip(reference).all(|(a, b)| (a - b).abs() <= 1e-5 * b.abs().max(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_memrefs_are_read_in_order() {
        let stdout =
            "Unranked Memref base@ = 0x5 rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = \n[[1,   -2.5], \n [0,   1e+06]]\n";
        assert_eq!(printed_memref(stdout, 4), Ok(vec![1.0, -2.5, 0.0, 1e6]));
        assert!(printed_memref(stdout, 3).is_err());
        assert!(printed_memref("nothing", 1).is_err());
    }

    #[test]
    fn refusals_are_counted_by_message() {
        assert_eq!(refusal_kind("sparse-run: error: /w/kernel.mlir:3:8: error: loop d2 has no size"), "loop d has no size");
    }
}
