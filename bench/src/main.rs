//! `sparse-bench`: our compiled kernels against upstream MLIR's sparsifier
//! (the same `linalg.generic` file, JIT-compiled in this process by the same
//! LLVM at O3), SciPy, PyData/Sparse and SuiteSparse:GraphBLAS, measured in one run on the same
//! generated inputs, after checking that every system computed the same
//! answer. Writes a Markdown report.

mod allocator;
mod bandwidth;
mod compile_times;
mod generate;
mod io;
mod kernels;
mod peers;
mod report;
mod threads;

use clap::{Arg, ArgAction, Command};
use kernels::{Format, Kernel as Benchmarked};
use report::{Measurement, Row};
use sparse_runtime::abi::Abi;
use sparse_runtime::{kernel::Parameter, Argument, Coordinates, Kernel, Tensor, Value};
use std::{path::PathBuf, rc::Rc, time::Duration};

/// Large blocks on transparent huge pages, as NumPy's and the kernels' own.
#[global_allocator]
static ALLOCATOR: sparse_runtime::huge_pages::HugePages = sparse_runtime::huge_pages::HugePages;

/// One benchmark: a kernel on one data set, its sparse operand in one format.
pub struct Case {
    pub kernel: Benchmarked,
    pub format: Format,
    pub data: String,
    pub size: &'static str,
    /// Shared: one data set serves many cases.
    pub inputs: Vec<Rc<Coordinates>>,
}

impl Case {
    pub fn id(&self) -> String {
        let id = format!("{}-{}-{}-{}", self.kernel.name(), self.format.name(), self.data, self.size);
        id.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect()
    }
}

/// The three sizes: within L2, within the last-level cache, and well beyond.
const SIZES: [(&str, usize); 3] = [("L2", 2_000), ("LLC", 60_000), ("DRAM", 600_000)];

