//! The Python peers, SciPy, PyData/Sparse, GraphBLAS and PyTorch: the data files and manifest
//! they read, their environment (made by `bench/python/setup.sh`), and the
//! timings and results they report, checked against ours.

use crate::report::Measurement;
use crate::{answer, Answer, Case};
use sparse_runtime::{frostt, matrix_market, Coordinates, Element};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

pub struct Manifest {
    dir: PathBuf,
    lines: Vec<String>,
    /// Our answer for each case, to check theirs against, and our result's
    /// fill, the value of the components it leaves out.
    expected: HashMap<String, (FlatAnswer, f64)>,
    written: HashMap<usize, String>,
}

/// An answer kept until the peers' results come, compactly: a size's
/// answers live together, and as maps (a vector and an allocation per point)
/// those of the largest size's cases held more memory than the machine has.
struct FlatAnswer {
    rank: usize,
    /// Each point's coordinates, one point after another, in order.
    points: Vec<usize>,
    values: Vec<f64>,
}

impl FlatAnswer {
    fn of(answer: &Answer) -> Self {
        let rank = answer.keys().next().map_or(0, Vec::len);
        Self { rank, points: answer.keys().flatten().copied().collect(), values: answer.values().copied().collect() }
    }

    fn answer(&self) -> Answer {
        let point = |index: usize| self.points[index * self.rank..(index + 1) * self.rank].to_vec();
        (0..self.values.len()).map(|index| (point(index), self.values[index])).collect()
    }
}

impl Manifest {
    pub fn new(work: &Path) -> Result<Self, String> {
        let dir = work.join("peers");
        std::fs::create_dir_all(dir.join("data")).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Self { dir, lines: Vec::new(), expected: HashMap::new(), written: HashMap::new() })
    }

    /// Writes the case's inputs (once per distinct input) and returns its
    /// manifest line, which it records.
    pub fn add(&mut self, case: &Case) -> Result<String, String> {
        let mut paths = Vec::new();
        for (index, input) in case.inputs.iter().enumerate() {
            // Cases share an input by sharing its Rc, so its address names
            // it (a manifest serves one size, whose cases all live until it
            // is written); two inputs alike in shape, count and first entry,
            // as x and y0 can be, stay two files.
            let key = std::rc::Rc::as_ptr(input) as usize;
            let dense = case.kernel.dense_input(index);
            let path = match self.written.get(&key) {
                Some(path) => path.clone(),
                None => {
                    let extension = if input.shape.len() >= 3 { "tns" } else { "mtx" };
                    let path = format!("data/{}.{index}.{extension}", case.id());
                    write_input(&self.dir.join(&path), input, dense)?;
                    self.written.insert(key, path.clone());
                    path
                }
            };
            paths.push(path);
        }
        let line = format!("{}\t{}\t{}\t{}", case.id(), case.kernel.name(), case.format.peer_name(), paths.join(","));
        self.lines.push(line.clone());
        Ok(line)
    }

    /// Records our answer to the case, to check theirs against, and our
    /// result's `fill`.
    pub fn expect(&mut self, case: &Case, ours: Answer, fill: f64) {
        self.expected.insert(case.id(), (FlatAnswer::of(&ours), fill));
    }
}

fn write_input(path: &Path, input: &Coordinates, dense: bool) -> Result<(), String> {
    if input.shape.len() >= 3 {
        return frostt::write(path, input, Element::F64).map_err(|e| e.to_string());
    }
    let matrix = if input.shape.len() == 1 { input.clone().with_unit_dim() } else { input.clone() };
    matrix_market::write(path, &matrix, Element::F64, dense).map_err(|e| e.to_string())
}

/// The Python peers' process for one size (`peers.py --serve`): it takes a
/// case at a time and runs its rounds when told, between ours and
/// upstream's, so that a change in the machine's speed slows every system
/// alike.
pub struct Peers {
    child: Child,
    commands: ChildStdin,
    replies: BufReader<ChildStdout>,
    results: PathBuf,
}

