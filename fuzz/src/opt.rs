//! The `opt` target: `sparse-opt` on mutations of every `.mlir` file of the
//! repository (split at `// -----`) and of random kernels. Each run must
//! end in one of two ways: exit 0, with only `llvm` ops left after
//! `--sparse-compiler` (and `omp` ops too when a quarter of the compiles add
//! `--parallel-loops`; scanned here in the generic form, independently of
//! the pipeline's own `verify-lowered`) or, when only printing, output that
//! parses again; or exit 1 with an error located in the input. A signal, a
//! hang, a panic or an unlocated error is a failure.

use crate::choice::Choice;
use crate::generate::Spec;
use crate::mutate::mutate;
use crate::{Target, Verdict};
use sparse_harness::process::{run, Exit};
use sparse_harness::tools::{located_error, Tools};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// How long `sparse-opt` may take on an input of `bytes` before the case is
/// a hang: a minute, plus a millisecond per byte (a line repeated 2,000
/// times compiles to one function 2,000 times larger, which upstream's
/// conversions to the LLVM dialect take longer than linear time over),
/// at most four minutes.
fn limit(bytes: usize) -> Duration {
    (Duration::from_secs(60) + Duration::from_millis(bytes as u64)).min(Duration::from_secs(240))
}

pub struct Opt {
    pub tools: Tools,
    seeds: Vec<Vec<u8>>,
    /// The distinct words of the seeds: op, type and attribute names to
    /// substitute for one another.
    words: Vec<String>,
}

impl Opt {
    /// The seeds: every chunk of every `.mlir` file under `roots`, and some
    /// random kernels.
    pub fn new(tools: Tools, roots: &[PathBuf]) -> std::io::Result<Self> {
        let mut files = Vec::new();
        for root in roots {
            collect(root, &mut files)?;
        }
        files.sort();
        let mut seeds = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file)?;
            seeds.extend(text.split("\n// -----\n").map(|chunk| chunk.as_bytes().to_vec()));
        }
        for case in 0..40 {
            let spec = Spec::random(&mut Choice::for_case(0x5eed, case), true);
            seeds.push(spec.kernel(case % 3 == 0).into_bytes());
        }
        let mut words = BTreeSet::new();
        for seed in &seeds {
            for word in String::from_utf8_lossy(seed).split(|c: char| !(c.is_ascii_alphanumeric() || "_.#@".contains(c))) {
                if word.len() > 1 && word.chars().any(|c| c.is_ascii_alphabetic()) {
                    words.insert(word.to_string());
                }
            }
        }
        Ok(Self { tools, seeds, words: words.into_iter().collect() })
    }
}

/// Every `.mlir` file under `dir`, outside lit's `Output` folders.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() && !path.ends_with("Output") {
            collect(&path, files)?;
        } else if path.extension().is_some_and(|extension| extension == "mlir") {
            files.push(path);
        }
    }
    Ok(())
}

impl Target for Opt {
    fn name(&self) -> &'static str {
        "opt"
    }

    fn case(&self, choice: &mut Choice, dir: &Path) -> Verdict {
        let mut text = choice.pick(&self.seeds).clone();
        let words: Vec<&str> = self.words.iter().map(String::as_str).collect();
        for _ in 0..*choice.pick(&[1, 1, 1, 2, 2, 3, 4]) {
            mutate(&mut text, choice, &words, &self.seeds);
        }
        let input = dir.join("input.mlir");
        let output = dir.join("output.mlir");
        if let Err(error) = std::fs::write(&input, &text) {
            return Verdict::Fail(format!("could not write {}: {error}", input.display()));
        }
        let _ = std::fs::remove_file(&output);
        let compile = choice.percent(80);
        let parallel = compile && choice.percent(25);
        let mut command = Command::new(&self.tools.sparse_opt);
        command.arg(&input).arg("--mlir-print-op-generic").arg("-o").arg(&output);
        if compile {
            command.arg("--sparse-compiler");
        }
        if parallel {
            command.arg("--parallel-loops");
        }
        let outcome = match run(&mut command, limit(text.len())) {
            Ok(outcome) => outcome,
            Err(error) => return Verdict::Fail(format!("could not run sparse-opt: {error}")),
        };
        if let Some(crash) = outcome.crash() {
            return Verdict::Fail(format!("sparse-opt crashed: {crash}\n{}", outcome.stderr_head()));
        }
        if outcome.exit == Exit::Code(1) {
            return match located_error(&outcome, "input.mlir") {
                true => Verdict::Pass(if compile { "compile: refused" } else { "print: refused" }.into()),
                false => Verdict::Fail(format!("sparse-opt failed without an error located in the input:\n{}", outcome.stderr_head())),
            };
        }
        let printed = match std::fs::read_to_string(&output) {
            Ok(printed) => printed,
            Err(error) => return Verdict::Fail(format!("sparse-opt exited 0 but wrote no output: {error}")),
        };
        if compile {
            let lowered = |name: &String| name.starts_with("llvm.") || name == "builtin.module" || (parallel && name.starts_with("omp."));
            return match ops(&printed).into_iter().find(|name| !lowered(name)) {
                Some(name) => Verdict::Fail(format!("--sparse-compiler exited 0 with '{name}' left")),
                None => Verdict::Pass("compile: lowered".into()),
            };
        }
        let mut again = Command::new(&self.tools.sparse_opt);
        again.arg(&output).arg("-o").arg(dir.join("reprinted.mlir"));
        match run(&mut again, limit(text.len())) {
            Ok(outcome) if outcome.exit == Exit::Code(0) => Verdict::Pass("print: printed and parsed again".into()),
            Ok(outcome) => Verdict::Fail(format!("the printed module does not parse again:\n{}", outcome.stderr_head())),
            Err(error) => Verdict::Fail(format!("could not run sparse-opt: {error}")),
        }
    }
}

/// The names of the ops of a module printed in generic form: each op is
/// `"dialect.name"(` at the start of a line, after its results.
fn ops(printed: &str) -> Vec<String> {
    printed
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = if line.starts_with('%') { line.split_once(" = ")?.1 } else { line };
            let name = line.strip_prefix('"')?;
            let (name, rest) = name.split_once('"')?;
            rest.starts_with('(').then(|| name.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn ops_are_read_from_the_generic_form() {
        let printed = "\"builtin.module\"() ({\n  \"llvm.func\"() <{sym_name = \"f\"}> ({\n    %0 = \"arith.addi\"(%1, %1) : (i64, i64) -> i64\n  }) : () -> ()\n}) : () -> ()\n";
        assert_eq!(super::ops(printed), vec!["builtin.module", "llvm.func", "arith.addi"]);
    }
}
