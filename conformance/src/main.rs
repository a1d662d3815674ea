//! `sparse-conformance`: runs the kernels of MLIR's own sparse integration
//! tests, restated in `test/Conformance/kernels/` ([`corpus`]), with this
//! compiler, and compares each answer with a dense reference and, beside
//! it, upstream's sparsifier ([`run`]); prints one line per kernel and a
//! summary, and writes or checks the table `docs/conformance.md` ([`table`]).
//!
//! ```text
//! sparse-conformance [--corpus DIR] [--seed S] [--jobs N] [--quiet] [--table FILE | --check FILE]
//! sparse-conformance --kernel test/Conformance/kernels/FILE.mlir@KERNEL   # one kernel, its files kept
//! ```
//!
//! The exit status is 1 when a kernel fails or a corpus file is malformed;
//! with `--check`, when a kernel's verdict differs from the table's (a
//! failure the table records is reported but expected).

mod corpus;
mod data;
mod element;
mod programs;
mod run;
mod signature;
mod table;
mod verdict;

use clap::{value_parser, Arg, ArgAction, Command};
use corpus::CorpusFile;
use run::{run_kernel, Report};
use sparse_harness::tools::Tools;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use table::{FileOutcome, FileRow};
use verdict::{Ours, Upstream};

/// `println!` that ignores a closed standard output (`| head`) instead of panicking.
macro_rules! say {
    ($($argument:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($argument)*);
    }};
}

fn command() -> Command {
    Command::new("sparse-conformance")
        .about("Runs the kernels of MLIR's sparse integration tests (test/Conformance/kernels/) with sparse-run, against a dense reference and beside upstream's sparsifier.")
        .arg(Arg::new("corpus").long("corpus").value_name("DIR").default_value("test/Conformance/kernels").help("The corpus's folder"))
        .arg(Arg::new("kernel").long("kernel").value_name("FILE@NAME").help("Run this kernel alone and keep its files in WORK/STEM@NAME/"))
        .arg(Arg::new("seed").long("seed").value_name("S").value_parser(value_parser!(u64)).default_value("1").help("The seed the arguments are drawn from"))
        .arg(Arg::new("jobs").long("jobs").value_name("N").value_parser(value_parser!(u16).range(1..)).help("Kernels run at once [default: the number of cores]"))
        .arg(Arg::new("work").long("work").value_name("DIR").default_value("target/conformance").help("Where kernels run; failing ones are kept there"))
        .arg(Arg::new("tools").long("tools").value_name("DIR").help("Where sparse-opt and sparse-run are [default: next to sparse-conformance]"))
        .arg(Arg::new("llvm").long("llvm").value_name("DIR").default_value("/usr/lib/llvm-22").help("The LLVM install with mlir-opt and mlir-runner"))
        .arg(Arg::new("table").long("table").value_name("FILE").help("Write the verdicts as a Markdown table (docs/conformance.md)"))
        .arg(Arg::new("quiet").long("quiet").action(ArgAction::SetTrue).help("Print only failing kernels, the check and the summary line"))
        .arg(Arg::new("check").long("check").value_name("FILE").conflicts_with_all(["table", "kernel"]).help("Fail when a verdict differs from this table's"))
}

