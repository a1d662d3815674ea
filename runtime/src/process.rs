//! What the running process knows of itself, for the tools that time and
//! measure the runtime's work: how many threads to use unless told, and its
//! resident memory; and where the JIT's profiling dumps go.

/// A directory of this process's own for the dumps MLIR's JIT writes for
/// `perf` (LLVM's perf listener, which MLIR's ExecutionEngine turns on: a
/// directory under `$JITDUMPDIR/.debug/jit`, else `~/.debug/jit`, holding
/// a copy of every compiled function, which nothing removes). Left alone
/// where `JITDUMPDIR` is set, to profile with `perf`.
pub struct JitDumps(Option<std::path::PathBuf>);

impl JitDumps {
    /// Points `JITDUMPDIR` at a new directory of the system's temporary
    /// one, unless it is set. To call before any thread starts: it sets an
    /// environment variable.
    pub fn private() -> Self {
        if std::env::var_os("JITDUMPDIR").is_some() {
            return Self(None);
        }
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.subsec_nanos());
        let directory = std::env::temp_dir().join(format!("sparse-jit-dumps-{}-{nanos}", std::process::id()));
        if std::fs::create_dir(&directory).is_err() {
            return Self(None);
        }
        std::env::set_var("JITDUMPDIR", &directory);
        Self(Some(directory))
    }

    /// Removes the directory, once the JIT has opened its dump (it writes
    /// on into the file, which goes when the process ends, however it
    /// ends: a kernel's failed check exits without unwinding).
    pub fn remove(&self) {
        if let Some(directory) = &self.0 {
            let _ = std::fs::remove_dir_all(directory);
        }
    }
}

impl Drop for JitDumps {
    fn drop(&mut self) {
        self.remove();
    }
}

/// As many threads as the machine runs at once (1 when it does not say).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The memory the process holds resident now.
pub fn resident_bytes() -> Option<u64> {
    memory_status("VmRSS")
}

/// The most memory the process has held resident so far.
pub fn peak_resident_bytes() -> Option<u64> {
    memory_status("VmHWM")
}

/// Hands the memory the allocator holds free back to the system (glibc's
/// `malloc_trim`), so that what is resident afterwards is what is in use and
/// memory allocated later is counted as it is touched; whether it could.
pub fn release_free_memory() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::ffi::c_int;
        }
        // SAFETY: `malloc_trim` only returns free pages of glibc's heap to
        // the system; no block in use moves or changes.
        unsafe { malloc_trim(0) };
        true
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    false
}

/// Makes the C library's standard output unbuffered, so that what a kernel
/// prints just before it aborts (a failed bounds check's message, which
/// MLIR's runner utilities write there) reaches a pipe or a file too: a
/// buffered stream is lost with the process. Whether it could.
pub fn unbuffer_c_stdout() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            static stdout: *mut std::ffi::c_void;
            fn setvbuf(stream: *mut std::ffi::c_void, buffer: *mut std::ffi::c_char, mode: std::ffi::c_int, size: usize)
                -> std::ffi::c_int;
        }
        /// glibc's `_IONBF`.
        const UNBUFFERED: std::ffi::c_int = 2;
        // SAFETY: glibc's `stdout` is a valid stream for the whole process
        // (the `cfg` above admits glibc only), and glibc's `setvbuf` flushes
        // what the stream holds before it drops the buffer, so the call is
        // sound whenever it comes; `sparse-run` makes it before anything is
        // written, as the C standard asks.
        unsafe { setvbuf(stdout, std::ptr::null_mut(), UNBUFFERED, 0) == 0 }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    false
}

/// Starts the peak over again from what is resident now (Linux's
/// `clear_refs`, writing 5); whether the system did.
pub fn restart_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// A memory field of Linux's `/proc/self/status` (`VmRSS:  1234 kB`), in
/// bytes; `None` where the system does not tell.
fn memory_status(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))?;
    let kib: u64 = line.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// Tests that measure the whole process's memory, which tests running
/// alongside in the same process would change.
#[cfg(test)]
pub(crate) mod alone {
    const CHILD: &str = "SPARSE_RUNTIME_TEST_ALONE";

    /// Whether the calling test (`path`, as `cargo test` names it) is the
    /// one running alone in a process of its own: if not, runs it so, in a
    /// child of this test binary, asserts that it passed there, and returns
    /// false (the caller then returns).
    pub(crate) fn in_own_process(path: &str) -> bool {
        if std::env::var_os(CHILD).is_some() {
            return true;
        }
        let binary = std::env::current_exe().expect("the test binary's path");
        let output = std::process::Command::new(binary)
            .args([path, "--exact", "--test-threads=1", "--nocapture"])
            .env(CHILD, "1")
            .output()
            .expect("the test binary runs again");
        let printed = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success() && printed.contains("1 passed"),
            "{path} alone: {printed}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_and_memory_are_known_here() {
        assert!(available_threads() >= 1);
        if !cfg!(target_os = "linux") || !alone::in_own_process("process::tests::threads_and_memory_are_known_here") {
            return;
        }
        let (now, peak) = (resident_bytes().unwrap(), peak_resident_bytes().unwrap());
        assert!(now > 0 && peak >= now, "{now} {peak}");
        // 64 MiB touched after a restart raise the peak by that much.
        if restart_peak() {
            let before = resident_bytes().unwrap();
            let touched = vec![1u8; 64 << 20];
            assert!(touched.iter().all(|&byte| byte == 1));
            let grown = peak_resident_bytes().unwrap().saturating_sub(before);
            assert!((60 << 20..72 << 20).contains(&grown), "{grown}");
        }
    }
}
