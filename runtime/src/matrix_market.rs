//! Matrix Market files (`.mtx`): reading real, integer, complex and pattern
//! matrices in coordinate or array layout, general, symmetric or (complex)
//! Hermitian, into any element type; and writing general ones in the field
//! of an element type.
//!
//! The format is NIST's (<https://math.nist.gov/MatrixMarket/formats.html>):
//! a `%%MatrixMarket` header, `%` comments, a size line, then the entries with
//! 1-based coordinates; a complex entry has two numbers, its real and
//! imaginary parts. Array layout lists every value column by column; a
//! symmetric or Hermitian matrix stores only its lower triangle, and reading
//! restores the upper one (conjugated, for Hermitian). Row and column counts
//! must fit a kernel's signed 64-bit index. Each value is converted to the
//! element type read into ([`Element::convert`]) on its line, so a value the
//! type cannot hold is an error there.

use crate::coordinates::{Coordinates, Listing};
use crate::element::{Element, Kind};
use crate::entry_lines::{read_entry_lines, EntryOut, EntryReader, Expected, PlainTokens};
use crate::entry_writing::{push_value, Source, WrittenEntries};
use crate::io::{
    after_first_lines, check_holds, head, read_pieces, write_file, write_lines, IoError, Line, Lines, Pieces, Problem, ReadText,
};
use crate::process::available_threads;
use crate::progress::Progress;
use crate::tensor::{filled, Buffer, Tensor};
use crate::value::{Scalar, Value};
use crate::Format;
use std::borrow::Cow;
use std::io::Write;
use std::path::Path;

/// Reads the real matrix in `path`, as [`read_as`] into `f64`.
pub fn read(path: &Path) -> Result<Coordinates, IoError> {
    read_with(path, Element::F64, available_threads())
}

/// Reads the matrix in `path` into values of `element`, on every thread
/// the machine offers.
pub fn read_as(path: &Path, element: Element) -> Result<Coordinates<Value>, IoError> {
    read_with(path, element, available_threads())
}

/// Reads the matrix in `path` into values of `element`, held as `V` (a
/// [`Value`], or an `f64` for the float types), reading entry lines on
/// `threads` threads.
pub fn read_with<V: Scalar>(path: &Path, element: Element, threads: usize) -> Result<Coordinates<V>, IoError> {
    Ok(read_watched(path, element, threads, &Progress::new())?.0)
}

/// [`read_with`], advancing `progress` as the text is parsed (for
/// [`progress::shown`](crate::progress::shown)); also what the list holds:
/// a coordinate-layout file's entries, or an array-layout file's components.
pub fn read_watched<V: Scalar>(
    path: &Path,
    element: Element,
    threads: usize,
    progress: &Progress,
) -> Result<(Coordinates<V>, Listing), IoError> {
    let ReadText { pieces, not_utf8 } = read_pieces(path, threads)?;
    ReadText::earliest(not_utf8, parse_pieces(&path.display().to_string(), pieces, element, threads, progress))
}

/// Parses `text` as [`parse_as`] into `f64`.
pub fn parse(name: &str, text: &str) -> Result<Coordinates, IoError> {
    parse_with(name, text, Element::F64, available_threads())
}

/// Parses `text`, the content of the file `name` (which errors name), into
/// values of `element`. Entries come in file order, each mirror entry of a
/// symmetric or Hermitian matrix right after its stored one; pattern entries
/// have the value 1.
pub fn parse_as(name: &str, text: &str, element: Element) -> Result<Coordinates<Value>, IoError> {
    parse_with(name, text, element, available_threads())
}

/// [`parse_as`], into values held as `V` ([`read_with`]), reading entry
/// lines on `threads` threads.
pub fn parse_with<V: Scalar>(name: &str, text: &str, element: Element, threads: usize) -> Result<Coordinates<V>, IoError> {
    Ok(parse_pieces(name, vec![Cow::Borrowed(text)], element, threads, &Progress::new())?.0)
}

/// [`parse_with`] of the text in `pieces`, and what the list holds.
fn parse_pieces<V: Scalar>(
    name: &str,
    mut pieces: Pieces,
    element: Element,
    threads: usize,
    progress: &Progress,
) -> Result<(Coordinates<V>, Listing), IoError> {
    check_holds::<V>(name, element)?;
    let (header, size_line, (rows, columns, declared)) = {
        // The header and the size line (the first line that is no comment).
        let head = head(&mut pieces, 1, '%');
        let first = Line::new(name, 1, head.lines().next().unwrap_or_default());
        let header = Header::parse(&first)?;
        if header.field == Field::Complex && element.kind() != Kind::Complex {
            return Err(first.error(format!("a complex matrix cannot be read into a tensor of {}", element.name())));
        }
        let mut lines = Lines::new(name, head, '%');
        let Some(size_line) = lines.next() else {
            return Err(lines.end_error("the file ends before the size line"));
        };
        let sizes = header.sizes(&size_line)?;
        (header, size_line.number, sizes)
    };
    let mut coordinates = match header.layout {
        Layout::Coordinate => {
            let reader = CoordinateLines { field: header.field, symmetry: header.symmetry, rows, columns, element };
            let expected = Expected { name, first_line: size_line + 1, comment: b'%', rank: 2, at_most: Some((declared, "size line")) };
            let entries = read_entry_lines(after_first_lines(pieces, size_line), &expected, &reader, threads, progress)?;
            if entries.lines < declared {
                let problem = format!("the file ends after {} of the {declared} entries the size line declares", entries.lines);
                return Err(IoError { file: name.to_string(), line: Some(entries.last_line.max(1)), problem: problem.into() });
            }
            entries.coordinates
        }
        Layout::Array => {
            // Read line by line, from the line after the size line.
            let text = pieces.concat();
            let mut lines = Lines::new(name, &text, '%');
            lines.next();
            array_entries(&header, rows, declared, &mut lines, element)?
        }
    };
    coordinates.shape = vec![rows, columns];
    let listing = match header.layout {
        Layout::Coordinate => Listing::Entries,
        Layout::Array => Listing::Components,
    };
    Ok((coordinates, listing))
}

