//! Running a tool of the compiler as a child process with a time limit, so
//! that a crash, a signal or a hang of the tool is an outcome the harness
//! records rather than its own end.

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a child process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
    Timeout,
}

pub struct Outcome {
    pub exit: Exit,
    pub stdout: String,
    pub stderr: String,
}

impl Outcome {
    /// Why this outcome is a crash whatever the input: a signal, a hang, an
    /// exit status other than 0 and 1, or a panic or LLVM crash report.
    pub fn crash(&self) -> Option<String> {
        let report = ["panicked at", "PLEASE submit a bug report", "Stack dump", "LLVM ERROR", "Assertion `"];
        match self.exit {
            Exit::Signal(signal) => Some(format!("killed by signal {signal}")),
            Exit::Timeout => Some("did not finish in time".into()),
            Exit::Code(code) if code != 0 && code != 1 => Some(format!("exit status {code}")),
            Exit::Code(_) => report.iter().find(|text| self.stderr.contains(*text)).map(|text| format!("its error output has '{text}'")),
        }
    }

    /// The first lines of the error output, for a report.
    pub fn stderr_head(&self) -> String {
        self.stderr.lines().take(6).collect::<Vec<_>>().join("\n")
    }
}

/// Runs `command` to its end or for `limit`, whichever comes first,
/// collecting its output.
pub fn run(command: &mut Command, limit: Duration) -> std::io::Result<Outcome> {
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                // A read error leaves what was read; the exit status tells the rest.
                let _ = pipe.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(child.stdout.take().map(|pipe| Box::new(pipe) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|pipe| Box::new(pipe) as Box<dyn Read + Send>));
    let start = Instant::now();
    let exit = loop {
        if let Some(status) = child.try_wait()? {
            break match (status.code(), status.signal()) {
                (Some(code), _) => Exit::Code(code),
                (None, Some(signal)) => Exit::Signal(signal),
                (None, None) => Exit::Code(-1),
            };
        }
        if start.elapsed() > limit {
            // The child may have ended just now; either way it is reaped below.
            let _ = child.kill();
            child.wait()?;
            break Exit::Timeout;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let joined = |handle: std::thread::JoinHandle<String>| handle.join().unwrap_or_default();
    Ok(Outcome { exit, stdout: joined(stdout), stderr: joined(stderr) })
}