impl Peers {
    /// Sets up the environment (with PyTorch if `torch`: the run has
    /// convolutions) and starts the process, which times each kernel at
    /// least `repeat` times in [`crate::ROUNDS`] rounds.
    pub fn start(manifest: &Manifest, repeat: usize, torch: bool) -> Result<Self, String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let venv = manifest.dir.ancestors().nth(2).expect("the work folder").join("venv");
        let mut setup = Command::new("bash");
        setup.arg(root.join("python/setup.sh")).arg(&venv);
        if torch {
            setup.arg("--torch");
        }
        let status = setup.status().map_err(|e| e.to_string())?;
        if !status.success() {
            return Err("could not set up the Python environment for the peers".into());
        }
        let results = manifest.dir.join("results");
        std::fs::create_dir_all(&results).map_err(|e| e.to_string())?;
        // Our kernels run on one thread; so do the peers.
        let mut child = Command::new(venv.join("bin/python"))
            .envs([("OPENBLAS_NUM_THREADS", "1"), ("OMP_NUM_THREADS", "1"), ("MKL_NUM_THREADS", "1"), ("NUMBA_NUM_THREADS", "1")])
            .envs(crate::allocator::environment())
            .arg(root.join("python/peers.py"))
            .arg(manifest.dir.join("manifest.tsv"))
            .arg(&results)
            .arg("--serve")
            .arg("--repeat")
            .arg(repeat.to_string())
            .arg("--rounds")
            .arg(crate::ROUNDS.to_string())
            .arg("--min-seconds")
            .arg(crate::MIN_TIMED.as_secs_f64().to_string())
            .arg("--max-runs")
            .arg(crate::MAX_RUNS.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("the Python peers: {e}"))?;
        let commands = child.stdin.take().expect("piped");
        let replies = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Self { child, commands, replies, results })
    }

    /// Sends `command` and waits for the reply `expected`.
    fn ask(&mut self, command: &str, expected: &str) -> Result<(), String> {
        let failed = |what: String| format!("the Python peers failed ({command:?}: {what})");
        writeln!(self.commands, "{command}").and_then(|()| self.commands.flush()).map_err(|e| failed(e.to_string()))?;
        let mut reply = String::new();
        self.replies.read_line(&mut reply).map_err(|e| failed(e.to_string()))?;
        if reply.trim_end() != expected {
            return Err(failed(format!("answered {:?}", reply.trim_end())));
        }
        Ok(())
    }

    /// Starts the case of `line` (a manifest line): its inputs loaded, each
    /// peer's operands built and its kernel run once.
    pub fn case(&mut self, line: &str) -> Result<(), String> {
        self.ask(&format!("case\t{line}"), "ready")
    }

    /// Runs the current case's next round.
    pub fn round(&mut self) -> Result<(), String> {
        self.ask("round", "done")
    }

    /// Ends the current case: its results and times written.
    pub fn end(&mut self) -> Result<(), String> {
        self.ask("end", "done")
    }

    /// Waits for the process to finish, writes `manifest` (for a run of
    /// `peers.py` by hand), and checks each peer's answers against ours.
    pub fn finish(mut self, manifest: &Manifest) -> Result<HashMap<(String, String), Measurement>, String> {
        drop(self.commands);
        let status = self.child.wait().map_err(|e| e.to_string())?;
        if !status.success() {
            return Err("the Python peers failed".into());
        }
        let text = format!("# id\tkernel\tformat\tinputs\n{}\n", manifest.lines.join("\n"));
        std::fs::write(manifest.dir.join("manifest.tsv"), text).map_err(|e| e.to_string())?;
        collect(manifest, &self.results)
    }
}

/// Each peer's measurement of each case, from `results/peers.tsv`, its
/// answers checked against ours.
fn collect(manifest: &Manifest, results: &Path) -> Result<HashMap<(String, String), Measurement>, String> {
    let table = std::fs::read_to_string(results.join("peers.tsv")).map_err(|e| e.to_string())?;
    let mut measured = HashMap::new();
    for line in table.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, system, status, times, result, unlisted, ..] = fields[..] else { continue };
        let measurement = match status {
            "ok" => {
                let times: Vec<Duration> = times.split(',').filter_map(|t| t.parse::<f64>().ok()).map(Duration::from_secs_f64).collect();
                let (expected, fill) = &manifest.expected[id];
                // A result file that leaves components out leaves them at
                // the peer's fill, which must be ours.
                let same_fill = unlisted.is_empty() || unlisted.parse::<f64>() == Ok(*fill);
                match read_result(&results.join(result), *fill) {
                    Ok(values) if same_fill && crate::same(&values, &expected.answer(), *fill) => Measurement::Times(times),
                    Ok(_) => Measurement::Disagrees,
                    Err(message) => Measurement::Failed(message),
                }
            }
            "unsupported" => Measurement::Unsupported,
            other => Measurement::Failed(other.trim_start_matches("error: ").to_string()),
        };
        measured.insert((id.to_string(), system.to_string()), measurement);
    }
    Ok(measured)
}

/// A peer's result: a scalar in a `.txt`, a matrix or vector in a `.mtx`
/// (a vector as a column, whose coordinates drop the column), or a tensor
/// of rank 3 or more in a `.tns`, whose unlisted components are `fill`.
fn read_result(path: &Path, fill: f64) -> Result<Answer, String> {
    let name = path.display().to_string();
    if name.ends_with(".txt") {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let value = text.trim().parse::<f64>().map_err(|e| format!("{name}: {e}"))?;
        return Ok(answer([(Vec::new(), value)], fill));
    }
    if name.ends_with(".tns") {
        let coordinates = frostt::read(path).map_err(|e| e.to_string())?;
        return Ok(answer(coordinates.entries(), fill));
    }
    let coordinates = matrix_market::read(path).map_err(|e| e.to_string())?;
    let column = coordinates.shape[1] == 1;
    Ok(answer(coordinates.entries().into_iter().map(|(point, value)| (if column { vec![point[0]] } else { point }, value)), fill))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_answers_come_back_whole() {
        let answers = [
            answer([], 0.0),
            answer([(Vec::new(), 2.5)], 0.0),
            answer([(vec![3], 1.0), (vec![0], -2.0)], 0.0),
            answer([(vec![1, 2], 1.0), (vec![0, 5], 3.0), (vec![1, 0], 4.0)], 2.0),
        ];
        for expected in answers {
            assert_eq!(FlatAnswer::of(&expected).answer(), expected);
        }
    }
}