/// The entries of an array-layout file of `rows` rows and `declared` values
/// (every component, or a triangle's), whose value lines `lines` has next.
fn array_entries<V: Scalar>(
    header: &Header,
    rows: usize,
    declared: usize,
    lines: &mut Lines,
    element: Element,
) -> Result<Coordinates<V>, IoError> {
    let mut coordinates = Coordinates::new(vec![0, 0]);
    let mut cursor = (0, 0);
    let mut count = 0;
    let mirrored = header.symmetry != Symmetry::General;
    for line in lines.by_ref() {
        if count == declared {
            return Err(line.error(format!("more entries than the {declared} the size line declares")));
        }
        count += 1;
        let (tokens, what) = if header.field == Field::Complex { (2, "real part, imaginary part") } else { (1, "value") };
        line.expect_tokens(tokens, what)?;
        let (row, column) = cursor;
        // Down the column, then to the top (or the diagonal) of the next.
        cursor = match (row + 1 < rows, mirrored) {
            (true, _) => (row + 1, column),
            (false, true) => (column + 1, column + 1),
            (false, false) => (0, column + 1),
        };
        let value = line.convert(header.field.value(&line, 0, element)?, element)?;
        header.symmetry.push(&mut coordinates, row, column, value);
    }
    if count < declared {
        return Err(lines.end_error(format!("the file ends after {count} of the {declared} entries the size line declares")));
    }
    Ok(coordinates)
}

/// The entry lines of a coordinate-layout file: row, column, then the value
/// (none for a pattern, two numbers for a complex one).
struct CoordinateLines {
    field: Field,
    symmetry: Symmetry,
    rows: usize,
    columns: usize,
    element: Element,
}

impl EntryReader for CoordinateLines {
    /// Row, column, and the value's tokens.
    fn least_tokens(&self) -> usize {
        match self.field {
            Field::Pattern => 2,
            Field::Real | Field::Integer => 3,
            Field::Complex => 4,
        }
    }

    /// An entry off the diagonal of a symmetric or Hermitian matrix, and
    /// its mirror.
    fn entries_per_line(&self) -> usize {
        if self.symmetry == Symmetry::General {
            1
        } else {
            2
        }
    }

    fn read<V: Scalar>(&self, line: &Line, out: &mut impl EntryOut<V>) -> Result<(), IoError> {
        let (tokens, what) = match self.field {
            Field::Pattern => (2, "row, column"),
            Field::Real | Field::Integer => (3, "row, column, value"),
            Field::Complex => (4, "row, column, real part, imaginary part"),
        };
        line.expect_tokens(tokens, what)?;
        let row = line.coordinate(0, "row", Some(self.rows))?;
        let column = line.coordinate(1, "column", Some(self.columns))?;
        if self.symmetry != Symmetry::General && row < column {
            return Err(line.error(format!(
                "entry ({}, {}) is above the diagonal, but a {} matrix stores only its lower triangle",
                row + 1,
                column + 1,
                self.symmetry.name()
            )));
        }
        let value = line.convert(self.field.value(line, 2, self.element)?, self.element)?;
        self.symmetry.push(out, row, column, value);
        Ok(())
    }

    fn read_plain<V: Scalar>(&self, text: &str, out: &mut impl EntryOut<V>) -> bool {
        let plain = || {
            let mut tokens = PlainTokens::new(text);
            let row = tokens.coordinate(Some(self.rows))?;
            let column = tokens.coordinate(Some(self.columns))?;
            if self.symmetry != Symmetry::General && row < column {
                return None;
            }
            let value = match self.field {
                Field::Pattern => Value::Integer(1),
                Field::Real => {
                    let token = tokens.token()?;
                    self.element.real_text(token, token.parse().ok()?).ok()?
                }
                Field::Integer => Value::Integer(tokens.token()?.parse().ok()?),
                Field::Complex => Value::Complex(tokens.token()?.parse().ok()?, tokens.token()?.parse().ok()?),
            };
            tokens.finished().then_some(())?;
            Some((row, column, self.element.convert(value).ok()?))
        };
        let Some((row, column, value)) = plain() else { return false };
        self.symmetry.push(out, row, column, value);
        true
    }
}

/// Writes the matrix `coordinates` to `path` as a general matrix of the
/// field of `element` (`integer` for the integer types and `i1`, `complex`
/// for the complex ones, `real` for the floats, printed so they read back
/// exactly), each value converted to `element`: in coordinate layout with
/// entries in row-major order, or, when `dense`, in array layout where
/// components without an entry are 0 and repeated entries add up.
pub fn write<V: Scalar>(path: &Path, coordinates: &Coordinates<V>, element: Element, dense: bool) -> Result<(), IoError> {
    write_with(path, coordinates, element, dense, available_threads())
}

/// [`write()`], formatting lines on `threads` threads.
pub fn write_with<V: Scalar>(
    path: &Path,
    coordinates: &Coordinates<V>,
    element: Element,
    dense: bool,
    threads: usize,
) -> Result<(), IoError> {
    let matrix =
        Written::new(Source::list_of(coordinates), element, dense).map_err(|problem| IoError::file(path.display().to_string(), problem))?;
    write_file(path, |mut out| matrix.write_to(&mut out, threads))
}

/// Writes the matrix (or the vector, as a column) `tensor` to `path` as
/// [`write()`] writes its entries ([`Tensor::coordinates`]): in array layout
/// when the tensor is dense, else in coordinate layout, straight from its
/// storage when that is in row-major order. Formats lines on `threads`
/// threads.
pub fn write_tensor_with<V: Scalar>(path: &Path, tensor: &Tensor<V>, element: Element, threads: usize) -> Result<(), IoError> {
    let dense = tensor.format == Format::dense(tensor.shape.len());
    let source = match tensor.shape.len() {
        1 => Source::List(Cow::Owned(tensor.coordinates().with_unit_dim())),
        _ if dense => Source::List(Cow::Owned(tensor.coordinates())),
        _ => Source::tensor(tensor),
    };
    let matrix = Written::new(source, element, dense).map_err(|problem| IoError::file(path.display().to_string(), problem))?;
    write_file(path, |mut out| matrix.write_to(&mut out, threads))
}

/// A matrix ready to write: checked, converted, and in file order, so that
/// nothing can fail but the writing.
struct Written<'c, V: Clone> {
    /// The header and size lines.
    head: String,
    body: Body<'c, V>,
}

enum Body<'c, V: Clone> {
    /// Every component, column by column (array layout).
    Array(Vec<Value>),
    /// The entries (coordinate layout).
    Entries(WrittenEntries<'c, V>),
}

