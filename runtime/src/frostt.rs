//! FROSTT tensor files (`.tns`), plain and in MLIR's extended form.
//!
//! A plain file (<http://frostt.io/tensors/file-formats.html>) lists one
//! entry per line, `i1 ... iN value`, with 1-based coordinates; it has no
//! header, so its shape is the largest coordinate of each dimension. MLIR's
//! extended form (what its sparse tensor runtime reads) adds a header: a line
//! `rank nnz`, then a line of the `rank` dimension sizes, so it keeps the
//! shape, and empty tensors, exactly. Both allow `#` comments and blank lines.
//! Every dimension size, declared or set by a coordinate, must fit a kernel's
//! signed 64-bit index. Writing always uses the extended form, except for a
//! 0-d tensor: a file whose first line is a value alone holds that tensor,
//! its one value, and nothing else.
//!
//! A tensor of real or integer values has one value column; a complex tensor
//! has two, the real and the imaginary part. Values are read exactly (an
//! integer as an integer) and converted to the element type read into
//! ([`Element::convert`]) on their line.

use crate::coordinates::Coordinates;
use crate::element::{Element, Kind};
use crate::entry_lines::{read_entry_lines, EntryOut, EntryReader, Expected, PlainTokens};
use crate::entry_writing::{Source, WrittenEntries};
use crate::io::{after_first_lines, check_holds, check_rank, head, read_pieces, write_file, IoError, Line, Lines, Pieces, ReadText};
use crate::process::available_threads;
use crate::progress::Progress;
use crate::tensor::Tensor;
use crate::value::{Scalar, Value};
use std::borrow::Cow;
use std::io::Write;
use std::path::Path;

/// Reads the real tensor in `path`, as [`read_as`] into `f64`.
pub fn read(path: &Path) -> Result<Coordinates, IoError> {
    read_with(path, Element::F64, available_threads())
}

/// Reads the tensor in `path` into values of `element`, on every thread
/// the machine offers.
pub fn read_as(path: &Path, element: Element) -> Result<Coordinates<Value>, IoError> {
    read_with(path, element, available_threads())
}

/// Reads the tensor in `path` into values of `element`, held as `V` (a
/// [`Value`], or an `f64` for the float types), reading entry lines on
/// `threads` threads.
pub fn read_with<V: Scalar>(path: &Path, element: Element, threads: usize) -> Result<Coordinates<V>, IoError> {
    read_watched(path, element, threads, &Progress::new())
}

/// [`read_with`], advancing `progress` as the text is parsed (for
/// [`progress::shown`](crate::progress::shown)).
pub fn read_watched<V: Scalar>(path: &Path, element: Element, threads: usize, progress: &Progress) -> Result<Coordinates<V>, IoError> {
    let ReadText { pieces, not_utf8 } = read_pieces(path, threads)?;
    ReadText::earliest(not_utf8, parse_pieces(&path.display().to_string(), pieces, element, threads, progress))
}

/// Parses `text` as [`parse_as`] into `f64`.
pub fn parse(name: &str, text: &str) -> Result<Coordinates, IoError> {
    parse_with(name, text, Element::F64, available_threads())
}

/// Parses `text`, the content of the file `name` (which errors name), into
/// values of `element`, with entries in file order.
///
/// The extended form is recognized when the first content line is two
/// integers, the second is `rank` integers, and the third (if any) has
/// `rank` coordinates and the value columns; a plain file of a vector with
/// integer values that has just two entries looks the same, and is read as
/// extended.
pub fn parse_as(name: &str, text: &str, element: Element) -> Result<Coordinates<Value>, IoError> {
    parse_with(name, text, element, available_threads())
}

/// [`parse_as`], into values held as `V` ([`read_with`]), reading entry
/// lines on `threads` threads.
pub fn parse_with<V: Scalar>(name: &str, text: &str, element: Element, threads: usize) -> Result<Coordinates<V>, IoError> {
    parse_pieces(name, vec![Cow::Borrowed(text)], element, threads, &Progress::new())
}