/// The cases of one size, generated when that size's turn comes, so that
/// only one size's data is in memory at a time.
fn cases(size: &'static str, n: usize, quick: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut add = |kernel, format, data: &str, size, inputs: Vec<Rc<Coordinates>>| {
        cases.push(Case { kernel, format, data: data.to_string(), size, inputs })
    };
    {
        let seed = n as u64;
        let scale = (n as f64).log2().round() as u32;
        let mut matrices = vec![("uniform 8/row", generate::uniform(n, n, 8, seed))];
        if !quick {
            matrices.push(("uniform 16/row", generate::uniform(n, n, 16, seed + 1)));
            matrices.push(("R-MAT", generate::rmat(scale, 8 << scale, seed + 2)));
            matrices.push(("banded 5", generate::banded(n, 2, seed + 3)));
        }
        for (name, matrix) in matrices {
            let shape = matrix.shape.clone();
            let matrix = Rc::new(matrix);
            let x = Rc::new(generate::dense(&[shape[1]], seed + 10));
            let banded = name.starts_with("banded");
            let formats: &[Format] = match (banded, quick) {
                (_, true) => &[Format::Csr, Format::Csc, Format::Coo],
                (true, false) => &[Format::Csr, Format::Csr32, Format::Csc, Format::Coo, Format::Band],
                (false, false) => &[Format::Csr, Format::Csr32, Format::Csc, Format::Coo],
            };
            for &format in formats {
                add(Benchmarked::Spmv, format, name, size, vec![matrix.clone(), x.clone()]);
            }
            // The same product over the tropical semiring (an SSSP step).
            if name == "uniform 8/row" || name == "R-MAT" {
                add(Benchmarked::MinPlus, Format::CsrInf, name, size, vec![matrix.clone(), x.clone()]);
                // A reduction whose identity is not the fill: each row's
                // minimum, its unstored 0s included.
                add(Benchmarked::RowMin, Format::Csr, name, size, vec![matrix.clone()]);
                // A BFS step from a frontier of 10% of the vertices, a third of them visited.
                let frontier = Rc::new(generate::indicator(shape[1], shape[1] / 10, seed + 14));
                let visited = Rc::new(generate::sparse_vector(shape[0], shape[0] / 3, seed + 15));
                add(Benchmarked::BfsStep, Format::Csr, name, size, vec![matrix.clone(), frontier, visited]);
                // A PageRank step over the matrix as a weighted graph.
                let ranks = Rc::new(generate::dense(&[shape[1]], seed + 16));
                let degrees = Rc::new(generate::column_counts(&matrix));
                add(Benchmarked::PageRank, Format::Csr, name, size, vec![matrix.clone(), ranks, degrees]);
            }
            // The same product added to an initial value that is an argument
            // (`outs(%y0)`), beside the zero-init SpMV above.
            let y0 = Rc::new(generate::dense(&[shape[0]], seed + 12));
            add(Benchmarked::SpmvAcc, Format::Csr, name, size, vec![matrix.clone(), x.clone(), y0]);
            add(Benchmarked::Sum, Format::Dcsr, name, size, vec![matrix.clone()]);
            // A transposition into CSR (paper 004's scattered result), through
            // the bucket workspace and the coordinate one.
            add(Benchmarked::Transpose, Format::Csr, name, size, vec![matrix.clone()]);
            add(Benchmarked::TransposeCoord, Format::Csr, name, size, vec![matrix.clone()]);
            // The same scatter as a conversion into CSC, in upstream's form.
            add(Benchmarked::Convert, Format::Csr, name, size, vec![matrix.clone()]);
            let other = Rc::new(generate::uniform(shape[0], shape[1], 8, seed + 20));
            add(Benchmarked::Spadd, Format::Csr, name, size, vec![matrix.clone(), other.clone()]);
            // The transposition and SpAdd also in SciPy's index widths
            // (32-bit, as its matrices of fewer than 2^31 entries hold them),
            // as SpMV is.
            if !quick {
                add(Benchmarked::Transpose, Format::Csr32, name, size, vec![matrix.clone()]);
                add(Benchmarked::Convert, Format::Csr32, name, size, vec![matrix.clone()]);
                add(Benchmarked::Spadd, Format::Csr32, name, size, vec![matrix.clone(), other.clone()]);
            }
            // Shape operators (paper 001), into the operands' format.
            if !name.starts_with("banded") {
                for format in [Format::Csr, Format::Coo] {
                    add(Benchmarked::Vstack, format, name, size, vec![matrix.clone(), other.clone()]);
                    add(Benchmarked::Hstack, format, name, size, vec![matrix.clone(), other.clone()]);
                    add(Benchmarked::Collapse, format, name, size, vec![matrix.clone()]);
                }
                // The stacks of CSR also in SciPy's index widths: they copy
                // the indices, 4 bytes an entry in SciPy's arrays.
                if !quick {
                    add(Benchmarked::Vstack, Format::Csr32, name, size, vec![matrix.clone(), other.clone()]);
                    add(Benchmarked::Hstack, Format::Csr32, name, size, vec![matrix.clone(), other.clone()]);
                }
                // A slice of CSR (the first half, every other row) and a
                // sparse vector split back into a matrix, COO (paper 001's
                // Fig. 24), each a view copied into its format.
                add(Benchmarked::SliceRows, Format::Csr, name, size, vec![matrix.clone()]);
                add(Benchmarked::SliceSpmv, Format::Csr, name, size, vec![matrix.clone(), x.clone()]);
                add(Benchmarked::SplitBack, Format::Coo, name, size, vec![Rc::new(generate::flattened(&matrix))]);
                // The same concatenations read by an SpMV (paper 001's
                // fused kernels), and our unfused baseline.
                let wide = Rc::new(generate::dense(&[2 * shape[1]], seed + 13));
                for (kernel, x) in [
                    (Benchmarked::VstackSpmv, &x),
                    (Benchmarked::VstackSpmvUnfused, &x),
                    (Benchmarked::HstackSpmv, &wide),
                    (Benchmarked::HstackSpmvUnfused, &wide),
                ] {
                    add(kernel, Format::Csr, name, size, vec![matrix.clone(), other.clone(), x.clone()]);
                }
                // Views read by an elementwise product (paper 001's Fig.
                // 26a and 26c), fused and our unfused baseline: the other
                // operand is the view's entries moved one coordinate on,
                // as the paper's artifact shifts them.
                let flat = Rc::new(generate::shifted(&generate::flattened(&matrix), 1));
                let rows = Rc::new(generate::shifted(&generate::strided_rows(&matrix, shape[0] / 2, 2), 1));
                for (kernel, other) in [
                    (Benchmarked::CollapseMultiply, &flat),
                    (Benchmarked::CollapseMultiplyUnfused, &flat),
                    (Benchmarked::SliceMultiply, &rows),
                    (Benchmarked::SliceMultiplyUnfused, &rows),
                ] {
                    add(kernel, Format::Csr, name, size, vec![matrix.clone(), other.clone()]);
                }
            }
            // Elementwise ufuncs and a fused one (paper 000 §8.2), over the
            // same operands and a third, with fill 0 and (the fused one) 1.
            if name == "uniform 8/row" || name == "R-MAT" {
                let third = Rc::new(generate::uniform(shape[0], shape[1], 8, seed + 21));
                add(Benchmarked::Maximum, Format::Csr, name, size, vec![matrix.clone(), other.clone()]);
                add(Benchmarked::LogicalXor, Format::Csr, name, size, vec![matrix.clone(), other.clone()]);
                add(Benchmarked::Where, Format::Csr, name, size, vec![matrix.clone(), other.clone(), third.clone()]);
                for format in [Format::Csr, Format::CsrFill1] {
                    add(Benchmarked::MulAdd, format, name, size, vec![matrix.clone(), other.clone(), third.clone()]);
                }
            }
            add(Benchmarked::Multiply, Format::Dcsr, name, size, vec![matrix.clone(), other]);
            // SpGEMM (paper 004), A·A, and A·Aᵀ on the uniform matrix. Its
            // results hold 8-60× the entries (R-MAT's squares its hubs), so
            // not beyond the LLC, and R-MAT and 16/row only within L2.
            // Triangles of the graph of the matrix (values 1), uniform and
            // power-law, within the LLC (paper 000 §8.3, against GraphBLAS).
            if size != "DRAM" && (name == "uniform 8/row" || name == "R-MAT") {
                let lower = Rc::new(generate::lower_triangle(&matrix));
                add(Benchmarked::Triangles, Format::Csr, name, size, vec![lower.clone(), lower.clone(), lower]);
            }
            let spgemm = match size {
                "L2" => true,
                "LLC" => name == "uniform 8/row" || name.starts_with("banded"),
                _ => false,
            };
            if spgemm {
                add(Benchmarked::Spgemm, Format::Csr, name, size, vec![matrix.clone(), matrix.clone()]);
                // In SciPy's index widths: 32-bit positions and coordinates;
                // and with its rows left unordered, as SciPy leaves them.
                if !quick {
                    add(Benchmarked::Spgemm, Format::Csr32, name, size, vec![matrix.clone(), matrix.clone()]);
                    add(Benchmarked::Spgemm, Format::Csr32Unordered, name, size, vec![matrix.clone(), matrix.clone()]);
                }
                // The same through the coordinate and the hash workspaces:
                // dense against sparse workspaces.
                add(Benchmarked::SpgemmCoord, Format::Csr, name, size, vec![matrix.clone(), matrix.clone()]);
                add(Benchmarked::SpgemmHash, Format::Csr, name, size, vec![matrix.clone(), matrix.clone()]);
                if name == "uniform 8/row" {
                    let transposed = Rc::new(generate::transposed(&matrix));
                    add(Benchmarked::Spgemm, Format::Csr, &format!("{name}, A·Aᵀ"), size, vec![matrix, transposed]);
                }
            }
        }
        // Paper 004's outer-product sweep (Fig. 16), once, at the LLC size:
        // I = K = 10,000, 1,000 entries in each non-empty column of A and
        // row of B, their number swept, through our sparse (bucket) and
        // dense (the whole result) workspaces.
        if size == "LLC" && !quick {
            for nonempty in [1, 2, 4, 8, 16, 32] {
                let (a, b) = generate::outer_sweep(10_000, nonempty, 1_000, seed + 20 + nonempty as u64);
                let (a, b) = (Rc::new(a), Rc::new(b));
                let name = format!("outer, {nonempty} of K");
                add(Benchmarked::SpgemmOuter, Format::Csr, &name, size, vec![a.clone(), b.clone()]);
                // Into CSR of SciPy's index widths (32-bit positions and
                // coordinates; the bucket list holds its columns so).
                add(Benchmarked::SpgemmOuter, Format::Csr32, &name, size, vec![a.clone(), b.clone()]);
                add(Benchmarked::SpgemmOuterDense, Format::Csr, &name, size, vec![a, b]);
            }
        }
        // An image of runs (rows of 1024 pixels): summed in runs, a step a
        // run, against CSR, a step an entry.
        if !quick {
            let image = Rc::new(generate::image((n / 64).max(1), 1024, seed + 5));
            for format in [Format::Csr, Format::RunLength] {
                add(Benchmarked::Sum, format, "image runs", size, vec![image.clone()]);
            }
        }
        // A wider band, where a band level saves the most index traffic.
        if !quick {
            let matrix = Rc::new(generate::banded(n, 16, seed + 4));
            let x = Rc::new(generate::dense(&[n], seed + 11));
            for format in [Format::Csr, Format::Band] {
                add(Benchmarked::Spmv, format, "banded 33", size, vec![matrix.clone(), x.clone()]);
            }
        }
        // SpMM and SDDMM carry dense factors; keep those within memory.
        let rows = n.min(60_000);
        let a = Rc::new(generate::uniform(rows, rows, 8, seed + 30));
        add(Benchmarked::Spmm, Format::Csr, "uniform 8/row", size, vec![a, Rc::new(generate::dense(&[rows, 16], seed + 31))]);
        let small = n.min(8_000);
        let s = Rc::new(generate::uniform(small, small, 8, seed + 40));
        let factors = [Rc::new(generate::dense(&[small, 16], seed + 41)), Rc::new(generate::dense(&[16, small], seed + 42))];
        add(Benchmarked::Sddmm, Format::Csr, "uniform 8/row", size, vec![s, factors[0].clone(), factors[1].clone()]);
        let length = n * 64;
        let vectors = [Rc::new(generate::sparse_vector(length, n, seed + 50)), Rc::new(generate::sparse_vector(length, n, seed + 51))];
        add(Benchmarked::Dot, Format::Sparse, "uniform 1/64", size, vectors.to_vec());
        let (i, k) = (n / 10 + 1, 128);
        let tensor = Rc::new(generate::skewed(i, k, k, n * 4, seed + 60));
        add(Benchmarked::Ttv, Format::Csf, "skewed slices", size, vec![tensor.clone(), Rc::new(generate::dense(&[k], seed + 61))]);
        let factors = vec![tensor, Rc::new(generate::dense(&[k, 16], seed + 62)), Rc::new(generate::dense(&[k, 16], seed + 63))];
        add(Benchmarked::Mttkrp, Format::Csf, "skewed slices", size, factors);
        // Convolutions of sparse images with dense 3-tap, 3 × 3 and 3 × 3 × 3
        // filters (paper 003), at one size (a 999,999 vector, a 999 × 999
        // image, a 99 × 99 × 99 volume), over sparsities of 50 %–99.9 %, and
        // the dense image as the baseline.
        if size == "LLC" && !quick {
            let taps = Rc::new(generate::dense(&[3], seed + 70));
            let filter = Rc::new(generate::dense(&[3, 3], seed + 71));
            let kernel3 = Rc::new(generate::dense(&[3, 3, 3], seed + 75));
            for (name, density) in [("50%", 0.5), ("90% sparse", 0.1), ("99% sparse", 0.01), ("99.9% sparse", 0.001)] {
                let length = 999_999;
                let vector = Rc::new(generate::sparse_vector(length, (length as f64 * density) as usize, seed + 72));
                for format in [Format::Sparse, Format::Dense] {
                    add(Benchmarked::Conv1d, format, name, size, vec![vector.clone(), taps.clone()]);
                }
                let side = 999;
                let image = Rc::new(generate::uniform(side, side, ((side as f64 * density) as usize).max(1), seed + 73));
                for format in [Format::Dcsr, Format::Csr, Format::Dense] {
                    add(Benchmarked::Conv2d, format, name, size, vec![image.clone(), filter.clone()]);
                }
                let side = 99;
                let cube = Rc::new(generate::scattered(&[side; 3], ((side * side * side) as f64 * density) as usize, seed + 74));
                for format in [Format::Csf, Format::Dense] {
                    add(Benchmarked::Conv3d, format, name, size, vec![cube.clone(), kernel3.clone()]);
                }
            }
            // Paper 003's ResNet layer 1: a 1 x 256 x 256 x 64 NHWC image in
            // DCCC and a 3 x 3 x 64 x 64 filter, above 80 % sparsity (the
            // paper's range where sparse code beats dense), and the dense
            // image once (its time does not depend on the sparsity; a run
            // takes seconds).
            let filter = Rc::new(generate::dense(&[3, 3, 64, 64], seed + 76));
            for (name, density) in [("80% sparse", 0.2), ("99% sparse", 0.01), ("99.9% sparse", 0.001)] {
                let shape = [1, 256, 256, 64];
                let image = Rc::new(generate::scattered(&shape, (shape.iter().product::<usize>() as f64 * density) as usize, seed + 77));
                add(Benchmarked::ConvNhwc, Format::Dccc, name, size, vec![image.clone(), filter.clone()]);
                if density == 0.2 {
                    add(Benchmarked::ConvNhwc, Format::Dense, name, size, vec![image, filter.clone()]);
                }
            }
        }
    }
    cases
}

