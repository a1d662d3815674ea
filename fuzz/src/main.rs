//! `sparse-fuzz`: the fuzzing and differential harness of the sparse array
//! compiler. Four targets, each a stream of numbered cases drawn from a
//! seed, so any case can be run again alone:
//!
//! - `readers`: the `.mtx`/`.tns` readers, formats' assembly and writers,
//!   in process ([`readers`]);
//! - `opt`: `sparse-opt` on mutated `.mlir` inputs ([`opt`]);
//! - `kernels`: `sparse-run` on random kernels × formats × data against a
//!   dense reference ([`kernels`]);
//! - `upstream`: the same kernels also through `mlir-opt --sparsifier` and
//!   `mlir-runner`, answers compared.
//!
//! ```text
//! sparse-fuzz [TARGET...] [--seconds N | --cases N] [--seed S] [--jobs N] [--work DIR]
//! sparse-fuzz TARGET --seed S --case I      # one case again, its files kept
//! ```
//!
//! A failing case's files go to `WORK/failures/TARGET-SEED-CASE/` with a
//! `reason.txt`; cases where upstream refused or disagreed go to
//! `WORK/notes/`. The exit status is 1 when any case failed.

mod choice;
mod generate;
mod kernels;
mod mutate;
mod opt;
mod readers;

use choice::Choice;
use clap::{value_parser, Arg, ArgAction, Command};
use sparse_harness::tools::Tools;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How a case ended: passed (in a named category), passed but worth
/// keeping (a category on the first line, details after), or failed (with
/// the reason).
pub enum Verdict {
    Pass(String),
    Note(String),
    Fail(String),
}

/// A stream of cases. `case` works in `dir`, a folder of its own.
pub trait Target: Sync {
    fn name(&self) -> &'static str;
    fn case(&self, choice: &mut Choice, dir: &Path) -> Verdict;
}

const TARGETS: [&str; 4] = ["readers", "opt", "kernels", "upstream"];

fn command() -> Command {
    Command::new("sparse-fuzz")
        .about("Fuzzes the sparse array compiler: data readers, sparse-opt on mutated inputs, and random kernels against a dense reference and upstream MLIR.")
        .arg(Arg::new("targets").num_args(0..).value_parser(TARGETS).help("Targets to run (default: all four)"))
        .arg(Arg::new("seconds").long("seconds").value_name("N").value_parser(value_parser!(u64)).help("Run for N seconds in all, shared among the targets [default: 60]"))
        .arg(Arg::new("cases").long("cases").value_name("N").value_parser(value_parser!(u64)).conflicts_with("seconds").help("Run N cases of each target"))
        .arg(Arg::new("case").long("case").value_name("I").value_parser(value_parser!(u64)).conflicts_with_all(["seconds", "cases"]).help("Run case I alone and keep its files"))
        .arg(Arg::new("seed").long("seed").value_name("S").value_parser(value_parser!(u64)).default_value("1").help("The seed the cases are drawn from"))
        .arg(Arg::new("jobs").long("jobs").value_name("N").value_parser(value_parser!(u16).range(1..)).help("Cases run at once [default: the number of cores]"))
        .arg(Arg::new("work").long("work").value_name("DIR").default_value("target/fuzz").help("Where cases run and failures are kept"))
        .arg(Arg::new("tools").long("tools").value_name("DIR").help("Where sparse-opt and sparse-run are [default: next to sparse-fuzz]"))
        .arg(Arg::new("llvm").long("llvm").value_name("DIR").default_value("/usr/lib/llvm-22").help("The LLVM install with mlir-opt and mlir-runner"))
        .arg(Arg::new("root").long("root").value_name("DIR").help("The repository, whose test/ and examples/ seed the mutations [default: this crate's parent]"))
        .arg(Arg::new("quiet").long("quiet").action(ArgAction::SetTrue).help("Print only the summary lines"))
}