/// Where a file's entry lines start, by what its first lines say.
enum Start {
    /// After the extended header's line `sizes_line`.
    Extended { shape: Vec<usize>, declared: usize, sizes_line: usize },
    /// At line `first_line` of a plain file of `rank`.
    Plain { rank: usize, first_line: usize },
}

/// [`parse_with`] of the text in `pieces`.
fn parse_pieces<V: Scalar>(
    name: &str,
    mut pieces: Pieces,
    element: Element,
    threads: usize,
    progress: &Progress,
) -> Result<Coordinates<V>, IoError> {
    check_holds::<V>(name, element)?;
    let columns = Columns { element };
    let start = {
        // The first three lines that are no comment tell the form.
        let head = head(&mut pieces, 3, '#');
        let mut lines = Lines::new(name, head, '#');
        let [first, second, third] = [lines.next(), lines.next(), lines.next()];
        let extended = match (&first, &second) {
            (Some(counts), Some(sizes)) => extended_rank(counts, sizes, third.as_ref(), columns).map(|rank| (counts, sizes, rank)),
            _ => None,
        };
        if let Some((counts, sizes, rank)) = extended {
            check_rank(rank).map_err(|problem| counts.error(problem))?;
            let declared = counts.integer(1, "entry count")?;
            let shape = (0..rank).map(|dim| sizes.size(dim, &format!("dimension {} size", dim + 1))).collect::<Result<Vec<_>, _>>()?;
            Start::Extended { shape, declared, sizes_line: sizes.number }
        } else {
            let Some(first) = first else {
                return Err(lines.end_error("no entries and no header, so the rank is unknown"));
            };
            if first.tokens.len() == columns.count() {
                // A 0-d tensor: one value and nothing else.
                if let Some(second) = second.or_else(|| lines.next()) {
                    return Err(
                        second.error("a 0-d tensor (a file whose first line is a value alone) holds one value, and this is a second line")
                    );
                }
                let mut scalar = Coordinates::new(Vec::new());
                scalar.push(&[], V::from_value(columns.value(&first, 0)?));
                return Ok(scalar);
            }
            let Some(rank) = first.tokens.len().checked_sub(columns.count()).filter(|&rank| rank > 0) else {
                let found = first.tokens.len();
                let plural = if found == 1 { "" } else { "s" };
                return Err(first.error(format!("expected coordinates and {}, found {found} token{plural}", columns.describe())));
            };
            check_rank(rank).map_err(|problem| first.error(problem))?;
            Start::Plain { rank, first_line: first.number }
        }
    };
    match start {
        Start::Extended { shape, declared, sizes_line } => {
            let expected =
                Expected { name, first_line: sizes_line + 1, comment: b'#', rank: shape.len(), at_most: Some((declared, "header")) };
            let reader = EntryLines::new(&shape.iter().copied().map(Some).collect::<Vec<_>>(), columns);
            let entries = read_entry_lines(after_first_lines(pieces, sizes_line), &expected, &reader, threads, progress)?;
            if entries.lines < declared {
                let problem = format!("the file ends after {} of the {declared} entries the header declares", entries.lines);
                return Err(IoError { file: name.to_string(), line: Some(entries.last_line.max(1)), problem: problem.into() });
            }
            Ok(Coordinates { shape, ..entries.coordinates })
        }
        Start::Plain { rank, first_line } => {
            // Its entries start on its first content line.
            let expected = Expected { name, first_line, comment: b'#', rank, at_most: None };
            let reader = EntryLines::new(&vec![None; rank], columns);
            let mut coordinates =
                read_entry_lines(after_first_lines(pieces, first_line - 1), &expected, &reader, threads, progress)?.coordinates;
            coordinates.shape = coordinates.columns.iter().map(|column| column.iter().max().map_or(0, |&largest| largest + 1)).collect();
            Ok(coordinates)
        }
    }
}

/// The value columns of a tensor of one element type.
#[derive(Clone, Copy)]
struct Columns {
    element: Element,
}

impl Columns {
    /// How many tokens a value takes.
    fn count(self) -> usize {
        if self.element.kind() == Kind::Complex {
            2
        } else {
            1
        }
    }

