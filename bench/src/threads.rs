//! `sparse-bench --thread-scaling`: how our kernels scale from one thread
//! to several. Each case's kernel is compiled twice in this process, for one
//! thread (sequential code) and for all the machine's threads (its outermost independent
//! loops on OpenMP's threads, `parallelize-outer-loops`), and the two are
//! timed in turns on the same inputs, so that the machine's drift falls on
//! both: a turn is as many runs as add up to [`TURN`] (at least 3) after as
//! many to warm up, and its time their median (single runs after a pause
//! spread over 4× on this machine's virtual cores); their results must be
//! bit-identical. Each
//! one-thread turn waits, busy, until OpenMP's threads, which spin for more
//! work after a parallel loop (for `KMP_BLOCKTIME`, 200 ms by default), have
//! gone to sleep, so that none competes with it. The streaming triad on one
//! thread and on all says how much memory bandwidth more threads can have,
//! which bounds the kernels that stream their operands. The C library's
//! allocator is settled as for the kernel benchmarks ([`crate::allocator`]):
//! a run of a kernel that reduces into copies of its result frees megabytes
//! of them, which a young process would map afresh, page by page, at the
//! next run (CSC SpMV at the DRAM size: 1.30× on 2 threads so, 1.57×
//! settled).

use crate::kernels::{Format, Kernel as Benchmarked};
use crate::report::kept_notes;
use crate::{arguments, bandwidth, cases, kernel_file, selected, Case, SIZES};
use sparse_runtime::{abi::Abi, Argument, CompileOptions, Kernel, Value};
use std::path::Path;
use std::time::Duration;

/// The cases measured without `--only`: the kernels whose results are
/// dense (their rows filled in parallel), CSC SpMV and the sum of a
/// tensor's values (reductions, each thread into a copy of the result of
/// its own) and SpAdd (a sparse result, its rows appended in runs moved
/// together after).
fn default_selection(case: &Case) -> bool {
    match case.kernel {
        Benchmarked::Spmv => matches!(case.format, Format::Csr | Format::Csr32 | Format::Band | Format::Csc),
        Benchmarked::SpmvAcc | Benchmarked::Spmm | Benchmarked::Sddmm | Benchmarked::Mttkrp | Benchmarked::Ttv | Benchmarked::Sum => true,
        Benchmarked::Spadd => case.data == "uniform 8/row",
        _ => false,
    }
}

/// One case's measurement.
struct Row {
    id: String,
    one: Duration,
    several: Duration,
    parallel: bool,
    identical: bool,
}

/// About how long the timed runs of one turn take (and its warm-up runs).
const TURN: Duration = Duration::from_millis(20);

/// The timed runs of a turn of a kernel whose run took `once`: as many as
/// add up to [`TURN`], at least 3 and at most 100.
fn runs_per_turn(once: Duration) -> usize {
    let runs = TURN.as_nanos() / once.as_nanos().max(1);
    usize::try_from(runs).unwrap_or(usize::MAX).clamp(3, 100)
}

