//! The `readers` target: the Matrix Market and FROSTT readers, in process,
//! on valid files the target writes (whose entries it knows) and on
//! mutations of them and of the repository's data files; and the NumPy,
//! SciPy and gzip readers on files the runtime's writers write, mutated or
//! not. Every file must be read or refused with an error naming it; what is
//! read is assembled into a random format (when its buffers fit this
//! machine, or must be refused for size), validated, and compared with an
//! assembly computed here; valid files must read back exactly what was
//! written.

use crate::choice::Choice;
use crate::generate::Storage;
use crate::mutate::mutate;
use crate::{Target, Verdict};
use sparse_formats::{Iteration, LevelKind};
use sparse_harness::files::points;
use sparse_runtime::{frostt, matrix_market, numpy, Coordinates, Element, Format, IoError, LevelBuffer, Tensor, TensorError};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

const WORDS: &[&str] = &[
    "%%MatrixMarket",
    "matrix",
    "vector",
    "coordinate",
    "array",
    "real",
    "double",
    "integer",
    "pattern",
    "complex",
    "general",
    "symmetric",
    "skew-symmetric",
    "hermitian",
    "%",
    "#",
    "# extended FROSTT",
];

/// Buffers smaller than this are assembled; larger ones up to
/// [`MUST_REFUSE`] are skipped, since the runtime may rightly allocate them.
const ASSEMBLE_BELOW: u128 = 1 << 27;
/// Buffers of this many bytes or more cannot be had on any machine the tests run on.
const MUST_REFUSE: u128 = 1 << 45;

pub struct Readers {
    /// The repository's data files: (is it Matrix Market, its bytes).
    pub seeds: Vec<(bool, Vec<u8>)>,
}

impl Target for Readers {
    fn name(&self) -> &'static str {
        "readers"
    }

    fn case(&self, choice: &mut Choice, dir: &Path) -> Verdict {
        if choice.percent(25) {
            return binary_case(choice, dir);
        }
        let (mtx, mut bytes, mut expected) = if self.seeds.is_empty() || choice.percent(70) {
            let (mtx, text, expected) = valid_file(choice);
            (mtx, text.into_bytes(), Some(expected))
        } else {
            let (mtx, bytes) = choice.pick(&self.seeds).clone();
            (mtx, bytes, None)
        };
        if choice.percent(75) {
            let donors: Vec<Vec<u8>> = self.seeds.iter().map(|(_, bytes)| bytes.clone()).collect();
            for _ in 0..choice.between(1, 4) {
                mutate(&mut bytes, choice, WORDS, &donors);
            }
            expected = None;
        }
        let path = dir.join(if mtx { "input.mtx" } else { "input.tns" });
        if let Err(error) = std::fs::write(&path, &bytes) {
            return Verdict::Fail(format!("could not write {}: {error}", path.display()));
        }
        let read = if mtx { matrix_market::read(&path) } else { frostt::read(&path) };
        let coordinates = match checked(read, &path) {
            Ok(coordinates) => coordinates,
            Err(verdict) => return verdict,
        };
        if let Some(expected) = expected {
            if sorted(&coordinates.entries()) != sorted(&expected.entries()) || coordinates.shape != expected.shape {
                return Verdict::Fail(format!("read {coordinates:?}\nwrote {expected:?}"));
            }
        }
        assemble(&coordinates, choice, dir)
    }
}

