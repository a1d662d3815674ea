//! Writing entry lines: one line per entry, its 1-based coordinates and
//! then its value converted to an element type, in row-major order, after a
//! format's head (Matrix Market's coordinate layout, FROSTT's files). The
//! entries come from a coordinate list, sorted through an order found
//! without moving it (none when it is sorted already), or straight from a
//! tensor that stores them in row-major order, visited in batches and never
//! gathered whole. Lines are formatted in pieces on several threads and
//! written in order, so the text in memory stays small.

use crate::coordinates::Coordinates;
use crate::element::{ConversionError, Element};
use crate::io::{write_lines, write_pieces, LINES_PER_PIECE};
use crate::number_text::{push_integer, push_real, push_unsigned};
use crate::tensor::Tensor;
use crate::value::{Scalar, Value};
use crate::LevelKind;
use std::borrow::Cow;
use std::io::Write;

/// Where the entries come from.
pub(crate) enum Source<'a, V: Clone> {
    /// A coordinate list: the caller's, or a tensor's entries gathered
    /// since its storage is not in row-major order.
    List(Cow<'a, Coordinates<V>>),
    /// A tensor whose storage is in row-major order.
    Stored(&'a Tensor<V>),
}

impl<'a, V: Scalar> Source<'a, V> {
    /// The entries of `tensor`, from its storage when it can give them in
    /// row-major order.
    pub(crate) fn tensor(tensor: &'a Tensor<V>) -> Self {
        if tensor.stores_row_major() {
            Source::Stored(tensor)
        } else {
            Source::List(Cow::Owned(tensor.coordinates()))
        }
    }

    /// The entries of `list`.
    pub(crate) fn list_of(list: &'a Coordinates<V>) -> Self {
        Source::List(Cow::Borrowed(list))
    }

    /// The coordinate list, unless the entries come from a tensor's
    /// storage.
    pub(crate) fn list(&self) -> Option<&Coordinates<V>> {
        match self {
            Source::List(list) => Some(list),
            Source::Stored(_) => None,
        }
    }

    /// The shape of the tensor whose entries these are.
    pub(crate) fn shape(&self) -> &[usize] {
        match self {
            Source::List(list) => &list.shape,
            Source::Stored(tensor) => &tensor.shape,
        }
    }

    /// The values, in storage order.
    pub(crate) fn values(&self) -> &[V] {
        match self {
            Source::List(list) => &list.values,
            Source::Stored(tensor) => &tensor.values,
        }
    }
}

/// A matrix stored as rows of compressed segments (CSR, DCSR): each
/// position of the outer level is a row, whose entries are the positions
/// `pos[p]..pos[p + 1]` of the inner level, with columns `crd` and the
/// values at the same positions. Lines are made straight from these
/// buffers, a range of rows at a time.
struct RowSegments<'t> {
    /// The row of each outer position: the position itself on a dense
    /// outer level, else the coordinate the level lists.
    rows: Option<&'t [usize]>,
    /// The outer level's positions.
    outer: std::ops::Range<usize>,
    pos: &'t [usize],
    crd: &'t [usize],
}

impl<'t> RowSegments<'t> {
    /// The segments of `tensor`, when it is a matrix stored this way in
    /// row-major order.
    fn of<V: Scalar>(tensor: &'t Tensor<V>) -> Option<Self> {
        let [outer, inner] = tensor.levels.as_slice() else { return None };
        if tensor.shape.len() != 2 || !tensor.stores_row_major() || inner.kind != LevelKind::Compressed {
            return None;
        }
        let (rows, outer_positions) = match outer.kind {
            LevelKind::Dense => (None, 0..tensor.shape[0]),
            LevelKind::Compressed => {
                let [outer_pos, outer_crd] = outer.buffers.as_slice() else { return None };
                (Some(outer_crd.as_slice()), outer_pos[0]..outer_pos[1])
            }
            _ => return None,
        };
        let [pos, crd] = inner.buffers.as_slice() else { return None };
        Some(Self { rows, outer: outer_positions, pos, crd })
    }

    /// The inner positions, which index the values, of the entries.
    fn positions(&self) -> std::ops::Range<usize> {
        self.pos[self.outer.start]..self.pos[self.outer.end]
    }

    /// Sends ranges of outer positions holding about [`LINES_PER_PIECE`]
    /// entries each, until sending gives `false`.
    fn pieces(&self, send: &mut dyn FnMut(std::ops::Range<usize>) -> bool) {
        let mut start = self.outer.start;
        while start < self.outer.end {
            let most = self.pos[start] + LINES_PER_PIECE;
            // The rows that end within the piece's entries; at least one.
            let fitting = self.pos[start + 1..=self.outer.end].partition_point(|&end| end <= most);
            let end = start + fitting.max(1);
            if !send(start..end) {
                return;
            }
            start = end;
        }
    }
}