fn main() -> ExitCode {
    match conformance(&command().get_matches()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("sparse-conformance: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A corpus file read and parsed.
struct Source {
    stem: String,
    text: String,
    parsed: Result<CorpusFile, String>,
}

fn conformance(matches: &clap::ArgMatches) -> Result<bool, String> {
    let string = |name: &str| matches.get_one::<String>(name).map(String::as_str);
    let seed = *matches.get_one::<u64>("seed").expect("has a default");
    let jobs = matches
        .get_one::<u16>("jobs")
        .map(|&jobs| usize::from(jobs))
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let work = PathBuf::from(string("work").expect("has a default"));
    let here = std::env::current_exe().map_err(|error| error.to_string())?;
    let tools_dir = string("tools").map(PathBuf::from).unwrap_or_else(|| here.parent().expect("a file's folder").to_path_buf());
    let tools = Tools::new(&tools_dir, Path::new(string("llvm").expect("has a default")));
    for path in [&tools.sparse_run, &tools.llvm.join("bin/mlir-opt"), &tools.llvm.join("bin/mlir-runner")] {
        if !path.exists() {
            return Err(format!("{} does not exist (build it, or pass --tools/--llvm)", path.display()));
        }
    }
    let (paths, only) = match string("kernel") {
        Some(selection) => {
            let (file, name) = selection.rsplit_once('@').ok_or_else(|| format!("--kernel takes FILE@NAME, not '{selection}'"))?;
            (vec![PathBuf::from(file)], Some(name.to_string()))
        }
        None => {
            let corpus = Path::new(string("corpus").expect("has a default"));
            (corpus::files(corpus).map_err(|error| format!("{}: {error}", corpus.display()))?, None)
        }
    };
    let sources: Vec<Source> = paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
            let stem = path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
            let parsed = CorpusFile::parse(&text).map_err(|error| error.to_string());
            Ok(Source { stem, text, parsed })
        })
        .collect::<Result<_, String>>()?;
    // The kernels to run: (source, kernel) indices.
    let selected: Vec<(usize, usize)> = sources
        .iter()
        .enumerate()
        .filter_map(|(index, source)| Some((index, source.parsed.as_ref().ok()?)))
        .flat_map(|(index, file)| {
            (0..file.kernels().len())
                .map(move |kernel| (index, kernel))
                .filter(|&(_, kernel)| only.as_ref().is_none_or(|name| *name == file.kernels()[kernel].name))
        })
        .collect();
    if let Some(name) = &only {
        if selected.is_empty() {
            return Err(format!("{} has no kernel @{name}", paths[0].display()));
        }
    }
    let settings = Settings { tools: &tools, seed, jobs, work: &work, keep: only.is_some(), quiet: matches.get_flag("quiet") };
    let reports = run_all(&settings, &sources, &selected)?;
    let rows = rows(&sources, &selected, &reports, only.is_some());
    let count = |word: &str| reports.iter().filter(|report| report.ours.word() == word).count();
    let summary =
        format!("conformance: {} kernels, {} pass, {} refused, {} fail", reports.len(), count("pass"), count("refused"), count("fail"));
    let malformed: Vec<&FileRow> = rows.iter().filter(|row| matches!(row.outcome, FileOutcome::Malformed(_))).collect();
    for row in &malformed {
        if let FileOutcome::Malformed(why) = &row.outcome {
            say!("malformed corpus file {}: {why}", row.upstream);
        }
    }
    say!("{summary}");
    if let Some(path) = string("table") {
        std::fs::write(path, table::write(&rows, &summary, seed)).map_err(|error| format!("{path}: {error}"))?;
    }
    let Some(path) = string("check") else { return Ok(count("fail") == 0 && malformed.is_empty()) };
    let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
    Ok(check(&table::read(&text), &rows, path) && malformed.is_empty())
}

/// How kernels are run.
struct Settings<'a> {
    tools: &'a Tools,
    seed: u64,
    jobs: usize,
    work: &'a Path,
    /// Keep every kernel's files (one kernel run alone), not only a failing one's.
    keep: bool,
    /// Print only failing kernels' lines.
    quiet: bool,
}

/// Runs the `selected` kernels on `jobs` threads, printing a line for each
/// as it ends; the reports in the order of `selected`.
fn run_all(settings: &Settings, sources: &[Source], selected: &[(usize, usize)]) -> Result<Vec<Report>, String> {
    let Settings { tools, seed, jobs, work, keep, quiet } = *settings;
    let next = AtomicUsize::new(0);
    let reports: Mutex<Vec<Option<Report>>> = Mutex::new(vec![None; selected.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(selected.len()) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(source, kernel)) = selected.get(index) else { return };
                let source = &sources[source];
                let file = source.parsed.as_ref().expect("only parsed files have kernels selected");
                let kernel = &file.kernels()[kernel];
                let dir = work.join(format!("{}@{}", source.stem, kernel.name));
                let _ = std::fs::remove_dir_all(&dir);
                let report = match std::fs::create_dir_all(&dir) {
                    Ok(()) => run_kernel(tools, &source.text, file, kernel, &source.stem, seed, &dir),
                    Err(error) => {
                        Report { ours: Ours::Fail(format!("{}: {error}", dir.display())), upstream: Upstream::Refused("not run".into()) }
                    }
                };
                if !quiet || matches!(report.ours, Ours::Fail(_)) {
                    say!("{}", line(&source.stem, &kernel.name, &report, &dir, keep));
                }
                if !keep && !matches!(report.ours, Ours::Fail(_)) {
                    let _ = std::fs::remove_dir_all(&dir);
                }
                reports.lock().unwrap_or_else(|poisoned| poisoned.into_inner())[index] = Some(report);
            });
        }
    });
    reports
        .into_inner()
        .map_err(|_| "a worker thread died".to_string())?
        .into_iter()
        .map(|report| report.ok_or_else(|| "a kernel was not run".to_string()))
        .collect()
}