/// The entries of a valid file written by the runtime as a `.npz` (a
/// matrix), `.npy` or gzipped text file, mutated (as bytes) or not, then
/// read: an unmutated file reads back the same tensor.
fn binary_case(choice: &mut Choice, dir: &Path) -> Verdict {
    let (mtx, _, expected) = valid_file(choice);
    let kinds: &[&str] = if mtx { &["npz", "npy", "mtx.gz"] } else { &["npy", "tns.gz"] };
    let kind = *choice.pick(kinds);
    let path = dir.join(format!("input.{kind}"));
    let written = match kind {
        "npz" => numpy::write_npz(&path, &expected, Element::F64),
        "npy" => numpy::write_npy(&path, &expected.shape, &dense(&expected), Element::F64),
        "mtx.gz" => matrix_market::write(&path, &expected, Element::F64, choice.percent(50)),
        _ => frostt::write(&path, &expected, Element::F64),
    };
    if let Err(error) = written {
        return Verdict::Fail(format!("could not write {}: {error}", path.display()));
    }
    let mutated = choice.percent(70);
    if mutated {
        let Ok(mut bytes) = std::fs::read(&path) else { return Verdict::Fail(format!("could not read back {}", path.display())) };
        for _ in 0..choice.between(1, 4) {
            // Text mutations, or a byte changed or the file cut short.
            match choice.below(3) {
                0 => mutate(&mut bytes, choice, WORDS, &[]),
                1 if !bytes.is_empty() => {
                    let at = choice.below(bytes.len());
                    bytes[at] = choice.below(256) as u8;
                }
                _ => bytes.truncate(choice.below(bytes.len() + 1)),
            }
        }
        if let Err(error) = std::fs::write(&path, &bytes) {
            return Verdict::Fail(format!("could not write {}: {error}", path.display()));
        }
    }
    let read = match kind {
        "npz" => numpy::read_npz(&path, Element::F64),
        "npy" => numpy::read_npy(&path, Element::F64),
        "mtx.gz" => matrix_market::read(&path),
        _ => frostt::read(&path),
    };
    let coordinates = match checked(read, &path) {
        Ok(coordinates) => coordinates,
        Err(verdict) => return verdict,
    };
    if !mutated && (coordinates.shape != expected.shape || dense(&coordinates) != dense(&expected)) {
        return Verdict::Fail(format!("{} read back as {coordinates:?}\nwrote {expected:?}", path.display()));
    }
    assemble(&coordinates, choice, dir)
}

/// What was read from `path`, when it is within its shape; otherwise the
/// verdict: a pass when the reader refused the file with an error naming
/// it, a failure when the error does not name it or the entries are
/// outside the shape.
fn checked(read: Result<Coordinates, IoError>, path: &Path) -> Result<Coordinates, Verdict> {
    let coordinates = read.map_err(|error| {
        let (message, name) = (error.to_string(), path.display().to_string());
        match message.starts_with(&name) && message.len() > name.len() + 3 {
            true => Verdict::Pass("refused".into()),
            false => Verdict::Fail(format!("an error that does not name the file: {message}")),
        }
    })?;
    coordinates.check().map_err(|error| Verdict::Fail(format!("read entries outside the shape: {error}")))?;
    Ok(coordinates)
}

/// The row-major dense array of a small tensor, entries at one coordinate
/// added up.
fn dense(coordinates: &Coordinates) -> Vec<f64> {
    let mut values = vec![0.0; coordinates.shape.iter().product()];
    for (point, value) in coordinates.entries() {
        let index = point.iter().zip(&coordinates.shape).fold(0, |index, (&coordinate, &size)| index * size + coordinate);
        values[index] += value;
    }
    values
}

/// Builds the read entries in a random format and checks the storage.
fn assemble(coordinates: &Coordinates, choice: &mut Choice, dir: &Path) -> Verdict {
    let rank = coordinates.shape.len();
    let format = Storage::random(&coordinates.shape, choice, true, false).map_or_else(|| Format::dense(rank), |storage| storage.format());
    let bytes = storage_bytes(&coordinates.shape, &format, coordinates.entries().len());
    // A full level that stores runs is small however large its dimension,
    // but walking it visits every coordinate: only small ones are walked.
    let runs = format.levels.iter().any(|level| level.is_full() && !level.buffers().is_empty());
    if (ASSEMBLE_BELOW..MUST_REFUSE).contains(&bytes) || (runs && bytes >= ASSEMBLE_BELOW) {
        return Verdict::Pass("read; too large to assemble here".into());
    }
    let tensor = match Tensor::from_entries(coordinates.shape.clone(), format.clone(), 0.0, coordinates.entries().clone()) {
        Ok(tensor) => tensor,
        Err(TensorError::Buffer(_) | TensorError::TooLarge { .. } | TensorError::BandsTooLong { .. } | TensorError::Dimension { .. })
            if bytes >= MUST_REFUSE =>
        {
            return Verdict::Pass("read; assembly refused for size".into());
        }
        Err(error) => return Verdict::Fail(format!("assembly in {format:?} failed: {error}")),
    };
    if let Err(error) = tensor.validate() {
        return Verdict::Fail(format!("assembled an invalid {format:?}: {error}"));
    }
    let stored: Vec<(Vec<usize>, f64)> = tensor.entries().into_iter().filter(|(_, value)| *value != 0.0).collect();
    let expected = expected_storage(&coordinates.entries(), format.is_unique());
    if sorted(&stored) != sorted(&expected) {
        return Verdict::Fail(format!("{format:?} stores {stored:?}\nexpected {expected:?}"));
    }
    round_trip(&coordinates.shape, stored, choice, dir)
}

