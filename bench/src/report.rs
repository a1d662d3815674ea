//! The report: one table row per case with every system's median time, its
//! spread and the ratio to ours, plus the machine, the date and the bandwidth
//! anchor.

use crate::kernels::{Format, Kernel};
use crate::Case;
use std::{path::Path, time::Duration};

#[derive(Clone, Debug)]
pub enum Measurement {
    Times(Vec<Duration>),
    /// Computed a different answer: no time is reported.
    Disagrees,
    Failed(String),
    Unsupported,
    Missing,
}

impl Measurement {
    fn median(&self) -> Option<f64> {
        let Measurement::Times(times) = self else { return None };
        let mut seconds: Vec<f64> = times.iter().map(Duration::as_secs_f64).collect();
        seconds.sort_by(f64::total_cmp);
        seconds.get(seconds.len() / 2).copied()
    }

    fn cell(&self) -> String {
        match self {
            Measurement::Times(times) => {
                let seconds: Vec<f64> = times.iter().map(Duration::as_secs_f64).collect();
                let (low, high) = seconds.iter().fold((f64::INFINITY, 0.0f64), |(l, h), &t| (l.min(t), h.max(t)));
                format!("{} ({}–{})", show(self.median().unwrap_or(0.0)), show(low), show(high))
            }
            Measurement::Disagrees => "**wrong answer**".into(),
            Measurement::Failed(message) => format!("failed: {}", message.lines().next().unwrap_or("").replace('|', "/")),
            Measurement::Unsupported => "n/a".into(),
            Measurement::Missing => "—".into(),
        }
    }
}

/// For each row of one of `variants`, a line comparing it with the row of
/// the kernel it is a variant of on the same data (`line(row, its median,
/// the other's median)`).
fn against_variants(rows: &[Row], variants: &[Kernel], line: impl Fn(&Row, f64, f64) -> String) -> Vec<String> {
    rows.iter()
        .filter(|row| variants.contains(&row.kernel))
        .filter_map(|variant| {
            let base = variant.kernel.variant_of()?;
            let other = rows
                .iter()
                .find(|row| row.kernel == base && row.format == variant.format && row.data == variant.data && row.size == variant.size)?;
            Some(line(variant, variant.ours.median()?, other.ours.median()?))
        })
        .collect()
}