/// One kernel's line: our verdict, the kernel, upstream's verdict, and why.
fn line(stem: &str, name: &str, report: &Report, dir: &Path, keep: bool) -> String {
    let why = match (&report.ours, &report.upstream) {
        (Ours::Pass, _) => String::new(),
        (Ours::Refused(message), _) => format!(": {message}"),
        (Ours::Fail(why), _) => format!(": {why} (files in {})", dir.display()),
    };
    let upstream = match &report.upstream {
        Upstream::Refused(why) | Upstream::Reference(why) if keep => {
            format!("{} ({})", report.upstream.word(), why.lines().next().unwrap_or_default())
        }
        _ => report.upstream.word().to_string(),
    };
    format!("{:<8} {stem}@{name} [upstream {upstream}]{why}", report.ours.word())
}

/// The table's rows: every corpus file (one kernel's alone with `--kernel`).
fn rows(sources: &[Source], selected: &[(usize, usize)], reports: &[Report], only: bool) -> Vec<FileRow> {
    sources
        .iter()
        .enumerate()
        .map(|(index, source)| {
            let outcome = match &source.parsed {
                Err(why) => FileOutcome::Malformed(why.clone()),
                Ok(file) => match &file.contents {
                    corpus::Contents::NoKernel(why) => FileOutcome::NoKernel(why.clone()),
                    corpus::Contents::Kernels(kernels) => FileOutcome::Kernels(
                        selected
                            .iter()
                            .zip(reports)
                            .filter(|((source, _), _)| *source == index)
                            .map(|((_, kernel), report)| (kernels[*kernel].name.clone(), report.clone()))
                            .collect(),
                    ),
                },
            };
            let upstream = match &source.parsed {
                Ok(file) => file.upstream.clone(),
                Err(_) => format!("{}.mlir", source.stem),
            };
            FileRow { upstream, outcome }
        })
        .filter(|row| !only || matches!(&row.outcome, FileOutcome::Kernels(kernels) if !kernels.is_empty()))
        .collect()
}

/// Whether every kernel's verdict is the one `table` records and the
/// table records no kernel the run did not meet; prints each difference.
fn check(table: &std::collections::BTreeMap<(String, String), String>, rows: &[FileRow], path: &str) -> bool {
    let mut met = std::collections::BTreeSet::new();
    let mut same = true;
    for row in rows {
        let FileOutcome::Kernels(kernels) = &row.outcome else { continue };
        for (name, report) in kernels {
            let key = (row.upstream.clone(), name.clone());
            let now = report.ours.word();
            match table.get(&key) {
                Some(recorded) if recorded == now => {
                    if now == "fail" {
                        say!("check: {}@{name}: fails ({path} records it, but a failure is never accepted)", row.upstream);
                        same = false;
                    }
                }
                Some(recorded) => {
                    say!("check: {}@{name}: {path} says {recorded}, this run says {now}", row.upstream);
                    same = false;
                }
                None => {
                    say!("check: {}@{name}: not in {path} (this run says {now}); write the table again with --table", row.upstream);
                    same = false;
                }
            }
            met.insert(key);
        }
    }
    for (file, name) in table.keys().filter(|key| !met.contains(*key)) {
        say!("check: {file}@{name}: in {path} but not in the corpus; write the table again with --table");
        same = false;
    }
    if same {
        say!("check: every verdict is the one {path} records");
    }
    same
}
