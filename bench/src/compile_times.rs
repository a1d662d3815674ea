//! `sparse-bench --compile-times`: how long our pipeline and upstream's take
//! to lower one `linalg.generic` that adds k sparse tensors (k = 2…8, every
//! sum a union of k operands, whose merge lattice has 2^k − 1 points at
//! each sparse level), in three formats: CSR (a dense level of rows, then
//! the union), DCSR (the union at both levels) and CSF 3-tensors (at all
//! three), and how much LLVM-dialect IR each prints. Both run in this
//! process on the same text: parsed, lowered by the pipeline the kernel
//! benchmarks use (ours: `--sparse-compiler`; upstream's:
//! `sparse-assembler{direct-out=true}` then
//! `sparsifier{enable-runtime-library=false}`), and printed; a time is the
//! median of the runs, from parsing to the printed text. Upstream's output
//! grows about 3× per operand and level, so it runs only up to
//! [`Operands::most_upstream`] operands. Each kernel is also written to
//! `WORK/compile/add-FORMAT-K.mlir`, to compile again by hand.

use crate::report::kept_notes;
use sparse_dialects::diagnostics;
use sparse_runtime::abi::Abi;
use std::path::Path;
use std::time::{Duration, Instant};

/// The largest number of operands measured.
const MOST_OPERANDS: usize = 8;

/// The format of the added tensors (and of the sum).
#[derive(Clone, Copy, Debug)]
enum Operands {
    Csr,
    Dcsr,
    Csf,
}

impl Operands {
    const ALL: [Operands; 3] = [Operands::Csr, Operands::Dcsr, Operands::Csf];

    fn name(self) -> &'static str {
        match self {
            Operands::Csr => "CSR",
            Operands::Dcsr => "DCSR",
            Operands::Csf => "CSF",
        }
    }

    /// The encoding's map, the tensor type's shape and its dimensions' names.
    fn layout(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Operands::Csr => ("(i, j) -> (i : dense, j : compressed)", "1000x1000", "i, j"),
            Operands::Dcsr => ("(i, j) -> (i : compressed, j : compressed)", "1000x1000", "i, j"),
            Operands::Csf => ("(i, j, k) -> (i : compressed, j : compressed, k : compressed)", "100x100x100", "i, j, k"),
        }
    }

    /// The most operands upstream's sparsifier is given, for a run of the
    /// report in minutes: on this machine it took 12.3 s at k = 8 in CSR,
    /// 15.6 s at k = 6 in DCSR and 36 s at k = 5 in CSF, each run.
    fn most_upstream(self) -> usize {
        match self {
            Operands::Csr => 8,
            Operands::Dcsr => 5,
            Operands::Csf => 4,
        }
    }
}

/// The sum of `k` tensors stored as `operands` says, as one `linalg.generic`.
fn addition(operands: Operands, k: usize) -> String {
    let (map, shape, dims) = operands.layout();
    let tensor = format!("tensor<{shape}xf64, #S>");
    let parameters = (0..k).map(|i| format!("%a{i}: {tensor}")).collect::<Vec<_>>().join(", ");
    let names = (0..k).map(|i| format!("%a{i}")).collect::<Vec<_>>().join(", ");
    let types = vec![tensor.as_str(); k].join(", ");
    let maps = vec!["#id"; k + 1].join(", ");
    let iterators = vec!["\"parallel\""; dims.split(", ").count()].join(", ");
    let arguments = (0..k).map(|i| format!("%x{i}: f64")).collect::<Vec<_>>().join(", ");
    let sums =
        (1..k).map(|i| format!("    %s{i} = arith.addf {}, %x{i} : f64\n", if i == 1 { "%x0".into() } else { format!("%s{}", i - 1) }));
    format!(
        "#S = #sparse_tensor.encoding<{{map = {map}}}>\n\
         #id = affine_map<({dims}) -> ({dims})>\n\
         func.func @kernel({parameters}) -> {tensor} attributes {{llvm.emit_c_interface}} {{\n\
         \x20 %init = tensor.empty() : {tensor}\n\
         \x20 %r = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iterators}]}}\n\
         \x20     ins({names} : {types}) outs(%init : {tensor}) {{\n\
         \x20 ^bb0({arguments}, %out: f64):\n\
         {}\x20   linalg.yield %s{} : f64\n\
         \x20 }} -> {tensor}\n\
         \x20 return %r : {tensor}\n\
         }}\n",
        sums.collect::<String>(),
        k - 1
    )
}

/// One compilation: the time, and the size of the printed result; or the
/// first line of the error that stopped it.
fn lower(source: &str, abi: Abi) -> Result<(Duration, usize), String> {
    let context = melior::Context::new();
    sparse_dialects::load_dialects(&context).map_err(|error| error.to_string())?;
    melior::utility::register_all_passes();
    let collected = diagnostics::collect(&context);
    let first_error = || {
        let collected = collected.borrow();
        let error = collected.iter().find(|diagnostic| diagnostic.severity == diagnostics::Severity::Error);
        error.map_or_else(|| "failed without a diagnostic".to_string(), |diagnostic| diagnostic.message.clone())
    };
    let steps = sparse_passes::pipeline::parse(abi.pipeline())?;
    let start = Instant::now();
    let mut module = sparse_dialects::parse::parse(&context, source).ok_or_else(first_error)?;
    let manager = melior::pass::PassManager::new(&context);
    sparse_passes::pipeline::build(manager.as_operation_pass_manager(), &steps)?;
    manager.run(&mut module).map_err(|_| first_error())?;
    let printed = module.as_operation().to_string();
    Ok((start.elapsed(), printed.len()))
}