/// The median of `times`.
fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Measures the selected cases and writes the report to `out`, keeping its notes.
pub fn benchmark(quick: bool, repeat: usize, work: &Path, out: &Path, only: Option<&str>) -> Result<(), String> {
    std::fs::create_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
    let settled = crate::allocator::settle();
    if !settled {
        eprintln!("sparse-bench: the allocator's thresholds could not be set; runs may map freed memory afresh");
    }
    // How long OpenMP's threads spin after a parallel loop, in ms.
    let blocktime: u64 = std::env::var("KMP_BLOCKTIME").ok().and_then(|time| time.parse().ok()).unwrap_or(200);
    let threads = sparse_runtime::process::available_threads().max(2);
    let length = if quick { 1 << 23 } else { 1 << 26 };
    let triads = (bandwidth::triad_on(length, 5, 1), bandwidth::triad_on(length, 5, threads));
    eprintln!("triad bandwidth: {:.2} GB/s on 1 thread, {:.2} GB/s on {threads}", triads.0 / 1e9, triads.1 / 1e9);
    let mut rows = Vec::new();
    let sizes = if quick { &SIZES[..1] } else { &SIZES[..] };
    for &(size, n) in sizes {
        let mut cases = cases(size, n, quick);
        cases.retain(|case| if only.is_some() { selected(case, only) } else { default_selection(case) });
        for case in &cases {
            eprintln!("threads: {}", case.id());
            let (source, name) = kernel_file(case, work)?;
            let compile = |threads| {
                let options = CompileOptions { threads, ..CompileOptions::default() };
                Kernel::compile_checked(&source, &name, Some("kernel"), Abi::Ours, options).map_err(|e| format!("{name}: {e}"))
            };
            let (one, several) = (compile(1)?, compile(threads)?);
            let arguments = arguments(&one, &case.inputs).map_err(|e| format!("{name}: {e}"))?;
            // The runs of a turn of each, from one run after a warm-up.
            let mut timed = [0, 0];
            for (kernel, runs) in [&one, &several].into_iter().zip(&mut timed) {
                let once = kernel.run_repeated(&arguments, 2).map_err(|e| format!("{name}: {e}"))?;
                *runs = runs_per_turn(once.times[1]);
            }
            // A turn of each in turn, so that both meet the same moments of
            // the machine.
            let (mut one_times, mut several_times) = (Vec::new(), Vec::new());
            let mut answers = Vec::new();
            for round in 0..repeat {
                for (kernel, times, runs) in [(&one, &mut one_times, timed[0]), (&several, &mut several_times, timed[1])] {
                    if !kernel.parallel() && several.parallel() {
                        // Busy, not asleep: a core left idle this long runs
                        // its next milliseconds slower (a 0.14 ms kernel took
                        // 0.32 ms in the median of its first 10 runs).
                        let start = std::time::Instant::now();
                        while start.elapsed() < Duration::from_millis(blocktime + 50) {
                            std::hint::spin_loop();
                        }
                    }
                    // As many runs to warm up (the other core's OpenMP
                    // thread wakes from its sleep no faster) as are timed.
                    let repeated = kernel.run_repeated(&arguments, 2 * runs).map_err(|e| format!("{name}: {e}"))?;
                    times.push(median(repeated.times[runs..].to_vec()));
                    if round == 0 {
                        let Argument::Tensor(result) = repeated.result else { return Err(format!("{name}: no tensor result")) };
                        // Every stored entry, in storage order, its value's bits.
                        let bits = |value: Value| (value.complex().0.to_bits(), value.complex().1.to_bits());
                        answers.push(result.entries().into_iter().map(|(point, value)| (point, bits(value))).collect::<Vec<_>>());
                    }
                }
            }
            let identical = answers.windows(2).all(|pair| pair[0] == pair[1]);
            rows.push(Row {
                id: case.id(),
                one: median(one_times),
                several: median(several_times),
                parallel: several.parallel(),
                identical,
            });
        }
    }
    let (cpu, cores, date) = crate::report::machine();
    let mut text = String::from("# Thread scaling\n\n");
    text += &format!(
        "Measured on {date}, {cores} cores ({cpu}), by `scripts/bench --thread-scaling{}{} --repeat {repeat}`. Each kernel \
         (the kernel benchmarks' file, `WORK/SIZE/kernels/ID.mlir`) is compiled by our pipeline for one thread and for \
         {threads} (`sparse-run --threads {threads}`: its outermost loops whose iterations are independent run on OpenMP's \
         threads), and both are timed on the same inputs in turns, {} turns each: a turn is as many runs as add up to {} \
         ms (at least 3, at most 100) on freshly packed inputs, after as many to warm up, and its time their median; a \
         time below is the median of one compilation's turns. Each one-thread turn starts {} ms after the parallel one, \
         the calling thread busy in between (a core left idle that long runs its next milliseconds slower), when \
         OpenMP's threads, which spin for more work for {blocktime} ms after a parallel loop (`KMP_BLOCKTIME`), have \
         gone to sleep, so that none competes with it; each parallel turn's warm-up wakes them. \
         **Parallel** says whether the compiler made any loop of the kernel parallel; **identical** \
         whether the two results hold the same entries with bit-identical values (they must: each row is computed as \
         before, by one thread, and where threads reduce into copies of the result, as CSC and COO SpMV do, the \
         sums of products of the data's multiples of 1/4 are exact in any order). Speed-up is the one-thread time over the {threads}-thread time.{}\n\n\
         The streaming triad (`a = b + s·c` over 3 × {} MiB) reaches {:.2} GB/s on one thread and {:.2} GB/s on {threads} \
         ({:.2}×): the most a kernel that streams its operands from memory can gain.\n\n",
        if quick { " --quick" } else { "" },
        only.map_or(String::new(), |only| format!(" --only {only}")),
        repeat,
        TURN.as_millis(),
        blocktime + 50,
        crate::allocator::described(settled),
        (length * 8) >> 20,
        triads.0 / 1e9,
        triads.1 / 1e9,
        triads.1 / triads.0
    );
    text += &format!("| case | 1 thread | {threads} threads | speed-up | parallel | identical |\n|---|---:|---:|---:|---|---|\n");
    for row in &rows {
        let milliseconds = |time: Duration| format!("{:.3} ms", time.as_secs_f64() * 1e3);
        text += &format!(
            "| {} | {} | {} | {:.2}× | {} | {} |\n",
            row.id,
            milliseconds(row.one),
            milliseconds(row.several),
            row.one.as_secs_f64() / row.several.as_secs_f64(),
            if row.parallel { "yes" } else { "no" },
            if row.identical { "yes" } else { "**no**" }
        );
    }
    let previous = std::fs::read_to_string(out).unwrap_or_default();
    text += kept_notes(&previous);
    std::fs::write(out, text).map_err(|error| format!("{}: {error}", out.display()))?;
    eprintln!("wrote {}", out.display());
    if rows.iter().all(|row| row.identical) {
        Ok(())
    } else {
        Err("some kernels gave different results on one thread and on several; see the report".into())
    }
}
