//! The C library's allocator, set alike for every system timed: its
//! thresholds fixed high, so that the memory a kernel's run frees stays in
//! the process for the next run.
//!
//! glibc's `malloc` gives a freed block above its *mmap threshold* back to
//! the system at once, and trims the top of its heap when more than its
//! *trim threshold* lies free there; both start low (128 KiB) and grow as
//! the process frees larger mapped blocks. A young process therefore maps
//! a kernel's result buffers afresh at every run, one page fault per 4 KiB
//! written (the L2 uniform SpAdd's 500 KiB of result took 176 µs a run so,
//! 56 µs without the faults), while a Python interpreter that has loaded
//! its inputs has raised its thresholds past its results' sizes. With both
//! fixed here, in our process (ours and upstream's kernels) and in the
//! Python peers' (through glibc's environment variables), each system
//! reuses the memory its previous run freed, as a long-running process
//! does; a block beyond 32 MiB (the largest mmap threshold glibc takes) is
//! still mapped afresh at every run, in every system.

/// The mmap threshold: glibc's largest on 64-bit systems.
const MMAP_THRESHOLD: i32 = 32 << 20;

/// The trim threshold: the top of the heap is never given back during a run.
const TRIM_THRESHOLD: i32 = i32::MAX;

/// The environment that sets the same thresholds in a child process (read
/// by glibc when it starts).
pub fn environment() -> [(&'static str, String); 2] {
    [("MALLOC_MMAP_THRESHOLD_", MMAP_THRESHOLD.to_string()), ("MALLOC_TRIM_THRESHOLD_", TRIM_THRESHOLD.to_string())]
}

/// Sets the thresholds in this process: whether glibc took both (elsewhere
/// than glibc, nothing is set).
pub fn settle() -> bool {
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        false
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // glibc's `<malloc.h>`: M_TRIM_THRESHOLD and M_MMAP_THRESHOLD.
        const M_TRIM_THRESHOLD: i32 = -1;
        const M_MMAP_THRESHOLD: i32 = -3;
        extern "C" {
            fn mallopt(parameter: i32, value: i32) -> i32;
        }
        // SAFETY: `mallopt` takes any parameter and value (an unknown one
        // or a value out of range is refused with 0) and only changes the
        // allocator's policy for later calls.
        let taken = unsafe { [mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD), mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)] };
        taken.iter().all(|&answer| answer == 1)
    }
}

/// What a report says of the allocator, after [`settle`] answered `settled`
/// (a sentence, with a space before it).
pub fn described(settled: bool) -> &'static str {
    if settled {
        " In every system's process, glibc's allocator keeps the memory a run frees for the next (its mmap threshold \
         set to 32 MiB and its trim threshold to the largest, as a long-running process's grow), so that no run pays \
         page faults a settled process would not."
    } else {
        " The allocator's thresholds were left as the C library sets them: a run may map afresh the memory the run \
         before freed."
    }
}