/// Writes what was stored and reads it back: the same entries, exactly.
fn round_trip(shape: &[usize], stored: Vec<(Vec<usize>, f64)>, choice: &mut Choice, dir: &Path) -> Verdict {
    let small = shape.iter().try_fold(1usize, |product, &size| product.checked_mul(size)).is_some_and(|count| count <= 10_000);
    if !small || stored.iter().any(|(_, value)| !value.is_finite()) {
        return Verdict::Pass("read; assembled".into());
    }
    let written = Coordinates::from_entries(shape.to_vec(), stored).expect("one coordinate per dimension");
    let (path, result) = if shape.len() == 2 {
        let path = dir.join("written.mtx");
        let result = matrix_market::write(&path, &written, Element::F64, choice.percent(50)).and_then(|()| matrix_market::read(&path));
        (path, result)
    } else {
        let path = dir.join("written.tns");
        let result = frostt::write(&path, &written, Element::F64).and_then(|()| frostt::read(&path));
        (path, result)
    };
    match result {
        Ok(read) if read.shape == written.shape && nonzero(&read.entries()) == sorted(&written.entries()) => {
            Verdict::Pass("read; assembled; written and read back".into())
        }
        Ok(read) => Verdict::Fail(format!("{} read back as {read:?}\nwrote {written:?}", path.display())),
        Err(error) => Verdict::Fail(format!("what was written does not read back: {error}")),
    }
}

/// The bytes of the buffers a tensor of `shape` in `format` with `entries`
/// entries needs at most, saturating.
fn storage_bytes(shape: &[usize], format: &Format, entries: usize) -> u128 {
    let (mut positions, mut total) = (1u128, 0u128);
    let parts = format.parts();
    for (level, &dim) in format.levels.iter().zip(&format.dim_to_lvl) {
        let size = parts[dim].size(shape[parts[dim].dim()]) as u128;
        let buffers = level.buffers();
        if buffers.contains(&LevelBuffer::Positions) {
            total = total.saturating_add(positions).saturating_add(1);
        }
        // A level that stores nothing, ranges of coordinates, a bitmap or a
        // band (with its gaps) may hold or lay out every coordinate under
        // every parent.
        let bitmap = buffers.contains(&LevelBuffer::Bitmap);
        let spread = level.capabilities().iteration == Iteration::Ranges || level.kind == LevelKind::Band;
        if buffers.is_empty() || bitmap || spread {
            positions = positions.saturating_mul(size);
            if bitmap {
                total = total.saturating_add(positions);
            }
        } else if !level.capabilities().branchless {
            positions = positions.saturating_mul(size).min(entries as u128);
        }
        if buffers.contains(&LevelBuffer::Coordinates) {
            total = total.saturating_add(positions);
        }
    }
    total.saturating_add(positions).saturating_mul(8)
}

/// What a format stores of `entries`: duplicates added in file order when
/// it is unique, kept apart otherwise; zeros dropped.
fn expected_storage(entries: &[(Vec<usize>, f64)], unique: bool) -> Vec<(Vec<usize>, f64)> {
    if !unique {
        return entries.iter().filter(|(_, value)| *value != 0.0).cloned().collect();
    }
    let mut summed: BTreeMap<&[usize], f64> = BTreeMap::new();
    for (point, value) in entries {
        summed.entry(point).and_modify(|sum| *sum += value).or_insert(*value);
    }
    summed.into_iter().filter(|(_, value)| *value != 0.0).map(|(point, value)| (point.to_vec(), value)).collect()
}

fn nonzero(entries: &[(Vec<usize>, f64)]) -> Vec<(Vec<usize>, u64)> {
    sorted(&expected_storage(entries, false))
}