impl<'c, V: Scalar> Written<'c, V> {
    /// The file of `source`'s entries, or why there is none.
    fn new(source: Source<'c, V>, element: Element, dense: bool) -> Result<Self, Problem> {
        let field = match element.kind() {
            Kind::Real => "real",
            Kind::Integer => "integer",
            Kind::Complex => "complex",
        };
        let coordinates = source.list();
        let &[rows, columns] = source.shape() else {
            return Err(format!("Matrix Market holds matrices, but the tensor has rank {}", source.shape().len()).into());
        };
        if let Some(list) = coordinates {
            list.check().map_err(|error| error.to_string())?;
        }
        if let (true, Some(list)) = (dense, coordinates) {
            let values = list.element_values(element)?;
            let mut dense = filled(Buffer::Dense, rows.checked_mul(columns), element.zero())?;
            // An entry's value is its component's as it is (-0.0 too), and
            // the next ones at the same coordinates add to it.
            let mut written = vec![false; dense.len()];
            for ((&row, &column), &value) in list.columns[0].iter().zip(&list.columns[1]).zip(&values) {
                let at = column * rows + row;
                dense[at] = if written[at] { dense[at] + value } else { value };
                written[at] = true;
            }
            let head = format!("%%MatrixMarket matrix array {field} general\n{rows} {columns}\n");
            return Ok(Self { head, body: Body::Array(dense) });
        }
        let lines = WrittenEntries::new(source, element)?;
        let head = format!("%%MatrixMarket matrix coordinate {field} general\n{rows} {columns} {}\n", lines.count());
        Ok(Self { head, body: Body::Entries(lines) })
    }

    /// Writes the file to `out`, formatting lines on `threads` threads.
    fn write_to(&self, out: &mut (impl Write + Send), threads: usize) -> std::io::Result<()> {
        match &self.body {
            Body::Array(values) => write_lines(out, &self.head, values.len(), threads, |k, line| {
                push_value(line, values[k]);
                line.push(b'\n');
            }),
            Body::Entries(lines) => lines.write_to(out, &self.head, threads),
        }
    }
}

/// The text [`write()`] writes, or why there is none.
#[cfg(test)]
fn text<V: Scalar>(coordinates: &Coordinates<V>, element: Element, dense: bool) -> Result<String, Problem> {
    let mut bytes = Vec::new();
    Written::new(Source::list_of(coordinates), element, dense)?.write_to(&mut bytes, 2).expect("writing to memory does not fail");
    Ok(String::from_utf8(bytes).expect("the text is UTF-8"))
}

/// What the header line says.
struct Header {
    layout: Layout,
    field: Field,
    symmetry: Symmetry,
}

enum Layout {
    /// One line per stored entry: row, column and (unless pattern) value.
    Coordinate,
    /// One value per line, column by column.
    Array,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Real,
    Integer,
    /// Two numbers per value: its real and imaginary parts.
    Complex,
    /// No values: every listed entry is 1.
    Pattern,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Symmetry {
    General,
    /// `a[j][i] = a[i][j]`: the lower triangle is stored.
    Symmetric,
    /// `a[j][i]` is the conjugate of `a[i][j]`: the lower triangle is stored.
    Hermitian,
}

impl Symmetry {
    fn name(self) -> &'static str {
        match self {
            Symmetry::General => "general",
            Symmetry::Symmetric => "symmetric",
            Symmetry::Hermitian => "hermitian",
        }
    }

    /// The value of the mirror entry of one that holds `value`.
    fn mirror(self, value: Value) -> Value {
        match (self, value) {
            (Symmetry::Hermitian, Value::Complex(re, im)) => Value::Complex(re, -im),
            _ => value,
        }
    }

    /// Appends the entry at (`row`, `column`) holding `value` to `out`, and
    /// right after it its mirror entry, if it has one.
    fn push<V>(self, out: &mut impl EntryOut<V>, row: usize, column: usize, value: Value) {
        out.push(&[row, column], value);
        if self != Symmetry::General && row != column {
            out.push(&[column, row], self.mirror(value));
        }
    }
}

impl Header {
    /// Parses the header, `%%MatrixMarket matrix <layout> <field> <symmetry>`,
    /// whose words are case-insensitive.
    fn parse(line: &Line) -> Result<Self, IoError> {
        let words: Vec<String> = line.tokens.iter().map(|token| token.to_lowercase()).collect();
        if words.first().map(String::as_str) != Some("%%matrixmarket") {
            return Err(line.error("missing the header \"%%MatrixMarket matrix <layout> <field> <symmetry>\""));
        }
        let [_, object, layout, field, symmetry] = words.as_slice() else {
            return Err(line.error(format!(
                "the header needs 4 words after %%MatrixMarket (matrix, layout, field, symmetry), found {}",
                words.len() - 1
            )));
        };
        let word = |kind: &str, word: &str, supported: &str, unsupported: &[&str]| {
            line.error(if unsupported.contains(&word) {
                format!("unsupported {kind} \"{word}\": this reader supports {supported}")
            } else {
                format!("invalid {kind} \"{word}\": expected {supported}")
            })
        };
        if object != "matrix" {
            return Err(word("object", object, "matrix", &["vector"]));
        }
        let layout = match layout.as_str() {
            "coordinate" => Layout::Coordinate,
            "array" => Layout::Array,
            _ => return Err(word("layout", layout, "coordinate or array", &[])),
        };
        let field = match field.as_str() {
            "real" | "double" => Field::Real,
            "integer" => Field::Integer,
            "complex" => Field::Complex,
            "pattern" if matches!(layout, Layout::Array) => {
                return Err(line.error("a pattern matrix must use the coordinate layout, not array"));
            }
            "pattern" => Field::Pattern,
            _ => return Err(word("field", field, "real, double, integer, complex or pattern", &[])),
        };
        let symmetry = match symmetry.as_str() {
            "general" => Symmetry::General,
            "symmetric" => Symmetry::Symmetric,
            "hermitian" if field == Field::Complex => Symmetry::Hermitian,
            "hermitian" => return Err(line.error("a hermitian matrix must have the complex field")),
            _ => return Err(word("symmetry", symmetry, "general, symmetric or hermitian", &["skew-symmetric"])),
        };
        Ok(Self { layout, field, symmetry })
    }