/// Runs `kernel` on `inputs`, packed once into the kernel's buffers (as the
/// Python peers time their operations on operands built once;
/// `Kernel::run_repeated`): a checked call warms up, then `repeat` timed
/// calls skip walking the buffers, which would evict the kernel's data from
/// the caches before each run, more for some formats than others; the
/// result is one run's on the inputs as given. A kernel that updates an
/// argument in place (`outs(%arg)`) updates the packed copy at every run:
/// the same work each time.
fn measure(kernel: &Kernel, inputs: &[Rc<Coordinates>], repeat: usize) -> Result<(Tensor<Value>, Vec<Duration>), String> {
    let repeated = kernel.run_repeated(&arguments(kernel, inputs)?, repeat + 1).map_err(|error| error.to_string())?;
    let (Argument::Tensor(result), mut times) = (repeated.result, repeated.times) else { return Err("no tensor result".to_string()) };
    // The first, checked run warmed up.
    times.remove(0);
    Ok((result, times))
}

/// The timed runs of each round, `repeat` in all, in at most
/// [`ROUNDS`] rounds of about the same number of runs.
fn rounds(repeat: usize) -> Vec<usize> {
    let count = ROUNDS.min(repeat).max(1);
    (0..count).map(|round| repeat / count + usize::from(round < repeat % count)).collect()
}

