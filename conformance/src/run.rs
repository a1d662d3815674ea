//! One kernel of the corpus, run three ways on the same random arguments:
//! ours (`sparse-run --check-bounds`), the dense reference (the kernel
//! without encodings, through `mlir-opt --sparsifier` and `mlir-runner`),
//! and upstream (the kernel as written, through the same tools, its
//! arguments converted to their encodings); and the verdicts.

use crate::corpus::{only_kernel, CorpusFile, KernelDecl};
use crate::data::{generator, random_argument, sparse_run_argument};
use crate::element::agree;
use crate::programs::{driver, read_printed, storage_op, strip_encodings, DRIVER};
use crate::signature::{self, Kind, Signature};
use crate::verdict::{first_line, Ours, Upstream};
use sparse_harness::files::read_result_as;
use sparse_harness::process::{run, Exit};
use sparse_harness::tools::{located_error, Tools};
use sparse_runtime::Element;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The longest one tool may take on one kernel.
const LIMIT: Duration = Duration::from_secs(120);

/// What one kernel's run came to.
#[derive(Clone, Debug)]
pub struct Report {
    pub ours: Ours,
    pub upstream: Upstream,
}

/// Runs kernel `kernel` of the corpus file `stem` (text `text`) in `dir`.
pub fn run_kernel(tools: &Tools, text: &str, file: &CorpusFile, kernel: &KernelDecl, stem: &str, seed: u64, dir: &Path) -> Report {
    let fail = |why: String| Report { ours: Ours::Fail(why), upstream: Upstream::Refused("not run".into()) };
    let source = only_kernel(text, file, kernel);
    let signature = match signature::read(&source, &kernel.name) {
        Ok(signature) => signature,
        Err(error) => return fail(format!("the harness cannot read the kernel: {error}")),
    };
    let mut random = generator(seed, stem, &kernel.name);
    let arguments: Vec<Vec<f64>> = signature.parameters.iter().map(|param| random_argument(param, &kernel.options, &mut random)).collect();
    let kernel_file = dir.join(format!("{stem}.mlir"));
    if let Err(error) = std::fs::write(&kernel_file, &source) {
        return fail(format!("could not write {}: {error}", kernel_file.display()));
    }
    let theirs = |name: &str, program: String| -> Result<Vec<f64>, String> {
        let path = dir.join(format!("{name}.mlir"));
        std::fs::write(&path, program).map_err(|error| error.to_string())?;
        let printed = tools.run_upstream(&path, &dir.join(format!("{name}-lowered.mlir")), DRIVER, LIMIT)?;
        read_printed(&printed, &signature.result).map_err(|error| format!("mlir-runner {error}"))
    };
    let reference = match storage_op(&source) {
        Some(op) => Err(format!("the kernel reads how its tensors are stored ({op}), so it has no dense version")),
        None => theirs("reference", strip_encodings(&source) + &driver(&kernel.name, &signature, &arguments, true)),
    };
    let upstream = theirs("upstream", source.clone() + &driver(&kernel.name, &signature, &arguments, false));
    let ours = ours(tools, &kernel_file, &kernel.name, &signature, &arguments, dir);
    let tolerance = signature.result.element.tolerance();
    let (reference, upstream) = match (reference, upstream) {
        (Ok(reference), Ok(upstream)) => {
            let verdict = if agree(&upstream, &reference, tolerance) { Upstream::Right } else { Upstream::Wrong };
            (Some(reference), verdict)
        }
        (Ok(reference), Err(why)) => (Some(reference), Upstream::Refused(why)),
        (Err(why), Ok(upstream)) => (Some(upstream), Upstream::Reference(why)),
        (Err(_), Err(why)) => (None, Upstream::Refused(why)),
    };
    let ours = match (ours, reference) {
        (Err(verdict), _) => verdict,
        (Ok(values), Some(reference)) if agree(&values, &reference, tolerance) => Ours::Pass,
        (Ok(values), Some(reference)) => Ours::Fail(format!("wrong answer: {values:?}, the reference is {reference:?}")),
        (Ok(_), None) => Ours::Fail("no reference: neither the dense version nor upstream's ran".into()),
    };
    Report { ours, upstream }
}

/// Runs `sparse-run` on the kernel: its answer densely, or our verdict
/// when there is none (a located refusal, or a failure).
fn ours(
    tools: &Tools,
    kernel_file: &Path,
    name: &str,
    signature: &Signature,
    arguments: &[Vec<f64>],
    dir: &Path,
) -> Result<Vec<f64>, Ours> {
    let result = dir.join("result.tns");
    let _ = std::fs::remove_file(&result);
    let to_file = matches!(&signature.result.kind, Kind::Tensor { shape, .. } if !shape.is_empty());
    let mut command = Command::new(&tools.sparse_run);
    command.arg("--check-bounds").arg("--entry").arg(name);
    if to_file {
        command.arg("-o").arg(&result);
    }
    // The options before `--`, so that a negative number is an input.
    command.arg("--").arg(kernel_file);
    for (index, (param, values)) in signature.parameters.iter().zip(arguments).enumerate() {
        let argument = sparse_run_argument(param, values, index, dir)
            .map_err(|error| Ours::Fail(format!("could not write input {index}: {error}")))?;
        command.arg(argument);
    }
    let outcome = run(&mut command, LIMIT).map_err(|error| Ours::Fail(format!("could not run sparse-run: {error}")))?;
    if let Some(crash) = outcome.crash() {
        return Err(Ours::Fail(format!("sparse-run crashed: {crash}: {}", first_line(&outcome.stderr))));
    }
    let file_name = kernel_file.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    if outcome.exit != Exit::Code(0) {
        return Err(match located_error(&outcome, &file_name) {
            true => Ours::Refused(first_line(&outcome.stderr)),
            false => Ours::Fail(format!("an error not located in the kernel: {}", first_line(&outcome.stderr))),
        });
    }
    if !to_file {
        // A complex value prints as its two parts.
        let printed = outcome.stdout.split_whitespace().map(str::parse::<f64>).collect::<Result<Vec<_>, _>>();
        return match printed {
            Ok(values) if values.len() == signature.result.element.components() => Ok(values),
            _ => Err(Ours::Fail(format!("sparse-run printed '{}', not a value", outcome.stdout.trim()))),
        };
    }
    let element = if signature.result.element.components() == 2 { Element::Complex64 } else { Element::F64 };
    read_result_as(&result, signature.result.shape(), element, 0.0).map_err(Ours::Fail)
}