/// Entries ready to write: their values checked against the element type,
/// their order known, so that nothing can fail but the writing.
pub(crate) struct WrittenEntries<'a, V: Clone> {
    source: Source<'a, V>,
    element: Element,
    /// The row-major order of a list not in it already.
    order: Option<Vec<usize>>,
    /// How many lines there are.
    count: usize,
    /// The rows of a matrix whose storage has them.
    segments: Option<RowSegments<'a>>,
}

impl<'a, V: Scalar> WrittenEntries<'a, V> {
    /// The lines of `source`'s entries with values converted to `element`,
    /// or the first value that does not fit it.
    pub(crate) fn new(source: Source<'a, V>, element: Element) -> Result<Self, ConversionError> {
        let segments = match &source {
            Source::Stored(tensor) => RowSegments::of(tensor),
            Source::List(_) => None,
        };
        let count = match (&source, &segments) {
            (Source::List(list), _) => {
                list.values.iter().try_for_each(|&value| element.convert(value.value()).map(drop))?;
                list.len()
            }
            (Source::Stored(tensor), Some(segments)) => {
                let positions = segments.positions();
                tensor.values[positions.clone()].iter().try_for_each(|&value| element.convert(value.value()).map(drop))?;
                positions.len()
            }
            // Not one entry per value in every format (a bytemap keeps
            // positions that hold none, a run-length level's value stands
            // for a run), so the storage is walked once to count them.
            (Source::Stored(tensor), None) => {
                let (mut count, mut converted) = (0, Ok(()));
                tensor.for_each_entry(|_, value| {
                    count += 1;
                    if converted.is_ok() {
                        converted = element.convert(value.value()).map(drop);
                    }
                });
                converted?;
                count
            }
        };
        let order = source.list().and_then(Coordinates::unsorted_order);
        Ok(Self { source, element, order, count, segments })
    }

    /// The values of the entries, in storage order.
    pub(crate) fn values(&self) -> &[V] {
        self.source.values()
    }

    /// How many lines there are.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Writes `head`, then the lines, formatted on `threads` threads.
    pub(crate) fn write_to(&self, out: &mut (impl Write + Send), head: &str, threads: usize) -> std::io::Result<()> {
        match (&self.source, &self.segments) {
            (Source::List(list), _) => self.write_list(out, head, list, threads),
            (Source::Stored(tensor), Some(segments)) => write_pieces(
                out,
                head,
                threads,
                |send| segments.pieces(send),
                |outer, text| {
                    for position in outer {
                        let row = segments.rows.map_or(position, |rows| rows[position]);
                        for entry in segments.pos[position]..segments.pos[position + 1] {
                            push_unsigned(text, row as u64 + 1);
                            text.push(b' ');
                            push_unsigned(text, segments.crd[entry] as u64 + 1);
                            text.push(b' ');
                            self.push_value_line_end(text, tensor.values[entry]);
                        }
                    }
                },
            ),
            (Source::Stored(tensor), None) => {
                let batches = |send: &mut dyn FnMut(Coordinates<V>) -> bool| {
                    let mut batch = Coordinates::with_capacity(tensor.shape.clone(), LINES_PER_PIECE);
                    let mut sending = true;
                    tensor.for_each_entry(|point, value| {
                        if !sending {
                            return;
                        }
                        batch.push(point, value);
                        if batch.len() == LINES_PER_PIECE {
                            let full = std::mem::replace(&mut batch, Coordinates::with_capacity(tensor.shape.clone(), LINES_PER_PIECE));
                            sending = send(full);
                        }
                    });
                    if sending && !batch.is_empty() {
                        send(batch);
                    }
                };
                write_pieces(out, head, threads, batches, |batch, text| {
                    (0..batch.len()).for_each(|entry| self.push_line(text, &batch, entry))
                })
            }
        }
    }

    /// Writes `head` and the lines of `list`'s entries, in `self.order`.
    fn write_list(&self, out: &mut (impl Write + Send), head: &str, list: &Coordinates<V>, threads: usize) -> std::io::Result<()> {
        let order = self.order.as_deref();
        write_lines(out, head, list.len(), threads, |k, line| self.push_line(line, list, order.map_or(k, |order| order[k])))
    }

    /// Appends the line of entry `entry` of `list`.
    fn push_line(&self, line: &mut Vec<u8>, list: &Coordinates<V>, entry: usize) {
        for column in &list.columns {
            push_unsigned(line, column[entry] as u64 + 1);
            line.push(b' ');
        }
        self.push_value_line_end(line, list.values[entry]);
    }

    /// Appends `value`, converted, and the line end.
    fn push_value_line_end(&self, line: &mut Vec<u8>, value: V) {
        push_value(line, self.element.convert(value.value()).expect("checked when the lines were made"));
        line.push(b'\n');
    }
}
/// Appends `value` as files hold it: an integer exactly, a real with the
/// shortest digits that read back as the same `f64`, a complex number as its
/// two parts.
pub(crate) fn push_value(text: &mut Vec<u8>, value: Value) {
    match value {
        Value::Real(real) => push_real(text, real),
        Value::Integer(integer) => push_integer(text, integer),
        Value::Complex(re, im) => {
            push_real(text, re);
            text.push(b' ');
            push_real(text, im);
        }
    }
}
