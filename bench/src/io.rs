//! The I/O benchmark (`sparse-bench --io`): reading a `.mtx` file, storing
//! the matrix in CSR and writing it back as `.mtx`, ours (`sparse_runtime`)
//! against SciPy (`scipy.io.mmread`, `tocsr`, `mmwrite`, with
//! fast_matrix_market inside), on 1 and 2 threads; and loading the same
//! matrix from the `.npz` file `scipy.sparse.save_npz` would write. Every run
//! is a fresh process (ours: this program again, with `--io-child`), so that
//! its peak memory is its own; the written files are checked to hold what
//! was read.

use crate::generate;
use sparse_runtime::{matrix_market, numpy, process, Coordinates, Element, Format, SplitMix64, Tensor};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// What one run printed: its phases' seconds, the entries it stored, and
/// its resident memory when the work started and at its peak.
#[derive(Clone, Debug, Default)]
struct Run {
    read: f64,
    convert: f64,
    write: f64,
    total: f64,
    nnz: usize,
    start_rss: f64,
    peak_rss: f64,
}

impl Run {
    fn parse(text: &str) -> Result<Self, String> {
        let mut run = Run::default();
        for line in text.lines() {
            let Some((key, value)) = line.split_once(' ') else { continue };
            let number: f64 = value.trim().parse().map_err(|_| format!("bad line '{line}'"))?;
            match key {
                "read_s" => run.read = number,
                "convert_s" => run.convert = number,
                "write_s" => run.write = number,
                "total_s" => run.total = number,
                "nnz" => run.nnz = number as usize,
                "start_rss_bytes" => run.start_rss = number,
                "peak_rss_bytes" => run.peak_rss = number,
                _ => {}
            }
        }
        Ok(run)
    }

    /// Memory the work added at its peak, in bytes.
    fn growth(&self) -> f64 {
        self.peak_rss - self.start_rss
    }
}

/// `sparse-bench --io-child KIND INPUT OUTPUT THREADS`: one run of ours, as
/// `io_peer.py` runs SciPy's.
pub fn child(arguments: &[String]) -> Result<(), String> {
    let [kind, input, output, threads] = arguments else {
        return Err("--io-child takes KIND INPUT OUTPUT THREADS".into());
    };
    let threads: usize = threads.parse().map_err(|_| format!("bad thread count '{threads}'"))?;
    let unknown = || "this system does not tell the process's resident memory".to_string();
    let start_rss = process::resident_bytes().ok_or_else(unknown)?;
    let start = Instant::now();
    let (csr, read) = if kind == "mtx" {
        let coordinates = matrix_market::read_with::<f64>(Path::new(input), Element::F64, threads).map_err(|error| error.to_string())?;
        let read = start.elapsed().as_secs_f64();
        (Tensor::from_coordinates(Format::csr(), 0.0, coordinates).map_err(|error| error.to_string())?, read)
    } else {
        // Read and stored in one step.
        let csr = numpy::read_npz_tensor(Path::new(input), Element::F64, &Format::csr(), 0.0).map_err(|error| error.to_string())?;
        (csr, start.elapsed().as_secs_f64())
    };
    let converted = start.elapsed().as_secs_f64();
    if kind == "mtx" {
        matrix_market::write_tensor_with(Path::new(output), &csr, Element::F64, threads).map_err(|error| error.to_string())?;
    }
    let total = start.elapsed().as_secs_f64();
    let report = format!(
        "read_s {read:.6}\nconvert_s {:.6}\nwrite_s {:.6}\ntotal_s {total:.6}\nnnz {}\nstart_rss_bytes {start_rss}\npeak_rss_bytes {}\n",
        converted - read,
        total - converted,
        csr.nnz(),
        process::peak_resident_bytes().ok_or_else(unknown)?
    );
    // An error, not a panic, when the reader has gone (`| head`).
    std::io::stdout().write_all(report.as_bytes()).map_err(|error| format!("writing the report: {error}"))
}

/// One data set: its name, and its matrix.
struct Data {
    name: String,
    matrix: Coordinates,
}