/// How many turns each system (ours, upstream's, the Python peers) takes at a case.
const ROUNDS: usize = 3;

/// The least time a system's timed runs of a case add up to: a kernel
/// shorter than `MIN_TIMED / repeat` runs more than `repeat` times, so that
/// a short kernel's median is not that of a few runs caught in one phase of
/// the machine (a sub-millisecond kernel's runs come in slower and faster
/// stretches tens of runs long). The Python peers take the same budget.
const MIN_TIMED: Duration = Duration::from_millis(200);

/// The most timed runs a system makes of a case.
const MAX_RUNS: usize = 20_000;

/// How many timed runs a system makes of a kernel that took `probe` once:
/// `repeat`, or as many as fill [`MIN_TIMED`], up to [`MAX_RUNS`].
fn timed_runs(repeat: usize, probe: Duration) -> usize {
    let filling = MIN_TIMED.as_secs_f64() / probe.as_secs_f64().max(1e-9);
    repeat.max((filling.ceil() as usize).min(MAX_RUNS))
}

/// How many timed runs `kernel` gets: one timed run after a warm-up tells
/// how long it takes ([`timed_runs`]).
fn runs_of(kernel: &Kernel, inputs: &[Rc<Coordinates>], repeat: usize) -> Result<usize, String> {
    let (_, probe) = measure(kernel, inputs, 1)?;
    Ok(timed_runs(repeat, probe[0]))
}