/// Entries in coordinate order with values as bits, so NaNs compare.
fn sorted(entries: &[(Vec<usize>, f64)]) -> Vec<(Vec<usize>, u64)> {
    let mut sorted: Vec<(Vec<usize>, u64)> = entries.iter().map(|(point, value)| (point.clone(), value.to_bits())).collect();
    sorted.sort();
    sorted
}

/// A valid file in one of the layouts the readers take, and the entries it
/// holds: Matrix Market coordinate (real, integer or pattern; general or
/// symmetric) or array, FROSTT extended or plain.
fn valid_file(choice: &mut Choice) -> (bool, String, Coordinates) {
    let mut text = String::new();
    let value = |choice: &mut Choice| (choice.below(33) as f64 - 16.0) * 0.25;
    if choice.percent(60) {
        let (rows, columns) = (choice.between(0, 6), choice.between(0, 6));
        let layout = choice.below(5);
        let symmetric = layout == 4;
        let columns = if symmetric { rows } else { columns };
        let all = points(&[rows, columns]);
        let candidates: Vec<Vec<usize>> = all.into_iter().filter(|p| !symmetric || p[0] >= p[1]).collect();
        let chosen: Vec<Vec<usize>> = candidates.into_iter().filter(|_| choice.percent(40)).collect();
        let field = match layout {
            1 => "integer",
            2 => "pattern",
            _ => "real",
        };
        let mut entries = Vec::new();
        if layout == 3 {
            let _ = writeln!(text, "%%MatrixMarket matrix array real general\n% written by sparse-fuzz\n{rows} {columns}");
            let mut values = vec![0.0; rows * columns];
            for point in &chosen {
                values[point[0] * columns + point[1]] = value(choice);
            }
            for column in 0..columns {
                for row in 0..rows {
                    let _ = writeln!(text, "{:?}", values[row * columns + column]);
                    entries.push((vec![row, column], values[row * columns + column]));
                }
            }
        } else {
            let symmetry = if symmetric { "symmetric" } else { "general" };
            let _ = writeln!(text, "%%MatrixMarket matrix coordinate {field} {symmetry}\n{rows} {columns} {}", chosen.len());
            for point in chosen {
                let v = match layout {
                    1 => value(choice).round() + 0.0,
                    2 => 1.0,
                    _ => value(choice),
                };
                match layout {
                    2 => writeln!(text, "{} {}", point[0] + 1, point[1] + 1),
                    1 => writeln!(text, "{} {} {}", point[0] + 1, point[1] + 1, v as i64),
                    _ => writeln!(text, "{} {} {v:?}", point[0] + 1, point[1] + 1),
                }
                .expect("writing to a String");
                if symmetric && point[0] != point[1] {
                    entries.push((vec![point[1], point[0]], v));
                }
                entries.push((point, v));
            }
        }
        return (true, text, Coordinates::from_entries(vec![rows, columns], entries).expect("one coordinate per dimension"));
    }
    let rank = choice.between(1, 4);
    let mut shape: Vec<usize> = (0..rank).map(|_| choice.between(1, 5)).collect();
    let chosen: Vec<Vec<usize>> = points(&shape).into_iter().filter(|_| choice.percent(30)).collect();
    let entries: Vec<(Vec<usize>, f64)> = chosen.into_iter().map(|point| (point, value(choice))).collect();
    let plain = rank > 1 && !entries.is_empty() && choice.percent(50);
    if plain {
        // A plain file's sizes are its largest coordinates.
        shape = (0..rank).map(|dim| entries.iter().map(|(point, _)| point[dim] + 1).max().unwrap_or(0)).collect();
        text += "# plain FROSTT\n";
    } else {
        let sizes: Vec<String> = shape.iter().map(usize::to_string).collect();
        let _ = writeln!(text, "# extended FROSTT\n{rank} {}\n{}", entries.len(), sizes.join(" "));
    }
    for (point, v) in &entries {
        let coordinates: Vec<String> = point.iter().map(|c| (c + 1).to_string()).collect();
        let _ = writeln!(text, "{} {v:?}", coordinates.join(" "));
    }
    (false, text, Coordinates::from_entries(shape, entries).expect("one coordinate per dimension"))
}