/// The data sets of about `entries` entries each.
fn data(entries: usize, seed: u64) -> Vec<Data> {
    let rows = entries / 8;
    let scale = (entries as f64 / 8.0).log2().round() as u32;
    let matrices = [
        ("uniform 8/row", generate::uniform(rows, rows, 8, seed)),
        ("R-MAT", generate::rmat(scale, 8 << scale, seed + 1)),
        ("banded 5", generate::banded(entries / 5, 2, seed + 2)),
    ];
    matrices.into_iter().map(|(name, matrix)| Data { name: name.to_string(), matrix: measured_values(matrix, seed + 3) }).collect()
}

/// `matrix` with values as measured data has them: reals in (-1, 1) of
/// full precision, most printed with 16 or 17 significant digits (the
/// kernel benchmarks' values are quarters, which print short).
fn measured_values(mut matrix: Coordinates, seed: u64) -> Coordinates {
    let mut random = SplitMix64::new(seed);
    for value in &mut matrix.values {
        let magnitude = (random.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        *value = if random.next_u64() & 1 == 0 { magnitude } else { -magnitude };
    }
    matrix
}

/// Runs `command` and parses what it printed.
fn run(command: &mut std::process::Command) -> Result<Run, String> {
    let output = command.output().map_err(|error| error.to_string())?;
    if !output.status.success() {
        return Err(format!("{:?} failed: {}", command, String::from_utf8_lossy(&output.stderr)));
    }
    Run::parse(&String::from_utf8_lossy(&output.stdout))
}

/// For each of `commands`, its run of median total time among `repeat`
/// runs. The commands take turns, one run each, so that a change in the
/// machine's speed (another tenant's load on a shared host) slows all alike
/// and leaves their ratios alone.
fn median_runs(repeat: usize, commands: &mut [std::process::Command]) -> Result<Vec<Run>, String> {
    let count = commands.len();
    let mut runs = vec![Vec::new(); count];
    for turn in 0..repeat {
        // Each turn starts with the next command, so that none always
        // runs first.
        for at in (0..count).map(|step| (turn + step) % count) {
            runs[at].push(run(&mut commands[at])?);
        }
    }
    Ok(runs
        .into_iter()
        .map(|mut runs| {
            runs.sort_by(|a, b| a.total.total_cmp(&b.total));
            runs.swap_remove(runs.len() / 2)
        })
        .collect())
}

/// The report row of one data set on one thread count.
struct Row {
    data: String,
    rows: usize,
    nnz: usize,
    file_bytes: u64,
    threads: usize,
    ours: Run,
    /// Absent when the Python peers are not run.
    scipy: Option<Run>,
    /// Loading the `.npz` file of the same matrix, ours and SciPy's.
    npz: Option<(Run, Option<Run>)>,
}

/// Measures every data set and writes the report to `out`; SciPy's runs
/// only when `python`.
pub fn benchmark(quick: bool, repeat: usize, work: &Path, out: &Path, python: bool) -> Result<(), String> {
    let dir = work.join("io");
    std::fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    let venv = work.join("venv");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if python {
        let status = std::process::Command::new("bash").arg(root.join("python/setup.sh")).arg(&venv).status().map_err(|e| e.to_string())?;
        if !status.success() {
            return Err("could not set up the Python environment".into());
        }
    }
    let me = std::env::current_exe().map_err(|error| error.to_string())?;
    let sizes: &[usize] = if quick { &[100_000] } else { &[100_000, 1_000_000, 10_000_000] };
    let mut rows = Vec::new();
    for &entries in sizes {
        for data in data(entries, entries as u64) {
            let stem = format!("{}-{entries}", data.name.replace(['/', ' '], "_"));
            let (mtx, npz) = (dir.join(format!("{stem}.mtx")), dir.join(format!("{stem}.npz")));
            eprintln!("io: {stem} ({} entries)", data.matrix.len());
            matrix_market::write(&mtx, &data.matrix, Element::F64, false).map_err(|error| error.to_string())?;
            numpy::write_npz(&npz, &data.matrix, Element::F64).map_err(|error| error.to_string())?;
            let file_bytes = std::fs::metadata(&mtx).map_err(|error| error.to_string())?.len();
            let (rows_count, nnz) = (data.matrix.shape[0], data.matrix.len());
            drop(data.matrix);
            for threads in [1, 2] {
                let (ours_out, scipy_out) = (dir.join(format!("{stem}.ours.mtx")), dir.join(format!("{stem}.scipy.mtx")));
                let child = |arguments: [&std::ffi::OsStr; 4]| {
                    let mut command = std::process::Command::new(&me);
                    command.arg("--io-child").args(arguments);
                    command
                };
                let threads_text = threads.to_string();
                let mut commands = Vec::new();
                let mut add = |command| {
                    commands.push(command);
                    commands.len() - 1
                };
                let ours_mtx = add(child(["mtx".as_ref(), mtx.as_os_str(), ours_out.as_os_str(), threads_text.as_ref()]));
                let scipy_mtx = python.then(|| add(peer(&venv, root, "mtx", &mtx, &scipy_out, threads)));
                // The `.npz` loads, on one thread.
                let ours_npz = (threads == 1).then(|| add(child(["npz".as_ref(), npz.as_os_str(), "-".as_ref(), "1".as_ref()])));
                let scipy_npz = (threads == 1 && python).then(|| add(peer(&venv, root, "npz", &npz, Path::new("-"), 1)));
                let medians = median_runs(repeat, &mut commands)?;
                let ours = medians[ours_mtx].clone();
                check(&ours_out, &mtx)?;
                let scipy = scipy_mtx.map(|at| medians[at].clone());
                if python {
                    check(&scipy_out, &mtx)?;
                }
                let npz = ours_npz.map(|at| (medians[at].clone(), scipy_npz.map(|at| medians[at].clone())));
                rows.push(Row { data: data.name.clone(), rows: rows_count, nnz, file_bytes, threads, ours, scipy, npz });
            }
            for path in [&mtx, &npz, &dir.join(format!("{stem}.ours.mtx")), &dir.join(format!("{stem}.scipy.mtx"))] {
                let _ = std::fs::remove_file(path);
            }
        }
    }
    report(out, &rows, quick, repeat, python)
}

/// SciPy's run, a fresh Python process.
fn peer(venv: &Path, root: &Path, kind: &str, input: &Path, output: &Path, threads: usize) -> std::process::Command {
    let mut command = std::process::Command::new(venv.join("bin/python"));
    command.arg(root.join("python/io_peer.py")).arg(kind).arg(input).arg(output).arg(threads.to_string());
    command
}

/// Checks that the file `written` holds the matrix of `original`: the same
/// CSR structure, and values equal up to rounding in the last digit.
fn check(written: &Path, original: &Path) -> Result<(), String> {
    let csr = |path: &Path| -> Result<Tensor, String> {
        let matrix = matrix_market::read(path).map_err(|error| error.to_string())?;
        Tensor::from_coordinates(Format::csr(), 0.0, matrix).map_err(|error| error.to_string())
    };
    let (written_csr, original_csr) = (csr(written)?, csr(original)?);
    let close = written_csr.values.iter().zip(&original_csr.values).all(|(a, b)| (a - b).abs() <= 1e-15 * a.abs().max(b.abs()));
    if written_csr.levels == original_csr.levels && written_csr.values.len() == original_csr.values.len() && close {
        Ok(())
    } else {
        Err(format!("{} does not hold the matrix of {}", written.display(), original.display()))
    }
}

fn megabytes(bytes: f64) -> String {
    format!("{:.0} MB", bytes / 1e6)
}

fn report(out: &Path, rows: &[Row], quick: bool, repeat: usize, python: bool) -> Result<(), String> {
    let (cpu, cores, date) = crate::report::machine();
    let mut text = String::from("# I/O benchmarks\n\n");
    text += &format!(
        "Measured on {date}, {cores} cores ({cpu}), by `scripts/bench --io{}`. Each system reads a generated Matrix Market file \
         (`coordinate real general`, row-major, values in (-1, 1) of full precision, most printed with 16 or 17 significant digits), stores the matrix in CSR (duplicates added), and \
         writes it back as `.mtx`: ours with `sparse_runtime` (`matrix_market::read_with` into `f64` values, `Tensor::from_coordinates`, \
         `matrix_market::write_tensor_with`, straight from the CSR storage), SciPy with `scipy.io.mmread`, `tocsr` and `scipy.io.mmwrite` (fast_matrix_market \
         inside), each on the thread count of the row. Every run is a fresh process; a time is the median of {repeat} runs \
         of the whole read, conversion and write (process and interpreter start-up excluded; the runs of every system, and the \
         `.npz` loads below, take turns, one run each, so that a change in the machine's speed slows all alike), and the written files are \
         checked to hold the matrix read. **Memory** is what the run added to its resident memory at its peak (`VmHWM` \
         less `VmRSS` when the work starts). **Buffers** is the CSR matrix in 64-bit indices and `f64` values, \
         `(rows + 1 + 2 nnz) × 8` bytes; the target is memory ≤ 1.5 × buffers + the file. A ratio is SciPy's over ours: above 1× \
         means we are faster or smaller.{}\n\n",
        if quick { " --quick" } else { "" },
        if python { "" } else { " SciPy was not run." }
    );
    text += "| data | entries | file | threads | ours | SciPy | SciPy/ours | ours: read, convert, write | ours memory | SciPy memory | buffers + file | ours/(1.5 buffers + file) |\n";
    text += "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|\n";
    for row in rows {
        let buffers = (row.rows as f64 + 1.0 + 2.0 * row.nnz as f64) * 8.0;
        let scipy_time = row.scipy.as_ref().map_or("—".into(), |scipy| format!("{:.3} s", scipy.total));
        let ratio = row.scipy.as_ref().map_or("—".into(), |scipy| format!("{:.2}×", scipy.total / row.ours.total));
        let scipy_memory = row.scipy.as_ref().map_or("—".into(), |scipy| megabytes(scipy.growth()));
        text += &format!(
            "| {} | {} | {} | {} | {:.3} s | {scipy_time} | {ratio} | {:.3}, {:.3}, {:.3} s | {} | {scipy_memory} | {} | {:.2} |\n",
            row.data,
            row.nnz,
            megabytes(row.file_bytes as f64),
            row.threads,
            row.ours.total,
            row.ours.read,
            row.ours.convert,
            row.ours.write,
            megabytes(row.ours.growth()),
            megabytes(buffers + row.file_bytes as f64),
            row.ours.growth() / (1.5 * buffers + row.file_bytes as f64),
        );
    }
    text += "\nLoading the same matrix from the `.npz` file `scipy.sparse.save_npz` reads (CSR, written uncompressed by \
             `numpy::write_npz`) into CSR, one thread: ours (`numpy::read_npz_tensor`, which takes the CSR arrays as the CSR \
             storage) against our \
             `.mtx` read and conversion above, and against SciPy's `load_npz`.\n\n";
    text += "| data | entries | ours from .npz | ours from .mtx | .mtx/.npz | SciPy load_npz | SciPy/ours |\n";
    text += "|---|---:|---:|---:|---:|---:|---:|\n";
    for row in rows {
        if let Some((ours, scipy)) = &row.npz {
            let mtx = row.ours.read + row.ours.convert;
            let scipy_time = scipy.as_ref().map_or("—".into(), |scipy| format!("{:.4} s", scipy.total));
            let ratio = scipy.as_ref().map_or("—".into(), |scipy| format!("{:.2}×", scipy.total / ours.total));
            text += &format!(
                "| {} | {} | {:.4} s | {:.4} s | {:.1}× | {scipy_time} | {ratio} |\n",
                row.data,
                row.nnz,
                ours.total,
                mtx,
                mtx / ours.total
            );
        }
    }
    std::fs::write(out, text).map_err(|error| format!("{}: {error}", out.display()))?;
    eprintln!("wrote {}", out.display());
    Ok(())
}