/// `inputs` as the tensors `kernel`'s parameters declare.
fn arguments(kernel: &Kernel, inputs: &[Rc<Coordinates>]) -> Result<Vec<Argument>, String> {
    let mut arguments = Vec::new();
    for (coordinates, parameter) in inputs.iter().zip(&kernel.parameters) {
        let Parameter::Tensor(parameter) = parameter else { return Err("benchmarks take tensors".to_string()) };
        let coordinates = coordinates.to_element(parameter.element).map_err(|error| error.to_string())?;
        let tensor = Tensor::from_coordinates(parameter.format.clone(), parameter.fill, coordinates).map_err(|error| error.to_string())?;
        arguments.push(Argument::Tensor(tensor));
    }
    Ok(arguments)
}

/// A result as its components that differ from its fill, whatever its
/// format: results can be far too large to compare densely.
pub type Answer = std::collections::BTreeMap<Vec<usize>, f64>;

/// The answer of a result whose listed `entries` (a point listed twice
/// holds their sum) leave the others at `fill`.
pub fn answer(entries: impl IntoIterator<Item = (Vec<usize>, f64)>, fill: f64) -> Answer {
    let mut answer = Answer::new();
    for (point, value) in entries {
        add_entry(&mut answer, &point, value, fill);
    }
    answer.retain(|_, value| *value != fill);
    answer
}

/// [`answer`] of a kernel's result, visited in place: a dense result of
/// 64 million components (SDDMM's at the DRAM size) is never gathered
/// into a list.
fn result_answer(result: &Tensor<Value>, fill: f64) -> Answer {
    let mut answer = Answer::new();
    result.for_each_entry(|point, value| add_entry(&mut answer, point, value.real(), fill));
    answer.retain(|_, value| *value != fill);
    answer
}