fn main() -> ExitCode {
    let matches = command().get_matches();
    match fuzz(&matches) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("sparse-fuzz: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// When a run stops.
#[derive(Clone, Copy)]
enum Budget {
    Until(Instant),
    Cases(u64),
    One(u64),
}

fn fuzz(matches: &clap::ArgMatches) -> Result<bool, String> {
    let mut names: Vec<&str> = matches.get_many::<String>("targets").map(|names| names.map(String::as_str).collect()).unwrap_or_default();
    if names.is_empty() {
        names = TARGETS.to_vec();
    }
    let seed = *matches.get_one::<u64>("seed").expect("has a default");
    let jobs = matches
        .get_one::<u16>("jobs")
        .map(|&jobs| usize::from(jobs))
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let work = PathBuf::from(matches.get_one::<String>("work").expect("has a default"));
    let here = std::env::current_exe().map_err(|error| error.to_string())?;
    let tools_dir =
        matches.get_one::<String>("tools").map(PathBuf::from).unwrap_or_else(|| here.parent().expect("a file's folder").to_path_buf());
    let tools = Tools::new(&tools_dir, Path::new(matches.get_one::<String>("llvm").expect("has a default")));
    let root = matches.get_one::<String>("root").map(PathBuf::from).unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    for (needed, path) in [
        ("opt", &tools.sparse_opt),
        ("kernels", &tools.sparse_run),
        ("upstream", &tools.sparse_run),
        ("upstream", &tools.llvm.join("bin/mlir-runner")),
    ] {
        if names.contains(&needed) && !path.exists() {
            return Err(format!("target {needed} needs {}, which does not exist (build it, or pass --tools/--llvm)", path.display()));
        }
    }
    // Panics of a case are caught and reported as its failure; the default
    // hook would print each one as it happens.
    std::panic::set_hook(Box::new(|_| {}));
    let seconds = matches.get_one::<u64>("seconds").copied().unwrap_or(60);
    let weights: Vec<u64> = names.iter().map(|name| if *name == "readers" { 1 } else { 3 }).collect();
    let total: u64 = weights.iter().sum();
    let mut all_passed = true;
    for (name, weight) in names.iter().zip(weights) {
        let budget = match (matches.get_one::<u64>("case"), matches.get_one::<u64>("cases")) {
            (Some(&case), _) => Budget::One(case),
            (None, Some(&cases)) => Budget::Cases(cases),
            (None, None) => Budget::Until(Instant::now() + Duration::from_secs_f64(seconds as f64 * weight as f64 / total as f64)),
        };
        let target: Box<dyn Target> = match *name {
            "readers" => Box::new(readers::Readers { seeds: data_files(&root)? }),
            "opt" => Box::new(
                opt::Opt::new(tools.clone(), &[root.join("test"), root.join("examples")])
                    .map_err(|error| format!("reading the seeds: {error}"))?,
            ),
            "kernels" => Box::new(kernels::Kernels { tools: tools.clone(), upstream: false }),
            _ => Box::new(kernels::Kernels { tools: tools.clone(), upstream: true }),
        };
        all_passed &= drive(target.as_ref(), seed, budget, jobs, &work, matches.get_flag("quiet"))?;
    }
    Ok(all_passed)
}

/// The repository's `.mtx` and `.tns` files, the `readers` target's seeds.
fn data_files(root: &Path) -> Result<Vec<(bool, Vec<u8>)>, String> {
    let mut seeds = Vec::new();
    for dir in ["examples/data", "test/Integration/Inputs"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        let mut paths: Vec<PathBuf> = entries.filter_map(|entry| Some(entry.ok()?.path())).collect();
        paths.sort();
        for path in paths {
            let extension = path.extension().and_then(|extension| extension.to_str()).unwrap_or_default().to_string();
            if extension == "mtx" || extension == "tns" {
                seeds.push((extension == "mtx", std::fs::read(&path).map_err(|error| format!("{}: {error}", path.display()))?));
            }
        }
    }
    Ok(seeds)
}

/// What the cases of one target came to.
#[derive(Default)]
struct Tally {
    cases: u64,
    /// Each passing verdict's count, and the first case that gave it (the
    /// least: cases finish out of order on several threads).
    categories: BTreeMap<String, (u64, u64)>,
    notes: BTreeMap<String, u64>,
    failures: Vec<(u64, String)>,
}

/// Runs `target`'s cases on `jobs` threads within `budget` and reports.
fn drive(target: &dyn Target, seed: u64, budget: Budget, jobs: usize, work: &Path, quiet: bool) -> Result<bool, String> {
    let name = target.name();
    // Each target draws its own stream from the seed.
    let salt = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
    let next = AtomicU64::new(0);
    let tally = Mutex::new(Tally::default());
    let start = Instant::now();
    let (jobs, first) = match budget {
        Budget::One(case) => (1, case),
        _ => (jobs, 0),
    };
    next.store(first, Ordering::SeqCst);
    // What each worker is running: (case, when it started), for the watchdog.
    let running: Vec<Mutex<Option<(u64, Instant)>>> = (0..jobs).map(|_| Mutex::new(None)).collect();
    let finished = AtomicU64::new(0);
    std::thread::scope(|scope| -> Result<(), String> {
        let (running, finished) = (&running, &finished);
        scope.spawn(move || watchdog(name, seed, running, finished, work));
        let mut workers = Vec::new();
        for (worker, slot) in running.iter().enumerate() {
            let dir = match budget {
                Budget::One(case) => work.join(format!("case-{name}-{seed}-{case}")),
                _ => work.join("scratch").join(format!("{name}-{worker}")),
            };
            std::fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
            let (next, tally) = (&next, &tally);
            workers.push(scope.spawn(move || loop {
                let case = next.fetch_add(1, Ordering::SeqCst);
                let done = match budget {
                    Budget::Until(end) => Instant::now() >= end,
                    Budget::Cases(cases) => case >= cases,
                    Budget::One(only) => case != only,
                };
                if done {
                    return;
                }
                // A file of an earlier case must not pass for this one's.
                if let Ok(entries) = std::fs::read_dir(&dir) {
                    for entry in entries.flatten() {
                        let _ = std::fs::remove_file(entry.path());
                    }
                }
                *slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some((case, Instant::now()));
                let mut choice = Choice::for_case(seed ^ salt, case);
                let verdict = catch_unwind(AssertUnwindSafe(|| target.case(&mut choice, &dir))).unwrap_or_else(|payload| {
                    let message =
                        payload.downcast_ref::<String>().cloned().or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()));
                    Verdict::Fail(format!("panicked: {}", message.unwrap_or_default()))
                });
                *slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
                record(name, seed, case, verdict, &dir, work, matches!(budget, Budget::One(_)), tally);
            }));
        }
        let joined = workers.into_iter().map(|worker| worker.join()).collect::<Vec<_>>();
        finished.store(1, Ordering::SeqCst);
        joined.into_iter().try_for_each(|joined| joined.map_err(|_| "a worker thread died".to_string()))
    })?;
    let tally = tally.into_inner().map_err(|_| "a worker thread died".to_string())?;
    report(name, &tally, start.elapsed(), quiet, work);
    Ok(tally.failures.is_empty())
}