/// The median of `repeat` compilations, or the error of the first.
fn measure(source: &str, abi: Abi, repeat: usize) -> Result<(Duration, usize), String> {
    let mut times = Vec::with_capacity(repeat);
    let mut size = 0;
    for _ in 0..repeat {
        let (time, printed) = lower(source, abi)?;
        times.push(time);
        size = printed;
    }
    times.sort();
    Ok((times[times.len() / 2], size))
}

/// A table cell: the time and the size, or the error.
fn cell(result: &Result<(Duration, usize), String>) -> (String, String) {
    match result {
        Ok((time, size)) => (format!("{:.3} s", time.as_secs_f64()), format!("{:.2} MB", *size as f64 / 1e6)),
        Err(error) => (format!("refused: {}", error.lines().next().unwrap_or_default()), "—".into()),
    }
}

/// Measures k = 2…8 in each format and writes the report to `out`,
/// keeping its notes.
pub fn benchmark(repeat: usize, work: &Path, out: &Path) -> Result<(), String> {
    let kernels = work.join("compile");
    std::fs::create_dir_all(&kernels).map_err(|error| format!("{}: {error}", kernels.display()))?;
    let (cpu, cores, date) = crate::report::machine();
    let mut text = String::from("# Compile times\n\n");
    let upstream_limits =
        Operands::ALL.iter().map(|operands| format!("{} for {}", operands.most_upstream(), operands.name())).collect::<Vec<_>>();
    text += &format!(
        "Measured on {date}, {cores} cores ({cpu}), by `scripts/bench --compile-times --repeat {repeat}`. The kernel \
         (`WORK/compile/add-FORMAT-K.mlir`, `WORK` being `--work`, by default `build/bench`) adds k sparse tensors in one \
         `linalg.generic`: CSR or DCSR matrices of 1000 × 1000, or CSF tensors of 100 × 100 × 100, the sum in the same \
         format (each sum a union of k operands at each compressed level: a merge lattice of 2^k − 1 points). Ours is \
         `--sparse-compiler`; upstream's is the pipeline the kernel benchmarks run \
         (`sparse-assembler{{direct-out=true}}`, `sparsifier{{enable-runtime-library=false}}`), run up to k = {} operands \
         (its time grows about 3× per operand and level). Both run in one process on the same text: a time is the median \
         of {repeat} runs from parsing to the printed LLVM-dialect module, whose size is the next column. A ratio is \
         upstream's time over ours.\n\n",
        upstream_limits.join(", ")
    );
    text += "| format | k | ours | ours: output | upstream | upstream: output | upstream/ours |\n|---|---:|---:|---:|---:|---:|---:|\n";
    for operands in Operands::ALL {
        for k in 2..=MOST_OPERANDS {
            let source = addition(operands, k);
            let file = kernels.join(format!("add-{}-{k}.mlir", operands.name()));
            std::fs::write(&file, &source).map_err(|error| format!("{}: {error}", file.display()))?;
            eprintln!("compile times: {} k = {k}", operands.name());
            let ours = measure(&source, Abi::Ours, repeat);
            let upstream = (k <= operands.most_upstream()).then(|| measure(&source, Abi::Upstream, repeat));
            let ratio = match (&ours, &upstream) {
                (Ok((ours, _)), Some(Ok((upstream, _)))) => format!("{:.2}×", upstream.as_secs_f64() / ours.as_secs_f64()),
                _ => "—".into(),
            };
            let (ours_time, ours_size) = cell(&ours);
            let (upstream_time, upstream_size) = upstream.as_ref().map_or(("not run".into(), "—".into()), cell);
            text += &format!("| {} | {k} | {ours_time} | {ours_size} | {upstream_time} | {upstream_size} | {ratio} |\n", operands.name());
        }
    }
    let previous = std::fs::read_to_string(out).unwrap_or_default();
    text += kept_notes(&previous);
    std::fs::write(out, text).map_err(|error| format!("{}: {error}", out.display()))?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn additions_of_k_operands_parse_and_sum_every_operand_once() {
        let context = melior::Context::new();
        sparse_dialects::load_dialects(&context).unwrap();
        for (operands, k) in Operands::ALL.into_iter().flat_map(|operands| (2..=MOST_OPERANDS).map(move |k| (operands, k))) {
            let source = addition(operands, k);
            assert!(sparse_dialects::parse::parse(&context, &source).is_some(), "{source}");
            assert_eq!(source.matches("arith.addf").count(), k - 1);
            for i in 0..k {
                // Declared once, added once.
                assert_eq!(source.matches(&format!("%x{i}: f64")).count(), 1, "{source}");
                assert_eq!(source.matches(&format!(", %x{i} : f64")).count() + usize::from(i == 0), 1, "{source}");
            }
            assert!(source.contains("arith.addf %x0, %x1 : f64"), "{source}");
            assert!(source.contains(&format!("linalg.yield %s{} : f64", k - 1)), "{source}");
            let rank = operands.layout().2.split(", ").count();
            assert_eq!(source.matches("\"parallel\"").count(), rank, "{source}");
        }
    }

    #[test]
    fn a_refused_kernel_shows_the_first_line_of_its_error() {
        let refused: Result<(Duration, usize), String> = Err("too many points\nsee the statement".into());
        assert_eq!(cell(&refused), ("refused: too many points".to_string(), "—".to_string()));
        assert_eq!(cell(&Ok((Duration::from_millis(1500), 2_500_000))), ("1.500 s".to_string(), "2.50 MB".to_string()));
    }
}