/// Adds `value` at `point` (components at a repeated point are summed). A
/// 0 adds nothing to a sum, so with the fill 0 it is not kept: the answer
/// of a dense result holds its nonzeros only, not a key per component.
fn add_entry(answer: &mut Answer, point: &[usize], value: f64, fill: f64) {
    if value == 0.0 && fill == 0.0 {
        return;
    }
    *answer.entry(point.to_vec()).or_insert(0.0) += value;
}

/// Whether two answers of results of fill `fill` hold the same values (up
/// to rounding): a component one of them leaves out is the fill, so a value
/// that rounds to the fill in one system and next to it in another agrees.
pub fn same(left: &Answer, right: &Answer, fill: f64) -> bool {
    let close = |a: f64, b: f64| a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0);
    left.iter().all(|(point, &a)| close(a, right.get(point).copied().unwrap_or(fill)))
        && right.iter().all(|(point, &b)| close(left.get(point).copied().unwrap_or(fill), b))
}

fn main() -> std::process::ExitCode {
    let matches = Command::new("sparse-bench")
        .about("Benchmarks our kernels against upstream MLIR's sparsifier, SciPy and PyData/Sparse, in one run.")
        .arg(Arg::new("quick").long("quick").action(ArgAction::SetTrue).help("The L2 size only, one data set: a smoke test"))
        .arg(Arg::new("out").long("out").help(
            "Where the report goes (default docs/benchmarks.md, docs/benchmarks-io.md with --io, docs/benchmarks-compile.md with \
             --compile-times, docs/benchmarks-threads.md with --thread-scaling)",
        ))
        .arg(Arg::new("work").long("work").default_value("build/bench").help("Where data files, the Python environment and results go"))
        .arg(
            Arg::new("repeat")
                .long("repeat")
                .default_value("7")
                .value_parser(clap::value_parser!(usize))
                .help("Timed runs per system (at least 5)"),
        )
        .arg(
            Arg::new("no-python")
                .long("no-python")
                .action(ArgAction::SetTrue)
                .help("Skip the Python peers (SciPy, PyData/Sparse, GraphBLAS and PyTorch)"),
        )
        .arg(Arg::new("only").long("only").value_name("TEXT").help(
            "Run only the cases whose id contains TEXT, or one of the comma-separated TEXTs (e.g. spmv-band, or vstack,hstack,collapse)",
        ))
        .arg(Arg::new("io").long("io").action(ArgAction::SetTrue).help(
            "Benchmark reading, converting and writing files (ours against SciPy, 1 and 2 threads) instead of kernels; \
             the report goes to --out (default docs/benchmarks-io.md)",
        ))
        .arg(Arg::new("io-child").long("io-child").num_args(4).hide(true))
        .arg(
            Arg::new("compile-times")
                .long("compile-times")
                .action(ArgAction::SetTrue)
                .conflicts_with_all(["io", "quick", "only", "sources-only"])
                .help(
                    "Measure how long our pipeline and upstream's take to lower the sum of k CSR matrices, k = 2…8, and the size of \
             what they print, instead of running kernels; the report goes to --out (default docs/benchmarks-compile.md)",
                ),
        )
        .arg(
            Arg::new("thread-scaling")
                .long("thread-scaling")
                .action(ArgAction::SetTrue)
                .conflicts_with_all(["io", "compile-times", "sources-only"])
                .help(
                    "Time our kernels compiled for one thread and for all the machine's (their outermost independent loops on \
             OpenMP's threads), instead of against peers; the report goes to --out (default docs/benchmarks-threads.md)",
                ),
        )
        .arg(
            Arg::new("sources-only")
                .long("sources-only")
                .action(ArgAction::SetTrue)
                .help("Only write each case's kernel file (WORK/SIZE/kernels/ID.mlir): no compiling, measuring or report"),
        )
        .get_matches();
    let quick = matches.get_flag("quick");
    let repeat = (*matches.get_one::<usize>("repeat").expect("default")).max(5);
    let work = PathBuf::from(matches.get_one::<String>("work").expect("default"));
    if let Some(arguments) = matches.get_many::<String>("io-child") {
        return exit(io::child(&arguments.cloned().collect::<Vec<_>>()));
    }
    let default_out = match (matches.get_flag("io"), matches.get_flag("compile-times"), matches.get_flag("thread-scaling")) {
        (true, _, _) => "docs/benchmarks-io.md",
        (false, true, _) => "docs/benchmarks-compile.md",
        (false, false, true) => "docs/benchmarks-threads.md",
        (false, false, false) => "docs/benchmarks.md",
    };
    let out = PathBuf::from(matches.get_one::<String>("out").map_or(default_out, String::as_str));
    if matches.get_flag("compile-times") {
        return exit(compile_times::benchmark(repeat, &work, &out));
    }
    if matches.get_flag("io") {
        return exit(io::benchmark(quick, repeat, &work, &out, !matches.get_flag("no-python")));
    }
    let only = matches.get_one::<String>("only").map(String::as_str);
    if matches.get_flag("thread-scaling") {
        return exit(threads::benchmark(quick, repeat, &work, &out, only));
    }
    if matches.get_flag("sources-only") {
        return exit(sources(quick, &work, only));
    }
    match run(quick, repeat, &work, &out, !matches.get_flag("no-python"), only) {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("sparse-bench: some systems disagreed or failed; see the report");
            std::process::ExitCode::FAILURE
        }
        Err(message) => {
            eprintln!("sparse-bench: error: {message}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Gives the C library's free memory back to the system, between cases: a
/// case frees its packed inputs, answers and results (hundreds of MB at the
/// DRAM size), which glibc otherwise keeps in its heap. With it, the
/// harness's resident memory at the DRAM size of `--only
/// spmv-,sddmm-,spadd- --no-python` was 0.4–0.7 GB lower case for case.
fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::ffi::c_int;
        }
        // SAFETY: glibc's `malloc_trim` only releases memory its allocator
        // holds free; no block in use moves or changes.
        unsafe { malloc_trim(0) };
    }
}

