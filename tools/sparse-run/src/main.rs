//! `sparse-run`: compiles a kernel with the JIT and runs it on data files.
//!
//! ```text
//! sparse-run KERNEL.mlir [--entry NAME] INPUT... [-o OUT] [--repeat N] [--time] [--threads N] [--min-parallel-iterations N]
//! ```
//!
//! Each INPUT fills one parameter of the entry, in order: a `.mtx` file
//! (rank ≤ 2; a rank-1 parameter reads an N×1 or 1×N file), a `.tns` file,
//! or a number for a scalar or rank-0 parameter (`re,im` for a complex one,
//! also `true` or `false` for an `i1`). Each is converted to the format and
//! the element type its parameter declares. The result goes to OUT (`.mtx`
//! or `.tns`, in the field of its element type), or, for a rank-0 result
//! without `-o`, to standard output as one value.

use clap::{Arg, ArgAction, Command};
use sparse_runtime::{
    abi::Abi, frostt, kernel, kernel::TensorParameter, matrix_market, numpy, process, progress, progress::Progress, Argument,
    CompileOptions, Coordinates, Element, Format, Kernel, Kind, Listing, Parameter, Scalar, Tensor, Value,
};
use std::{
    io::Write,
    path::Path,
    process::ExitCode,
    time::{Duration, Instant},
};

/// Large blocks on transparent huge pages, as NumPy's and the kernels' own.
#[global_allocator]
static ALLOCATOR: sparse_runtime::huge_pages::HugePages = sparse_runtime::huge_pages::HugePages;

fn command() -> Command {
    Command::new("sparse-run")
        .about("Compiles a sparse kernel with the JIT and runs it on data files.")
        .arg(Arg::new("kernel").required(true).help("The kernel: an .mlir file"))
        .arg(
            Arg::new("inputs")
                .num_args(0..)
                .allow_negative_numbers(true)
                .help("One per parameter: a .mtx or .tns file, or a value (re,im for a complex one; true or false for an i1)"),
        )
        .arg(Arg::new("entry").long("entry").value_name("NAME").help("The function to run (default: the only public kernel)"))
        .arg(Arg::new("output").short('o').value_name("OUT").help("Where the result goes: a .mtx or .tns file"))
        .arg(
            Arg::new("repeat")
                .long("repeat")
                .value_name("N")
                .default_value("1")
                .value_parser(clap::value_parser!(u32).range(1..))
                .help("Run the kernel N times (for --time)"),
        )
        .arg(
            Arg::new("time")
                .long("time")
                .action(ArgAction::SetTrue)
                .help("Print load, conversion, compile, kernel (median) and write times and the peak memory on stderr, one per line"),
        )
        .arg(
            Arg::new("threads")
                .long("threads")
                .value_name("N")
                .value_parser(clap::value_parser!(u32).range(1..=MAX_THREADS as i64))
                .help("Run the kernel's parallel loops, read input files and write the result on N threads, at most 1024 (default: as many as the machine runs at once)"),
        )
        .arg(
            Arg::new("min-parallel-iterations")
                .long("min-parallel-iterations")
                .value_name("N")
                .value_parser(clap::value_parser!(u64).range(1..=i64::MAX as u64))
                .help("Run a parallel loop on several threads only when it has at least N iterations (default: 4096, or 65536 for a loop holding no loop)"),
        )
        .arg(
            Arg::new("check-bounds").long("check-bounds").action(ArgAction::SetTrue).help(
                "Check every buffer access of the kernel at run time; one out of bounds aborts with its location (slower; for testing)",
            ),
        )
        .arg(
            Arg::new("shuffle-unordered")
                .long("shuffle-unordered")
                .value_name("SEED")
                .value_parser(clap::value_parser!(u64))
                .help(
                    "Store the entries of each segment of the inputs' unordered levels (those with only dense, compressed, \
                     loose-compressed or singleton levels below) in an order drawn from SEED instead of sorted, each with \
                     the entries below it (for testing: a kernel must not depend on that order)",
                ),
        )
}