    /// What the value tokens are, for errors.
    fn describe(self) -> &'static str {
        match self.count() {
            1 => "a value",
            _ => "a real and an imaginary part",
        }
    }

    /// The value whose tokens start at `index` on `line`, converted.
    fn value(self, line: &Line, index: usize) -> Result<Value, IoError> {
        let value = if self.count() == 2 {
            Value::Complex(line.real(index, "real part")?, line.real(index + 1, "imaginary part")?)
        } else if let Some(integer) = integer_token(line.tokens[index]) {
            Value::Integer(integer)
        } else {
            line.real_value(index, "value", self.element)?
        };
        line.convert(value, self.element)
    }
}

/// The integer a value token spells, read exactly (past an `f64`'s 2^53),
/// unless it is a negative zero (`-0`), which a float element keeps.
fn integer_token(token: &str) -> Option<i64> {
    token.parse::<i64>().ok().filter(|&integer| integer != 0 || !token.starts_with('-'))
}

/// The rank an extended header declares, if `counts`, `sizes` and the line
/// after them (if any) are one.
fn extended_rank(counts: &Line, sizes: &Line, entry: Option<&Line>, columns: Columns) -> Option<usize> {
    let integers = |line: &Line| line.tokens.iter().all(|token| token.parse::<usize>().is_ok());
    if counts.tokens.len() != 2 || !integers(counts) {
        return None;
    }
    let rank = counts.tokens[0].parse().ok()?;
    // The size line first: it bounds `rank`, so `rank + 1` cannot overflow.
    let sizes_fit = sizes.tokens.len() == rank && integers(sizes);
    (sizes_fit && entry.is_none_or(|entry| entry.tokens.len() == rank + columns.count())).then_some(rank)
}

/// The entry lines: one coordinate per dimension, each within its size
/// (where the file declares one), then a value.
struct EntryLines {
    /// Per dimension: its size, if declared, and what its coordinates are.
    dims: Vec<(Option<usize>, String)>,
    columns: Columns,
    /// What an entry line holds.
    what: String,
}

impl EntryLines {
    /// The lines of entries in dimensions of `sizes`, with `columns`.
    fn new(sizes: &[Option<usize>], columns: Columns) -> Self {
        let dims = sizes.iter().enumerate().map(|(dim, &size)| (size, format!("dimension {} coordinate", dim + 1))).collect();
        Self { dims, columns, what: format!("{} coordinates and {}", sizes.len(), columns.describe()) }
    }
}

impl EntryReader for EntryLines {
    /// A coordinate per dimension and the value's tokens.
    fn least_tokens(&self) -> usize {
        self.dims.len() + self.columns.count()
    }

    /// On an error, `out` may hold part of the line's entry.
    fn read<V: Scalar>(&self, line: &Line, out: &mut impl EntryOut<V>) -> Result<(), IoError> {
        let rank = self.dims.len();
        line.expect_tokens(rank + self.columns.count(), &self.what)?;
        let point =
            self.dims.iter().enumerate().map(|(dim, (size, what))| line.coordinate(dim, what, *size)).collect::<Result<Vec<_>, _>>()?;
        out.push(&point, self.columns.value(line, rank)?);
        Ok(())
    }

    fn read_plain<V: Scalar>(&self, text: &str, out: &mut impl EntryOut<V>) -> bool {
        /// Higher ranks take the general reading.
        const MOST_DIMS: usize = 8;
        if self.columns.count() != 1 || self.dims.len() > MOST_DIMS {
            return false;
        }
        let mut tokens = PlainTokens::new(text);
        let mut point = [0; MOST_DIMS];
        let mut plain = || {
            for (coordinate, (size, _)) in point.iter_mut().zip(&self.dims) {
                *coordinate = tokens.coordinate(*size)?;
            }
            let token = tokens.token()?;
            tokens.finished().then_some(())?;
            let value = match integer_token(token) {
                Some(integer) => Value::Integer(integer),
                None => self.columns.element.real_text(token, token.parse().ok()?).ok()?,
            };
            self.columns.element.convert(value).ok()
        };
        let Some(value) = plain() else { return false };
        out.push(&point[..self.dims.len()], value);
        true
    }
}