/// The exit status of a run that gives no report of disagreement.
fn exit(result: Result<(), String>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("sparse-bench: error: {message}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The kernel file of `case`, as our compiler and upstream's read it, also
/// written to `WORK/SIZE/kernels/ID.mlir` so that it can be compiled again
/// by hand (`sparse-opt --sparse-compiler`, `mlir-opt --sparsifier`).
fn kernel_file(case: &Case, work: &std::path::Path) -> Result<(String, String), String> {
    let shapes: Vec<Vec<usize>> = case.inputs.iter().map(|input| input.shape.clone()).collect();
    let source = kernels::source(case.kernel, case.format, &shapes);
    let name = format!("{}.mlir", case.id());
    let dir = work.join(case.size).join("kernels");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::fs::write(dir.join(&name), &source).map_err(|e| format!("{}: {e}", dir.join(&name).display()))?;
    Ok((source, name))
}

/// Whether `--only` selects `case`: no filter, or its id contains one of the
/// filter's comma-separated texts.
fn selected(case: &Case, only: Option<&str>) -> bool {
    only.is_none_or(|texts| texts.split(',').any(|text| case.id().contains(text)))
}

/// Writes the kernel files of the selected cases and nothing else.
fn sources(quick: bool, work: &std::path::Path, only: Option<&str>) -> Result<(), String> {
    let sizes = if quick { &SIZES[..1] } else { &SIZES[..] };
    let mut written = 0;
    for &(size, n) in sizes {
        for case in cases(size, n, quick).iter().filter(|case| selected(case, only)) {
            kernel_file(case, work)?;
            written += 1;
        }
    }
    eprintln!("wrote {written} kernel files to {}/*/kernels", work.display());
    Ok(())
}

fn run(
    quick: bool,
    repeat: usize,
    work: &std::path::Path,
    out: &std::path::Path,
    python: bool,
    only: Option<&str>,
) -> Result<bool, String> {
    std::fs::create_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
    let settled = allocator::settle();
    if !settled {
        eprintln!("sparse-bench: the allocator's thresholds could not be set; runs may map freed memory afresh");
    }
    let bandwidth = bandwidth::triad(if quick { 1 << 23 } else { 1 << 26 }, 5);
    eprintln!("triad bandwidth: {:.2} GB/s", bandwidth / 1e9);
    let mut rows = Vec::new();
    let mut all_agree = true;
    let sizes = if quick { &SIZES[..1] } else { &SIZES[..] };
    for &(size, n) in sizes {
        let mut cases = cases(size, n, quick);
        cases.retain(|case| selected(case, only));
        let mut manifest = peers::Manifest::new(&work.join(size))?;
        let torch = cases.iter().any(|case| case.kernel.is_convolution());
        let mut python_peers = if python { Some(peers::Peers::start(&manifest, repeat, torch)?) } else { None };
        let first = rows.len();
        for case in &cases {
            eprintln!("{}", case.id());
            let (source, name) = kernel_file(case, work)?;
            let mut row = Row::new(case);
            let ours = Kernel::compile_with(&source, &name, Some("kernel"), Abi::Ours).map_err(|e| format!("{name}: {e}"))?;
            let mut upstream = if !case.format.upstream() || !case.kernel.has_upstream() {
                Err(Measurement::Unsupported)
            } else {
                Kernel::compile_with(&source, &name, Some("kernel"), Abi::Upstream).map_err(|error| Measurement::Failed(error.to_string()))
            };
            // Ours, upstream's and the Python peers take turns, a round of
            // runs each, so that a change in the machine's speed during the
            // case (another tenant's load on a shared host) slows all alike.
            let mut case_peers = python_peers.as_mut().filter(|_| case.kernel.has_peers());
            if let Some(peers) = case_peers.as_mut() {
                peers.case(&manifest.add(case)?)?;
            }
            let (mut ours_times, mut upstream_times) = (Vec::new(), Vec::new());
            let mut reference_answer = None;
            let ours_runs = rounds(runs_of(&ours, &case.inputs, repeat).map_err(|e| format!("{name}: {e}"))?);
            let mut upstream_runs = vec![0; ours_runs.len()];
            if let Ok(kernel) = &upstream {
                match runs_of(kernel, &case.inputs, repeat) {
                    Ok(runs) => upstream_runs = rounds(runs),
                    Err(message) => upstream = Err(Measurement::Failed(message)),
                }
            }
            for (runs, upstream_round) in ours_runs.into_iter().zip(upstream_runs) {
                let (result, times) = measure(&ours, &case.inputs, runs).map_err(|e| format!("{name}: {e}"))?;
                ours_times.extend(times);
                let fill = result.fill.real();
                let ours_answer = result_answer(&result, fill);
                match &reference_answer {
                    None => reference_answer = Some((fill, ours_answer)),
                    Some((first_fill, first)) if *first_fill == fill && same(&ours_answer, first, fill) => {}
                    Some(_) => return Err(format!("{name}: our kernel's answers differ from one round to the next")),
                }
                let (fill, reference) = reference_answer.as_ref().expect("set in the first round");
                if let Ok(kernel) = &upstream {
                    match measure(kernel, &case.inputs, upstream_round) {
                        Ok((result, times)) if result.fill.real() == *fill && same(&result_answer(&result, *fill), reference, *fill) => {
                            upstream_times.extend(times)
                        }
                        Ok(_) => upstream = Err(Measurement::Disagrees),
                        Err(message) => upstream = Err(Measurement::Failed(message)),
                    }
                }
                if let Some(peers) = case_peers.as_mut() {
                    peers.round()?;
                }
            }
            let (fill, reference_answer) = reference_answer.expect("at least one round");
            row.ours = Measurement::Times(ours_times);
            row.upstream = upstream.map_or_else(|measurement| measurement, |_| Measurement::Times(upstream_times));
            all_agree &= !matches!(row.upstream, Measurement::Disagrees);
            if let Some(peers) = case_peers {
                manifest.expect(case, reference_answer, fill);
                peers.end()?;
            }
            rows.push(row);
            drop(ours);
            return_freed_memory();
        }
        drop(cases);
        if let Some(python_peers) = python_peers {
            let results = python_peers.finish(&manifest)?;
            for row in &mut rows[first..] {
                let systems = [
                    ("scipy", &mut row.scipy),
                    ("pydata", &mut row.pydata),
                    ("graphblas", &mut row.graphblas),
                    ("pytorch", &mut row.pytorch),
                ];
                for (system, slot) in systems {
                    *slot = results.get(&(row.id.clone(), system.to_string())).cloned().unwrap_or(Measurement::Missing);
                    all_agree &= !matches!(slot, Measurement::Disagrees);
                }
            }
        }
    }
    report::write(out, &rows, bandwidth, &report::Settings { quick, only, repeat, python, settled })?;
    eprintln!("wrote {}", out.display());
    Ok(all_agree)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_keep_what_differs_from_the_fill() {
        // With the fill 0, zeros are left out, and a repeated point sums.
        let zero_fill = answer([(vec![0], 0.0), (vec![1], 0.0), (vec![1], 3.0), (vec![2], 1.5), (vec![2], -1.5)], 0.0);
        assert_eq!(zero_fill, Answer::from([(vec![1], 3.0)]));
        // With another fill, a stored 0 differs from it and is kept; a
        // repeated fill value still adds into the sum.
        let two_fill = answer([(vec![0], 0.0), (vec![1], 2.0), (vec![3], 2.0), (vec![3], 2.0)], 2.0);
        assert_eq!(two_fill, Answer::from([(vec![0], 0.0), (vec![3], 4.0)]));
    }
}