/// The most threads `--threads` takes: more than a machine runs at once
/// only queue, and thousands exhaust the process's threads or stacks.
const MAX_THREADS: u32 = 1024;

fn main() -> ExitCode {
    let matches = command().get_matches();
    let dumps = process::JitDumps::private();
    let get = |name: &str| matches.get_one::<String>(name).cloned();
    let inputs: Vec<String> = matches.get_many::<String>("inputs").map(|values| values.cloned().collect()).unwrap_or_default();
    let options = Options {
        entry: get("entry"),
        output: get("output"),
        repeat: *matches.get_one::<u32>("repeat").expect("has a default"),
        time: matches.get_flag("time"),
        bounds_checks: matches.get_flag("check-bounds"),
        shuffle_unordered: matches.get_one::<u64>("shuffle-unordered").copied(),
        min_parallel_iterations: matches.get_one::<u64>("min-parallel-iterations").copied(),
        threads: matches.get_one::<u32>("threads").map_or_else(process::available_threads, |&threads| threads as usize),
        // Asked for, parallel loops need the OpenMP runtime (an error
        // without it); by default, they are compiled when it is there.
        kernel_threads: match matches.get_one::<u32>("threads") {
            Some(&threads) => threads as usize,
            None if kernel::openmp_available() => process::available_threads(),
            None => 1,
        },
    };
    if options.bounds_checks {
        // A failed check prints its location, then aborts.
        process::unbuffer_c_stdout();
    }
    match run(&get("kernel").expect("required"), &inputs, &options, &dumps) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("sparse-run: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What the command line asks besides the kernel and its inputs.
struct Options {
    entry: Option<String>,
    output: Option<String>,
    repeat: u32,
    time: bool,
    bounds_checks: bool,
    /// The seed of the order the inputs' unordered levels are stored in.
    shuffle_unordered: Option<u64>,
    min_parallel_iterations: Option<u64>,
    /// Threads for reading and writing files.
    threads: usize,
    /// Threads for the kernel's parallel loops.
    kernel_threads: usize,
}

fn run(kernel: &str, inputs: &[String], options: &Options, dumps: &process::JitDumps) -> Result<(), String> {
    let bytes = std::fs::read(kernel).map_err(|error| format!("could not read kernel file '{kernel}': {error}"))?;
    let source = sparse_dialects::parse::utf8(kernel, bytes)?;
    let compile = CompileOptions {
        bounds_checks: options.bounds_checks,
        threads: options.kernel_threads,
        min_parallel_iterations: options.min_parallel_iterations,
    };
    let kernel =
        Kernel::compile_checked(&source, kernel, options.entry.as_deref(), Abi::Ours, compile).map_err(|error| error.to_string())?;
    dumps.remove();
    if inputs.len() != kernel.parameters.len() {
        return Err(format!("@{} takes {} inputs but {} were given", kernel.entry, kernel.parameters.len(), inputs.len()));
    }
    let (mut load, mut conversion) = (Duration::ZERO, Duration::ZERO);
    let mut arguments = Vec::with_capacity(inputs.len());
    for (index, (input, parameter)) in inputs.iter().zip(&kernel.parameters).enumerate() {
        let (mut argument, times) = read_input(index, input, parameter, options.threads)?;
        if let Some(seed) = options.shuffle_unordered {
            let seed = seed.wrapping_add(index as u64);
            match &mut argument {
                Argument::Tensor(tensor) => tensor.shuffle_unordered(seed),
                Argument::RealTensor(tensor) => tensor.shuffle_unordered(seed),
                Argument::Scalar(_) => {}
            }
        }
        arguments.push(argument);
        load += times.0;
        conversion += times.1;
    }
    // The peak so far (loading, converting, compiling); the kernel's runs
    // measure what they add (Kernel::run_repeated).
    let peak_before = process::peak_resident_bytes();
    // The inputs are packed once; each run's result goes before the next
    // run starts, and the last run's is the result.
    let repeated = kernel.run_repeated(&arguments, options.repeat as usize).map_err(|error| error.to_string())?;
    let (result, mut times, kernel_memory) = (repeated.result, repeated.times, repeated.kernel_memory);
    drop(arguments);
    let start = Instant::now();
    let output = options.output.as_deref();
    match (result, &kernel.result) {
        (Argument::Tensor(result), Parameter::Tensor(declared)) => write_output(&result, declared.element, output, options.threads),
        // A scalar result is written as a 0-d tensor is.
        (Argument::Scalar(value), &Parameter::Scalar(element)) => {
            let result = rank_zero(Format::dense(0), element.zero(), value).map_err(|e| e.to_string())?;
            write_output(&result, element, output, options.threads)
        }
        _ => Err("the kernel returned no result".into()),
    }?;
    if options.time {
        eprintln!("load_time_s: {:.6}", load.as_secs_f64());
        eprintln!("convert_time_s: {:.6}", conversion.as_secs_f64());
        eprintln!("compile_time_s: {:.6}", kernel.compile_time.as_secs_f64());
        eprintln!("kernel_time_s: {:.9}", median(&mut times).as_secs_f64());
        eprintln!("write_time_s: {:.6}", start.elapsed().as_secs_f64());
        if let Some(peak) = process::peak_resident_bytes().map(|peak| peak.max(peak_before.unwrap_or(0))) {
            eprintln!("peak_memory_mib: {:.1}", peak as f64 / (1 << 20) as f64);
        }
        if let Some(grown) = kernel_memory {
            eprintln!("kernel_memory_mib: {:.1}", grown as f64 / (1 << 20) as f64);
        }
    }
    Ok(())
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The rank-0 tensor of `value`, listed as an entry (so a -0.0 stays
/// stored, where a component equal to the fill would not).
fn rank_zero(format: Format, fill: Value, value: Value) -> Result<Tensor<Value>, sparse_runtime::TensorError> {
    Tensor::from_list(format, fill, Coordinates::from_entries(Vec::new(), vec![(Vec::new(), value)])?, Listing::Entries)
}

/// Reads input `index` as its parameter wants it, reading files on
/// `threads` threads; also the time it took to read the file (zero for a
/// value) and to convert it to the parameter's format.
fn read_input(index: usize, input: &str, parameter: &Parameter, threads: usize) -> Result<(Argument, (Duration, Duration)), String> {
    let number = |element: Element| element.parse(input).map_err(|error| format!("input {}: {error}", index + 1));
    match parameter {
        Parameter::Scalar(element) => Ok((number(*element).map(Argument::Scalar)?, Default::default())),
        Parameter::Tensor(tensor) if tensor.shape.is_empty() && !is_file(input) => {
            let value = number(tensor.element)?;
            let tensor = rank_zero(tensor.format.clone(), tensor.fill, value).map_err(|error| format!("input {}: {error}", index + 1))?;
            Ok((Argument::Tensor(tensor), Default::default()))
        }
        // A float tensor holds its values as `f64`s, a third of a `Value`.
        Parameter::Tensor(parameter) if f64::holds(parameter.element) => {
            let (tensor, times) = read_tensor(index, input, parameter, f64::from_value(parameter.fill), threads)?;
            Ok((Argument::RealTensor(tensor), times))
        }
        Parameter::Tensor(parameter) => {
            let (tensor, times) = read_tensor(index, input, parameter, parameter.fill, threads)?;
            Ok((Argument::Tensor(tensor), times))
        }
    }
}

/// The tensor in the file `input` (input `index`) in its parameter's
/// format with `fill`, values held as `V`; also the time it took to read
/// the file and to convert it.
fn read_tensor<V: Scalar>(
    index: usize,
    input: &str,
    parameter: &TensorParameter,
    fill: V,
    threads: usize,
) -> Result<(Tensor<V>, (Duration, Duration)), String> {
    let start = Instant::now();
    // A matrix from a .npz file is read and stored in one step, which
    // takes a CSR archive as the CSR storage it is.
    if FileKind::of(input) == Some(FileKind::Npz) && parameter.shape.len() == 2 {
        let tensor =
            numpy::read_npz_tensor(Path::new(input), parameter.element, &parameter.format, fill).map_err(|error| error.to_string())?;
        check_shape(index, input, &tensor.shape, parameter)?;
        check_sums(input, &tensor, parameter.element)?;
        return Ok((tensor, (start.elapsed(), Duration::ZERO)));
    }
    let label = format!("reading {input}");
    let (coordinates, listing) =
        progress::shown(&label, |progress| read_file(input, parameter.shape.len(), parameter.element, threads, progress))?;
    let load = start.elapsed();
    check_shape(index, input, &coordinates.shape, parameter)?;
    let start = Instant::now();
    let tensor = Tensor::from_list(parameter.format.clone(), fill, coordinates, listing).map_err(|error| format!("{input}: {error}"))?;
    check_sums(input, &tensor, parameter.element)?;
    Ok((tensor, (load, start.elapsed())))
}

/// The readers check each value; entries listed more than once add up
/// (exactly, for integers), and their sum must fit the element type too.
fn check_sums<V: Scalar>(input: &str, tensor: &Tensor<V>, element: Element) -> Result<(), String> {
    if element.kind() != Kind::Integer {
        return Ok(());
    }
    match tensor.values.iter().find_map(|value| element.convert(value.value()).err()) {
        Some(error) => Err(format!("{input}: the sum of entries listed more than once at the same coordinates: {error}")),
        None => Ok(()),
    }
}

/// The kinds of data files, known by their names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FileKind {
    /// `.mtx` or `.mtx.gz`.
    MatrixMarket,
    /// `.tns` or `.tns.gz`.
    Frostt,
    /// `.npy`: a dense NumPy array.
    Npy,
    /// `.npz`: a sparse matrix of `scipy.sparse.save_npz`.
    Npz,
}

impl FileKind {
    fn of(path: &str) -> Option<Self> {
        let text = path.strip_suffix(".gz").unwrap_or(path);
        let compressed = text.len() != path.len();
        match (text.rsplit_once('.').map(|(_, extension)| extension), compressed) {
            (Some("mtx"), _) => Some(Self::MatrixMarket),
            (Some("tns"), _) => Some(Self::Frostt),
            (Some("npy"), false) => Some(Self::Npy),
            (Some("npz"), false) => Some(Self::Npz),
            _ => None,
        }
    }
}

/// What an input or output file may be, for errors.
const FILE_KINDS: &str = ".mtx, .tns (either gzipped, .gz), .npy or .npz";

fn is_file(input: &str) -> bool {
    FileKind::of(input).is_some()
}

/// The tensor in the file `path`, of `rank`, with values of `element`, read
/// on `threads` threads; a text file's parsing advances `progress`. Also what
/// the list holds: the entries a sparse file lists (each stored, explicit
/// zeros too), or a dense array's components.
fn read_file<V: Scalar>(
    path: &str,
    rank: usize,
    element: Element,
    threads: usize,
    progress: &Progress,
) -> Result<(Coordinates<V>, Listing), String> {
    let file = Path::new(path);
    let matrix = |matrix: Coordinates<V>, what: &str| match rank {
        2 => Ok(matrix),
        1 => vector_of(path, matrix),
        _ => Err(format!("{path}: {what} holds a matrix, but the parameter has rank {rank}; use a .tns or .npy file")),
    };
    match FileKind::of(path) {
        Some(FileKind::MatrixMarket) => {
            let (read, listing) = matrix_market::read_watched(file, element, threads, progress).map_err(|error| error.to_string())?;
            Ok((matrix(read, "a Matrix Market file")?, listing))
        }
        Some(FileKind::Frostt) => {
            let read = frostt::read_watched(file, element, threads, progress).map_err(|error| error.to_string())?;
            Ok((read, Listing::Entries))
        }
        Some(FileKind::Npy) => Ok((numpy::read_npy(file, element).map_err(|error| error.to_string())?, Listing::Components)),
        Some(FileKind::Npz) => {
            let sparse = numpy::read_npz(file, element).map_err(|error| error.to_string())?;
            let sparse = if sparse.shape.len() == 2 { matrix(sparse, "a .npz sparse matrix")? } else { sparse };
            Ok((sparse, Listing::Entries))
        }
        None => Err(format!("'{path}' is not a data file this tool reads ({FILE_KINDS})")),
    }
}

/// An N×1 or 1×N matrix as a vector.
fn vector_of<V: Scalar>(path: &str, matrix: Coordinates<V>) -> Result<Coordinates<V>, String> {
    let along = match matrix.shape[..] {
        [_, 1] => 0,
        [1, _] => 1,
        _ => return Err(format!("{path}: a {}x{} matrix is not a vector; the parameter has rank 1", matrix.shape[0], matrix.shape[1])),
    };
    Ok(matrix.project(&[along]))
}

fn check_shape(index: usize, path: &str, shape: &[usize], tensor: &TensorParameter) -> Result<(), String> {
    if shape.len() != tensor.shape.len() {
        return Err(format!("{path}: input {} has rank {} but its parameter has rank {}", index + 1, shape.len(), tensor.shape.len()));
    }
    for (dim, (&size, expected)) in shape.iter().zip(&tensor.shape).enumerate() {
        if expected.is_some_and(|expected| expected != size) {
            return Err(format!("{path}: dimension {dim} has size {size} but its parameter needs {}", expected.expect("checked")));
        }
    }
    Ok(())
}

/// Writes `result`, whose values are `element`s, to `output`, formatting
/// lines on `threads` threads.
fn write_output(result: &Tensor<Value>, element: Element, output: Option<&str>, threads: usize) -> Result<(), String> {
    match output {
        None if result.shape.is_empty() => {
            let mut stdout = std::io::stdout().lock();
            writeln!(stdout, "{}", result.to_dense().first().copied().unwrap_or(result.fill))
                .and_then(|_| stdout.flush())
                .map_err(|error| format!("could not write to standard output: {error}"))
        }
        None => Err(format!("the result is a tensor: name an output file with -o ({FILE_KINDS})")),
        Some(path) => {
            let file = Path::new(path);
            match FileKind::of(path) {
                Some(FileKind::MatrixMarket) => {
                    if result.shape.len() > 2 {
                        return Err(format!("{path}: a rank-{} result needs a .tns or .npy file", result.shape.len()));
                    }
                    matrix_market::write_tensor_with(file, result, element, threads).map_err(|error| error.to_string())
                }
                Some(FileKind::Frostt) => frostt::write_tensor_with(file, result, element, threads).map_err(|error| error.to_string()),
                Some(FileKind::Npy) => {
                    let values = result.try_to_dense().map_err(|error| format!("{path}: {error}"))?;
                    numpy::write_npy(file, &result.shape, &values, element).map_err(|error| error.to_string())
                }
                Some(FileKind::Npz) => {
                    if result.fill != element.zero() {
                        return Err(format!(
                            "{path}: a scipy.sparse matrix holds 0 where nothing is stored, but the result's fill is {}; write a .npy file",
                            result.fill
                        ));
                    }
                    // A sparse result's stored entries, explicit zeros too
                    // (as the other writers keep them); a dense result's
                    // components that are not zero.
                    let mut coordinates = result.coordinates();
                    if result.format == Format::dense(result.shape.len()) {
                        coordinates.retain(|value| value != result.fill);
                    }
                    let matrix = match result.shape.len() {
                        1 => coordinates.with_unit_dim(),
                        2 => coordinates,
                        rank => {
                            return Err(format!(
                                "{path}: a .npz file holds a sparse matrix, but the result has rank {rank}; write a .tns or .npy file"
                            ))
                        }
                    };
                    numpy::write_npz(file, &matrix, element).map_err(|error| error.to_string())
                }
                None => Err(format!("'{path}' is not a data file this tool writes ({FILE_KINDS})")),
            }
        }
    }
}
