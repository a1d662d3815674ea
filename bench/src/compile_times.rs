//! `sparse-bench --compile-times`: how long our pipeline and upstream's take
//! to lower one `linalg.generic` that adds k CSR matrices (k = 2…8, every
//! sum a union of k operands, whose merge lattice has 2^k − 1 points), and
//! how much LLVM-dialect IR each prints. Both run in this process on the
//! same text: parsed, lowered by the pipeline the kernel benchmarks use
//! (ours: `--sparse-compiler`; upstream's: `sparse-assembler{direct-out=true}`
//! then `sparsifier{enable-runtime-library=false}`), and printed; a time is
//! the median of the runs, from parsing to the printed text. Each kernel is
//! also written to `WORK/compile/add-K.mlir`, to compile again by hand.

use crate::report::kept_notes;
use sparse_dialects::diagnostics;
use sparse_runtime::abi::Abi;
use std::path::Path;
use std::time::{Duration, Instant};

/// The largest number of operands measured.
const MOST_OPERANDS: usize = 8;

/// The sum of `k` CSR matrices of 1000 × 1000, as one `linalg.generic`.
fn addition(k: usize) -> String {
    let tensor = "tensor<1000x1000xf64, #CSR>";
    let parameters = (0..k).map(|i| format!("%a{i}: {tensor}")).collect::<Vec<_>>().join(", ");
    let operands = (0..k).map(|i| format!("%a{i}")).collect::<Vec<_>>().join(", ");
    let types = vec![tensor; k].join(", ");
    let maps = vec!["#id"; k + 1].join(", ");
    let arguments = (0..k).map(|i| format!("%x{i}: f64")).collect::<Vec<_>>().join(", ");
    let sums =
        (1..k).map(|i| format!("    %s{i} = arith.addf {}, %x{i} : f64\n", if i == 1 { "%x0".into() } else { format!("%s{}", i - 1) }));
    format!(
        "#CSR = #sparse_tensor.encoding<{{map = (i, j) -> (i : dense, j : compressed)}}>\n\
         #id = affine_map<(i, j) -> (i, j)>\n\
         func.func @kernel({parameters}) -> {tensor} attributes {{llvm.emit_c_interface}} {{\n\
         \x20 %init = tensor.empty() : {tensor}\n\
         \x20 %r = linalg.generic {{indexing_maps = [{maps}], iterator_types = [\"parallel\", \"parallel\"]}}\n\
         \x20     ins({operands} : {types}) outs(%init : {tensor}) {{\n\
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

/// Measures k = 2…8 and writes the report to `out`, keeping its notes.
pub fn benchmark(repeat: usize, work: &Path, out: &Path) -> Result<(), String> {
    let kernels = work.join("compile");
    std::fs::create_dir_all(&kernels).map_err(|error| format!("{}: {error}", kernels.display()))?;
    let (cpu, cores, date) = crate::report::machine();
    let mut text = String::from("# Compile times\n\n");
    text += &format!(
        "Measured on {date}, {cores} cores ({cpu}), by `scripts/bench --compile-times --repeat {repeat}`. The kernel \
         (`WORK/compile/add-K.mlir`, `WORK` being `--work`, by default `build/bench`) adds k CSR matrices of 1000 × 1000 in one \
         `linalg.generic` (each sum a union of k operands: a merge lattice of 2^k − 1 points). Ours is \
         `--sparse-compiler`; upstream's is the pipeline the kernel benchmarks run \
         (`sparse-assembler{{direct-out=true}}`, `sparsifier{{enable-runtime-library=false}}`). Both run in one process on \
         the same text: a time is the median of {repeat} runs from parsing to the printed LLVM-dialect module, whose size \
         is the next column. A ratio is upstream's time over ours.\n\n"
    );
    text += "| k | ours | ours: output | upstream | upstream: output | upstream/ours |\n|---:|---:|---:|---:|---:|---:|\n";
    for k in 2..=MOST_OPERANDS {
        let source = addition(k);
        let file = kernels.join(format!("add-{k}.mlir"));
        std::fs::write(&file, &source).map_err(|error| format!("{}: {error}", file.display()))?;
        eprintln!("compile times: k = {k}");
        let (ours, upstream) = (measure(&source, Abi::Ours, repeat), measure(&source, Abi::Upstream, repeat));
        let ratio = match (&ours, &upstream) {
            (Ok((ours, _)), Ok((upstream, _))) => format!("{:.2}×", upstream.as_secs_f64() / ours.as_secs_f64()),
            _ => "—".into(),
        };
        let ((ours_time, ours_size), (upstream_time, upstream_size)) = (cell(&ours), cell(&upstream));
        text += &format!("| {k} | {ours_time} | {ours_size} | {upstream_time} | {upstream_size} | {ratio} |\n");
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
        for k in 2..=MOST_OPERANDS {
            let source = addition(k);
            assert!(sparse_dialects::parse::parse(&context, &source).is_some(), "{source}");
            assert_eq!(source.matches("arith.addf").count(), k - 1);
            for i in 0..k {
                // Declared once, added once.
                assert_eq!(source.matches(&format!("%x{i}: f64")).count(), 1, "{source}");
                assert_eq!(source.matches(&format!(", %x{i} : f64")).count() + usize::from(i == 0), 1, "{source}");
            }
            assert!(source.contains("arith.addf %x0, %x1 : f64"), "{source}");
            assert!(source.contains(&format!("linalg.yield %s{} : f64", k - 1)), "{source}");
        }
    }

    #[test]
    fn a_refused_kernel_shows_the_first_line_of_its_error() {
        let refused: Result<(Duration, usize), String> = Err("too many points\nsee the statement".into());
        assert_eq!(cell(&refused), ("refused: too many points".to_string(), "—".to_string()));
        assert_eq!(cell(&Ok((Duration::from_millis(1500), 2_500_000))), ("1.500 s".to_string(), "2.50 MB".to_string()));
    }
}
