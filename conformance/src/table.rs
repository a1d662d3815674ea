//! `docs/conformance.md`: the verdicts of a run as a table, one row per
//! kernel (and one per upstream file without a kernel), after an
//! introduction that says what is compared and how to run it again; and
//! the table read back, to check a run against it (`--check`).

use crate::run::Report;
use crate::verdict::{issue, Ours};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What one corpus file came to.
pub enum FileOutcome {
    Kernels(Vec<(String, Report)>),
    NoKernel(String),
    /// The file does not follow the corpus format: why.
    Malformed(String),
}

/// A corpus file's outcome, under the name of the upstream file it restates.
pub struct FileRow {
    pub upstream: String,
    pub outcome: FileOutcome,
}

const INTRODUCTION: &str = "# Upstream conformance

What this compiler does with the kernels of MLIR's own sparse integration tests
(llvm-project's `mlir/test/Integration/Dialect/SparseTensor/CPU/`), each upstream file restated
in `test/Conformance/kernels/` (one file per upstream file, its format in `docs/testing.md`).
This file is written by `sparse-conformance` and checked by `scripts/test`, which fails when a
kernel's verdict differs from the one here.

Each kernel is given random arguments (seeded; values multiples of 1/4, so most answers are
exact; the density and the values its `// KERNEL:` line asks for) and run three ways:

- **ours**: `sparse-run --check-bounds FILE --entry KERNEL` on data files;
- **the reference**: the kernel with every `#sparse_tensor.encoding` removed, compiled by
  `mlir-opt --sparsifier` and run by `mlir-runner` on dense constants: linalg's dense semantics.
  Where that dense version does not compile (a body of `sparse_tensor.binary` regions, which only
  the sparsifier lowers) or has another meaning (a kernel that reads how its tensors are stored:
  `sparse_tensor.foreach`, `number_of_entries`, `values`, ...), upstream's sparse answer is the
  reference, and upstream's column says `reference`;
- **upstream**: the kernel as written, compiled by `mlir-opt --sparsifier` and run by
  `mlir-runner` on the same constants converted to the declared encodings.

Results are printed exactly (every value widened to 64 bits and printed as an integer) and
compared exactly for integers, and within a relative 1e-12 (f64), 1e-5 (f32), 4e-3 (f16) or
3e-2 (bf16) for floats. Our verdict: `pass` (equal to the reference), `refused` (an error located
in the kernel file: its first line is shown, with the issue that will lift it), or `fail` (a wrong
answer, a crash, a timeout, an error not located in the kernel). Upstream's verdict (`right`,
`wrong` against the reference, `refused`) is recorded, not judged.

```sh
cargo build -p sparse-opt -p sparse-run -p sparse-conformance
target/debug/sparse-conformance --check docs/conformance.md         # what scripts/test runs
target/debug/sparse-conformance --table docs/conformance.md         # write this file again
target/debug/sparse-conformance --kernel test/Conformance/kernels/FILE.mlir@KERNEL   # one kernel; files kept
```
";

/// The table of `rows`, with the introduction and the summary line.
pub fn write(rows: &[FileRow], summary: &str, seed: u64) -> String {
    let mut text = INTRODUCTION.to_string();
    let _ = writeln!(text, "\nSeed {seed}: `{summary}`\n");
    text += "| upstream test | kernel | ours | upstream | our error | lifted by |\n|---|---|---|---|---|---|\n";
    let code = |text: &str| if text.is_empty() { String::new() } else { format!("`{}`", text.replace('`', "'").replace('|', "\\|")) };
    for row in rows {
        let file = code(&row.upstream);
        match &row.outcome {
            FileOutcome::Kernels(kernels) => {
                for (name, report) in kernels {
                    let (error, lifted_by) = match &report.ours {
                        Ours::Pass => (String::new(), ""),
                        Ours::Refused(message) => (code(message), issue(message)),
                        Ours::Fail(why) => (code(why.lines().next().unwrap_or_default()), ""),
                    };
                    let _ = writeln!(
                        text,
                        "| {file} | {} | {} | {} | {error} | {lifted_by} |",
                        code(name),
                        report.ours.word(),
                        report.upstream.word()
                    );
                }
            }
            FileOutcome::NoKernel(why) => {
                let _ = writeln!(text, "| {file} | — | no kernel | | {} | |", why.replace('|', "\\|"));
            }
            FileOutcome::Malformed(why) => {
                let _ = writeln!(text, "| {file} | — | fail | | {} | |", code(why));
            }
        }
    }
    text
}

/// The verdicts a table records: (upstream file, kernel) to our verdict.
pub fn read(text: &str) -> BTreeMap<(String, String), String> {
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.strip_prefix('|')?.splitn(4, '|').map(str::trim).collect();
            let [file, kernel, ours, _] = cells[..] else { return None };
            let unquote = |cell: &str| cell.strip_prefix('`')?.strip_suffix('`').map(str::to_string);
            Some(((unquote(file)?, unquote(kernel)?), ours.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Upstream;

    #[test]
    fn a_written_table_reads_back() {
        let report = |ours| Report { ours, upstream: Upstream::Right };
        let rows = vec![
            FileRow {
                upstream: "sparse_matvec.mlir".into(),
                outcome: FileOutcome::Kernels(vec![
                    ("kernel_matvec".into(), report(Ours::Pass)),
                    ("with_pipe".into(), report(Ours::Refused("m.mlir:3:8: error: a | b and `c`".into()))),
                ]),
            },
            FileRow { upstream: "sparse_print.mlir".into(), outcome: FileOutcome::NoKernel("host code only".into()) },
            FileRow { upstream: "broken.mlir".into(), outcome: FileOutcome::Malformed("line 2: no kernel".into()) },
        ];
        let text = write(&rows, "conformance: 2 kernels, 1 pass, 1 refused, 0 fail", 1);
        assert!(text.contains("| `sparse_matvec.mlir` | `with_pipe` | refused | right | `m.mlir:3:8: error: a \\| b and 'c'` | issue 10, upstream conformance |"));
        let verdicts = read(&text);
        assert_eq!(verdicts.len(), 2);
        assert_eq!(verdicts[&("sparse_matvec.mlir".to_string(), "kernel_matvec".to_string())], "pass");
        assert_eq!(verdicts[&("sparse_matvec.mlir".to_string(), "with_pipe".to_string())], "refused");
    }
}