fn show(seconds: f64) -> String {
    if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

pub struct Row {
    pub id: String,
    pub kernel: Kernel,
    pub format: Format,
    pub data: String,
    pub size: &'static str,
    pub nnz: usize,
    /// Bytes an SpMV must move at least.
    pub bytes: Option<usize>,
    pub ours: Measurement,
    pub upstream: Measurement,
    pub scipy: Measurement,
    pub pydata: Measurement,
    pub graphblas: Measurement,
    pub pytorch: Measurement,
}

impl Row {
    pub fn new(case: &Case) -> Self {
        let nnz = case.inputs[0].len();
        let bytes = (case.kernel == Kernel::Spmv).then(|| {
            let (rows, columns) = (case.inputs[0].shape[0], case.inputs[0].shape[1]);
            let index_arrays = match case.format {
                Format::Csr => rows + 1 + nnz,
                Format::Csr32 => (rows + 1 + nnz) / 2,
                Format::Csc => columns + 1 + nnz,
                // Positions and one start per row; the values count the
                // stored entries only, a lower bound when bands have gaps.
                Format::Band => 2 * rows + 1,
                _ => 2 + 2 * nnz,
            };
            8 * (index_arrays + nnz + rows + columns)
        });
        Self {
            id: case.id(),
            kernel: case.kernel,
            format: case.format,
            data: case.data.clone(),
            size: case.size,
            nnz,
            bytes,
            ours: Measurement::Missing,
            upstream: Measurement::Missing,
            scipy: Measurement::Missing,
            pydata: Measurement::Missing,
            graphblas: Measurement::Missing,
            pytorch: Measurement::Missing,
        }
    }

    fn ratio(&self, peer: &Measurement) -> String {
        match (peer.median(), self.ours.median()) {
            (Some(theirs), Some(ours)) if ours > 0.0 => format!("{:.2}×", theirs / ours),
            _ => "—".into(),
        }
    }
}

pub(crate) fn machine() -> (String, usize, String) {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines().find(|line| line.starts_with("model name")).map(|line| line.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let date = std::process::Command::new("date")
        .arg("-u")
        .arg("+%Y-%m-%d")
        .output()
        .ok()
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
        .unwrap_or_default();
    (cpu, cores, date)
}

/// How a run was made, as its report's heading tells it.
pub struct Settings<'a> {
    /// The small smoke run (`--quick`).
    pub quick: bool,
    /// The `--only` text of a partial run, named in the heading beside
    /// `--quick` so that a partial report says it is one.
    pub only: Option<&'a str>,
    /// The least number of timed runs of each system.
    pub repeat: usize,
    /// Whether the Python peers ran.
    pub python: bool,
    /// Whether the allocator took the thresholds `allocator::settle` sets.
    pub settled: bool,
}

/// A peer's column in the table: its name, its ratio's, and its measurement in a row.
type PeerColumn = (&'static str, &'static str, fn(&Row) -> &Measurement);

pub fn write(path: &Path, rows: &[Row], bandwidth: f64, settings: &Settings) -> Result<(), String> {
    let Settings { quick, only, repeat, python, settled } = *settings;
    // Each peer's column and its ratio's; PyTorch's only where the
    // convolutions ran with the Python peers (it has no other kernel).
    let mut peers: Vec<PeerColumn> = vec![
        ("upstream", "upstream/ours", |row| &row.upstream),
        ("SciPy", "SciPy/ours", |row| &row.scipy),
        ("PyData/Sparse", "PyData/ours", |row| &row.pydata),
        ("GraphBLAS", "GraphBLAS/ours", |row| &row.graphblas),
    ];
    let torch = rows.iter().any(|row| row.kernel.is_convolution() && !matches!(row.pytorch, Measurement::Missing));
    if torch {
        peers.push(("PyTorch", "PyTorch/ours", |row| &row.pytorch));
    }
    let (cpu, cores, date) = machine();
    let options = format!("{}{}", if quick { " --quick" } else { "" }, only.map(|text| format!(" --only {text}")).unwrap_or_default());
    let mut text = String::from("# Benchmarks\n\n");
    text += &format!(
        "Measured on {date}, {cores} cores ({cpu}), by `scripts/bench{options}`. Every time is the median of the warm runs of the \
         kernel alone (no compilation, I/O or format conversion; ours and upstream's on inputs packed into the \
         kernel's buffers once per round, the Python peers' on operands built once per case; every system's round begins \
         with a warm-up run, and the systems take turns, a round each, in {} rounds, so that a change in the machine's speed \
         slows all alike), with the spread (min–max) in parentheses. Each system runs a kernel {repeat} \
         times, or as many times as add up to {} ms for a shorter kernel (at most {}), the count set by one timed run \
         after a warm-up: a sub-millisecond kernel's runs come in faster and slower stretches tens of runs long, which a \
         few runs would sample by chance.{} A ratio is \
         the peer's median over ours, so above 1× means we are faster. Each system's answer was checked against ours \
         before its time was reported. Upstream is MLIR's sparsifier (`sparse-assembler{{direct-out=true}}`, \
         `sparsifier{{enable-runtime-library=false}}`) on the same `linalg.generic` file, JIT-compiled at O3 in the same \
         process. GraphBLAS is SuiteSparse:GraphBLAS through python-graphblas, for the kernels it has a \
         counterpart of.{} Every system runs on one thread.{}\n\n",
        crate::ROUNDS,
        crate::MIN_TIMED.as_millis(),
        crate::MAX_RUNS,
        crate::allocator::described(settled),
        if torch {
            " PyTorch is `torch.nn.functional.conv1d`, `conv2d` and `conv3d` (float64, as ours) on the image made dense \
             whatever its format here, the convolutions' dense baseline (conv_nhwc: a channels-last view of the NHWC image)."
        } else {
            ""
        },
        if python { "" } else { " The Python peers were not run." }
    );
    text += &format!("Memory bandwidth anchor (streaming triad): {:.2} GB/s.\n\n", bandwidth / 1e9);
    text += "| kernel | data | size | format | nnz | ours |";
    for (name, ratio, _) in &peers {
        text += &format!(" {name} | {ratio} |");
    }
    text += "\n|---|---|---|---|---:|---|";
    text += &"---|---:|".repeat(peers.len());
    text += "\n";
    for row in rows {
        text +=
            &format!("| {} | {} | {} | {} | {} | {} |", row.kernel.name(), row.data, row.size, row.format.name(), row.nnz, row.ours.cell());
        for (_, _, measurement) in &peers {
            text += &format!(" {} | {} |", measurement(row).cell(), row.ratio(measurement(row)));
        }
        text += "\n";
    }
    let ratios: Vec<f64> = rows.iter().filter_map(|row| Some(row.upstream.median()? / row.ours.median()?)).collect();
    if !ratios.is_empty() {
        let geomean = (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp();
        let slower = ratios.iter().filter(|&&r| r < 1.0).count();
        text += &format!("\nAgainst upstream: geometric mean {geomean:.2}× over {} cases; we are slower in {slower}.\n", ratios.len());
    }
    let formats: Vec<String> = rows
        .iter()
        .filter(|row| matches!(row.format, Format::Band | Format::Csr32 | Format::Csr32Unordered | Format::RunLength))
        .filter_map(|other| {
            let csr = rows
                .iter()
                .find(|row| row.format == Format::Csr && row.kernel == other.kernel && row.data == other.data && row.size == other.size)?;
            Some(format!(
                "{} {} {}: {} {:.2}× our CSR",
                other.kernel.name(),
                other.data,
                other.size,
                other.format.name(),
                csr.ours.median()? / other.ours.median()?
            ))
        })
        .collect();
    if !formats.is_empty() {
        text += "\nOur level formats against our CSR on the same data (CSR's median over the format's):\n\n";
        for line in formats {
            text += &format!("- {line}\n");
        }
    }
    // Paper 004's workspaces on the same SpGEMM: the coordinate one
    // (insert–sort–merge) and the hash one against the dense one (each a row
    // at a time).
    let workspaces = against_variants(rows, &[Kernel::SpgemmHash, Kernel::SpgemmCoord], |variant, v, d| {
        let kind = if variant.kernel == Kernel::SpgemmHash { "hash" } else { "coordinate" };
        format!("{} {}: dense {}, {kind} {} ({:.2}× the dense workspace's time)", variant.data, variant.size, show(d), show(v), v / d)
    });
    if !workspaces.is_empty() {
        text += "\nSpGEMM through our dense workspace against our hash workspace (`sig.workspace = {kind = \"hash\"}`) and our \
                 coordinate workspace (`sig.workspace = {kind = \"coord\"}`), same data:\n\n";
        for line in workspaces {
            text += &format!("- {line}\n");
        }
    }
    // Paper 004's Fig. 16: outer products through a sparse workspace (the
    // bucket list) against a dense one spanning the whole result.
    let outer = against_variants(rows, &[Kernel::SpgemmOuterDense], |dense, d, b| {
        format!("{} {}: bucket {}, dense {} (the sparse workspace {:.2}× faster)", dense.data, dense.size, show(b), show(d), d / b)
    });
    if !outer.is_empty() {
        text += "\nOuter-product SpGEMM (DCSC × DCSR → CSR, 10,000 × 10,000, 1,000 entries per non-empty column of A and \
                 row of B) through our bucket workspace (the default, sparse) against our dense workspace spanning the whole \
                 result (`sig.workspace = {kind = \"dense\"}`), same data (paper 004 Fig. 16):\n\n";
        for line in outer {
            text += &format!("- {line}\n");
        }
    }
    // The two component-list sorts on the same transposition.
    let sorts = against_variants(rows, &[Kernel::TransposeCoord], |coord, c, b| {
        format!("{} {}: bucket {}, coordinate {} ({:.2}× the bucket workspace's time)", coord.data, coord.size, show(b), show(c), c / b)
    });
    if !sorts.is_empty() {
        text += "\nTransposition through our bucket workspace (the default) against our coordinate workspace \
                 (`sig.workspace = {kind = \"coord\"}`), same data:\n\n";
        for line in sorts {
            text += &format!("- {line}\n");
        }
    }
    // Paper 001's fused kernels: the concatenation read by the SpMV, and
    // the views read by the products, against the same concatenation or
    // view built first, by a function of its own.
    let unfused_variants =
        [Kernel::VstackSpmvUnfused, Kernel::HstackSpmvUnfused, Kernel::CollapseMultiplyUnfused, Kernel::SliceMultiplyUnfused];
    let fusion = against_variants(rows, &unfused_variants, |unfused, u, f| {
        let fused = unfused.kernel.variant_of().map_or("?", Kernel::name);
        format!("{fused} {} {}: fused {}, unfused {} ({:.2}× faster fused)", unfused.data, unfused.size, show(f), show(u), u / f)
    });
    if !fusion.is_empty() {
        text += "\nSpMV over a concatenation and elementwise products of a view, fused (the product reads the operands, or the \
                 viewed matrix, in place) against unfused (the concatenation or view built first in a function of its own, then \
                 multiplied), ours, same data:\n\n";
        for line in fusion {
            text += &format!("- {line}\n");
        }
    }
    // What an initial value that is an argument costs: spmv_acc against the
    // zero-init spmv on the same CSR matrix, ours and upstream's.
    let initial: Vec<String> = rows
        .iter()
        .filter(|row| row.kernel == Kernel::SpmvAcc)
        .filter_map(|acc| {
            let spmv = rows
                .iter()
                .find(|row| row.kernel == Kernel::Spmv && row.format == acc.format && row.data == acc.data && row.size == acc.size)?;
            let against = |system: &str, acc: &Measurement, spmv: &Measurement| match (acc.median(), spmv.median()) {
                (Some(a), Some(s)) => format!("{system} {} against {} ({:.2}×)", show(a), show(s), a / s),
                _ => format!("{system} —"),
            };
            Some(format!(
                "{} {} {}: {}; {}",
                acc.data,
                acc.size,
                acc.format.name(),
                against("ours", &acc.ours, &spmv.ours),
                against("upstream", &acc.upstream, &spmv.upstream)
            ))
        })
        .collect();
    if !initial.is_empty() {
        text += "\nInitial value from an argument: spmv_acc (`y = A·x + y0`) against spmv (`y = A·x`, from zero) on the same matrix \
                 (spmv_acc's median, spmv's, and their ratio):\n\n";
        for line in initial {
            text += &format!("- {line}\n");
        }
    }
    let streaming: Vec<String> = rows
        .iter()
        .filter(|row| row.size == "DRAM" || (row.size == "L2" && quick))
        .filter_map(|row| {
            let rate = row.bytes? as f64 / row.ours.median()?;
            Some(format!(
                "{} {} {}: {:.2} GB/s, {:.0}% of the triad",
                row.kernel.name(),
                row.format.name(),
                row.data,
                rate / 1e9,
                100.0 * rate / bandwidth
            ))
        })
        .collect();
    if !streaming.is_empty() {
        text += "\nSpMV bytes moved per second (index and value arrays, x and y, once each):\n\n";
        for line in streaming {
            text += &format!("- {line}\n");
        }
    }
    if let Ok(previous) = std::fs::read_to_string(path) {
        text += kept_notes(&previous);
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The hand-written part of a previous report, kept when the report is
/// written again: everything from a line `## Notes` on (measurements made
/// outside the table, each saying when and how), with the blank line before
/// it; nothing if there is no such line.
pub(crate) fn kept_notes(previous: &str) -> &str {
    match previous.find("\n## Notes\n") {
        Some(start) => &previous[start..],
        None => "",
    }
}

#[cfg(test)]
mod tests {
    use super::{kept_notes, write, Measurement, Row, Settings};
    use crate::kernels::{Format, Kernel};
    use std::time::Duration;

    fn row(kernel: Kernel, pytorch: Measurement) -> Row {
        let times = |micros| Measurement::Times(vec![Duration::from_micros(micros); 5]);
        Row {
            id: format!("{}-dense", kernel.name()),
            kernel,
            format: Format::Dense,
            data: "90% sparse".into(),
            size: "LLC",
            nnz: 10,
            bytes: None,
            ours: times(100),
            upstream: times(150),
            scipy: Measurement::Unsupported,
            pydata: Measurement::Unsupported,
            graphblas: Measurement::Unsupported,
            pytorch,
        }
    }

    fn report(rows: &[Row]) -> String {
        let path = std::env::temp_dir().join(format!("sparse-bench-report-{}-{}.md", std::process::id(), rows.len()));
        let settings = Settings { quick: false, only: None, repeat: 5, python: true, settled: true };
        write(&path, rows, 1e10, &settings).expect("the report is written");
        let text = std::fs::read_to_string(&path).expect("the report is read");
        std::fs::remove_file(&path).expect("the report is removed");
        text
    }

    #[test]
    fn pytorch_has_columns_only_where_it_ran() {
        // The peers report PyTorch unsupported for every other kernel.
        let without = report(&[row(Kernel::Conv1d, Measurement::Missing), row(Kernel::Spmv, Measurement::Unsupported)]);
        assert!(!without.contains("PyTorch"));
        assert!(without.contains("| GraphBLAS | GraphBLAS/ours |\n|---|---|---|---|---:|---|---|---:|---|---:|---|---:|---|---:|\n"));
        let ran = Measurement::Times(vec![Duration::from_micros(400); 5]);
        let with = report(&[row(Kernel::Conv1d, Measurement::Missing), row(Kernel::Conv1d, ran)]);
        assert!(with.contains("| GraphBLAS | GraphBLAS/ours | PyTorch | PyTorch/ours |\n"));
        assert!(with.contains("| 400.0 µs (400.0 µs–400.0 µs) | 4.00× |\n"));
        assert!(with.contains("| n/a | — | — | — |\n"));
    }

    #[test]
    fn notes_survive_a_new_report() {
        let previous = "# Benchmarks\n\n| table |\n\n## Notes\n\nmeasured by hand\n";
        assert_eq!(kept_notes(previous), "\n## Notes\n\nmeasured by hand\n");
        assert_eq!(kept_notes("# Benchmarks\n\n| table |\n"), "");
        assert_eq!(kept_notes("# Benchmarks\n## Notes and more\n"), "");
    }
}