/// The longest a case may take. Subprocesses have their own, shorter
/// limit; this one catches a hang of an in-process target (the readers),
/// which no thread can interrupt: the case is kept and the run ends.
const HANG: Duration = Duration::from_secs(300);

fn watchdog(name: &str, seed: u64, running: &[Mutex<Option<(u64, Instant)>>], finished: &AtomicU64, work: &Path) {
    while finished.load(Ordering::SeqCst) == 0 {
        std::thread::sleep(Duration::from_millis(200));
        for (worker, slot) in running.iter().enumerate() {
            let Some((case, started)) = *slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) else { continue };
            if started.elapsed() > HANG {
                let dir = work.join("scratch").join(format!("{name}-{worker}"));
                let to = work.join("failures").join(format!("{name}-{seed}-{case}"));
                keep(
                    &dir,
                    &to,
                    &format!(
                        "hung: still running after {} s\n\nto run it again: sparse-fuzz {name} --seed {seed} --case {case}\n",
                        HANG.as_secs()
                    ),
                );
                println!("{name}: FAILED case {case}: hung; kept in {}", to.display());
                std::process::exit(1);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn record(name: &str, seed: u64, case: u64, verdict: Verdict, dir: &Path, work: &Path, alone: bool, tally: &Mutex<Tally>) {
    let mut tally = tally.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    tally.cases += 1;
    let reproduce = format!("sparse-fuzz {name} --seed {seed} --case {case}");
    match verdict {
        Verdict::Pass(category) => {
            let (count, first) = tally.categories.entry(category).or_insert((0, case));
            *count += 1;
            *first = (*first).min(case);
        }
        Verdict::Note(note) => {
            let category = note.lines().next().unwrap_or_default().to_string();
            let slug: String = category.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
            let count = tally.notes.entry(category).or_default();
            *count += 1;
            // The first few of each kind are kept, for the record.
            if *count <= 10 && !alone {
                keep(dir, &work.join("notes").join(name).join(slug).join(case.to_string()), &format!("{note}\n\n{reproduce}\n"));
            }
        }
        Verdict::Fail(reason) => {
            if !alone {
                keep(
                    dir,
                    &work.join("failures").join(format!("{name}-{seed}-{case}")),
                    &format!("{reason}\n\nto run it again: {reproduce}\n"),
                );
            }
            tally.failures.push((case, reason));
        }
    }
}

/// Copies a case's files to `to`, with `reason.txt`.
fn keep(dir: &Path, to: &Path, reason: &str) {
    // Keeping is best effort: a full disk must not hide the verdict.
    let _ = std::fs::create_dir_all(to);
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let _ = std::fs::copy(entry.path(), to.join(entry.file_name()));
        }
    }
    let _ = std::fs::write(to.join("reason.txt"), reason);
}

fn report(name: &str, tally: &Tally, elapsed: Duration, quiet: bool, work: &Path) {
    println!("{name}: {} cases in {:.0} s, {} failures", tally.cases, elapsed.as_secs_f64(), tally.failures.len());
    if !quiet {
        for (category, (count, first)) in &tally.categories {
            println!("  {category}: {count} (case {first})");
        }
        for (note, count) in &tally.notes {
            println!("  {note}: {count}");
        }
    }
    for (case, reason) in tally.failures.iter().take(20) {
        println!("  FAILED case {case}: {}", reason.lines().next().unwrap_or_default());
    }
    if !tally.failures.is_empty() {
        println!("  failing cases are kept in {}", work.join("failures").display());
    }
}
