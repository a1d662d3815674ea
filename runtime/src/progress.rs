//! Progress of a long load, for a person watching: how much of a file's
//! text is parsed, shown on standard error as one line redrawn in place,
//! from about a second into the load, and only when standard error is a
//! terminal, so that logs and pipes never get its control characters.

use crate::io::OnDrop;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// Loads shorter than this show nothing.
const QUIET: Duration = Duration::from_secs(1);
/// How often the line is redrawn.
const REDRAW: Duration = Duration::from_millis(200);

/// How much of a text a reader has parsed, in bytes; readers advance it
/// as they go, from any thread.
#[derive(Debug, Default)]
pub struct Progress {
    parsed: AtomicU64,
    total: AtomicU64,
}

impl Progress {
    pub fn new() -> Self {
        Self::default()
    }

    /// The text to parse is `total` bytes long.
    pub(crate) fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
    }

    /// `bytes` more are parsed.
    pub(crate) fn advance(&self, bytes: u64) {
        self.parsed.fetch_add(bytes, Ordering::Relaxed);
    }

    /// The bytes parsed, and how many there are (0 before the text is
    /// read).
    pub fn parsed(&self) -> (u64, u64) {
        (self.parsed.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed))
    }
}

/// Runs `work` with a [`Progress`] that is shown, as `label` and how much
/// is parsed, while `work` runs longer than about a second, if standard
/// error is a terminal. The line is cleared when `work` is done.
pub fn shown<T>(label: &str, work: impl FnOnce(&Progress) -> T) -> T {
    let progress = Progress::new();
    if !std::io::stderr().is_terminal() {
        return work(&progress);
    }
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let (finished, wake) = &done;
            let mut wait = QUIET;
            let mut drawn = false;
            loop {
                let guard = finished.lock().expect("no panics while the flag is held");
                let (guard, _) = wake.wait_timeout_while(guard, wait, |finished| !*finished).expect("no panics while the flag is held");
                if *guard {
                    break;
                }
                let (parsed, total) = progress.parsed();
                if total > 0 {
                    // Nothing to be done if the terminal is gone.
                    let _ = write!(std::io::stderr(), "\r\x1b[K{}", line(label, parsed, total));
                    drawn = true;
                }
                wait = REDRAW;
            }
            if drawn {
                let _ = write!(std::io::stderr(), "\r\x1b[K");
            }
        });
        // Ends the drawing when `work` ends, or panics.
        let _done = OnDrop(|| {
            *done.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = true;
            done.1.notify_all();
        });
        work(&progress)
    })
}

/// The progress line: `label`, the percentage parsed, and the megabytes.
fn line(label: &str, parsed: u64, total: u64) -> String {
    let megabytes = |bytes: u64| bytes as f64 / 1e6;
    let percent = 100 * parsed / total.max(1);
    format!("{label}: {percent}% ({:.0} of {:.0} MB parsed)", megabytes(parsed), megabytes(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_how_much_is_parsed() {
        assert_eq!(line("reading a.mtx", 50_000_000, 200_000_000), "reading a.mtx: 25% (50 of 200 MB parsed)");
        assert_eq!(line("t", 0, 0), "t: 0% (0 of 0 MB parsed)");
    }

    #[test]
    fn work_runs_and_gives_its_result_whether_or_not_it_is_shown() {
        let result = shown("t", |progress| {
            progress.start(10);
            progress.advance(4);
            progress.advance(6);
            progress.parsed()
        });
        assert_eq!(result, (10, 10));
    }
}