/// Writes `coordinates` to `path` in the extended form, entries in
/// row-major order, each value converted to `element` and printed exactly
/// (a complex value as its two parts).
pub fn write<V: Scalar>(path: &Path, coordinates: &Coordinates<V>, element: Element) -> Result<(), IoError> {
    write_with(path, coordinates, element, available_threads())
}

/// [`write()`], formatting lines on `threads` threads.
pub fn write_with<V: Scalar>(path: &Path, coordinates: &Coordinates<V>, element: Element, threads: usize) -> Result<(), IoError> {
    let tensor =
        Written::new(Source::list_of(coordinates), element).map_err(|problem| IoError::file(path.display().to_string(), problem))?;
    write_file(path, |mut out| tensor.write_to(&mut out, threads))
}

/// Writes `tensor`'s entries ([`Tensor::coordinates`]) to `path` as
/// [`write()`] does, straight from its storage when that is in row-major
/// order; formats lines on `threads` threads.
pub fn write_tensor_with<V: Scalar>(path: &Path, tensor: &Tensor<V>, element: Element, threads: usize) -> Result<(), IoError> {
    let tensor = Written::new(Source::tensor(tensor), element).map_err(|problem| IoError::file(path.display().to_string(), problem))?;
    write_file(path, |mut out| tensor.write_to(&mut out, threads))
}

/// A tensor ready to write: checked, converted, and its entries in
/// row-major order, so that nothing can fail but the writing.
struct Written<'c, V: Clone> {
    /// The comment and header lines (all of a 0-d tensor's file).
    head: String,
    /// The entry lines; none for a 0-d tensor, whose value is in the head.
    lines: Option<WrittenEntries<'c, V>>,
}

impl<'c, V: Scalar> Written<'c, V> {
    /// The file of `source`'s entries, or why there is none.
    fn new(source: Source<'c, V>, element: Element) -> Result<Self, String> {
        if let Some(list) = source.list() {
            list.check().map_err(|error| error.to_string())?;
        }
        let shape = source.shape().to_vec();
        let lines = WrittenEntries::new(source, element).map_err(|error| error.to_string())?;
        if shape.is_empty() {
            let value = match lines.values().first() {
                Some(&first) => element.convert(first.value()).map_err(|error| error.to_string())?.to_string(),
                None if element.kind() == Kind::Complex => "0 0".into(),
                None => "0".into(),
            };
            return Ok(Self { head: format!("# a 0-d tensor: its one value\n{value}\n"), lines: None });
        }
        let sizes: Vec<String> = shape.iter().map(usize::to_string).collect();
        let head = format!("# extended FROSTT format\n{} {}\n{}\n", shape.len(), lines.count(), sizes.join(" "));
        Ok(Self { head, lines: Some(lines) })
    }

    /// Writes the file to `out`, formatting lines on `threads` threads.
    fn write_to(&self, out: &mut (impl Write + Send), threads: usize) -> std::io::Result<()> {
        match &self.lines {
            Some(lines) => lines.write_to(out, &self.head, threads),
            None => out.write_all(self.head.as_bytes()),
        }
    }
}

