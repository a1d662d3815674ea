//! What the running process knows of itself, for the tools that time and
//! measure the runtime's work: how many threads to use unless told, and its
//! resident memory.

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

/// A memory field of Linux's `/proc/self/status` (`VmRSS:  1234 kB`), in
/// bytes; `None` where the system does not tell.
fn memory_status(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))?;
    let kib: u64 = line.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_and_memory_are_known_here() {
        assert!(available_threads() >= 1);
        if cfg!(target_os = "linux") {
            let (now, peak) = (resident_bytes().unwrap(), peak_resident_bytes().unwrap());
            assert!(now > 0 && peak >= now, "{now} {peak}");
        }
    }
}