    /// Rows, columns and the number of entry lines, from the size line:
    /// `rows columns entries`, or `rows columns` in array layout.
    fn sizes(&self, line: &Line) -> Result<(usize, usize, usize), IoError> {
        let declared = match self.layout {
            Layout::Coordinate => {
                line.expect_tokens(3, "rows, columns, entries")?;
                line.integer(2, "entry count")?
            }
            Layout::Array => {
                line.expect_tokens(2, "rows, columns")?;
                0
            }
        };
        let rows = line.size(0, "row count")?;
        let columns = line.size(1, "column count")?;
        if self.symmetry != Symmetry::General && rows != columns {
            return Err(line.error(format!("a {} matrix must be square, but it is {rows}x{columns}", self.symmetry.name())));
        }
        let declared = match self.layout {
            Layout::Coordinate => Some(declared),
            // n (n + 1) / 2, halving the even factor first so that only a
            // result too large overflows.
            Layout::Array if self.symmetry != Symmetry::General => {
                rows.checked_add(1).and_then(|next| if rows % 2 == 0 { (rows / 2).checked_mul(next) } else { rows.checked_mul(next / 2) })
            }
            Layout::Array => rows.checked_mul(columns),
        };
        let declared = declared.ok_or_else(|| line.error(format!("a {rows}x{columns} array has too many entries")))?;
        Ok((rows, columns, declared))
    }
}