/// The text [`write()`] writes, or why there is none.
#[cfg(test)]
fn text<V: Scalar>(coordinates: &Coordinates<V>, element: Element) -> Result<String, String> {
    let mut bytes = Vec::new();
    Written::new(Source::list_of(coordinates), element)?.write_to(&mut bytes, 2).expect("writing to memory does not fail");
    Ok(String::from_utf8(bytes).expect("the text is UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::testing::temp_path;
    use crate::random::random_entries;
    use crate::tensor::{Buffer, BufferError, Tensor, TensorError};
    use crate::Format;

    fn coordinates(shape: &[usize], entries: &[(&[usize], f64)]) -> Coordinates {
        let entries = entries.iter().map(|(c, v)| (c.to_vec(), *v)).collect();
        Coordinates::from_entries(shape.to_vec(), entries).expect("one coordinate per dimension")
    }

    /// The message of parsing `text`, which must fail on `line`.
    fn error(text: &str, line: usize) -> String {
        let error = parse("t.tns", text).unwrap_err();
        assert_eq!((error.file.as_str(), error.line), ("t.tns", Some(line)), "{error}");
        error.problem.to_string()
    }

    #[test]
    fn plain_files_take_their_shape_from_the_largest_coordinates() {
        let text = "# a comment\n1 2 3 1.5\n\n  # another\n2 1 1 -2\n1 4 1 0.25\n";
        let tensor = parse("t.tns", text).unwrap();
        assert_eq!(tensor, coordinates(&[2, 4, 3], &[(&[0, 1, 2], 1.5), (&[1, 0, 0], -2.0), (&[0, 3, 0], 0.25)]));
        let vector = parse("t.tns", "3 1.5\n1 2.5\n4 3.5\n").unwrap();
        assert_eq!(vector, coordinates(&[4], &[(&[2], 1.5), (&[0], 2.5), (&[3], 3.5)]));
    }

    #[test]
    fn more_dimensions_than_a_tensor_may_have_are_an_error_on_the_line_that_says_so() {
        let rank = crate::MAX_LEVELS + 1;
        let plain = format!("# plain\n{} 1.5\n", vec!["1"; rank].join(" "));
        let problem = format!("the tensor has {rank} dimensions, more than the {} a tensor may have", crate::MAX_LEVELS);
        assert_eq!(error(&plain, 2), problem);
        let extended = format!("{rank} 1\n{}\n{} 1.5\n", vec!["2"; rank].join(" "), vec!["1"; rank].join(" "));
        assert_eq!(error(&extended, 1), problem);
        let most = format!("{} 1.5\n", vec!["1"; crate::MAX_LEVELS].join(" "));
        assert_eq!(parse("t.tns", &most).unwrap().shape.len(), crate::MAX_LEVELS);
    }

    #[test]
    fn extended_files_keep_their_shape() {
        let text = "# extended FROSTT format\n2 2\n5 6\n1 1 1.0\n5 6 2e-3\n";
        assert_eq!(parse("t.tns", text).unwrap(), coordinates(&[5, 6], &[(&[0, 0], 1.0), (&[4, 5], 0.002)]));
        let empty = parse("t.tns", "3 0\n2 0 4\n").unwrap();
        assert_eq!(empty, coordinates(&[2, 0, 4], &[]));
        let vector = parse("t.tns", "1 2\n7\n7 1\n2 3\n").unwrap();
        assert_eq!(vector, coordinates(&[7], &[(&[6], 1.0), (&[1], 3.0)]));
    }

    #[test]
    fn lines_that_only_look_like_a_header_start_a_plain_file() {
        // Two integers then a line of two tokens: a vector with integer values.
        let plain = parse("t.tns", "1 5\n2 7\n3 8\n").unwrap();
        assert_eq!(plain, coordinates(&[3], &[(&[0], 5.0), (&[1], 7.0), (&[2], 8.0)]));
        let plain = parse("t.tns", "2 3\n4 5\n6 7\n").unwrap();
        assert_eq!(plain, coordinates(&[6], &[(&[1], 3.0), (&[3], 5.0), (&[5], 7.0)]));
        // A second line that is not all integers is no size line.
        assert_eq!(error("2 2\n3 x\n1 1 1\n", 2), "value \"x\" is not a number");
    }

    #[test]
    fn extended_errors_name_their_line() {
        // Header, sizes, and an entry line of rank + 1 tokens: extended.
        assert_eq!(error("2 3\n4 5\n6 7 8\n", 3), "dimension 1 coordinate 6 is out of range: the size is 4");
        assert_eq!(error("2 2\n3 3\n1 1 1\n\n# c\n", 5), "the file ends after 1 of the 2 entries the header declares");
        assert_eq!(error("2 1\n3 3\n1 1 1\n\n# c\n2 2 2\n", 6), "more entries than the 1 the header declares");
        assert_eq!(error("2 1\n3 3\n1 4 1\n", 3), "dimension 2 coordinate 4 is out of range: the size is 3");
        assert_eq!(error("2 1\n3 3\n0 1 1\n", 3), "dimension 1 coordinate 0 is out of range: coordinates start at 1");
        assert_eq!(error("2 2\n3 3\n1 1 1\n1 1\n", 4), "expected 3 tokens (2 coordinates and a value), found 2");
        assert_eq!(error("2 1\n3 3\n1 1 one\n", 3), "value \"one\" is not a number");
    }

    #[test]
    fn plain_errors_name_their_line() {
        assert_eq!(error("", 1), "no entries and no header, so the rank is unknown");
        assert_eq!(error("# only\n# comments\n", 2), "no entries and no header, so the rank is unknown");
        assert_eq!(
            error("# c\n5\n6 7\n", 3),
            "a 0-d tensor (a file whose first line is a value alone) holds one value, and this is a second line"
        );
        assert_eq!(error("1 1 1\n2 2 2 2\n", 2), "expected 3 tokens (2 coordinates and a value), found 4");
        assert_eq!(error("1 1 1\n2 2\n", 2), "expected 3 tokens (2 coordinates and a value), found 2");
        assert_eq!(error("1 1 1\n2 0 2\n", 2), "dimension 2 coordinate 0 is out of range: coordinates start at 1");
        assert_eq!(error("1 1 1\n2 -1 2\n", 2), "dimension 2 coordinate \"-1\" is not a nonnegative integer");
        assert_eq!(error("1 1 1\n2 2 x\n", 2), "value \"x\" is not a number");
    }

    #[test]
    fn huge_declared_sizes_are_errors_not_aborts() {
        // 10^17 dense rows used to abort on CSR's positions: 800 PB, more
        // than any address space holds, so the allocator always refuses.
        let path = temp_path("tns");
        std::fs::write(&path, "# extended FROSTT\n2 1\n100000000000000000 100000000000000000\n1 1 1.0\n").unwrap();
        let huge = read(&path);
        std::fs::remove_file(&path).unwrap();
        let huge = huge.unwrap();
        assert_eq!(huge.shape, [100_000_000_000_000_000; 2]);
        let build = |format| Tensor::from_entries(huge.shape.clone(), format, 0.0, huge.entries().clone());
        let positions = BufferError::Allocation {
            buffer: Buffer::Positions(1),
            elements: 100_000_000_000_000_001,
            width: 8,
            bytes: 800_000_000_000_000_008,
        };
        let csr = build(Format::csr());
        assert_eq!(csr, Err(TensorError::Buffer(positions)));
        assert_eq!(
            csr.unwrap_err().to_string(),
            "cannot allocate the pos buffer of level 1: 100000000000000001 elements of 8 bytes, \
             800000000000000008 bytes in all"
        );
        // 10^34 components are too many to count, let alone allocate.
        assert_eq!(build(Format::dense(2)), Err(TensorError::TooLarge { level: 1 }));
        let dcsr = build(Format::dcsr()).unwrap();
        assert_eq!(dcsr.try_to_dense(), Err(TensorError::Buffer(BufferError::Overflow { buffer: Buffer::Dense })));
    }

    #[test]
    fn sizes_a_signed_64_bit_index_cannot_hold_are_errors_on_their_line() {
        let limit = "is more than 9223372036854775807, the largest size a kernel's signed 64-bit index holds";
        assert_eq!(
            error("# extended FROSTT\n2 1\n3 9223372036854775808\n1 1 1.0\n", 3),
            format!("dimension 2 size 9223372036854775808 {limit}")
        );
        // In a plain file the largest coordinate is the size.
        assert_eq!(error("1 1 1.0\n1 9223372036854775808 2.0\n", 2), format!("dimension 2 coordinate 9223372036854775808 {limit}"));
        let widest = parse("t.tns", "1 9223372036854775807 2.0\n").unwrap();
        assert_eq!(widest.shape, [1, 9223372036854775807]);
        // A rank of usize::MAX once overflowed `rank + 1`; its line is an entry.
        assert_eq!(error("18446744073709551615 1\n5\n1 1.0\n", 1), format!("dimension 1 coordinate 18446744073709551615 {limit}"));
    }

    #[test]
    fn text_is_extended_and_sorted() {
        let tensor = coordinates(&[2, 3, 4], &[(&[1, 0, 3], -1.5), (&[0, 2, 0], 4.0)]);
        assert_eq!(text(&tensor, Element::F64).unwrap(), "# extended FROSTT format\n3 2\n2 3 4\n1 3 1 4\n2 1 4 -1.5\n");
        assert_eq!(text(&coordinates(&[], &[(&[], 1.5)]), Element::F64).unwrap(), "# a 0-d tensor: its one value\n1.5\n");
        assert_eq!(text(&coordinates(&[], &[]), Element::I32).unwrap(), "# a 0-d tensor: its one value\n0\n");
        let scalar = parse("t.tns", "# a 0-d tensor\n-2.25\n").unwrap();
        assert_eq!((scalar.shape.len(), scalar.entries()), (0, vec![(Vec::new(), -2.25)]));
        assert_eq!(
            error("7\n8\n", 2),
            "a 0-d tensor (a file whose first line is a value alone) holds one value, and this is a second line"
        );
        assert_eq!(
            text(&coordinates(&[2], &[(&[2], 1.0)]), Element::F64).unwrap_err(),
            "entry 0: coordinate 2 of dimension 0 is outside 0..2"
        );
    }

    #[test]
    fn write_then_read_round_trips_through_a_file() {
        let cases: [&[usize]; 6] = [&[4, 3, 5], &[6], &[3, 0, 2], &[1], &[1, 1, 1], &[9, 9]];
        for (seed, shape) in cases.into_iter().enumerate() {
            for density in [0.0, 0.3, 1.0] {
                let tensor = random_entries(shape, density, seed as u64);
                let path = temp_path("tns");
                write(&path, &tensor, Element::F64).unwrap();
                let read_back = read(&path);
                std::fs::remove_file(&path).unwrap();
                assert_eq!(read_back.unwrap(), tensor, "{shape:?} at density {density}");
            }
        }
    }

    #[test]
    fn complex_tensors_have_two_value_columns() {
        let text = "# extended\n2 2\n3 3\n1 1 1.5 -2\n3 2 0 1e-3\n";
        let tensor = parse_as("t.tns", text, Element::Complex64).unwrap();
        assert_eq!(tensor.shape, [3, 3]);
        assert_eq!(tensor.entries(), [(vec![0, 0], Value::Complex(1.5, -2.0)), (vec![2, 1], Value::Complex(0.0, 0.001))]);
        let plain = parse_as("t.tns", "2 1 0.5 0.25\n", Element::Complex32).unwrap();
        assert_eq!((plain.shape.clone(), plain.entries()), (vec![2, 1], vec![(vec![1, 0], Value::Complex(0.5, 0.25))]));
        let failure = parse_as("t.tns", "2 2\n3 3\n1 1 1 1\n1 1 1\n", Element::Complex64).unwrap_err();
        assert_eq!(failure.to_string(), "t.tns:4: expected 4 tokens (2 coordinates and a real and an imaginary part), found 3");
        let failure = parse_as("t.tns", "1\n", Element::Complex64).unwrap_err();
        assert_eq!(failure.to_string(), "t.tns:1: expected coordinates and a real and an imaginary part, found 1 token");
        let scalar = parse_as("t.tns", "1 2\n", Element::Complex64).unwrap();
        assert_eq!((scalar.shape.len(), scalar.entries()), (0, vec![(Vec::new(), Value::Complex(1.0, 2.0))]));
        // Real tensors read two value columns as a coordinate too many.
        assert_eq!(error("2 2\n3 3\n1 1 1\n1 1 1 2\n", 4), "expected 3 tokens (2 coordinates and a value), found 4");
    }

    #[test]
    fn values_are_read_exactly_and_converted_to_the_element_type() {
        let text = "1 2\n4\n1 9007199254740993\n4 -3\n";
        let integers = parse_as("t.tns", text, Element::I64).unwrap();
        assert_eq!(integers.entries(), [(vec![0], Value::Integer(9_007_199_254_740_993)), (vec![3], Value::Integer(-3))]);
        let message = |text: &str, element| parse_as("t.tns", text, element).unwrap_err().to_string();
        assert_eq!(message("1 1\n4\n2 200\n", Element::I8), "t.tns:3: 200 is outside the range -128..=127 of i8");
        assert_eq!(message("1 1\n4\n2 0.5\n", Element::Index), "t.tns:3: 0.5 is not an integer, which index needs");
        assert_eq!(message("1 1\n4\n2 2\n", Element::I1), "t.tns:3: 2 is outside the range 0..=1 of i1");
        assert_eq!(parse_as("t.tns", "1 1\n4\n2 3.0\n", Element::I16).unwrap().entries(), [(vec![1], Value::Integer(3))]);
        assert_eq!(parse_as("t.tns", "1 1\n4\n2 0.1\n", Element::F16).unwrap().entries()[0].1, Value::Real(0.0999755859375));
        // A negative zero keeps its sign in a float, on either reading path.
        for text in ["1 2\n4\n1 -0\n2 0\n", "2 2\n4 3\n1 1 -0\n2 3 0\n"] {
            let zeros = parse_with::<f64>("t.tns", text, Element::F64, 1).unwrap().values;
            assert_eq!(zeros.iter().map(|zero| zero.is_sign_negative()).collect::<Vec<_>>(), [true, false], "{text}");
        }
        assert_eq!(parse_as("t.tns", "1 1\n4\n2 -0\n", Element::I32).unwrap().entries()[0].1, Value::Integer(0));
    }

    #[test]
    fn every_element_type_round_trips_through_a_file() {
        let values: [(Element, Value); 12] = [
            (Element::F64, Value::Real(0.1)),
            (Element::F32, Value::Real(0.1f32 as f64)),
            (Element::F16, Value::Real(0.0999755859375)),
            (Element::BF16, Value::Real(0.10009765625)),
            (Element::I64, Value::Integer(i64::MIN + 1)),
            (Element::I32, Value::Integer(-5)),
            (Element::I16, Value::Integer(300)),
            (Element::I8, Value::Integer(-128)),
            (Element::I1, Value::Integer(1)),
            (Element::Index, Value::Integer(9_007_199_254_740_993)),
            (Element::Complex64, Value::Complex(0.1, -1e300)),
            (Element::Complex32, Value::Complex(0.1f32 as f64, 2.0)),
        ];
        for (element, value) in values {
            let tensor = Coordinates::from_entries(vec![2, 3], vec![(vec![0, 2], value), (vec![1, 0], value)])
                .expect("one coordinate per dimension");
            let path = temp_path("tns");
            write(&path, &tensor, element).unwrap();
            let read_back = read_as(&path, element);
            std::fs::remove_file(&path).unwrap();
            assert_eq!(read_back.unwrap(), tensor, "{element:?}");
        }
        let complex = Coordinates::from_entries(vec![1], vec![(vec![0], Value::Complex(1.0, 2.0))]).expect("one coordinate per dimension");
        assert_eq!(text(&complex, Element::Complex64).unwrap(), "# extended FROSTT format\n1 1\n1\n1 1 2\n");
        assert_eq!(text(&complex, Element::F64).unwrap_err(), "the complex value (1, 2) does not fit the real element type f64");
    }

    #[test]
    fn file_errors_name_the_path() {
        let path = temp_path("tns");
        std::fs::write(&path, "1 1 1\n1 1\n").unwrap();
        let error = read(&path);
        std::fs::remove_file(&path).unwrap();
        let expected = format!("{}:2: expected 3 tokens (2 coordinates and a value), found 2", path.display());
        assert_eq!(error.unwrap_err().to_string(), expected);
    }

    #[test]
    fn plain_lines_read_as_lines_do_in_every_rank_and_element() {
        for sizes in [vec![Some(3)], vec![Some(3), Some(3)], vec![None, None], vec![Some(2), Some(3), None], vec![None; 4]] {
            for element in [Element::F64, Element::I8, Element::I1, Element::F16, Element::Complex64] {
                let reader = EntryLines::new(&sizes, Columns { element });
                crate::entry_lines::check_plain_agrees(&reader, sizes.len());
            }
        }
    }
}