impl Field {
    /// The value of an entry line whose value (if any) starts at token
    /// `index`, as the file writes it (a real for an integer `element`
    /// read from its digits).
    fn value(&self, line: &Line, index: usize, element: Element) -> Result<Value, IoError> {
        match self {
            Self::Real => line.real_value(index, "value", element),
            Self::Integer => line.integer_value(index, "value"),
            Self::Complex => Ok(Value::Complex(line.real(index, "real part")?, line.real(index + 1, "imaginary part")?)),
            Self::Pattern => Ok(Value::Integer(1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::testing::temp_path;
    use crate::random::random_entries;
    use crate::tensor::{BufferError, Tensor, TensorError, MAX_SIZE};
    use crate::{Format, LevelKind};

    fn entries(coordinates: &Coordinates) -> Vec<([usize; 2], f64)> {
        coordinates.entries().iter().map(|(c, v)| ([c[0], c[1]], *v)).collect()
    }

    /// The message of parsing `text`, which must fail on `line`.
    fn error(text: &str, line: usize) -> String {
        let error = parse("m.mtx", text).unwrap_err();
        assert_eq!((error.file.as_str(), error.line), ("m.mtx", Some(line)), "{error}");
        error.problem.to_string()
    }

    #[test]
    fn reads_coordinate_real_general_with_comments() {
        let text = "%%MatrixMarket matrix coordinate real general\n% a comment\n%\n3 4 3\n1 2 1.5\n\n3 4 -2e1\n2 1 7\n";
        let matrix = parse("m.mtx", text).unwrap();
        assert_eq!(matrix.shape, [3, 4]);
        assert_eq!(entries(&matrix), [([0, 1], 1.5), ([2, 3], -20.0), ([1, 0], 7.0)]);
    }

    #[test]
    fn header_words_are_case_insensitive_and_double_is_real() {
        let matrix = parse("m.mtx", "%%MatrixMarket MATRIX Coordinate DOUBLE General\n1 1 1\n1 1 0.5\n").unwrap();
        assert_eq!(entries(&matrix), [([0, 0], 0.5)]);
    }

    #[test]
    fn symmetric_matrices_get_their_mirror_entries_but_not_the_diagonal_twice() {
        let text = "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n1 1 4\n3 1 -1\n3 2 2.5\n";
        let matrix = parse("m.mtx", text).unwrap();
        assert_eq!(entries(&matrix), [([0, 0], 4.0), ([2, 0], -1.0), ([0, 2], -1.0), ([2, 1], 2.5), ([1, 2], 2.5)]);
        let tensor = Tensor::from_coordinates(Format::csr(), 0.0, matrix).unwrap();
        assert_eq!(tensor.to_dense(), [4.0, 0.0, -1.0, 0.0, 0.0, 2.5, -1.0, 2.5, 0.0]);
    }

    #[test]
    fn pattern_entries_are_one_and_integer_values_are_read() {
        let pattern = parse("m.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n1 1\n2 1\n").unwrap();
        assert_eq!(entries(&pattern), [([0, 0], 1.0), ([1, 0], 1.0), ([0, 1], 1.0)]);
        let integer = parse("m.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n2 2 -7\n").unwrap();
        assert_eq!(entries(&integer), [([1, 1], -7.0)]);
    }

    #[test]
    fn arrays_are_column_major_and_symmetric_arrays_list_the_lower_triangle() {
        let general = parse("m.mtx", "%%MatrixMarket matrix array real general\n2 3\n1\n2\n3\n4\n5\n6\n").unwrap();
        assert_eq!(entries(&general), [([0, 0], 1.0), ([1, 0], 2.0), ([0, 1], 3.0), ([1, 1], 4.0), ([0, 2], 5.0), ([1, 2], 6.0)]);
        let symmetric = parse("m.mtx", "%%MatrixMarket matrix array integer symmetric\n3 3\n1\n2\n3\n4\n5\n6\n").unwrap();
        let tensor = Tensor::from_coordinates(Format::dense(2), 0.0, symmetric).unwrap();
        assert_eq!(tensor.to_dense(), [1.0, 2.0, 3.0, 2.0, 4.0, 5.0, 3.0, 5.0, 6.0]);
    }

    #[test]
    fn empty_matrices_and_single_elements() {
        let empty = parse("m.mtx", "%%MatrixMarket matrix coordinate real general\n0 5 0\n").unwrap();
        assert_eq!((empty.shape.clone(), empty.entries()), (vec![0, 5], vec![]));
        let empty_array = parse("m.mtx", "%%MatrixMarket matrix array real symmetric\n0 0\n").unwrap();
        assert_eq!((empty_array.shape.clone(), empty_array.entries()), (vec![0, 0], vec![]));
        let single = parse("m.mtx", "%%MatrixMarket matrix array real symmetric\n1 1\n9.5\n").unwrap();
        assert_eq!(entries(&single), [([0, 0], 9.5)]);
    }

    #[test]
    fn header_errors_are_on_line_one() {
        assert_eq!(error("", 1), "missing the header \"%%MatrixMarket matrix <layout> <field> <symmetry>\"");
        assert_eq!(error("3 3 0\n", 1), "missing the header \"%%MatrixMarket matrix <layout> <field> <symmetry>\"");
        assert_eq!(
            error("%%MatrixMarket matrix coordinate real\n1 1 0\n", 1),
            "the header needs 4 words after %%MatrixMarket (matrix, layout, field, symmetry), found 3"
        );
        assert_eq!(error("%%MatrixMarket matrix coordinate real hermitian\n", 1), "a hermitian matrix must have the complex field");
        assert_eq!(
            error("%%MatrixMarket matrix coordinate complex general\n1 1 0\n", 1),
            "a complex matrix cannot be read into a tensor of f64"
        );
        assert_eq!(
            error("%%MatrixMarket matrix array real skew-symmetric\n", 1),
            "unsupported symmetry \"skew-symmetric\": this reader supports general, symmetric or hermitian"
        );
        assert_eq!(
            error("%%MatrixMarket matrix array octonion general\n", 1),
            "invalid field \"octonion\": expected real, double, integer, complex or pattern"
        );
        assert_eq!(
            error("%%MatrixMarket vector coordinate real general\n", 1),
            "unsupported object \"vector\": this reader supports matrix"
        );
        assert_eq!(error("%%MatrixMarket matrix sparse real general\n", 1), "invalid layout \"sparse\": expected coordinate or array");
        assert_eq!(error("%%MatrixMarket matrix array pattern general\n", 1), "a pattern matrix must use the coordinate layout, not array");
    }

    #[test]
    fn size_line_errors_name_their_line() {
        let header = "%%MatrixMarket matrix coordinate real general\n% comment\n";
        assert_eq!(error(header, 2), "the file ends before the size line");
        assert_eq!(error(&format!("{header}3 3\n"), 3), "expected 3 tokens (rows, columns, entries), found 2");
        assert_eq!(error(&format!("{header}3 x 1\n"), 3), "column count \"x\" is not a nonnegative integer");
        assert_eq!(error(&format!("{header}3 3 -1\n"), 3), "entry count \"-1\" is not a nonnegative integer");
        assert_eq!(error("%%MatrixMarket matrix array real general\n2 2 4\n", 2), "expected 2 tokens (rows, columns), found 3");
        assert_eq!(
            error("%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n", 2),
            "a symmetric matrix must be square, but it is 2x3"
        );
        let huge = format!("%%MatrixMarket matrix array real general\n{MAX_SIZE} 3\n");
        assert_eq!(error(&huge, 2), format!("a {MAX_SIZE}x3 array has too many entries"));
    }

    #[test]
    fn the_earliest_line_is_reported_whether_it_breaks_the_format_or_utf8() {
        let path = temp_path("mtx");
        let header = "%%MatrixMarket matrix coordinate real general\n3 3 3\n";
        let read_bytes = |bytes: &[u8]| {
            std::fs::write(&path, bytes).unwrap();
            let error = read(&path).unwrap_err();
            (error.line, error.problem.to_string())
        };
        let not_utf8 = "the line is not UTF-8 text".to_string();
        // A bad value on line 4, bytes that are not UTF-8 on line 5.
        let value_first = [format!("{header}1 1 1\n2 2 x\n").as_bytes(), b"3 3 \xff\n"].concat();
        assert_eq!(read_bytes(&value_first), (Some(4), "value \"x\" is not a number".to_string()));
        // The other way round.
        let utf8_first = [format!("{header}1 1 1\n").as_bytes(), b"2 2 \xff\n3 3 x\n"].concat();
        assert_eq!(read_bytes(&utf8_first), (Some(4), not_utf8.clone()));
        // The line that is not UTF-8 is named, not the entries missing
        // after it.
        let last = [format!("{header}1 1 1\n2 2 2\n").as_bytes(), b"\xfe"].concat();
        assert_eq!(read_bytes(&last), (Some(5), not_utf8.clone()));
        assert_eq!(read_bytes(b"%%MatrixMarket \xff"), (Some(1), not_utf8));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn sizes_a_signed_64_bit_index_cannot_hold_are_errors_on_the_size_line() {
        // 2^64 - 1 rows overflowed `count + 1` in `assemble` (a panic), and
        // 2^63 columns a capacity.
        let path = temp_path("mtx");
        let max_rows = "%%MatrixMarket matrix coordinate real general\n18446744073709551615 5 1\n1 1 1.0\n";
        std::fs::write(&path, max_rows).unwrap();
        let read_back = read(&path);
        std::fs::remove_file(&path).unwrap();
        let failure = read_back.unwrap_err();
        let problem = Problem::Unindexable { what: "row count".into(), size: usize::MAX };
        assert_eq!((failure.line, &failure.problem), (Some(2), &problem));
        assert_eq!(
            failure.to_string(),
            format!(
                "{}:2: row count 18446744073709551615 is more than 9223372036854775807, \
                 the largest size a kernel's signed 64-bit index holds",
                path.display()
            )
        );
        let big_columns = "%%MatrixMarket matrix coordinate real general\n4 9223372036854775808 1\n1 1 1.0\n";
        assert_eq!(
            error(big_columns, 2),
            "column count 9223372036854775808 is more than 9223372036854775807, \
             the largest size a kernel's signed 64-bit index holds"
        );
        let array = "%%MatrixMarket matrix array real general\n9223372036854775808 1\n";
        assert!(error(array, 2).starts_with("row count 9223372036854775808 is more than"));
        // The largest size is read, and a sparse format stores it in a few words.
        let widest = "4 9223372036854775807 1\n1 9223372036854775807 1\n";
        let widest = parse("m.mtx", &format!("%%MatrixMarket matrix coordinate real general\n{widest}")).unwrap();
        let csr = Tensor::from_coordinates(Format::csr(), 0.0, widest).unwrap();
        assert_eq!(csr.entries(), [(vec![0, MAX_SIZE - 1], 1.0)]);
    }

    #[test]
    fn huge_row_counts_are_allocation_errors_where_a_format_stores_every_row() {
        // Dense rows of 10^12 used to abort the process. The allocator refuses
        // the 8 TB of CSR's positions (and more for the others) on any machine
        // with less memory and swap than that, under Linux's default
        // overcommit heuristic.
        let huge_rows = "%%MatrixMarket matrix coordinate real general\n1000000000000 5 1\n1 1 1.0\n";
        let matrix = parse("huge_rows.mtx", huge_rows).unwrap();
        let build = |format| Tensor::from_entries(matrix.shape.clone(), format, 0.0, matrix.entries().clone());
        let positions =
            BufferError::Allocation { buffer: Buffer::Positions(1), elements: 1_000_000_000_001, width: 8, bytes: 8_000_000_000_008 };
        let csr = build(Format::csr());
        assert_eq!(csr, Err(TensorError::Buffer(positions.clone())));
        assert_eq!(
            csr.unwrap_err().to_string(),
            "cannot allocate the pos buffer of level 1: 1000000000001 elements of 8 bytes, 8000000000008 bytes in all"
        );
        let every = |buffer| {
            TensorError::Buffer(BufferError::Allocation { buffer, elements: 5_000_000_000_000, width: 8, bytes: 40_000_000_000_000 })
        };
        assert_eq!(build(Format::dense(2)), Err(every(Buffer::Values)));
        // DCSR stores the matrix in a few words; its dense array and CSR are too large.
        let dcsr = build(Format::dcsr()).unwrap();
        assert_eq!(dcsr.try_to_dense(), Err(every(Buffer::Dense)));
        assert_eq!(dcsr.convert(&Format::csr()), Err(TensorError::Buffer(positions)));
    }

    #[test]
    fn entry_errors_name_their_line() {
        let header = "%%MatrixMarket matrix coordinate real general\n2 3 2\n";
        assert_eq!(error(&format!("{header}1 1\n"), 3), "expected 3 tokens (row, column, value), found 2");
        assert_eq!(error(&format!("{header}1 1 1 1\n"), 3), "expected 3 tokens (row, column, value), found 4");
        assert_eq!(error(&format!("{header}1 1 1\n1 2 abc\n"), 4), "value \"abc\" is not a number");
        assert_eq!(error(&format!("{header}1 1.5 1\n"), 3), "column \"1.5\" is not a nonnegative integer");
        assert_eq!(error(&format!("{header}0 1 1\n"), 3), "row 0 is out of range: coordinates start at 1");
        assert_eq!(error(&format!("{header}1 4 1\n"), 3), "column 4 is out of range: the size is 3");
        assert_eq!(error(&format!("{header}3 1 1\n"), 3), "row 3 is out of range: the size is 2");
        assert_eq!(error(&format!("{header}1 1 1\n\n"), 4), "the file ends after 1 of the 2 entries the size line declares");
        assert_eq!(error(&format!("{header}1 1 1\n2 2 2\n% c\n1 3 3\n"), 6), "more entries than the 2 the size line declares");
        assert_eq!(error("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 2.5\n", 3), "value \"2.5\" is not an integer");
        assert_eq!(
            error("%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1 1\n", 3),
            "expected 2 tokens (row, column), found 3"
        );
        assert_eq!(
            error("%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 1\n", 3),
            "entry (1, 2) is above the diagonal, but a symmetric matrix stores only its lower triangle"
        );
        let array = "%%MatrixMarket matrix array real general\n2 1\n1\n";
        assert_eq!(error(array, 3), "the file ends after 1 of the 2 entries the size line declares");
        assert_eq!(error(&format!("{array}2 3\n"), 4), "expected 1 tokens (value), found 2");
        assert_eq!(error(&format!("{array}2\n3\n"), 5), "more entries than the 2 the size line declares");
    }

    #[test]
    fn text_is_sorted_coordinate_or_column_major_array() {
        let matrix = Coordinates::from_entries(vec![2, 3], vec![(vec![1, 2], 0.1), (vec![0, 1], 2.0), (vec![1, 2], 1.0)])
            .expect("one coordinate per dimension");
        assert_eq!(
            text(&matrix, Element::F64, false).unwrap(),
            "%%MatrixMarket matrix coordinate real general\n2 3 3\n1 2 2\n2 3 0.1\n2 3 1\n"
        );
        assert_eq!(text(&matrix, Element::F64, true).unwrap(), "%%MatrixMarket matrix array real general\n2 3\n0\n0\n2\n0\n0\n1.1\n");
        let vector = Coordinates::<f64>::from_entries(vec![3], vec![]).expect("one coordinate per dimension");
        assert_eq!(text(&vector, Element::F64, false).unwrap_err(), "Matrix Market holds matrices, but the tensor has rank 1".into());
        let outside = Coordinates::from_entries(vec![1, 1], vec![(vec![0, 1], 1.0)]).expect("one coordinate per dimension");
        assert_eq!(text(&outside, Element::F64, true).unwrap_err(), "entry 0: coordinate 1 of dimension 1 is outside 0..1".into());
        // The dense array of a huge sparse matrix: too large to allocate, or to count.
        let huge = Coordinates::from_entries(vec![1 << 40, 1 << 20], vec![(vec![0, 0], 1.0)]).expect("one coordinate per dimension");
        let width = size_of::<Value>();
        let allocation = BufferError::Allocation { buffer: Buffer::Dense, elements: 1 << 60, width, bytes: width as u128 * (1 << 60) };
        assert_eq!(text(&huge, Element::F64, true), Err(Problem::Buffer(allocation)));
        let uncountable = Coordinates::<f64>::from_entries(vec![1 << 40, 1 << 30], vec![]).expect("one coordinate per dimension");
        assert_eq!(text(&uncountable, Element::F64, true), Err(Problem::Buffer(BufferError::Overflow { buffer: Buffer::Dense })));
    }

    #[test]
    fn write_then_read_round_trips_through_a_file() {
        for (shape, density, seed) in [([5, 7], 0.3, 1), ([0, 3], 0.5, 2), ([1, 1], 1.0, 3), ([4, 4], 0.0, 4)] {
            let matrix = random_entries(&shape, density, seed);
            let expected = Tensor::from_entries(shape.to_vec(), Format::dense(2), 0.0, matrix.entries().clone()).unwrap();
            for dense in [false, true] {
                let path = temp_path("mtx");
                write(&path, &matrix, Element::F64, dense).unwrap();
                let read_back = read(&path);
                std::fs::remove_file(&path).unwrap();
                let read_back = read_back.unwrap();
                if !dense {
                    assert_eq!(read_back, matrix);
                }
                let tensor = Tensor::from_coordinates(Format::dense(2), 0.0, read_back).unwrap();
                assert_eq!(tensor, expected);
            }
        }
    }

    #[test]
    fn tensors_write_as_their_entries_do_whatever_their_levels() {
        // Straight from the storage where it is in row-major order (one
        // entry per value), gathered where not (CSC, a run-length level).
        let matrix = random_entries(&[6, 5], 0.4, 9);
        let expected = temp_path("mtx");
        write_with(&expected, &matrix, Element::F64, false, 2).unwrap();
        let expected_text = std::fs::read_to_string(&expected).unwrap();
        std::fs::remove_file(&expected).unwrap();
        let mut formats: Vec<Format> = LevelKind::ALL
            .into_iter()
            .filter_map(|kind| Format::new(vec![crate::Level::dense(), crate::Level::new(kind)], vec![0, 1]).ok())
            .collect();
        formats.extend([Format::csr(), Format::csc(), Format::coo(2), Format::dcsr()]);
        for format in formats {
            let Ok(tensor) = Tensor::from_coordinates(format.clone(), 0.0, matrix.clone()) else { continue };
            let entries = tensor.coordinates();
            for threads in [1, 3] {
                let (written, gathered) = (temp_path("mtx"), temp_path("mtx"));
                write_tensor_with(&written, &tensor, Element::F64, threads).unwrap();
                // A dense tensor is written in array layout.
                write_with(&gathered, &entries, Element::F64, format == Format::dense(2), threads).unwrap();
                let texts = [std::fs::read_to_string(&written).unwrap(), std::fs::read_to_string(&gathered).unwrap()];
                std::fs::remove_file(&written).unwrap();
                std::fs::remove_file(&gathered).unwrap();
                assert_eq!(texts[0], texts[1], "{format:?}");
                if [Format::csr(), Format::csc(), Format::coo(2), Format::dcsr()].contains(&format) {
                    // These store no fill: the entries alone.
                    assert_eq!(texts[0], expected_text, "{format:?}");
                }
            }
        }
    }

    #[test]
    fn matrices_of_many_rows_write_from_their_storage_in_pieces_as_their_entries_do() {
        // Empty rows, a full row and rows across piece boundaries, in the
        // formats written straight from their rows.
        // Row 1234 is longer than a piece.
        let width = crate::io::LINES_PER_PIECE + 3000;
        let mut matrix = random_entries(&[3000, width], 0.0008, 5);
        (0..width).for_each(|column| matrix.push(&[1234, column], column as f64 + 0.5));
        for format in [Format::csr(), Format::dcsr()] {
            let tensor = Tensor::from_coordinates(format.clone(), 0.0, matrix.clone()).unwrap();
            assert!(tensor.nnz() > 3 * crate::io::LINES_PER_PIECE, "{}", tensor.nnz());
            let entries = tensor.coordinates();
            for threads in [1, 3] {
                let (written, gathered) = (temp_path("mtx"), temp_path("mtx"));
                write_tensor_with(&written, &tensor, Element::F64, threads).unwrap();
                write_with(&gathered, &entries, Element::F64, false, threads).unwrap();
                let texts = [std::fs::read_to_string(&written).unwrap(), std::fs::read_to_string(&gathered).unwrap()];
                std::fs::remove_file(&written).unwrap();
                std::fs::remove_file(&gathered).unwrap();
                assert!(texts[0] == texts[1], "{format:?} on {threads} threads");
            }
        }
    }

    /// The values of parsing `text` into `element`.
    fn values(text: &str, element: Element) -> Vec<([usize; 2], Value)> {
        let matrix = parse_as("m.mtx", text, element).unwrap_or_else(|error| panic!("{error}"));
        matrix.entries().iter().map(|(c, v)| ([c[0], c[1]], *v)).collect()
    }

    /// The message of parsing `text` into `element`, which must fail on `line`.
    fn error_as(text: &str, element: Element, line: usize) -> String {
        let error = parse_as("m.mtx", text, element).unwrap_err();
        assert_eq!((error.file.as_str(), error.line), ("m.mtx", Some(line)), "{error}");
        error.problem.to_string()
    }

    #[test]
    fn complex_entries_have_two_parts_and_hermitian_mirrors_conjugate() {
        let text = "%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 3 0\n2 1 1.5 -2\n";
        let expected = [([0, 0], Value::Complex(3.0, 0.0)), ([1, 0], Value::Complex(1.5, -2.0)), ([0, 1], Value::Complex(1.5, 2.0))];
        assert_eq!(values(text, Element::Complex64), expected);
        let array = "%%MatrixMarket matrix array complex general\n1 2\n1 2\n0.1 -0.1\n";
        assert_eq!(
            values(array, Element::Complex32),
            [([0, 0], Value::Complex(1.0, 2.0)), ([0, 1], Value::Complex(0.1f32 as f64, -0.1f32 as f64))]
        );
        let symmetric = "%%MatrixMarket matrix array complex symmetric\n2 2\n1 1\n2 2\n3 3\n";
        assert_eq!(values(symmetric, Element::Complex64)[2], ([0, 1], Value::Complex(2.0, 2.0)));
        // Real, integer and pattern files read into complex tensors too.
        let real = "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2.5\n";
        assert_eq!(values(real, Element::Complex64), [([0, 0], Value::Complex(2.5, 0.0))]);
        let header = "%%MatrixMarket matrix coordinate complex general\n2 2 1\n";
        assert_eq!(
            error_as(&format!("{header}1 1 1\n"), Element::Complex64, 3),
            "expected 4 tokens (row, column, real part, imaginary part), found 3"
        );
        assert_eq!(error_as(&format!("{header}1 1 1 i\n"), Element::Complex64, 3), "imaginary part \"i\" is not a number");
        assert_eq!(error_as(&format!("{header}1 1 1 1\n"), Element::I32, 1), "a complex matrix cannot be read into a tensor of i32");
        assert_eq!(
            error_as("%%MatrixMarket matrix coordinate complex hermitian\n2 2 1\n1 2 1 1\n", Element::Complex64, 3),
            "entry (1, 2) is above the diagonal, but a hermitian matrix stores only its lower triangle"
        );
    }

    #[test]
    fn integers_are_read_exactly_and_checked_against_the_element_type() {
        let big = "%%MatrixMarket matrix coordinate integer general\n1 2 2\n1 1 9007199254740993\n1 2 -9223372036854775808\n";
        assert_eq!(values(big, Element::I64), [([0, 0], Value::Integer(9_007_199_254_740_993)), ([0, 1], Value::Integer(i64::MIN))]);
        assert_eq!(values(big, Element::Index)[0].1, Value::Integer(9_007_199_254_740_993));
        let header = "%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 1 1\n";
        assert_eq!(error_as(&format!("{header}2 2 128\n"), Element::I8, 4), "128 is outside the range -128..=127 of i8");
        assert_eq!(error_as(&format!("{header}2 2 -1\n"), Element::I1, 4), "-1 is outside the range 0..=1 of i1");
        assert_eq!(values(&format!("{header}2 2 -32768\n"), Element::I16)[1].1, Value::Integer(-32768));
        // A real file into an integer tensor: integral values only.
        let real = "%%MatrixMarket matrix array real general\n2 1\n3.0\n2.5\n";
        assert_eq!(error_as(real, Element::I32, 4), "2.5 is not an integer, which i32 needs");
        assert_eq!(values("%%MatrixMarket matrix array real general\n1 1\n-4e0\n", Element::I32), [([0, 0], Value::Integer(-4))]);
        // Into floats, values round to the type.
        assert_eq!(values("%%MatrixMarket matrix array real general\n1 1\n0.1\n", Element::BF16)[0].1, Value::Real(0.10009765625));
        assert_eq!(values(big, Element::F64)[0].1, Value::Real(9_007_199_254_740_992.0));
    }

    #[test]
    fn pattern_entries_are_one_of_every_element_type() {
        let text = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n2 1\n";
        for element in Element::ALL {
            assert_eq!(values(text, element), [([1, 0], element.convert(Value::Integer(1)).unwrap())], "{element:?}");
        }
    }

    #[test]
    fn every_element_type_writes_its_field_and_reads_back_exactly() {
        let entries = |values: &[Value]| {
            Coordinates::from_entries(vec![2, 3], values.iter().enumerate().map(|(n, &value)| (vec![n % 2, n], value)).collect())
                .expect("one coordinate per dimension")
        };
        let cases: [(Element, &[Value], &str); 12] = [
            (Element::F64, &[Value::Real(0.1), Value::Real(-1e-300), Value::Real(1.0 / 3.0)], "real"),
            (Element::F32, &[Value::Real(0.1f32 as f64), Value::Real(3.0e38f32 as f64), Value::Real(-0.5)], "real"),
            (Element::F16, &[Value::Real(F16_TENTH), Value::Real(65504.0), Value::Real(2f64.powi(-24))], "real"),
            (Element::BF16, &[Value::Real(0.10009765625), Value::Real(-3.3895313892515355e38), Value::Real(1.0)], "real"),
            (Element::I64, &[Value::Integer(i64::MAX), Value::Integer(i64::MIN), Value::Integer(9_007_199_254_740_993)], "integer"),
            (Element::I32, &[Value::Integer(i32::MAX.into()), Value::Integer(-1), Value::Integer(0)], "integer"),
            (Element::I16, &[Value::Integer(-32768), Value::Integer(7), Value::Integer(32767)], "integer"),
            (Element::I8, &[Value::Integer(-128), Value::Integer(127), Value::Integer(3)], "integer"),
            (Element::I1, &[Value::Integer(1), Value::Integer(0), Value::Integer(1)], "integer"),
            (Element::Index, &[Value::Integer(1 << 62), Value::Integer(5), Value::Integer(-2)], "integer"),
            (Element::Complex64, &[Value::Complex(0.1, -0.2), Value::Complex(1e300, 0.0), Value::Complex(-0.0, 1.0)], "complex"),
            (Element::Complex32, &[Value::Complex(1.5, 0.1f32 as f64), Value::Complex(0.0, -2.0), Value::Complex(3.0, 3.0)], "complex"),
        ];
        for (element, values, field) in cases {
            let matrix = entries(values);
            for dense in [false, true] {
                let path = temp_path("mtx");
                write(&path, &matrix, element, dense).unwrap();
                let written = std::fs::read_to_string(&path).unwrap();
                let read_back = read_as(&path, element);
                std::fs::remove_file(&path).unwrap();
                let layout = if dense { "array" } else { "coordinate" };
                assert!(written.starts_with(&format!("%%MatrixMarket matrix {layout} {field} general\n")), "{written}");
                let read_back = read_back.unwrap();
                let stored: Vec<_> = read_back.entries().into_iter().filter(|(_, value)| *value != element.zero()).collect();
                let mut expected: Vec<_> = matrix.entries().iter().filter(|(_, value)| *value != element.zero()).cloned().collect();
                // Coordinate layout is row-major, array layout column-major.
                expected.sort_by_key(|(c, _)| if dense { (c[1], c[0]) } else { (c[0], c[1]) });
                assert_eq!(stored, expected, "{element:?} dense {dense}");
            }
        }
    }

    /// 0.1 in f16.
    const F16_TENTH: f64 = 0.0999755859375;

    #[test]
    fn writing_a_value_the_element_type_cannot_hold_is_an_error() {
        let matrix = Coordinates::from_entries(vec![1, 1], vec![(vec![0, 0], 2.5)]).expect("one coordinate per dimension");
        assert_eq!(text(&matrix, Element::I32, false).unwrap_err().to_string(), "2.5 is not an integer, which i32 needs");
        let complex =
            Coordinates::from_entries(vec![1, 1], vec![(vec![0, 0], Value::Complex(1.0, 1.0))]).expect("one coordinate per dimension");
        assert_eq!(
            text(&complex, Element::F32, true).unwrap_err().to_string(),
            "the complex value (1, 1) does not fit the real element type f32"
        );
        assert_eq!(
            text(&complex, Element::Complex64, false).unwrap(),
            "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 1\n"
        );
        let wide =
            Coordinates::from_entries(vec![1, 1], vec![(vec![0, 0], Value::Integer(1 << 40))]).expect("one coordinate per dimension");
        assert_eq!(
            text(&wide, Element::Index, false).unwrap(),
            "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 1099511627776\n"
        );
    }

    #[test]
    fn file_errors_name_the_path() {
        let path = temp_path("mtx");
        std::fs::write(&path, "%%MatrixMarket matrix coordinate real general\n1 1 1\n2 1 1\n").unwrap();
        let error = read(&path);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(error.unwrap_err().to_string(), format!("{}:3: row 2 is out of range: the size is 1", path.display()));
        let directory = std::env::temp_dir().join(format!("sparse-runtime-missing-{}", std::process::id()));
        let error = write(
            &directory.join("m.mtx"),
            &Coordinates::<f64>::from_entries(vec![1, 1], vec![]).expect("one coordinate per dimension"),
            Element::F64,
            false,
        )
        .unwrap_err();
        assert_eq!((error.file, error.line), (directory.join("m.mtx").display().to_string(), None));
    }

    #[test]
    fn plain_lines_read_as_lines_do_in_every_field_symmetry_and_element() {
        let fields = [Field::Real, Field::Integer, Field::Pattern, Field::Complex];
        for (field, symmetry) in
            fields.into_iter().flat_map(|field| [Symmetry::General, Symmetry::Symmetric].map(|symmetry| (field, symmetry)))
        {
            for element in [Element::F64, Element::I8, Element::I1, Element::F16, Element::Complex64] {
                let reader = CoordinateLines { field, symmetry, rows: 3, columns: 3, element };
                crate::entry_lines::check_plain_agrees(&reader, 2);
            }
        }
    }
}
